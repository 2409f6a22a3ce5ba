"""Issue 22 §2 and §1: a HoMM3 battle says how it ended as a core ``Outcome`` (the combat's
ending, the winning seat, returns, its words, and the typed ``CombatResult`` as details),
agreeing with ``returns()`` on every finished battle of tests/baseline; a seat alone against
the rules' own side that loses is no seat's win; the research declarations hold."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from rulekeeper.core import Game, GameState, load_game
from rulekeeper.core.agents import RandomAgent, play_out
from rulekeeper.core.outcome import Outcome
from rulekeeper.core.replay import GameRecord
from rulekeeper.games.homm3.combat.model import ENDINGS
from rulekeeper.games.homm3.combat.result import CombatResult
from rulekeeper.games.homm3.game import CombatState, read_details, shipped_battle_files

BASELINE = Path(__file__).parents[2] / "baseline" / "games"
FILES = sorted(BASELINE.glob("h3-*.json.gz"))


def check(game: Game, state: GameState) -> Outcome:
    """The outcome of finished *state* agrees with its returns, its result and the
    declarations."""
    assert isinstance(state, CombatState) and state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    returns = state.returns()
    assert outcome.returns == tuple(returns)
    low, high = game.returns_range
    assert all(low <= value <= high for value in returns)
    if game.zero_sum:
        assert sum(returns) == 0
    assert game.zero_sum == (game.num_players == 2)
    assert game.max_length is None and game.chance == frozenset({"explicit", "inside"})
    result = outcome.details
    assert isinstance(result, CombatResult) and outcome.ending == result.ending in ENDINGS
    assert outcome.text == state.describe_result()
    assert outcome.text.startswith(f"{result.winner.capitalize()} wins ({result.ending}")
    seat = state.battle.armies[result.winner_index].seat
    if seat >= 0:
        assert outcome.winner == seat and outcome.team == (seat,) and returns[seat] == 1.0
    else:  # the rules' own side won: no seat's win, and every seat lost
        assert outcome.winner is None and outcome.team == ()
        assert all(value == -1.0 for value in returns)
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json())), read_details) == outcome
    return outcome


def test_issue22_s2_every_baseline_battle_ends_in_an_outcome_agreeing_with_its_returns() -> None:
    assert len(FILES) >= 50
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
    assert "victory" in endings


def test_issue22_s2_every_shipped_battle_played_at_random_ends_in_an_outcome() -> None:
    alone = 0
    for path in sorted(shipped_battle_files().values()):
        game = load_game("homm3-combat", battle=str(path))
        alone += game.num_players == 1
        for seed in (1, 2):
            state = game.new_initial_state(seed)
            play_out(state, {seat: RandomAgent(seed + seat) for seat in range(state.num_players)})
            check(game, state)
    assert alone, "a solo battle is among them"
