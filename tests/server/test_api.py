"""The HTTP API through the real app (issue 10 §1, docs/protocol.md): creating and joining
games, tokens, versions (stale and duplicate submissions), bad input of every kind, and each
seat's view."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import auth

from rulekeeper.server.lobby import Lobby


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    reply = client.post(
        "/api/games", json={"game": "battleground", "seats": ["me", "open"], **body}
    )
    assert reply.status_code == 201, reply.text
    found: dict[str, Any] = reply.json()
    return found


def view(client: TestClient, game: str, token: str | None = None) -> dict[str, Any]:
    reply = client.get(f"/api/games/{game}", headers=auth(token) if token else {})
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()
    return found


def test_create_join_and_play_with_tokens(client: TestClient) -> None:
    created = new_game(client, seed=3, title="friendly")
    game, mine = created["id"], created["seat_tokens"]["0"]
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [game] and listed[0]["status"] == "open"
    joined = client.post(f"/api/games/{game}/join", json={"seat": 1, "name": "Bob"}).json()
    again = client.post(f"/api/games/{game}/join", json={"seat": 1, "name": "Eve"})
    assert again.status_code == 409 and again.json()["code"] == "seat-taken"
    seen = view(client, game, mine)
    assert seen["seat"] == 0 and seen["status"] == "running" and seen["to_act"] == [0]
    first = seen["legal"][0]
    done = client.post(
        f"/api/games/{game}/actions",
        json={"action": first["action"], "version": seen["version"]},
        headers=auth(mine),
    )
    assert done.status_code == 200, done.text
    assert done.json()["version"] > seen["version"]
    other = view(client, game, joined["token"])
    assert other["seat"] == 1 and other["version"] == done.json()["version"]


def test_stale_and_duplicate_submissions_are_refused_and_change_nothing(client: TestClient) -> None:
    created = new_game(client, seed=3)
    game, mine = created["id"], created["seat_tokens"]["0"]
    client.post(f"/api/games/{game}/join", json={"seat": 1})
    seen = view(client, game, mine)
    body = {"action": seen["legal"][0]["action"], "version": seen["version"]}
    assert (
        client.post(f"/api/games/{game}/actions", json=body, headers=auth(mine)).status_code == 200
    )
    after = view(client, game, mine)
    twice = client.post(f"/api/games/{game}/actions", json=body, headers=auth(mine))
    assert twice.status_code == 409 and twice.json()["code"] == "stale-version"
    assert twice.json()["version"] == after["version"]
    assert view(client, game, mine) == after


def test_acting_needs_the_seats_own_token(client: TestClient) -> None:
    created = new_game(client, seed=3)
    game, mine = created["id"], created["seat_tokens"]["0"]
    theirs = client.post(f"/api/games/{game}/join", json={"seat": 1}).json()["token"]
    seen = view(client, game, mine)
    body = {"action": seen["legal"][0]["action"], "version": seen["version"]}
    anonymous = client.post(f"/api/games/{game}/actions", json=body)
    assert anonymous.status_code == 403 and anonymous.json()["code"] == "bad-token"
    forged = client.post(f"/api/games/{game}/actions", json=body, headers=auth("x" * 32))
    assert forged.status_code == 403 and forged.json()["code"] == "bad-token"
    wrong_seat = client.post(f"/api/games/{game}/actions", json=body, headers=auth(theirs))
    assert wrong_seat.status_code == 409 and wrong_seat.json()["code"] == "not-your-turn"
    assert view(client, game, mine)["version"] == seen["version"]


def test_bad_input_gets_a_clear_error_and_changes_nothing(client: TestClient, lobby: Lobby) -> None:
    created = new_game(client, seed=3)
    game, mine = created["id"], created["seat_tokens"]["0"]
    client.post(f"/api/games/{game}/join", json={"seat": 1})
    seen = view(client, game, mine)
    malformed = client.post(
        "/api/games", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert malformed.status_code == 400 and malformed.json()["code"] == "bad-request"
    unknown = client.post("/api/games", json={"game": "chess", "seats": ["me"]})
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown-game"
    seats = client.post("/api/games", json={"game": "battleground", "seats": ["me"]})
    assert seats.json()["field"] == "seats"
    bot = client.post("/api/games", json={"game": "battleground", "seats": ["me", "wizard"]})
    assert bot.json()["field"] == "seats[1]" and "wizard" in bot.json()["message"]
    hostile = client.post(
        "/api/games",
        json={"game": "battleground", "seats": ["me", "open"], "params": {"position": {"x": 1}}},
    )
    assert hostile.status_code == 400 and hostile.json()["field"] == "params"
    illegal = client.post(
        f"/api/games/{game}/actions",
        json={"action": "move to=[99, 99, 0]", "version": seen["version"]},
        headers=auth(mine),
    )
    assert illegal.status_code == 400 and illegal.json()["code"] == "illegal-action"
    assert illegal.json()["rule"]
    garbled = client.post(
        f"/api/games/{game}/actions",
        json={"action": "move to=[", "version": seen["version"]},
        headers=auth(mine),
    )
    assert garbled.json()["code"] == "bad-request" and garbled.json()["field"] == "action"
    huge = client.post(
        f"/api/games/{game}/actions",
        content=b'{"action": "' + b"a" * 1_100_000 + b'", "version": 0}',
        headers={**auth(mine), "content-type": "application/json"},
    )
    assert huge.status_code == 413 and huge.json()["code"] == "too-large"
    missing = client.get("/api/games/g-nowhere")
    assert missing.status_code == 404 and missing.json()["code"] == "not-found"
    assert view(client, game, mine) == seen


def test_the_record_and_seed_wait_for_the_end(client: TestClient) -> None:
    created = new_game(client, seed=3)
    game = created["id"]
    early = client.get(f"/api/games/{game}/record")
    assert early.status_code == 400 and "when the game ends" in early.json()["message"]


def test_the_admin_gives_a_seat_to_a_bot_and_deletes_the_game(client: TestClient) -> None:
    created = new_game(client, seed=3)
    game, admin = created["id"], created["admin_token"]
    refused = client.post(f"/api/games/{game}/bot", json={"seat": 1, "spec": "random"})
    assert refused.status_code == 403
    given = client.post(
        f"/api/games/{game}/bot", json={"seat": 1, "spec": "random"}, headers=auth(admin)
    )
    assert given.status_code == 200
    assert view(client, game)["seats"][1]["kind"] == "bot"
    assert client.delete(f"/api/games/{game}", headers=auth(admin)).status_code == 200
    assert client.get(f"/api/games/{game}").status_code == 404


def test_explain_and_odds_for_a_seat(client: TestClient) -> None:
    created = new_game(client, seed=3)
    game, mine = created["id"], created["seat_tokens"]["0"]
    client.post(f"/api/games/{game}/join", json={"seat": 1})
    why = client.get(
        f"/api/games/{game}/explain", params={"action": "move to=[1, 1, 0]"}, headers=auth(mine)
    ).json()
    assert why["legal"] is False and why["rule"]
    catalog = client.get("/api/catalog").json()
    games = {entry["name"]: entry for entry in catalog["games"]}
    maps = next(p for p in games["battleground"]["params"] if p["name"] == "map")
    assert "first-game" in maps["shipped"]


def test_odds_of_an_action_the_game_moved_past_are_stale(client: TestClient) -> None:
    """docs/protocol.md: a preview asked from an older view for an action no longer legal is
    ``stale-version`` (409, the page's race); without a version, or at the current one, an
    illegal action is still ``illegal-action`` (400)."""
    created = new_game(client, seed=3)
    game, mine = created["id"], created["seat_tokens"]["0"]
    client.post(f"/api/games/{game}/join", json={"seat": 1})
    before = view(client, game, mine)
    action = before["legal"][0]["action"]
    taken = client.post(
        f"/api/games/{game}/actions",
        json={"action": action, "version": before["version"]},
        headers=auth(mine),
    )
    assert taken.status_code == 200, taken.text
    now = view(client, game, mine)["version"]
    asked = {"action": action, "version": before["version"]}
    stale = client.get(f"/api/games/{game}/odds", params=asked, headers=auth(mine))
    assert stale.status_code == 409 and stale.json()["code"] == "stale-version", stale.text
    assert stale.json()["version"] == now
    for params in ({"action": action}, {"action": action, "version": now}):
        refused = client.get(f"/api/games/{game}/odds", params=params, headers=auth(mine))
        assert refused.status_code == 400 and refused.json()["code"] == "illegal-action"


def test_two_players_choosing_at_once_both_count(client: TestClient) -> None:
    """Battleground's card selection is simultaneous (battleground.md §3): a choice made on the
    version before the other player's choice still stands; a second one by the same seat is
    stale."""
    created = client.post(
        "/api/games", json={"game": "battleground", "seats": ["me", "me"], "seed": 3}
    ).json()
    game, tokens = created["id"], created["seat_tokens"]
    while True:
        seen = view(client, game)
        if len(seen["to_act"]) == 2:
            break
        seat = seen["to_act"][0]
        mine = view(client, game, tokens[str(seat)])
        body = {"action": mine["legal"][0]["action"], "version": mine["version"]}
        client.post(f"/api/games/{game}/actions", json=body, headers=auth(tokens[str(seat)]))
    views = [view(client, game, tokens[str(seat)]) for seat in (0, 1)]
    for seat in (0, 1):
        body = {"action": views[seat]["legal"][0]["action"], "version": views[seat]["version"]}
        reply = client.post(
            f"/api/games/{game}/actions", json=body, headers=auth(tokens[str(seat)])
        )
        assert reply.status_code == 200, reply.text
    again = {"action": views[0]["legal"][0]["action"], "version": views[0]["version"]}
    twice = client.post(f"/api/games/{game}/actions", json=again, headers=auth(tokens["0"]))
    assert twice.status_code == 409 and twice.json()["code"] == "stale-version"


def test_sight_anytime_actions_and_shipped_battles(client: TestClient) -> None:
    """The sight of one place from another (battleground.md §2), forfeiting out of turn, and a
    HoMM3 battle named as the catalog names it."""
    created = new_game(client, seed=3)
    game, mine = created["id"], created["seat_tokens"]["0"]
    theirs = client.post(f"/api/games/{game}/join", json={"seat": 1}).json()["token"]
    seen = client.get(
        f"/api/games/{game}/query/sight",
        params={"from": "4,1,0", "to": "6,10,0"},
        headers=auth(mine),
    )
    assert seen.status_code == 200 and "(4,1" in seen.json()["text"]
    bad = client.get(f"/api/games/{game}/query/sight", params={"from": "x", "to": "6,10,0"})
    assert bad.status_code == 400 and bad.json()["code"] == "bad-request"
    waiting = view(client, game, theirs)
    kinds = {c["kind"] for c in waiting["legal"]}
    assert waiting["to_act"] == [0] and "forfeit" in kinds and kinds <= {"forfeit", "offer-draw"}
    forfeit = next(c for c in waiting["legal"] if c["kind"] == "forfeit")
    body = {"action": forfeit["action"], "version": waiting["version"]}
    done = client.post(f"/api/games/{game}/actions", json=body, headers=auth(theirs))
    assert done.status_code == 200 and done.json()["status"] == "finished"
    battle = client.post(
        "/api/games",
        json={"game": "homm3-combat", "seats": ["me", "me"], "params": {"battle": "siege.yaml"}},
    )
    assert battle.status_code == 201, battle.text
    elsewhere = client.post(
        "/api/games",
        json={"game": "homm3-combat", "seats": ["me", "me"], "params": {"battle": "/etc/passwd"}},
    )
    assert elsewhere.status_code == 400 and elsewhere.json()["field"] == "params.battle"


def test_a_view_is_never_one_of_another_game_after_an_undo(client: TestClient) -> None:
    """Views are kept per version: after an undo and a different action, the same version
    number shows the new game, not the one undone."""
    created = new_game(client, seed=3)
    game, mine = created["id"], created["seat_tokens"]["0"]
    client.post(f"/api/games/{game}/join", json={"seat": 1})
    seen = view(client, game, mine)
    first, second = seen["legal"][0], seen["legal"][1]
    body = {"action": first["action"], "version": seen["version"]}
    after_first = client.post(f"/api/games/{game}/actions", json=body, headers=auth(mine)).json()
    undone = client.post(
        f"/api/games/{game}/undo", json={"version": after_first["version"]}, headers=auth(mine)
    )
    assert undone.status_code == 200, undone.text
    body = {"action": second["action"], "version": undone.json()["version"]}
    after_second = client.post(f"/api/games/{game}/actions", json=body, headers=auth(mine)).json()
    assert after_second["version"] == after_first["version"]
    assert (
        after_second["log"] != after_first["log"] or after_second["legal"] != after_first["legal"]
    )


def test_no_client_can_make_the_server_read_its_own_files(client: TestClient) -> None:
    """A hostile request names server files as a map, a position, forces or card data: each is
    refused, naming the parameter."""
    for game, key, value in [
        ("battleground", "map", "/etc/passwd"),
        ("battleground", "position", "/etc/passwd"),
        ("battleground", "content", "/etc"),
        ("battleground", "forces", "../secrets.yaml"),
        ("homm3-combat", "battle", "../../etc/passwd"),
    ]:
        reply = client.post(
            "/api/games", json={"game": game, "seats": ["me", "me"], "params": {key: value}}
        )
        assert reply.status_code == 400, (key, reply.text)
        assert reply.json()["field"] == f"params.{key}" and "root:" not in reply.text
    shipped = client.post(
        "/api/games",
        json={"game": "battleground", "seats": ["me", "me"], "params": {"map": "crossroads"}},
    )
    assert shipped.status_code == 201, shipped.text


def test_the_creator_is_named_on_the_seats_it_takes(client: TestClient) -> None:
    """docs/protocol.md, POST /api/games: ``name`` is the creator's, as typed (never HTML)."""
    created = new_game(client, name="Ann <b>\x07", seats=["me", "me"])
    seen = view(client, created["id"], created["seat_tokens"]["1"])
    assert [seat["name"] for seat in seen["seats"]] == ["Ann <b>", "Ann <b>"]
    unnamed = new_game(client)
    assert view(client, unnamed["id"])["seats"][0]["name"] == "player 0"
