"""Issue 22 §4: a game package installed from tests/ (tests/plugins/toy: the core's toy duel
packaged as a plug-in, with its own entry point, parameters and bot) is found through its entry
point and plays to its end through ``rulekeeper play`` and the HTTP API with a bot in one seat
(the browser: tests/browser/test_toy_plugin_browser.py). Rulekeeper names it nowhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from importlib.metadata import distribution, entry_points
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rulekeeper.core import GameState, load_game
from rulekeeper.core.registry import default_registry
from rulekeeper.core.replay import GameRecord
from rulekeeper.core.session import read_replay
from rulekeeper.server.app import create_app
from rulekeeper.server.bots import BotRunner
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Lobby

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "toy" / "src" / "rulekeeper_toy"
GAME = "toy_duel"
PARAMS = ["rounds", "hand_size", "first", "redraw", "referee", "coop"]
GRAVE = {"forfeit", "offer-draw", "accept-draw"}
RULEKEEPER = Path(sys.executable).parent / "rulekeeper"
"""The installed console script."""


def card_value(card: str) -> int:
    return int(card[1:])


def replayed(record: GameRecord, check: Callable[[GameState, int, str], None]) -> GameState:
    """The game of *record* replayed to its end, *check* called before each action with the
    state, the seat and the action's text."""
    state = load_game(record.game, **record.params).new_initial_state(record.seed)
    for entry in record.actions:
        seat = state.current_player() if entry.player is None else entry.player
        check(state, seat, str(entry.action))
        state.apply_action(entry.action, entry.player)
    return state


def played_its_highest_card(bot_seat: int) -> Callable[[GameState, int, str], None]:
    """A check that every card *bot_seat* picks is its highest (the toy's own bot)."""

    def check(state: GameState, seat: int, action: str) -> None:
        if seat == bot_seat and action.startswith("pick"):
            hand = state.hands[bot_seat]  # type: ignore[attr-defined]
            best = max(hand, key=card_value)
            assert action == f"pick card={best}", (action, hand)

    return check


# ---------------------------------------------------------------------- found by its entry point


def test_issue22_the_toy_is_found_through_its_entry_point() -> None:
    """Installed as a package (./rk test installs it): its distribution declares the entry
    point, and a fresh interpreter started elsewhere, with no path of the tests, finds the game
    through it."""
    (entry,) = [e for e in entry_points(group="rulekeeper.games") if e.name == "toy"]
    assert entry.value == "rulekeeper_toy.plugin:PLUGIN"
    assert entry.dist is not None and entry.dist.name == "rulekeeper-toy"
    assert any(e.name == "toy" for e in distribution("rulekeeper-toy").entry_points)
    code = (
        "import sys\n"
        "from rulekeeper.core.registry import default_registry as r\n"
        "plugin = r.plugin_of('toy_duel')\n"
        "game = r.get('toy_duel')\n"
        "print(plugin.name, game.__module__, sys.modules['rulekeeper_toy'].__file__)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}
    out = subprocess.run(
        [sys.executable, "-I", "-c", code],  # -I: no script folder, no PYTHON* variables
        cwd="/",
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    assert out[:2] == ["toy", "rulekeeper_toy.duel"]
    assert Path(out[2]).resolve() == PACKAGE / "__init__.py"  # the package in tests/plugins
    assert default_registry.plugin_of(GAME) is default_registry.plugins()["toy"]


def test_issue22_its_declaration_names_the_parameters_and_its_own_bot() -> None:
    info = default_registry.info(GAME)
    assert [param.name for param in info.params] == PARAMS
    assert info.screen is None and info.board is None  # the generic screen and view
    assert set(info.bots) == {"highcard"}
    for other in ("battleground", "homm3-combat"):
        assert "highcard" not in default_registry.info(other).bots  # its own, no one else's


# ---------------------------------------------------------------------- rulekeeper play


def run_cli(folder: Path, *words: str) -> subprocess.CompletedProcess[str]:
    """``rulekeeper WORDS`` run by the installed console script in *folder*, saving in the
    folder's own data folder."""
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "data"), "COLUMNS": "100"}
    env.pop("RULEKEEPER_DATA_DIR", None)
    return subprocess.run(
        [str(RULEKEEPER), *words],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_issue22_rulekeeper_games_lists_the_toy_from_its_declaration(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "games", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    listed = json.loads(result.stdout)
    assert listed["problems"] == {}
    (toy,) = [game for game in listed["games"] if game["name"] == GAME]
    assert toy["plugin"] == "toy" and toy["own_bots"] == ["highcard"]
    assert [param["option"] for param in toy["params"]] == [
        "--rounds",
        "--hand-size",
        "--first",
        "--redraw",
        "--referee",
        "--coop",
    ]


def test_issue22_the_toy_plays_through_rulekeeper_play(tmp_path: Path) -> None:
    """``rulekeeper play toy_duel --players random,highcard`` with two of its own options: the
    options reach the game, its own bot plays seat 1, the game ends and says its result."""
    save = tmp_path / "toy.json"
    words = ["--players", "random,highcard", "--seed", "1", "--rounds", "2", "--first", "b"]
    result = run_cli(tmp_path, "play", GAME, *words, "--save", str(save))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip()]
    assert lines[-1] == "seed 1 (play it again with --seed 1)"
    assert sum(line.startswith("round_result:") for line in lines) == 2  # the generic log

    record = read_replay(json.loads(save.read_text(encoding="utf-8")), str(save))
    assert (record.game, record.seed) == (GAME, 1)
    assert record.params["rounds"] == 2 and record.params["first"] == "b"
    attackers: list[int] = []
    bot_played = played_its_highest_card(1)

    def check(state: GameState, seat: int, action: str) -> None:
        bot_played(state, seat, action)
        if action.startswith("pick") and seat == 0:
            attackers.append(state.attacker)  # type: ignore[attr-defined]

    final = replayed(record, check)
    assert final.is_terminal() and final.round == 2  # type: ignore[attr-defined]
    assert attackers == [1, 0]  # --first b: seat 1 attacks in the first round
    assert lines[-2] == final.describe_result()  # the end result line


def test_issue22_play_refuses_a_value_its_declaration_does_not_allow(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "play", GAME, "--players", "random", "--first", "c")
    assert result.returncode == 2, result.stdout + result.stderr
    said = " ".join((result.stdout + result.stderr).split())
    assert GAME in said and "--first" in said and "a, b" in said


# ---------------------------------------------------------------------- the HTTP API


def until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    """Poll *check* until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.02)


@pytest.fixture
def lobby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Lobby:
    monkeypatch.setenv("RULEKEEPER_DATA_DIR", str(tmp_path / "data"))
    return Lobby(open_database(f"sqlite:///{(tmp_path / 'games.db').as_posix()}"))


@pytest.fixture
def client(lobby: Lobby) -> Iterator[TestClient]:
    with TestClient(create_app(lobby)) as test_client:
        yield test_client


def test_issue22_the_catalog_offers_the_toy_with_its_parameters_and_bot(
    client: TestClient,
) -> None:
    games = {game["name"]: game for game in client.get("/api/catalog").json()["games"]}
    toy = games[GAME]
    assert [param["name"] for param in toy["params"]] == PARAMS
    params = {param["name"]: param for param in toy["params"]}
    assert params["rounds"] == {
        "name": "rounds",
        "kind": "int",
        "help": "Rounds to play.",
        "default": 3,
        "minimum": 1,
        "maximum": 1000,
    }
    assert params["first"]["choices"] == ["a", "b"] and params["first"]["default"] == "a"
    assert params["coop"]["kind"] == "bool"
    assert "highcard" in toy["bots"] and "random" in toy["bots"]
    assert toy["board"] is False and toy.get("board_script") is None  # the generic view
    for name, game in games.items():
        if name != GAME:
            assert "highcard" not in game["bots"], name


def test_issue22_the_toy_plays_to_its_end_through_the_api(client: TestClient, lobby: Lobby) -> None:
    """A person in seat 0 POSTs actions until the end; the toy's own bot plays seat 1 in the
    server's bot pool (another process, which finds the game by its entry point too)."""
    bots = BotRunner(lobby, workers=1, pace=0.0)
    try:
        body = {
            "game": GAME,
            "params": {"rounds": 2, "first": "b"},
            "seats": ["me", "highcard"],
            "seed": 5,
        }
        created = client.post("/api/games", json=body)
        assert created.status_code == 201, created.text
        game, token = created.json()["id"], created.json()["seat_tokens"]["0"]
        headers = {"Authorization": f"Bearer {token}"}
        moves = 0
        while True:
            until(
                lambda: (
                    (seen := client.get(f"/api/games/{game}", headers=headers).json())["status"]
                    == "finished"
                    or 0 in seen["to_act"]
                )
            )
            seen = client.get(f"/api/games/{game}", headers=headers).json()
            if seen["status"] == "finished":
                break
            assert seen["board"] is None and seen["observation"]["rounds"] == 2
            pick = next(c for c in seen["legal"] if c["kind"] not in GRAVE)
            reply = client.post(
                f"/api/games/{game}/actions",
                json={"action": pick["action"], "version": seen["version"]},
                headers=headers,
            )
            assert reply.status_code == 200, reply.text
            moves += 1
            assert moves < 100, "the game did not end"
    finally:
        bots.close()
    saved = client.get(f"/api/games/{game}/record").json()
    record = read_replay(saved, "record")
    assert record.params["rounds"] == 2 and record.params["first"] == "b"
    final = replayed(record, played_its_highest_card(1))
    assert final.is_terminal() and final.round == 2  # type: ignore[attr-defined]
    assert any(entry.player == 1 for entry in record.actions), "the bot played"
    assert seen["result"] == final.describe_result()
    outcome = final.outcome()
    assert outcome is not None and seen["outcome"] == outcome.to_json()
    hosted = lobby.get(game)
    assert [seat.kind for seat in hosted.seats] == ["human", "bot"]
    assert hosted.state.returns() == final.returns()
