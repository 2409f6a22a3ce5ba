"""``rulekeeper tournament GAME --bots mcts,greedy,random --games 200`` (issue 9 §2): every
pair of bots plays, with a progress bar, a table of scores with 95% intervals, draws, margins
and side balance, a results file (``.json`` or ``.csv``) and a plot (``.png`` or ``.svg``).
All cores by default; ``--cluster local`` or ``--scheduler ADDRESS`` runs it on Dask.
The game's own options (``--rounds 2``, a file or a shipped file's name: ``--battle siege``) come
from its declaration, as ``rulekeeper play``'s do (cli/params.py), and every game plays with
them."""

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

from rulekeeper.cli.params import CONTEXT, game_params, split_game
from rulekeeper.core import RulekeeperError, load_game
from rulekeeper.core.agents import make_agent
from rulekeeper.core.registry import game_info
from rulekeeper.core.tournament import plot, run, schedule, standings

__all__ = ["CONTEXT", "tournament_command"]


def tournament_command(
    ctx: typer.Context,
    bots: Annotated[str, typer.Option(help="Bot SPECs, comma-separated (docs/bots.md).")],
    games: Annotated[int, typer.Option(min=1, max=100_000, help="Games per pair.")] = 20,
    seed: Annotated[int, typer.Option(help="The first game's seed.")] = 1,
    workers: Annotated[int, typer.Option(min=0, help="Processes (0: every core).")] = 0,
    cluster: Annotated[str | None, typer.Option(help="'local': a local Dask cluster.")] = None,
    scheduler: Annotated[str | None, typer.Option(help="A Dask scheduler's address.")] = None,
    out: Annotated[Path | None, typer.Option(help="Results file: .json or .csv.")] = None,
    plot_file: Annotated[Path | None, typer.Option("--plot", help="A .png or .svg.")] = None,
) -> None:
    """Play the bots against each other and report their scores.

    rulekeeper tournament GAME --bots SPECS [OPTIONS]: GAME's own options (rulekeeper games
    GAME lists them) set up every game.
    """
    console = Console()
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    game, tokens = split_game(ctx.args)
    if game is None:
        console.print("[red]error:[/] name the GAME (rulekeeper games lists them)")
        raise typer.Exit(2)
    if cluster not in (None, "local"):
        raise typer.BadParameter("the only cluster is 'local' (or give --scheduler)")
    try:
        params = game_params(game_info(game), tokens, absolute=True)
        loaded = load_game(game, **params)  # its own bots are valid specs too
        for spec in specs:
            make_agent(spec, 0, loaded)
        matches = schedule(game, params, specs, games, seed)
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
