"""Nothing a seat cannot see leaves the server for it (issue 20 §1, bullets 1 and 4): at every
step of whole games of both games, every payload the server sends to a seat (its view over HTTP,
its WebSocket message, its ``explain`` answers) and to a spectator or the administrator (the
same, with no seat) is the same for the real game and for the game re-dealt for that seat (the
core's ``resample``: other hands, deck orders). ``explain`` is probed with every card id and
every action kind that names a card, and with every legal action of the seat to act, through
the lobby's own functions, for the seat's token, the admin token and no token.

The test asserts that the re-deal changed the hidden cards in at least half of the samples.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import Action
from rulekeeper.core.session import Session
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Hosted, Lobby
from rulekeeper.server.views import view_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games"))
from test_leaks import DECLINED, actor_legal, card_probes, cards_of, hero_battle

STEPS = 40
"""Steps of each game checked (each step asks a few hundred questions of the server)."""


@pytest.fixture
def lobby(tmp_path: Path) -> Lobby:
    """A lobby on SQLite only: what a payload holds does not depend on the database."""
    return Lobby(open_database(f"sqlite:///{(tmp_path / 'games.db').as_posix()}"))


def twin(hosted: Hosted, hidden_from: int, rng: random.Random) -> Hosted:
    """The hosted game re-dealt for *hidden_from* (as the lobby would host that state)."""
    assert hosted.session is not None
    state = hosted.session.state.resample(hidden_from, rng)
    session = Session(state, None, list(hosted.session.barriers))
    return dataclasses.replace(hosted, session=session, views={})


def payloads(lobby: Lobby, hosted: Hosted, token: str | None, probes: list[str]) -> list[Any]:
    """What the server sends the holder of *token* (None: no token) about *hosted*: the view
    over HTTP and the socket, and an ``explain`` answer per probe (the lobby's own functions,
    with *hosted* standing for the game of that id)."""
    real = lobby.get
    lobby.get = lambda game_id: hosted  # type: ignore[method-assign]
    try:
        seat = hosted.seat_of(token)
        out: list[Any] = [lobby.view(hosted.id, token), view_text(hosted, seat)]
        out += [lobby.explain(hosted.id, token, text) for text in probes]
    finally:
        lobby.get = real  # type: ignore[method-assign]
    return out


def hidden(hosted: Hosted, seat: int) -> list[list[str]]:
    state = hosted.state
    sight = state.game.sight_of(seat)
    return [list(z.cards) for z in state.zones() if not z.visible_for(sight)]


@pytest.mark.parametrize("game", ["battleground", "homm3-combat"])
def test_no_payload_changes_when_what_its_reader_cannot_see_is_dealt_again(
    lobby: Lobby, game: str
) -> None:
    """issue 20 §1: HTTP and WebSocket payloads to each seat, a spectator and the admin."""
    rng = random.Random(game)
    params: dict[str, Any] = {} if game == "battleground" else {"battle": hero_battle(rng)}
    created = lobby.create(game, params, ["me", "me"], seed=7)
    hosted = lobby.get(created["id"])
    tokens: dict[int, str] = created["seat_tokens"]
    nobody: list[str | None] = [None, created["admin_token"]]
    cards = card_probes(game, cards_of(hosted.state))
    changed: list[bool] = []
    for _ in range(STEPS):
        if hosted.state.is_terminal():
            break
        probes = [str(a) for a in cards + actor_legal(hosted.state)]
        for seat in (0, 1):
            other = twin(hosted, seat, random.Random(rng.getrandbits(32)))
            for token in [tokens[seat], *nobody]:
                said = payloads(lobby, hosted, token, probes)
                assert payloads(lobby, other, token, probes) == said, (seat, token)
            if any(hidden(hosted, seat)):
                changed.append(hidden(other, seat) != hidden(hosted, seat))
        seat = hosted.to_act()[0]
        legal = hosted.state.legal_actions(seat)
        action = rng.choice([a for a in legal if a.kind not in DECLINED] or legal)
        lobby.act(hosted.id, tokens[seat], str(action), hosted.version)
    assert len(changed) >= 20
    assert sum(changed) >= len(changed) / 2, f"{sum(changed)} of {len(changed)} re-deals changed"
    assert Action.parse(probes[0])  # the probes are actions the server reads
