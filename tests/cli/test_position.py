"""``rulekeeper battleground position`` and ``rulekeeper play --position`` (issue 7 §1): paths
are read from the current folder; a position with problems is refused with every problem."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app

runner = CliRunner()

SHORT = """
format: battleground-position
version: 1
round: 2
characters:
  - {id: he-man, at: [6, 10], facing: SE}
  - {id: skeletor, at: [7, 11], wounds: 2}
players:
  - hand: [masters-battle-cry, masters-steady-aim]
    glory: []
  - hand: [evil-treachery]
    glory: []
"""

ATTACK = """
format: battleground-position
version: 1
characters:
  - {id: he-man, at: [6, 10], facing: E}
  - {id: skeletor, at: [7, 10], facing: W}
players:
  - {hand: [], glory: []}
  - {hand: [], glory: []}
turns:
  - {character: he-man, ap: 1, cards: [masters-battle-cry], weapon_counts: {melee: 1}}
procedure:
  - round
  - {kind: act, player: 0}
  - {kind: attack, attacker: he-man, weapon: sword-of-power, target: skeletor}
"""

BROKEN = """
format: battleground-position
version: 1
characters:
  - {id: he-man, at: [99, 10]}
  - {id: skeletor, at: [7, 11], mana: 9}
"""


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder, holding short.yaml, attack.yaml and broken.yaml."""
    for name, text in (("short", SHORT), ("attack", ATTACK), ("broken", BROKEN)):
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_show_draws_the_position_and_lists_the_legal_actions(table: Path) -> None:
    """Issue 7 §1: position show FILE (relative to the current folder) draws the position and
    lists what each player to act may do."""
    result = runner.invoke(app, ["battleground", "position", "show", "short.yaml", "--plain"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "He" in out and "Sk" in out  # the characters' labels on the board
    assert "Skeletor" in out and "2/6" in out  # the forces table: wounds of health
    assert "Pending: round > select" in out
    assert "Round 2 of 4, activation phase; both players choose in secret" in out
    assert "Player 0 may:" in out and "[select card=masters-battle-cry]" in out
    assert "Player 1 may:" in out and "[select card=evil-treachery]" in out


def test_show_a_declared_attack_gives_its_test_and_the_dice(table: Path) -> None:
    """Issue 7 §1; Attack, Tests: a hand-written attack shows the test the rules build for it."""
    result = runner.invoke(app, ["battleground", "position", "show", "attack.yaml", "--plain"])
    assert result.exit_code == 0, result.output
    assert "Test: He-Man strength, 5 dice, successes on 4+" in result.output
    assert "the dice are rolling" in result.output and "roll 6 (0.167)" in result.output


def test_check_reports_ok_or_every_problem(table: Path) -> None:
    """Issue 7 §1: every problem of a position file, as file: field: reason."""
    good = runner.invoke(app, ["battleground", "position", "check", "short.yaml"])
    assert good.exit_code == 0, good.output
    assert good.output.startswith("OK: short.yaml: Round 2 of 4")
    bad = runner.invoke(app, ["battleground", "position", "check", "short.yaml", "broken.yaml"])
    assert bad.exit_code == 1
    assert "broken.yaml: characters[0].at: [99, 10] is not a place of first-game" in bad.output
    assert "broken.yaml: characters[1].mana: 9 is outside 0..5" in bad.output
    assert "2 problem(s) in broken.yaml" in bad.output
    missing = runner.invoke(app, ["battleground", "position", "show", "nowhere.yaml"])
    assert missing.exit_code == 1 and "nowhere.yaml: <file>: no such file" in missing.output


def test_play_from_a_position(table: Path) -> None:
    """Issue 7 §1: rulekeeper play --position FILE plays on from it (here bot against bot,
    from round 2 to the end of round 4)."""
    result = runner.invoke(
        app, ["play", "--seed", "1", "--position", "short.yaml", "--bot", "both"]
    )
    assert result.exit_code == 0, result.output
    assert "Round 4 of 4" in result.output
    assert "wins" in result.output or "Draw" in result.output


def test_play_refuses_a_bad_position_or_a_map_beside_it(table: Path) -> None:
    """Issue 7 §1: the position's problems are printed; its map and rounds are its own."""
    bad = runner.invoke(app, ["play", "--seed", "1", "--position", "broken.yaml", "--bot", "both"])
    assert bad.exit_code == 2
    assert "characters[1].mana: 9 is outside 0..5" in bad.output
    both = runner.invoke(
        app, ["play", "--seed", "1", "--position", "short.yaml", "--map", "crossroads"]
    )
    assert both.exit_code != 0 and "its map and rounds" in both.output
