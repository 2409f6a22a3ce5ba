"""Movement (spec §5.2): Move, Fast Travel, flying; the combats a move starts.

A Move (standard action) spends the hero's MP one area at a time: ``move to=AREA`` starts it
(the turn's :data:`MOVE`) and each next ``move`` or ``stop`` is the :class:`MoveStep` above the
turn, so no other action comes in between (spec §5.2.1). Borders, paths (ordinary adjacency,
spec §9.15) and wraps cost 1 MP; a flight route 2, for flyers only (§5.2.4). Entering an area
with enemy miniatures ends a walker's move and starts the area's combats (meetings.py); a flyer
passes through and fights only where it stops. Nobody enters an enemy team's base (§5.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.meetings import MeetingStep, protected
from rulekeeper.games.eternia.map.outposts import enemies_in
from rulekeeper.games.eternia.map.standard import standard_refusal, take

__all__ = ["FAST_TRAVEL", "MOVE", "MoveStep", "move_refusal"]

RULE_MOVE = "spec §5.2.1 (rulebook p.12): Move"
RULE_FLY = "spec §5.2.4 (rulebook p.12): only flying heroes use flight routes"
RULE_BASE = "spec §5.1 (rulebook p.7): no hero enters an enemy team's base"
RULE_FAST = "spec §5.2.2 (rulebook p.12): Fast Travel between towers"
LAND = ("border", "path", "wrap")
"""The edge kinds every hero walks (spec §5.1, §9.15)."""
FLIGHT = "flight"


def _cost(state: Any, hero: int, to: str) -> tuple[int, str] | None:
    """The MP cost and kind of the cheapest way from the hero's area to the adjacent *to*
    that it may use (None: not adjacent for it)."""
    flyer = holdings.can_fly(state, state.heroes[hero])
    best: tuple[int, str] | None = None
    for arc in state.board.graph.arcs(state.heroes[hero].area):
        if arc.to != to or (arc.kind == FLIGHT and not flyer):
            continue
        if best is None or arc.cost < best[0]:
            best = (arc.cost, arc.kind)
    return best


def move_refusal(state: Any, hero: int, to: str, mp: int) -> Refusal | None:
    """Why *hero* may not move into *to* with *mp* MP left (spec §5.2.1, §5.2.4, §5.1, A-29)."""
    here = state.heroes[hero]
    if to not in state.board.graph:
        return (RULE_MOVE, f"{to!r} is no area of the map")
    found = _cost(state, hero, to)
    if found is None:
        flight = to in state.board.graph.neighbours(here.area, (FLIGHT,))
        if flight:
            return (RULE_FLY, f"{here.id} cannot fly: the route to {to} is over water")
        return (RULE_MOVE, f"{to} is not adjacent to {here.area}")
    cost, _ = found
    if cost > mp:
        return (RULE_MOVE, f"entering {to} costs {cost} MP and {here.id} has {mp} left")
    owner = state.board.base_team(to)
    if owner is not None and owner != state.teams[here.team].faction:
        return (RULE_BASE, f"{to} is the base of another team")
    return protected(state, here.team, to)


def _targets(state: Any, hero: int) -> list[str]:
    """The areas one edge away from the hero's area, each once."""
    return list(state.board.graph.neighbours(state.heroes[hero].area))


def _move_candidates(state: Any, seat: int) -> Iterable[Action]:
    turn = state.turn()
    if turn is None:
        return
    for to in _targets(state, turn.hero):
        yield Action.of("move", to=to)


def _move_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    found = standard_refusal(state, seat, "move")
    if found is not None:
        return found
    hero = state.turn().hero
    return move_refusal(state, hero, str(action.get("to")), holdings.movement(state, hero))


def _move_apply(state: Any, seat: int, action: Action) -> None:
    take(state, "move")
    hero = state.turn().hero
    step = MoveStep(hero=hero, mp=holdings.movement(state, hero))
    state.flow.push(step)
    step.enter(state, str(action.get("to")))


MOVE = Rule(("move",), _move_candidates, _move_refusal, _move_apply)
"""A Move's first step, which takes the standard action (spec §5.2.1)."""


@dataclass
class MoveStep(Step[Any]):
    """A Move under way: *hero* has ``mp`` MP left; it moves on or stops (spec §5.2.1)."""

    kind = "moving"
    rule = RULE_MOVE
    public_kinds = None
    hero: Annotated[int, Bounds(0, 8)] = 0
    mp: Annotated[int, Bounds(0, 99)] = 0

    def actor(self, state: Any) -> int:
        return int(state.controller_of(self.hero))

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for to in _targets(state, self.hero):
            yield Action.of("move", to=to)
        yield Action.of("stop")

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [a for a in self.candidates(state, seat) if self.refusal(state, seat, a) is None]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        owner = self.actor(state)
        if seat != owner:
            return (self.rule, f"player {owner} moves {state.heroes[self.hero].id}")
        if action.kind == "stop":
            return None
        if action.kind != "move":
            return (self.rule, "a Move is not interrupted by another action: move on or stop")
        return move_refusal(state, self.hero, str(action.get("to")), self.mp)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "stop":
            self.stop(state)
            return
        self.enter(state, str(action.get("to")))

    def enter(self, state: Any, to: str) -> None:
        """The hero enters *to*: MP spent; a walker entering enemies stops and fights there."""
        hero = state.heroes[self.hero]
        found = _cost(state, self.hero, to)
        assert found is not None
        cost, kind = found
        self.mp -= cost
        start = hero.area
        hero.area = to
        state.events.append("moved", {"hero": hero.id, "from": start, "to": to, "by": kind})
        state.arrived(self.hero)
        if to in state.vines or (
            enemies_in(state, to, hero.team) and not holdings.can_fly(state, hero)
        ):  # the vines hold a hero that enters (content: spread-vines)
            self.stop(state)

    def stop(self, state: Any) -> None:
        """The Move ends (its MP left are lost); enemies where the hero stands: the combats."""
        state.flow.pop()
        hero = state.heroes[self.hero]
        state.events.append("move-ends", {"hero": hero.id, "area": hero.area})
        avoid = any(effect.kind == "avoid-combat" for effect in state.boons(self.hero))
        if enemies_in(state, hero.area, hero.team) and not avoid:
            state.flow.push(MeetingStep(hero=self.hero))


def _passes(state: Any, hero: int) -> bool:
    """Whether hero *hero* passes through enemies: it flies (spec §5.2.4) or a map spell lets
    it avoid combat this turn (casting.py)."""
    if holdings.can_fly(state, state.heroes[hero]):
        return True
    return any(effect.kind == "avoid-combat" for effect in state.boons(hero))


def _fast_candidates(state: Any, seat: int) -> Iterable[Action]:
    for tower in state.board.towers():
        yield Action.of("fast-travel", to=tower)


def _fast_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    found = standard_refusal(state, seat, "fast-travel")
    if found is not None:
        return found
    hero = state.heroes[state.turn().hero]
    towers = state.board.towers()
    to = str(action.get("to"))
    if hero.area not in towers:
        return (RULE_FAST, f"{hero.id} is not in a tower ({', '.join(towers)})")
    if to not in towers or to == hero.area:
        return (RULE_FAST, f"fast travel goes to another tower ({', '.join(towers)})")
    return protected(state, hero.team, to)


def _fast_apply(state: Any, seat: int, action: Action) -> None:
    take(state, "fast-travel")
    index = state.turn().hero
    hero = state.heroes[index]
    start, hero.area = hero.area, str(action.get("to"))
    state.events.append("fast-travel", {"hero": hero.id, "from": start, "to": hero.area})
    state.arrived(index)
    if enemies_in(state, hero.area, hero.team):
        state.flow.push(MeetingStep(hero=index))


FAST_TRAVEL = Rule(("fast-travel",), _fast_candidates, _fast_refusal, _fast_apply)
"""Fast Travel (spec §5.2.2, A-45): from a tower to either other tower, entering as a move."""
