"""``rulekeeper play homm3-combat``: a battle in the terminal (issue 8, part 2)."""

from __future__ import annotations

from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.homm3.game import shipped_battle

runner = CliRunner()


def test_bots_play_every_shipped_battle_to_its_end() -> None:
    for name in ("hero-battle.yaml", "neutral-fight.yaml", "siege.yaml"):
        path = shipped_battle(name).as_posix()
        result = runner.invoke(
            app, ["play", "--seed", "1", "homm3-combat", "--battle", path, "--bot", "both"]
        )
        assert result.exit_code == 0, result.output
        assert " wins (" in result.output


def test_a_person_plays_a_solo_battle_from_the_numbered_list() -> None:
    path = shipped_battle("neutral-fight.yaml").as_posix()
    answers = "\n".join(["x", "99"] + ["0", ""] * 400) + "\n"  # "": go ahead (a preview)
    result = runner.invoke(
        app,
        ["play", "--seed", "1", "homm3-combat", "--battle", path, "--bot", "none"],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "is not one of the numbers" in result.output
    assert "attacker (Alamar)" in result.output  # the board view with the hero
    assert " wins (" in result.output


def test_a_bad_battle_file_is_reported(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: homm3-battle\nversion: 1\nattacker: {kind: wizard}\n")
    result = runner.invoke(app, ["play", "--seed", "1", "homm3-combat", "--battle", str(bad)])
    assert result.exit_code == 2
    assert "attacker.kind" in result.output


def test_players_name_the_bot_of_each_seat() -> None:
    """--players SPEC,SPEC (issue 9): bots by name, in seat order; a bad one is refused; the
    seed is shown at the end (a random one by default)."""
    path = shipped_battle("hero-battle.yaml").as_posix()
    result = runner.invoke(
        app, ["play", "homm3-combat", "--battle", path, "--players", "greedy,random@2"]
    )
    assert result.exit_code == 0, result.output
    assert " wins (" in result.output and "(play it again with --seed " in result.output
    bad = runner.invoke(app, ["play", "homm3-combat", "--players", "human,wizard"])
    assert bad.exit_code == 2 and "wizard" in bad.output
