"""Random complete map games through the public API, checking the invariants after every action
(issue 24 §6): resources and MP never negative, heroes only on open face-up fields, one
building a town a round (map/invariants.py), all after every action; the hand within its limit
when each turn's actions begin; face-down tiles in no view (every action of the first game,
every 250th of the others: each check builds and searches every seat's observation); plus save
round trips at random points and replay determinism. 100 games (2 and 3 players) in ./rk test;
1,000 with RULEKEEPER_LONG=1. Each game reports how it ended."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from rulekeeper.core import CHANCE, Action, GameState, load_game, replay
from rulekeeper.core.replay import record_of
from rulekeeper.games.homm3.map import invariants
from rulekeeper.games.homm3.map.hand import hand_limit
from rulekeeper.games.homm3.map.turn import TurnStep

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
BLOCKS = 100 if LONG else 10
GAMES = 10
"""Blocks of games (spread over the test workers) and games a block."""


def play(state: GameState, rng: random.Random, views_every: int) -> list[tuple[int, Action]]:
    """Random legal actions to the end; the invariants after every action (no face-down tile
    in any view: every *views_every* actions), the hand limit when each turn's actions begin,
    a save round trip at random points."""
    taken: list[tuple[int, Action]] = []
    turn: tuple[int, int] | None = None
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
        views = len(taken) % views_every == 0
        assert invariants.problems(state, views=views) == [], (len(taken), action)
        turn = hand_checked(state, turn)
        if rng.random() < 0.001:
            text = state.serialize()
            assert state.game.deserialize_state(text).serialize() == text
        assert len(taken) < 20_000, "a game that does not end"
    return taken


def hand_checked(state: Any, turn: tuple[int, int] | None) -> tuple[int, int] | None:
    """homm3.md §4.3 step 1, §5.7: when a turn's actions begin (after the hand refresh) the
    hand is within the Level's hand limit. Answers the turn now on (round, seat)."""
    if state.is_terminal():
        return turn
    top = state.flow.top()
    if not isinstance(top, TurnStep) or top.stage != "act" or turn == (state.round, top.seat):
        return turn
    player = state.players[top.seat]
    limit = hand_limit(state, player)
    assert len(player.hand) <= limit, (state.round, top.seat, len(player.hand), limit)
    return (state.round, top.seat)


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
        play(state, random.Random(seed), views_every=1 if seed == 0 else 250)
        assert state.is_terminal() and invariants.log_problems(state) == []
        outcome = state.outcome()
        assert outcome is not None
        endings[outcome.ending] += 1
        if index == 0 and block < 3:
            again = replay(record_of(state))
            assert again.serialize() == state.serialize()
    record_property("endings", dict(endings))
    print(f"block {block}: {dict(endings)}")
