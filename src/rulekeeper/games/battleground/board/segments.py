"""Which hexes a straight segment passes through (battleground.md §2).

A segment passes through a hex when it meets the hex's interior or runs along one of its edges
for a positive length; touching a single corner does not count. Both cases are exactly "the
segment's intersection with the closed hexagon has positive length", which a Cyrus–Beck clip
against the hexagon's three pairs of parallel edges computes.

Everything here depends only on hex offsets, never on a map, so the results are cached by the
offset between the two hexes and shared by every map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from rulekeeper.core.hexes import (
    DIRECTIONS,
    Hex,
    Point,
    centre,
    corners,
    hex_distance,
    hex_line,
    neighbours,
    rotate_offset,
)

# Half the distance across the flats, widened a hair so that a segment lying exactly on an
# edge is not lost to rounding.
_APOTHEM = 0.5 + 1e-9
# Chords shorter than this are a corner touch, not a passage.
_MIN_CHORD = 1e-6
_NORMALS = np.array([centre(d) for d in DIRECTIONS[:3]], dtype=float)

CORNER_NAMES = ("SE", "S", "SW", "NW", "N", "NE")
SEGMENTS = 36  # corner i of the first hex to corner j of the second: index i*6 + j
FULL_MASK = (1 << SEGMENTS) - 1


def segment_index(i: int, j: int) -> int:
    return i * 6 + j


def hexes_on_line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes of the two nudged cube-rounded lines from a to b: the corridor the segments use."""
    return hex_line(a, b, 1e-6) + hex_line(a, b, -1e-6)


def _candidates(delta: Hex) -> list[Hex]:
    """Hexes that any corner-to-corner segment between (0,0) and delta could pass through."""
    near: set[Hex] = set()
    for h in hexes_on_line((0, 0), delta):
        near.add(h)
        near.update(neighbours(h))
    near.discard((0, 0))
    near.discard(delta)
    return sorted(near)


def clip_lengths(
    starts: npt.NDArray[np.float64], ends: npt.NDArray[np.float64], hexes: list[Hex]
) -> npt.NDArray[np.float64]:
    """Length of each segment (rows) inside each closed hexagon (columns)."""
    centres = np.array([centre(h) for h in hexes], dtype=float).reshape(-1, 2)
    direction = ends - starts
    a0 = np.einsum("skd,nd->skn", starts[:, None, :] - centres[None, :, :], _NORMALS)
    b = (direction @ _NORMALS.T)[:, None, :]
    flat = np.abs(b) < 1e-12
    safe_b = np.where(flat, 1.0, b)
    t1 = (-_APOTHEM - a0) / safe_b
    t2 = (_APOTHEM - a0) / safe_b
    inside = np.abs(a0) <= _APOTHEM
    lo = np.where(flat, np.where(inside, -np.inf, np.inf), np.minimum(t1, t2))
    hi = np.where(flat, np.where(inside, np.inf, -np.inf), np.maximum(t1, t2))
    t_lo = np.maximum(lo.max(axis=2), 0.0)
    t_hi = np.minimum(hi.min(axis=2), 1.0)
    lengths = np.linalg.norm(direction, axis=1)[:, None]
    chords: npt.NDArray[np.float64] = np.clip(t_hi - t_lo, 0.0, None) * lengths
    return chords


def canonical_turns(delta: Hex) -> int:
    """How many 60° turns bring ``delta`` into the wedge q > 0, r >= 0.

    The grid looks the same after a turn, so every pattern is computed in that wedge only and
    turned back: a sixth of the work.
    """
    for turns in range(6):
        q, r = rotate_offset(delta, turns)
        if q > 0 and r >= 0:
            return turns
    return 0  # delta == (0, 0)


def _rotate_six_bits(bits: int, steps: int) -> int:
    return sum(1 << ((j - steps) % 6) for j in range(6) if bits >> j & 1)


# _SIX_BIT_TURNS[steps][bits]: the six target-corner bits of one attacker corner, renumbered.
_SIX_BIT_TURNS = tuple(tuple(_rotate_six_bits(b, steps) for b in range(64)) for steps in range(6))


def _turn_mask(mask: int, steps: int) -> int:
    """Renumber segment bits for a turn of the hexes by ``steps`` × 60° (corner i -> i - steps)."""
    table = _SIX_BIT_TURNS[steps % 6]
    result = 0
    for i in range(6):
        group = (mask >> (6 * i)) & 63
        if group:
            result |= table[group] << (6 * ((i - steps) % 6))
    return result


def corner_pattern(
    delta: Hex, direct: Callable[[Hex], tuple[tuple[Hex, ...], tuple[int, ...]]] | None = None
) -> tuple[tuple[Hex, ...], tuple[int, ...]]:
    """For two hexes ``delta`` apart: each hex (as an offset from the first) that one of the 36
    corner-to-corner segments passes through, with a bit mask of those segments. The pattern
    is computed for one of the six rotations (*direct*, remembered by the caller) and turned."""
    direct = direct or _direct_corner_pattern
    turns = canonical_turns(delta)
    if turns == 0:
        return direct(delta)
    hexes, masks = direct(rotate_offset(delta, turns))
    back = 6 - turns
    return (
        tuple(rotate_offset(h, back) for h in hexes),
        tuple(_turn_mask(m, back) for m in masks),
    )


def _direct_corner_pattern(delta: Hex) -> tuple[tuple[Hex, ...], tuple[int, ...]]:
    a_corners = np.array(corners((0, 0)))
    b_corners = np.array(corners(delta))
    starts = np.repeat(a_corners, 6, axis=0)
    ends = np.tile(b_corners, (6, 1))
    hexes = _candidates(delta)
    if not hexes:
        return ((), ())
    passes = clip_lengths(starts, ends, hexes) > _MIN_CHORD
    weights = np.left_shift(np.uint64(1), np.arange(SEGMENTS, dtype=np.uint64))
    masks = (passes.astype(np.uint64) * weights[:, None]).sum(axis=0, dtype=np.uint64)
    keep = np.nonzero(masks)[0]
    return (tuple(hexes[k] for k in keep), tuple(int(masks[k]) for k in keep))


def centre_pattern(
    delta: Hex, direct: Callable[[Hex], tuple[Hex, ...]] | None = None
) -> tuple[Hex, ...]:
    """Hexes (offsets from the first) the centre-to-centre segment passes through."""
    direct = direct or _direct_centre_pattern
    turns = canonical_turns(delta)
    if turns == 0:
        return direct(delta)
    back = 6 - turns
    return tuple(rotate_offset(h, back) for h in direct(rotate_offset(delta, turns)))


def _direct_centre_pattern(delta: Hex) -> tuple[Hex, ...]:
    hexes = _candidates(delta)
    if not hexes:
        return ()
    start = np.array([centre((0, 0))])
    end = np.array([centre(delta)])
    passes = clip_lengths(start, end, hexes)[0] > _MIN_CHORD
    return tuple(h for h, p in zip(hexes, passes, strict=True) if p)


def passes_through(start: Point, end: Point, h: Hex) -> bool:
    """Whether the segment passes through hex h (for explanations and tests)."""
    return bool(clip_lengths(np.array([start]), np.array([end]), [h])[0, 0] > _MIN_CHORD)


def overlapping_segments(
    delta: Hex, direct: Callable[[Hex], frozenset[tuple[int, int]]] | None = None
) -> frozenset[tuple[int, int]]:
    """Pairs of corner-to-corner segments that lie on one line and share a stretch."""
    direct = direct or _direct_overlaps
    turns = canonical_turns(delta)
    if turns == 0:
        return direct(delta)
    back = 6 - turns
    turned = set()
    for s, t in direct(rotate_offset(delta, turns)):
        s2 = _turn_mask(1 << s, back).bit_length() - 1
        t2 = _turn_mask(1 << t, back).bit_length() - 1
        turned.add((min(s2, t2), max(s2, t2)))
    return frozenset(turned)


def _direct_overlaps(delta: Hex) -> frozenset[tuple[int, int]]:
    a_corners = corners((0, 0))
    b_corners = corners(delta)
    segs = [(a_corners[s // 6], b_corners[s % 6]) for s in range(SEGMENTS)]
    result: set[tuple[int, int]] = set()
    for s in range(SEGMENTS):
        (px, py), (qx, qy) = segs[s]
        dx, dy = qx - px, qy - py
        length2 = dx * dx + dy * dy
        if length2 < 1e-12:
            continue
        for t in range(s + 1, SEGMENTS):
            (ux, uy), (vx, vy) = segs[t]
            if abs(dx * (uy - py) - dy * (ux - px)) > 1e-9:
                continue
            if abs(dx * (vy - py) - dy * (vx - px)) > 1e-9:
                continue
            u = ((ux - px) * dx + (uy - py) * dy) / length2
            v = ((vx - px) * dx + (vy - py) * dy) / length2
            if min(max(u, v), 1.0) - max(min(u, v), 0.0) > 1e-9:
                result.add((s, t))
    return frozenset(result)


def point_segments(delta: Hex) -> frozenset[int]:
    """Segments of zero length (a corner shared by two neighbouring hexes): not lines at all."""
    if hex_distance((0, 0), delta) != 1:
        return frozenset()
    a_corners = corners((0, 0))
    b_corners = corners(delta)
    return frozenset(
        s
        for s in range(SEGMENTS)
        if abs(a_corners[s // 6][0] - b_corners[s % 6][0]) < 1e-9
        and abs(a_corners[s // 6][1] - b_corners[s % 6][1]) < 1e-9
    )


def sight_pair(delta: Hex, unblocked: int, from_second: bool) -> tuple[int, int] | None:
    """Two unblocked segments ending at different corners of the seen hex, not overlapping.

    ``from_second`` looks from the second hex at the first, so the segments' starts must differ.
    """
    return _first_pair(overlapping_segments(delta), point_segments(delta), unblocked, from_second)


def _first_pair(
    overlap: frozenset[tuple[int, int]], points: frozenset[int], unblocked: int, from_second: bool
) -> tuple[int, int] | None:
    usable = [s for s in range(SEGMENTS) if unblocked >> s & 1 and s not in points]
    for index, s in enumerate(usable):
        for t in usable[index + 1 :]:
            far_s, far_t = (s // 6, t // 6) if from_second else (s % 6, t % 6)
            if far_s != far_t and (s, t) not in overlap:
                return (s, t)
    return None


class SegmentTables:
    """Memo of the patterns above for the offsets one battlefield asks about, owned by that
    battlefield (``Battlefield.segments``) and bounded: every game on the map shares them, and
    nothing is kept at module level."""

    __slots__ = ("_centre", "_corner", "_direct", "_overlaps", "_pairs", "_points")

    LIMIT = 65_536

    def __init__(self) -> None:
        self._corner: dict[Hex, tuple[tuple[Hex, ...], tuple[int, ...]]] = {}
        self._centre: dict[Hex, tuple[Hex, ...]] = {}
        self._overlaps: dict[Hex, frozenset[tuple[int, int]]] = {}
        self._points: dict[Hex, frozenset[int]] = {}
        self._pairs: dict[tuple[Hex, int, bool], tuple[int, int] | None] = {}
        self._direct: dict[tuple[str, Hex], Any] = {}

    def _remembered(self, kind: str, compute: Callable[[Hex], _T]) -> Callable[[Hex], _T]:
        """*compute* for one rotation of the offsets, remembered under *kind*."""
        memo = self._direct

        def remembered(delta: Hex) -> _T:
            key = (kind, delta)
            if key not in memo:
                memo[key] = _bounded(memo, compute(delta))
            result: _T = memo[key]
            return result

        return remembered

    def corner_pattern(self, delta: Hex) -> tuple[tuple[Hex, ...], tuple[int, ...]]:
        """:func:`corner_pattern`, remembered."""
        found = self._corner.get(delta)
        if found is None:
            direct = self._remembered("corner", _direct_corner_pattern)
            found = self._corner[delta] = _bounded(self._corner, corner_pattern(delta, direct))
        return found

    def centre_pattern(self, delta: Hex) -> tuple[Hex, ...]:
        """:func:`centre_pattern`, remembered."""
        found = self._centre.get(delta)
        if found is None:
            direct = self._remembered("centre", _direct_centre_pattern)
            found = self._centre[delta] = _bounded(self._centre, centre_pattern(delta, direct))
        return found

    def sight_pair(self, delta: Hex, unblocked: int, from_second: bool) -> tuple[int, int] | None:
        """:func:`sight_pair`, remembered (with the overlaps and points it needs)."""
        key = (delta, unblocked, from_second)
        if key in self._pairs:
            return self._pairs[key]
        overlap = self._overlaps.get(delta)
        if overlap is None:
            direct = self._remembered("overlaps", _direct_overlaps)
            overlap = overlapping_segments(delta, direct)
            self._overlaps[delta] = _bounded(self._overlaps, overlap)
        points = self._points.get(delta)
        if points is None:
            points = self._points[delta] = _bounded(self._points, point_segments(delta))
        found = _first_pair(overlap, points, unblocked, from_second)
        self._pairs[key] = _bounded(self._pairs, found)
        return found


_T = TypeVar("_T")


def _bounded(memo: dict[Any, Any], value: _T) -> _T:
    """Empty *memo* when it is full (the patterns are cheap to find again); return *value*."""
    if len(memo) >= SegmentTables.LIMIT:
        memo.clear()
    return value
