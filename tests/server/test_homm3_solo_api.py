"""HoMM3 solo and co-op through the HTTP API (issue 26 Acceptance): a solo game created with its
mode and difficulty, a few of the person's actions, then a bot in the seat plays it to a result;
a co-op game with bots in both seats; the AI heroes in every view with their decks by count
only; the catalog offers the mode and the difficulty to the new-game form."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, until

from rulekeeper.server.bots import BotRunner
from rulekeeper.server.lobby import Lobby

pytestmark = pytest.mark.parametrize("url", ["sqlite"], indirect=True)
"""Whole games through the server take seconds: played on one store (the API is the same)."""
RESULTS = ("The AI heroes win", "Castle wins (victory)", "Castle and Dungeon wins (victory)")


def ai_heroes_seen(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The AI heroes of a view's board, each checked to show its decks by count only."""
    found: list[dict[str, Any]] = view["board"]["map"]["ai_heroes"]
    for item in found:
        assert isinstance(item["ai_deck"], int) and isinstance(item["spells"], int)
    return found


def test_the_catalog_offers_the_mode_and_the_difficulty(client: TestClient) -> None:
    """Issue 26 Acceptance: the new-game form is built from the declaration: ``mode`` (clash,
    solo, coop) and ``difficulty`` are choices, and each mode says its seats (solo: one)."""
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    params = {p["name"]: p for p in games["homm3"]["params"]}
    assert params["mode"]["choices"] == ["clash", "solo", "coop"]
    assert params["difficulty"]["choices"] == ["easy", "normal", "hard", "impossible"]
    assert 1 in games["homm3"]["players"]
    seats = {entry["name"]: entry["players"] for entry in games["homm3"]["files"]["mode"]}
    assert seats == {"clash": 2, "solo": 1, "coop": 2}  # the form sets the seats by the mode
    assert "mode" not in games["battleground"]["files"]


def test_a_solo_game_is_played_to_its_end_through_the_api(client: TestClient, lobby: Lobby) -> None:
    """Issue 26 Acceptance: ``POST /api/games`` with ``mode: solo`` and a difficulty; the
    person takes a few actions, then gives the seat to a bot, which plays it to a result (a
    victory, or the AI heroes' win); the AI hero is in every view."""
    created = client.post(
        "/api/games",
        json={
            "game": "homm3",
            "seats": ["me"],
            "params": {"mode": "solo", "difficulty": "hard"},
            "seed": 3,
        },
    )
    assert created.status_code == 201, created.text
    game, mine = created.json()["id"], created.json()["seat_tokens"]["0"]
    admin = created.json()["admin_token"]
    for _ in range(4):
        seen = client.get(f"/api/games/{game}", headers=auth(mine)).json()
        assert [a["name"] for a in ai_heroes_seen(seen)] == ["The Warlord"]
        pick = seen["legal"][0]
        body = {"action": pick["action"], "version": seen["version"]}
        done = client.post(f"/api/games/{game}/actions", json=body, headers=auth(mine))
        assert done.status_code == 200, done.text
    bots = BotRunner(lobby, workers=1, pace=0.0)
    try:
        given = client.post(
            f"/api/games/{game}/bot", json={"seat": 0, "spec": "random"}, headers=auth(admin)
        )
        assert given.status_code == 200, given.text
        until(lambda: client.get(f"/api/games/{game}").json()["status"] == "finished")
    finally:
        bots.close()
    final = client.get(f"/api/games/{game}").json()
    assert final["result"] in RESULTS
    assert (
        final["board"]["map_seat"]["decision"]["prompt"] == f"The game is over: {final['result']}"
    )
    ai_heroes_seen(final)


def test_a_coop_game_with_bots_in_both_seats_ends_with_one_result(
    client: TestClient, lobby: Lobby
) -> None:
    """Issue 26 §2, Acceptance: a co-op game, a bot in each seat, played to its end through
    the server; one result for the team, the two AI heroes in the view."""
    bots = BotRunner(lobby, workers=1, pace=0.0)
    try:
        created = client.post(
            "/api/games",
            json={
                "game": "homm3",
                "seats": ["random", "random"],
                "params": {"mode": "coop"},
                "seed": 2,
            },
        )
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        until(lambda: client.get(f"/api/games/{game}").json()["status"] == "finished")
    finally:
        bots.close()
    final = client.get(f"/api/games/{game}").json()
    assert final["result"] in RESULTS
    assert len(ai_heroes_seen(final)) == 2
