"""The replay of a finished game is drawable (issue 10 §2, replay viewer): a game with a board
of its own (Battleground, HoMM3 combat since issue 23) carries the board a spectator would have
seen after N actions; N out of range is refused."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from rulekeeper.server.lobby import Lobby

GRAVE = {"forfeit", "surrender", "retreat", "flee", "offer-draw", "accept-draw"}


def finished(lobby: Lobby, game: str, params: dict[str, Any]) -> str:
    """A game of two people played to its end by their first choice that is not grave."""
    made = lobby.create(game, params, ["me", "me"], seed=4)
    game_id, tokens = made["id"], made["seat_tokens"]
    for _ in range(2000):
        hosted = lobby.get(game_id)
        if hosted.state.is_terminal():
            return str(game_id)
        seat = hosted.to_act()[0]
        legal = hosted.state.legal_actions(seat)
        pick = next((a for a in legal if a.kind not in GRAVE), legal[0])
        lobby.act(game_id, tokens[seat], str(pick), hosted.version)
    raise AssertionError(f"{game} did not end")


def test_a_battleground_replay_carries_the_spectators_board(
    client: TestClient, lobby: Lobby
) -> None:
    game = finished(lobby, "battleground", {"rounds": 1})
    total = client.get(f"/api/games/{game}").json()["version"]
    for at in (0, total // 2, total):
        answer = client.get(f"/api/games/{game}/replay", params={"at": at})
        assert answer.status_code == 200, answer.text
        board = answer.json()["board"]
        assert board is not None and board["characters"] and board["map"]["name"]
        assert board["hand"] is None and board["actions"] == []  # a spectator's: no hand
        # issue 22 §3: the step says which script draws it, from the game's plug-in
        assert answer.json()["board_script"] == "/plugins/battleground/battleground.js"
    start = client.get(f"/api/games/{game}/replay", params={"at": 0}).json()["board"]
    end = client.get(f"/api/games/{game}/replay", params={"at": total}).json()["board"]
    assert start != end


def test_a_homm3_replay_carries_the_spectators_combat_board(
    client: TestClient, lobby: Lobby
) -> None:
    """issue 23 §1: the replay viewer draws HoMM3 combat with its board (it had the generic
    view), a spectator's: no hand, no choices."""
    game = finished(lobby, "homm3-combat", {})
    answer = client.get(f"/api/games/{game}/replay", params={"at": 1})
    assert answer.status_code == 200, answer.text
    board = answer.json()["board"]
    assert board["combat"]["units"] and answer.json()["observations"]
    assert board["combat_seat"]["hand"] == [] and board["combat_seat"]["actions"] == []
    assert answer.json()["board_script"] == "/plugins/homm3/homm3.js"


@pytest.mark.parametrize("at", [-1, 10_000, "x"])
def test_a_replay_out_of_range_is_refused(client: TestClient, lobby: Lobby, at: Any) -> None:
    game = finished(lobby, "homm3-combat", {})
    answer = client.get(f"/api/games/{game}/replay", params={"at": at})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-request"
    assert answer.json()["field"] is not None and "at" in answer.json()["field"]
