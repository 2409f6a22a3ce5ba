"""``rulekeeper tournament homm3-combat --battle FILE`` (issue 9 §2): each shipped battle can be
measured, the battle file going to every game of the tournament."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core.tournament import run, schedule
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

runner = CliRunner()


@pytest.mark.parametrize("name", shipped_battles())
def test_a_tournament_plays_the_battle_given(tmp_path: Path, name: str) -> None:
    battle, out = shipped_battle(name), tmp_path / "results.json"
    args = ["tournament", "homm3-combat", "--bots", "greedy,random", "--games", "2"]
    result = runner.invoke(
        app, [*args, "--battle", str(battle), "--workers", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["params"] == {"battle": str(battle.resolve())}
    alone = run(schedule("homm3-combat", {"battle": str(battle)}, ["greedy", "random"], 2))
    assert [(r["seats"], r["returns"], r["actions"]) for r in alone] == [
        (r["seats"], r["returns"], r["actions"]) for r in doc["results"]
    ]


@pytest.mark.parametrize("given", ["siege", "siege.yaml"])
def test_a_shipped_battle_by_its_name(tmp_path: Path, given: str) -> None:
    out = tmp_path / "results.json"
    args = ["tournament", "homm3-combat", "--bots", "greedy,random", "--games", "1"]
    result = runner.invoke(app, [*args, "--battle", given, "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["params"] == {"battle": str(shipped_battle("siege.yaml"))}


def test_a_missing_battle_file_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    args = ["tournament", "homm3-combat", "--bots", "greedy,random", "--battle", str(missing)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "nowhere.yaml" in " ".join(result.output.split())
