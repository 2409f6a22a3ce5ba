"""Towns and settlements held on the map: capturing them and sending heroes home
(homm3.md §1.4, §5.5, §5.14.3, §5.20, §5.22, §8.20, §8.37, §9.8).

A seat holds a town or settlement when its faction cube flags it. Capturing one (a siege won,
or an undefended one entered, §8.20) flags it for the captor; a town's captor also takes the
cube of its faction (§5.14.3); while it holds it, the scenario's capture income is part of
its income (§9.8, economy.py). A defeated or
surrendering Main Hero goes to a town or settlement its player holds, chosen by that player
(:class:`PlaceHeroStep`); with none, it waits off the map until its player flags one (§8.37).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import board
from rulekeeper.games.homm3.map.model import MAIN, MapHero

__all__ = ["PlaceHeroStep", "capture", "held_places", "homecoming", "send_home"]

RULE_HOME = "homm3.md §5.20 (a defeated Main Hero goes to a Town or Settlement you control)"


def held_places(state: Any, seat: int) -> list[str]:
    """The fields of the towns and settlements *seat* holds, in board order."""
    found = [town.field for town in state.towns if town.owner == seat]
    for key, item in state.sites.items():
        if item.owner == seat and key not in found and _settlement(state, key):
            found.append(key)
    return sorted(found, key=_order)


def _order(key: str) -> tuple[int, int]:
    q, _, r = key.partition(",")
    return (int(r), int(q))


def _settlement(state: Any, key: str) -> bool:
    printed = board.field_at(state, key)
    return printed is not None and printed.location == "settlement"


def capture(state: Any, seat: int, key: str) -> None:
    """*seat* captures the town on *key* (§5.14.3, §8.20, §9.8); a settlement is flagged, its
    reward chosen, when the hero visits it (visiting.py), so nothing happens here for one."""
    town = board.town_at(state, key)
    if town is None:
        return
    site = board.touch(state, key)
    before = town.owner
    if before == seat:
        return
    site.owner = seat
    site.flagged_before = True
    site.reward = ""
    state.events.append("captured", {"seat": seat, "field": key, "from": before})
    town.owner = seat
    homecoming(state, seat, key)
    if town.seat != seat:
        faction = state.players[town.seat].faction
        state.players[seat].cubes.append(faction)
        state.events.append("cube-taken", {"seat": seat, "faction": faction})


def homecoming(state: Any, seat: int, key: str) -> None:
    """*seat* has just flagged the town or settlement on *key*: a Main Hero of its waiting off
    the map (defeated with nowhere to go, §8.37) comes back there."""
    for item in state.heroes:
        if item.seat == seat and item.role == MAIN and not item.field:
            item.field, item.previous = key, ""
            state.events.append("hero-goes-home", {"hero": item.id, "to": key})


def send_home(state: Any, item: MapHero) -> None:
    """*item*, a defeated Main Hero, goes to a town or settlement of its player (§5.20)."""
    places = held_places(state, item.seat)
    item.previous = ""
    if len(places) == 1:
        item.field = places[0]
        state.events.append("hero-goes-home", {"hero": item.id, "to": item.field})
    elif not places:
        item.field = ""  # §8.37: off the map until a town or settlement is flagged
        state.events.append("hero-homeless", {"hero": item.id})
    else:
        item.field = ""
        state.flow.push(PlaceHeroStep(seat=item.seat, hero=item.id, options=places))


@dataclass
class PlaceHeroStep(Step[Any]):
    """*seat* chooses the town or settlement its defeated Main Hero goes to (§5.20)."""

    kind = "place-hero"
    rule = RULE_HOME
    public_kinds = frozenset({"place-hero"})
    seat: int = 0
    hero: str = ""
    options: list[str] = dataclasses.field(default_factory=list)

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [Action.of("place-hero", field=key) for key in self.options]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action.kind != "place-hero" or action.get("field") not in self.options:
            return (self.rule, f"choose one of your towns and settlements: {self.options}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        item = board.hero(state, self.hero)
        if item is not None:
            item.field = action.str_param("field")
            state.events.append("hero-goes-home", {"hero": item.id, "to": item.field})
