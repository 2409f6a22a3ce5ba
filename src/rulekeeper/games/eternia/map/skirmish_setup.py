"""Setting up a skirmish (spec §3.4, §9.8-§9.9): the steps played before its first round.

In order: the Free Heroes draft (an option, item 1: the teams pick heroes of any faction in
turn, the first team first, until each has three); the starting purchases (item 3: 5 Eternium
per hero; the heroes in turn, the teams alternating, buy one equipment or spell card from the
offers or pass, a hero that passed is out, until all have passed; then every team's Eternium is
discarded); the deployment zones (item 4, the first team first); the soldiers (item 5: the first
team places all of its soldiers, then the other, only on outposts of its zone); the heroes (item
6: the teams alternate placing one hero in a location the scenario allows); the mission tokens
(item 7: alternately, as many per team as the scenario says, only in wild regions, one a region,
never next to one already placed). Each is a small step with its own actions, played by the
team's first seat (a hero's purchase: by the hero's seat).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.games.eternia.map.gains import gain
from rulekeeper.games.eternia.map.merchants import KINDS, draw, reveal
from rulekeeper.games.eternia.map.model import MapHero
from rulekeeper.games.eternia.map.outposts import add_soldiers, soldiers_in

__all__ = [
    "STEPS",
    "DeployStep",
    "DraftStep",
    "HeroPlaceStep",
    "PurchaseStep",
    "SoldierStep",
    "TokenStep",
]

RULE = "spec §3.4 (rulebook p.33): the skirmish setup"
STEPS: tuple[type[Step[Any]], ...] = ()
"""The setup's step classes (filled below, for the game's step vocabulary)."""
PURCHASES = ("shop", "mage-guild")
"""The offers of the starting purchases (§9.9: equipment and spells; no forge)."""


def steps(state: Any) -> list[Step[Any]]:
    """The setup steps, the last to play first (the flow plays the list's end first)."""
    found: list[Step[Any]] = [TokenStep(), HeroPlaceStep(), SoldierStep(), DeployStep()]
    found.append(PurchaseStep())
    if state.game.options.get("free_heroes"):
        found.append(DraftStep())
    return found


class _Setup(Step[Any]):
    """A setup step: one team's first seat decides; its candidates checked by its refusal."""

    public_kinds = None

    def team(self, state: Any) -> int:
        raise NotImplementedError

    def actor(self, state: Any) -> int:
        return int(state.teams[self.team(state)].seats[0])

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        actor = self.actor(state)
        if seat != actor:
            return (RULE, f"player {actor} decides for team {self.team(state)} now")
        return self.wrong(state, action)

    def wrong(self, state: Any, action: Action) -> Refusal | None:
        raise NotImplementedError


def alternate(state: Any, done: int) -> int:
    """The team whose turn it is after *done* alternate picks, the first team first."""
    return int((state.first + done) % 2)


@dataclass
class DraftStep(_Setup):
    """The Free Heroes draft (§3.4 item 1, [INTERP] alternate picks, the first team first)."""

    kind = "draft"
    rule = RULE
    picks: int = 0

    def team(self, state: Any) -> int:
        return alternate(state, self.picks)

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for hero in state.pack.heroes:
            yield Action.of("draft", hero=hero)

    def wrong(self, state: Any, action: Action) -> Refusal | None:
        name = str(action.get("hero"))
        if action.kind != "draft" or name not in state.pack.heroes:
            return (RULE, "draft a hero: draft hero=...")
        if state.hero_index(name) is not None:
            return (RULE, f"{name} was drafted already")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        team = self.team(state)
        name = str(action.get("hero"))
        seats = state.teams[team].seats
        mine = sum(1 for hero in state.heroes if hero.team == team)
        base = state.board.base_of(state.teams[team].faction)
        state.heroes.append(MapHero(id=name, team=team, area=base))
        state.control.assign(name, seats[mine % len(seats)])
        state.events.append("drafted", {"team": team, "hero": name})
        self.picks += 1
        if self.picks >= 6:
            state.flow.pop()


@dataclass
class PurchaseStep(_Setup):
    """The starting purchases (item 3). ``out``: the heroes that passed; ``done``: the
    purchases made (the next hero is found from it)."""

    kind = "purchase"
    rule = RULE
    out: list[str] = dataclasses.field(default_factory=list)
    done: int = 0
    opened: bool = False

    def run(self, state: Any) -> None:
        """The offers are revealed (§9.9) and each team gains 5 Eternium per hero."""
        self.opened = True
        for kind in PURCHASES:
            reveal(state, kind)
        per_hero = state.number("skirmish_eternium")
        for index, team in enumerate(state.teams):
            heroes = sum(1 for hero in state.heroes if hero.team == index)
            team.pool.gain({"eternium": per_hero * heroes})
        state.events.append("purchases-begin", {"eternium": per_hero})

    def _order(self, state: Any) -> list[int]:
        """The heroes in purchase order: the teams alternating, the first team first."""
        teams = [[i for i, h in enumerate(state.heroes) if h.team == t] for t in (0, 1)]
        first = [state.first, 1 - state.first]
        return [teams[t][k] for k in range(3) for t in first if k < len(teams[t])]

    def hero(self, state: Any) -> int:
        order = [i for i in self._order(state) if state.heroes[i].id not in self.out]
        return order[self.done % len(order)]

    def team(self, state: Any) -> int:
        return int(state.heroes[self.hero(state)].team)

    def actor(self, state: Any) -> int:
        return int(state.controller_of(self.hero(state))) if self.opened else AUTO

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for kind in PURCHASES:
            for card in dict.fromkeys(state.offers.get(kind, [])):
                yield Action.of("buy", card=card)
        yield Action.of("pass")

    def wrong(self, state: Any, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        card = str(action.get("card"))
        kind = _offer_of(state, card)
        if action.kind != "buy" or kind is None:
            return (RULE, "buy a card of the shop's or the mage guild's offer, or pass")
        cost = int(getattr(state.pack, KINDS[kind])[card].cost)
        pool = state.teams[self.team(state)].eternium
        if pool < cost:
            return (RULE, f"{card} costs {cost} Eternium; the team has {pool}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        index = self.hero(state)
        hero = state.heroes[index]
        if action.kind == "pass":
            self.out.append(hero.id)
            state.events.append("passed", {"hero": hero.id})
            if len(self.out) == len(state.heroes):
                self._close(state)
            return
        card = str(action.get("card"))
        kind = _offer_of(state, card)
        assert kind is not None
        deck = KINDS[kind]
        state.teams[hero.team].pool.lose({"eternium": int(getattr(state.pack, deck)[card].cost)})
        state.offers[kind].remove(card)
        state.offers[kind].extend(draw(state, deck, 1))
        state.events.append("bought", {"hero": hero.id, "card": card})
        self.done += 1
        gain(state, index, card)

    def _close(self, state: Any) -> None:
        """Every hero has passed: each team's Eternium left is discarded (item 3)."""
        state.flow.steps.remove(self)
        for team in state.teams:
            team.pool.lose({"eternium": team.eternium})
        state.events.append("purchases-end", {})


def _offer_of(state: Any, card: str) -> str | None:
    """The merchant type of the starting purchases whose offer shows *card*, or None."""
    return next((kind for kind in PURCHASES if card in state.offers.get(kind, [])), None)


@dataclass
class DeployStep(_Setup):
    """Each team picks a deployment zone of the scenario (item 4), the first team first."""

    kind = "deploy"
    rule = RULE

    def team(self, state: Any) -> int:
        return alternate(state, sum(1 for zone in state.deployed if zone))

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for zone in state.setting.deployment_zones:
            yield Action.of("zone", zone=zone.id)

    def wrong(self, state: Any, action: Action) -> Refusal | None:
        known = [zone.id for zone in state.setting.deployment_zones]
        if action.kind != "zone" or action.get("zone") not in known:
            return (RULE, f"a deployment zone: {', '.join(known)}")
        if action.get("zone") in state.deployed:
            return (RULE, "the other team took that zone")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        team = self.team(state)
        state.deployed[team] = str(action.get("zone"))
        state.events.append("deployed", {"team": team, "zone": state.deployed[team]})
        if all(state.deployed):
            state.flow.pop()


@dataclass
class SoldierStep(_Setup):
    """The teams place their soldiers (item 5): the first team all of its own, then the other,
    one at a time, on outposts of their zone."""

    kind = "place-soldiers"
    rule = RULE
    placed: list[int] = dataclasses.field(default_factory=lambda: [0, 0])

    def team(self, state: Any) -> int:
        first = state.first
        return int(first if self.placed[first] < self._count(state, first) else 1 - first)

    def _count(self, state: Any, team: int) -> int:
        """How many soldiers *team* deploys: the scenario's, at most its supply."""
        return int(min(state.setting.soldiers, self.placed[team] + state.teams[team].soldiers))

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for area in state.zone_areas(self.team(state)):
            yield Action.of("place-soldier", area=area)

    def wrong(self, state: Any, action: Action) -> Refusal | None:
        team = self.team(state)
        area = str(action.get("area"))
        if action.kind != "place-soldier" or area not in state.zone_areas(team):
            return (RULE, "a soldier goes on an outpost of the team's deployment zone")
        if not state.board.is_outpost(area) or state.board.base_team(area) is not None:
            return (RULE, f"{area} is not an outpost soldiers may hold")
        cap = state.number("soldier_cap")
        if soldiers_in(state, area, team) >= cap:
            return (RULE, f"{area} holds {cap} of the team's soldiers (spec §5.3)")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        team = self.team(state)
        area = str(action.get("area"))
        add_soldiers(state, area, team, 1)
        state.arrived_soldiers(area)
        self.placed[team] += 1
        if all(self.placed[t] >= self._count(state, t) for t in (0, 1)):
            state.flow.pop()
        elif not self.legal(state, self.actor(state)):
            self.placed[self.team(state)] = int(state.setting.soldiers)  # no room left
            if all(self.placed[t] >= self._count(state, t) for t in (0, 1)):
                state.flow.pop()


@dataclass
class HeroPlaceStep(_Setup):
    """The teams alternate placing one hero at a time (item 6) where the scenario allows."""

    kind = "place-heroes"
    rule = RULE
    placed: list[str] = dataclasses.field(default_factory=list)

    def team(self, state: Any) -> int:
        if state.against_game():  # solo: the players' team alone places its heroes
            return 0
        counts = [sum(1 for h in state.heroes if h.team == t) for t in (0, 1)]
        done = [
            sum(1 for h in self.placed if state.heroes[state.hero_index(h)].team == t)
            for t in (0, 1)
        ]
        team = alternate(state, len(self.placed))
        return team if done[team] < counts[team] else 1 - team

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        team = self.team(state)
        for hero in state.heroes:
            if hero.team == team and hero.id not in self.placed:
                for area in state.hero_places(team):
                    yield Action.of("place-hero", hero=hero.id, area=area)

    def wrong(self, state: Any, action: Action) -> Refusal | None:
        team = self.team(state)
        index = state.hero_index(str(action.get("hero")))
        if action.kind != "place-hero" or index is None or state.heroes[index].team != team:
            return (RULE, "place one of the team's heroes: place-hero hero=... area=...")
        if state.heroes[index].id in self.placed:
            return (RULE, "that hero is placed already")
        if action.get("area") not in state.hero_places(team):
            return (RULE, "a hero starts where the scenario allows: " + _list(state, team))
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        index = state.hero_index(str(action.get("hero")))
        hero = state.heroes[index]
        hero.area = str(action.get("area"))
        self.placed.append(hero.id)
        state.events.append("hero-placed", {"hero": hero.id, "area": hero.area})
        state.arrived(index)
        placing = [h for h in state.heroes if state.teams[h.team].seats]
        if len(self.placed) == len(placing):
            state.flow.pop()


def _list(state: Any, team: int) -> str:
    """The areas where *team*'s heroes may start, for a refusal."""
    return ", ".join(state.hero_places(team))


@dataclass
class TokenStep(_Setup):
    """The teams alternate placing mission tokens (item 7)."""

    kind = "place-tokens"
    rule = RULE
    placed: int = 0

    def team(self, state: Any) -> int:
        return alternate(state, self.placed)

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for area in state.board.areas:
            if state.board.is_wild(area):
                yield Action.of("place-token", area=area)

    def wrong(self, state: Any, action: Action) -> Refusal | None:
        area = str(action.get("area"))
        if action.kind != "place-token" or area not in state.board.areas:
            return (RULE, "a mission token goes in a wild region: place-token area=...")
        if not state.board.is_wild(area):
            return (RULE, f"{area} is not a wild region")
        if area in state.missions:
            return (RULE, f"{area} has a mission token already")
        if set(state.board.graph.neighbours(area)) & set(state.missions):
            return (RULE, f"{area} is next to an area with a mission token")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.missions.append(str(action.get("area")))
        state.events.append("token-placed", {"team": self.team(state), "area": state.missions[-1]})
        self.placed += 1
        total = 2 * int(state.setting.mission_tokens_per_team)
        if self.placed >= total or not self.legal(state, self.actor(state)):
            state.flow.pop()


STEPS = (DraftStep, PurchaseStep, DeployStep, SoldierStep, HeroPlaceStep, TokenStep)
