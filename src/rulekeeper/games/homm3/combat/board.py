"""The combat board (homm3.md §5.18.2, §5.18.5, §5.18.6): 4 columns by 5 rows, orthogonal
adjacency, and how far each type of unit moves.

Rows, seen from the attacker: the attacker's back line (0) and front line (1), the middle row
(2, where Walls and the Gate stand in a siege, §5.14.4 and homm3.md §9.3), the defender's front
line (3) and back line (4). A field is ``(row, column)``. Every table is computed once, here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

Field = tuple[int, int]
"""(row, column) of a combat field."""
Side = Literal["attacker", "defender"]
MoveType = Literal["ground", "flying", "ranged"]

ROWS = 5
COLUMNS = 4
MIDDLE_ROW = 2
FIELDS: tuple[Field, ...] = tuple((row, column) for row in range(ROWS) for column in range(COLUMNS))
"""Every field, row by row."""

LINES: Mapping[Side, Mapping[str, int]] = {
    "attacker": {"back": 0, "front": 1},
    "defender": {"front": 3, "back": 4},
}
"""Each side's first (front) and second (back) line (§5.18.2)."""

MOVE_RANGE: Mapping[MoveType, int] = {"ground": 3, "flying": 3, "ranged": 1}
"""Fields a unit may move in its activation (§5.18.6 step 2: a ranged unit moves 1, after its
attack or instead of it)."""


def _neighbours(field: Field) -> tuple[Field, ...]:
    row, column = field
    around = ((row - 1, column), (row, column - 1), (row, column + 1), (row + 1, column))
    return tuple((r, c) for r, c in around if 0 <= r < ROWS and 0 <= c < COLUMNS)


NEIGHBOURS: Mapping[Field, tuple[Field, ...]] = {field: _neighbours(field) for field in FIELDS}
"""The fields adjacent to each: in front, behind or beside, never diagonal (§5.18.2)."""


def on_board(field: Field) -> bool:
    """Whether *field* is one of the board's 20 fields."""
    return field in NEIGHBOURS


def adjacent(a: Field, b: Field) -> bool:
    """Rulebook p. 29 (§5.18.2): directly in front, behind or beside; never diagonal."""
    return b in NEIGHBOURS.get(a, ())


def deployment_fields(side: Side) -> tuple[Field, ...]:
    """Where *side* places its units before combat: its first and second lines (§5.18.3)."""
    rows = set(LINES[side].values())
    return tuple(field for field in FIELDS if field[0] in rows)


def steps_between(a: Field, b: Field) -> int:
    """Orthogonal steps from *a* to *b* on an empty board (a flying unit's count)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def destinations(
    start: Field, move_type: MoveType, occupied: Iterable[Field] = ()
) -> dict[Field, int]:
    """Fields a unit at *start* may move to, with the steps it takes (§5.18.5, §5.18.6): every
    card on the board (unit, Wall, Gate) blocks a non-flying unit's way; a flying unit passes
    over them; no unit ends on a taken field."""
    taken = frozenset(occupied) - {start}
    reach = MOVE_RANGE[move_type]
    if move_type == "flying":
        return {
            field: steps
            for field in FIELDS
            if field not in taken and 0 < (steps := steps_between(start, field)) <= reach
        }
    found: dict[Field, int] = {}
    layer = [start]
    for steps in range(1, reach + 1):
        following = []
        for here in layer:
            for there in NEIGHBOURS[here]:
                if there != start and there not in taken and there not in found:
                    found[there] = steps
                    following.append(there)
        layer = following
    return found


def index(field: Field) -> int:
    """The field's number, ``row * 4 + column`` (how units record where they stand)."""
    return field[0] * COLUMNS + field[1]


def field_at(number: int) -> Field:
    """The field numbered *number* (see :func:`index`)."""
    return divmod(number, COLUMNS)


def name(number: int) -> str:
    """How players write a field: column a–d, then row 1–5 from the attacker's back line."""
    row, column = divmod(number, COLUMNS)
    return f"{'abcd'[column]}{row + 1}"


NAMES: Mapping[str, int] = {name(number): number for number in range(ROWS * COLUMNS)}
"""Field names (``a1`` … ``d5``) to field numbers."""
NEAR: Mapping[int, tuple[int, ...]] = {
    index(here): tuple(index(there) for there in NEIGHBOURS[here]) for here in FIELDS
}
"""The numbers of the fields adjacent to each field number."""


def row_of(number: int) -> int:
    return number // COLUMNS


def distance(a: int, b: int) -> int:
    """Orthogonal steps between two field numbers on an empty board."""
    return steps_between(field_at(a), field_at(b))
