"""``rulekeeper odds`` (issue 9 §3): exact odds for both games, tables or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.battleground.views import odds

runner = CliRunner()


def test_battleground_odds_as_json_match_the_engine() -> None:
    result = runner.invoke(
        app,
        [
            "odds",
            "battleground",
            "--dice",
            "4",
            "--defence",
            "2",
            "--weapon",
            "sword-of-power",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    attack = odds.success_distribution(4, 4)
    assert doc["attack"] == {str(k): v for k, v in attack.items()}
    assert sum(doc["net"].values()) == pytest.approx(1.0)
    assert sum(doc["outcome"].values()) == pytest.approx(1.0)
    assert "free ones first" in doc["note"]


def test_battleground_odds_tables_and_bad_weapon() -> None:
    shown = runner.invoke(app, ["odds", "battleground", "--dice", "3"])
    assert shown.exit_code == 0 and "net successes" in shown.output
    bad = runner.invoke(app, ["odds", "battleground", "--dice", "3", "--weapon", "spoon"])
    assert bad.exit_code == 2 and "spoon" in bad.output


def test_homm3_attack_odds(tmp_path: Path) -> None:
    battle = tmp_path / "duel.yaml"
    battle.write_text(
        "format: homm3-battle\nversion: 1\nsite: {kind: field}\n"
        "attacker: {kind: hero, hero: {name: Catherine}, units: "
        "[{card: griffins, side: pack, field: b2}]}\n"
        "defender: {kind: hero, hero: {name: Sandro}, units: [{card: dread-knights, field: b3}]}\n"
        "pending: [{kind: battle, stage: fight}]\n",
        encoding="utf-8",
    )
    args = ["odds", "homm3-combat", "--battle", str(battle), "--attacker", "griffins"]
    result = runner.invoke(app, [*args, "--target", "dread-knights", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["damage"] == pytest.approx({"0": 1 / 3, "1": 1 / 3, "2": 1 / 3})
    missing = runner.invoke(app, [*args, "--target", "nobody"])
    assert missing.exit_code == 2 and "nobody" in missing.output
