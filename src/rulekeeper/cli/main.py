"""The ``rulekeeper`` command (console script ``rulekeeper = "rulekeeper.cli.main:run"``).

Each front end is a sub-app or a command in a module of its own, registered below with one line
(``app.command("play")(play.play)``). The games' own commands are not registered here: each game
package declares them (core/plugin.py: ``Plugin.commands``, ``Plugin.demo``, ``GameInfo.odds``)
and cli/mount.py mounts them as ``rulekeeper <plug-in>``, ``rulekeeper demo`` and
``rulekeeper odds <game>``, imported only when run.
"""

from __future__ import annotations

import sys
from importlib import metadata
from typing import Annotated

import typer

import rulekeeper
from rulekeeper.cli import convert, games, play, replay, serve, tournament
from rulekeeper.cli.mount import MainGroup, OddsGroup
from rulekeeper.cli.saves import LAST

app = typer.Typer(
    name="rulekeeper",
    help="Rulekeeper: rules engine for Archon Studio board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=MainGroup,
)
odds = typer.Typer(
    help="Exact odds of dice and attacks, by enumeration.", no_args_is_help=True, cls=OddsGroup
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


app.command("play", context_settings=play.CONTEXT, options_metavar="[GAME] [OPTIONS]")(play.play)
app.command("replay")(replay.replay_command)
app.command("convert")(convert.convert_command)
app.add_typer(odds, name="odds")
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
