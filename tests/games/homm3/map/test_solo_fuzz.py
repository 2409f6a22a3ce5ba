"""Random solo and co-op games to the end (issue 26 §5): 50 solo games at each difficulty and
50 co-op games (2 and 3 players) in ./rk test, with the map game's invariants after every
action (map/invariants.py, the AI heroes' too), face-down tiles in no view (every 5th action
of each test's first game, every 250th of the others), save round trips at random points and
replay determinism; every seat of the one team gets the same return in every terminal state
(issue 26 §2); no AI step is ever a seat's turn. RULEKEEPER_LONG=1 plays ten times as many."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from test_map_fuzz import play

from rulekeeper.core import load_game, replay
from rulekeeper.core.replay import record_of
from rulekeeper.games.homm3.map import invariants

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
GAMES = 500 if LONG else 50
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
AI_KINDS = ("ai-turn", "ai-fight")
"""Steps the rules take for the AI: never a seat's to act on."""


def _games(state: Any, seeds: range, endings: Counter[str]) -> None:
    """Play one game a seed from *state*'s game (module doc)."""
    game = state.game
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        taken = play(state, random.Random(seed), views_every=5 if seed == seeds[0] else 250)
        assert state.is_terminal() and invariants.log_problems(state) == []
        returns = state.returns()
        assert len(set(returns)) == 1, (seed, returns)  # issue 26 §2: one result a team
        assert returns[0] in (1.0, -1.0), (seed, returns)
        outcome = state.outcome()
        assert outcome is not None and outcome.ending in ("victory", "defeat")
        endings[outcome.ending] += 1
        assert taken, seed
        if seed == seeds[0]:
            assert replay(record_of(state)).serialize() == state.serialize()


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_random_solo_games_keep_the_invariants(difficulty: str, record_property: Any) -> None:
    """Issue 26 §5: random solo games at *difficulty* keep the map's invariants (homm3.md
    §5.1, §5.2, §5.24.2: the AI hero's 3 MP, open fields) and end in a victory or a defeat
    (the scenario's conditions, at_limit: defeat), replayed alike."""
    endings: Counter[str] = Counter()
    game = load_game("homm3", mode="solo", difficulty=difficulty)
    _games(game.new_initial_state(seed=0), range(GAMES), endings)
    record_property("endings", dict(endings))
    print(f"solo {difficulty}: {dict(endings)}")


@pytest.mark.parametrize("players", (2, 3))
def test_random_coop_games_give_the_team_one_result(players: int, record_property: Any) -> None:
    """Issue 26 §2, §5: random co-op games (half with 2 players, half with 3) keep the
    invariants and every member of the team gets the same return when the game ends."""
    endings: Counter[str] = Counter()
    game = load_game("homm3", mode="coop", players=players)
    _games(game.new_initial_state(seed=0), range(GAMES // 2), endings)
    record_property("endings", dict(endings))
    print(f"co-op {players}: {dict(endings)}")


def test_no_ai_step_is_ever_a_seats_turn() -> None:
    """Issue 26 §1, §5: the AI heroes' turns and fights are the rules' (automatic) steps;
    a seat only ever breaks a tie (``ai-choice``) or lays a tile the AI revealed."""
    for seed in range(6):
        state: Any = load_game("homm3", mode="solo").new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            top = state.flow.steps[-1]
            assert top.kind not in AI_KINDS, (seed, top.kind)
            action = rng.choice(state.legal_actions(seat))
            state.apply_action(action, seat)
