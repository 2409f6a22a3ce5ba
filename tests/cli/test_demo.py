"""``rulekeeper demo`` and ``rulekeeper play`` (the README's main job)."""

from __future__ import annotations

from typer.testing import CliRunner

from rulekeeper.cli.main import app

runner = CliRunner()


def test_demo_shows_the_battlefield_sight_and_a_finished_game() -> None:
    result = runner.invoke(app, ["demo", "--rounds", "1", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Castle Grayskull" in result.output
    assert "Line of sight from He-Man" in result.output
    assert "The bots play" in result.output
    assert "activate" in result.output
    assert "wins" in result.output or "Draw" in result.output


def test_play_bot_against_bot_finishes() -> None:
    result = runner.invoke(app, ["play", "--bot", "both", "--rounds", "1"])
    assert result.exit_code == 0, result.output
    assert "Round 1 of 1" in result.output


def test_play_asks_the_human_and_rejects_a_bad_choice() -> None:
    result = runner.invoke(app, ["play", "--bot", "1", "--rounds", "1"], input="99\n0\nq\n")
    assert result.exit_code == 0, result.output
    assert "'99' is not one of the numbers" in result.output
    assert "player 0: activate" in result.output


def test_play_refuses_an_unknown_bot_seat() -> None:
    result = runner.invoke(app, ["play", "--bot", "2"])
    assert result.exit_code != 0
