"""Every resampled state plays on to the end (issue 20 §1, bullet 3: 129 of 200 re-deals at a
HoMM3 instant window raised "step 'instant-window' was left unsettled"), in both games.

Random positions of random games; at each, a re-deal for every seat (``resample``), which must
pass every check of a saved state, keep the seat's observation and legal actions, and play on
to the end with random legal actions. ``RULEKEEPER_LONG=1`` plays many more
games.
"""

from __future__ import annotations

import os
import random

import pytest
from test_leaks import homm3_states, step_random

from rulekeeper.core import CHANCE, SIMULTANEOUS, GameState, load_game
from rulekeeper.games.homm3.battle.generate import random_battle

SLOW = bool(os.environ.get("RULEKEEPER_SLOW"))
LONG = bool(os.environ.get("RULEKEEPER_LONG"))
SIZE = 20 if LONG else 1


def play_to_end(state: GameState, rng: random.Random, limit: int = 5_000) -> None:
    """Random legal actions (chance sampled) until the game is over."""
    for _ in range(limit):
        if state.is_terminal():
            return
        step_random(state, rng)
    raise AssertionError(f"{state!r} did not end in {limit} actions")


def check_resamples(state: GameState, rng: random.Random) -> int:
    """Resample *state* for every seat; each re-deal is a sound state that plays to the end."""
    done = 0
    for seat in range(state.num_players):
        other = state.resample(seat, random.Random(rng.getrandbits(32)))
        text = other.serialize()
        assert other.game.deserialize_state(text).serialize() == text
        assert other.observation(seat) == state.observation(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)
        current = other.current_player()
        if current == SIMULTANEOUS:
            assert any(other.legal_actions(s) for s in range(other.num_players))
        elif current == CHANCE:
            assert other.chance_outcomes()
        elif current >= 0:
            assert other.legal_actions(current)
        play_to_end(other, rng)
        done += 1
    return done


def positions(state: GameState, rng: random.Random, every: float) -> int:
    """Play *state* to the end, checking re-deals at random positions (about one in *every*)."""
    checked = 0
    while not state.is_terminal():
        if state.current_player() != CHANCE and rng.random() < 1 / every:
            checked += check_resamples(state, rng)
        step_random(state, rng)
    return checked


def test_every_battleground_redeal_plays_to_the_end() -> None:
    """issue 20 §1 bullet 3 (Battleground): re-deals at random positions of whole games."""
    rng = random.Random(31)
    checked = 0
    for seed in range(SIZE):
        state = load_game("battleground").new_initial_state(seed=seed)
        checked += positions(state, rng, every=30)
    assert checked >= 4


@pytest.mark.parametrize("mode", ["players", "generated"])
def test_every_homm3_redeal_plays_to_the_end(mode: str) -> None:
    """issue 20 §1 bullet 3 (HoMM3 combat): re-deals at random positions of whole battles,
    between two players' heroes with cards and in the generated battles (solo, AI heroes)."""
    rng = random.Random(mode)
    checked = 0
    if mode == "players":
        states = list(homm3_states(8 * SIZE))
    else:
        states = [
            load_game("homm3-combat", battle=random_battle(rng)).new_initial_state(seed=index)
            for index in range(8 * SIZE)
        ]
    for state in states:
        checked += positions(state, rng, every=8)
    assert checked >= 40
