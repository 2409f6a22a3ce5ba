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
    result = runner.invoke(app, ["play", "--seed", "1", "--bot", "both", "--rounds", "1"])
    assert result.exit_code == 0, result.output
    assert "Round 1 of 1" in result.output


def test_play_asks_the_human_and_rejects_a_bad_choice() -> None:
    """The human's options are the legal actions, numbered; a wrong number is asked again."""
    result = runner.invoke(
        app, ["play", "--seed", "1", "--bot", "1", "--rounds", "1"], input="99\n0\nq\ny\n"
    )
    assert result.exit_code == 0, result.output
    assert "99 is not one of the numbers" in result.output
    assert "Player 0[/]" not in result.output and "Player 0, choose" in result.output
    assert "player 0: " in result.output, "the first choice was applied"


def test_play_hides_the_opponents_hand_and_shows_ones_own() -> None:
    """battleground.md §3: card selection is hidden; a player sees only its own hand."""
    result = runner.invoke(app, ["play", "--seed", "1", "--bot", "1", "--rounds", "1"], input="q\n")
    assert "Your hand (player 0)" in result.output
    assert "Your hand (player 1)" not in result.output
    assert "Player 1: 5 fate and 2 glory cards in hand (hidden)" in result.output


def test_play_the_movement_slice_bot_against_bot() -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "--seed",
            "1",
            "--game",
            "battleground-movement",
            "--bot",
            "both",
            "--rounds",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "activate" in result.output


def test_play_refuses_an_unknown_bot_seat() -> None:
    result = runner.invoke(app, ["play", "--seed", "1", "--bot", "2"])
    assert result.exit_code != 0
