"""``rulekeeper battleground content``: check a content pack (your own cards' values)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.games.battleground.content.pack import check_content_pack, load_content_pack

app = typer.Typer(help="Battleground card data: check a content pack.", no_args_is_help=True)


@app.command("check")
def content_check(
    path: Annotated[
        Path | None,
        typer.Argument(
            metavar="[PATH]",
            help="A folder with the pack's YAML files; omit it to check the shipped pack.",
        ),
    ] = None,
) -> None:
    """Validate every file of a content pack and report each problem as file: field: reason."""
    if path is not None and not path.is_dir():
        typer.echo(f"{path}: (folder): not a folder of content files", err=True)
        raise typer.Exit(2)
    problems = check_content_pack(path)
    where = str(path) if path is not None else "the shipped content pack"
    if problems:
        for problem in problems:
            typer.echo(problem)
        typer.echo(f"{len(problems)} problem(s) in {where}", err=True)
        raise typer.Exit(1)
    pack = load_content_pack(path)
    typer.echo(
        f"OK: {where}: {len(pack.characters)} characters, {len(pack.weapons)} weapons, "
        f"{len(pack.items)} items, {len(pack.fate)} fate cards, {len(pack.glory)} glory cards"
    )
