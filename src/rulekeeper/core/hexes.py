"""Axial hex coordinates, positions with a level, and the plane geometry of one hex.

Hexes are pointy-topped and 1 inch across the flats (battleground.md §2), laid out in screen
coordinates: x grows to the right, y grows downwards, and a hex's centre sits at
``x = q + r/2``, ``y = r * sqrt(3)/2`` (times ``hex_inches``).

The six directions are numbered 0..5 counter-clockwise on screen, starting East; direction ``k``
is also the index of the edge a model faces when its notch points at the neighbour in that
direction.
"""

from __future__ import annotations

import math
from typing import NamedTuple

Hex = tuple[int, int]
Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
# Centre-to-corner distance of a hex that is 1 inch across the flats.
CORNER_RADIUS = 1.0 / SQRT3

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
GROUND = 0
PLATFORM = 1


class Position(NamedTuple):
    """Where a model stands: a hex and a level (0 = ground, 1 = platform)."""

    q: int
    r: int
    level: int = GROUND

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)

    def __str__(self) -> str:
        return f"({self.q},{self.r})" + ("^" if self.level else "")

    def to_json(self) -> list[int]:
        return [self.q, self.r, self.level]


def neighbour(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to its neighbour ``b``, or None when they are not neighbours."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def hex_distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def are_neighbours(a: Hex, b: Hex) -> bool:
    return hex_distance(a, b) == 1


def ring(centre: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [centre]
    q, r = centre[0] + DIRECTIONS[4][0] * radius, centre[1] + DIRECTIONS[4][1] * radius
    result: list[Hex] = []
    for side in range(6):
        for _ in range(radius):
            result.append((q, r))
            q += DIRECTIONS[side][0]
            r += DIRECTIONS[side][1]
    return result


def within(centre: Hex, radius: int) -> list[Hex]:
    return [h for k in range(radius + 1) for h in ring(centre, k)]


def rotate_offset(offset: Hex, steps: int) -> Hex:
    """Rotate an axial offset by ``steps`` × 60° counter-clockwise (on screen)."""
    (a, b), (c, d) = _TURNS[steps % 6]
    q, r = offset
    return (a * q + b * r, c * q + d * r)


def _turn_matrices() -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    # One turn maps (q, r) to (q + r, -q): direction k becomes direction k + 1.
    result = [((1, 0), (0, 1))]
    for _ in range(5):
        (a, b), (c, d) = result[-1]
        result.append(((a + c, b + d), (-a, -b)))
    return tuple(result)


_TURNS = _turn_matrices()


def offset_to_axial(column: int, row: int) -> Hex:
    """Odd rows shifted right ("odd-r"), the layout of a rectangular battleground."""
    return (column - (row - (row & 1)) // 2, row)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def centre(h: Hex) -> Point:
    q, r = h
    return (q + r / 2.0, r * SQRT3 / 2.0)


_CORNER_OFFSETS: tuple[Point, ...] = tuple(
    (
        CORNER_RADIUS * math.cos(math.radians(30 + 60 * i)),
        CORNER_RADIUS * math.sin(math.radians(30 + 60 * i)),
    )
    for i in range(6)
)


def corners(h: Hex) -> tuple[Point, ...]:
    """The six corners, clockwise on screen from the lower right one."""
    cx, cy = centre(h)
    return tuple((cx + dx, cy + dy) for dx, dy in _CORNER_OFFSETS)


def edge_corners(direction: int) -> tuple[int, int]:
    """Indexes of the two corners bounding the edge that faces ``direction``."""
    # Edge k's outward normal points at -60°·k on screen; corners sit at 30° + 60°·i.
    first = (6 - direction) % 6
    return (first, (first + 5) % 6)


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def rotations(offset: Hex) -> tuple[Hex, ...]:
    """*offset* turned by each sixth of a turn (:func:`rotate_offset`), itself first."""
    return tuple(rotate_offset(offset, steps) for steps in range(6))


def gap_between(dq: int, dr: int) -> float:
    """Smallest distance between two closed unit hexagons whose axial offset is (dq, dr)."""
    if hex_distance((0, 0), (dq, dr)) <= 1:
        return 0.0
    a = corners((0, 0))
    b = corners((dq, dr))
    best = math.inf
    for poly_p, poly_e in ((a, b), (b, a)):
        for p in poly_p:
            for i in range(6):
                best = min(best, _segment_distance(p, poly_e[i], poly_e[(i + 1) % 6]))
    # Rounded so that exact gaps (1", 2", ...) come out exact; 1e-9" is far below any range.
    return round(best, 9)


def range_inches(a: Hex, b: Hex, hex_inches: float = 1.0) -> float:
    """Range between two hexes: the closest points of the two hexagons, levels ignored."""
    return gap_between(b[0] - a[0], b[1] - a[1]) * hex_inches
