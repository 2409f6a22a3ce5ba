"""``rulekeeper games [GAME] [--json]`` (issue 22 §1, §3): the installed games from their
declarations, with their options and bots; a declaration that cannot be read is reported."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rulekeeper.cli import games
from rulekeeper.cli.main import app
from rulekeeper.core.agents import BUILT_IN
from rulekeeper.core.registry import default_registry

runner = CliRunner()


def test_games_lists_every_shipped_game_with_its_options_and_bots_issue_22_1() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    out = result.output
    for name in ("battleground", "battleground-movement", "homm3-combat"):
        assert f"{name} (" in out
    assert "--points-limit INT" in out and "--battle FILE" in out and "--ap INT" in out
    assert "siege" in out and "crossroads" in out  # the shipped files
    assert "bots: random, greedy, mcts, legacy, or module:Class" in out
    assert "bots: random, greedy, mcts, or module:Class" in out  # HoMM3: no Battleground bot


def test_games_json_is_the_declarations_as_data_issue_22_1() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    listed = {game["name"]: game for game in doc["games"]}
    names = [game["name"] for game in doc["games"]]
    assert names[:4] == ["battleground", "battleground-movement", "eternia", "eternia-combat"]
    assert doc["problems"] == {}
    battleground = listed["battleground"]
    assert battleground["plugin"] == "battleground" and battleground["players"] == [2]
    assert battleground["bots"] == [*BUILT_IN, "legacy"]
    limit = next(p for p in battleground["params"] if p["name"] == "points_limit")
    assert limit == {
        "name": "points_limit",
        "kind": "int",
        "help": "Standard Setup: the most a force may cost.",
        "minimum": 1,
        "option": "--points-limit",
    }
    combat = listed["homm3-combat"]
    assert combat["bots"] == list(BUILT_IN) and combat["own_bots"] == []
    battle = next(p for p in combat["params"] if p["name"] == "battle")
    assert "siege" in battle["shipped"] and battle["format"] == "battle"
    one = json.loads(runner.invoke(app, ["games", "homm3-combat", "--json"]).output)
    assert [game["name"] for game in one["games"]] == ["homm3-combat"]


def test_an_unknown_game_is_refused_issue_22_1() -> None:
    result = runner.invoke(app, ["games", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "homm3-combat" in result.output


def test_a_broken_declaration_is_reported_and_the_others_listed_issue_22_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 22 §1: registry.problems() are told, the readable games still listed."""
    broken = {"broken": "broken.plugin:PLUGIN: ImportError: no module named broken"}
    monkeypatch.setattr(default_registry, "problems", lambda: broken)
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "plug-in broken could not be read" in result.output
    assert "no module named broken" in result.output and "homm3-combat (" in result.output
    assert games.catalog()["problems"] == broken
