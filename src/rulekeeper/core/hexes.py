"""Axial hex coordinates and the plane geometry of one hex: what any hex game uses.

Hexes are pointy-topped and 1 unit across the flats, laid out in screen coordinates: x grows to
the right, y grows downwards, and a hex's centre sits at ``x = q + r/2``, ``y = r * sqrt(3)/2``
(a game keeps its own measures, such as inches or levels, in its own package).

The six directions are numbered 0..5 counter-clockwise on screen, starting East; direction ``k``
is also the index of the edge a piece faces when its notch points at the neighbour in that
direction. Rotations turn offsets by sixths of a turn (:func:`rotate_offset`, :func:`rotate_about`),
lines are drawn by cube rounding (:func:`hex_line`), and a rectangle of hexes uses the "odd-r"
offset layout (:func:`offset_to_axial`).
"""

from __future__ import annotations

import math

__all__ = [
    "CORNER_RADIUS",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "SQRT3",
    "Hex",
    "Point",
    "are_neighbours",
    "axial_to_offset",
    "centre",
    "corners",
    "direction_to",
    "edge_corners",
    "hex_distance",
    "hex_line",
    "neighbour",
    "neighbours",
    "offset_to_axial",
    "ring",
    "rotate_about",
    "rotate_offset",
    "rotations",
    "within",
]

Hex = tuple[int, int]
Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
# Centre-to-corner distance of a hex that is 1 unit across the flats.
CORNER_RADIUS = 1.0 / SQRT3

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex next to *h* in *direction* (0..5, counter-clockwise from East)."""
    dq, dr = DIRECTIONS[direction]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes next to *h*, in direction order."""
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
    """Hex steps from *a* to *b*."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def are_neighbours(a: Hex, b: Hex) -> bool:
    """Whether *a* and *b* share an edge."""
    return hex_distance(a, b) == 1


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly *radius* steps from *centre* (the centre alone for 0)."""
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
    """The hexes at most *radius* steps from *centre*, ring by ring."""
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


def rotate_about(h: Hex, pivot: Hex, steps: int) -> Hex:
    """Turn hex *h* about *pivot* by ``steps`` × 60° counter-clockwise (on screen)."""
    dq, dr = rotate_offset((h[0] - pivot[0], h[1] - pivot[1]), steps)
    return (pivot[0] + dq, pivot[1] + dr)


def hex_line(a: Hex, b: Hex, nudge: float = 1e-6) -> list[Hex]:
    """The hexes of the cube-rounded straight line from *a* to *b*, one per step, both ends
    included; *nudge* shifts the line a hair off the edges it would run along (the sign picks
    the side)."""
    n = hex_distance(a, b)
    found: list[Hex] = []
    for step in range(n + 1):
        t = step / n if n else 0.0
        x = a[0] + (b[0] - a[0]) * t + nudge
        z = a[1] + (b[1] - a[1]) * t + nudge
        y = -x - z
        rx, ry, rz = round(x), round(y), round(z)
        dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy <= dz:
            rz = -rx - ry
        found.append((rx, rz))
    return found


def offset_to_axial(column: int, row: int) -> Hex:
    """Offset (column, row) of a rectangle of hexes to axial: odd rows shifted right ("odd-r")."""
    return (column - (row - (row & 1)) // 2, row)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """Axial to offset (column, row) in the "odd-r" layout (:func:`offset_to_axial` inverted)."""
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def centre(h: Hex) -> Point:
    """The centre of *h* on screen, in units of the width across the flats."""
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


def rotations(offset: Hex) -> tuple[Hex, ...]:
    """*offset* turned by each sixth of a turn (:func:`rotate_offset`), itself first."""
    return tuple(rotate_offset(offset, steps) for steps in range(6))
