"""A game's own options on the command line come from its declared parameters (issue 22 §1, §3):
cli/params.py reads them for ``rulekeeper play`` and ``rulekeeper tournament``, which name no
game and no option of one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from rulekeeper.cli import play
from rulekeeper.cli.main import app
from rulekeeper.cli.params import (
    OptionError,
    default_game,
    game_params,
    option_help,
    option_name,
    split_game,
)
from rulekeeper.core import load_game
from rulekeeper.core.agents import RandomAgent
from rulekeeper.core.plugin import GameInfo, Param, Plugin
from rulekeeper.core.registry import GameRegistry, default_registry, game_info
from rulekeeper.games.battleground.agents import SkirmishBot

runner = CliRunner()


def shipped() -> dict[str, str]:
    """Two files shipped with the made-up game below."""
    return {"small": "/shipped/small.yaml", "large": "/shipped/large.yaml"}


def info(by_name: bool = False) -> GameInfo:
    """A made-up game with a parameter of every kind."""
    return GameInfo(
        name="made-up",
        game="nowhere:Game",
        description="A declaration to read options against.",
        players=(2,),
        params=(
            Param("points_limit", "int", "The most a side may cost.", minimum=1),
            Param("speed", "float", "How fast.", default=1.0),
            Param("colour", "str", "Which side.", choices=("red", "blue")),
            Param("fast", "bool", "Play fast.", default=False),
            Param(
                "board",
                "file",
                "A board file or a shipped one's name.",
                format="map",
                shipped=f"{__name__}:shipped",
                by_name=by_name,
                excludes=("position",),
            ),
            Param("position", "file", "Play on from a position.", format="position"),
        ),
    )


def test_a_parameter_is_the_option_of_its_name_with_dashes_issue_22_1() -> None:
    """Issue 22 §1: ``points_limit`` is ``--points-limit``; each kind is read as declared."""
    assert option_name(info().params[0]) == "--points-limit"
    tokens = ["--points-limit", "30", "--speed=2.5", "--colour", "blue", "--fast"]
    assert game_params(info(), tokens) == {
        "points_limit": 30,
        "speed": 2.5,
        "colour": "blue",
        "fast": True,
    }
    assert game_params(info(), ["--fast", "false"]) == {"fast": False}
    assert game_params(info(), ["--no-fast"]) == {"fast": False}
    assert game_params(info(), []) == {}


@pytest.mark.parametrize(
    ("tokens", "message"),
    [
        (["--map", "x"], "made-up has no option --map (its options: --points-limit"),
        (["--points-limit", "many"], "made-up: --points-limit: 'many' is not a whole number"),
        (["--points-limit", "0"], "made-up: --points-limit: must be at least 1"),
        (["--colour", "green"], "--colour: must be one of red, blue"),
        (["--colour"], "--colour needs a value (made-up: Which side.)"),
        (["--speed", "1", "--speed", "2"], "--speed is given twice"),
        (["--no-colour"], "made-up has no option --no-colour"),
        (["stray"], "unexpected argument 'stray' (made-up is the game)"),
        (
            ["--position", "p.yaml", "--board", "small"],
            "made-up: --board and --position cannot be given together (--board: A board file",
        ),
    ],
)
def test_an_unknown_or_malformed_option_is_named_with_the_game_issue_22_1(
    tokens: list[str], message: str
) -> None:
    """Issue 22 §1: the error names the option and the game."""
    with pytest.raises(OptionError) as caught:
        game_params(info(), tokens)
    assert message in str(caught.value)


def test_a_file_is_a_path_or_a_shipped_files_name_issue_22_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22 §1: a file parameter takes a path as it is (absolute for a tournament), or a
    shipped file's name (with or without .yaml): the game is given its name or its path, as
    the declaration says; anything else goes to the game, which says what is wrong."""
    monkeypatch.chdir(tmp_path)
    Path("mine.yaml").write_text("{}\n", encoding="utf-8")
    assert game_params(info(), ["--board", "mine.yaml"]) == {"board": "mine.yaml"}
    absolute = game_params(info(), ["--board", "mine.yaml"], absolute=True)
    assert absolute == {"board": str(tmp_path / "mine.yaml")}
    assert game_params(info(), ["--board", "small"]) == {"board": "/shipped/small.yaml"}
    assert game_params(info(), ["--board", "large.yaml"]) == {"board": "/shipped/large.yaml"}
    assert game_params(info(by_name=True), ["--board", "small"]) == {"board": "small"}
    assert game_params(info(), ["--board", "nowhere.yaml"]) == {"board": "nowhere.yaml"}


def test_the_game_is_the_first_word_or_the_first_known_name_issue_22_1() -> None:
    assert split_game(["homm3-combat", "--battle", "siege"]) == (
        "homm3-combat",
        ["--battle", "siege"],
    )
    assert split_game(["--battle", "siege", "homm3-combat"]) == (
        "homm3-combat",
        ["--battle", "siege"],
    )
    assert split_game(["--rounds", "2"]) == (None, ["--rounds", "2"])
    assert split_game([]) == (None, [])


def test_the_default_game_is_the_first_of_the_first_plugin_by_name_issue_22_1() -> None:
    """Issue 22 §1: no game name is written in cli/; with the shipped plug-ins the default
    stays what users expect (battleground)."""
    registry = GameRegistry(plugins={})
    with pytest.raises(OptionError, match="no game is installed"):
        default_game(registry)
    later = GameInfo(name="zeta-one", game="z:Game", description="z", players=(2,))
    first = GameInfo(name="alpha-two", game="a:Game", description="a", players=(2,))
    other = GameInfo(name="alpha-one", game="a:Other", description="a", players=(2,))
    registry.add_plugin(Plugin(name="zeta", games=(later,)))
    registry.add_plugin(Plugin(name="alpha", games=(first, other)))
    assert default_game(registry) == "alpha-two"
    assert default_game() == "battleground"


def test_option_help_says_kind_choices_default_and_shipped_files_issue_22_1() -> None:
    rows = dict(option_help(info()))
    assert rows["--colour STR"] == "Which side. (one of red, blue)"
    assert rows["--fast"] == "Play fast. (default False)"
    assert "shipped: large, small" in rows["--board FILE"]
    assert "not with --position" in rows["--board FILE"]


def test_play_reads_the_shipped_games_options_from_their_declarations_issue_22_1(
    tmp_path: Path,
) -> None:
    """Issue 22 §1: ``play`` takes HoMM3's battle by a shipped name, options before or after
    the game, and refuses another game's option naming both."""
    save = tmp_path / "game.json"
    args = ["play", "--seed", "1", "--battle", "neutral-fight", "homm3-combat", "--bot", "both"]
    done = runner.invoke(app, [*args, "--save", str(save)])
    assert done.exit_code == 0, done.output
    assert " wins (" in done.output
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["game"] == "homm3-combat"
    wrong = runner.invoke(app, ["play", "homm3-combat", "--map", "crossroads"])
    assert wrong.exit_code == 2
    assert "homm3-combat has no option --map" in wrong.output
    bad = runner.invoke(app, ["play", "--rounds", "many"])
    assert bad.exit_code == 2 and "battleground: --rounds: 'many' is not a whole number" in (
        bad.output
    )
    resumed = runner.invoke(app, ["play", "--resume", str(save), "--rounds", "2"])
    assert resumed.exit_code == 2 and "keeps its parameters" in resumed.output


def test_play_game_help_lists_the_games_own_options_issue_22_1() -> None:
    shown = runner.invoke(app, ["play", "homm3-combat", "--help"])
    assert shown.exit_code == 0, shown.output
    assert "homm3-combat's own options" in shown.output and "--battle FILE" in shown.output
    assert "--map" not in shown.output and "legacy" not in shown.output
    default = runner.invoke(app, ["play", "--help"])
    assert default.exit_code == 0, default.output
    assert "battleground's own options" in default.output and "--points-limit" in default.output


def test_the_older_bot_option_is_the_games_first_own_bot_or_random_issue_22_1() -> None:
    """Issue 22 §1: ``--bot`` plays the game's first declared bot (Battleground's legacy bot),
    or the random bot for a game that declares none (HoMM3)."""
    console = Console(file=None, quiet=True)
    assert list(game_info("battleground").bots)[:1] == ["legacy"]
    state = load_game("battleground").new_initial_state(1)
    humans, agents = play._seats(console, state, 1, None, "1")
    assert humans == {0} and isinstance(agents[1], SkirmishBot)
    assert not game_info("homm3-combat").bots
    state = load_game("homm3-combat").new_initial_state(1)
    humans, agents = play._seats(console, state, 1, None, "both")
    assert not humans and all(isinstance(agent, RandomAgent) for agent in agents.values())
    assert default_registry.info("homm3-combat") is game_info("homm3-combat")
