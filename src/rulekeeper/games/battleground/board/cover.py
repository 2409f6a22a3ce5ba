"""Cover (rulebook: Cover, Cover and Elevation, Massive Models; battleground.md §2).

The line runs from the centre of the attacker's hex to the centre of the target's hex. The target
is in cover when it passes through a hex holding a character or a low or high obstacle, other than
the two models' own hexes and the hexes adjacent to the attacker's hex. Elevation changes what
counts:

* attacker lower than the target: always cover;
* attacker on a platform, target lower: only high obstacles count, and not those adjacent to the
  hexes directly under the attacker's platform;
* both on platforms: characters on platforms and high obstacles not under a platform count (the
  obstacles below a platform are under the line) — a decided reading, see docs/geometry.md.

For a massive target, everything adjacent to any of its hexes is ignored as well.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from rulekeeper.core.hexes import Hex, neighbours
from rulekeeper.games.battleground.board.measures import GROUND, Position
from rulekeeper.games.battleground.board.pairtable import NO, YES, PairTable
from rulekeeper.games.battleground.board.protocols import Terrain
from rulekeeper.games.battleground.board.segments import SegmentTables, centre_pattern


@dataclass(frozen=True)
class CoverVerdict:
    in_cover: bool
    reason: str
    by: tuple[Hex, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"cover": self.in_cover, "reason": self.reason, "by": [list(h) for h in self.by]}


def _fmt(h: Hex) -> str:
    return f"({h[0]},{h[1]})"


def line_hexes(attacker: Hex, target: Hex, tables: SegmentTables | None = None) -> list[Hex]:
    """Hexes the centre-to-centre line passes through, the two end hexes excluded (with
    *tables*, a battlefield's memo of the line patterns)."""
    aq, ar = attacker
    delta = (target[0] - aq, target[1] - ar)
    pattern = centre_pattern(delta) if tables is None else tables.centre_pattern(delta)
    return [(aq + dq, ar + dr) for dq, dr in pattern]


def cover_verdict(
    field: Terrain,
    attacker: Position,
    target: Position,
    characters: frozenset[Position] = frozenset(),
    target_footprint: Iterable[Hex] = (),
    from_attacker: bool = True,
) -> CoverVerdict:
    """``from_attacker=False`` traces from an area attack's initial target (Area Attacks:
    "a line between the initial target and the additional target"); the exception for things
    next to the attacker's hex is the attacker's and does not apply there."""
    if attacker.level < target.level:
        return CoverVerdict(
            True, "cover: the attacker is lower than the target (rulebook: Cover and Elevation)"
        )
    ignored: set[Hex] = {attacker.hex, target.hex}
    if from_attacker:
        ignored.update(neighbours(attacker.hex))
    for h in target_footprint:
        ignored.add(h)
        ignored.update(neighbours(h))
    on_line = [h for h in line_hexes(attacker.hex, target.hex, field.segments) if h not in ignored]
    occupied = {p.hex for p in characters if p.level == target.level}

    if attacker.level > target.level:
        platform = field.platform_of.get(attacker.hex)
        under = field.platforms.get(platform, frozenset()) if platform else frozenset()
        beside_under = {n for h in under for n in neighbours(h)}
        by = [h for h in on_line if h in field.high_obstacles and h not in beside_under]
        if by:
            return CoverVerdict(
                True,
                f"cover: high obstacle at {', '.join(map(_fmt, by))} (attacker above: only high "
                "obstacles count; rulebook: Cover and Elevation)",
                tuple(by),
            )
        return CoverVerdict(
            False,
            "no cover: from a platform only high obstacles not beside the platform's foot give "
            "cover (rulebook: Cover and Elevation)",
        )

    by_obstacle: list[Hex]
    if attacker.level == GROUND:
        by_obstacle = [h for h in on_line if h in field.obstacle_height]
    else:
        by_obstacle = [
            h for h in on_line if h in field.high_obstacles and h not in field.platform_of
        ]
    by_character = [h for h in on_line if h in occupied]
    by = sorted(set(by_obstacle) | set(by_character))
    if not by:
        return CoverVerdict(False, "no cover: the line crosses no character or obstacle")
    parts = []
    for h in by:
        if h in by_obstacle:
            parts.append(f"{field.obstacle_height[h]} obstacle at {_fmt(h)}")
        else:
            parts.append(f"character at {_fmt(h)}")
    return CoverVerdict(True, f"cover: {', '.join(parts)} (rulebook: Cover)", tuple(by))


class CoverTable:
    """Cover from terrain alone for pairs of positions, cached; characters are added per query.

    Characters move every turn, terrain never does: the terrain part is worth a table, the
    character part is a handful of hexes on one line.
    """

    def __init__(self, field: Terrain) -> None:
        self.field = field
        self.table = PairTable(field.positions)

    def terrain_cover(self, attacker: Position, target: Position) -> bool:
        table = self.table
        ia = table.index.get(attacker)
        ib = table.index.get(target)
        if ia is None or ib is None:
            return cover_verdict(self.field, attacker, target).in_cover
        value = table.rows[ia][ib]
        if value:
            return value == YES
        answer = cover_verdict(self.field, attacker, target).in_cover
        table.rows[ia][ib] = YES if answer else NO
        return answer

    def in_cover(
        self, attacker: Position, target: Position, characters: frozenset[Position] = frozenset()
    ) -> bool:
        if self.terrain_cover(attacker, target):
            return True
        if not characters or attacker.level != target.level:
            return False
        ignored = {attacker.hex, target.hex, *neighbours(attacker.hex)}
        return any(
            Position(q, r, target.level) in characters
            for q, r in line_hexes(attacker.hex, target.hex, self.field.segments)
            if (q, r) not in ignored
        )

    def build(self, positions: Iterable[Position] | None = None) -> None:
        """Terrain cover for every ordered pair, vectorised per hex offset on the ground."""
        chosen = sorted(positions if positions is not None else self.field.positions)
        ground = [p for p in chosen if p.level == GROUND]
        obstacles = self.field.obstacle_height
        if ground:
            qs = np.array([p.q for p in ground])
            rs = np.array([p.r for p in ground])
            q0, r0 = int(qs.min()) - 2, int(rs.min()) - 2
            width, height = int(qs.max()) - q0 + 3, int(rs.max()) - r0 + 3
            index = np.full((width, height), -1, dtype=np.int64)
            index[qs - q0, rs - r0] = np.arange(len(ground))
            blocking = np.zeros((width, height), dtype=bool)
            for q, r in obstacles:
                if 0 <= q - q0 < width and 0 <= r - r0 < height:
                    blocking[q - q0, r - r0] = True
            aq, ar = qs - q0, rs - r0
            ids = np.array([self.table.index[p] for p in ground], dtype=np.int64)
            firsts, seconds, values = [ids], [ids], [np.zeros(len(ground), dtype=bool)]
            for dq in range(-(width - 1), width):
                for dr in range(-(height - 1), height):
                    tq, tr = aq + dq, ar + dr
                    inside = (tq >= 0) & (tq < width) & (tr >= 0) & (tr < height)
                    if not inside.any() or (dq, dr) == (0, 0):
                        continue
                    target_index = np.full(len(ground), -1, dtype=np.int64)
                    target_index[inside] = index[tq[inside], tr[inside]]
                    anchors = np.nonzero(target_index >= 0)[0]
                    if anchors.size == 0:
                        continue
                    far = [
                        o
                        for o in self.field.segments.centre_pattern((dq, dr))
                        if abs(o[0]) + abs(o[1]) + abs(o[0] + o[1]) > 2 and o != (dq, dr)
                    ]
                    covered = np.zeros(anchors.size, dtype=bool)
                    for oq, or_ in far:
                        hq = np.clip(aq[anchors] + oq, 0, width - 1)
                        hr = np.clip(ar[anchors] + or_, 0, height - 1)
                        covered |= blocking[hq, hr]
                    firsts.append(ids[anchors])
                    seconds.append(ids[target_index[anchors]])
                    values.append(covered)
            self.table.fill(np.concatenate(firsts), np.concatenate(seconds), np.concatenate(values))
        raised = [p for p in chosen if p.level != GROUND]
        for a in raised:
            for b in chosen:
                self.terrain_cover(a, b)
                self.terrain_cover(b, a)
