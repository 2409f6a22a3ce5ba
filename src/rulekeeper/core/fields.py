"""Typed access to untrusted JSON data, raising :class:`DataError` with a location.

Loaders call these instead of indexing dicts directly so that every malformed
save or content file produces ``"<source>: <field>: <reason>"`` rather than a
bare ``KeyError`` from deep inside the engine.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rulekeeper.core.errors import DataError

__all__ = [
    "as_float",
    "as_int",
    "as_list",
    "as_mapping",
    "as_optional_str",
    "as_str",
    "join",
    "member",
]


def join(path: str, key: str | int) -> str:
    """Extend a dotted path: ``join("a", "b") == "a.b"``, ``join("a", 2) == "a[2]"``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def as_mapping(value: object, source: str, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DataError(source, field or "<root>", f"expected an object, got {_kind(value)}")
    return value


def as_list(value: object, source: str, field: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise DataError(source, field or "<root>", f"expected a list, got {_kind(value)}")
    return list(value)


def as_int(value: object, source: str, field: str) -> int:
    # bool is an int subclass in Python but never a meaningful count or id.
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(source, field, f"expected an integer, got {_kind(value)}")
    return value


def as_float(value: object, source: str, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DataError(source, field, f"expected a number, got {_kind(value)}")
    if not math.isfinite(value):
        raise DataError(source, field, f"expected a finite number, got {value!r}")
    return float(value)


def as_str(value: object, source: str, field: str) -> str:
    if not isinstance(value, str):
        raise DataError(source, field, f"expected a string, got {_kind(value)}")
    return value


def as_optional_str(value: object, source: str, field: str) -> str | None:
    return None if value is None else as_str(value, source, field)


def member(mapping: Mapping[str, Any], key: str, source: str, path: str = "") -> Any:
    """``mapping[key]``, or a DataError naming the missing field."""
    if key not in mapping:
        raise DataError(source, join(path, key), "missing")
    return mapping[key]
