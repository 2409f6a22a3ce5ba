"""Records: a state's plain data, each field declared once.

A record is a dataclass whose field types say everything the engine needs: how to copy it for a
clone, how to write it as JSON and how to read it back from untrusted JSON. Reading checks every
value against its declared type and refuses anything else with a :class:`DataError` naming the
field, without work proportional to the numbers in the data: integers have bounds, lists and
texts have a maximum length, free JSON has a maximum depth and size.

Types a field may have: ``int``, ``bool``, ``str``, ``float``, ``X | None``, ``list[X]``,
``tuple[X, ...]``, ``dict[str, X]``, ``dict[int, X]``, another record, free JSON
(``JsonValue``/``JsonObject``), or a class with ``to_data()``, ``clone()`` and
``from_data(data, source, path)`` (such as :class:`~rulekeeper.core.decks.Deck`).
``Annotated[int, Bounds(lo, hi)]`` narrows a number, ``Annotated[str, Ref("card")]`` marks a
reference that the owner checks after reading (:func:`from_data` collects them).

The copy, write and read functions are compiled once per record class, from its fields.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Self, TypeVar, get_args, get_origin, get_type_hints

from rulekeeper.core.errors import DataError
from rulekeeper.core.fields import join
from rulekeeper.core.jsonvalue import JsonObject, JsonValue

__all__ = [
    "MAX_INT",
    "MAX_ITEMS",
    "Bounds",
    "Codec",
    "FieldSet",
    "Reader",
    "Record",
    "Ref",
    "RefCheck",
    "clone_record",
    "from_data",
    "is_record",
    "record_fields",
    "to_data",
]

MAX_INT = 2**31 - 1
"""Default bound of an integer field (either sign)."""
MAX_ITEMS = 10_000
"""Default maximum length of a list, dict or text."""
MAX_JSON_DEPTH = 24
MAX_RECORD_DEPTH = 64
MAX_JSON_NODES = 100_000

R = TypeVar("R")


@dataclass(frozen=True)
class Bounds:
    """Inclusive bounds of an integer field."""

    lo: int
    hi: int


@dataclass(frozen=True)
class Ref:
    """A text naming something the owner knows (a character, a card); checked after reading."""

    kind: str


@dataclass(frozen=True)
class RefCheck:
    """One reference met while reading: what kind, which value, where."""

    kind: str
    value: str
    path: str


@typing.runtime_checkable
class Codec(typing.Protocol):
    """Custom handling of a field, given as ``Annotated[T, codec]`` (e.g. a tagged union)."""

    def copy_value(self, value: Any) -> Any: ...

    def write_value(self, value: Any) -> Any: ...

    def read_value(self, value: Any, reader: Reader, path: str) -> Any: ...


class Reader:
    """Reading context: the source name for errors and the references met so far."""

    __slots__ = ("depth", "refs", "source")

    def __init__(self, source: str) -> None:
        self.source = source
        self.refs: list[RefCheck] = []
        self.depth = 0
        """How many records deep the reading is (records may hold records of their kind)."""

    def fail(self, path: str, reason: str) -> DataError:
        return DataError(self.source, path or "<root>", reason)


# Per type: (copy function or None for immutable values, write function, read function).
Copier = Callable[[Any], Any] | None
Writer = Callable[[Any], Any]
ReadFn = Callable[[Any, Reader, str], Any]


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def is_record(cls: object) -> bool:
    """Whether *cls* is a dataclass usable as a record."""
    return isinstance(cls, type) and dataclasses.is_dataclass(cls)


def record_fields(cls: type) -> dict[str, Any]:
    """The declared fields of record class *cls* and their resolved types."""
    hints = get_type_hints(cls, include_extras=True)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init or f.name in hints}


class _Plan:
    """The compiled copy, write and read functions of one type."""

    __slots__ = ("copy", "read", "write")

    def __init__(self, copy: Copier, write: Writer, read: ReadFn) -> None:
        self.copy = copy
        self.write = write
        self.read = read


def _int_plan(lo: int, hi: int) -> _Plan:
    def read(value: Any, reader: Reader, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise reader.fail(path, f"expected an integer, got {_kind(value)}")
        if not lo <= value <= hi:
            raise reader.fail(path, f"{value} is outside {lo}..{hi}")
        return value

    return _Plan(None, _same, read)


def _same(value: Any) -> Any:
    return value


def _read_bool(value: Any, reader: Reader, path: str) -> bool:
    if not isinstance(value, bool):
        raise reader.fail(path, f"expected true or false, got {_kind(value)}")
    return value


def _str_plan(ref: Ref | None) -> _Plan:
    def read(value: Any, reader: Reader, path: str) -> str:
        if not isinstance(value, str):
            raise reader.fail(path, f"expected a string, got {_kind(value)}")
        if len(value) > MAX_ITEMS:
            raise reader.fail(path, f"text longer than {MAX_ITEMS} characters")
        if ref is not None and value:
            reader.refs.append(RefCheck(ref.kind, value, path))
        return value

    return _Plan(None, _same, read)


def _read_float(value: Any, reader: Reader, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise reader.fail(path, f"expected a number, got {_kind(value)}")
    if not math.isfinite(value) or abs(value) > 1e15:
        raise reader.fail(path, f"{value!r} is not a finite number in range")
    return float(value)


def _read_json(value: Any, reader: Reader, path: str) -> Any:
    budget = [MAX_JSON_NODES]

    def walk(item: Any, where: str, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise reader.fail(path, f"more than {MAX_JSON_NODES} values")
        if depth > MAX_JSON_DEPTH:
            raise reader.fail(where, f"nested deeper than {MAX_JSON_DEPTH}")
        if item is None or isinstance(item, bool | str):
            return item
        if isinstance(item, int):
            if abs(item) > 2**53:
                raise reader.fail(where, f"{item} is too large")
            return item
        if isinstance(item, float):
            if not math.isfinite(item):
                raise reader.fail(where, f"{item!r} is not a finite number")
            return item
        if isinstance(item, list | tuple):
            return [walk(x, join(where, i), depth + 1) for i, x in enumerate(item)]
        if isinstance(item, Mapping):
            out: dict[str, Any] = {}
            for key, x in item.items():
                if not isinstance(key, str):
                    raise reader.fail(where, f"object key {key!r} is not a string")
                out[key] = walk(x, join(where, key), depth + 1)
            return out
        raise reader.fail(where, f"{_kind(item)} is not JSON")

    return walk(value, path, 0)


def _copy_json(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_json(x) for x in value]
    if isinstance(value, dict):
        return {k: _copy_json(x) for k, x in value.items()}
    return value


def _list_plan(item: _Plan, as_tuple: bool) -> _Plan:
    item_copy, item_write, item_read = item.copy, item.write, item.read

    def read(value: Any, reader: Reader, path: str) -> Any:
        if not isinstance(value, list | tuple):
            raise reader.fail(path, f"expected a list, got {_kind(value)}")
        if len(value) > MAX_ITEMS:
            raise reader.fail(path, f"more than {MAX_ITEMS} items")
        out = [item_read(x, reader, join(path, i)) for i, x in enumerate(value)]
        return tuple(out) if as_tuple else out

    if as_tuple:
        copy: Copier = None if item_copy is None else (lambda v: tuple(item_copy(x) for x in v))
    else:
        copy = list if item_copy is None else (lambda v: [item_copy(x) for x in v])
    write: Writer = list if item_write is _same else (lambda v: [item_write(x) for x in v])
    return _Plan(copy, write, read)


def _dict_plan(key_type: Any, item: _Plan) -> _Plan:
    item_copy, item_write, item_read = item.copy, item.write, item.read
    int_keys = key_type is int

    def read(value: Any, reader: Reader, path: str) -> Any:
        if not isinstance(value, Mapping):
            raise reader.fail(path, f"expected an object, got {_kind(value)}")
        if len(value) > MAX_ITEMS:
            raise reader.fail(path, f"more than {MAX_ITEMS} entries")
        out: dict[Any, Any] = {}
        for key, x in value.items():
            if not isinstance(key, str) or len(key) > 200:
                raise reader.fail(path, f"bad key {key!r}")
            where = join(path, key)
            if int_keys:
                try:
                    number = int(key)
                except ValueError:
                    raise reader.fail(where, "the key must be an integer") from None
                if str(number) != key or abs(number) > MAX_INT:
                    raise reader.fail(where, "the key must be a small integer")
                out[number] = item_read(x, reader, where)
            else:
                out[key] = item_read(x, reader, where)
        return out

    copy: Copier = (
        dict if item_copy is None else (lambda v: {k: item_copy(x) for k, x in v.items()})
    )
    if int_keys:

        def write(v: Any) -> Any:
            return {str(k): item_write(x) for k, x in v.items()}

    else:

        def write(v: Any) -> Any:
            return {k: item_write(x) for k, x in v.items()}

    return _Plan(copy, write, read)


def _optional_plan(item: _Plan) -> _Plan:
    item_copy, item_write, item_read = item.copy, item.write, item.read

    def read(value: Any, reader: Reader, path: str) -> Any:
        return None if value is None else item_read(value, reader, path)

    copy: Copier = None if item_copy is None else (lambda v: None if v is None else item_copy(v))
    return _Plan(copy, lambda v: None if v is None else item_write(v), read)


def _protocol_plan(cls: Any) -> _Plan:
    def read(value: Any, reader: Reader, path: str) -> Any:
        return cls.from_data(value, reader.source, path)

    return _Plan(lambda v: v.clone(), lambda v: v.to_data(), read)


class _Compiler:
    """Builds the plan of a type, compiling record classes once (cached on the class)."""

    def plan(self, tp: Any) -> _Plan:
        bounds: Bounds | None = None
        ref: Ref | None = None
        if get_origin(tp) is typing.Annotated:
            tp, *extras = get_args(tp)
            for extra in extras:
                if isinstance(extra, Codec):
                    return _Plan(extra.copy_value, extra.write_value, extra.read_value)
                if isinstance(extra, Bounds):
                    bounds = extra
                elif isinstance(extra, Ref):
                    ref = extra
        if tp is bool:
            return _Plan(None, _same, _read_bool)
        if tp is int:
            lo, hi = (bounds.lo, bounds.hi) if bounds else (-MAX_INT, MAX_INT)
            return _int_plan(lo, hi)
        if tp is str:
            return _str_plan(ref)
        if tp is float:
            return _Plan(None, _same, _read_float)
        if tp is JsonValue or tp is JsonObject or tp is Any:
            return _Plan(_copy_json, _copy_json, _read_json)
        origin, args = get_origin(tp), get_args(tp)
        if origin in (types.UnionType, typing.Union):
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1 and len(args) == 2:
                return _optional_plan(self.plan(rest[0]))
            return _Plan(_copy_json, _copy_json, _read_json)
        if origin is list:
            return _list_plan(self.plan(args[0]), as_tuple=False)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return _list_plan(self.plan(args[0]), as_tuple=True)
        if origin is dict:
            return _dict_plan(args[0], self.plan(args[1]))
        if is_record(tp):
            return _record_plan(tp)
        if isinstance(tp, type) and all(
            hasattr(tp, name) for name in ("to_data", "from_data", "clone")
        ):
            return _protocol_plan(tp)
        raise TypeError(f"records cannot hold a field of type {tp!r}")


_PLAN_ATTR = "__record_plan__"


def _record_plan(cls: type) -> _Plan:
    found = cls.__dict__.get(_PLAN_ATTR)
    if found is not None:
        assert isinstance(found, _Plan)
        return found
    # A placeholder first, so a record may hold itself (a tree of steps, say): plans compiled
    # meanwhile capture functions that call the finished plan.
    done: list[_Plan] = []
    holder = _Plan(
        lambda v: done[0].copy(v),  # type: ignore[misc]
        lambda v: done[0].write(v),
        lambda v, reader, path: done[0].read(v, reader, path),
    )
    setattr(cls, _PLAN_ATTR, holder)
    compiler = _Compiler()
    plans = {name: compiler.plan(tp) for name, tp in record_fields(cls).items()}
    copy, write, read = _compile(cls, plans)
    done.append(_Plan(copy, write, read))
    holder.copy, holder.write, holder.read = copy, write, read
    return holder


def _compile(cls: type, plans: dict[str, _Plan]) -> tuple[Copier, Writer, ReadFn]:
    """Straight-line copy and write functions for *cls* (generated like dataclasses' own)."""
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    copy_lines = ["def copy(o):", "    n = _new(_cls)", "    d = n.__dict__", "    s = o.__dict__"]
    copy_lines.append("    d.update(s)")
    write_items = []
    for name, plan in plans.items():
        if plan.copy is not None:
            env[f"c_{name}"] = plan.copy
            copy_lines.append(f"    d[{name!r}] = c_{name}(s[{name!r}])")
        if plan.write is _same:
            write_items.append(f"{name!r}: o.{name}")
        else:
            env[f"w_{name}"] = plan.write
            write_items.append(f"{name!r}: w_{name}(o.{name})")
    copy_lines.append("    return n")
    write_src = "def write(o):\n    return {" + ", ".join(write_items) + "}"
    exec("\n".join(copy_lines), env)
    exec(write_src, env)
    names = list(plans)
    readers = [(name, plans[name].read) for name in names]
    required = {
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }

    def read(value: Any, reader: Reader, path: str) -> Any:
        if not isinstance(value, Mapping):
            raise reader.fail(path, f"expected an object, got {_kind(value)}")
        unknown = sorted(set(value) - set(names), key=str)
        if unknown:
            raise reader.fail(join(path, str(unknown[0])), "unknown field")
        if reader.depth >= MAX_RECORD_DEPTH:
            raise reader.fail(path, f"records nested deeper than {MAX_RECORD_DEPTH}")
        reader.depth += 1
        try:
            kwargs: dict[str, Any] = {}
            for name, read_one in readers:
                if name not in value:
                    if name in required:
                        raise reader.fail(join(path, name), "missing")
                    continue
                kwargs[name] = read_one(value[name], reader, join(path, name))
        finally:
            reader.depth -= 1
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise reader.fail(path, str(exc)) from exc

    return env["copy"], env["write"], read


def clone_record(obj: R) -> R:
    """A copy of record *obj* sharing nothing mutable with it."""
    copy = _record_plan(type(obj)).copy
    assert copy is not None
    result: R = copy(obj)
    return result


def to_data(obj: Any) -> JsonObject:
    """Record *obj* as JSON data."""
    data: JsonObject = _record_plan(type(obj)).write(obj)
    return data


def from_data(cls: type[R], data: Any, reader: Reader | str, path: str = "") -> R:
    """Read a *cls* record from untrusted JSON data; DataError names the first bad field."""
    context = Reader(reader) if isinstance(reader, str) else reader
    result: R = _record_plan(cls).read(data, context, path)
    return result


class Record:
    """What every record class offers, for a dataclass of record fields to inherit: a copy
    sharing nothing mutable, its JSON data, and reading it back from untrusted data."""

    __slots__ = ()

    def clone(self) -> Self:
        """A copy sharing nothing mutable."""
        return clone_record(self)

    def to_data(self) -> JsonObject:
        """This record as JSON data."""
        return to_data(self)

    @classmethod
    def from_data(cls, data: Any, source: str | Reader, path: str = "") -> Self:
        """A record read from untrusted JSON data (DataError naming the bad field)."""
        return from_data(cls, data, source, path)


def plan_of(tp: Any) -> _Plan:
    """The compiled functions of any declared type (for owners of typed fields)."""
    return _Compiler().plan(tp)


class FieldSet:
    """The declared attributes of an object that is not a dataclass (a game state), compiled
    like a record's fields: copy, write and read follow from the declaration."""

    __slots__ = ("_copied", "_names", "_plans")

    def __init__(self, hints: Mapping[str, Any]) -> None:
        compiler = _Compiler()
        self._plans = {name: compiler.plan(tp) for name, tp in hints.items()}
        self._names = tuple(self._plans)
        self._copied = tuple(
            (name, plan.copy) for name, plan in self._plans.items() if plan.copy is not None
        )

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    def copy_into(self, source: object, target: object) -> None:
        """Copy every declared attribute of *source* into *target*, sharing nothing mutable."""
        src, dst = source.__dict__, target.__dict__
        for name in self._names:
            dst[name] = src[name]
        for name, copy in self._copied:
            dst[name] = copy(src[name])

    def write(self, obj: object) -> JsonObject:
        values = obj.__dict__
        return {name: plan.write(values[name]) for name, plan in self._plans.items()}

    def read_into(self, obj: object, data: Any, reader: Reader, path: str) -> None:
        """Set every declared attribute of *obj* from untrusted *data*."""
        if not isinstance(data, Mapping):
            raise reader.fail(path, f"expected an object, got {_kind(data)}")
        unknown = sorted(set(data) - set(self._names), key=str)
        if unknown:
            raise reader.fail(join(path, str(unknown[0])), "unknown field")
        values = {}
        for name, plan in self._plans.items():
            if name not in data:
                raise reader.fail(join(path, name), "missing")
            values[name] = plan.read(data[name], reader, join(path, name))
        obj.__dict__.update(values)
