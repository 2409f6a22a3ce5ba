"""The server reads the games' declarations (issue 22 §1, §3): the catalog, file parameters and
game queries come from each game's ``GameInfo`` (core/plugin.py), and the server imports
nothing of the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth

from rulekeeper.core.agents import BUILT_IN
from rulekeeper.core.plugin import GameInfo, Param
from rulekeeper.core.registry import game_info
from rulekeeper.server import files
from rulekeeper.server.errors import ApiError


def entries(client: TestClient) -> dict[str, dict[str, Any]]:
    """The catalog's games by name."""
    reply = client.get("/api/catalog")
    assert reply.status_code == 200, reply.text
    return {game["name"]: game for game in reply.json()["games"]}


def test_the_catalog_tells_each_game_as_it_declares_itself(client: TestClient) -> None:
    """issue 22 §1: description, player counts, parameters (shipped files by name), board and
    its script, queries and the bots offered, per game; no Battleground bot for HoMM3."""
    catalog = client.get("/api/catalog").json()
    assert "maps" not in catalog and "battles" not in catalog
    assert catalog["bots"] == list(BUILT_IN) and catalog["levels"] == [1, 2, 3, 4, 5]
    games = entries(client)
    battleground, homm3 = games["battleground"], games["homm3-combat"]
    info = game_info("battleground")
    assert battleground["description"] == info.description
    assert battleground["players"] == [2]
    assert battleground["params"] == [param.to_json() for param in info.params]
    params = {param["name"]: param for param in battleground["params"]}
    assert params["map"]["kind"] == "file" and "first-game" in params["map"]["shipped"]
    assert params["rounds"] == {
        "name": "rounds",
        "kind": "int",
        "help": params["rounds"]["help"],
        "default": 4,
        "minimum": 1,
        "maximum": 10,
    }
    assert battleground["board"] is True
    assert battleground["board_script"] == "/plugins/battleground/battleground.js"
    assert battleground["queries"] == ["reroll", "sight"]  # issue 23 §2.3: the reroll odds
    assert battleground["bots"] == [*BUILT_IN, "legacy"]
    # issue 23 §1: HoMM3 combat has a board of its own (it had the generic view)
    assert homm3["board"] is True and homm3["board_script"] == "/plugins/homm3/homm3.js"
    assert homm3["queries"] == [] and homm3["bots"] == list(BUILT_IN)
    battle = next(param for param in homm3["params"] if param["name"] == "battle")
    assert "siege" in battle["shipped"] and battle["format"] == "battle"


def test_file_parameters_follow_the_declarations(client: TestClient) -> None:
    """issue 22 §3: a declared file parameter with shipped files takes one by name (with or
    without ``.yaml``) or by the path the server's own record keeps; any other string is
    refused naming ``params.<name>``; one without shipped files takes data only; a parameter
    the game does not declare is the game's to refuse."""
    battle = game_info("homm3-combat").param("battle")
    assert battle is not None
    for value in ("siege", "siege.yaml", battle.shipped_files()["siege"]):
        made = client.post(
            "/api/games",
            json={"game": "homm3-combat", "seats": ["me", "me"], "params": {"battle": value}},
        )
        assert made.status_code == 201, (value, made.text)
    for game, key, value in [
        ("homm3-combat", "battle", "nowhere"),
        ("homm3-combat", "position", "siege"),
        ("battleground", "map", "crossroads.txt"),
        ("battleground", "forces", "first-game"),
    ]:
        refused = client.post(
            "/api/games", json={"game": game, "seats": ["me", "me"], "params": {key: value}}
        )
        assert refused.status_code == 400, (key, refused.text)
        assert refused.json()["field"] == f"params.{key}"
    unknown = client.post(
        "/api/games",
        json={"game": "homm3-combat", "seats": ["me", "me"], "params": {"scenario": "x"}},
    )
    assert unknown.status_code == 400 and "scenario" in unknown.json()["message"]
    named = client.post(
        "/api/games",
        json={"game": "battleground", "seats": ["me", "me"], "params": {"map": "crossroads.yaml"}},
    )
    assert named.status_code == 201, named.text
    created = named.json()
    version = client.get(f"/api/games/{created['id']}").json()["version"]
    finished = client.post(
        f"/api/games/{created['id']}/actions",
        json={"action": "forfeit", "version": version},
        headers=auth(created["seat_tokens"]["0"]),
    )
    assert finished.status_code == 200, finished.text
    record = client.get(f"/api/games/{created['id']}/record").json()
    assert record["params"]["map"] == "crossroads"  # the map's name: its shared sight tables


def test_a_game_query_answers_by_name(client: TestClient) -> None:
    """issue 22 §3: ``GET /api/games/{id}/query/{name}`` answers the game's declared queries;
    an unknown one is a 404 listing them; a bad argument a 400 naming it."""
    made = client.post("/api/games", json={"game": "battleground", "seats": ["me", "open"]})
    game, token = made.json()["id"], made.json()["seat_tokens"]["0"]
    url = f"/api/games/{game}/query"
    seen = client.get(f"{url}/sight", params={"from": "4,1,0", "to": "6,10"}, headers=auth(token))
    assert seen.status_code == 200 and seen.json()["text"].startswith("(4,1")
    spectator = client.get(f"{url}/sight", params={"from": "4,1,0", "to": "6,10"})
    assert spectator.json() == seen.json()  # public geometry: the same for every seat
    unknown = client.get(f"{url}/odds-of-rain")
    assert unknown.status_code == 404 and unknown.json()["code"] == "not-found"
    assert "sight" in unknown.json()["message"]
    for params, field in [
        ({"from": "x", "to": "6,10"}, "from"),
        ({"from": "4,1"}, "to"),
        ({"from": "4,1", "to": "6,10", "through": "5,5"}, "through"),
    ]:
        bad = client.get(f"{url}/sight", params=params)
        assert bad.status_code == 400, bad.text
        assert bad.json()["code"] == "bad-request" and bad.json()["field"] == field
    twice = client.get(f"{url}/sight?from=1,1&from=2,2&to=3,3")
    assert twice.status_code == 400 and twice.json()["field"] == "from"
    assert client.get("/api/games/g-nowhere/query/sight").status_code == 404
    other = client.post("/api/games", json={"game": "homm3-combat", "seats": ["me", "me"]})
    none = client.get(f"/api/games/{other.json()['id']}/query/sight", params={"from": "1,1"})
    assert none.status_code == 404 and "none" in none.json()["message"]
    assert client.get(f"/api/games/{game}/sight").status_code == 404  # the old endpoint is gone


def test_the_server_imports_nothing_of_the_command_line() -> None:
    """issue 22 §3: importing the server's app (and making one) loads no ``rulekeeper.cli``
    module."""
    code = (
        "import json, sys\n"
        "from rulekeeper.server.app import create_app, catalog\n"
        "catalog()\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('rulekeeper.cli'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_any_declared_file_parameter_is_checked_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 22 §3: a file parameter of a format the server never heard of by name (a HoMM3
    ``scenario``) is checked like any other: a shipped name becomes what the declaration says
    (the path, or the name with ``by_name``), data passes, any other string is refused."""
    shipped = "rulekeeper.games.homm3.game:shipped_battle_files"
    info = GameInfo(
        name="scenario-game",
        game="rulekeeper.games.homm3.game:Homm3CombatGame",
        description="A game with a scenario.",
        players=(2,),
        params=(
            Param("scenario", "file", "A scenario.", format="scenario", shipped=shipped),
            Param("named", "file", "A named one.", format="map", shipped=shipped, by_name=True),
            Param("notes", "file", "Data only.", format="content"),
        ),
    )
    monkeypatch.setattr(files, "game_info", {"scenario-game": info}.__getitem__)
    path = info.params[0].shipped_files()["siege"]
    given = {"scenario": "siege.yaml", "named": path, "notes": {"a": 1}, "other": "x"}
    assert files.shipped("scenario-game", given) == {
        "scenario": path,
        "named": "siege",
        "notes": {"a": 1},
        "other": "x",  # not declared: the game's to refuse
    }
    for key, value in [("scenario", "/etc/passwd"), ("notes", "siege")]:
        with pytest.raises(ApiError) as refused:
            files.shipped("scenario-game", {key: value})
        assert refused.value.field == f"params.{key}"
