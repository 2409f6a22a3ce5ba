"""JSON value types and the conversions the engine needs between them.

Everything the engine stores (states, events, records) must survive a trip
through JSON unchanged, because saves, replays and network play all depend on
``serialize()`` being exact.  These helpers enforce that at the boundary where
data enters, so a stray ``set`` or ``NaN`` fails loudly where it was created
instead of when a save file is written much later.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

__all__ = [
    "MAX_DEPTH",
    "FrozenJson",
    "JsonObject",
    "JsonScalar",
    "JsonValue",
    "canonical_dumps",
    "check_json",
    "freeze",
    "thaw",
]

JsonScalar: TypeAlias = bool | int | float | str | None
# Arrays and objects are the read-only (covariant) Sequence and Mapping so that
# a ``list[str]`` or ``dict[str, int]`` type-checks as JSON; with ``list`` and
# ``dict`` (invariant) every caller would need casts.  Tuples are arrays too:
# frozen values (see ``freeze``) use them so they can be hashed.
JsonValue: TypeAlias = JsonScalar | Sequence["JsonValue"] | Mapping[str, "JsonValue"]
JsonObject: TypeAlias = dict[str, JsonValue]
# Hashable subset: scalars and (nested) tuples of them.
FrozenJson: TypeAlias = JsonScalar | tuple["FrozenJson", ...]

MAX_DEPTH = 100
"""The deepest nesting of arrays and objects a document read from outside may have (a
position, a battle file, game parameters, a YAML or JSON file): deeper is refused."""


def _describe(path: str) -> str:
    return path or "value"


def check_json(
    value: object, path: str = "", max_depth: int = MAX_DEPTH, max_values: int | None = None
) -> None:
    """Raise ``TypeError``/``ValueError`` unless *value* is plain JSON data nested at most
    *max_depth* deep (walked without recursion, so any depth is refused cleanly), and holding
    at most *max_values* arrays, objects and scalars if given.

    ``path`` is only used to make the message point at the offending part.
    """
    budget = [max_values if max_values is not None else -1]
    if not _is_plain_json(value, max_depth, budget):
        _find_fault(value, path, max_depth)
    if budget[0] == 0 and max_values is not None:
        raise ValueError(f"{_describe(path)}: more than {max_values} values")


def _is_plain_json(value: object, max_depth: int, budget: list[int]) -> bool:
    """Whether *value* is JSON data nested at most *max_depth* deep (the quick pass: no paths);
    a positive *budget* stops it, at 0, once that many values are seen."""
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        kind = type(item)
        if kind is dict:
            items: Any = item.values()  # type: ignore[attr-defined]
            if not all(type(key) is str for key in item):  # type: ignore[attr-defined]
                return False
        elif kind is list or kind is tuple:
            items = item
        else:
            if not _is_json_scalar(item):
                return False
            continue
        if depth >= max_depth:
            return False
        if budget[0] > 0:
            budget[0] = max(0, budget[0] - len(items) - 1)
            if not budget[0]:
                return True
        for x in items:
            if type(x) in _CONTAINERS:
                pending.append((x, depth + 1))
            elif not _is_json_scalar(x):
                return False
    return True


_CONTAINERS = (dict, list, tuple)


def _is_json_scalar(item: object) -> bool:
    kind = type(item)
    if kind is str or kind is int or kind is bool or item is None:
        return True
    return kind is float and math.isfinite(item)  # type: ignore[arg-type]


def _find_fault(value: object, path: str, max_depth: int) -> None:
    """Raise the error naming where *value* is not plain JSON (the slow pass, with paths)."""
    pending: list[tuple[object, str, int]] = [(value, path, 0)]
    while pending:
        item, where, depth = pending.pop()
        if item is None or isinstance(item, bool | int | str):
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                raise ValueError(f"{_describe(where)}: {item!r} is not representable in JSON")
            continue
        if not isinstance(item, list | tuple | dict):
            raise TypeError(f"{_describe(where)}: {type(item).__name__} is not a JSON type")
        if depth >= max_depth:
            top = re.split(r"[.\[]", where, maxsplit=1)[0] if where else where
            raise ValueError(f"{_describe(top)}: nested deeper than {max_depth} levels")
        pending.extend(reversed(_children(item, where, depth + 1)))


def _children(
    item: list[Any] | tuple[Any, ...] | dict[Any, Any], path: str, depth: int
) -> list[tuple[object, str, int]]:
    """The values inside a JSON array or object, with their paths and depth."""
    if isinstance(item, dict):
        for key in item:
            if not isinstance(key, str):
                raise TypeError(f"{_describe(path)}: object key {key!r} is not a string")
        return [(x, f"{path}.{key}" if path else key, depth) for key, x in item.items()]
    return [(x, f"{path}[{i}]", depth) for i, x in enumerate(item)]


def freeze(value: object, path: str = "") -> FrozenJson:
    """Return a hashable copy of a JSON value: lists become tuples.

    Objects are refused rather than converted, because a tuple of pairs would
    not round-trip back to an object unambiguously.
    """
    # Legal-action lists build thousands of actions: take the fast path for the
    # usual scalars and flat lists, and name the faulty path only on error.
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value  # type: ignore[return-value]
    if (kind is list or kind is tuple) and all(
        type(item) is int or type(item) is str
        for item in value  # type: ignore[attr-defined]
    ):
        return tuple(value)  # type: ignore[arg-type]
    return _freeze_checked(value, path)


def _freeze_checked(value: object, path: str) -> FrozenJson:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{_describe(path)}: {value!r} is not representable in JSON")
        return value
    if isinstance(value, list | tuple):
        return tuple(_freeze_checked(item, f"{path}[{i}]") for i, item in enumerate(value))
    if isinstance(value, Mapping):
        raise TypeError(f"{_describe(path)}: objects (dicts) are not allowed here; use a list")
    raise TypeError(f"{_describe(path)}: {type(value).__name__} is not a JSON type")


def thaw(value: FrozenJson) -> JsonValue:
    """Inverse of :func:`freeze`: tuples become lists again."""
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value


def canonical_dumps(value: Any) -> str:
    """Deterministic compact JSON text: sorted keys, no NaN, no whitespace.

    Used wherever text is compared byte for byte (serialized states, hashes).
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, tuples and scalars), much faster than deepcopy."""
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [copy_json(v) for v in value]
    return value


def copy_checked_json(value: Any, path: str = "") -> Any:
    """``copy_json`` that also refuses what is not JSON, in one pass (for event payloads);
    on a bad value ``check_json`` runs again to name where it is."""
    try:
        return _copy_checked(value)
    except _NotJson:
        check_json(value, path)
        raise TypeError(f"{_describe(path)}: not JSON data") from None


class _NotJson(Exception):
    pass


def _copy_checked(value: Any) -> Any:
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is dict:
        out: dict[str, Any] = {}
        for key, item in value.items():
            if type(key) is not str:
                raise _NotJson
            out[key] = _copy_checked(item)
        return out
    if kind is list or kind is tuple:
        return [_copy_checked(item) for item in value]
    if kind is float and math.isfinite(value):
        return value
    raise _NotJson
