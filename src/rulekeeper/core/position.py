"""Positions: a game situation written down by hand or by the engine (what FEN is to chess).

A *position* is a versioned JSON document (``{"format": "<game>-position", "version": 1, ...}``)
describing where a game stands: no random state and no history, only what a player could set
up at a table. The convention for every game that has one:

* ``state.to_position()`` writes it (JSON-safe data);
* ``load_game(name, position=P)`` takes that data, or the path (``str`` or ``Path``) of a YAML
  or JSON file holding it; ``game.new_initial_state(seed=S)`` then returns that position, ``S``
  deciding whatever the position leaves open and all later chance;
* a position with problems raises a :class:`PositionError` (a ``DataError``) naming every one of
  them, each with its file, field and reason; nothing is built.

This module holds the game-agnostic part: reading the document (:func:`read_position`), its
header (:func:`check_header`), collecting problems (:class:`Problems`) and reading a record
field by field so that every bad field is named (:func:`read_record`). Each game writes its own
format on top (its own ``position`` module, in its game package).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from rulekeeper.core.content import load_json, load_yaml
from rulekeeper.core.errors import DataError, RulekeeperError
from rulekeeper.core.fields import join
from rulekeeper.core.jsonvalue import JsonObject, check_json
from rulekeeper.core.record import Reader, plan_of, record_fields

__all__ = [
    "MAX_POSITION_BYTES",
    "MAX_POSITION_VALUES",
    "PositionError",
    "Problems",
    "check_header",
    "continue_from",
    "field_readers",
    "read_position",
    "read_record",
]

MAX_POSITION_BYTES = 4_000_000
"""A position file larger than this is refused unread."""
MAX_POSITION_VALUES = 20_000
"""The most values (scalars, arrays and objects) a position may hold: more is refused unread
(a position has no history; the largest the engine writes hold a few thousand)."""

R = TypeVar("R")


class PositionError(DataError):
    """An invalid position: ``problems`` holds every problem found, the message lists them all
    (one ``source: field: reason`` per line); ``source``, ``field`` and ``reason`` are the
    first one's."""

    def __init__(self, problems: Sequence[DataError]) -> None:
        if not problems:
            raise ValueError("a PositionError needs at least one problem")
        first = problems[0]
        super().__init__(first.source, first.field, first.reason)
        self.problems = list(problems)

    def __str__(self) -> str:
        lines = [DataError.__str__(problem) for problem in self.problems]
        if len(lines) == 1:
            return lines[0]
        return f"{len(lines)} problems:\n" + "\n".join(lines)


class Problems:
    """Every problem met while reading a position from ``source`` (a file, or ``position``)."""

    __slots__ = ("items", "source")

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[DataError] = []

    def add(self, path: str, reason: str) -> None:
        """Note one problem at *path*."""
        self.items.append(DataError(self.source, path or "<root>", reason))

    def note(self, error: DataError) -> None:
        """Note a problem found by a reader (its field is the path)."""
        self.add(error.field, error.reason)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def check(self) -> None:
        """Raise a :class:`PositionError` naming every problem noted, if any."""
        if self.items:
            raise PositionError(self.items)


def read_position(
    value: object, format_name: str, path_fields: Iterable[str] = ()
) -> tuple[JsonObject, str]:
    """The position document given as data or as a file path, and its source for errors.

    A path (``str`` or ``os.PathLike``) is read relative to the current directory, as YAML
    (``.yaml``, ``.yml``) or JSON (``.json``; other names are read as YAML, of which JSON is a
    part). The top-level fields named in *path_fields* (files the position refers to, such as
    a map) are taken relative to the position file's folder when a file of that name is there.
    """
    if isinstance(value, Mapping):
        source = format_name
        doc = dict(value)
    elif isinstance(value, str | os.PathLike):
        path = Path(value)
        source = str(value)
        doc = _load_file(path, source)
        for name in path_fields:
            if name in doc:
                doc[name] = _beside(path, doc[name])
    else:
        raise PositionError(
            [
                DataError(
                    format_name,
                    "<root>",
                    f"a position is an object, or the path of a YAML or JSON file, "
                    f"not {type(value).__name__}",
                )
            ]
        )
    try:
        check_json(doc, max_values=MAX_POSITION_VALUES)
    except (TypeError, ValueError) as exc:
        where, _, reason = str(exc).partition(": ")  # check_json names the path first
        field = "<root>" if where == "value" else where
        raise PositionError([DataError(source, field, reason)]) from None
    return doc, source


def _load_file(path: Path, source: str) -> dict[str, Any]:
    """The mapping held by the YAML or JSON file at *path*."""
    try:
        size = path.stat().st_size
        if size > MAX_POSITION_BYTES:
            raise PositionError(
                [DataError(source, "<file>", f"larger than {MAX_POSITION_BYTES} bytes")]
            )
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = "no such file" if isinstance(exc, FileNotFoundError) else f"cannot be read: {exc}"
        raise PositionError([DataError(source, "<file>", reason)]) from None
    load = load_json if path.suffix == ".json" else load_yaml
    try:
        data = load(text, source, "<file>")
    except DataError as error:
        raise PositionError([error]) from None
    if not isinstance(data, dict):
        found = "nothing" if data is None else type(data).__name__
        raise PositionError([DataError(source, "<root>", f"expected an object, got {found}")])
    return data


def _beside(path: Path, value: object) -> object:
    """*value*, a relative file name found beside the position file, as that file's path."""
    if not isinstance(value, str) or not value or Path(value).is_absolute():
        return value
    candidate = path.parent / value
    return str(candidate) if candidate.exists() else value


def check_header(
    doc: Mapping[str, Any], format_name: str, versions: Sequence[int], problems: Problems
) -> bool:
    """Whether *doc* says it is a position of *format_name* in a version this engine reads
    (each problem is noted)."""
    ok = True
    if doc.get("format") != format_name:
        problems.add("format", f"expected {format_name!r}, got {doc.get('format')!r}")
        ok = False
    version = doc.get("version")
    if isinstance(version, bool) or version not in versions:
        known = ", ".join(str(v) for v in versions)
        problems.add("version", f"this engine reads version {known}, not {version!r}")
        ok = False
    return ok


def read_record(
    cls: type[R],
    data: object,
    problems: Problems,
    path: str,
    reader: Reader | None = None,
) -> R | None:
    """Record *cls* read from untrusted *data* field by field, every bad, missing or unknown
    field noted in *problems*; None if any was (references met go to *reader*)."""
    context = reader or Reader(problems.source)
    if not isinstance(data, Mapping):
        problems.add(path, f"expected an object, got {_kind(data)}")
        return None
    fields = field_readers(cls)
    before = len(problems)
    for key in data:
        if key not in fields:
            problems.add(join(path, str(key)), f"unknown field (known: {', '.join(fields)})")
    values: dict[str, Any] = {}
    for name, (read, required) in fields.items():
        where = join(path, name)
        if name not in data:
            if required:
                problems.add(where, "missing")
            continue
        try:
            values[name] = read(data[name], context, where)
        except DataError as exc:
            problems.note(exc)
    if len(problems) > before:
        return None
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        problems.add(path, str(exc))
        return None


_READERS_ATTR = "__position_readers__"


def field_readers(cls: type) -> dict[str, tuple[Callable[[Any, Reader, str], Any], bool]]:
    """Per field of record *cls*: its read function and whether it is required (compiled once,
    kept on the class like the record's own plan)."""
    found = cls.__dict__.get(_READERS_ATTR)
    if found is None:
        types = record_fields(cls)
        found = {
            f.name: (
                plan_of(types[f.name]).read,
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            )
            for f in dataclasses.fields(cls)
        }
        setattr(cls, _READERS_ATTR, found)
    readers: dict[str, tuple[Callable[[Any, Reader, str], Any], bool]] = found
    return readers


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def continue_from(state: Any, reader: Reader) -> None:
    """Check each pending step of a state read from a position, run the automatic ones and ask
    the rules what comes next; a position they cannot go on from is refused (a PositionError
    naming ``procedure``)."""
    steps = state.flow.steps
    for index, step in enumerate(steps):
        problem = step.check(state, steps[index + 1] if index + 1 < len(steps) else None)
        if problem is not None:
            raise PositionError([reader.fail(f"procedure[{index}]", f"{step.kind}: {problem}")])
    try:
        state.settle()
        state._probe(reader)
    except (DataError, RulekeeperError) as error:
        reason = error.reason if isinstance(error, DataError) else str(error)
        raise PositionError([reader.fail("procedure", reason)]) from None
    except Exception as exc:
        reason = f"the rules cannot go on from it ({exc!r})"
        raise PositionError([reader.fail("procedure", reason)]) from exc
