"""``rulekeeper games [GAME] [--json]``: the installed games, from their declarations
(core/plugin.py): each game's description, player counts, parameters (as ``rulekeeper play``
takes them: the option, kind, default, choices, help and shipped files) and bots; a declaration
that cannot be read is reported, and the others are listed."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rulekeeper.cli.params import option_help, option_name
from rulekeeper.core.agents import BUILT_IN
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.plugin import GameInfo
from rulekeeper.core.registry import default_registry

__all__ = ["catalog", "games_command"]


def catalog(name: str | None = None) -> JsonObject:
    """The installed games as data: ``games`` (each with its plug-in, parameters and bots, in
    the order ``rulekeeper play`` takes its default from) and ``problems`` (plug-in name ->
    what went wrong reading its declaration); only game *name* when given."""
    plugins = default_registry.plugins()
    found = []
    for plugin_name in sorted(plugins):
        for info in plugins[plugin_name].games:
            if name is None or info.name == name:
                found.append(_game(plugin_name, info))
    return {"games": found, "problems": dict(sorted(default_registry.problems().items()))}


def _game(plugin: str, info: GameInfo) -> JsonObject:
    params = []
    for param in info.params:
        params.append({**param.to_json(), "option": option_name(param)})
    return {
        **info.to_json(),
        "plugin": plugin,
        "params": params,
        "bots": [*BUILT_IN, *info.bots],
        "own_bots": list(info.bots),
    }


def games_command(
    game: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="Only this game (default: all).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="As JSON, for programs.")] = False,
) -> None:
    """List the installed games: what each is, its own options and its bots."""
    console = Console()
    doc = catalog(game)
    listed = doc["games"]
    assert isinstance(listed, list)
    if game is not None and not listed:
        known = ", ".join(default_registry.known_names()) or "none"
        console.print(f"[red]error:[/] unknown game {game!r}; known games: {escape(known)}")
        raise typer.Exit(2)
    if as_json:
        typer.echo(json.dumps(doc, indent=1))
        return
    for plugin_name, info in _infos(listed):
        _show(console, plugin_name, info)
    problems = doc["problems"]
    assert isinstance(problems, dict)
    for plugin, problem in problems.items():
        console.print(
            f"[red]plug-in {escape(plugin)} could not be read:[/] {escape(str(problem))}",
            soft_wrap=True,
        )


def _infos(listed: list[object]) -> list[tuple[str, GameInfo]]:
    """The declarations of the games *listed*, with their plug-in's name."""
    found = []
    for entry in listed:
        assert isinstance(entry, dict)
        name = str(entry["name"])
        found.append((str(entry["plugin"]), default_registry.info(name)))
    return found


def _show(console: Console, plugin: str, info: GameInfo) -> None:
    """One game, in words."""
    players = " or ".join(str(n) for n in info.players) or "any number of"
    console.print(f"[bold]{escape(info.name)}[/] ({escape(plugin)}): {escape(info.description)}")
    console.print(f"  players: {players}")
    if info.params:
        table = Table(show_header=False, box=None, padding=(0, 2), pad_edge=False)
        table.add_column("option", style="bold", no_wrap=True)
        table.add_column("help")
        for option, said in option_help(info):
            table.add_row(escape(f"  {option}"), escape(said))
        console.print("  options (rulekeeper play " + escape(info.name) + " ...):")
        console.print(table)
    else:
        console.print("  options: none of its own")
    console.print(f"  bots: {escape(', '.join([*BUILT_IN, *info.bots]))}, or module:Class")
    console.print()
