"""``rulekeeper battleground map``: list, draw and check maps, print their schema; and
``rulekeeper battleground query``, the geometry query stream on a map (query.py)."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.board.battlefield import Battlefield, shipped_maps
from rulekeeper.games.battleground.board.mapfile import map_json_schema
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position
from rulekeeper.games.battleground.board.render import render_map, render_plain
from rulekeeper.games.battleground.cli.query import position_problem, run_queries

# Exit codes: 1 = a checked map file is invalid; 2 = bad usage or a map that cannot be loaded
# (click uses 2 for usage errors as well).
EXIT_INVALID = 1
EXIT_UNUSABLE = 2

map_app = typer.Typer(
    help="Battleground maps: list, draw, validate.",
    no_args_is_help=True,
)

MapArgument = Annotated[
    str,
    typer.Argument(
        metavar="MAP", help="A shipped map name (see 'map list') or the path of a YAML map file."
    ),
]


def _console(stderr: bool = False) -> Console:
    # Created per call so that the output streams and NO_COLOR/FORCE_COLOR are read at run
    # time (the test runner swaps the streams). No markup: map data may contain brackets.
    return Console(stderr=stderr, markup=False, highlight=False, soft_wrap=True)


def _load(name_or_path: str) -> Battlefield:
    """Load a map or stop with the error on stderr and exit code 2."""
    try:
        return Battlefield.load(name_or_path)
    except DataError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_UNUSABLE) from None


def parse_position(text: str, param_hint: str | None = None) -> Position:
    """``Q,R`` or ``Q,R,LEVEL`` (spaces and surrounding brackets allowed) as a position."""
    parts = [part.strip() for part in text.strip().strip("[]()").split(",")]
    if len(parts) not in (2, 3):
        raise typer.BadParameter(f"expected Q,R or Q,R,LEVEL, got {text!r}", param_hint=param_hint)
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        raise typer.BadParameter(
            f"expected integers Q,R[,LEVEL], got {text!r}", param_hint=param_hint
        ) from None
    level = numbers[2] if len(numbers) == 3 else GROUND
    if level not in (GROUND, PLATFORM):
        raise typer.BadParameter(
            f"LEVEL must be 0 (ground) or 1 (platform), got {level}", param_hint=param_hint
        )
    return Position(numbers[0], numbers[1], level)


# --- map list ------------------------------------------------------------------------------


@map_app.command("list")
def map_list() -> None:
    """List the shipped maps with their titles."""
    names = shipped_maps()
    if not names:
        typer.echo("no shipped maps")
        return
    table = Table("name", "title", "board", "notes", box=None, pad_edge=False)
    broken = False
    for name in names:
        try:
            field = Battlefield.load(name)
        except DataError as error:
            broken = True
            table.add_row(name, Text("cannot be loaded", style="bold red"), "", str(error))
            continue
        notes = "provisional layout" if field.provisional else ""
        table.add_row(name, field.title, f"{field.columns}x{field.rows}", notes)
    _console().print(table)
    if broken:
        raise typer.Exit(EXIT_INVALID)


# --- map show ------------------------------------------------------------------------------


@map_app.command("show")
def map_show(
    map_name: MapArgument,
    los: Annotated[
        str | None,
        typer.Option(
            "--los",
            metavar="Q,R[,LEVEL]",
            help="Mark what a model at this position sees (x: hidden, ':' one level of two).",
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Plain text, no colours (the default when the output is not a terminal).",
        ),
    ] = False,
    no_coords: Annotated[
        bool, typer.Option("--no-coords", help="Leave out the row and column labels.")
    ] = False,
) -> None:
    """Draw a map; with --los, mark which positions are visible from a position."""
    field = _load(map_name)
    viewer: Position | None = None
    if los is not None:
        viewer = parse_position(los, param_hint="'--los'")
        problem = position_problem(field, viewer)
        if problem is not None:
            raise typer.BadParameter(problem, param_hint="'--los'")
    console = _console()
    if plain or console.color_system is None:
        typer.echo(render_plain(field, sight_from=viewer, show_coordinates=not no_coords), nl=False)
    else:
        console.print(render_map(field, sight_from=viewer, show_coordinates=not no_coords))
    if viewer is not None:
        others = [p for p in field.positions if p != viewer]
        seen = sum(1 for p in others if field.has_line_of_sight(viewer, p))
        typer.echo(f"{seen} of {len(others)} other positions are visible from {viewer}.")


# --- map check -----------------------------------------------------------------------------


@map_app.command("check")
def map_check(
    paths: Annotated[
        list[str],
        typer.Argument(metavar="PATH", help="Map files (YAML) or shipped map names."),
    ],
) -> None:
    """Validate map files: print OK, or the error as 'file: field: reason' (exit code 1)."""
    failed = False
    for path in paths:
        try:
            field = Battlefield.load(path)
        except DataError as error:
            failed = True
            typer.echo(f"{error}")
            continue
        typer.echo(
            f"OK: {field.source}: {field.title} ({field.name}), {field.columns}x{field.rows}, "
            f"{len(field.positions)} positions"
        )
    if failed:
        raise typer.Exit(EXIT_INVALID)


# --- map schema ----------------------------------------------------------------------------


@map_app.command("schema")
def map_schema() -> None:
    """Print the JSON schema of map files."""
    typer.echo(json.dumps(map_json_schema(), indent=2, sort_keys=True))


# --- query ---------------------------------------------------------------------------------


def _utf8_lines(stream: TextIO) -> Iterator[str]:
    """Lines of stdin, read one at a time so that a driving program gets each answer at once."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding="utf-8", errors="replace")
    while True:
        line = stream.readline()
        if not line:
            return
        yield line


def _write_answers(answers: Iterable[str], out: TextIO) -> None:
    try:
        for line in answers:
            out.write(line + "\n")
            out.flush()
    except BrokenPipeError:
        # The reader went away: stop quietly, and keep Python from complaining at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
        finally:
            os.close(devnull)


def query(
    map_name: Annotated[
        str,
        typer.Option(
            "--map",
            "-m",
            metavar="MAP",
            help="A shipped map name or the path of a YAML map file.",
        ),
    ],
    input_file: Annotated[
        Path | None,
        typer.Option(
            "--input",
            "-i",
            metavar="FILE",
            help="Read the requests from this file instead of stdin.",
            exists=True,
            dir_okay=False,
            readable=True,
        ),
    ] = None,
) -> None:
    """Answer geometry queries: one JSON request per line in, one JSON answer per line out.

    Ops: distance, hexes, los, cover, flank, reach. Example:

        echo '{"op": "los", "from": [5, 0, 0], "to": [3, 9, 0]}' | rulekeeper battleground query --map first-game
    """  # noqa: E501
    field = _load(map_name)
    if input_file is not None:
        with input_file.open(encoding="utf-8-sig", errors="replace") as handle:
            _write_answers(run_queries(field, handle), sys.stdout)
    else:
        _write_answers(run_queries(field, _utf8_lines(sys.stdin)), sys.stdout)
