"""Line of sight (rulebook: Determining Line of Sight; battleground.md §2).

From a viewer's hex to a target's hex, at least two of the 36 corner-to-corner segments must be
unblocked, end at two different corners of the target's hex, and not overlap. A segment is blocked
by a hex holding a high obstacle that "counts" for the two positions:

* same level on the ground: every high obstacle;
* both on platforms: high obstacles not directly under a platform hex (those are the platform's
  supports, below the models) — a decided reading, see docs/geometry.md;
* viewer higher than the target: only high obstacles on hexes adjacent to the target;
* viewer lower than the target: only high obstacles on hexes adjacent to the viewer;
* never between a platform hex and the ground hexes directly under that same platform.

The viewer's and target's own hexes never block. The blocked set of segments is the same in both
directions; only the "two different corners" test is not, so answers are computed per ordered pair.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from rulekeeper.core.hexes import Hex, neighbours
from rulekeeper.games.battleground.board.measures import GROUND, Position
from rulekeeper.games.battleground.board.pairtable import NO, YES, PairTable
from rulekeeper.games.battleground.board.protocols import Terrain
from rulekeeper.games.battleground.board.segments import (
    CORNER_NAMES,
    FULL_MASK,
)


@dataclass(frozen=True)
class SightVerdict:
    visible: bool
    reason: str
    blockers: tuple[Hex, ...] = ()
    lines: tuple[tuple[str, str], ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        return {
            "visible": self.visible,
            "reason": self.reason,
            "blockers": [list(h) for h in self.blockers],
            "lines": [list(line) for line in self.lines],
        }


def _fmt(h: Hex) -> str:
    return f"({h[0]},{h[1]})"


class SightTable:
    """Line-of-sight answers for one battlefield, computed on demand or all at once."""

    def __init__(self, field: Terrain) -> None:
        self.field = field
        self._high = field.high_obstacles
        self._high_off_platform = frozenset(h for h in self._high if h not in field.platform_of)
        self.table = PairTable(field.positions)
        self.tables = field.segments

    # --- rules -------------------------------------------------------------------------

    def _separated_by_platform(self, a: Position, b: Position) -> str | None:
        """The platform rule: a platform hex and the ground hexes under the same platform."""
        if a.level == b.level:
            return None
        high, low = (a, b) if a.level > b.level else (b, a)
        platform = self.field.platform_of.get(high.hex)
        if platform is not None and self.field.platform_of.get(low.hex) == platform:
            return (
                f"no line of sight: {low} is directly under platform {platform!r}, "
                f"on which {high} stands (rulebook: Determining Line of Sight, elevation)"
            )
        return None

    def counting_obstacles(self, a: Position, b: Position) -> tuple[frozenset[Hex], str]:
        """The high-obstacle hexes that can block between a and b, and the rule that says so."""
        if a.level == b.level:
            if a.level == GROUND:
                return self._high, ""
            return self._high_off_platform, " (both on platforms: supports below do not block)"
        lower = a if a.level < b.level else b
        near = frozenset(h for h in neighbours(lower.hex) if h in self._high)
        who = "target" if lower == b else "viewer"
        return (
            near,
            f" (different elevation: only high obstacles adjacent to the lower {who} count)",
        )

    def _blocked_mask(self, a: Position, b: Position, counting: frozenset[Hex]) -> int:
        delta = (b.q - a.q, b.r - a.r)
        offsets, masks = self.tables.corner_pattern(delta)
        blocked = 0
        for (dq, dr), mask in zip(offsets, masks, strict=True):
            if (a.q + dq, a.r + dr) in counting:
                blocked |= mask
        return blocked

    # --- queries -----------------------------------------------------------------------

    def visible(self, a: Position, b: Position) -> bool:
        table = self.table
        ia = table.index.get(a)
        ib = table.index.get(b)
        if ia is None or ib is None:
            return False
        value = table.rows[ia][ib]
        if value:
            return value == YES
        answer = self._compute(a, b)
        table.rows[ia][ib] = YES if answer else NO
        return answer

    def _compute(self, a: Position, b: Position) -> bool:
        if a.hex == b.hex:
            return a.level == b.level
        if self._separated_by_platform(a, b):
            return False
        counting, _ = self.counting_obstacles(a, b)
        unblocked = FULL_MASK & ~self._blocked_mask(a, b, counting)
        if unblocked == FULL_MASK:
            return True
        return self.tables.sight_pair((b.q - a.q, b.r - a.r), unblocked, False) is not None

    def verdict(self, a: Position, b: Position) -> SightVerdict:
        """The answer with its reason, for players and the query interface."""
        for pos in (a, b):
            if pos not in self.field.positions:
                return SightVerdict(False, f"{pos} is not a position on {self.field.name}")
        if a.hex == b.hex:
            same = a.level == b.level
            return SightVerdict(same, "same position" if same else "same hex, other level")
        separated = self._separated_by_platform(a, b)
        if separated:
            return SightVerdict(False, separated)
        counting, note = self.counting_obstacles(a, b)
        delta = (b.q - a.q, b.r - a.r)
        offsets, masks = self.tables.corner_pattern(delta)
        blocked = 0
        blockers: list[Hex] = []
        for (dq, dr), mask in zip(offsets, masks, strict=True):
            h = (a.q + dq, a.r + dr)
            if h in counting:
                blocked |= mask
                blockers.append(h)
        pair = self.tables.sight_pair(delta, FULL_MASK & ~blocked, False)
        blockers.sort()
        if pair is None:
            where = ", ".join(_fmt(h) for h in blockers)
            return SightVerdict(
                False,
                f"blocked: high obstacle at {where} cuts every pair of lines to two different "
                f"corners{note}",
                tuple(blockers),
            )
        lines = tuple((CORNER_NAMES[s // 6], CORNER_NAMES[s % 6]) for s in pair)
        described = " and ".join(f"{x}->{y}" for x, y in lines)
        if blockers:
            where = ", ".join(_fmt(h) for h in blockers)
            reason = f"clear: lines {described} pass the high obstacles at {where}{note}"
        else:
            reason = f"clear: no high obstacle counts on the way{note}"
        return SightVerdict(True, reason, tuple(blockers), lines)

    # --- the whole table ---------------------------------------------------------------

    def build(self, positions: Iterable[Position] | None = None) -> None:
        """Answer every ordered pair of positions at once (vectorised per hex offset)."""
        chosen = sorted(positions if positions is not None else self.field.positions)
        ground = [p for p in chosen if p.level == GROUND]
        self._build_same_ground(ground)
        raised = [p for p in chosen if p.level != GROUND]
        for a in raised:
            for b in chosen:
                self.visible(a, b)
                self.visible(b, a)

    def _build_same_ground(self, ground: list[Position]) -> None:
        if not ground:
            return
        ids = np.array([self.table.index[p] for p in ground], dtype=np.int64)
        qs = np.array([p.q for p in ground])
        rs = np.array([p.r for p in ground])
        pad = 3
        q0, r0 = int(qs.min()) - pad, int(rs.min()) - pad
        width = int(qs.max()) - q0 + pad + 1
        height = int(rs.max()) - r0 + pad + 1
        index = np.full((width, height), -1, dtype=np.int64)
        index[qs - q0, rs - r0] = np.arange(len(ground))
        high = np.zeros((width, height), dtype=bool)
        for q, r in self._high:
            if 0 <= q - q0 < width and 0 <= r - r0 < height:
                high[q - q0, r - r0] = True
        aq, ar = qs - q0, rs - r0
        firsts: list[npt.NDArray[np.int64]] = [ids]
        seconds: list[npt.NDArray[np.int64]] = [ids]
        values: list[npt.NDArray[np.bool_]] = [np.ones(len(ground), dtype=bool)]
        for dq in range(-(width - 1), width):
            for dr in range(0, height):
                if dr == 0 and dq <= 0:
                    continue
                tq, tr = aq + dq, ar + dr
                inside = (tq >= 0) & (tq < width) & (tr < height)
                if not inside.any():
                    continue
                target_index = np.full(len(ground), -1, dtype=np.int64)
                target_index[inside] = index[tq[inside], tr[inside]]
                anchors = np.nonzero(target_index >= 0)[0]
                if anchors.size == 0:
                    continue
                offsets, masks = self.tables.corner_pattern((dq, dr))
                blocked = np.zeros(anchors.size, dtype=np.uint64)
                if offsets:
                    off = np.array(offsets, dtype=np.int64)
                    hq = aq[anchors][:, None] + off[None, :, 0]
                    hr = ar[anchors][:, None] + off[None, :, 1]
                    ok = (hq >= 0) & (hq < width) & (hr >= 0) & (hr < height)
                    hit = high[np.clip(hq, 0, width - 1), np.clip(hr, 0, height - 1)] & ok
                    bits = np.where(hit, np.array(masks, dtype=np.uint64)[None, :], np.uint64(0))
                    blocked = np.bitwise_or.reduce(bits, axis=1)
                unblocked = np.uint64(FULL_MASK) & ~blocked
                distinct, which = np.unique(unblocked, return_inverse=True)
                forward = np.array(
                    [
                        v == FULL_MASK or self.tables.sight_pair((dq, dr), v, False) is not None
                        for v in distinct.tolist()
                    ]
                )
                backward = np.array(
                    [
                        v == FULL_MASK or self.tables.sight_pair((dq, dr), v, True) is not None
                        for v in distinct.tolist()
                    ]
                )
                a_ids = ids[anchors]
                b_ids = ids[target_index[anchors]]
                firsts += [a_ids, b_ids]
                seconds += [b_ids, a_ids]
                values += [forward[which], backward[which]]
        self.table.fill(np.concatenate(firsts), np.concatenate(seconds), np.concatenate(values))
