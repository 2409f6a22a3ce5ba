"""``GameState.odds``: a game's exact odds of an action, None without chance, refused for an
illegal action (the hook issue 9's clients show)."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the toy games)

from rulekeeper.core import Action, IllegalActionError, load_game


def test_odds_default_to_none_and_refuse_illegal_actions() -> None:
    state = load_game("toy_duel").new_initial_state(seed=1)
    seat = 0
    action = state.legal_actions(seat)[0]
    assert state.odds(action, seat) is None
    before = state.serialize()
    with pytest.raises(IllegalActionError):
        state.odds(Action.of("no-such-action"), seat)
    assert state.serialize() == before
