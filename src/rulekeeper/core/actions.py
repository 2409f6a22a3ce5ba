"""Actions: the only way anything changes in a game state.

An action is a kind plus named JSON parameters.  It is immutable and hashable
so legal-action lists can be searched, cached and used as keys by search
agents, and it has one JSON form and one text form, both of which round-trip
exactly, because actions are what replays, network messages and the command
line exchange.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from rulekeeper.core.errors import DataError
from rulekeeper.core.jsonvalue import FrozenJson, JsonObject, JsonValue, freeze, thaw

__all__ = ["Action"]

# Words that can be written without quotes in the text form.  JSON literals
# (and Python's non-standard NaN/Infinity) are excluded so that a bare word
# always means a string.
_BARE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.:/-]*")
_RESERVED_WORDS = frozenset({"true", "false", "null", "NaN", "Infinity"})


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not allowed in an action")


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def _typed_key(value: FrozenJson) -> object:
    """Equality key that tells ``1``, ``1.0`` and ``True`` apart.

    Python treats them as equal, but in a rules engine a client sending
    ``true`` where a count was expected must not match a legal action.
    """
    if isinstance(value, tuple):
        return ("list", tuple(_typed_key(v) for v in value))
    return (type(value).__name__, value)


def _is_bare(word: str) -> bool:
    return _BARE_WORD.fullmatch(word) is not None and word not in _RESERVED_WORDS


def _word(text: str) -> str:
    return text if _is_bare(text) else json.dumps(text, ensure_ascii=False)


def _render(value: FrozenJson) -> str:
    """A parameter's value in the text form: a bare word or JSON (truth values, integers and
    lists of integers, the common ones, written directly, exactly as ``json.dumps`` would)."""
    if isinstance(value, str):
        return _word(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, tuple) and all(type(item) is int for item in value):
        return "[" + ", ".join([repr(item) for item in value]) + "]"
    return json.dumps(thaw(value), ensure_ascii=False, allow_nan=False)


def _plain_params(params: Any) -> tuple[tuple[str, FrozenJson], ...] | None:
    """The usual parameters (named by distinct words other than ``kind``, holding texts,
    integers, truth values, null or flat lists of texts and integers) frozen and sorted in one
    quick pass; None for anything else, which :meth:`Action._checked_params` reads carefully."""
    if type(params) is not tuple and type(params) is not list:
        return None
    pairs: list[tuple[str, FrozenJson]] = []
    for pair in params:
        if type(pair) is not tuple or len(pair) != 2:
            return None
        name, value = pair
        if type(name) is not str or not name or name == "kind":
            return None
        kind = type(value)
        if kind is str or kind is int or kind is bool or value is None:
            pairs.append(pair)
        elif (kind is tuple or kind is list) and all(
            type(item) is int or type(item) is str for item in value
        ):
            pairs.append((name, tuple(value)))
        else:
            return None
    if len(pairs) > 1:
        if len({name for name, _ in pairs}) != len(pairs):
            return None
        pairs.sort(key=_by_name)
    return tuple(pairs)


def _by_name(pair: tuple[str, FrozenJson]) -> str:
    return pair[0]


@dataclass(frozen=True, eq=False)
class Action:
    """An immutable action ``kind`` with parameters sorted by name.

    Construct with :meth:`of`; the raw constructor also normalises (sorts,
    freezes lists into tuples) so both spellings give equal actions.
    """

    kind: str
    params: tuple[tuple[str, FrozenJson], ...] = ()
    _key: object = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not self.kind:
            raise ValueError(f"action kind must be a non-empty string, got {self.kind!r}")
        pairs = _plain_params(self.params)
        if pairs is None:
            pairs = self._checked_params()
        object.__setattr__(self, "params", pairs)
        object.__setattr__(self, "_key", None)  # computed when first compared or hashed

    def _checked_params(self) -> tuple[tuple[str, FrozenJson], ...]:
        """The parameters checked one by one, sorted by name (the error names the first
        fault)."""
        pairs: list[tuple[str, FrozenJson]] = []
        seen: set[str] = set()
        for name, value in self.params:
            if not isinstance(name, str) or not name:
                raise ValueError(f"parameter names must be non-empty strings, got {name!r}")
            if name == "kind":
                raise ValueError("'kind' cannot be a parameter name; it is the action's kind")
            if name in seen:
                raise ValueError(f"parameter {name!r} given twice")
            seen.add(name)
            pairs.append((name, freeze(value, name)))
        pairs.sort(key=lambda pair: pair[0])
        return tuple(pairs)

    def _typed_identity(self) -> object:
        key = self._key
        if key is None:
            key = (self.kind, tuple((name, _typed_key(value)) for name, value in self.params))
            object.__setattr__(self, "_key", key)
        return key

    @classmethod
    def of(cls, kind: str, **params: object) -> Self:
        """``Action.of("move", to=[3, -2, 0])``."""
        return cls(kind, tuple(params.items()))  # type: ignore[arg-type]  # validated in __post_init__

    def param(self, name: str) -> FrozenJson:
        """The parameter *name* (lists come back as tuples); ``KeyError`` if absent."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(f"action {self.kind!r} has no parameter {name!r}")

    def get(self, name: str, default: FrozenJson = None) -> FrozenJson:
        for key, value in self.params:
            if key == name:
                return value
        return default

    # Typed accessors: rules call these after legality has been checked, so a
    # wrong type means a bug in the game's action list, reported as TypeError.

    def _typed(self, name: str, expected: str) -> TypeError:
        return TypeError(
            f"action {self.kind!r}: parameter {name!r} must be {expected}, got {self.get(name)!r}"
        )

    def int_param(self, name: str) -> int:
        value = self.param(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._typed(name, "an integer")
        return value

    def str_param(self, name: str) -> str:
        value = self.param(name)
        if not isinstance(value, str):
            raise self._typed(name, "a string")
        return value

    def bool_param(self, name: str) -> bool:
        value = self.param(name)
        if not isinstance(value, bool):
            raise self._typed(name, "true or false")
        return value

    def ints_param(self, name: str) -> tuple[int, ...]:
        """A list of integers, e.g. hex coordinates ``to=[3, -2, 0]``."""
        value = self.param(name)
        if type(value) is tuple:  # lists are frozen to tuples: plain integers need no copy
            for v in value:
                if type(v) is not int:
                    break
            else:
                return value  # type: ignore[return-value]
        if not isinstance(value, tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise self._typed(name, "a list of integers")
        return tuple(int(v) for v in value if isinstance(v, int))

    def to_json(self) -> JsonObject:
        out: JsonObject = {"kind": self.kind}
        for name, value in self.params:
            out[name] = thaw(value)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | Any) -> Self:
        """Inverse of :meth:`to_json`; raises :class:`DataError` (a ValueError) on bad input."""
        if not isinstance(data, Mapping):
            raise DataError("action", "<root>", f"expected an object, got {type(data).__name__}")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise DataError("action", "kind", f"must be a non-empty string, got {kind!r}")
        pairs: list[tuple[str, Any]] = []
        for name, value in data.items():
            if name == "kind":
                continue
            if not isinstance(name, str) or not name:
                raise DataError("action", repr(name), "parameter names must be non-empty strings")
            pairs.append((name, value))
        try:
            return cls(kind, tuple(pairs))
        except (TypeError, ValueError) as exc:
            raise DataError("action", kind, str(exc)) from exc

    @classmethod
    def parse(cls, text: str) -> Self:
        """Inverse of ``str()``: ``move to=[3, -2, 0] unit=orc "label"="two words"``.

        Values are JSON; strings that look like identifiers may be unquoted.
        """
        pos = 0
        n = len(text)

        def skip_space() -> None:
            nonlocal pos
            while pos < n and text[pos].isspace():
                pos += 1

        def fail(reason: str) -> DataError:
            return DataError("action text", f"column {pos + 1}", reason)

        def read_word(what: str) -> str:
            nonlocal pos
            if pos < n and text[pos] == '"':
                try:
                    value, end = _DECODER.raw_decode(text, pos)
                except ValueError as exc:
                    raise fail(f"bad quoted {what}: {exc}") from exc
                if not isinstance(value, str):
                    raise fail(f"{what} must be a string")
                pos = end
                return value
            match = _BARE_WORD.match(text, pos)
            if match is None or match.group() in _RESERVED_WORDS:
                raise fail(f"expected {what}")
            pos = match.end()
            return match.group()

        def at_boundary(end: int) -> bool:
            return end >= n or text[end].isspace()

        def read_value() -> JsonValue:
            nonlocal pos
            match = _BARE_WORD.match(text, pos)
            if match and at_boundary(match.end()) and match.group() not in _RESERVED_WORDS:
                pos = match.end()
                return match.group()
            try:
                value, end = _DECODER.raw_decode(text, pos)
            except ValueError as exc:
                raise fail(f"bad value: {exc}") from exc
            if not at_boundary(end):
                raise fail("expected whitespace after value")
            pos = end
            result: JsonValue = value
            return result

        skip_space()
        kind = read_word("action kind")
        if not at_boundary(pos):
            raise fail("expected whitespace after the action kind")
        pairs: list[tuple[str, JsonValue]] = []
        skip_space()
        while pos < n:
            name = read_word("parameter name")
            if pos >= n or text[pos] != "=":
                raise fail(f"expected '=' after parameter {name!r}")
            pos += 1
            pairs.append((name, read_value()))
            skip_space()
        try:
            return cls(kind, tuple(pairs))  # type: ignore[arg-type]  # validated in __post_init__
        except (TypeError, ValueError) as exc:
            raise DataError("action text", kind, str(exc)) from exc

    def __str__(self) -> str:
        parts = [_word(self.kind)]
        parts.extend(f"{_word(name)}={_render(value)}" for name, value in self.params)
        return " ".join(parts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._typed_identity() == other._typed_identity()

    def __hash__(self) -> int:
        return hash(self._typed_identity())
