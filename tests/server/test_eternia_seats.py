"""Issue 28 Acceptance: a 4-player Fields of Eternia game over HTTP gives each seat's token
only its own heroes: the team's first seat picks which hero is activated; the hero's turn is
its controller's alone, any other token is refused and nothing changes."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import auth


def test_each_token_acts_only_for_its_own_heroes(client: TestClient) -> None:
    body = {
        "game": "eternia",
        "seats": ["me", "me", "me", "me"],
        "seed": 4,
        "params": {"players": 4, "first_team": 0, "controllers": {"she-ra": 2}},
    }
    made = client.post("/api/games", json=body).json()
    game, tokens = made["id"], made["seat_tokens"]
    seen = client.get(f"/api/games/{game}", headers=auth(tokens["0"])).json()
    assert seen["to_act"] == [0]
    picks = [entry["action"] for entry in seen["legal"]]
    assert "activate hero=she-ra" in picks
    for seat in ("1", "2", "3"):  # not their decision: no choices shown
        other = client.get(f"/api/games/{game}", headers=auth(tokens[seat])).json()
        assert other["legal"] == []
    answer = client.post(
        f"/api/games/{game}/actions",
        json={"action": "activate hero=she-ra", "version": seen["version"]},
        headers=auth(tokens["0"]),
    )
    assert answer.status_code == 200, answer.text
    now = client.get(f"/api/games/{game}", headers=auth(tokens["2"])).json()
    assert now["to_act"] == [2] and now["legal"]
    refused = client.post(
        f"/api/games/{game}/actions",
        json={"action": "end-turn", "version": now["version"]},
        headers=auth(tokens["0"]),
    )
    assert refused.status_code == 409 and refused.json()["code"] == "not-your-turn"
    after = client.get(f"/api/games/{game}", headers=auth(tokens["2"])).json()
    assert after["version"] == now["version"]
    done = client.post(
        f"/api/games/{game}/actions",
        json={"action": "end-turn", "version": now["version"]},
        headers=auth(tokens["2"]),
    )
    assert done.status_code == 200, done.text
