"""Fields of Eternia against the game through the HTTP API (issue 29 Acceptance): a solo game
created with its mode and difficulty and played to its end by the person's token; a co-op game
whose tokens each act only for their own heroes; bots in every seat of a co-op game; the enemy's
decks never in a view; the catalog offering the mode, the difficulty and the seats."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, until

from rulekeeper.server.bots import BotRunner
from rulekeeper.server.lobby import Lobby

pytestmark = pytest.mark.parametrize("url", ["sqlite"], indirect=True)
"""Whole games through the server take seconds: played on one store (the API is the same)."""


def enemy_decks_hidden(view: dict[str, Any]) -> None:
    """The solo part of a view shows the enemy's decks by their sizes only (spec §3.2)."""
    solo = view["observation"]["solo"]
    assert all(isinstance(n, int) for n in solo["battle_decks"].values())
    assert isinstance(solo["effect_deck"], int)


def test_the_catalog_offers_solo_and_coop(client: TestClient) -> None:
    """Issue 29 Acceptance: the new-game form offers the modes with their seats and the
    difficulties; a solo scenario says its one seat."""
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    params = {p["name"]: p for p in games["eternia"]["params"]}
    assert params["mode"]["choices"] == ["standard", "skirmish", "solo", "coop"]
    assert params["difficulty"]["choices"] == ["beginner", "novice", "advanced", "relentless"]
    seats = {entry["name"]: entry["players"] for entry in games["eternia"]["files"]["mode"]}
    assert seats == {"standard": 2, "skirmish": 2, "solo": 1, "coop": 2}
    scenarios = {e["name"]: e["players"] for e in games["eternia"]["files"]["scenario"]}
    assert scenarios["he-man-impostor"] == 1


def test_a_solo_game_played_to_its_end_by_its_token(client: TestClient) -> None:
    """Issue 29 Acceptance: ``POST /api/games`` with ``mode: solo`` and a difficulty; the
    person's token takes every decision (random legal ones) to the end and its result."""
    created = client.post(
        "/api/games",
        json={
            "game": "eternia",
            "seats": ["me"],
            "params": {"mode": "solo", "difficulty": "advanced", "scenario": "retrieve-the-plans"},
            "seed": 5,
        },
    )
    assert created.status_code == 201, created.text
    game, mine = created.json()["id"], created.json()["seat_tokens"]["0"]
    rng = random.Random(5)
    for _ in range(3000):
        seen = client.get(f"/api/games/{game}", headers=auth(mine)).json()
        if seen["status"] == "finished":
            break
        enemy_decks_hidden(seen)
        pick = rng.choice(seen["legal"])["action"]
        done = client.post(
            f"/api/games/{game}/actions",
            json={"action": pick, "version": seen["version"]},
            headers=auth(mine),
        )
        assert done.status_code == 200, done.text
    final = client.get(f"/api/games/{game}").json()
    assert final["status"] == "finished" and "solo score" in final["result"]


def test_coop_tokens_act_for_their_own_heroes(client: TestClient) -> None:
    """Issue 29 §1: co-op, 2 seats; the first seat picks the hero to activate, the hero's
    turn is its controller's alone (another token is refused, nothing changes)."""
    created = client.post(
        "/api/games",
        json={
            "game": "eternia",
            "seats": ["me", "me"],
            "params": {
                "mode": "coop",
                "players": 2,
                "scenario": "retrieve-the-plans",
                "controllers": {"she-ra": 1},
            },
            "seed": 4,
        },
    )
    assert created.status_code == 201, created.text
    game, tokens = created.json()["id"], created.json()["seat_tokens"]
    seen = client.get(f"/api/games/{game}", headers=auth(tokens["0"])).json()
    assert "activate hero=she-ra" in [entry["action"] for entry in seen["legal"]]
    assert client.get(f"/api/games/{game}", headers=auth(tokens["1"])).json()["legal"] == []
    answer = client.post(
        f"/api/games/{game}/actions",
        json={"action": "activate hero=she-ra", "version": seen["version"]},
        headers=auth(tokens["0"]),
    )
    assert answer.status_code == 200, answer.text
    now = client.get(f"/api/games/{game}", headers=auth(tokens["1"])).json()
    assert now["to_act"] == [1] and now["legal"]
    refused = client.post(
        f"/api/games/{game}/actions",
        json={"action": "end-turn", "version": now["version"]},
        headers=auth(tokens["0"]),
    )
    assert refused.status_code == 409 and refused.json()["code"] == "not-your-turn"
    assert client.get(f"/api/games/{game}").json()["version"] == now["version"]


def test_a_coop_game_with_bots_in_every_seat_ends(client: TestClient, lobby: Lobby) -> None:
    """Issue 29 Acceptance: co-op with 3 players, a bot in each seat, played to its end through
    the server: one result for the team."""
    bots = BotRunner(lobby, workers=1, pace=0.0)
    try:
        created = client.post(
            "/api/games",
            json={
                "game": "eternia",
                "seats": ["random", "greedy", "random"],
                "params": {"mode": "coop", "players": 3, "difficulty": "relentless"},
                "seed": 2,
            },
        )
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        until(lambda: client.get(f"/api/games/{game}").json()["status"] == "finished")
    finally:
        bots.close()
    final = client.get(f"/api/games/{game}").json()
    assert "solo score" in final["result"]
