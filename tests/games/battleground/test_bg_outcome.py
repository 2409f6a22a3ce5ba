"""Issue 22 §2 and §1: Battleground says how it ended as a core ``Outcome`` (ending, winner,
team, returns, its words and its typed details), agreeing with ``returns()`` on every finished
game of tests/baseline; a forfeit and a draw by agreement say so; its research declarations
(zero-sum, the returns' range, chance both explicit and inside, no length bound) hold."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import Game, GameState, load_game
from rulekeeper.core.agents import RandomAgent, play_out
from rulekeeper.core.outcome import Outcome
from rulekeeper.core.replay import GameRecord
from rulekeeper.games.battleground.game import BattlegroundEnd, BattlegroundState, read_details

BASELINE = Path(__file__).parents[2] / "baseline" / "games"
FILES = sorted(BASELINE.glob("bg-*.json.gz"))
ENDINGS = {"knockout", "points", "agreement", "forfeit"}


def check(game: Game, state: GameState) -> Outcome:
    """The outcome of finished *state* agrees with its returns and the declarations."""
    assert isinstance(state, BattlegroundState) and state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    returns = state.returns()
    assert outcome.returns == tuple(returns)
    low, high = game.returns_range
    assert all(low <= value <= high for value in returns)
    assert game.zero_sum and sum(returns) == 0
    assert game.max_length is None  # a tied roll-off rolls again; a draw offer may repeat
    assert outcome.ending in ENDINGS and outcome.text == state.describe_result()
    if state.winner < 0:
        assert outcome.draw and outcome.winner is None and returns == [0.0, 0.0]
    else:
        assert outcome.winner == state.winner and outcome.team == (state.winner,)
        assert returns[state.winner] == 1.0
    details = outcome.details
    assert isinstance(details, BattlegroundEnd)
    assert details.result == state.result and details.round == state.round
    assert details.vp == tuple(side.vp for side in state.sides)
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json())), read_details) == outcome
    return outcome


def test_issue22_s2_every_baseline_game_ends_in_an_outcome_agreeing_with_its_returns() -> None:
    assert len(FILES) >= 100
    games: dict[str, Game] = {}
    endings: set[str] = set()
    for path in FILES:
        doc: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))
        record = GameRecord.from_json(doc["record"])
        key = json.dumps(record.params, sort_keys=True)
        game = games.setdefault(key, load_game(record.game, **record.params))
        state = game.deserialize_state(json.dumps(doc["final_save"]))
        outcome = check(game, state)
        assert list(outcome.returns) == doc["returns"], path.name
        endings.add(outcome.ending)
    assert "points" in endings and endings <= ENDINGS


def test_issue22_s2_a_forfeit_and_a_draw_by_agreement_say_so() -> None:
    game = load_game("battleground")
    state = game.new_initial_state(1)
    forfeit = next(a for a in state.anytime_actions(1) if a.kind == "forfeit")
    state.apply_action(forfeit, 1)
    outcome = check(game, state)
    assert (outcome.ending, outcome.winner, outcome.text) == (
        "forfeit",
        0,
        "Player 0 wins (player 1 forfeits)",
    )
    state = game.new_initial_state(2)
    offer = next(a for a in state.anytime_actions(0) if a.kind == "offer-draw")
    state.apply_action(offer, 0)
    accept = next(a for a in state.legal_actions(1) if a.kind == "accept-draw")
    state.apply_action(accept, 1)
    outcome = check(game, state)
    assert outcome.ending == "agreement" and outcome.draw


@pytest.mark.parametrize("name", ["battleground", "battleground-movement"])
def test_issue22_s1_the_declarations_hold_on_random_games(name: str) -> None:
    game = load_game(name, rounds=2)
    assert game.chance == frozenset({"explicit", "inside"})  # dice rolled, fate decks shuffled
    for seed in (1, 2):
        state = game.new_initial_state(seed)
        play_out(state, {0: RandomAgent(seed), 1: RandomAgent(seed + 1)})
        check(game, state)


@pytest.mark.parametrize("name", ["battleground", "battleground-movement"])
def test_issue22_s1_no_length_bound_a_tied_roll_off_rolls_again(name: str) -> None:
    """Why ``max_length`` is None: any number of tied roll-offs may come first."""
    game = load_game(name)
    state = game.new_initial_state(1)
    assert game.max_length is None
    for _ in range(20):
        assert state.is_chance_node()
        tie = next(a for a in state.legal_actions() if a.int_param("face") == 3)
        state.apply_action(tie)
        state.apply_action(tie)
    assert state.is_chance_node() and state.actions_taken() == 40
