"""The Battleground movement slice through the engine's state API (game.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core import (
    CHANCE,
    TERMINAL,
    Action,
    IllegalActionError,
    RandomAgent,
    load_game,
    play_out,
    record_of,
    replay,
)
from rulekeeper.games.battleground.board.hexes import Position
from rulekeeper.games.battleground.slice import MovementSliceState

SMALL_MAP = """
name: slice-test
title: Slice test
board: {columns: 14, rows: 12}
terrain:
  - {id: mud, kind: difficult, hexes: [[2, 5], [3, 5]]}
platforms:
  - {id: deck, hexes: [[9, 5], [10, 5]]}
deployment_zones:
  - {player: 0, faction: masters, rows: [0, 1]}
  - {player: 1, faction: evil, rows: [10, 11]}
objectives:
  - {id: centre, at: [4, 6]}
  - {id: masters-home, at: [5, 0]}
deployments:
  - {character: he-man, at: [4, 1], facing: 5}
  - {character: stratos, at: [7, 1], facing: 5}
  - {character: skeletor, at: [0, 10], facing: 2}
  - {character: mer-man, at: [3, 10], facing: 2}
"""


@pytest.fixture
def small_map(tmp_path: Path) -> str:
    path = tmp_path / "slice-test.yaml"
    path.write_text(SMALL_MAP, encoding="utf-8")
    return str(path)


def new_state(map_path: str, **params: object) -> MovementSliceState:
    state = load_game("battleground-movement", map=map_path, **params).new_initial_state(seed=5)
    assert isinstance(state, MovementSliceState)
    return state


def started(map_path: str, first: int = 0, **params: object) -> MovementSliceState:
    """Roll-off won by player 0 (6 against 1), who names ``first`` as first player."""
    state = new_state(map_path, **params)
    state.apply_action(Action.of("roll", face=6))
    state.apply_action(Action.of("roll", face=1))
    state.apply_action(Action.of("first-player", player=first))
    return state


def test_roll_off_rerolls_ties_and_the_winner_chooses(small_map: str) -> None:
    """Rulebook, First Game Setup step 7: both roll, ties reroll, the winner picks the first
    player (a decision of the winner, who need not go first)."""
    state = new_state(small_map)
    assert state.current_player() == CHANCE
    state.apply_action(Action.of("roll", face=4))
    state.apply_action(Action.of("roll", face=4))
    assert state.current_player() == CHANCE, "a tie is rolled again"
    state.apply_action(Action.of("roll", face=2))
    state.apply_action(Action.of("roll", face=5))
    assert state.current_player() == 1
    assert {a.kind for a in state.legal_actions()} == {"first-player"}
    state.apply_action(Action.of("first-player", player=0))
    assert state.current_player() == 0
    assert state.first_player == 0


def test_focus_then_move_costs_and_rising_move_cost(small_map: str) -> None:
    """Rulebook, Perform Actions example: focus 1 AP, move 1 AP, a second move 2 AP."""
    state = started(small_map, ap=3)
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("focus"))
    assert state.ap == 2
    state.apply_action(Action.of("move", to=[4, 2, 0], focus=False))
    state.apply_action(Action.of("face", direction=5))
    assert state.ap == 1
    assert state.cost_of("move") == 2
    assert not [a for a in state.legal_actions() if a.kind == "move"]
    before = state.serialize()
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(Action.of("move", to=[4, 3, 0], focus=False))
    assert "Perform Actions" in refused.value.rule
    assert "2 AP" in refused.value.reason
    assert state.serialize() == before


def test_focused_move_uses_the_focused_speed(small_map: str) -> None:
    """Rulebook, Spending Focus and Move: He-Man moves 5 hexes, 8 when he spends focus."""
    state = started(small_map)
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("focus"))
    far = Position(4, 9, 0)  # eight steps south of (4, 1)
    plain = {
        Position(*a.ints_param("to"))
        for a in state.legal_actions()
        if a.kind == "move" and not a.bool_param("focus")
    }
    focused = {
        Position(*a.ints_param("to"))
        for a in state.legal_actions()
        if a.kind == "move" and a.bool_param("focus")
    }
    assert far not in plain and far in focused
    assert Position(4, 6, 0) in plain
    state.apply_action(Action.of("move", to=far.to_json(), focus=True))
    assert not state.fighters["he-man"].focused, "the focus token is spent"


def test_illegal_moves_are_refused_with_the_rule_and_leave_the_state(small_map: str) -> None:
    """Move: an unreachable hex names its cost; an occupied hex names the occupant."""
    state = started(small_map)
    state.apply_action(Action.of("activate", character="he-man"))
    before = state.serialize()
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(Action.of("move", to=[4, 9, 0], focus=False))
    assert "costs 8 movement points" in refused.value.reason
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(Action.of("move", to=[7, 1, 0], focus=False))
    assert "occupied by stratos" in refused.value.reason
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(Action.of("end"), player=1)
    assert "out of turn" in refused.value.rule
    assert state.serialize() == before


def test_players_alternate_and_double_activation(small_map: str) -> None:
    """Rulebook, Activation Phase and Double Activation: players alternate; the last character
    a player activated in a round cannot be that player's first in the next round."""
    state = started(small_map, rounds=2)
    for character in ("he-man", "skeletor", "stratos", "mer-man"):
        state.apply_action(Action.of("activate", character=character))
        state.apply_action(Action.of("end"))
    assert state.round == 2 and state.current_player() == 0
    options = {a.param("character") for a in state.legal_actions() if a.kind == "activate"}
    assert options == {"he-man"}
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(Action.of("activate", character="stratos"))
    assert refused.value.rule == "Double Activation"


def test_objective_claim_conditions(small_map: str) -> None:
    """Rulebook, Claim Objective Tokens: adjacent to the token, no enemy next to the character
    or the token, not in the claimant's own deployment zone; 20 VP each."""
    state = started(small_map, rounds=1)
    state.fighters["he-man"].place(Position(4, 5, 0))  # next to the centre token
    state.fighters["stratos"].place(Position(5, 0, 0))  # on its own zone's token
    for character in ("he-man", "skeletor", "stratos", "mer-man"):
        state.apply_action(Action.of("activate", character=character))
        state.apply_action(Action.of("end"))
    assert state.is_terminal()
    assert state.claimed == [["centre"], []]
    assert state.vp == [20, 0]
    assert state.winner == 0 and state.returns() == [1.0, -1.0]


def test_no_claim_when_an_enemy_is_next_to_the_token(small_map: str) -> None:
    """Rulebook, Claim Objective Tokens: no enemies in or adjacent to the token's hex."""
    state = started(small_map, rounds=1)
    state.fighters["he-man"].place(Position(4, 5, 0))
    state.fighters["skeletor"].place(Position(4, 7, 0))
    for character in ("he-man", "skeletor", "stratos", "mer-man"):
        state.apply_action(Action.of("activate", character=character))
        state.apply_action(Action.of("end"))
    assert state.claimed == [[], []]
    assert state.winner == -1, "a draw without a 20 VP lead"


def test_climbing_onto_a_model_asks_its_owner_where_it_is_pushed(small_map: str) -> None:
    """Rulebook, Pushing: the player who controls the pushed character decides the hex."""
    state = started(small_map)
    state.fighters["he-man"].place(Position(8, 5, 0))
    state.fighters["mer-man"].place(Position(9, 5, 1))
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("move", to=[9, 5, 1], focus=False))
    assert state.current_player() == 1
    decision = state.decisions.top()
    assert decision.kind == "push" and decision.player == 1
    options = [Position(*a.ints_param("to")) for a in state.legal_actions()]
    assert options == [Position(10, 5, 1)]
    state.apply_action(Action.of("push-to", to=[10, 5, 1]))
    assert state.fighters["mer-man"].position == Position(10, 5, 1)
    assert state.fighters["he-man"].position == Position(9, 5, 1)
    assert state.current_player() == 0 and state.decisions.top().kind == "face"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_playouts_round_trip_and_replay(seed: int) -> None:
    """Core contract on the slice: serialisation round-trips after every action, and the seed
    plus the action log reproduce the game and its event log."""
    game = load_game("battleground-movement", rounds=2)
    state = game.new_initial_state(seed=seed)
    agent = RandomAgent(seed)
    steps = 0
    while not state.is_terminal() and steps < 400:
        if state.is_chance_node():
            state.resolve_chance()
        else:
            legal = state.legal_actions()
            assert legal, "a player to act always has a legal action"
            state.apply_action(agent.choose(state, state.current_player()))
        copy = game.deserialize_state(state.serialize())
        assert copy.serialize() == state.serialize()
        steps += 1
    assert state.current_player() == TERMINAL
    again = replay(record_of(state))
    assert again.serialize() == state.serialize()


def test_first_game_playout_with_random_agents_finishes() -> None:
    """The whole slice plays to its end on the first-game map."""
    state = load_game("battleground-movement").new_initial_state(seed=11)
    play_out(state, {0: RandomAgent(1), 1: RandomAgent(2)})
    assert state.is_terminal()
    assert sum(state.returns()) == 0
