"""The games' own commands, mounted from their declarations (issue 22 §1, §3: cli/mount.py):
``rulekeeper <plug-in>``, ``rulekeeper odds <game>`` and ``rulekeeper demo``, listed without
importing any game's commands, imported when run; a broken one reports itself and breaks no
other."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.cli.mount import DeclaredGroup, Entry, MainGroup, OddsGroup, demo_entry
from rulekeeper.core.plugin import GameInfo, Plugin
from rulekeeper.core.registry import GameRegistry, default_registry

runner = CliRunner()
PROBE = "rk_mount_probe"
"""The module the test plug-ins' commands live in (written into a temporary folder)."""
PROBE_SOURCE = '''
import typer

app = typer.Typer(help="Alpha's own commands.", no_args_is_help=True)


@app.command("hello")
def hello(name: str = "world") -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


@app.command("bye")
def bye() -> None:
    """Say goodbye."""
    typer.echo("bye")


def odds(dice: int = 1) -> None:
    """Alpha's odds."""
    typer.echo(f"odds of {dice} dice")


def demo() -> None:
    """Alpha's demo."""
    typer.echo("the alpha demo")


def zeta_demo() -> None:
    typer.echo("the zeta demo")


NOT_AN_APP = 3
'''


def _game(name: str, odds: str | None) -> GameInfo:
    return GameInfo(name, f"{PROBE}:Nothing", f"The {name} game.", (2,), odds=odds)


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GameRegistry:
    """Declarations of four plug-ins, in a registry of their own: alpha (commands, odds and a
    demo, all sound), zeta (a demo too, but after alpha by name), broken (its commands and its
    odds cannot be imported) and play (a name the built-in command has)."""
    (tmp_path / f"{PROBE}.py").write_text(PROBE_SOURCE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, PROBE, raising=False)
    registry = GameRegistry()
    registry.add_plugin(
        Plugin(
            "zeta",
            (_game("zeta-game", None),),
            commands=f"{PROBE}:app",
            demo=f"{PROBE}:zeta_demo",
            description="The zeta plug-in.",
        )
    )
    registry.add_plugin(
        Plugin(
            "alpha",
            (_game("alpha-game", f"{PROBE}:odds"),),
            commands=f"{PROBE}:app",
            demo=f"{PROBE}:demo",
            description="The alpha plug-in.",
        )
    )
    registry.add_plugin(
        Plugin(
            "broken",
            (_game("broken-game", f"{PROBE}:no_such_odds"),),
            commands="rk_mount_nowhere.cli:app",
            description="A plug-in whose commands are not installed.",
        )
    )
    registry.add_plugin(
        Plugin("play", (_game("play-game", None),), commands=f"{PROBE}:app", description="X.")
    )
    monkeypatch.setattr(DeclaredGroup, "registry", registry)
    return registry


def test_the_listing_comes_from_the_declarations_without_importing_them(
    plugins: GameRegistry,
) -> None:
    """Issue 22 §1, §3: ``rulekeeper --help`` lists each plug-in's group with its declared
    description, and ``demo``; ``rulekeeper odds --help`` each game's odds; nothing of the
    commands is imported to say so."""
    shown = runner.invoke(app, ["--help"])
    assert shown.exit_code == 0, shown.output
    rows = [line.strip("│ ").split(None, 1) for line in shown.output.splitlines()]
    assert ["alpha", "The alpha plug-in."] in rows
    assert ["zeta", "The zeta plug-in."] in rows
    assert "A plug-in whose commands are not installed." in shown.output
    assert "demo" in shown.output and "play" in shown.output
    odds = runner.invoke(app, ["odds", "--help"])
    assert odds.exit_code == 0, odds.output
    assert "alpha-game" in odds.output and "broken-game" in odds.output
    assert "zeta-game" not in odds.output  # it declares no odds
    assert PROBE not in sys.modules
    assert "rk_mount_nowhere" not in sys.modules


def test_a_plugins_commands_odds_and_demo_run_when_asked(plugins: GameRegistry) -> None:
    """Issue 22 §1: the group is the plug-in's own typer app; its game's odds is
    ``rulekeeper odds <game>``; the demo is the first plug-in's by name (alpha before zeta)."""
    hello = runner.invoke(app, ["alpha", "hello", "--name", "Adam"])
    assert hello.exit_code == 0, hello.output
    assert hello.output == "hello Adam\n"
    group = runner.invoke(app, ["alpha", "--help"])
    assert "Alpha's own commands." in group.output and "bye" in group.output
    assert runner.invoke(app, ["odds", "alpha-game", "--dice", "3"]).output == "odds of 3 dice\n"
    assert runner.invoke(app, ["demo"]).output == "the alpha demo\n"
    assert runner.invoke(app, ["zeta", "bye"]).output == "bye\n"


def test_a_broken_plugin_reports_itself_and_breaks_no_other(plugins: GameRegistry) -> None:
    """Issue 22 §1: commands that cannot be imported give an error naming the plug-in and the
    reference (exit code 2), for that group only; its help says the same."""
    for args in (["broken", "anything", "--at", "all"], ["broken", "--help"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "plug-in broken" in result.output
        assert "rk_mount_nowhere.cli:app" in result.output
        assert "cannot be loaded" in result.output
    odds = runner.invoke(app, ["odds", "broken-game"])
    assert odds.exit_code == 2 and "no_such_odds" in odds.output
    assert runner.invoke(app, ["alpha", "bye"]).output == "bye\n"


def test_a_reference_to_the_wrong_kind_of_thing_is_refused() -> None:
    """Issue 22 §1: commands must name a typer app, odds and a demo a function."""
    not_an_app = Entry("x", "rulekeeper.cli.mount:EXIT_BROKEN", "X.", "plug-in x", True)
    assert "is not a typer.Typer app" in (not_an_app.load().help or "")
    not_a_function = Entry("x", "rulekeeper.cli.mount:EXIT_BROKEN", "X.", "plug-in x", False)
    assert "is not a function" in (not_a_function.load().help or "")


def test_a_builtin_command_keeps_its_name(plugins: GameRegistry) -> None:
    """Issue 22 §1: a plug-in named like a built-in command (play) does not replace it."""
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0, result.output
    assert "Play GAME in the terminal" in result.output


def test_a_misspelt_plugin_is_suggested(plugins: GameRegistry) -> None:
    result = runner.invoke(app, ["alpah"])
    assert result.exit_code == 2
    assert "Did you mean 'alpha'?" in result.output


def test_the_shipped_declarations_name_commands_that_load() -> None:
    """Issue 22 §1: every command, odds and demo the installed plug-ins declare loads (a
    mistyped reference in a plugin.py would otherwise show only when run)."""
    entries = [*MainGroup(name="rulekeeper").entries(), *OddsGroup(name="odds").entries()]
    names = {entry.name for entry in entries}
    declared = default_registry.plugins()
    assert {name for name, p in declared.items() if p.commands} <= names
    assert {i.name for p in declared.values() for i in p.games if i.odds} <= names
    assert ("demo" in names) == any(p.demo for p in declared.values())
    for entry in entries:
        loaded = entry.load()
        assert "cannot be loaded" not in (loaded.help or ""), loaded.help
        assert loaded.name == entry.name


def test_the_demo_is_the_first_plugins_by_name() -> None:
    registry = GameRegistry()
    assert demo_entry(registry) is None
    registry.add_plugin(Plugin("b", (), demo="b:demo", description="B."))
    registry.add_plugin(Plugin("a", (), description="A."))
    found = demo_entry(registry)
    assert found is not None and found.ref == "b:demo" and "B." in found.help


def _imported_by(args: list[str]) -> list[str]:
    """The rulekeeper.games modules a fresh interpreter has imported after ``rulekeeper ARGS``."""
    code = (
        "import json, sys\n"
        "from rulekeeper.cli.main import app\n"
        "try:\n"
        f"    app(args={args!r}, prog_name='rulekeeper')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('rulekeeper.games'))),"
        " file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    found: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return found


def test_help_and_play_import_no_games_commands() -> None:
    """Issue 22 §1: ``rulekeeper --help`` reads the declarations only (each game package's
    ``plugin.py``), and lists the shipped games' groups and odds; ``play --help`` imports no
    game's commands either."""
    listed = runner.invoke(app, ["--help"])
    for plugin in default_registry.plugins().values():
        if plugin.commands is not None:
            assert plugin.name in listed.output
    for module in _imported_by(["--help"]):
        parts = module.split(".")
        assert len(parts) <= 3 or parts[3:] == ["plugin"], module
    for args in (["play", "--help"], ["odds", "--help"]):
        commands = [m for m in _imported_by(args) if ".cli" in m]
        assert commands == [], (args, commands)
