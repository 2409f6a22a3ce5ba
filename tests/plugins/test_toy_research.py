"""Issue 22 §1, §4: the toy plug-in's research declarations (core/game.py) hold on games played
to their end, in every variant: the returns within ``returns_range``, summing to 0 where it is
``zero_sum``; one ``Outcome`` agreeing with the returns; ``decision_seat()`` asks someone until
the end and no one after."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core import CHANCE, load_game
from rulekeeper.core.agents import RandomAgent

VARIANTS: list[dict[str, Any]] = [
    {},
    {"first": "b", "redraw": True},
    {"referee": True},
    {"coop": True},
]


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(p) or "plain")
def test_issue22_the_toy_declarations_hold_on_finished_games(params: dict[str, Any]) -> None:
    game = load_game("toy_duel", rounds=3, **params)
    assert game.zero_sum is not params.get("coop", False)
    assert game.chance == frozenset({"explicit", "inside"}) and game.max_length is None
    low, high = game.returns_range
    for seed in range(8):
        state = game.new_initial_state(seed)
        agents = {seat: RandomAgent(seed * 10 + seat) for seat in range(state.num_players)}
        while not state.is_terminal():
            asked = state.decision_seat()
            assert asked, "someone is asked until the end"
            if asked == (CHANCE,):
                state.resolve_chance()
                continue
            seat = asked[0]
            state.apply_action(agents[seat].choose(state, seat), seat)
        assert state.decision_seat() == ()
        returns = state.returns()
        assert all(low <= value <= high for value in returns), returns
        if game.zero_sum:
            assert sum(returns) == 0, returns
        outcome = state.outcome()
        assert outcome is not None and outcome.returns == tuple(returns)
        assert state.describe_result() == outcome.text
