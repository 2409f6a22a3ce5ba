"""The glossary over the API (issue 23 §2.4): ``GET /api/catalog/{game}/glossary`` gives the
game's declared glossary, the browser's hover definitions."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import auth


def test_each_game_glossary_is_served_by_name(client: TestClient) -> None:
    """issue 23 §2.4: Battleground's and HoMM3's glossaries; an unknown game is a 404."""
    battleground = client.get("/api/catalog/battleground/glossary")
    assert battleground.status_code == 200, battleground.text
    terms = {entry["term"]: entry for entry in battleground.json()["entries"]}
    assert {"flank", "knockdown", "scope", "cover", "overwatch", "AP"} <= set(terms)
    assert "flanked" in terms["flank"]["aliases"] and terms["flank"]["text"]
    homm3 = client.get("/api/catalog/homm3-combat/glossary").json()
    assert homm3["game"] == "homm3-combat"
    assert {"Few", "Pack", "Paralysis", "retaliation"} <= {e["term"] for e in homm3["entries"]}
    missing = client.get("/api/catalog/no-such-game/glossary")
    assert missing.status_code == 404 and missing.json()["code"] == "not-found"
    catalog = {game["name"]: game for game in client.get("/api/catalog").json()["games"]}
    assert catalog["battleground"]["glossary"] is True


def test_the_browsers_why_gets_the_words_of_a_legal_action(client: TestClient) -> None:
    """issue 23 §2.5: ``GET /api/games/{id}/explain`` of a legal action says what it does,
    never "is legal (rule: core: legal)" (the browser's ``?``)."""
    made = client.post("/api/games", json={"game": "battleground", "seats": ["me", "me"]}).json()
    game, tokens = made["id"], made["seat_tokens"]
    views = [client.get(f"/api/games/{game}", headers=auth(t)).json() for t in tokens.values()]
    view = next(v for v in views if v["seat"] in v["to_act"])
    token = tokens[str(view["seat"])]
    legal = [entry["action"] for entry in view["legal"]]
    assert legal, view
    for action in legal[:5]:
        said = client.get(
            f"/api/games/{game}/explain", params={"action": action}, headers=auth(token)
        ).json()
        assert said["legal"] and said["rule"] != "core: legal", said
        assert "is legal" not in said["reason"] and said["reason"], said
