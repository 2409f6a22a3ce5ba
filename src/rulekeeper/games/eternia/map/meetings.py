"""Meetings (spec §5.5): a hero or soldiers entering an area with enemy miniatures, the combats
that follow, and their results on the map.

A hero's entry is an area's combats (combat/area.py ``AreaCombat``: epic combats against each
defending hero, the defending team choosing the order, then its soldiers), soldiers' entry a
soldier combat (combat/soldier_combat.py): both are the ``eternia-combat`` procedures, played on
this state as sub-games (core/subgame.py) from a combat file this module writes from the map.
Their typed results come back here: damage, Eternium, VP, soldiers lost, the defeated heroes
(defeat.py) and the heroes that must leave the area (:class:`LeaveStep`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.jsonvalue import JsonObject, JsonValue
from rulekeeper.core.record import Bounds
from rulekeeper.core.subgame import HostStep, Seating
from rulekeeper.games.eternia.combat.area import AreaResult
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.soldiers import SoldierResult, hero_vs_soldiers
from rulekeeper.games.eternia.combat.solo_file import read_solo, write_solo
from rulekeeper.games.eternia.combat.subgames import AreaSubGame, SoldierSubGame
from rulekeeper.games.eternia.map import defeat, holdings, solo, triggers
from rulekeeper.games.eternia.map.outposts import (
    add_soldiers,
    controller,
    enemies_in,
    enemy_heroes_in,
    friends_in,
    heroes_in,
    remove_soldiers,
    soldiers_in,
)

__all__ = [
    "JsonValue",
    "LeaveStep",
    "MeetingStep",
    "SoldierMeetingStep",
    "can_flee",
    "carry_side",
    "combat_options",
    "leave",
    "protected",
    "side_entry",
]

RULE_MEET = "spec §5.5 (rulebook p.17): enemies meet, combat follows"
RULE_PROTECT = "spec §3.3, A-29 (rulebook p.10): no attack on enemy heroes before Skull Event 2"
RULE_LEAVE = "spec §5.2.5, A-8 (rulebook p.20): the loser leaves the area"
RULE_PUSHED = (
    "spec §5.17.3 (rulebook p.32): the enemy chooses what is most harmful to you; the harm "
    "order (docs/eternia.md, provisional): the area farthest from the hero's base"
)
COMBAT_OPTIONS = ("faster", "initiative_matters", "stronger_together", "dice_of_power")


def protected(state: Any, team: int, area: str) -> Refusal | None:
    """The first game's protection period (spec §3.3, A-29): an area with an enemy hero may not
    be entered before Skull Event 2 has happened."""
    if not state.game.options.get("first_game") or state.skulls_passed() >= 2:
        return None
    if enemy_heroes_in(state, area, team):
        return (RULE_PROTECT, f"an enemy hero is in {area}: no attack before Skull Event 2")
    return None


def combat_options(state: Any) -> JsonObject:
    """The epic combats' optional rules, as the game's options say (spec §5.6.6, §5.7)."""
    chosen = state.game.options
    found: JsonObject = {name: bool(chosen.get(name)) for name in COMBAT_OPTIONS}
    found["first_game"] = bool(chosen.get("first_game"))
    found["free_heroes"] = bool(chosen.get("free_heroes"))
    return found


def side_entry(state: Any, index: int) -> JsonObject:
    """Hero *index* as a side of a combat file (docs/eternia-combat.md): its seat, damage, the
    team's Eternium, deck and combat spells, its consumables and held cards, the friendly
    soldiers and heroes with it. Against the game an enemy hero is an ``enemy`` side: its
    damage alone (spec §5.17.3, A-28)."""
    hero = state.heroes[index]
    if solo.is_solo(state) and hero.team == solo.ENEMY:
        return {"enemy": hero.id, "damage": hero.damage}
    team = state.teams[hero.team]
    pack = state.pack
    spells = [
        card
        for other in state.heroes
        if other.team == hero.team
        for card in other.spells
        if "combat" in pack.spells[card].uses
    ]
    consumables = [card for card in hero.backpack if pack.equipment[card].type == "consumable"]
    friends = len(friends_in(state, hero.area, hero.team)) - 1
    return {
        "hero": hero.id,
        "faction": team.faction,
        "seat": state.controller_of(index),
        "damage": hero.damage,
        "eternium": team.eternium,
        "soldiers": soldiers_in(state, hero.area, hero.team),
        "friends": max(0, min(2, friends)),
        "spells": list(spells),
        "consumables": list(consumables),
        "held": list(holdings.held(hero)),
        "deck": list(team.deck),
        "shuffle": True,
    }


def _soldiers_defender(state: Any, index: int) -> JsonObject:
    """Hero *index* defending against soldiers (spec §5.9): its seat, damage and held cards;
    against the game an enemy hero, which no seat plays (its damage alone)."""
    hero = state.heroes[index]
    if solo.is_solo(state) and hero.team == solo.ENEMY:
        return {"enemy": hero.id, "damage": hero.damage}
    return {
        "hero": hero.id,
        "seat": state.controller_of(index),
        "damage": hero.damage,
        "held": holdings.held(hero),
    }


def can_flee(state: Any, index: int) -> bool:
    """Whether an adjacent area without the hero's enemies exists (spec §5.6.3 step 8)."""
    hero = state.heroes[index]
    return any(not enemies_in(state, area, hero.team) for area in _adjacent(state, index))


def _adjacent(state: Any, index: int) -> list[str]:
    """The areas a hero may be moved to from its area (A-8): one land edge away, never an enemy
    team's base."""
    hero = state.heroes[index]
    faction = state.teams[hero.team].faction
    found = state.board.graph.neighbours(hero.area, ("border", "path", "wrap"))
    return [a for a in found if state.board.base_team(a) in (None, faction)]


@dataclass
class MeetingStep(HostStep[Any, AreaResult]):
    """Hero *hero* entered an area with enemy miniatures: the area's combats (spec §5.5)."""

    kind = "meeting"
    rule = RULE_MEET
    result_type = AreaResult
    hero: Annotated[int, Bounds(0, 8)] = 0
    started: bool = False

    def actor(self, state: Any) -> int:
        return -3

    def run(self, state: Any) -> None:
        if self.started:  # (a result is taken by take; nothing else brings us here)
            state.flow.pop()
            return
        self.started = True
        hero = state.heroes[self.hero]
        area = hero.area
        enemy = enemy_heroes_in(state, area, hero.team)
        defending = {state.heroes[i].team for i in enemy}
        other = next(iter(defending), None)
        if other is None:
            other = next(
                t for t, n in enumerate(state.soldiers.get(area, [])) if n and t != hero.team
            )
            self._soldiers_only(state, other)
            return
        doc: JsonObject = {
            "format": "eternia-combat",
            "version": 1,
            "combat": "area",
            "options": combat_options(state),
            "can_flee": can_flee(state, self.hero),
            "active": side_entry(state, self.hero),
            "defenders": [side_entry(state, i) for i in enemy],
            "soldiers": soldiers_in(state, area, other),
        }
        if state.cards is not None:  # against the game: the enemy's decks (spec §5.17.3)
            doc["solo"] = write_solo(state.cards)
        state.events.append(
            "meeting",
            {"hero": hero.id, "area": area, "defenders": [state.heroes[i].id for i in enemy]},
        )
        seating = Seating.alone(max(2, state.num_players), decider=state.controller_of(self.hero))
        self.play(state, AreaSubGame(doc, "meeting"), seating)

    def _soldiers_only(self, state: Any, team: int) -> None:
        """The hero against an outpost's soldiers alone (A-2): each soldier removed deals it 1,
        until it is at 0 HP (the rest stay; a defeat by soldiers gives no VP)."""
        state.flow.pop()
        hero = state.heroes[self.hero]
        found = hero_vs_soldiers(holdings.hp(state, hero), soldiers_in(state, hero.area, team))
        remove_soldiers(state, hero.area, team, found.defenders_lost)
        hero.damage += found.hero_damage[0]
        state.events.append(
            "soldiers-fought",
            {"hero": hero.id, "area": hero.area, "hp_lost": found.hero_damage[0]},
        )
        if found.heroes_defeated:
            defeat.defeat(state, self.hero, by_soldiers=True)
        else:
            state.arrived(self.hero)

    def take(self, state: Any, result: AreaResult) -> None:
        state.flow.pop()
        hero = state.heroes[self.hero]
        area = hero.area
        others = {state.heroes[i].team for i in heroes_in(state, area)} - {hero.team}
        defending = next(iter(others), None)
        if defending is None:
            counts = state.soldiers.get(area, [])
            defending = next((t for t, n in enumerate(counts) if n and t != hero.team), None)
        teams = [hero.team, defending if defending is not None else hero.team]
        _carry(state, result, teams)
        if result.solo:
            state.cards = read_solo(result.solo, state.pack, state.rng, "meeting")
        if defending is not None:
            lost = soldiers_in(state, area, defending) - result.soldiers_left
            remove_soldiers(state, area, defending, lost)
        state.area = None
        state.epic = Epic(fighters=[])
        state.events.append(
            "meeting-ends",
            {"area": area, "holds": "entering" if result.winner == 0 else "defenders"},
        )
        for name, why in reversed(list(result.leaves.items())):
            index = state.hero_index(name)
            if index is not None and name not in result.defeated:
                leave(state, index, why)
        fallen = list(result.defeated)
        for name in result.heroes:  # the entering hero at 0 HP after the soldiers
            index = state.hero_index(name)
            if (
                name not in fallen
                and index is not None
                and not holdings.hp(state, state.heroes[index])
            ):
                fallen.append(name)
        for name in fallen:
            index = state.hero_index(name)
            if index is not None:
                defeat.defeat(state, index, by_soldiers=name not in result.defeated)
        state.arrived(self.hero)


def carry_side(state: Any, index: int, entry: JsonObject) -> None:
    """Hero *index*'s side as its combat left it, back on the map: its damage, the consumables
        it used (spec §5.11.1) and the team's combat spells cast (§5.11.3), each discarded; then its
    held cards' end-of-combat abilities (triggers.py)."""
    hero = state.heroes[index]
    damage = entry.get("damage", 0)
    hero.damage = min(int(damage) if isinstance(damage, int) else 0, holdings.health(state, hero))
    left = entry.get("consumables", [])
    kept = [str(card) for card in left] if isinstance(left, list) else []
    for card in [c for c in hero.backpack if state.pack.equipment[c].type == "consumable"]:
        if card in kept:
            kept.remove(card)
        else:
            hero.backpack.remove(card)
            state.discard("equipment", card)
    spells = entry.get("spells", [])
    _spells_used(state, hero.team, [str(c) for c in spells] if isinstance(spells, list) else [])
    triggers.fire(state, index, "end-of-combat")


def _carry(state: Any, result: AreaResult, teams: list[int]) -> None:
    """The combats' results back on the map: each hero's side (:func:`carry_side`), the
    teams' Eternium and VP (spec §5.5)."""
    for name, entry in result.heroes.items():
        index = state.hero_index(name)
        if index is not None:
            carry_side(state, index, entry)
    for side, team in enumerate(teams):
        for combat in result.combats:
            change = combat.eternium[side]
            if change > 0:
                state.teams[team].pool.gain({"eternium": change})
            elif change < 0:
                state.teams[team].pool.lose({"eternium": -change})
            if combat.vp[side]:
                state.score_vp(team, combat.vp[side], "enemy hero")
            if combat.winner == side and 1 - side in combat.defeated:
                state.teams[team].defeats += 1


def _spells_used(state: Any, team: int, left: list[str]) -> None:
    """The team's combat spells not in *left* were cast: each to the spell discard pile."""
    for hero in state.heroes:
        if hero.team != team:
            continue
        for card in list(hero.spells):
            if "combat" not in state.pack.spells[card].uses:
                continue
            if card in left:
                left.remove(card)
            else:
                hero.spells.remove(card)
                state.discard("spells", card)


def leave(state: Any, index: int, why: str) -> None:
    """Hero *index* must leave its area (A-8): pushed (the winning team chooses), fled (its
    own), retreating (first game, Faster Combat: to the nearest outpost its team controls, or
    its base, A-9)."""
    hero = state.heroes[index]
    if why == "pushed" and state.game.options.get("first_game"):
        why = "retreats"
    if not leave_places(state, index, why):
        return
    seat = state.controller_of(index)
    winners = [i for i in heroes_in(state, hero.area) if state.heroes[i].team != hero.team]
    if why == "pushed" and winners and solo.is_solo(state) and hero.team == solo.PLAYERS:
        _pushed_by_enemy(state, index)  # no seat plays the enemy: the harm order
        return
    if why == "pushed" and winners:
        seat = state.controller_of(winners[0])  # the winner pushes
    state.flow.push(LeaveStep(hero=index, seat=seat, why=why))


def _pushed_by_enemy(state: Any, index: int) -> None:
    """The enemy moves the losing hero (A-8) by the harm order (docs/eternia.md, provisional):
    to the area farthest from its team's base, then the first by area id."""
    hero = state.heroes[index]
    base = state.board.base_of(state.teams[hero.team].faction)
    places = leave_places(state, index, "pushed")
    to = min(places, key=lambda a: (-state.board.distance(a, base), a))
    start, hero.area = hero.area, to
    state.events.append("enemy-choice", {"hero": hero.id, "to": to, "rule": RULE_PUSHED})
    state.events.append("left", {"hero": hero.id, "from": start, "to": to, "why": "pushed"})
    state.arrived(index)


def leave_places(state: Any, index: int, why: str) -> list[str]:
    """Where hero *index* may go as it leaves (A-8, A-9): retreating, the nearest outposts its
    team controls (its base if none); else the adjacent areas, those without its enemies first
    (fleeing: only those)."""
    hero = state.heroes[index]
    if why == "retreats":
        mine = [
            a
            for a in state.board.outposts()
            if controller(state, a) == hero.team and a != hero.area
        ]
        found = state.board.nearest(hero.area, mine) if mine else ()
        return list(found) or [state.board.base_of(state.teams[hero.team].faction)]
    near = _adjacent(state, index)
    free = [a for a in near if not enemies_in(state, a, hero.team)]
    return free if free or why == "fled" else near


@dataclass
class LeaveStep(Step[Any]):
    """Hero *hero* leaves its area (``why``: pushed, fled, retreats); *seat* picks where."""

    kind = "leave"
    rule = RULE_LEAVE
    public_kinds = frozenset({"leave"})
    hero: Annotated[int, Bounds(0, 8)] = 0
    seat: Annotated[int, Bounds(0, 63)] = 0
    why: str = "pushed"

    def actor(self, state: Any) -> int:
        return self.seat

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for area in leave_places(state, self.hero, self.why):
            yield Action.of("leave", to=area)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return list(self.candidates(state, seat)) if seat == self.seat else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} chooses where the hero goes")
        places = leave_places(state, self.hero, self.why)
        if action.kind != "leave" or action.get("to") not in places:
            return (self.rule, f"the hero goes to one of {', '.join(places)}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        hero = state.heroes[self.hero]
        start, hero.area = hero.area, str(action.get("to"))
        state.events.append(
            "left", {"hero": hero.id, "from": start, "to": hero.area, "why": self.why}
        )
        state.arrived(self.hero)


@dataclass
class SoldierMeetingStep(HostStep[Any, SoldierResult]):
    """*count* soldiers of *team* entered *area*, held by enemies: a soldier combat (§5.9)."""

    kind = "soldier-meeting"
    rule = RULE_MEET
    result_type = SoldierResult
    team: Annotated[int, Bounds(0, 2)] = 0
    area: str = ""
    count: Annotated[int, Bounds(0, 15)] = 0
    started: bool = False

    def actor(self, state: Any) -> int:
        return -3

    def run(self, state: Any) -> None:
        self.started = True
        enemy = enemy_heroes_in(state, self.area, self.team)
        other = self._defending(state)
        doc: JsonObject = {
            "format": "eternia-combat",
            "version": 1,
            "combat": "soldiers",
            "attackers": self.count,
            "defenders": [_soldiers_defender(state, i) for i in enemy],
            "soldiers": soldiers_in(state, self.area, other) if other is not None else 0,
        }
        seating = Seating.alone(max(2, state.num_players), decider=state.teams[self.team].seats[0])
        self.play(state, SoldierSubGame(doc, "soldier meeting"), seating)

    def _defending(self, state: Any) -> int | None:
        teams = {state.heroes[i].team for i in enemy_heroes_in(state, self.area, self.team)}
        counts = state.soldiers.get(self.area, [])
        teams |= {t for t, n in enumerate(counts) if n and t != self.team}
        return next(iter(teams), None)

    def take(self, state: Any, result: SoldierResult) -> None:
        state.flow.pop()
        other = self._defending(state)
        enemy = enemy_heroes_in(state, self.area, self.team)
        state.area = None
        state.epic = Epic(fighters=[])
        # (the entering soldiers went back to the supply as they left; survivors come out below)
        if other is not None:
            remove_soldiers(state, self.area, other, result.defenders_lost)
        for position, damage in enumerate(result.hero_damage):
            if position < len(enemy):
                state.heroes[enemy[position]].damage += damage
        left = self.count - result.attackers_lost
        state.events.append(
            "soldier-combat",
            {"area": self.area, "lost": result.attackers_lost, "killed": result.defenders_lost},
        )
        for position in result.heroes_defeated:
            if position < len(enemy):
                defeat.defeat(state, enemy[position], by_soldiers=True)
        if left and not enemies_in(state, self.area, self.team):
            add_soldiers(state, self.area, self.team, left)  # (beyond the cap: back home)
            state.arrived_soldiers(self.area)
