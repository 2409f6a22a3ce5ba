"""Playing through the server (issue 10 §1, §3): a view over the WebSocket after every change,
actions sent on it, errors that change nothing; bots thinking in their pool; a HoMM3 battle
played to its end through the HTTP API and the generic view."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import auth

from rulekeeper.server.bots import BotRunner
from rulekeeper.server.lobby import Lobby

GRAVE = {"forfeit", "surrender", "retreat", "flee", "offer-draw", "accept-draw"}


def until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    """Poll *check* until it holds (never a fixed sleep to wait for readiness)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.02)


def test_the_websocket_sends_views_and_takes_actions(client: TestClient) -> None:
    created = client.post(
        "/api/games", json={"game": "battleground", "seats": ["me", "me"], "seed": 3}
    ).json()
    game, tokens = created["id"], created["seat_tokens"]
    with client.websocket_connect(f"/ws/games/{game}?token={tokens['0']}") as mine:
        first = mine.receive_json()
        assert first["type"] == "view" and first["seat"] == 0 and first["legal"]
        mine.send_json({"type": "action", "action": first["legal"][0]["action"], "version": 99})
        stale = mine.receive_json()
        assert stale["type"] == "error" and stale["code"] == "stale-version"
        mine.send_text("{nope")
        assert mine.receive_json()["code"] == "bad-request"
        mine.send_json({"type": "ping"})
        assert mine.receive_json()["type"] == "pong"
        mine.send_json(
            {"type": "action", "action": first["legal"][0]["action"], "version": first["version"]}
        )
        moved = mine.receive_json()
        assert moved["type"] == "view" and moved["version"] > first["version"]
    with client.websocket_connect(f"/ws/games/{game}") as watcher:
        seen = watcher.receive_json()
        assert seen["seat"] is None and seen["legal"] == []
    with client.websocket_connect(f"/ws/games/{game}?token=forged") as forged:
        assert forged.receive_json()["code"] == "bad-token"


def test_a_person_plays_a_bot_which_answers_from_its_pool(client: TestClient, lobby: Lobby) -> None:
    bots = BotRunner(lobby, workers=1, pace=0.0)
    try:
        created = client.post(
            "/api/games", json={"game": "battleground", "seats": ["me", "random"], "seed": 4}
        ).json()
        game, mine = created["id"], created["seat_tokens"]["0"]
        for _ in range(6):  # my choices; the bot answers whenever it is its turn
            until(
                lambda: 0 in client.get(f"/api/games/{game}", headers=auth(mine)).json()["to_act"]
            )
            seen = client.get(f"/api/games/{game}", headers=auth(mine)).json()
            pick = next(c for c in seen["legal"] if c["kind"] not in GRAVE)
            body = {"action": pick["action"], "version": seen["version"]}
            done = client.post(f"/api/games/{game}/actions", json=body, headers=auth(mine))
            assert done.status_code == 200, done.text
        history = lobby.get(game).state.history()
        assert any(entry.player == 1 for entry in history), "the bot played"
    finally:
        bots.close()


def test_a_homm3_battle_is_played_to_its_end_through_the_api(client: TestClient) -> None:
    created = client.post(
        "/api/games", json={"game": "homm3-combat", "seats": ["me", "me"], "seed": 2}
    ).json()
    game, tokens = created["id"], created["seat_tokens"]
    for _ in range(600):
        seen: dict[str, Any] = client.get(f"/api/games/{game}").json()
        if seen["status"] == "finished":
            break
        seat = seen["to_act"][0]
        mine = client.get(f"/api/games/{game}", headers=auth(tokens[str(seat)])).json()
        assert mine["observation"] is not None  # issue 23 §1: its own board, not the generic view
        assert mine["board"]["combat"]["units"] and mine["board"]["combat_seat"]["seat"] == seat
        pick = next((c for c in mine["legal"] if c["kind"] not in GRAVE), mine["legal"][0])
        body = {"action": pick["action"], "version": mine["version"]}
        reply = client.post(
            f"/api/games/{game}/actions", json=body, headers=auth(tokens[str(seat)])
        )
        assert reply.status_code == 200, reply.text
    assert seen["status"] == "finished" and " wins (" in seen["result"]
    record = client.get(f"/api/games/{game}/record").json()
    assert record["format"] == "rulekeeper-replay" and record["seed"] == 2


def test_games_only_bots_play_go_on_a_configured_number_at_once(lobby: Lobby) -> None:
    """A bots-only game waits while the configured number of them are going on, and starts
    when one ends (issue 10 §1)."""
    bots = BotRunner(lobby, workers=1, pace=0.0, bot_games=1)
    try:
        first = lobby.create("battleground", {"rounds": 1}, ["random", "random"], seed=1)["id"]
        second = lobby.create("battleground", {"rounds": 1}, ["random", "random"], seed=2)["id"]
        waiting = lobby.get(second).version
        while True:
            seen = lobby.get(second).version  # read before asking whether the first is over
            if lobby.get(first).status == "finished":
                break
            assert seen == waiting, "the second game moved before the first ended"
            time.sleep(0.01)
        until(lambda: lobby.get(second).status == "finished")
    finally:
        bots.close()


def test_a_finished_game_is_replayed_and_branched(client: TestClient) -> None:
    """Issue 10 §2 (replay viewer): a finished game, step by step, and a new game from any of
    its actions with the same setup and seed."""
    created = client.post(
        "/api/games", json={"game": "homm3-combat", "seats": ["me", "me"], "seed": 2}
    ).json()
    game, tokens = created["id"], created["seat_tokens"]
    early = client.get(f"/api/games/{game}/replay", params={"at": 0})
    assert early.status_code == 400 and "once it has ended" in early.json()["message"]
    for _ in range(600):
        seen = client.get(f"/api/games/{game}").json()
        if seen["status"] == "finished":
            break
        seat = seen["to_act"][0]
        mine = client.get(f"/api/games/{game}", headers=auth(tokens[str(seat)])).json()
        pick = next((c for c in mine["legal"] if c["kind"] not in GRAVE), mine["legal"][0])
        body = {"action": pick["action"], "version": mine["version"]}
        client.post(f"/api/games/{game}/actions", json=body, headers=auth(tokens[str(seat)]))
    total = seen["version"]
    middle = client.get(f"/api/games/{game}/replay", params={"at": total // 2}).json()
    assert middle["at"] == total // 2 and middle["total"] == total and middle["next"]["text"]
    assert len(middle["observations"]) == 2 and middle["result"] is None
    end = client.get(f"/api/games/{game}/replay", params={"at": total}).json()
    assert end["next"] is None and end["result"] == seen["result"]
    branched = client.post(
        f"/api/games/{game}/branch", json={"at": total // 2, "seats": ["me", "random"]}
    )
    assert branched.status_code == 201, branched.text
    token = branched.json()["seat_tokens"]["0"]
    again = client.get(f"/api/games/{branched.json()['id']}", headers=auth(token)).json()
    assert again["status"] == "running" and again["version"] >= total // 2  # dice rolled on
    there = client.get(f"/api/games/{game}/replay", params={"at": again["version"]}).json()
    assert again["observation"] == there["observations"][0]  # the same setup, seed and dice
