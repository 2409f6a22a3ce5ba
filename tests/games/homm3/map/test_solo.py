"""Solo and co-op against the AI heroes (issue 26; homm3.md §1.2, §5.24, §9.13; docs/homm3.md
"Solo and co-op"): the mode parameter, the AI heroes' setup, when they move, what they do to the
fields they enter, the team's victory and defeat, and what teammates are to each other. The
movement loop's choices are the golden positions' (test_ai_goldens.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
import yaml
from visit_helpers import lay_location

from rulekeeper.core import Action, DataError, load_game
from rulekeeper.games.homm3.map import ai_heroes, events, movement, victory, visiting
from rulekeeper.games.homm3.map.ai_fights import AiFightStep
from rulekeeper.games.homm3.map.model import AI_SEAT, MAIN
from rulekeeper.games.homm3.map.turn import TurnStep
from rulekeeper.games.homm3.scenario import scenario_problems, shipped_scenario


def solo(difficulty: str = "normal", seed: int = 1) -> Any:
    """A solo game at the player's first actions."""
    return at_actions(load_game("homm3", mode="solo", difficulty=difficulty), seed)


def at_actions(game: Any, seed: int) -> Any:
    """A fresh game of *game* at the first player's actions (the first legal choice before)."""
    state = game.new_initial_state(seed=seed)
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat = state.current_player()
        state.apply_action(state.legal_actions(seat)[0], seat)
    return state


def main_hero(state: Any, seat: int) -> Any:
    return next(h for h in state.heroes if h.seat == seat and h.role == MAIN)


def test_the_mode_picks_the_scenario_and_is_checked_against_it() -> None:
    """Issue 26 §1, §2: ``mode`` picks solo-1 (one seat) or coop-2 (2 seats by default); a
    mode the scenario is not, or no mode at all, is refused naming the parameter."""
    assert load_game("homm3", mode="solo").num_players == 1
    coop = load_game("homm3", mode="coop")
    assert coop.num_players == 2 and coop.teams == ((0, 1),) and not coop.zero_sum
    assert load_game("homm3", mode="coop", players=3).teams == ((0, 1, 2),)
    assert load_game("homm3").teams == ((0,), (1,))
    for params in ({"mode": "clash", "scenario": "solo-1"}, {"mode": "campaign"}):
        with pytest.raises(DataError) as raised:
            load_game("homm3", **params)
        assert raised.value.field == "mode"


def test_the_ai_hero_is_set_up_as_the_scenario_says() -> None:
    """Issue 26 §3, homm3.md §5.24 ([EXT] the rewrite's AI deck): the AI hero on its start
    with the scenario's units for the difficulty, 3 MP in round 1, an AI deck of the
    scenario's counts per card type and its Spell deck."""
    state = solo()
    (item,) = state.ai_heroes
    assert (item.id, item.field, item.mp) == ("warlord", "2,1", 3)
    assert [(t.card, t.side) for t in item.units] == [
        ("troglodytes", "pack"),
        ("harpies", "few"),
        ("evil-eyes", "few"),
    ]
    armies = [[t.card for t in solo(d).ai_heroes[0].units] for d in ("easy", "impossible")]
    assert armies == [["troglodytes", "harpies"], ["troglodytes", "harpies", "medusas"]]
    types = Counter(state.game.pack.ai_cards[c].card_type for c in item.ai_deck)
    assert types == {"might": 4, "magic": 2}
    assert sorted(item.spells) == ["magic-arrow", "slow"]


def test_the_ai_heroes_move_after_the_players_turns() -> None:
    """docs/homm3.md (our reading, [EXT] the rewrite): the AI heroes take their turn after the
    players' turns of the round; each move is logged with the step of §5.24.2 that chose it."""
    state = solo()
    state.apply_action(Action.of("end-turn"), 0)
    while state.current_player() == 0 and state.flow.top().kind != "turn":
        state.apply_action(state.legal_actions(0)[0], 0)
    kinds = [e.kind for e in state.events]
    assert kinds.index("ai-hero-moves") > kinds.index("turn-ends")
    moves = [e.data for e in state.events if e.kind == "ai-hero-moves"]
    assert moves and all(m["rule"].startswith("homm3.md §5.24.2 step ") for m in moves)


def test_an_ai_hero_flags_beats_guards_and_takes_an_undefended_town() -> None:
    """docs/homm3.md (our reading, [EXT] the rewrite: AI heroes flag or visit all fields they
    move through and win every fight against neutral units, §5.24.2): a mine entered is the
    AI's, a guarded field gets its black cube, the players' town entered without a hero is
    the AI's."""
    state = solo()
    item = state.ai_heroes[0]
    ai_heroes.enter_field(state, item, "3,1")  # N4's mine (difficulty 5)
    assert state.sites["3,1"].owner == AI_SEAT and state.sites["3,1"].flagged_before
    assert movement.guarded(state, "3,1") == 0
    town = state.towns[0]
    ai_heroes.enter_field(state, item, town.field)
    assert town.owner == AI_SEAT


def test_an_ai_flag_is_taken_back_by_a_visit() -> None:
    """docs/homm3.md: an AI's flag never defends; the player's hero visiting the mine flags it
    for the player (§5.5)."""
    state = solo()
    ai_heroes.enter_field(state, state.ai_heroes[0], "3,1")
    assert visiting.empty_reason(state, 0, "3,1") is None
    item = main_hero(state, 0)
    assert movement.encounter(state, item, "3,1") is None
    item.previous, item.field = item.field, "3,1"
    visiting.visit(state, item, "3,1")
    state.settle()
    assert state.sites["3,1"].owner == 0


def test_the_player_fights_an_ai_hero_by_entering_its_field() -> None:
    """homm3.md §5.18.1, §5.24.1: entering the AI hero's field starts a fight against it."""
    state = solo()
    fight = movement.encounter(state, main_hero(state, 0), state.ai_heroes[0].field)
    assert isinstance(fight, AiFightStep) and fight.ai == "warlord" and not fight.ai_attacks


def test_the_team_loses_when_its_starting_town_is_taken() -> None:
    """Issue 26 §1 (the scenario's defeat ``lose-start-town``, docs/homm3.md): the game ends in
    a defeat, every seat's return -1."""
    state = solo()
    state.towns[0].owner = AI_SEAT
    assert victory.decided(state)
    state.flow.steps.clear()
    victory.finish(state)
    assert state.outcome().ending == "defeat" and state.returns() == [-1.0]


def test_the_team_wins_when_every_ai_hero_is_beaten() -> None:
    """Issue 26 §2 (``defeat-ai-heroes``): one player's win is the whole team's."""
    game = load_game("homm3", mode="coop", players=3)
    state = at_actions(game, 2)
    for item in state.ai_heroes:
        item.defeated, item.field = True, ""
    assert victory.decided(state)
    state.flow.steps.clear()
    victory.finish(state)
    assert state.winners == [0, 1, 2] and state.returns() == [1.0, 1.0, 1.0]


def test_the_last_round_ends_in_a_defeat() -> None:
    """Issue 26 §3 (``at_limit: defeat``): no victory by the round limit is the team's defeat."""
    state = solo()
    state.round = state.rounds_limit()
    assert victory.out_of_rounds(state)
    state.flow.steps.clear()
    victory.finish(state)
    assert state.ending == "defeat" and state.returns() == [-1.0]


def test_teammates_never_fight_and_share_their_flags() -> None:
    """docs/homm3.md (co-op, provisional): a teammate's hero, town or settlement starts no
    fight; a mine a teammate flagged is the team's (a visit does not take it over)."""
    state = at_actions(load_game("homm3", mode="coop", players=2), 3)
    first, second = main_hero(state, 0), main_hero(state, 1)
    assert movement.encounter(state, first, second.field) is None
    state.sites.clear()
    ai_heroes.enter_field(state, state.ai_heroes[0], "6,-2")  # N5's mine
    state.sites["6,-2"].owner = 1
    assert "teammate" in str(visiting.empty_reason(state, 0, "6,-2"))


def test_fights_against_ai_heroes_keep_their_survivors() -> None:
    """docs/homm3.md ([EXT] the rewrite: AI units are static): after a fight the AI hero keeps
    the units that survived, and one that lost leaves the map for good."""
    seen = 0
    for seed in range(12):
        state: Any = load_game("homm3", mode="solo").new_initial_state(seed=seed)
        rng = random.Random(seed)
        before = len(state.ai_heroes[0].units)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        ended = [e for e in state.events if e.kind == "fight-ends" and "ai" in e.data]
        item = state.ai_heroes[0]
        if ended:
            seen += 1
            assert len(item.units) <= before
            beaten = any(e.kind == "ai-hero-defeated" for e in state.events)
            assert beaten == (item.defeated and not item.field)
    assert seen


def test_a_visited_event_fires_once_for_the_hero_that_entered() -> None:
    """Issue 26 §3 (triggers: a field visited; docs/homm3-scenarios.md): solo-1's event of the
    field 0,0 gives 5 Gold to the player whose hero enters it, once a game."""
    state = solo()
    before = state.players[0].resources.get("gold")
    events.on_trigger(state, "visited", "0,0", 0)
    state.settle()
    events.on_trigger(state, "visited", "0,0", 0)
    state.settle()
    assert state.players[0].resources.get("gold") == before + 5
    assert state.triggered == [0]


def test_a_defeated_event_fires_when_its_ai_hero_is_beaten() -> None:
    """Issue 26 §3 (triggers: a hero defeated): an event of an AI hero fires when it is beaten,
    for the player who beat it (``who: actor``)."""
    doc = yaml.safe_load(shipped_scenario("solo-1").read_text(encoding="utf-8"))
    doc["events"] = [
        {"when": {"defeated": "warlord"}, "who": "actor", "effects": [{"kind": "gain", "gold": 7}]}
    ]
    state = at_actions(load_game("homm3", scenario=doc), 1)
    before = state.players[0].resources.get("gold")
    events.on_trigger(state, "defeated", "warlord", 0)
    state.settle()
    assert state.players[0].resources.get("gold") == before + 7
    doc["events"][0]["when"] = {"defeated": "nobody"}
    assert [p.field for p in scenario_problems(doc)] == ["events[0].when.defeated"]


def test_the_scenario_switches_change_what_the_ai_does() -> None:
    """Issue 26 §3 (scenario rules as named switches; homm3.md §5.24 "AI behaviour may differ
    per scenario"): ``ai-flags: false`` leaves mines alone and drops step 2 of the loop;
    ``ai-moves-first`` puts the AI heroes' turns before the players'."""
    doc = yaml.safe_load(shipped_scenario("solo-1").read_text(encoding="utf-8"))
    doc["rules"] = {"ai-flags": False, "ai-moves-first": True}
    state = at_actions(load_game("homm3", scenario=doc), 1)
    ai_heroes.enter_field(state, state.ai_heroes[0], "3,1")
    assert "3,1" not in state.sites or state.sites["3,1"].owner != AI_SEAT
    kinds = [e.kind for e in state.events]
    assert "ai-hero-moves" in kinds and kinds.index("ai-hero-moves") < kinds.index("turn-starts")
    doc["rules"] = {"ai-swims": True}
    assert [p.field for p in scenario_problems(doc)] == ["rules.ai-swims"]


def test_at_a_settlement_the_player_chooses_the_ais_reward() -> None:
    """homm3.md §9.13 (AI movement: at a settlement the AI takes the reward the player
    chooses): the AI flags it and the player is asked; the reinforcement turns the AI's first
    Few Bronze or Silver unit to its Pack side (§5.5), an income is only recorded."""
    state = solo("normal")
    key = lay_location(state, "settlement")
    item = state.ai_heroes[0]
    ai_heroes.enter_field(state, item, key)
    assert state.flow.top().kind == "ai-reward" and state.current_player() == 0
    assert {a.str_param("reward") for a in state.legal_actions(0)} == set(ai_heroes.REWARDS)
    state.apply_action(Action.of("ai-reward", reward="reinforce"), 0)
    assert [t.side for t in item.units] == ["pack", "pack", "few"]  # Harpies (Bronze) flipped
    assert state.sites[key].owner == AI_SEAT


def test_an_ai_heros_units_are_placed_by_the_rule() -> None:
    """docs/homm3.md (our reading of §5.18.3 with §5.24.1: the AI rules play an AI hero's units
    as they play neutral units): when the AI hero attacks, its units take the field by the
    placement rule at once and the first decision is the player's own deployment."""
    state = solo()
    item, hero = state.ai_heroes[0], main_hero(state, 0)
    item.field = hero.field
    state.flow.push(AiFightStep(ai=item.id, hero=hero.id, field=hero.field, ai_attacks=True))
    state.settle()
    while state.flow.top().kind == "place-neutrals":  # equal Initiative: the player's pick
        assert all(a.kind == "place" for a in state.legal_actions(0))
        state.apply_action(state.legal_actions(0)[0], 0)
    ai_side = [u for u in state.battle.units.values() if u.side == 0]
    assert ai_side and all(u.field >= 0 for u in ai_side)
    assert state.flow.top().kind == "deploy" and state.current_player() == 0


def test_a_main_hero_beaten_loses_the_game_when_the_scenario_says() -> None:
    """homm3.md §1.4 (a scenario's defeat conditions; ``lose-main-hero``, docs/homm3-scenarios.md):
    in solo the player's Main Hero beaten by an AI hero ends the game in the team's defeat."""
    doc = yaml.safe_load(shipped_scenario("solo-1").read_text(encoding="utf-8"))
    doc["defeat"] = ["lose-main-hero"]
    game = load_game("homm3", scenario=doc)
    for seed in range(40):
        state: Any = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        lost = [
            e
            for e in state.events
            if e.kind == "fight-ends" and "ai" in e.data and e.data["winner"] == "attacker"
        ]
        if lost and lost[0].data["hero"] == state.players[0].hero:
            why = [e.data["why"] for e in state.events if e.kind == "team-defeated"]
            assert why == ["a player's Main Hero was beaten (the scenario's defeat)"]
            assert state.returns() == [-1.0]
            return
    raise AssertionError("no seed where the AI hero beat the Main Hero")
