"""The order of combats in an area (spec §5.5, rulebook p.17; seed l.1265-1290): epic combats
first, the defending team choosing its hero for each, then the soldier combat (spec §5.9,
A-2); each epic combat a sub-game whose typed result the area takes back (core/subgame.py)."""

from __future__ import annotations

import itertools
import random

from eternia_files import AREA

from rulekeeper.core import CHANCE, Action, load_game

ROOT = {"kind": "area", "fighting": -1, "results": [], "gone": False, "soldier_damage": 0}


def played(seed: int):
    rng = random.Random(seed)
    state = load_game("eternia-combat", combat=AREA).new_initial_state(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_defending_team_chooses_which_hero_fights_first() -> None:
    """§5.5: "the defending team uses only one hero (the defender chooses which)"."""
    state = load_game("eternia-combat", combat=AREA).new_initial_state(0)
    assert state.current_player() == 1
    assert state.legal_actions() == [Action.of("defend", index=0), Action.of("defend", index=1)]
    state.apply_action(Action.of("defend", index=1))
    assert state.epic.fighters[1].name == "evil-lyn"
    assert state.epic.fighters[1].soldiers == 2  # the area's soldiers stand by the defender


def test_combats_follow_one_another_until_one_team_holds_the_area() -> None:
    """§5.5, A-7: further epic combats against the remaining heroes, then the soldiers; the
    entering hero's damage carries from one combat to the next."""
    endings = set()
    for seed in range(30):
        state = played(seed)
        result = state.flow.result
        combats = result["combats"]
        assert 1 <= len(combats) <= 2
        for earlier, later in itertools.pairwise(combats):
            assert later["damage"][0] >= earlier["damage"][0] or 0 in earlier["defeated"]
        if result["winner"] == 0:  # the entering hero holds the area: nobody else is left
            assert result["soldiers_left"] == 0
        endings.add(result["winner"])
    assert endings == {0, 1}


def test_a_position_inside_an_area_round_trips() -> None:
    rng = random.Random(3)
    game = load_game("eternia-combat", combat=AREA)
    state = game.new_initial_state(3)
    while not state.is_terminal():
        position = state.to_position()
        again = load_game("eternia-combat", combat=position).new_initial_state(3)
        assert again.to_position() == position
        if state.current_player() == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def soldiers_only(damage: int) -> dict:
    """The soldier combat left once every enemy hero is gone (a position inside the area)."""
    return {
        **AREA,
        "active": {**AREA["active"], "damage": damage},
        "defenders": [],
        "pending": [ROOT],
    }


def test_soldiers_each_deal_one_hp_to_the_entering_hero() -> None:
    """A-2 (spec §5.9 [INTERP]): each defending soldier deals 1 HP and goes back to the supply;
    the entering hero, alone in the area, holds it."""
    state = load_game("eternia-combat", combat=soldiers_only(0)).new_initial_state(0)
    result = state.flow.result
    assert (result["soldier_damage"], result["soldiers_left"], result["winner"]) == (2, 0, 0)


def test_soldiers_stop_when_the_hero_falls() -> None:
    """A-2: at 0 HP the hero is defeated and the other soldiers stay (no VP for soldiers)."""
    health = load_game("eternia-combat", combat=AREA).pack.heroes["he-man"].health
    state = load_game("eternia-combat", combat=soldiers_only(health - 1)).new_initial_state(0)
    result = state.flow.result
    assert (result["soldier_damage"], result["soldiers_left"], result["winner"]) == (1, 1, 1)
