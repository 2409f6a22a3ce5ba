"""Broken content packs: each break is reported as "file: field: reason", all at once.

Each test copies the shipped pack to a temporary folder and breaks one thing (battleground.md §1:
a player loads their own card values, so the check must say exactly what is wrong and where).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground import content
from rulekeeper.games.battleground.content.pack import (
    PACK_FILES,
    ContentPackError,
    check_content_pack,
    load_content_pack,
)

CONTENT = Path(content.__file__).parent
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in PACK_FILES:
        shutil.copy(CONTENT / name, tmp_path / name)
    return tmp_path


def change(folder: Path, name: str, edit: Callable[[Any], None]) -> None:
    """Load one file, let ``edit`` mutate the data, write it back."""
    path = folder / name
    data = load(path)
    edit(data)
    path.write_text(yaml.dump(data, Dumper=DUMPER, sort_keys=False), encoding="utf-8")


def index_of(folder: Path, name: str, key: str, card_id: str) -> int:
    data = load(folder / name)
    return next(i for i, card in enumerate(data[key]) if card["id"] == card_id)


def card(data: Any, key: str, card_id: str) -> dict[str, Any]:
    return next(c for c in data[key] if c["id"] == card_id)


def problems_of(folder: Path) -> list[str]:
    problems = check_content_pack(folder)
    assert problems, "the broken pack was accepted"
    return problems


def test_the_copy_is_clean(folder: Path) -> None:
    """battleground.md §1: a copied pack loads like the shipped one."""
    assert check_content_pack(folder) == []
    assert set(load_content_pack(folder).weapons) == set(load_content_pack().weapons)


def test_unknown_effect_kind(folder: Path) -> None:
    """Attack (weapon cards list effects): effect kinds are a closed vocabulary."""
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "sword-of-power")["results"][2]["effects"][0].update(
            kind="woundz"
        ),
    )
    i = index_of(folder, "weapons.yaml", "weapons", "sword-of-power")
    [problem] = problems_of(folder)
    assert problem.startswith(
        f"weapons.yaml: weapons[{i}].results[2].effects[0]: unknown kind 'woundz'"
    )
    assert "'wounds'" in problem


def test_unknown_condition_kind(folder: Path) -> None:
    """Melee Attack (Trident): conditions are a closed vocabulary."""

    def edit(d: Any) -> None:
        card(d, "weapons", "trident")["ability"][0]["effects"][0]["condition"]["kind"] = "in_swamp"

    change(folder, "weapons.yaml", edit)
    i = index_of(folder, "weapons.yaml", "weapons", "trident")
    [problem] = problems_of(folder)
    assert problem.startswith(
        f"weapons.yaml: weapons[{i}].ability[0].effects[0].condition: unknown kind 'in_swamp'"
    )


def test_unknown_references(folder: Path) -> None:
    """First Game Setup: every card a setup or a restriction names must exist."""
    change(
        folder,
        "setups.yaml",
        lambda d: d["first_game"]["sides"][0]["characters"][0].update(weapons=["sword-of-powr"]),
    )
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "arm-cannon").update(characters=["man-at-arms", "duncan"]),
    )
    change(
        folder,
        "setups.yaml",
        lambda d: d["first_game"]["sides"][1].update(glory=["evil-reign-of-terror", "nope"]),
    )
    i = index_of(folder, "weapons.yaml", "weapons", "arm-cannon")
    problems = problems_of(folder)
    assert f"weapons.yaml: weapons[{i}].characters[1]: unknown character 'duncan'" in problems
    assert (
        "setups.yaml: first_game.sides[0].characters[0].weapons[0]: unknown weapon 'sword-of-powr'"
        in problems
    )
    assert "setups.yaml: first_game.sides[1].glory[1]: unknown glory card 'nope'" in problems


def test_unsorted_results(folder: Path) -> None:
    """Attack: the applied effect is the one needing the most successes, so rows are sorted."""

    def edit(d: Any) -> None:
        rows = card(d, "weapons", "sword-of-power")["results"]
        rows[1], rows[2] = rows[2], rows[1]

    change(folder, "weapons.yaml", edit)
    i = index_of(folder, "weapons.yaml", "weapons", "sword-of-power")
    assert problems_of(folder) == [
        f"weapons.yaml: weapons[{i}].results[2].successes: 3 is not above the previous row's 5: "
        "rows must be sorted by successes, each needing more than the one before"
    ]


def test_overlapping_results(folder: Path) -> None:
    """Attack: two rows for the same number of successes would make the result ambiguous."""
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "mace")["results"][1].update(successes=1),
    )
    i = index_of(folder, "weapons.yaml", "weapons", "mace")
    [problem] = problems_of(folder)
    assert problem.startswith(f"weapons.yaml: weapons[{i}].results[1].successes: 1 is not above")


def test_spell_without_mana_cost(folder: Path) -> None:
    """Spell Attack: each spell card has a mana cost."""
    change(folder, "weapons.yaml", lambda d: card(d, "weapons", "magic-blast").pop("mana_cost"))
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "magic-blast").update(provisional=["range"]),
    )
    i = index_of(folder, "weapons.yaml", "weapons", "magic-blast")
    assert f"weapons.yaml: weapons[{i}].mana_cost: a spell needs a mana cost" in problems_of(folder)


def test_range_fields_match_the_weapon_type(folder: Path) -> None:
    """Determining Range: ranged weapons have a range; melee targets engaged enemies."""
    change(folder, "weapons.yaml", lambda d: card(d, "weapons", "mace").update(range=3))
    change(folder, "weapons.yaml", lambda d: card(d, "weapons", "flamethrower").pop("range"))
    change(folder, "weapons.yaml", lambda d: card(d, "weapons", "laser-rifle").update(mana_cost=1))
    mace = index_of(folder, "weapons.yaml", "weapons", "mace")
    flamer = index_of(folder, "weapons.yaml", "weapons", "flamethrower")
    rifle = index_of(folder, "weapons.yaml", "weapons", "laser-rifle")
    problems = problems_of(folder)
    assert (
        f"weapons.yaml: weapons[{mace}].range: a melee weapon has no range (it targets engaged "
        "enemies)" in problems
    )
    assert (
        f"weapons.yaml: weapons[{flamer}].range: a ranged weapon needs a range in inches"
        in problems
    )
    assert (
        f"weapons.yaml: weapons[{rifle}].mana_cost: only spells have a mana cost, this is a "
        "ranged weapon" in problems
    )
    # The Flamethrower's source still cites its (now removed) range:
    assert (
        f"weapons.yaml: weapons[{flamer}].source.range: 'range' names no field of this card"
        in problems
    )


def test_missing_cost(folder: Path) -> None:
    """Scoring: knock-out VP is the cost of the character and its equipment: costs are required."""
    change(folder, "items.yaml", lambda d: d["items"][0].pop("cost"))
    change(folder, "characters.yaml", lambda d: d["characters"][3].pop("cost"))
    problems = problems_of(folder)
    assert "items.yaml: items[0].cost: missing" in problems
    assert "characters.yaml: characters[3].cost: missing" in problems


def test_first_game_deck_of_19(folder: Path) -> None:
    """First Game Setup, step 5: each player's fate deck is twenty cards."""
    change(
        folder,
        "setups.yaml",
        lambda d: d["first_game"]["sides"][0]["fate_deck"].update({"masters-cosmic-key": 1}),
    )
    assert problems_of(folder) == [
        "setups.yaml: first_game.sides[0].fate_deck.masters-cosmic-key: 1 copy listed, "
        "fate.yaml has 2 marked masters",
        "setups.yaml: first_game.sides[0].fate_deck: 19 cards; the First Game Setup deck has "
        "exactly 20 (rulebook, First Game Setup, step 5)",
    ]


def test_faction_cards_of_19(folder: Path) -> None:
    """First Game Setup, step 5: twenty fate cards are marked with each faction icon."""
    change(folder, "fate.yaml", lambda d: card(d, "cards", "evil-ambush").update(count=1))
    problems = problems_of(folder)
    assert (
        "fate.yaml: cards: 19 fate cards (counting copies) are marked evil; the First Game Setup "
        "gives each player exactly 20 (rulebook, First Game Setup, step 5)"
    ) in problems
    assert (
        "setups.yaml: first_game.sides[1].fate_deck.evil-ambush: 2 copies listed, fate.yaml has 1 "
        "marked evil" in problems
    )


def test_wrong_faction_in_first_game_deck(folder: Path) -> None:
    """First Game Setup, step 5: the deck holds the cards marked with the player's faction."""
    change(
        folder,
        "setups.yaml",
        lambda d: d["first_game"]["sides"][0]["fate_deck"].update({"haste": 2}),
    )
    problems = problems_of(folder)
    assert (
        "setups.yaml: first_game.sides[0].fate_deck.haste: Haste is marked neutral; the first game "
        "deck holds the cards marked masters"
    ) in problems
    assert (
        "setups.yaml: first_game.sides[0].fate_deck: 22 cards; the First Game Setup deck has "
        "exactly 20 (rulebook, First Game Setup, step 5)" in problems
    )


def test_duplicate_ids(folder: Path) -> None:
    """battleground.md §1: every card is referred to by a unique id."""

    def edit(d: Any) -> None:
        d["weapons"].append(dict(card(d, "weapons", "mace")))

    change(folder, "weapons.yaml", edit)
    change(folder, "glory.yaml", lambda d: d["cards"][-1].update(id="haste"))
    first = index_of(folder, "weapons.yaml", "weapons", "mace")
    data = load(folder / "weapons.yaml")
    last = len(data["weapons"]) - 1
    fate_index = index_of(folder, "fate.yaml", "cards", "haste")
    glory_index = len(load(folder / "glory.yaml")["cards"]) - 1
    problems = problems_of(folder)
    assert (
        f"weapons.yaml: weapons[{last}].id: duplicate id 'mace' (first at weapons[{first}])"
        in problems
    )
    assert (
        f"glory.yaml: cards[{glory_index}].id: id 'haste' is also a fate card (fate.yaml: "
        f"cards[{fate_index}])"
    ) in problems


def test_duplicate_skill_id(folder: Path) -> None:
    """Skills: skills are referred to by id, across characters and items."""
    change(
        folder,
        "items.yaml",
        lambda d: d["items"][0]["skills"][0].update(id="he-man-heroic-strength"),
    )
    [problem] = problems_of(folder)
    assert problem.startswith(
        "items.yaml: items[0].skills[0].id: duplicate skill id 'he-man-heroic-strength'"
    )


def test_bad_yaml_and_other_files_still_checked(folder: Path) -> None:
    """battleground.md §1: the check collects every problem, not just the first."""
    glory = folder / "glory.yaml"
    glory.write_text(
        glory.read_text().replace("  - id: sharpshooter", "  - id: [sharpshooter"), encoding="utf-8"
    )
    change(folder, "weapons.yaml", lambda d: card(d, "weapons", "magic-blast").pop("mana_cost"))
    change(folder, "items.yaml", lambda d: d["items"][1].update(kind="helmet"))
    problems = problems_of(folder)
    files = [p.split(":")[0] for p in problems]
    assert files == sorted(files, key=PACK_FILES.index)  # grouped in pack order
    spell = index_of(folder, "weapons.yaml", "weapons", "magic-blast")
    assert f"weapons.yaml: weapons[{spell}].mana_cost: a spell needs a mana cost" in problems
    assert "items.yaml: items[1].kind: Input should be 'trinket', 'shield' or 'armour'" in problems
    assert problems[-1].startswith("glory.yaml: (yaml): not valid YAML: while parsing")
    assert "line 5" in problems[-1]  # where the broken line is


def test_missing_file_and_bad_top_level(folder: Path) -> None:
    """battleground.md §1: a pack folder has the same file names as the shipped one."""
    (folder / "items.yaml").unlink()
    (folder / "glory.yaml").write_text("- just a list\n", encoding="utf-8")
    problems = problems_of(folder)
    assert problems[0].startswith("items.yaml: (file): missing")
    assert "glory.yaml: (top level): expected a mapping with 'cards', got list" in problems
    assert check_content_pack(folder / "nowhere")[0].endswith(
        "(folder): not a folder with the pack's YAML files"
    )


def test_unknown_field(folder: Path) -> None:
    """Attack: weapon cards have a fixed set of fields; a typo is not silently ignored."""
    change(folder, "weapons.yaml", lambda d: d["weapons"][0].update(colour="gold"))
    assert problems_of(folder) == ["weapons.yaml: weapons[0].colour: unknown field"]


def test_modifier_outside_a_test(folder: Path) -> None:
    """Tests, step 2: dice and scope modifiers apply to a test, so only attack/defence triggers."""
    change(
        folder,
        "characters.yaml",
        lambda d: card(d, "characters", "he-man")["skills"][1]["abilities"][0].update(
            when="passive", condition=None
        ),
    )
    i = index_of(folder, "characters.yaml", "characters", "he-man")
    assert problems_of(folder) == [
        f"characters.yaml: characters[{i}].skills[1].abilities[0].effects[0]: reroll modifies a "
        "test, so it belongs under on_attack or on_defence, not passive"
    ]


def test_target_without_a_target(folder: Path) -> None:
    """Targeting and Tests: a skill affecting a target must choose one."""
    change(
        folder,
        "fate.yaml",
        lambda d: card(d, "cards", "masters-guardians-call")["ability"].pop("target"),
    )
    i = index_of(folder, "fate.yaml", "cards", "masters-guardians-call")
    assert problems_of(folder) == [
        f"fate.yaml: cards[{i}].ability.effects[0]: buff needs a target, but a fate ability has "
        "none"
    ]


def test_wrong_trigger_for_a_weapon(folder: Path) -> None:
    """Attack: a weapon's ability is resolved while attacking with it."""
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "havoc-staff")["ability"][0].update(when="upon_activation"),
    )
    i = index_of(folder, "weapons.yaml", "weapons", "havoc-staff")
    problems = problems_of(folder)
    assert (
        f"weapons.yaml: weapons[{i}].ability[0].when: a weapon ability fires at on_attack, "
        "after_attack, on_knock_out, not upon_activation"
    ) in problems
    assert (
        f"weapons.yaml: weapons[{i}].ability[0].condition: successes_at_least only applies "
        "after_attack, not upon_activation"
    ) in problems


def test_unknown_custom_effect(folder: Path) -> None:
    """battleground.md §1: every custom effect id is registered for the engine to implement."""
    change(
        folder,
        "characters.yaml",
        lambda d: card(d, "characters", "ram-man")["skills"][1]["abilities"][0]["effects"][
            0
        ].update(id="unmovable"),
    )
    i = index_of(folder, "characters.yaml", "characters", "ram-man")
    [problem] = problems_of(folder)
    assert problem.startswith(
        f"characters.yaml: characters[{i}].skills[1].abilities[0].effects[0].id: unknown custom "
        "effect 'unmovable'"
    )


def test_buffs_and_debuffs(folder: Path) -> None:
    """Buffs and Debuffs: four common of each; any other is unique and has its own rules."""
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "mace")["ability"][0]["effects"][0].update(name="poison"),
    )

    def lose_rules(d: Any) -> None:
        effect = card(d, "characters", "tri-klops")["skills"][0]["abilities"][0]["effects"][0]
        effect.pop("ongoing")

    change(folder, "characters.yaml", lose_rules)
    mace = index_of(folder, "weapons.yaml", "weapons", "mace")
    tri = index_of(folder, "characters.yaml", "characters", "tri-klops")
    problems = problems_of(folder)
    assert (
        f"weapons.yaml: weapons[{mace}].ability[0].effects[0].name: 'poison' is not a common "
        "debuff "
        "(cripple, blind, knockdown, curse); declare it with unique: true and its rules"
    ) in problems
    assert (
        f"characters.yaml: characters[{tri}].skills[0].abilities[0].effects[0]: a unique status "
        "needs its rules: ongoing and/or on_removed"
    ) in problems


def test_provisional_names_real_fields(folder: Path) -> None:
    """battleground.md §1: provisional lists name the fields a player should replace."""
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "sword-of-power")["provisional"].extend(
            ["dise", "results[9]", "results"]
        ),
    )
    i = index_of(folder, "weapons.yaml", "weapons", "sword-of-power")
    problems = problems_of(folder)
    n = 5  # the five shipped entries come first
    assert (
        f"weapons.yaml: weapons[{i}].provisional[{n}]: 'dise' names no field of this card"
        in problems
    )
    assert (
        f"weapons.yaml: weapons[{i}].provisional[{n + 1}]: 'results[9]' names no field of this card"
        in problems
    )
    assert (
        f"weapons.yaml: weapons[{i}].provisional[{n + 2}]: 'results' is both provisional and "
        "sourced ('results')" in problems
    )


def test_equipment_restrictions_are_consistent(folder: Path) -> None:
    """Attack / Items: a card restricted to a character must be one that character can take."""
    change(
        folder,
        "weapons.yaml",
        lambda d: card(d, "weapons", "trident").update(characters=["mer-man", "orko"]),
    )
    i = index_of(folder, "weapons.yaml", "weapons", "trident")
    problems = problems_of(folder)
    assert (
        f"weapons.yaml: weapons[{i}].characters[1]: Orko is masters, the card is evil only"
        in problems
    )
    assert f"weapons.yaml: weapons[{i}].characters[1]: Orko cannot take melee weapons" in problems


def test_first_game_force_must_be_legal(folder: Path) -> None:
    """First Game Setup, step 2: He-Man carries the Sword of Power, not Skeletor's staff."""
    change(
        folder,
        "setups.yaml",
        lambda d: d["first_game"]["sides"][0]["characters"][0].update(weapons=["havoc-staff"]),
    )
    assert (
        "setups.yaml: first_game.sides[0].characters[0].weapons[0]: He-Man cannot take Havoc "
        "Staff (only Skeletor)"
    ) in problems_of(folder)


def test_load_raises_with_every_problem(folder: Path) -> None:
    """battleground.md §1: loading a broken pack fails with a DataError naming file and field."""
    change(folder, "items.yaml", lambda d: d["items"][0].pop("cost"))
    change(folder, "weapons.yaml", lambda d: d["weapons"][0].pop("cost"))
    with pytest.raises(ContentPackError) as caught:
        load_content_pack(folder)
    error = caught.value
    assert isinstance(error, DataError)
    assert len(error.problems) == 2
    assert str(error) == "weapons.yaml: weapons[0].cost: missing (and 1 more problems)"
