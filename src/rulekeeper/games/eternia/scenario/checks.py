"""Checks shared by the ``eternia-scenario`` reader's parts (reading.py, solo.py): whole numbers,
area ids of the map, ids, and switches with their typed parameters. Each appends its problems as
(field, reason) to *out*."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.games.eternia.board.map import EterniaMap
from rulekeeper.games.eternia.scenario.model import Params, Switch

__all__ = [
    "Problem",
    "check_area",
    "check_areas",
    "check_ids",
    "check_switch",
    "check_switches",
    "is_int",
]

Problem = tuple[str, str]


def is_int(value: Any, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def check_areas(value: Any, board: EterniaMap | None, where: str, out: list[Problem]) -> list[str]:
    """A non-empty list of distinct area ids of the map (not checked without a map)."""
    if not isinstance(value, list) or not value or not all(isinstance(a, str) for a in value):
        out.append((where, "a list of area ids"))
        return []
    for index, area in enumerate(value):
        if board is not None and area not in board.areas:
            out.append((f"{where}[{index}]", f"no area {area!r} on map {board.name}"))
        elif area in value[:index]:
            out.append((f"{where}[{index}]", f"{area} is listed twice"))
    return [str(a) for a in value]


def check_area(value: Any, board: EterniaMap | None, where: str, out: list[Problem]) -> None:
    """An area id of the map."""
    if not isinstance(value, str) or not value:
        out.append((where, "an area id"))
    elif board is not None and value not in board.areas:
        out.append((where, f"no area {value!r} on map {board.name}"))


def _param(kind: str, value: Any, board: EterniaMap | None, where: str, out: list[Problem]) -> None:
    """One switch parameter, checked against its type."""
    if kind == "int" and not is_int(value):
        out.append((where, "a whole number, 0 or more"))
    elif kind == "area":
        check_area(value, board, where, out)
    elif kind == "areas":
        check_areas(value, board, where, out)
    elif kind == "id" and (not isinstance(value, str) or not value):
        out.append((where, "an id"))
    elif kind == "ids":
        check_ids(value, where, out, empty=False)
    elif kind == "text" and not isinstance(value, str):
        out.append((where, "a text"))


def check_switch(
    raw: Any,
    vocabulary: Mapping[str, tuple[Params, str]],
    board: EterniaMap | None,
    where: str,
    out: list[Problem],
) -> Switch | None:
    """A switch ``{kind, params...}`` of *vocabulary*, its parameters checked."""
    if not isinstance(raw, Mapping):
        out.append((where, "a mapping with a kind and its parameters"))
        return None
    kind = raw.get("kind")
    if kind not in vocabulary:
        out.append((f"{where}.kind", f"one of {', '.join(vocabulary)}"))
        return None
    params, _meaning = vocabulary[str(kind)]
    names = {name.rstrip("?"): (name, value) for name, value in params.items()}
    before = len(out)
    for key in raw:
        if key != "kind" and key not in names:
            known = ", ".join(names) or "none"
            out.append((f"{where}.{key}", f"not a parameter of {kind} (known: {known})"))
    for name, (declared, kind_of) in names.items():
        if name not in raw:
            if not declared.endswith("?"):
                out.append((f"{where}.{name}", f"{kind} needs {name}"))
            continue
        _param(kind_of, raw[name], board, f"{where}.{name}", out)
    if len(out) > before:
        return None
    return Switch(str(kind), {k: v for k, v in raw.items() if k != "kind"})


def check_switches(
    raw: Any,
    vocabulary: Mapping[str, tuple[Params, str]],
    board: EterniaMap | None,
    where: str,
    out: list[Problem],
) -> tuple[Switch, ...]:
    """A list of switches."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        out.append((where, "a list of {kind, ...}"))
        return ()
    found = [
        check_switch(item, vocabulary, board, f"{where}[{i}]", out) for i, item in enumerate(raw)
    ]
    return tuple(s for s in found if s is not None)


def check_ids(raw: Any, where: str, out: list[Problem], empty: bool = True) -> tuple[str, ...]:
    """A list of ids (or of field paths); *empty*: none may be given."""
    if raw is None and empty:
        return ()
    if (
        not isinstance(raw, list)
        or not all(isinstance(v, str) and v for v in raw)
        or (not raw and not empty)
    ):
        out.append((where, "a list of ids"))
        return ()
    return tuple(str(v) for v in raw)
