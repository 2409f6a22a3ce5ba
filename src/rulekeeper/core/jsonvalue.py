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
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

__all__ = [
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


def _describe(path: str) -> str:
    return path or "value"


def check_json(value: object, path: str = "") -> None:
    """Raise ``TypeError``/``ValueError`` unless *value* is plain JSON data.

    ``path`` is only used to make the message point at the offending part.
    """
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{_describe(path)}: {value!r} is not representable in JSON")
        return
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            check_json(item, f"{path}[{i}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{_describe(path)}: object key {key!r} is not a string")
            check_json(item, f"{path}.{key}" if path else key)
        return
    raise TypeError(f"{_describe(path)}: {type(value).__name__} is not a JSON type")


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
