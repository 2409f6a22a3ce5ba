"""The ``rulekeeper`` command (console script ``rulekeeper = "rulekeeper.cli.main:run"``).

Each game or front end is a sub-app in a module of its own, registered below with one line:

    app.add_typer(battleground.app, name="battleground")   # a group of commands
    app.command("play")(play.play)                          # or a single command
"""

from __future__ import annotations

import sys
from importlib import metadata
from typing import Annotated

import typer

import rulekeeper
from rulekeeper.cli import (
    battleground,
    convert,
    demo,
    games,
    homm3,
    odds,
    play,
    replay,
    serve,
    tournament,
)
from rulekeeper.cli.saves import LAST

app = typer.Typer(
    name="rulekeeper",
    help="Rulekeeper: rules engine for Archon Studio board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def version_string() -> str:
    try:
        version = metadata.version("rulekeeper")
    except metadata.PackageNotFoundError:  # running from a source tree without installing
        version = rulekeeper.__version__
    return f"rulekeeper {version}"


def _show_version(value: bool) -> None:
    if value:
        typer.echo(version_string())
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Show the version and exit.",
            callback=_show_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Rulekeeper: rules engine for Archon Studio board games."""


app.add_typer(battleground.app, name="battleground")
app.add_typer(homm3.app, name="homm3")
app.command("demo")(demo.demo)
app.command("play", context_settings=play.CONTEXT, options_metavar="[GAME] [OPTIONS]")(play.play)
app.command("replay")(replay.replay_command)
app.command("convert")(convert.convert_command)
app.add_typer(odds.app, name="odds")
app.command("tournament", context_settings=tournament.CONTEXT, options_metavar="GAME [OPTIONS]")(
    tournament.tournament_command
)
app.command("games")(games.games_command)
app.command("serve")(serve.serve)


def with_last(argv: list[str]) -> list[str]:
    """*argv* with ``--resume`` alone (last, or before another option) read as
    ``--resume last``: the last unfinished game."""
    out = []
    for index, arg in enumerate(argv):
        out.append(arg)
        following = argv[index + 1] if index + 1 < len(argv) else None
        if arg == "--resume" and (following is None or following.startswith("-")):
            out.append(LAST)
    return out


def run() -> None:
    """The console script: the app, with ``--resume`` alone meaning the last game."""
    app(args=with_last(sys.argv[1:]), prog_name="rulekeeper")


if __name__ == "__main__":  # python -m rulekeeper.cli.main
    run()
