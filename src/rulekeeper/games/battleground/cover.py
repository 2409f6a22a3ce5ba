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
from typing import TYPE_CHECKING

from rulekeeper.games.battleground.hexes import GROUND, Hex, Position, neighbours
from rulekeeper.games.battleground.segments import centre_pattern

if TYPE_CHECKING:
    from rulekeeper.games.battleground.battlefield import Battlefield


@dataclass(frozen=True)
class CoverVerdict:
    in_cover: bool
    reason: str
    by: tuple[Hex, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"cover": self.in_cover, "reason": self.reason, "by": [list(h) for h in self.by]}


def _fmt(h: Hex) -> str:
    return f"({h[0]},{h[1]})"


def line_hexes(attacker: Hex, target: Hex) -> list[Hex]:
    """Hexes the centre-to-centre line passes through, the two end hexes excluded."""
    aq, ar = attacker
    return [(aq + dq, ar + dr) for dq, dr in centre_pattern((target[0] - aq, target[1] - ar))]


def cover_verdict(
    field: Battlefield,
    attacker: Position,
    target: Position,
    characters: frozenset[Position] = frozenset(),
    target_footprint: Iterable[Hex] = (),
) -> CoverVerdict:
    if attacker.level < target.level:
        return CoverVerdict(
            True, "cover: the attacker is lower than the target (rulebook: Cover and Elevation)"
        )
    ignored: set[Hex] = {attacker.hex, target.hex, *neighbours(attacker.hex)}
    for h in target_footprint:
        ignored.add(h)
        ignored.update(neighbours(h))
    on_line = [h for h in line_hexes(attacker.hex, target.hex) if h not in ignored]
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
