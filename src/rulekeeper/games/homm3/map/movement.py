"""Moving heroes and what entering a field starts (homm3.md §5.2, §5.3, §5.5, §5.14.4,
§5.18.1, §8.14, §8.16, §8.19, §8.20).

A move takes a hero of the active player one field, for 1 MP (the Main Hero has 3 MP a round,
a Secondary Hero 2, plus the turn's bonuses). Blocked fields and face-down tiles are never
entered; a printed border stops a step. An occupied Sanctuary can be passed through but not
stopped on: a hero entering one that another hero holds must have MP left to leave it, and
cannot end its turn there (§8.19).

Entering a field (:class:`EnterStep`), in order: an enemy hero there is fought (unless it stands
on a Sanctuary); an enemy town or settlement is besieged (its owner's Main Hero defends it, or
the owner may pay to transport the army, §5.14.4; undefended, it is captured, §8.20); an
unvisited guarded field, or a mine nobody has flagged yet, is fought for (§5.18.1, §8.16);
then, if the hero is still there, the field is visited (visiting.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import (
    ai_heroes,
    board,
    effects,
    events,
    places,
    secondary,
    teams,
    town_actions,
    visiting,
)
from rulekeeper.games.homm3.map.actions import Rule
from rulekeeper.games.homm3.map.ai_fights import AiFightStep
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.model import AI_SEAT, MAIN, NOBODY_SEAT, MapHero
from rulekeeper.games.homm3.map.sieges import SiegeStep

__all__ = ["RULE", "EnterStep", "guarded", "move_refusal", "step_refusal"]

RULE_MOVE = "homm3.md §5.2 movement (rulebook p. 10)"
RULE_BLOCKED = "homm3.md §5.1 blocked field (thick yellow border, rulebook p. 18)"
RULE_SANCTUARY = "homm3.md §5.4 Sanctuary, §8.19"
STAGES = ("start", "visit", "done")


def guarded(state: Any, key: str) -> int:
    """The difficulty of the neutral units guarding *key*, 0 for none: a numeral field not yet
    visited, a mine nobody has flagged (§5.5, §8.16)."""
    printed = board.field_at(state, key)
    if printed is None or printed.difficulty <= 0:
        return 0
    found = state.sites.get(key)
    if found is not None and (found.visited or found.flagged_before):
        return 0
    return int(printed.difficulty)


def sanctuary_held(state: Any, key: str, mover: MapHero) -> bool:
    """Whether *key* is a Sanctuary a hero of another player holds (§5.4, §8.19; a player's
    own heroes may share one)."""
    printed = board.field_at(state, key)
    if printed is None or printed.location != "sanctuary":
        return False
    return any(other.seat != mover.seat for other in board.heroes_at(state, key))


def move_candidates(state: Any, seat: int) -> Iterable[Action]:
    """A move of each of *seat*'s heroes on the map to each field next to it."""
    tilemap = state.tilemap()
    for item in state.heroes:
        if item.seat == seat and item.on_map and item.mp > 0:
            for key in board.neighbour_fields(tilemap, item.field):
                yield Action.of("move", hero=item.id, to=key)


def move_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not move as *action* says (None: it may)."""
    names = sorted(name for name, _ in action.params)
    if names != ["hero", "to"]:
        return (RULE_MOVE, "a move names a hero and a field: move hero=ID to=Q,R")
    item = board.hero(state, str(action.param("hero")))
    if item is None or item.seat != seat:
        return (RULE_MOVE, f"you have no hero {action.param('hero')!r}")
    if not item.on_map:
        return (RULE_MOVE, f"{item.id} is not on the map")
    return step_refusal(state, item, str(action.param("to")))


def step_refusal(state: Any, item: Any, to: str) -> Refusal | None:
    """Why the hero *item* (a player's, or an AI hero: ai_movement.py takes its steps through
    this too) may not step from its field to *to* now (None: it may)."""
    if item.mp <= 0:
        return (RULE_MOVE, f"{item.id} has no movement points left this turn")
    tilemap = state.tilemap()
    if board.field_at(state, to) is None:
        return (RULE_MOVE, f"{to} is not a field of a face-up tile")
    if to not in board.neighbour_fields(tilemap, item.field):
        return (RULE_MOVE, f"{to} is not next to {item.id}'s field {item.field} (one field a move)")
    if to in tilemap.graph.closed:
        return (RULE_BLOCKED, f"{to} is a blocked field: no hero enters it")
    if sanctuary_held(state, to, item) and item.mp < 2:
        return (RULE_SANCTUARY, "another hero holds that Sanctuary: you may only pass through it")
    return None


def move(state: Any, seat: int, action: Action) -> None:
    """Carry out a legal move and start what entering the field does."""
    item = board.hero(state, action.str_param("hero"))
    assert item is not None
    item.mp -= 1
    item.previous, item.field = item.field, action.str_param("to")
    state.events.append("hero-moves", {"hero": item.id, "from": item.previous, "to": item.field})
    state.flow.push(EnterStep(hero=item.id, field=item.field))


RULE: Rule = Rule(("move",), move_candidates, move_refusal, move)


@dataclass
class EnterStep(Step[Any]):
    """What entering *field* starts for *hero* (module doc); automatic."""

    kind = "enter"
    rule = RULE_MOVE
    hero: str = ""
    field: str = ""
    stage: str = "start"

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage must be one of {', '.join(STAGES)}")

    def run(self, state: Any) -> None:
        item = board.hero(state, self.hero)
        if self.stage == "done" or item is None or item.field != self.field:
            state.flow.pop()  # the hero left (a fight lost, fled) or is gone
            return
        if self.stage == "start":
            self.stage = "visit"
            events.on_trigger(state, "visited", self.field, item.seat)  # the scenario's
            town = board.town_at(state, self.field)
            if (
                town is not None
                and town.owner == AI_SEAT
                and not ai_heroes.at_field(state, self.field)
            ):
                back = town.seat if teams.allied(state, town.seat, item.seat) else item.seat
                places.capture(state, back, self.field)  # undefended (§8.20); to its team
            fight = encounter(state, item, self.field)
            if fight is not None:
                state.flow.push(fight)
                if isinstance(fight, FightStep | AiFightStep):
                    town_actions.open_window(state, item.seat, "before-combat")  # §8.13
            return
        self.stage = "done"
        visiting.visit(state, item, self.field)


def encounter(state: Any, item: MapHero, key: str) -> Step[Any] | None:
    """The fight entering *key* starts for *item* (a siege of an enemy town or settlement
    without its hero starts with its owner's choice, sieges.py; an AI hero there is fought,
    ai_fights.py), or None."""
    ai = ai_heroes.at_field(state, key)
    if ai is not None:
        return AiFightStep(ai=ai.id, hero=item.id, field=key)
    enemies = [o for o in board.heroes_at(state, key) if not teams.allied(state, o.seat, item.seat)]
    printed = board.field_at(state, key)
    if enemies and (printed is None or printed.location != "sanctuary"):
        enemy = next((e for e in enemies if e.role == MAIN), enemies[0])
        against = "siege" if _holds_place(state, key, enemy.seat) else "hero"
        return secondary.fight_or_remove(item, enemy, key, against)
    owner = _place_owner(state, key)
    if owner == AI_SEAT:  # an AI's flag: no hero defends it, the visit takes it (§5.24)
        return None
    if owner != NOBODY_SEAT and not teams.allied(state, owner, item.seat):
        return SiegeStep(hero=item.id, field=key, owner=owner)
    level = guarded(state, key)
    if level and not effects.skip_neutral_fight(state, item, key, level):  # Diplomacy Expert
        return FightStep(hero=item.id, field=key, against="neutral", difficulty=level)
    return None


def _place_owner(state: Any, key: str) -> int:
    """The seat holding the town or settlement on *key* (-1: none, or no such place)."""
    town = board.town_at(state, key)
    if town is not None:
        return int(town.owner)
    printed = board.field_at(state, key)
    if printed is None or printed.location != "settlement":
        return NOBODY_SEAT
    return board.site_owner(state, key)


def _holds_place(state: Any, key: str, seat: int) -> bool:
    return _place_owner(state, key) == seat
