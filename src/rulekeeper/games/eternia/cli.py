"""``rulekeeper eternia``: Masters of the Universe: Fields of Eternia's own commands, mounted by
the ``rulekeeper`` command from the package's declaration (plugin.py).

``rulekeeper eternia map check [FILE...]`` checks map files (default: the shipped ones): ok with
the counts, or every problem as file: field: reason (exit code 1).

``rulekeeper eternia scenario check [FILE...]`` checks scenario files (docs/eternia-scenarios.md)
and ``rulekeeper eternia position show|check`` position files (docs/eternia-positions.md).

``rulekeeper eternia content check [FOLDER] [--strict]`` validates a content pack (the shipped
one, or a folder with the values printed on your own cards): ok with the counts, or every
problem as file: field: reason (exit code 1; no such folder: 2, a usage error). It then lists
the effect kinds the pack uses that the rules do not implement yet
(``combat.abilities.IMPLEMENTED``); ``--strict`` fails on them too. Kinds whose rule is the map
game's (``combat.abilities.MAP_KINDS``: flight) are listed apart and do not fail it: no combat
uses them (docs/eternia-content.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.core import DataError
from rulekeeper.core.content import load_yaml
from rulekeeper.games.eternia.board.map import check_map, load_map, shipped_maps
from rulekeeper.games.eternia.combat.abilities import IMPLEMENTED, MAP_KINDS
from rulekeeper.games.eternia.content.pack import ContentPack, ContentPackError, load_content_pack
from rulekeeper.games.eternia.map import position_cli
from rulekeeper.games.eternia.scenario import cli as scenario_cli

__all__ = ["app", "content_check", "map_check", "unimplemented"]

EXIT_INVALID = 1
"""The pack has problems (or, with --strict, uses effect kinds not implemented yet)."""

app = typer.Typer(help="Masters of the Universe: Fields of Eternia.", no_args_is_help=True)
content_app = typer.Typer(help="Fields of Eternia card data: check a content pack.")
app.add_typer(content_app, name="content")


def counts(pack: ContentPack) -> str:
    """The pack's counts, in one line."""
    decks = ", ".join(
        f"{faction} {len(pack.starting_deck(faction))}+{len(pack.supply(faction))}"
        for faction in ("motu", "evil-warriors")
    )
    return (
        f"{len(pack.heroes)} heroes, combat cards (deck+supply) {decks}, "
        f"{len(pack.epic_beasts)} epic beasts, {len(pack.beasts)} beasts, "
        f"{len(pack.allies)} allies, {len(pack.events)} events, {len(pack.equipment)} "
        f"equipment, {len(pack.spells)} spells, {len(pack.vehicles)} vehicles, "
        f"{len(pack.victory_cards)} victory cards, {len(pack.scenario_cards)} scenario cards, "
        f"{len(pack.bosses)} boss, {len(pack.dice.wild_dice)} wild dice kinds, 1 epic die, "
        f"{len(pack.battle_cards)} battle cards, {len(pack.effect_cards)} effect cards, "
        f"{len(pack.difficulties)} difficulties"
    )


def unimplemented(pack: ContentPack) -> dict[str, list[str]]:
    """The effect kinds the pack uses that the rules do not implement, with their cards."""
    found = pack.effect_users().items()
    return {kind: ids for kind, ids in found if kind not in IMPLEMENTED and kind not in MAP_KINDS}


def _print_kinds(users: Mapping[str, list[str]]) -> None:
    """List effect kinds with the cards using them."""
    typer.echo(f"effect kinds not implemented yet ({len(users)}):")
    for kind, ids in users.items():
        typer.echo(f"  {kind}: {', '.join(ids)}")


FolderArgument = Annotated[
    Path | None,
    typer.Argument(
        metavar="[FOLDER]",
        help="Your own pack: a folder holding the files of the shipped one (default: shipped).",
        exists=True,
        file_okay=False,
    ),
]
StrictOption = Annotated[
    bool,
    typer.Option(
        "--strict", help="Fail too (exit code 1) while some effect kind it uses has no rule."
    ),
]


@content_app.command("check")
def content_check(folder: FolderArgument = None, strict: StrictOption = False) -> None:
    """Validate a content pack: print ok with the counts, or every problem as
    file: field: reason (exit code 1); then list the effect kinds not implemented yet."""
    where = str(folder) if folder is not None else "the shipped content pack"
    try:
        pack = load_content_pack(folder)
    except ContentPackError as error:
        typer.echo("\n".join(map(str, error.problems)))
        typer.echo(f"{len(error.problems)} problem(s) in {where}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    typer.echo(f"ok: {where}: {counts(pack)}")
    missing = unimplemented(pack)
    for kind, ids in pack.effect_users().items():
        if kind in MAP_KINDS:
            typer.echo(f"{kind}: the map game's rule, {MAP_KINDS[kind]}: {', '.join(ids)}")
    if missing:
        _print_kinds(missing)
    else:
        typer.echo("effect kinds: all implemented")
    if strict and missing:
        typer.echo(f"--strict: {where} uses effect kinds not implemented yet", err=True)
        raise typer.Exit(EXIT_INVALID)


map_app = typer.Typer(help="Fields of Eternia maps: check a map file (docs/eternia-map.md).")
app.add_typer(map_app, name="map")
app.add_typer(scenario_cli.app, name="scenario")
app.add_typer(position_cli.app, name="position")


@map_app.command("check")
def map_check(
    files: Annotated[
        list[Path] | None, typer.Argument(help="Map files (default: every shipped map).")
    ] = None,
) -> None:
    """Check map files: ok with the counts, or every problem as file: field: reason (exit 1)."""
    targets = [(str(f), f) for f in files] if files else list(shipped_maps().items())
    failed = False
    for name, path in targets:
        shown = name if not files else Path(name).name
        try:
            doc = load_yaml(Path(path).read_text(encoding="utf-8"), shown)
        except (OSError, DataError) as error:
            typer.echo(f"{shown}: {error}")
            failed = True
            continue
        problems = check_map(doc)
        for field, reason in problems:
            typer.echo(f"{shown}: {field}: {reason}")
        if problems:
            failed = True
            continue
        board = load_map(doc)
        outposts = len(board.outposts())
        typer.echo(f"ok: {shown}: {len(board.areas)} areas, {outposts} outposts")
    if failed:
        raise typer.Exit(EXIT_INVALID)
