"""What every game's ``rulekeeper GAME position`` command shares (docs/positions.md): reading a
position file into a state, or exiting 1 with every problem printed as file: field: reason;
``check`` over many files; who is to act, in words. Each game adds how it draws a position."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from rulekeeper.core import CHANCE, SIMULTANEOUS, TERMINAL, DataError, PositionError, load_game

__all__ = [
    "EXIT_INVALID",
    "FileArgument",
    "FilesArgument",
    "SeedOption",
    "add_commands",
    "check_files",
    "choice_lines",
    "load_position",
    "to_act",
]

EXIT_INVALID = 1
"""The exit code of a position with problems (2 is bad usage, as for maps)."""
FileArgument = Annotated[
    Path, typer.Argument(metavar="FILE", help="A position file (YAML or JSON).")
]
FilesArgument = Annotated[
    list[Path], typer.Argument(metavar="FILE", help="Position files (YAML or JSON).")
]
SeedOption = Annotated[
    int, typer.Option(help="Seed deciding what the position leaves open (deck orders, hands).")
]


def load_position(game: str, path: Path, seed: int) -> Any:
    """The state of *game*'s position file at *path*, or exit 1 with every problem printed."""
    try:
        return load_game(game, position=path).new_initial_state(seed=seed)
    except PositionError as error:
        for problem in error.problems:
            typer.echo(DataError.__str__(problem))
        typer.echo(f"{len(error.problems)} problem(s) in {path}", err=True)
    except DataError as error:
        typer.echo(str(error))
    raise typer.Exit(EXIT_INVALID)


def check_files(
    files: list[Path], load: Callable[[Path], Any], summary: Callable[[Any], str]
) -> None:
    """``check``: OK and where the game stands for each good file, every problem of the
    others (*load* prints them); exit 1 if any file had one."""
    failed = False
    for path in files:
        try:
            state = load(path)
        except typer.Exit:
            failed = True
            continue
        typer.echo(f"OK: {path}: {summary(state)}")
    if failed:
        raise typer.Exit(EXIT_INVALID)


def to_act(state: Any, over: str, together: str = "several players choose") -> str:
    """Who must act now, in words (*over*: how the game ended; *together*: a simultaneous
    choice)."""
    player = state.current_player()
    if player == TERMINAL:
        return f"the game is over: {over}"
    if player == CHANCE:
        return "the dice are rolling"
    if player == SIMULTANEOUS:
        return together
    return f"player {player} to act"


def choice_lines(state: Any) -> list[str]:
    """``show``'s last lines: the chance outcomes with their probabilities, or the legal
    actions of the player to act."""
    player = state.current_player()
    if player == CHANCE:
        return [f"  {state.describe(a)} ({p:.3f})" for a, p in state.chance_outcomes()]
    if player < 0:
        return []
    return [f"Player {player} may:", *(f"  {a}" for a in state.legal_actions(player))]


def add_commands(
    app: typer.Typer,
    game: str,
    lines: Callable[[Any], list[str]],
    summary: Callable[[Any], str],
) -> None:
    """*app*'s ``show`` (*lines* where the game stands, *summary*, then :func:`choice_lines`) and
    ``check`` commands for *game*'s position files."""

    @app.command("show")
    def show(file: FileArgument, seed: SeedOption = 0) -> None:
        """Show a position: where the game stands, the pending steps and the legal actions."""
        state = load_position(game, file, seed)
        for line in [*lines(state), summary(state), *choice_lines(state)]:
            typer.echo(line)

    @app.command("check")
    def check(files: FilesArgument, seed: SeedOption = 0) -> None:
        """Check position files: OK and where the game stands, or every problem (exit 1)."""
        check_files(files, lambda path: load_position(game, path, seed), summary)
