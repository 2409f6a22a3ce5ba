"""Fields of Eternia's content pack for combat (issue 27 §1, docs/eternia-content.md): the shipped
pack loads with the counts the rulebook states; the values its examples give are kept; every
broken fixture is refused naming its field, by the loader and by ``rulekeeper eternia content
check``; ``--strict`` passes, every kind the pack uses having its rule; the plug-in's games are
Fields of Eternia's, and the catalog stays whole. The spells and equipment that epic combat
step 4 plays (spec §5.6.3, §5.11) load with the counts of spec §2.4, Fireball and Magic Trap as
the rulebook's example has them.

A broken fixture is a patch of a copy of the shipped pack: ``file``, a ``path`` in it, and the
``value`` put there (or ``delete: true``); its first line names the field and the reason
(``# broken: FILE: FIELD: REASON``)."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from rulekeeper.cli.games import catalog
from rulekeeper.cli.main import app
from rulekeeper.core.registry import default_registry
from rulekeeper.games.eternia import cli as eternia_cli
from rulekeeper.games.eternia.cli import app as eternia_app
from rulekeeper.games.eternia.cli import unimplemented
from rulekeeper.games.eternia.combat.abilities import IMPLEMENTED, MAP_KINDS
from rulekeeper.games.eternia.content.effects import EFFECT_KINDS
from rulekeeper.games.eternia.content.pack import (
    PACK_FILES,
    ContentPackError,
    check_content_pack,
    load_content_pack,
    read_pack,
)
from rulekeeper.games.eternia.content.pack import (
    SHIPPED as SHIPPED_LABEL,
)
from rulekeeper.games.eternia.content.support import EQUIPMENT_TYPES
from rulekeeper.server.catalog import catalog as server_catalog

SHIPPED = Path(str(resources.files("rulekeeper.games.eternia.content")))
BROKEN = Path(__file__).parent / "content_broken"
FIXTURES = sorted(BROKEN.glob("*.yaml"))
FACTIONS = ("motu", "evil-warriors")
runner = CliRunner()


def copy_pack(target: Path) -> Path:
    """A copy of the shipped pack's data files in *target*."""
    target.mkdir()
    for name in PACK_FILES:
        shutil.copy(SHIPPED / name, target / name)
    return target


def _steps(path: str) -> list[str | int]:
    """``a[1].b`` as ``["a", 1, "b"]``."""
    return [int(part) if part.isdigit() else part for part in re.findall(r"[^.\[\]]+", path)]


def apply_patch(folder: Path, patch: dict[str, Any]) -> None:
    """Put ``patch["value"]`` at ``patch["path"]`` of ``patch["file"]`` (or delete it there)."""
    target = folder / patch["file"]
    document = yaml.safe_load(target.read_text(encoding="utf-8"))
    *parents, last = _steps(patch["path"])
    holder = document
    for step in parents:
        holder = holder[step]
    if patch.get("delete"):
        del holder[last]
    else:
        holder[last] = patch["value"]
    target.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")


def _expected(fixture: Path) -> tuple[str, str, str]:
    """The file, field and reason the fixture's first line names."""
    line = fixture.read_text(encoding="utf-8").splitlines()[0].removeprefix("# broken: ")
    source, field, reason = line.split(": ", 2)
    return source, field, reason


def test_the_shipped_pack_loads_and_checks_clean() -> None:
    """Issue 27 §1: the shipped pack loads; every value sourced or provisional (shipped mode)."""
    assert check_content_pack() == []
    assert load_content_pack().folder == "(shipped)"


def test_twelve_heroes_six_per_faction() -> None:
    """Spec §2.3, §2.4 (seed l.24-30, components list: Eroe x6 of each faction)."""
    heroes = load_content_pack().heroes
    assert len(heroes) == 12
    assert Counter(h.faction for h in heroes.values()) == dict.fromkeys(FACTIONS, 6)
    assert {h.name for h in heroes.values() if h.faction == "motu"} == {
        "He-Man",
        "She-Ra",
        "Ram Man",
        "Teela",
        "Stratos",
        "Man-At-Arms",
    }
    assert all(len(h.weapons) == 2 for h in heroes.values())


@pytest.mark.parametrize("faction", FACTIONS)
def test_each_faction_has_45_combat_cards_and_the_printed_starting_deck(faction: str) -> None:
    """Spec §2.4 (seed l.51-56: Combattimento x45 each); §3.1 step 5 (seed l.175-181,
    rulebook p.18): 7x "+1", 6x "+2", 3x "+3", 2 Momentum, 1 Time, 1 Tool, 1 Flow."""
    pack = load_content_pack()
    deck, supply = pack.starting_deck(faction), pack.supply(faction)
    assert len(deck) == 21 and len(deck) + len(supply) == 45
    labels = Counter(pack.combat_cards[card].label for card in deck)
    assert labels == {"+1": 7, "+2": 6, "+3": 3, "momentum": 2, "time": 1, "tool": 1, "flow": 1}


def test_special_combat_cards_count_as_the_rulebook_says() -> None:
    """Spec §5.6.1 (rulebook p.18-19): Flow and Momentum +1 to their zone, Time and Tool none;
    each special card carries its effect."""
    cards = load_content_pack().combat_cards.values()
    values = {card.kind: card.value for card in cards if card.kind != "modifier"}
    assert values == {"flow": 1, "momentum": 1, "time": 0, "tool": 0}
    assert all(card.effects for card in cards if card.kind != "modifier")


def test_encounter_and_epic_beast_counts() -> None:
    """Spec §2.4 (seed l.80-89): Bestia Epica x14, Incontro: Alleato x8, Bestia x12 (§9.11)."""
    pack = load_content_pack()
    assert (len(pack.epic_beasts), len(pack.beasts), len(pack.allies)) == (14, 12, 8)
    assert Counter(ally.loyalty for ally in pack.allies.values()) == dict.fromkeys(FACTIONS, 4)


def test_dice_counts_and_faces() -> None:
    """Spec §2.2 (seed l.14-21): 10 wild dice per faction, 2 epic dice, six faces each; the wild
    die shows blank, success, double and reroll; the epic die's legend has Momentum."""
    dice = load_content_pack().dice
    assert sorted(die.faction for die in dice.wild_dice) == sorted(FACTIONS)
    assert all(die.count == 10 and len(die.faces) == 6 for die in dice.wild_dice)
    assert all(set(die.faces) == {"blank", "success", "double", "reroll"} for die in dice.wild_dice)
    assert dice.epic_die.count == 2 and len(dice.epic_die.faces) == 6
    assert any(face.momentum for face in dice.epic_die.faces)
    assert all("faces" in die.provisional for die in (*dice.wild_dice, dice.epic_die))


def test_the_examples_values_are_kept_and_sourced() -> None:
    """Spec §5.6.5 (rulebook p.20-21, seed l.1619-1778): Teela Mind 2, Initiative 3, 6 HP, a
    melee sword; Evil-Lyn Initiative 2, 6 HP, a magic staff whose momentum draws and plays a card.
    Spec §5.8 (rulebook p.26, seed l.2106-2145): She-Ra Body 7; Dylinx 3 HP, Attack 3, Defense 2,
    a die roll for +1 before the dice."""
    pack = load_content_pack()
    teela, lyn, she_ra = pack.heroes["teela"], pack.heroes["evil-lyn"], pack.heroes["she-ra"]
    assert (teela.mind, teela.initiative, teela.health, teela.weapons[0].type) == (
        2,
        3,
        6,
        "melee",
    )
    assert (lyn.initiative, lyn.health, lyn.weapons[0].type) == (2, 6, "magic")
    assert [e.kind for e in lyn.weapons[0].momentum.effects] == ["draw-play"]
    assert she_ra.body == 7
    dylinx = pack.beasts["dylinx"]
    assert (dylinx.health, dylinx.attack, dylinx.defense) == (3, 3, 2)
    assert dylinx.combat_ability is not None
    assert [e.kind for e in dylinx.combat_ability.effects] == ["roll-bonus"]
    for card, fields in ((teela, ("mind", "initiative", "health")), (she_ra, ("body",))):
        assert all(field in card.source for field in fields)
    assert "combat_ability.effects[0].stat" in dylinx.provisional


EPIC_TRIGGERS = {"start-of-combat", "card-played", "activation", "totals", "damage"}
"""The triggers that act in an epic combat."""


def test_the_example_heroes_passives_leave_the_examples_as_printed() -> None:
    """Spec §5.6.5 (rulebook p.20-21: no start-of-combat abilities, seed l.1633-1635; the totals
    of l.1757-1778, Teela winning the initiative and Evil-Lyn losing 1 HP for it) and §5.8
    (rulebook p.26: She-Ra rolls exactly her Body, l.2115): the provisional passives of the
    examples' heroes act in none of those combats."""
    heroes = load_content_pack().heroes
    for hero in ("teela", "evil-lyn"):
        assert heroes[hero].passive.when not in EPIC_TRIGGERS
    she_ra = heroes["she-ra"].passive
    assert she_ra.when != "wilds-roll"
    assert not {"extra-dice", "reroll"} & {effect.kind for effect in she_ra.effects}


def test_effect_kinds_are_the_vocabulary_and_the_missing_ones_are_listed() -> None:
    """Issue 27 §1: effects are a closed vocabulary with a meaning each; ``content check``
    lists every kind the pack uses that the rules do not implement (none: flight is the map's)."""
    pack = load_content_pack()
    used = set(pack.effect_users())
    assert used <= set(EFFECT_KINDS) and all(EFFECT_KINDS.values())
    assert IMPLEMENTED.issubset(EFFECT_KINDS)
    assert set(unimplemented(pack)) == used - IMPLEMENTED - set(MAP_KINDS) == set()


def test_an_unsourced_shipped_value_is_reported(tmp_path: Path) -> None:
    """The shipped pack must source or mark provisional every value; an owner's pack need not."""
    folder = copy_pack(tmp_path / "pack")
    apply_patch(folder, {"file": "heroes.yaml", "path": "heroes[0].provisional", "value": []})
    assert check_content_pack(folder) == []
    pack, problems = read_pack(folder, SHIPPED_LABEL)
    fields = {problem.field for problem in problems}
    assert pack is None
    assert "heroes[0].mind" in fields and "heroes[0].faction" not in fields


@pytest.mark.parametrize("fixture", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_broken_pack_is_refused_naming_its_field(fixture: Path, tmp_path: Path) -> None:
    """Issue 27 §1: every problem is reported as file: field: reason, by the loader and by
    ``rulekeeper eternia content check FOLDER`` (exit code 1; its command group called
    directly, mounted as ``rulekeeper eternia`` in the tests below)."""
    source, field, reason = _expected(fixture)
    folder = copy_pack(tmp_path / "pack")
    apply_patch(folder, yaml.safe_load(fixture.read_text(encoding="utf-8")))
    problems = check_content_pack(folder)
    assert any(p.source == source and p.field == field and reason in p.reason for p in problems), (
        problems
    )
    result = runner.invoke(eternia_app, ["content", "check", str(folder)])
    assert result.exit_code == 1
    assert f"{source}: {field}: " in result.stdout


def test_the_cli_checks_the_shipped_pack_and_strict_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``content check`` prints ok with the counts; ``--strict`` passes on the shipped pack
    (issue 27 acceptance): every effect kind it uses has its rule, flight the map game's; a
    kind without a rule makes it exit 1, naming the kind and its cards."""
    result = runner.invoke(app, ["eternia", "content", "check"])
    assert result.exit_code == 0, result.output
    assert "ok: the shipped content pack: 12 heroes" in result.stdout
    strict = runner.invoke(app, ["eternia", "content", "check", "--strict"])
    assert strict.exit_code == 0, strict.output
    assert "effect kinds: all implemented" in strict.stdout
    assert "fly: the map game's rule" in strict.stdout
    monkeypatch.setattr(eternia_cli, "IMPLEMENTED", IMPLEMENTED - {"zone-bonus"})
    strict = runner.invoke(app, ["eternia", "content", "check", "--strict"])
    assert strict.exit_code == 1
    assert "  zone-bonus: " in strict.stdout and "not implemented yet" in strict.stdout


def test_every_effect_kind_has_its_rule() -> None:
    """Each kind of content/effects.py is carried out by a combat rule or is the map's."""
    assert set(EFFECT_KINDS) == IMPLEMENTED | set(MAP_KINDS)


def test_the_cli_refuses_a_missing_folder(tmp_path: Path) -> None:
    """A folder that does not exist is a usage error (exit code 2); the loader raises."""
    with pytest.raises(ContentPackError, match="not a folder"):
        load_content_pack(tmp_path / "none")
    result = runner.invoke(app, ["eternia", "content", "check", str(tmp_path / "none")])
    assert result.exit_code == 2


def test_the_plugin_declares_its_commands_and_games() -> None:
    """The eternia plug-in is installed with its commands; each game it declares is named
    ``eternia`` (the map game) or ``eternia-…``; ``rulekeeper games`` and the server's
    /api/catalog list every game without a problem."""
    plugin = default_registry.plugins()["eternia"]
    assert plugin.commands == "rulekeeper.games.eternia.cli:app"
    declared = [game.name for game in plugin.games]
    assert all(name == "eternia" or name.startswith("eternia-") for name in declared)
    assert "eternia" in declared and "eternia-combat" in declared
    doc = catalog()
    assert "eternia" not in doc["problems"]  # type: ignore[operator]
    listed = [game["name"] for game in doc["games"] if game["plugin"] == "eternia"]  # type: ignore[index,union-attr]
    assert sorted(listed) == sorted(declared)
    hosted = [game["name"] for game in server_catalog()["games"]]
    assert "battleground" in hosted


def test_spells_and_equipment_counts_and_types() -> None:
    """Spec §2.4 (seed l.53, l.58: Equipaggiamento x38, Incantesimo x45): spells are map, combat
    or both; equipment is armor (with a subtype, one equipped per subtype), artifact or
    consumable (§5.11.1, seed l.2242-2252)."""
    pack = load_content_pack()
    assert (len(pack.spells), len(pack.equipment)) == (45, 38)
    assert {tuple(spell.uses) for spell in pack.spells.values()} == {
        ("combat",),
        ("map",),
        ("map", "combat"),
    }
    assert {card.type for card in pack.equipment.values()} == set(EQUIPMENT_TYPES)
    armor = [card for card in pack.equipment.values() if card.type == "armor"]
    assert {"body", "head"} <= {card.subtype for card in armor}
    assert all(card.subtype is None for card in pack.equipment.values() if card.type != "armor")
    assert not set(pack.spells) & set(pack.equipment)
    cards = list(pack.cards())
    assert pack.spells["fireball"] in cards and pack.equipment["magic-trap"] in cards


def test_fireball_and_magic_trap_are_the_rulebooks() -> None:
    """Spec §5.6.5 (rulebook p.21, seed l.1739-1742): Skeletor casts the combat spell Fireball in
    Teela's combat and she loses 2 HP, no Eternium paid; Teela discards her Magic Trap for 2
    Eternium of her defeat penalty (seed l.1725, §5.13: a card counts its Eternium cost)."""
    pack = load_content_pack()
    fireball, trap = pack.spells["fireball"], pack.equipment["magic-trap"]
    assert fireball.name == "Fireball" and "combat" in fireball.uses
    assert [(a.when, [e.model_dump() for e in a.effects]) for a in fireball.effects] == [
        ("activation", [{"kind": "damage", "amount": 2}])
    ]
    assert fireball.casting_cost == 0 and "casting_cost" in fireball.provisional
    assert {"uses", "effects"} <= set(fireball.source) and "cost" in fireball.provisional
    assert (trap.name, trap.cost) == ("Magic Trap", 2) and "cost" in trap.source
    assert {"type", "effects"} <= set(trap.provisional)


NOT_IN_STEP_4 = {"roll-bonus", "extra-dice", "reroll", "fly", "avoid-combat", "extra-focus"}
"""Effect kinds with nothing to do in epic combat step 4 (wilds-only, map-only, or placement)."""


def test_support_cards_act_when_the_rules_say() -> None:
    """Spec §5.11.1, §5.11.3 (seed l.2242-2302), §5.6.3 step 4 (l.1336-1349): a spell acts as it
    is cast (``activation``), a consumable once when used; armor and artifacts while equipped
    (``held`` or at the step-5 ``totals``). What a combat spell or a consumable does acts in
    step 4 of an epic combat."""
    pack = load_content_pack()
    for spell in pack.spells.values():
        assert {a.when for a in spell.effects} == {"activation"}
        if "combat" in spell.uses:
            assert not NOT_IN_STEP_4 & {e.kind for a in spell.effects for e in a.effects}
    for card in pack.equipment.values():
        whens = {a.when for a in card.effects}
        if card.type == "consumable":
            assert whens == {"activation"}
            assert not NOT_IN_STEP_4 & {e.kind for a in card.effects for e in a.effects}
        else:
            assert whens <= {"held", "totals"}


BROKEN_SUPPORT: list[tuple[str, dict[str, Any], tuple[str, str, str]]] = [
    (
        "spell-effect-kind-unknown",
        {"file": "spells.yaml", "path": "spells[3].effects[0].effects[0].kind", "value": "curse"},
        ("spells.yaml", "spells[3].effects[0].effects[0]", "unknown kind 'curse'"),
    ),
    (
        "spell-acts-while-held",
        {"file": "spells.yaml", "path": "spells[0].effects[0].when", "value": "held"},
        ("spells.yaml", "spells[0].effects", "a spell acts when it is cast"),
    ),
    (
        "spell-use-unknown",
        {"file": "spells.yaml", "path": "spells[2].uses", "value": ["dungeon"]},
        ("spells.yaml", "spells[2].uses[0]", "Input should be 'map' or 'combat'"),
    ),
    (
        "spell-casting-cost-negative",
        {"file": "spells.yaml", "path": "spells[0].casting_cost", "value": -1},
        ("spells.yaml", "spells[0].casting_cost", "greater than or equal to 0"),
    ),
    (
        "spells-forty-four",
        {"file": "spells.yaml", "path": "spells[44]", "delete": True},
        ("spells.yaml", "spells", "44 cards; the core box has 45"),
    ),
    (
        "spell-id-of-equipment",
        {"file": "spells.yaml", "path": "spells[1].id", "value": "magic-trap"},
        ("spells.yaml", "spells[1].id", "is an equipment id too"),
    ),
    (
        "consumable-without-activation",
        {"file": "equipment.yaml", "path": "equipment[24].effects[0].when", "value": "held"},
        ("equipment.yaml", "equipment[24].effects", "a consumable acts once, when used"),
    ),
    (
        "equipment-cost-negative",
        {"file": "equipment.yaml", "path": "equipment[0].cost", "value": -2},
        ("equipment.yaml", "equipment[0].cost", "greater than or equal to 0"),
    ),
    (
        "armor-without-subtype",
        {"file": "equipment.yaml", "path": "equipment[0].subtype", "delete": True},
        ("equipment.yaml", "equipment[0].subtype", "an armor has a subtype"),
    ),
    (
        "artifact-with-subtype",
        {"file": "equipment.yaml", "path": "equipment[14].subtype", "value": "neck"},
        ("equipment.yaml", "equipment[14].subtype", "only an armor has a subtype"),
    ),
    (
        "artifact-used-once",
        {"file": "equipment.yaml", "path": "equipment[14].effects[0].when", "value": "activation"},
        ("equipment.yaml", "equipment[14].effects", "an equipped artifact acts while held"),
    ),
]
"""Broken spells and equipment: a patch of the shipped pack and the file, field and reason."""


@pytest.mark.parametrize(
    ("patch", "expected"),
    [(patch, expected) for _, patch, expected in BROKEN_SUPPORT],
    ids=[name for name, _, _ in BROKEN_SUPPORT],
)
def test_a_broken_spell_or_equipment_is_refused_naming_its_field(
    patch: dict[str, Any], expected: tuple[str, str, str], tmp_path: Path
) -> None:
    """As the fixtures above, for spells.yaml and equipment.yaml: the loader and ``content
    check`` name the file, the field and the reason."""
    source, field, reason = expected
    folder = copy_pack(tmp_path / "pack")
    apply_patch(folder, patch)
    problems = check_content_pack(folder)
    assert any(p.source == source and p.field == field and reason in p.reason for p in problems), (
        problems
    )
    result = runner.invoke(eternia_app, ["content", "check", str(folder)])
    assert result.exit_code == 1
    assert f"{source}: {field}: " in result.stdout
