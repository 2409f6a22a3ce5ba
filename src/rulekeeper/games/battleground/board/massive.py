"""Massive models: bases of several hexes (rulebook: Massive Models).

A base is a shape of hex offsets around its *facing hex* (offset (0, 0)), drawn for a model that
faces direction 0; ``facing`` turns the whole shape. Decided readings (docs/geometry.md):

* one movement point moves the base one step: every hex shifts to its neighbour in one direction,
  or the base pivots 60° about one of its hexes — both are "choose one of the model's hexes and
  move it to an adjacent hex" with the rest of the base following;
* crossing a low (3 MP) or high (6 MP) obstacle portion shifts the base so that one of its hexes
  goes from a hex bordering that portion to another hex bordering it; no hex may land on an
  obstacle; ladders count as low obstacles;
* climbing (3 MP) shifts the base one step up onto, or down from, a platform, and the whole base
  must fit; no part may start directly under a platform to climb up or end under it to climb
  down;
* difficult terrain under any hex of the base at the start costs 2 speed; entering a position
  with any hex adjacent to an enemy ends the move.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.hexes import DIRECTIONS, Hex, neighbours, rotate_offset
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position

if TYPE_CHECKING:
    from rulekeeper.games.battleground.board.battlefield import Battlefield


@dataclass(frozen=True, order=True)
class Base:
    """Where a massive model stands: its facing hex, level, facing and shape."""

    q: int
    r: int
    level: int
    facing: int
    shape: tuple[Hex, ...]

    @property
    def anchor(self) -> Position:
        return Position(self.q, self.r, self.level)

    def hexes(self) -> tuple[Hex, ...]:
        return tuple(
            (self.q + dq, self.r + dr)
            for dq, dr in (rotate_offset(o, self.facing) for o in self.shape)
        )

    def positions(self) -> tuple[Position, ...]:
        return tuple(Position(q, r, self.level) for q, r in self.hexes())

    def shifted(self, dq: int, dr: int, level: int | None = None) -> Base:
        return Base(
            self.q + dq,
            self.r + dr,
            self.level if level is None else level,
            self.facing,
            self.shape,
        )

    def pivoted(self, about: Hex, turns: int) -> Base:
        """Turn the base 60°·turns about one of its hexes."""
        aq, ar = about
        fq, fr = rotate_offset((self.q - aq, self.r - ar), turns)
        return Base(aq + fq, ar + fr, self.level, (self.facing + turns) % 6, self.shape)

    def to_json(self) -> dict[str, object]:
        return {
            "at": [self.q, self.r, self.level],
            "facing": self.facing,
            "hexes": [list(h) for h in self.hexes()],
        }


def fits(field: Battlefield, base: Base, occupied: frozenset[Position]) -> bool:
    return all(p in field.positions and p not in occupied for p in base.positions())


def adjacent_hexes(base: Base) -> set[Hex]:
    """Rulebook, Massive Models, Adjacency: every hex sharing a border with any of its hexes."""
    own = set(base.hexes())
    return {n for h in own for n in neighbours(h)} - own


def _stops(base: Base, enemies: frozenset[Position]) -> bool:
    return any(Position(q, r, base.level) in enemies for q, r in adjacent_hexes(base))


@dataclass(frozen=True)
class MassiveStep:
    kind: str
    to: Base
    cost: int


def _moves(field: Battlefield, base: Base, occupied: frozenset[Position]) -> Iterable[MassiveStep]:
    own = base.hexes()
    for dq, dr in DIRECTIONS:
        moved = base.shifted(dq, dr)
        if fits(field, moved, occupied):
            yield MassiveStep("step", moved, 1)
    for h in own:
        for turns in (1, 5):
            moved = base.pivoted(h, turns)
            if fits(field, moved, occupied):
                yield MassiveStep("pivot", moved, 1)
    if base.level == GROUND:
        portions: dict[Hex, str] = dict(field.obstacle_height)
        portions.update({h: "low" for h in field.ladders})
        for h in own:
            for portion in neighbours(h):
                height = portions.get(portion)
                if height is None:
                    continue
                kind, cost = ("over-low", 3) if height == "low" else ("over-high", 6)
                for landing in neighbours(portion):
                    if landing == h:
                        continue
                    moved = base.shifted(landing[0] - h[0], landing[1] - h[1])
                    if moved != base and fits(field, moved, occupied):
                        yield MassiveStep(kind, moved, cost)
        if not any(h in field.platform_of for h in own):
            for dq, dr in DIRECTIONS:
                moved = base.shifted(dq, dr, PLATFORM)
                if fits(field, moved, occupied):
                    yield MassiveStep("climb-up", moved, 3)
    else:
        for dq, dr in DIRECTIONS:
            moved = base.shifted(dq, dr, GROUND)
            if fits(field, moved, occupied) and not any(
                h in field.platform_of for h in moved.hexes()
            ):
                yield MassiveStep("climb-down", moved, 3)


def massive_points(field: Battlefield, base: Base, speed: int) -> int:
    if any(h in field.difficult for h in base.hexes()) and base.level == GROUND:
        return max(0, speed - 2)
    return speed


def massive_reach(
    field: Battlefield,
    start: Base,
    points: int,
    friends: Iterable[Position] = (),
    enemies: Iterable[Position] = (),
) -> dict[Base, tuple[int, tuple[MassiveStep, ...]]]:
    """Every base placement one move action reaches, with its cost and steps."""
    enemy_set = frozenset(enemies)
    occupied = (frozenset(friends) | enemy_set) - set(start.positions())
    best: dict[Base, int] = {start: 0}
    came: dict[Base, tuple[Base, MassiveStep]] = {}
    stopped: set[Base] = set()
    frontier: list[tuple[int, Base]] = [(0, start)]
    while frontier:
        cost, base = heapq.heappop(frontier)
        if cost > best[base] or base in stopped:
            continue
        for move in _moves(field, base, occupied):
            total = cost + move.cost
            if total > points or total >= best.get(move.to, points + 1):
                continue
            best[move.to] = total
            came[move.to] = (base, move)
            heapq.heappush(frontier, (total, move.to))
            if _stops(move.to, enemy_set):
                stopped.add(move.to)
    result: dict[Base, tuple[int, tuple[MassiveStep, ...]]] = {}
    for base, cost in best.items():
        if base == start:
            continue
        steps: list[MassiveStep] = []
        cursor = base
        while cursor != start:
            previous, step = came[cursor]
            steps.append(step)
            cursor = previous
        result[base] = (cost, tuple(reversed(steps)))
    return result
