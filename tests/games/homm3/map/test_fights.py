"""Fights on the map run the unchanged combat and their result is applied to the map (issue 24
§2 "Combat as a sub-procedure", §6 "Combat hand-off tests"; homm3.md §5.14.4, §5.15, §5.16,
§5.18, §5.19, §5.20, §5.22, §8.16, §8.20, §8.36, §8.52, §9.1, §9.5).

Each test builds the situation on a fresh Clash state (a hero moved next to what it will fight),
makes the move through the rules and plays the battle with random agents until the map's turn
is back, then checks what the rulebook says the result does to the map."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core import CHANCE, Action, RandomAgent, load_game
from rulekeeper.core.flow import PASS
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import neighbours
from rulekeeper.games.homm3.map import board
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN
from rulekeeper.games.homm3.map.sieges import SiegeStep
from rulekeeper.games.homm3.map.town_actions import TownWindow
from rulekeeper.games.homm3.map.turn import TurnStep


def new_state(seed: int) -> MapState:
    state = load_game("homm3", players=2, scenario="clash-2").new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    return state


def to_turn(state: MapState) -> int:
    """Answer the hand refresh: the seat whose turn's actions are offered."""
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat = state.current_player()
        legal = state.legal_actions(seat)
        state.apply_action(Action.of("keep") if Action.of("keep") in legal else legal[-1], seat)
    return state.current_player()


def fight_out(state: MapState, seed: int) -> list[str]:
    """Play with random agents until no fight is pending; the kinds of steps asked."""
    agents = {seat: RandomAgent(seed * 5 + seat) for seat in range(state.num_players)}
    asked = []
    while state.flow.find(FightStep) is not None or isinstance(state.flow.top(), SiegeStep):
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        asked.append(state.flow.top().kind)
        legal = state.legal_actions(seat)
        calm = [a for a in legal if a.kind not in ("surrender", "retreat")] or legal
        state.apply_action(agents[seat].rng.choice(calm), seat)
    return asked


def pass_windows(state: MapState) -> None:
    """The other players pass the Town-action window before a fight (§8.13, town_actions.py)."""
    while isinstance(state.flow.top(), TownWindow):
        state.apply_action(PASS, state.current_player())


def main_hero(state: MapState, seat: int) -> Any:
    return next(h for h in state.heroes if h.seat == seat and h.role == MAIN)


def guarded_next_to(state: MapState, key: str) -> str | None:
    for h in neighbours(key_hex(key)):
        other = hex_key(h)
        printed = board.field_at(state, other)
        if printed is not None and printed.difficulty and printed.location != "blocked":
            return other
    return None


@pytest.mark.parametrize("seed", range(6))
def test_a_fight_against_neutral_units(seed: int) -> None:
    """§5.18.1, §5.16, §5.23: entering a guarded field starts a battle against the neutral units
    the Field Difficulty Table draws; §5.20, §8.16, §8.52, §9.1: a win leaves the hero there and
    the field visited, a loss or a retreat sends it back to its previous field, the field not
    visited; the neutral cards go to their tiers' discard piles; survivors return to the unit
    deck (an empty one gets the starting army back, §5.15)."""
    state = new_state(seed)
    seat = to_turn(state)
    hero = main_hero(state, seat)
    target = guarded_next_to(state, hero.field)
    assert target is not None, "every starting tile has a guarded field next to the town"
    start = hero.field
    discarded = sum(len(state.discards[f"neutral-{t}"]) for t in ("bronze", "silver", "gold"))
    state.apply_action(Action.of("move", hero=hero.id, to=target), seat)
    pass_windows(state)
    fight = state.flow.find(FightStep)
    assert fight is not None and fight.against == "neutral" and state.battle is not None
    drawn = list(fight.neutrals)
    assert drawn and all(state.game.pack.units[c].faction == "neutral" for c in drawn)
    fight_out(state, seed)
    assert state.battle is None
    after = sum(len(state.discards[f"neutral-{t}"]) for t in ("bronze", "silver", "gold"))
    assert after == discarded + len(drawn)  # §5.16: discarded whatever the result
    ends = [e for e in state.events if e.kind == "fight-ends"]
    assert ends, "the fight ended"
    ending = ends[-1].data
    player = state.players[seat]
    assert player.units, "a player always has units (§5.15)"
    if ending["winner"] == "attacker":
        assert hero.field == target and board.site(state, target).visited
    else:
        assert hero.field == start and not board.site(state, target).visited


def test_a_fight_between_heroes() -> None:
    """§5.18.4, §5.20, §9.5, §5.22, §8.36: a hero entering an enemy hero's field fights it; the
    defeated Main Hero pays the winner 5 Gold, goes back to a town of its own, and the winner
    takes a cube of its faction; both players' unit decks keep only the survivors."""
    for seed in range(8):
        state = new_state(seed)
        seat = to_turn(state)
        other = 1 - seat
        hero, enemy = main_hero(state, seat), main_hero(state, other)
        spot = next(
            hex_key(h)
            for h in neighbours(key_hex(hero.field))
            if (f := board.field_at(state, hex_key(h))) is not None
            and f.location != "blocked"
            and not f.difficulty
        )
        enemy.field = spot
        state.apply_action(Action.of("move", hero=hero.id, to=spot), seat)
        pass_windows(state)
        fight = state.flow.find(FightStep)
        assert fight is not None and fight.against == "hero" and fight.defender == enemy.id
        fight_out(state, seed)
        ending = [e for e in state.events if e.kind == "fight-ends"][-1].data
        if ending["ending"] != "victory":
            continue
        winner = seat if ending["winner"] == "attacker" else other
        loser = 1 - winner
        loser_hero = main_hero(state, loser)
        assert loser_hero.field in {t.field for t in state.towns if t.owner == loser}
        result = [e for e in state.events if e.kind == "battle-ends"][-1].data
        sides = result["sides"]
        lost = sides[0 if loser == seat else 1]
        assert lost["gold_paid"] == min(5, lost["gold_paid"] or 5) or lost["gold_paid"] == 0
        assert lost["morale_change"] <= 0
        assert state.players[loser].faction in state.players[winner].cubes
        return
    pytest.fail("no seed gave a hero battle won by a victory")


def test_a_siege_undefended_and_defended() -> None:
    """§5.14.4, §8.20, §9.5: entering an enemy town its hero does not hold lets its owner pay
    8 Gold to defend with the army; undefended, the town is captured at once: the captor flags
    it and takes the cube of its faction (§5.14.3)."""
    state = new_state(2)
    seat = to_turn(state)
    other = 1 - seat
    hero, enemy = main_hero(state, seat), main_hero(state, other)
    town = next(t for t in state.towns if t.seat == other)
    way = next(
        hex_key(h)
        for h in neighbours(key_hex(town.field))
        if (f := board.field_at(state, hex_key(h))) is not None and f.location != "blocked"
    )
    hero.field = way
    enemy.field = ""  # away from the map: the town has no hero
    state.players[other].resources.lose({"gold": 999})
    state.apply_action(Action.of("move", hero=hero.id, to=town.field), seat)
    assert town.owner == seat and state.players[other].faction in state.players[seat].cubes

    state = new_state(2)
    seat = to_turn(state)
    other = 1 - seat
    hero, enemy = main_hero(state, seat), main_hero(state, other)
    town = next(t for t in state.towns if t.seat == other)
    hero.field = way
    enemy.field = ""
    state.players[other].resources.gain({"gold": 8})
    before = state.players[other].resources.get("gold")
    state.apply_action(Action.of("move", hero=hero.id, to=town.field), seat)
    assert isinstance(state.flow.top(), SiegeStep) and state.current_player() == other
    state.apply_action(Action.of("transport"), other)
    pass_windows(state)
    assert state.players[other].resources.get("gold") == before - 8
    fight = state.flow.find(FightStep)
    assert fight is not None and fight.against == "army" and state.battle is not None
    assert state.battle.site.kind == "town"
    fight_out(state, 2)
    ending = [e for e in state.events if e.kind == "fight-ends"][-1].data
    assert (town.owner == seat) == (
        ending["winner"] == "attacker" and ending["ending"] == "victory"
    )


def test_a_town_with_its_citadel_is_besieged_behind_its_walls() -> None:
    """§5.14.4 (a town's Citadel gives the siege its Walls, Gate and Arrow Tower): the map's
    siege of a town that has built its faction's Citadel is a battle at a town with a citadel
    (the building's id is the faction's, ``dungeon-citadel``); without it, none."""
    for built in (True, False):
        state = new_state(2)
        seat = to_turn(state)
        other = 1 - seat
        hero, enemy = main_hero(state, seat), main_hero(state, other)
        town = next(t for t in state.towns if t.seat == other)
        citadel = f"{town.faction}-citadel"
        if built and citadel not in town.buildings:
            town.buildings.append(citadel)
        if not built and citadel in town.buildings:
            town.buildings.remove(citadel)
        hero.field = next(
            hex_key(h)
            for h in neighbours(key_hex(town.field))
            if (f := board.field_at(state, hex_key(h))) is not None and f.location != "blocked"
        )
        enemy.field = ""
        state.players[other].resources.gain({"gold": 8})
        state.apply_action(Action.of("move", hero=hero.id, to=town.field), seat)
        state.apply_action(Action.of("transport"), other)
        pass_windows(state)
        assert state.battle is not None and state.battle.site.kind == "town"
        assert state.battle.site.citadel is built
