"""``rulekeeper eternia scenario check [FILE...]``: the typer sub-app ``scenario`` (the game's
cli.py mounts it).

``check`` reads scenario files or shipped scenarios' names (default: every shipped scenario) and
prints ``ok: FILE: ...`` with the scenario's mode and map for each good one, or every problem as
``FILE: field: reason``; the exit code is 1 when any file has a problem (docs/eternia-scenarios.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.core import DataError
from rulekeeper.core.content import load_yaml
from rulekeeper.games.eternia.scenario.model import Scenario
from rulekeeper.games.eternia.scenario.reading import (
    check_scenario,
    read_scenario,
    shipped_scenarios,
)

__all__ = ["app", "scenario_check", "summary"]

EXIT_INVALID = 1
"""A scenario has problems."""

app = typer.Typer(
    help="Fields of Eternia scenario files: check them (docs/eternia-scenarios.md).",
    no_args_is_help=True,
)


@app.callback()
def scenario() -> None:
    """Fields of Eternia scenario files (docs/eternia-scenarios.md)."""


def summary(scenario: Scenario) -> str:
    """A good scenario in one line: its name, mode, map and what it sets up."""
    if scenario.mode == "solo":
        objective = scenario.objective.kind if scenario.objective else "none"
        what = (
            f"{len(scenario.enemy_heroes)} enemy heroes, {scenario.rounds} rounds, objective "
            f"{objective}, {len(scenario.skull_events)} skull events"
        )
    elif scenario.mode == "skirmish":
        what = (
            f"{len(scenario.deployment_zones)} zones, {scenario.soldiers} soldiers, "
            f"{scenario.rounds} rounds, {len(scenario.scoring)} scoring rules"
        )
    else:
        deck = scenario.scenario_deck or "no scenario deck"
        what = (
            f"{deck}, {len(scenario.mission_tokens)} mission tokens, "
            f"{len(scenario.skull_events)} skull events"
        )
    return f"{scenario.name} ({scenario.mode}, map {scenario.map}): {what}"


def _targets(files: list[str] | None) -> list[tuple[str, Path]]:
    """The files to check, each with the name to print: shipped names or paths."""
    shipped = shipped_scenarios()
    if not files:
        return [(name, Path(path)) for name, path in shipped.items()]
    return [(f, Path(shipped[f])) if f in shipped else (Path(f).name, Path(f)) for f in files]


@app.command("check")
def scenario_check(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            help="Scenario files or shipped scenarios' names (default: every shipped scenario)."
        ),
    ] = None,
) -> None:
    """Check scenario files: ok for each good one, or every problem as file: field: reason."""
    failed = False
    for shown, path in _targets(files):
        try:
            doc = load_yaml(path.read_text(encoding="utf-8"), shown)
        except OSError as error:
            typer.echo(f"{shown}: (file): cannot read: {error.strerror}")
            failed = True
            continue
        except DataError as error:
            typer.echo(str(error))
            failed = True
            continue
        problems = check_scenario(doc)
        for field, reason in problems:
            typer.echo(f"{shown}: {field}: {reason}")
        if problems:
            failed = True
            continue
        typer.echo(f"ok: {shown}: {summary(read_scenario(doc))}")
    if failed:
        raise typer.Exit(EXIT_INVALID)
