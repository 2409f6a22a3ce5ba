"""Random complete map games through the public API, checking the invariants after every action
(issue 24 §6): resources and MP never negative, heroes only on open face-up fields, one
building a town a round, face-down tiles in no view (map/invariants.py); plus save round trips at
random points and replay determinism. 100 games (2 and 3 players) in ./rk test; 1,000 with
RULEKEEPER_LONG=1. Each game reports how it ended."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from rulekeeper.core import CHANCE, Action, GameState, load_game, replay
from rulekeeper.core.replay import record_of
from rulekeeper.games.homm3.map import invariants

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
BLOCKS = 100 if LONG else 10
GAMES = 10
"""Blocks of games (spread over the test workers) and games a block."""


def play(state: GameState, rng: random.Random, check_every: int) -> list[tuple[int, Action]]:
    """Random legal actions to the end; invariants after every *check_every* actions (and the
    views' check every 10th time), a save round trip at random points."""
    taken: list[tuple[int, Action]] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions(seat)
            calm = [a for a in legal if a.kind not in ("surrender", "retreat")] or legal
            action = rng.choice(calm)
        state.apply_action(action, seat)
        taken.append((seat, action))
        if len(taken) % check_every == 0:
            views = len(taken) % (10 * check_every) == 0
            assert invariants.problems(state, views=views) == [], (len(taken), action)
        if rng.random() < 0.001:
            text = state.serialize()
            assert state.game.deserialize_state(text).serialize() == text
        assert len(taken) < 20_000, "a game that does not end"
    return taken


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_keep_the_invariants(block: int, record_property: Any) -> None:
    """Issue 24 §6: random 2- and 3-player games keep the map's invariants (homm3.md §5.1,
    §5.2, §5.6, §5.13, §5.14.1; §4 hidden information) and end; replayed from their setup,
    seed and actions they end the same. How each game ended is reported (the test's
    ``endings`` property and its output)."""
    endings: Counter[str] = Counter()
    games = {n: load_game("homm3", players=n, scenario=f"clash-{n}") for n in (2, 3)}
    for index in range(GAMES):
        seed = block * GAMES + index
        state = games[3 if seed % 3 == 2 else 2].new_initial_state(seed=seed)
        play(state, random.Random(seed), check_every=1 if seed == 0 else 25)
        assert state.is_terminal() and invariants.log_problems(state) == []
        outcome = state.outcome()
        assert outcome is not None
        endings[outcome.ending] += 1
        if index == 0 and block < 3:
            again = replay(record_of(state))
            assert again.serialize() == state.serialize()
    record_property("endings", dict(endings))
    print(f"block {block}: {dict(endings)}")
