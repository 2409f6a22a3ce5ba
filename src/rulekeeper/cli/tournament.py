"""``rulekeeper tournament GAME --bots mcts,greedy,random --games 200`` (issue 9 §2): every
pair of bots plays, with a progress bar, a table of scores with 95% intervals, draws, margins
and side balance, a results file (``.json`` or ``.csv``) and a plot (``.png`` or ``.svg``).
All cores by default; ``--cluster local`` or ``--scheduler ADDRESS`` runs it on Dask.
For homm3-combat, ``--battle FILE`` (or a shipped battle's name: ``--battle siege``) is the
battle every game plays; the default is the shipped hero battle."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from rulekeeper.core import RulekeeperError, load_game
from rulekeeper.core.agents import make_agent
from rulekeeper.core.tournament import plot, run, schedule, standings


def battle_file(given: Path) -> Path:
    """The battle file *given*: a path, or the name of a battle shipped with homm3-combat
    (``siege`` or ``siege.yaml``) when no such file exists."""
    from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

    name = given.name if given.suffix else f"{given.name}.yaml"
    if not given.exists() and given.parent == Path() and name in shipped_battles():
        return shipped_battle(name)
    return given.resolve()


def tournament_command(
    game: Annotated[str, typer.Argument(help="battleground, homm3-combat, ...")],
    bots: Annotated[str, typer.Option(help="Bot SPECs, comma-separated (docs/bots.md).")],
    games: Annotated[int, typer.Option(min=1, max=100_000, help="Games per pair.")] = 20,
    seed: Annotated[int, typer.Option(help="The first game's seed.")] = 1,
    battle: Annotated[
        Path | None,
        typer.Option(help="homm3-combat: a battle file, or a shipped battle's name (siege)."),
    ] = None,
    rounds: Annotated[int | None, typer.Option(help="battleground: rounds per game.")] = None,
    workers: Annotated[int, typer.Option(min=0, help="Processes (0: every core).")] = 0,
    cluster: Annotated[str | None, typer.Option(help="'local': a local Dask cluster.")] = None,
    scheduler: Annotated[str | None, typer.Option(help="A Dask scheduler's address.")] = None,
    out: Annotated[Path | None, typer.Option(help="Results file: .json or .csv.")] = None,
    plot_file: Annotated[Path | None, typer.Option("--plot", help="A .png or .svg.")] = None,
) -> None:
    """Play the bots against each other and report their scores."""
    console = Console()
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    params: dict[str, object] = {}
    if battle is not None:
        params["battle"] = str(battle_file(battle))
    if rounds is not None:
        params["rounds"] = rounds
    if cluster not in (None, "local"):
        raise typer.BadParameter("the only cluster is 'local' (or give --scheduler)")
    try:
        loaded = load_game(game, **params)  # its own bots are valid specs too
        for spec in specs:
            make_agent(spec, 0, loaded)
        matches = schedule(game, params, specs, games, seed)  # type: ignore[arg-type]
    except (ValueError, RulekeeperError) as error:
        console.print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    count = workers or os.cpu_count() or 1
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(f"{len(matches)} games", total=len(matches))
        results = run(
            matches,
            workers=count,
            scheduler=scheduler,
            cluster=cluster == "local",
            progress=lambda n: bar.advance(task, n),
        )
    rows = standings(results)
    table = Table(title=f"{game}: {len(results)} games, seeds from {seed}")
    for column in ("bot", "games", "score", "95% interval", "W/D/L", "margin", "1st / 2nd seat"):
        table.add_column(column)
    for row in rows:
        data = row.to_json()
        low, high = row.interval()
        first, second = data["score_first"], data["score_second"]
        sides = " / ".join(
            f"{v:.2f}" if isinstance(v, float | int) else "-" for v in (first, second)
        )
        table.add_row(
            row.bot,
            str(row.games),
            f"{row.score:.3f}",
            f"[{low:.2f}, {high:.2f}]",
            f"{row.wins}/{row.draws}/{row.losses}",
            f"{row.margin:+.2f}",
            sides,
        )
    console.print(table)
    if out is not None:
        if out.suffix == ".csv":
            with out.open("w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle)
                writer.writerow(["index", "seed", "seats", "returns", "actions"])
                for r in results:
                    seats: list[object] = list(r["seats"])  # type: ignore[arg-type]
                    returns: list[object] = list(r["returns"])  # type: ignore[arg-type]
                    writer.writerow(
                        [
                            r["index"],
                            r["seed"],
                            " ".join(map(str, seats)),
                            " ".join(map(str, returns)),
                            r["actions"],
                        ]
                    )
        else:
            doc = {
                "game": game,
                "params": params,
                "bots": specs,
                "games": games,
                "seed": seed,
                "standings": [r.to_json() for r in rows],
                "results": results,
            }
            out.write_text(json.dumps(doc, indent=1), encoding="utf-8")
        console.print(f"results: {out}")
    if plot_file is not None:
        plot(rows, str(plot_file), f"{game}: {len(results)} games")
        console.print(f"plot: {plot_file}")
