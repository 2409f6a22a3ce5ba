"""The HoMM3 content pack: the shipped pack loads, and every cross check reports a broken copy
as "file: field: reason", all problems at once (docs/homm3-content.md)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.games.homm3.content import pack as pack_module
from rulekeeper.games.homm3.content.cards import (
    EFFECT_KINDS,
    AbilityCard,
    Artifact,
    Specialty,
    Spell,
    StatCard,
)
from rulekeeper.games.homm3.content.pack import (
    PACK_FILES,
    ContentPackError,
    check_content_pack,
    load_content_pack,
)

SHIPPED = Path(pack_module.__file__).parent

Edit = Callable[[Any], None]


def copy_pack(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in PACK_FILES:
        shutil.copy(SHIPPED / name, folder / name)
    return folder


def edit(folder: Path, name: str, change: Edit) -> None:
    """Load a YAML file of the copy, change it in place, write it back."""
    path = folder / name
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def entry(data: dict[str, Any], key: str, card_id: str) -> dict[str, Any]:
    return next(item for item in data[key] if item.get("id") == card_id)


def problems_of(folder: Path) -> list[str]:
    return [str(problem) for problem in check_content_pack(folder)]


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_pack(tmp_path / "pack")


# --- the shipped pack --------------------------------------------------------------------------


def test_shipped_pack_loads_with_the_core_box_counts() -> None:
    assert check_content_pack() == []
    pack = load_content_pack()
    assert {card_id: card.copies for card_id, card in pack.stats.items()} == {
        "attack": 5,
        "defence": 6,
        "power": 7,
        "knowledge": 6,
    }
    assert len(pack.spells) == 21
    assert sum(spell.copies for spell in pack.spells.values()) == 46
    assert pack.spells["magic-arrow"].copies == 6
    assert len(pack.abilities) == 15
    assert sum(card.copies for card in pack.abilities.values()) == 30
    assert len(pack.artifacts) == 32
    assert len(pack.heroes) == 6
    assert len(pack.specialties) == 18
    assert sorted(pack.levels) == [1, 2, 3, 4, 5, 6, 7]
    assert len(pack.ai_cards) == 8
    assert sum(card.copies for card in pack.ai_cards.values()) == 20


def test_every_hero_starts_with_nine_cards_and_its_own_specialties() -> None:
    pack = load_content_pack()
    for hero in pack.heroes.values():
        deck = hero.attack + hero.defence + hero.power + hero.knowledge + hero.magic_arrows + 2
        assert deck == 9, hero.id
        assert hero.starting_ability in pack.abilities
        assert [pack.specialties[s].level for s in hero.specialties] == [1, 4, 6]
        assert all(pack.specialties[s].hero == hero.id for s in hero.specialties)


def test_card_finds_every_might_and_magic_card() -> None:
    pack = load_content_pack()
    assert isinstance(pack.card("knowledge"), StatCard)
    assert isinstance(pack.card("sorcery"), AbilityCard)
    assert isinstance(pack.card("fireball"), Spell)
    assert isinstance(pack.card("titans-cuirass"), Artifact)
    assert isinstance(pack.card("catherine-1"), Specialty)
    with pytest.raises(KeyError):
        pack.card("catherine")  # a hero is not a Might & Magic card
    with pytest.raises(KeyError):
        pack.card("nonesuch")


def test_effect_kinds_are_the_vocabulary_the_cards_use() -> None:
    pack = load_content_pack()
    kinds = pack.effect_kinds()
    assert kinds <= set(EFFECT_KINDS)
    assert {"attack", "damage", "chain-damage", "area-damage", "power", "map"} <= kinds
    assert "ai-cast-spell-v1" in pack.effect_users()["power"]


def test_encodings_from_the_brief() -> None:
    pack = load_content_pack()
    arrow = pack.spells["magic-arrow"]
    assert (arrow.school, arrow.level, arrow.play.target) == ("any", "basic", "any-unit")
    assert [(row.power, row.effects[0].amount) for row in arrow.rows] == [(0, 1), (1, 2), (2, 3)]
    assert [row.max_tier for row in pack.spells["blind"].rows] == ["bronze", "silver", "gold"]
    assert pack.spells["chain-lightning"].rows[2].effects[0].amounts == (3, 2, 1)
    knowledge = pack.stats["knowledge"]
    assert [e.kind for e in knowledge.expert.effects] == ["spell-back", "extra-spell"]
    sword = pack.artifacts["sword-of-judgement"].options[0]
    assert sword.cost.discard_any and sword.effects[0].amount is None
    bag = pack.artifacts["endless-bag-of-gold"].options[1]
    assert bag.cost.remove and bag.effects[0].amount == 6
    catherine = pack.specialties["catherine-1"].play.one_of
    assert [(e.kind, e.named_units, e.named_amount) for e in catherine] == [
        ("attack", ("crusaders",), 2),
        ("defence", ("crusaders",), 2),
    ]
    assert pack.ai_cards["ai-defense-v1"].hard.target == "strongest-own-unit"


def test_a_copy_of_the_shipped_pack_is_valid(copy: Path) -> None:
    assert problems_of(copy) == []
    assert load_content_pack(copy).folder == str(copy)


# --- counts ------------------------------------------------------------------------------------


def _drop(key: str, card_id: str) -> Edit:
    def change(data: Any) -> None:
        data[key] = [item for item in data[key] if item.get("id") != card_id]

    return change


def _set(key: str, card_id: str, field: str, value: Any) -> Edit:
    def change(data: Any) -> None:
        entry(data, key, card_id)[field] = value

    return change


def _drop_level(data: Any) -> None:
    data["levels"] = data["levels"][:-1]


COUNT_CASES = [
    ("statistics.yaml", _set("statistics", "attack", "copies", 4), "statistics.yaml: statistics:"),
    (
        "spells.yaml",
        _set("spells", "magic-arrow", "copies", 5),
        "spells.yaml: spells: 21 spells, 45",
    ),
    ("spells.yaml", _drop("spells", "haste"), "spells.yaml: spells: 20 spells, 44 cards"),
    ("abilities.yaml", _set("abilities", "luck", "copies", 3), "abilities.yaml: abilities: 15"),
    ("abilities.yaml", _drop("abilities", "luck"), "abilities.yaml: abilities: 14 abilities"),
    (
        "artifacts.yaml",
        _set("artifacts", "rib-cage", "grade", "major"),
        "artifacts.yaml: artifacts:",
    ),
    ("artifacts.yaml", _drop("artifacts", "rib-cage"), "artifacts.yaml: artifacts:"),
    ("ai.yaml", _set("ai", "ai-attack-v1", "copies", 3), "ai.yaml: ai: 8 kinds, 21 cards"),
    ("ai.yaml", _drop("ai", "ai-attack-v1"), "ai.yaml: ai: 7 kinds, 18 cards"),
    ("heroes.yaml", _drop("heroes", "rion"), "heroes.yaml: heroes: 5 heroes"),
    ("heroes.yaml", _drop("specialties", "rion-6"), "heroes.yaml: specialties: 17 specialty"),
    ("heroes.yaml", _drop_level, "heroes.yaml: levels: Levels [1, 2, 3, 4, 5, 6]"),
    ("units.yaml", _set("units", "boars", "copies", 2), "units.yaml: units: 15 bronze neutral"),
]


@pytest.mark.parametrize(("name", "change", "expected"), COUNT_CASES)
def test_each_count_check_fails_on_a_broken_copy(
    copy: Path, name: str, change: Edit, expected: str
) -> None:
    edit(copy, name, change)
    problems = problems_of(copy)
    assert any(problem.startswith(expected) for problem in problems), problems
    with pytest.raises(ContentPackError):
        load_content_pack(copy)


# --- references, starting decks, ids, provenance -----------------------------------------------


def test_a_bad_starting_ability_is_reported_with_file_and_field(copy: Path) -> None:
    edit(copy, "heroes.yaml", _set("heroes", "catherine", "starting_ability", "nonesuch"))
    assert problems_of(copy) == [
        "heroes.yaml: heroes[0].starting_ability: 'nonesuch' is not an ability of abilities.yaml"
    ]


def test_a_specialty_of_another_hero_is_reported(copy: Path) -> None:
    edit(
        copy,
        "heroes.yaml",
        _set("heroes", "catherine", "specialties", ["catherine-1", "rion-4", "catherine-6"]),
    )
    problems = problems_of(copy)
    assert "heroes.yaml: heroes[0].specialties[1]: 'rion-4' belongs to 'rion'" in problems
    assert any(p.startswith("heroes.yaml: specialties[1].id: hero 'catherine'") for p in problems)


def test_an_unknown_specialty_and_a_wrong_level_are_reported(copy: Path) -> None:
    edit(copy, "heroes.yaml", _set("heroes", "rion", "specialties", ["rion-1", "rion-6", "rion-7"]))
    problems = problems_of(copy)
    assert any(
        p.startswith("heroes.yaml: heroes[1].specialties[1]: 'rion-6' is a Level 6")
        for p in problems
    )
    assert "heroes.yaml: heroes[1].specialties[2]: 'rion-7' is not a specialty card" in problems


def test_a_named_unit_must_be_a_unit_id(copy: Path) -> None:
    def change(data: Any) -> None:
        entry(data, "specialties", "catherine-4")["play"]["effects"][0]["named_units"] = ["knights"]

    edit(copy, "heroes.yaml", change)
    assert problems_of(copy) == [
        "heroes.yaml: specialties[1].play.effects[0].named_units[0]: "
        "'knights' is not a unit of units.yaml"
    ]


def test_a_starting_deck_of_other_than_nine_cards_is_reported(copy: Path) -> None:
    edit(copy, "heroes.yaml", _set("heroes", "alamar", "attack", 1))
    problems = problems_of(copy)
    assert len(problems) == 1
    assert problems[0].startswith("heroes.yaml: heroes[4]: the starting deck")
    assert "is 10 cards; every hero starts with 9" in problems[0]


def test_statistic_cards_must_cover_every_faction_deck(copy: Path) -> None:
    def change(data: Any) -> None:
        entry(data, "heroes", "alamar")["knowledge"] = 3
        entry(data, "heroes", "alamar")["power"] = 2

    edit(copy, "heroes.yaml", change)
    assert problems_of(copy) == [
        "statistics.yaml: statistics[3].copies: 6 cards, but the heroes of the three factions "
        "may need 7 at once (the largest knowledge count of each faction)"
    ]


def test_ids_are_unique_across_might_and_magic_cards(copy: Path) -> None:
    edit(copy, "artifacts.yaml", _set("artifacts", "rib-cage", "id", "haste"))
    problems = problems_of(copy)
    assert any(
        p.startswith("artifacts.yaml: artifacts[20].id: duplicate id 'haste' (also spells.yaml")
        for p in problems
    ), problems


def test_bad_provenance_entries_are_reported(copy: Path) -> None:
    def change(data: Any) -> None:
        data["spells"][0]["provisional"] = ["rows", "range"]
        data["spells"][0]["source"]["play.reach"] = "made up"
        data["spells"][0]["source"]["rows[7]"] = "made up"

    edit(copy, "spells.yaml", change)
    assert problems_of(copy) == [
        "spells.yaml: spells[0].provisional: 'range' is not a field of the card",
        "spells.yaml: spells[0].source: 'play.reach' is not a field of the card",
        "spells.yaml: spells[0].source: 'rows[7]' is not a field of the card",
    ]


def test_provenance_paths_into_plays_are_accepted(copy: Path) -> None:
    edit(
        copy,
        "artifacts.yaml",
        _set("artifacts", "rib-cage", "provisional", ["options[1].effects[0].amount"]),
    )
    assert problems_of(copy) == []


# --- every problem at once ---------------------------------------------------------------------


def test_several_problems_are_reported_together(copy: Path) -> None:
    edit(copy, "statistics.yaml", _set("statistics", "power", "copies", 6))
    edit(copy, "heroes.yaml", _set("heroes", "sandro", "starting_ability", "necromancy-x"))
    edit(copy, "spells.yaml", _set("spells", "slow", "school", "mind"))
    edit(copy, "ai.yaml", lambda data: data.update(extra=[]))
    problems = problems_of(copy)
    assert any(p.startswith("statistics.yaml: statistics: ") for p in problems)
    assert any(p.startswith("heroes.yaml: heroes[2].starting_ability: ") for p in problems)
    assert any(p.startswith("spells.yaml: spells[7].school: ") for p in problems)
    assert "ai.yaml: extra: unknown top-level key (expected only 'ai')" in problems
    with pytest.raises(ContentPackError) as caught:
        load_content_pack(copy)
    assert len(caught.value.problems) == len(problems)
    assert "more)" in str(caught.value)


def test_a_missing_file_and_a_bad_top_level_are_reported(copy: Path) -> None:
    (copy / "ai.yaml").unlink()
    (copy / "heroes.yaml").write_text("- just a list\n", encoding="utf-8")
    problems = problems_of(copy)
    assert "ai.yaml: (file): missing from the pack" in problems
    assert any(p.startswith("heroes.yaml: (top level): expected a mapping with") for p in problems)


def test_every_shipped_value_is_sourced_or_provisional(tmp_path: Path) -> None:
    """The brief: every value we had to invent is marked provisional, every other one cites
    its source. A shipped card stripped of a field's source is reported; a player's own pack
    (their printed values) need not cite anything."""
    from importlib import resources

    from rulekeeper.games.homm3.content import pack as pack_module

    shipped = Path(str(resources.files("rulekeeper.games.homm3.content")))
    for other in shipped.glob("*.yaml"):
        (tmp_path / other.name).write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    text = (tmp_path / "units.yaml").read_text(encoding="utf-8")
    stripped = text.replace("    faction: homm3.md §2.3 (rulebook p. 28)\n", "", 1)
    assert stripped != text
    (tmp_path / "units.yaml").write_text(stripped, encoding="utf-8")
    with pytest.raises(pack_module.ContentPackError) as error:
        pack_module._load(tmp_path, pack_module.SHIPPED)  # type: ignore[arg-type]
    assert [str(p) for p in error.value.problems] == [
        "units.yaml: units[0].faction: neither sourced nor marked provisional"
    ]
    assert pack_module.check_content_pack(tmp_path) == []
