"""``rulekeeper homm3``: Heroes of Might and Magic III: The Board Game's own commands, and
``rulekeeper odds homm3-combat`` (:func:`odds`), both mounted by the ``rulekeeper`` command from
the game's declaration (plugin.py).

``rulekeeper homm3 content check [FOLDER]`` validates a content pack (the shipped one, or a
folder with the values printed on your own cards) and lists what the combat rules do not apply
yet: the unit ability kinds missing from ``combat.unit_abilities.IMPLEMENTED`` and the card
effect kinds missing from ``combat.card_effects.IMPLEMENTED`` and the map effects (cards timed
``map``) missing from ``map.cards.IMPLEMENTED`` (docs/homm3-content.md).

``rulekeeper homm3 scenario check [FILE...]`` checks scenario files (or the shipped scenarios)
and prints every problem as file: field: reason (docs/homm3-scenarios.md).

``rulekeeper odds homm3-combat --battle FILE --attacker U --target U``: the whole attack action,
the attacker as if activating now (combat/odds.py): the damage of all its attacks and the
target's fate, each attack made (a second attack, the retaliation) and the attacker's fate.
``--json`` prints one JSON object instead of tables; ``--plot FILE`` draws the distributions
(PNG or SVG, by the file's suffix; cli/odds.py).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from rulekeeper.cli.odds import OptionError, check_plot, fail, odds_table, plot
from rulekeeper.core import DataError, RulekeeperError, load_game
from rulekeeper.games.homm3.campaign.reading import (
    check_campaign_file,
    shipped_campaign,
    shipped_campaigns,
)
from rulekeeper.games.homm3.combat import targets, unit_abilities
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.odds import attack_odds
from rulekeeper.games.homm3.content.pack import (
    ContentPack,
    card_effects,
    check_content_pack,
    load_content_pack,
)
from rulekeeper.games.homm3.map import cards as map_cards
from rulekeeper.games.homm3.map import effect_check, position_cli
from rulekeeper.games.homm3.scenario import check_scenario_file, shipped_scenario, shipped_scenarios
from rulekeeper.games.homm3.views.odds import attack_lines

# Exit codes: 1 = the pack has problems (or, with --strict, uses kinds not implemented yet);
# 2 = bad usage (click's code for usage errors too).
EXIT_INVALID = 1
EXIT_USAGE = 2
CARD_EFFECTS_MODULE = "rulekeeper.games.homm3.combat.card_effects"

app = typer.Typer(help="Heroes of Might and Magic III: The Board Game.", no_args_is_help=True)
content_app = typer.Typer(
    help="HoMM3 card data: check a content pack.",
    no_args_is_help=True,
)
app.add_typer(content_app, name="content")
scenario_app = typer.Typer(
    help="HoMM3 scenario files: check them (docs/homm3-scenarios.md).",
    no_args_is_help=True,
)
app.add_typer(scenario_app, name="scenario")
campaign_app = typer.Typer(
    help="HoMM3 campaign files: check them (docs/homm3-campaigns.md).",
    no_args_is_help=True,
)
app.add_typer(campaign_app, name="campaign")
app.add_typer(position_cli.app, name="position")


@dataclass(frozen=True)
class Unimplemented:
    """What a pack uses that the rules do not apply yet, each kind with its users."""

    unit_abilities: Mapping[str, list[str]]
    card_effects: Mapping[str, list[str]]
    card_effects_note: str
    """Why card effects count as not implemented when the module is missing, else empty."""
    map_effects: Mapping[str, list[str]] = dataclasses.field(default_factory=dict)
    """Map effects (``kind: map``, by ``effect`` name) the map game does not carry out."""
    map_data: Mapping[str, list[str]] = dataclasses.field(default_factory=dict)
    """Effect kinds of the towns', Astrologers' and locations' data the map game does not
    resolve, each with its file, entry and path (map/effect_check.py)."""

    def __bool__(self) -> bool:
        return bool(self.unit_abilities or self.card_effects or self.map_effects or self.map_data)


def implemented_card_effects() -> tuple[frozenset[str], str]:
    """The card effect kinds the combat rules implement, and a note when that is not known."""
    try:
        module = importlib.import_module(CARD_EFFECTS_MODULE)
    except ImportError as error:
        if error.name == CARD_EFFECTS_MODULE:
            return frozenset(), f"{CARD_EFFECTS_MODULE} does not exist yet: no card effect is"
        return frozenset(), f"{CARD_EFFECTS_MODULE} cannot be imported ({error}): none counts as"
    kinds = getattr(module, "IMPLEMENTED", None)
    if kinds is None:
        return frozenset(), f"{CARD_EFFECTS_MODULE} has no IMPLEMENTED set: none counts as"
    return frozenset(kinds), ""


def map_effect_users(pack: ContentPack) -> dict[str, list[str]]:
    """Every map effect (``kind: map``) the pack's cards use, by name, with the cards' ids."""
    users: dict[str, set[str]] = {}
    for card in pack.all_cards():
        for _, effect in card_effects(card):
            if effect.kind == "map" and effect.effect:
                users.setdefault(effect.effect, set()).add(card.id)
    return {name: sorted(ids) for name, ids in sorted(users.items())}


def unimplemented(pack: ContentPack) -> Unimplemented:
    """The unit ability kinds and card effect kinds of *pack* the combat rules do not apply,
    the map effects the map game does not carry out (map/cards.py ``IMPLEMENTED``) and the
    map data's effect kinds it does not resolve (map/effect_check.py)."""
    ability_users: dict[str, set[str]] = {}
    for card in (*pack.units.values(), pack.tower):
        for face in ("few", "pack"):
            for ability in card.side(face).abilities:
                ability_users.setdefault(ability.kind, set()).add(card.id)
    missing_abilities = set(unit_abilities.unimplemented(set(ability_users)))
    effects, note = implemented_card_effects()
    return Unimplemented(
        unit_abilities={
            kind: sorted(users)
            for kind, users in sorted(ability_users.items())
            if kind in missing_abilities
        },
        card_effects={
            kind: users
            for kind, users in pack.effect_users(combat=True).items()
            if kind not in effects
        },
        card_effects_note=note,
        map_effects={
            name: users
            for name, users in map_effect_users(pack).items()
            if name not in map_cards.IMPLEMENTED
        },
        map_data=effect_check.unresolved(pack),
    )


def _counts(pack: ContentPack) -> str:
    def cards(table: Mapping[str, object]) -> int:
        return sum(getattr(card, "copies", 1) for card in table.values())

    return (
        f"{len(pack.units)} unit kinds, {cards(pack.stats)} statistic cards "
        f"({len(pack.stats)} kinds), {cards(pack.abilities)} ability cards "
        f"({len(pack.abilities)} kinds), {cards(pack.spells)} spell cards "
        f"({len(pack.spells)} spells), {cards(pack.artifacts)} artifacts, {len(pack.heroes)} "
        f"heroes, {len(pack.specialties)} specialty cards, {len(pack.levels)} levels, "
        f"{cards(pack.ai_cards)} AI cards ({len(pack.ai_cards)} kinds), "
        f"{len(pack.tiles)} map tiles, {len(pack.locations)} locations"
    )


def _print_kinds(title: str, users: Mapping[str, list[str]]) -> None:
    typer.echo(f"{title} ({len(users)}):")
    for kind, ids in users.items():
        typer.echo(f"  {kind}: {', '.join(ids)}")


@content_app.command("check")
def content_check(
    folder: Annotated[
        Path | None,
        typer.Argument(
            metavar="[FOLDER]",
            help="A folder with the pack's YAML files; omit it to check the shipped pack.",
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Also fail (exit code 1) when the pack uses kinds the combat rules do not "
            "implement or the map game does not resolve yet.",
        ),
    ] = False,
) -> None:
    """Validate a content pack: print ok with the card counts, or every problem as
    file: field: reason (exit code 1). Then list the unit ability kinds and card effect kinds
    the combat rules do not implement yet, with the cards using them."""
    if folder is not None and not folder.is_dir():
        typer.echo(f"{folder}: (folder): not a folder of content files", err=True)
        raise typer.Exit(EXIT_USAGE)
    where = str(folder) if folder is not None else "the shipped content pack"
    problems = check_content_pack(folder)
    if problems:
        for problem in problems:
            typer.echo(problem)
        typer.echo(f"{len(problems)} problem(s) in {where}", err=True)
        raise typer.Exit(EXIT_INVALID)
    pack = load_content_pack(folder)
    typer.echo(f"ok: {where}: {_counts(pack)}")
    missing = unimplemented(pack)
    if missing.unit_abilities:
        _print_kinds("unit ability kinds not implemented yet", missing.unit_abilities)
    else:
        typer.echo("unit ability kinds: all implemented")
    if missing.card_effects_note:
        typer.echo(f"note: {missing.card_effects_note} implemented yet")
    if missing.card_effects:
        _print_kinds("card effect kinds not implemented yet", missing.card_effects)
    else:
        typer.echo("card effect kinds: all implemented")
    if missing.map_effects:
        _print_kinds("map effects not implemented yet", missing.map_effects)
    if missing.map_data:
        _print_kinds("map data effect kinds not resolved yet", missing.map_data)
    if not missing.map_effects and not missing.map_data:
        typer.echo("map effects: all implemented")
    if strict and missing:
        typer.echo(f"--strict: {where} uses kinds not implemented yet", err=True)
        raise typer.Exit(EXIT_INVALID)


def _check_files(
    names: list[str],
    shipped: list[str],
    where: Callable[[str], Path],
    problems_of: Callable[[Path, ContentPack], list[DataError]],
) -> None:
    """Check files (or *shipped* ones by name, found by *where*): ok for each good one, every
    problem of the others as file: field: reason (exit code 1; no such file: exit code 2)."""
    try:
        pack = load_content_pack()
    except DataError as error:
        typer.echo(f"the content pack does not load: {error}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    found = 0
    for name in names:
        named = not Path(name).exists() and name.removesuffix(".yaml") in shipped
        path = where(name) if named else Path(name)
        if not path.is_file():
            typer.echo(f"{name}: <file>: no such file", err=True)
            raise typer.Exit(EXIT_USAGE)
        problems = problems_of(path, pack)
        for problem in problems:
            typer.echo(str(problem))
        found += len(problems)
        if not problems:
            typer.echo(f"ok: {name}")
    if found:
        typer.echo(f"{found} problem(s)", err=True)
        raise typer.Exit(EXIT_INVALID)


@scenario_app.command("check")
def scenario_check(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[FILE]...",
            help="Scenario files (YAML or JSON) or shipped scenarios' names; omit them to "
            "check every shipped scenario.",
        ),
    ] = None,
) -> None:
    """Check scenario files: print ok for each good one and every problem of the others as
    file: field: reason (exit code 1; a file that does not exist: exit code 2)."""
    shipped = shipped_scenarios()
    _check_files(files or shipped, shipped, shipped_scenario, check_scenario_file)


@campaign_app.command("check")
def campaign_check(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[FILE]...",
            help="Campaign files (YAML or JSON) or shipped campaigns' names; omit them to "
            "check every shipped campaign.",
        ),
    ] = None,
) -> None:
    """Check campaign files and the scenarios they name (docs/homm3-campaigns.md): ok for
    each good one, every problem of the others as file: field: reason (exit code 1; a file
    that does not exist: exit code 2)."""
    shipped = shipped_campaigns()
    _check_files(files or shipped, shipped, shipped_campaign, check_campaign_file)


def odds(
    battle: Annotated[Path, typer.Option(help="A battle file with both units on the board.")],
    attacker: Annotated[str, typer.Option(help="The attacking unit's id.")],
    target: Annotated[str, typer.Option(help="The target unit's id.")],
    plot_file: Annotated[
        Path | None, typer.Option("--plot", help="Draw the distributions: a .png or .svg.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The odds of a HoMM3 attack action, the attacker activating now: the damage of its
    attacks (both, for a unit that attacks twice), the target's fate (survives, flips to Few,
    destroyed), the retaliation and the attacker's fate."""
    try:
        check_plot(plot_file)
        state: Any = load_game("homm3-combat", battle=battle).new_initial_state(seed=0)
        units = state.battle.units
        for option, uid in (("--attacker", attacker), ("--target", target)):
            if uid not in units:
                raise OptionError(option, f"no unit {uid!r} in the battle ({', '.join(units)})")
        step = ActivationStep(unit=attacker, started=True)
        if target not in targets.shots(state, units[attacker], False):
            raise OptionError("--target", f"{attacker} cannot attack {target} from where it stands")
        doc: dict[str, Any] = dict(attack_odds(state, step.attack_step(state, target), step))
    except (OSError, RulekeeperError) as error:
        raise fail(error) from None
    damage = {int(k): v for k, v in doc["damage"].items()}
    if plot_file is not None:
        panels = [("damage in all", damage), ("outcome", dict(doc["outcome"]))]
        retaliation = doc["retaliation"]
        if retaliation["probability"]:
            hits = {
                int(k): v * retaliation["probability"] for k, v in retaliation["damage"].items()
            }
            panels.append(("retaliation", {None: 1 - retaliation["probability"], **hits}))
        plot(plot_file, f"{attacker} attacks {target}", panels)
    if as_json:
        typer.echo(json.dumps(doc, indent=2))
        return
    console = Console()
    console.print(odds_table(f"{attacker} attacks {target}: damage in all", damage, "damage"))
    for line in attack_lines(doc):
        console.print(escape(line), soft_wrap=True)
    if plot_file is not None:
        console.print(f"plot: {escape(str(plot_file))}")
