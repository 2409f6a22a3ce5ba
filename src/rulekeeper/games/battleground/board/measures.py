"""Battleground's measures on the hex grid: positions with a platform level, and ranges in inches.

Hexes are 1 inch across the flats (battleground.md §2), or ``hex_inches`` on a map that says so;
the generic hex geometry (coordinates, neighbours, distance, corners, rotation) is the core's
(:mod:`rulekeeper.core.hexes`). A position adds a level: 0 the ground, 1 a platform (rulebook,
*Terrain*). Range is the smallest distance between the two hexagons, levels ignored (rulebook,
*Ranged Attack*: measure between the closest points of the two hexes).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from rulekeeper.core.hexes import Hex, Point, corners, hex_distance

__all__ = ["GROUND", "PLATFORM", "Position", "gap_between", "range_inches"]

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


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


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
