"""``rulekeeper odds battleground --position FILE --attacker ID --target ID`` and ``--plot FILE``
(issue 9 §3): an attack's odds with every modifier the position gives (views/attack_odds.py,
docs/positions.md), clear errors naming the option, and the plots written as PNG or SVG."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core import Action, load_game
from rulekeeper.games.battleground.views import odds

runner = CliRunner()
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def position(he_man: list[int], skeletor: list[int], wounds: int = 0) -> dict[str, Any]:
    """He-Man activating with 2 AP beside (or away from) Skeletor, as in docs/positions.md."""
    return {
        "format": "battleground-position",
        "version": 1,
        "characters": [
            {"id": "he-man", "at": he_man, "facing": "E"},
            {"id": "skeletor", "at": skeletor, "facing": "W", "wounds": wounds},
        ],
        "players": [{"hand": [], "glory": []}, {"hand": [], "glory": []}],
        "turns": [{"character": "he-man", "ap": 2, "weapon_counts": {"melee": 1}}],
        "procedure": ["round", {"kind": "act", "player": 0}],
    }


def write(tmp_path: Path, doc: dict[str, Any], name: str = "table.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def odds_json(path: Path, *extra: str) -> dict[str, Any]:
    args = ["odds", "battleground", "--position", str(path), "--attacker", "he-man"]
    result = runner.invoke(app, [*args, "--target", "skeletor", *extra, "--json"])
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.output)
    return found


def flat(text: str) -> str:
    return " ".join(text.split())


def test_position_odds_are_the_states_odds(tmp_path: Path) -> None:
    doc = position([6, 10], [7, 10])
    path = write(tmp_path, doc)
    found = odds_json(path, "--weapon", "sword-of-power")
    assert {"attack", "defence", "net", "outcome", "knockout"} <= set(found)
    state = load_game("battleground", position=doc).new_initial_state(seed=0)
    action = Action.of("attack", target="skeletor", weapon="sword-of-power")
    expected = state.odds(action, 0)
    assert expected is not None
    assert found["attack"] == expected["attack_successes"]
    assert found["net"] == expected["net"]
    assert found["outcome"] == expected["outcome"]
    assert found["knockout"] == expected["knockout"]
    # The defence's distribution is the one the net successes come from.
    attack = {int(k): v for k, v in found["attack"].items()}
    defence = {int(k): v for k, v in found["defence"].items()}
    net = odds.net_distribution(attack, defence)
    assert {str(k): v for k, v in net.items()} == pytest.approx(found["net"])
    assert found["tests"]["defence"]["dice"] == expected["defence"]["dice"]


def test_the_only_weapon_is_taken_and_the_knockout_follows_the_wounds(tmp_path: Path) -> None:
    fresh = odds_json(write(tmp_path, position([6, 10], [7, 10])))
    assert fresh["weapon"] == "sword-of-power"
    assert fresh["knockout"] == 0.0  # no row of the Sword deals Skeletor's 6 wounds
    # One wound left: every row of the Sword of Power wounds (its card), so any row knocks out.
    hurt = odds_json(write(tmp_path, position([6, 10], [7, 10], wounds=5), "hurt.yaml"))
    reached = sum(p for row, p in hurt["outcome"].items() if row != "none")
    assert hurt["knockout"] == pytest.approx(reached)
    assert hurt["knockout"] > 0.5


@pytest.mark.parametrize(
    ("option", "changed", "shown"),
    [
        ("--attacker", {"--attacker": "orko"}, "orko"),
        ("--target", {"--target": "orko"}, "orko"),
        ("--weapon", {"--weapon": "spoon"}, "spoon"),
        ("--attacker", {"--attacker": "skeletor", "--target": "he-man"}, "activating"),
        ("--dice", {"--dice": "5"}, "a position sets the dice"),
    ],
)
def test_unknown_names_are_errors_naming_the_option(
    tmp_path: Path, option: str, changed: dict[str, str], shown: str
) -> None:
    path = write(tmp_path, position([6, 10], [7, 10]))
    given = {"--position": str(path), "--attacker": "he-man", "--target": "skeletor", **changed}
    args = [part for pair in given.items() for part in pair]
    result = runner.invoke(app, ["odds", "battleground", *args])
    assert result.exit_code == 2
    assert option in result.output and shown in flat(result.output)


def test_a_target_out_of_reach_gives_the_rule(tmp_path: Path) -> None:
    doc = position([6, 10], [9, 12])
    path = write(tmp_path, doc)
    state = load_game("battleground", position=doc).new_initial_state(seed=0)
    why = state.explain(Action.of("attack", target="skeletor", weapon="sword-of-power"), 0)
    assert not why.legal
    args = ["--position", str(path), "--attacker", "he-man", "--target", "skeletor"]
    result = runner.invoke(app, ["odds", "battleground", *args])
    assert result.exit_code == 2
    text = flat(result.output)
    assert "--target" in text and why.reason in text and f"rule: {why.rule}" in text


def test_a_missing_position_is_an_error_naming_it(tmp_path: Path) -> None:
    args = ["--position", str(tmp_path / "nowhere.yaml"), "--attacker", "he-man"]
    result = runner.invoke(app, ["odds", "battleground", *args, "--target", "skeletor"])
    assert result.exit_code == 2
    assert "--position" in result.output and "nowhere.yaml" in flat(result.output)


def test_the_position_tables_show_the_knockout(tmp_path: Path) -> None:
    path = write(tmp_path, position([6, 10], [7, 10], wounds=5))
    args = ["--position", str(path), "--attacker", "he-man", "--target", "skeletor"]
    result = runner.invoke(app, ["odds", "battleground", *args])
    assert result.exit_code == 0, result.output
    assert "net successes" in result.output and "knock-out" in result.output


def is_png(path: Path) -> bool:
    return path.read_bytes()[:8] == PNG_MAGIC


def is_svg(path: Path) -> bool:
    return ElementTree.parse(path).getroot().tag.endswith("svg")


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plots_are_written_as_png_or_svg(tmp_path: Path, suffix: str) -> None:
    check = is_png if suffix == ".png" else is_svg
    dice = tmp_path / f"dice{suffix}"
    args = ["odds", "battleground", "--dice", "4", "--weapon", "sword-of-power"]
    result = runner.invoke(app, [*args, "--plot", str(dice)])
    assert result.exit_code == 0, result.output
    assert check(dice)
    table = write(tmp_path, position([6, 10], [7, 10]))
    drawn = tmp_path / f"position{suffix}"
    args = ["odds", "battleground", "--position", str(table), "--attacker", "he-man"]
    result = runner.invoke(app, [*args, "--target", "skeletor", "--plot", str(drawn), "--json"])
    assert result.exit_code == 0, result.output
    assert check(drawn)
    assert json.loads(result.output)["weapon"] == "sword-of-power"  # --json still prints JSON


def test_homm3_odds_plot(tmp_path: Path) -> None:
    battle = tmp_path / "duel.yaml"
    battle.write_text(
        "format: homm3-battle\nversion: 1\nsite: {kind: field}\n"
        "attacker: {kind: hero, hero: {name: Catherine}, units: "
        "[{card: griffins, side: pack, field: b2}]}\n"
        "defender: {kind: hero, hero: {name: Sandro}, units: [{card: dread-knights, field: b3}]}\n"
        "pending: [{kind: battle, stage: fight}]\n",
        encoding="utf-8",
    )
    drawn = tmp_path / "griffins.svg"
    args = ["odds", "homm3-combat", "--battle", str(battle), "--attacker", "griffins"]
    result = runner.invoke(app, [*args, "--target", "dread-knights", "--plot", str(drawn)])
    assert result.exit_code == 0, result.output
    assert is_svg(drawn)


def test_a_plot_must_be_png_or_svg(tmp_path: Path) -> None:
    drawn = tmp_path / "odds.jpg"
    result = runner.invoke(app, ["odds", "battleground", "--dice", "3", "--plot", str(drawn)])
    assert result.exit_code == 2
    assert "--plot" in result.output and not drawn.exists()
