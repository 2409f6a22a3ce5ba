"""The built-in bots on every shipped HoMM3 battle: complete games, fairness, the evaluation."""

from __future__ import annotations

import random

import pytest

from rulekeeper.core import CHANCE, GameState, load_game, play_out
from rulekeeper.core.agents import GreedyAgent, RandomAgent, make_agent
from rulekeeper.core.mcts import MCTSAgent
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles


def battle(name: str, seed: int) -> GameState:
    return load_game("homm3-combat", battle=str(shipped_battle(name))).new_initial_state(seed)


@pytest.mark.parametrize("name", shipped_battles())
def test_bots_play_every_shipped_battle_to_the_end(name: str) -> None:
    for seed, specs in ((1, ("greedy", "random")), (2, ("random", "greedy"))):
        state = battle(name, seed)
        play_out(state, {s: make_agent(specs[s], seed) for s in range(state.num_players)})
        assert state.is_terminal()
    state = battle(name, 3)
    bots = {s: MCTSAgent(iterations=4, seed=s, rollout=2) for s in range(state.num_players)}
    play_out(state, bots)
    assert state.is_terminal()
    assert [state.evaluate(s) for s in range(state.num_players)] == state.returns()


def test_evaluation_follows_the_strength_left() -> None:
    state = battle("hero-battle.yaml", 4)
    bot = RandomAgent(1)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.resolve_chance()
            continue
        values = [state.evaluate(s) for s in range(state.num_players)]
        assert all(-1.0 <= v <= 1.0 for v in values)
        assert values[0] == pytest.approx(-values[1])
        player = state.current_player()
        state.apply_action(bot.choose(state, player), player)


def test_greedy_chooses_alike_whatever_the_seat_cannot_see() -> None:
    state = battle("hero-battle.yaml", 5)
    bot = RandomAgent(2)
    checked = 0
    while not state.is_terminal() and checked < 12:
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
            continue
        twin = state.resample(player, random.Random(checked))
        assert twin.observation(player) == state.observation(player)
        assert GreedyAgent(9).choose(state, player) == GreedyAgent(9).choose(twin, player)
        state.apply_action(bot.choose(state, player), player)
        checked += 1
