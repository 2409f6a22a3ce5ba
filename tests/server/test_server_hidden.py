"""No secret leaves the server (issue 10 §1, §3): at every step of whole games, each seat's view
and a spectator's, as sent (JSON), are the same for the real game and for a game that differs
only in what that viewer cannot know (the core's determinisation: other hands, deck orders, a
card chosen in secret). The seed and the random state are never in a view."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from rulekeeper.core.session import Session
from rulekeeper.server.lobby import Hosted, Lobby
from rulekeeper.server.views import seat_view

SECRET_KEYS = {"seed", "rng", "random_state", "stream"}
GRAVE = {"forfeit", "surrender", "retreat", "flee", "offer-draw", "accept-draw"}
"""Choices that end a game at once: left out, so the games are whole."""


def sent(hosted: Hosted, seat: int | None) -> str:
    """The view as it goes over the wire."""
    return json.dumps(seat_view(hosted, seat), sort_keys=True)


def twin(hosted: Hosted, hidden_from: int, rng: random.Random) -> Hosted:
    """The same game as far as *hidden_from* can tell, with every hidden thing drawn again."""
    assert hosted.session is not None
    state = hosted.session.state.resample(hidden_from, rng)
    session = Session(state, None, list(hosted.session.barriers))
    return dataclasses.replace(hosted, session=session, views={})


def keys(value: Any) -> set[str]:
    """Every key of a JSON value, at any depth."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


@pytest.mark.parametrize(("game", "params"), [("battleground", {}), ("homm3-combat", {})])
def test_views_hold_nothing_their_viewer_may_not_know(
    lobby: Lobby, game: str, params: dict[str, Any]
) -> None:
    created = lobby.create(game, params, ["me", "me"], seed=11)
    hosted = lobby.get(created["id"])
    tokens = created["seat_tokens"]
    rng = random.Random(5)
    steps = differed = 0
    while hosted.session is not None and not hosted.state.is_terminal() and steps < 400:
        for seat in (0, 1):
            other = twin(hosted, seat, rng)
            assert sent(hosted, seat) == sent(other, seat)
            differed += other.state.serialize() != hosted.state.serialize()
        spectator = sent(hosted, None)
        for seat in (0, 1):
            assert spectator == sent(twin(hosted, seat, rng), None)
        assert not keys(json.loads(spectator)) & SECRET_KEYS
        seat = hosted.to_act()[0]
        legal = hosted.state.legal_actions(seat)
        action = rng.choice([a for a in legal if a.kind not in GRAVE] or legal)
        lobby.act(hosted.id, tokens[seat], str(action), hosted.version)
        steps += 1
    assert hosted.state.is_terminal(), f"{game} did not end in {steps} steps"
    assert differed > 0, "the twins never differed: the test would prove nothing"
