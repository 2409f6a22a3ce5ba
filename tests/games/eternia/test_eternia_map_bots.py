"""The map game's bots (issue 28 §3): the evaluation counts the VP a victory card is about to
give (spec §5.14), and a bot plays a whole standard 2-player game to its end."""

from __future__ import annotations

from rulekeeper.core import load_game
from rulekeeper.core.agents import make_agent, play_out
from rulekeeper.games.eternia.map import evaluation


def test_a_card_in_hand_whose_primary_is_achieved_counts_before_the_check() -> None:
    game = load_game("eternia", players=2)
    state = game.new_initial_state(seed=1)
    team = game.seat_teams[0]
    state.teams[team].pool.gain({"eternium": 12 - state.teams[team].eternium})
    state.teams[team].victory[:] = ["eternium-hoard"]  # primary: hold 8 Eternium, 1 VP
    ready = evaluation.evaluate(state, 0)
    assert evaluation._pending(state, team, own=True) == 1
    state.teams[team].victory[:] = ["hero-slayer"]  # primary: defeat a hero, not achieved
    assert evaluation._pending(state, team, own=True) == 0
    assert evaluation.evaluate(state, 0) < ready


def test_greedy_plays_a_whole_standard_game_against_random() -> None:
    game = load_game("eternia", players=2)
    state = game.new_initial_state(seed=6)
    agents = {
        seat: make_agent("greedy" if team == 0 else "random", seed=seat, game=game)
        for seat, team in enumerate(game.seat_teams)
    }
    play_out(state, agents)
    assert state.winners or state.ending
