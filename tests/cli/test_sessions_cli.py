"""Saves, resuming, undo and replays in the terminal (issue 9 §4): ``play --save/--resume``,
``u`` to undo, ``rulekeeper replay FILE`` with ``--to``, ``--branch`` and ``--step``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.homm3.game import shipped_battle

runner = CliRunner()
BATTLE = shipped_battle("neutral-fight.yaml").as_posix()


def test_a_saved_battle_replays_and_branches(tmp_path: Path) -> None:
    save = tmp_path / "battle.json"
    result = runner.invoke(
        app,
        [
            "play",
            "--seed",
            "1",
            "homm3-combat",
            "--battle",
            BATTLE,
            "--bot",
            "both",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["format"] == "rulekeeper-replay" and doc["finished"] is True
    total = len(doc["actions"])
    shown = runner.invoke(app, ["replay", str(save), "--to", "3"])
    assert shown.exit_code == 0 and "after action 3 of" in shown.output
    branch = tmp_path / "branch.json"
    cut = runner.invoke(app, ["replay", str(save), "--to", "5", "--branch", str(branch)])
    assert cut.exit_code == 0
    assert len(json.loads(branch.read_text(encoding="utf-8"))["actions"]) == 5
    resumed = runner.invoke(
        app, ["play", "--seed", "1", "homm3-combat", "--resume", str(branch), "--bot", "both"]
    )
    assert resumed.exit_code == 0, resumed.output
    assert " wins (" in resumed.output
    stepped = runner.invoke(app, ["replay", str(save), "--to", "0", "--step"], input="n\np\nx\nq\n")
    assert stepped.exit_code == 0 and "after action 1 of" in stepped.output
    assert f"from 0 to {total}" in stepped.output


def test_a_person_undoes_a_placement(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers = "\n".join(["0", "u", "q", "y"]) + "\n"
    result = runner.invoke(
        app,
        [
            "play",
            "--seed",
            "1",
            "homm3-combat",
            "--battle",
            BATTLE,
            "--bot",
            "none",
            "--save",
            str(save),
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "undone" in result.output
    assert json.loads(save.read_text(encoding="utf-8"))["actions"] == []


def test_a_replay_on_other_cards_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "battle.json"
    runner.invoke(
        app,
        [
            "play",
            "--seed",
            "1",
            "homm3-combat",
            "--battle",
            BATTLE,
            "--bot",
            "both",
            "--save",
            str(save),
        ],
    )
    doc = json.loads(save.read_text(encoding="utf-8"))
    doc["content"] = "sha256:" + "1" * 64
    save.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 2
    said = " ".join(result.output.split())  # rich wraps long lines
    assert "sha256:111" in said and "the data loaded now is sha256:" in said


def test_battleground_saves_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "bg.json"
    result = runner.invoke(app, ["play", "--seed", "1", "--bot", "both", "--save", str(save)])
    assert result.exit_code == 0, result.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["game"] == "battleground" and doc["finished"] is True
    shown = runner.invoke(app, ["replay", str(save), "--to", "10"])
    assert shown.exit_code == 0 and "after action 10" in shown.output
