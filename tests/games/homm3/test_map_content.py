"""The map game's town boards, Astrologers Proclaim cards and board data in the content pack
(towns.yaml, astrologers.yaml, board.yaml; issue 24 §1): the core box's counts, the Dwelling
order, the printed numbers, and a broken copy of each file refused naming its field."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.core.errors import DataError
from rulekeeper.games.homm3.content import pack as pack_module
from rulekeeper.games.homm3.content.board import EFFECTS
from rulekeeper.games.homm3.content.pack import ContentPackError, load_content_pack
from rulekeeper.games.homm3.content.towns import (
    DWELLING_ORDER,
    MAP_FILES,
    ROLES,
    buildable,
    map_problems,
    requirement_refusal,
)
from rulekeeper.games.homm3.content.units import FACTIONS

SHIPPED = Path(pack_module.__file__).parent
PACK = load_content_pack()
Edit = Callable[[Any], None]
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _entry(data: dict[str, Any], key: str, entry_id: str) -> dict[str, Any]:
    return next(item for item in data[key] if item.get("id") == entry_id)


# --- towns -------------------------------------------------------------------------------------


def test_three_boards_have_21_building_tiles_and_24_buildings() -> None:
    """homm3.md §2.1, §3 step 4c: 7 building tiles per faction (21); the fan database's boards
    show 8 buildings each, two of them on one double-sided tile (Heegu-sama/Homm3BG town.tex)."""
    assert sorted(PACK.towns) == sorted(FACTIONS)
    tiles = {faction: {b.tile for b in town.buildings} for faction, town in PACK.towns.items()}
    assert tiles == {faction: set(range(1, 8)) for faction in FACTIONS}
    assert sum(len(t) for t in tiles.values()) == 21
    for town in PACK.towns.values():
        assert sorted(b.role for b in town.buildings) == sorted(ROLES)
        shared = [b for b in town.buildings if Counter(x.tile for x in town.buildings)[b.tile] > 1]
        assert [b.role for b in shared][1] == "faction-building-2"
        assert shared[1].requires == (shared[0].id,)


@pytest.mark.parametrize("faction", FACTIONS)
def test_dwellings_are_built_level_1_then_2_then_3(faction: str) -> None:
    """homm3.md §5.14.1 (rulebook p. 17, 27): Dwellings in the order Level 1, 2, 3; the refusal
    names the rule and the missing Dwelling."""
    town = PACK.towns[faction]
    one, two, three = (f"{faction}-{role}" for role in DWELLING_ORDER)
    start = buildable(town, [])
    assert one in start and two not in start and three not in start
    rule, reason = requirement_refusal(town, [], three) or ("", "")
    assert "§5.14.1" in rule and town.building(two).name in reason
    assert requirement_refusal(town, [one], two) is None
    assert requirement_refusal(town, [one], three) is not None
    assert three in buildable(town, [one, two])
    again = requirement_refusal(town, [one], one)
    assert again is not None and "already built" in again[1]


@pytest.mark.parametrize(
    ("faction", "level", "tier"),
    [("castle", 1, "bronze"), ("dungeon", 2, "silver"), ("necropolis", 3, "gold")],
)
def test_each_dwelling_recruits_its_tier(faction: str, level: int, tier: str) -> None:
    """homm3.md §5.15: Bronze units need the Level 1 Dwelling, Silver Level 2, Gold Level 3."""
    building = PACK.towns[faction].building(f"dwelling-{level}")
    assert [(e.kind, e.tier) for u in building.uses for e in u.effects] == [("allow-recruit", tier)]


def test_printed_costs_and_town_effects() -> None:
    """Mirzipan/Homm3_BG_Database docs/towns/*.md and the board scans: costs, the Mage Guild's
    spell price (6 / 5 / 5 Gold), the City Hall choices, the income tracks (homm3.md §5.13.5)."""
    castle, dungeon, necropolis = (PACK.towns[f] for f in ("castle", "dungeon", "necropolis"))
    assert castle.building("dwelling-3").cost.amounts() == {
        "gold": 10,
        "materials": 9,
        "valuables": 4,
    }
    assert castle.building("faction-building").name == "Brotherhood of the Sword"
    assert castle.building("faction-building-2").cost.amounts() == {"gold": 4, "materials": 3}
    assert dungeon.building("faction-building").cost.amounts() == {
        "gold": 7,
        "materials": 3,
        "valuables": 1,
    }
    vortex = dungeon.building("faction-building-2")
    assert (vortex.name, vortex.cost.amounts()) == (
        "Mana Vortex",
        {"gold": 6, "materials": 3, "valuables": 1},
    )  # the board scan (the database's page says 4 Building Materials)
    guild = [t.building("mage-guild").uses[1].pay.gold for t in (castle, dungeon, necropolis)]
    assert guild == [6, 5, 5]
    halls = [
        [
            (e.kind, e.resource, e.amount)
            for c in t.building("city-hall").uses[0].one_of
            for e in c.effects
        ]
        for t in (castle, dungeon, necropolis)
    ]
    assert halls == [
        [("gain", "gold", 5), ("movement", None, 1)],
        [("gain", "gold", 5), ("gain", "valuables", 1)],
        [("gain", "gold", 4), ("reinforce-free", None, 1)],
    ]
    tracks = castle.board.income_tracks
    assert (tracks.gold[0], tracks.gold[-1], tracks.materials[-1], tracks.valuables[-1]) == (
        10,
        45,
        14,
        7,
    )
    assert [token.id for token in castle.tokens] == ["build", "population", "spellbook"]


def test_heroes_starting_decks_follow_from_heroes_yaml() -> None:
    """homm3.md §3 steps 11-14: statistics as printed, 1 Magic Arrow for a Might hero and 2 for
    a Magic hero, the starting Ability and the Level I Specialty: 9 cards (§5.8)."""
    for hero in PACK.heroes.values():
        arrows = {"might": 1, "magic": 2}[hero.type]
        assert hero.magic_arrows == arrows, hero.id
        deck = hero.attack + hero.defence + hero.power + hero.knowledge + arrows + 2
        assert deck == 9, hero.id
        assert PACK.specialties[hero.specialties[0]].level == 1


def test_every_map_effect_kind_is_used() -> None:
    """Issue 24 §1: the map effect vocabulary is closed and holds no kind the data never uses."""
    used = {
        kind for town in PACK.towns.values() for b in town.buildings for kind in b.effect_kinds()
    }
    used |= {e.kind for card in PACK.astrologers.values() for e in card.effects}
    used |= {e.kind for die in PACK.board.dice.values() for e in die.faces}
    used |= {e.kind for b in PACK.board.bonuses.values() for c in b.one_of for e in c.effects}
    assert used == set(EFFECTS)


# --- Astrologers and the board ------------------------------------------------------------------


def test_nineteen_astrologers_cards() -> None:
    """homm3.md §2.1, §5.21: 19 cards; the fan database lists 19 core-box cards (one copy each)."""
    cards = PACK.astrologers
    assert sum(card.copies for card in cards.values()) == 19 == len(cards)
    income = {
        card.id: (card.effects[0].resource, card.effects[0].amount)
        for card in cards.values()
        if card.duration == "next-resource-round"
    }
    assert income == {
        "gold-dragon": ("gold", 5),
        "greedy-dragon": ("valuables", -1),
        "merry-leprechaun": ("valuables", 1),
        "wild-debauchery": ("gold", -5),
    }
    assert cards["friendly-beaver"].redraw_first
    assert cards["dead-silence"].effects == ()
    assert [e.amount for e in cards["magic-tortoise"].effects] == [-1]


def test_round_track_resource_and_astrologers_rounds() -> None:
    """homm3.md §4.1, §8.8: odd rounds Resource, even rounds Astrologers, no income in round 1."""
    board = PACK.board
    assert [board.round_kind(n) for n in (1, 2, 3, 4)] == [
        "resource",
        "astrologers",
        "resource",
        "astrologers",
    ]
    assert [board.pays_income(n) for n in (1, 2, 3, 5)] == [False, False, True, True]


def test_dice_faces() -> None:
    """homm3.md §5.13.2, §5.13.3, §9.6: Resource die 2/4 BM, 1/2 V, 3/6 G; Treasure die half a
    Level x2, Artifact x2, 1 Resource die, 2 Resource dice keeping one."""
    resource = PACK.board.dice["resource"].faces
    assert sorted((f.resource, f.amount) for f in resource) == [
        ("gold", 3),
        ("gold", 6),
        ("materials", 2),
        ("materials", 4),
        ("valuables", 1),
        ("valuables", 2),
    ]
    treasure = Counter((f.kind, f.amount, f.keep) for f in PACK.board.dice["treasure"].faces)
    assert treasure == {
        ("experience", 1, None): 2,
        ("search", 2, None): 2,
        ("resource-dice", 1, "all"): 1,
        ("resource-dice", 2, "one"): 1,
    }


def test_starting_bonus_trading_and_fixed_numbers() -> None:
    """homm3.md §5.23 (Starting Bonus), §5.13.4 (price table), §5.2, §5.6, §5.14.4, §9.5
    (Main 3 MP, Secondary 2 MP, Secondary Hero 10 Gold, siege transport 8 Gold)."""
    board = PACK.board
    options = {d: [[e.kind for e in c.effects] for c in b.one_of] for d, b in board.bonuses.items()}
    assert options == {
        "easy": [["resource-dice"], ["search"]],
        "normal": [["resource-dice"], ["search"]],
        "hard": [["resource-dice"], ["find-artifact"]],
        "impossible": [],
    }
    assert board.bonuses["easy"].one_of[1].effects[0].times == 2
    assert board.bonuses["normal"].one_of[0].effects[0].keep == "one"
    prices = {(t.pay, t.get): (t.amount, t.gets) for t in board.trades}
    assert prices == {
        ("gold", "materials"): (2, 1),
        ("gold", "valuables"): (6, 1),
        ("materials", "gold"): (1, 1),
        ("materials", "valuables"): (3, 1),
        ("valuables", "gold"): (1, 3),
        ("valuables", "materials"): (1, 2),
    }
    values = {v.id: (v.amount, v.unit) for v in board.values.values()}
    assert values == {
        "main-hero-mp": (3, "mp"),
        "secondary-hero-mp": (2, "mp"),
        "secondary-hero-cost": (10, "gold"),
        "siege-transport": (8, "gold"),
    }


def test_fourteen_optional_rules_and_retreat() -> None:
    """homm3.md §5.25 (14 rules, numbered, with their impact), §9.1 (retreat); the battle
    file's option names for rules 2, 5, 6 and 9 (issue 24 §2)."""
    options = PACK.board.options
    numbered = sorted((o.number, o.id) for o in options.values() if o.number)
    assert [n for n, _ in numbered] == list(range(1, 15))
    named = {n: i for n, i in numbered}
    assert (named[2], named[5], named[6], named[9]) == (
        "minimum-damage",
        "die-no-damage",
        "no-rerolls",
        "free-extension",
    )
    assert options["retreat"].values == ("end-of-round", "any-time")
    impacts = Counter(o.impact for o in options.values() if o.number)
    assert impacts == {"easier": 5, "harder": 4, "variant": 5}
    assert {o.id for o in options.values() if o.battle} == {
        "retreat",
        "minimum-damage",
        "die-no-damage",
        "no-rerolls",
        "free-extension",
    }


# --- broken copies -----------------------------------------------------------------------------


def _set(key: str, entry_id: str, path: str, value: Any) -> Edit:
    """Set a (dotted) field of one entry."""

    def change(data: Any) -> None:
        target: Any = _entry(data, key, entry_id)
        *parts, last = path.split(".")
        for part in parts:
            target = target[int(part)] if part.isdigit() else target[part]
        target[last] = value

    return change


def _drop(key: str, entry_id: str) -> Edit:
    def change(data: Any) -> None:
        data[key] = [item for item in data[key] if item.get("id") != entry_id]

    return change


def _unsource(key: str, entry_id: str, field: str) -> Edit:
    def change(data: Any) -> None:
        del _entry(data, key, entry_id)["source"][field]

    return change


BROKEN = [
    (
        "towns.yaml",
        _set("buildings", "castle-dwelling-3", "requires", ["castle-dwelling-1"]),
        "towns.yaml: buildings[5].requires: requires ['castle-dwelling-2']",
    ),
    (
        "towns.yaml",
        _set("buildings", "dungeon-citadel", "cost.gold", -1),
        "towns.yaml: buildings[9].cost.gold:",
    ),
    (
        "towns.yaml",
        _set("buildings", "castle-citadel", "requires", ["castle-tavern"]),
        "towns.yaml: buildings[1].requires[0]: 'castle-tavern' is not a building",
    ),
    (
        "towns.yaml",
        _set("buildings", "necropolis-dwelling-2", "uses.0.effects.0.tier", "gold"),
        "towns.yaml: buildings[20].uses: a Level 2 Dwelling lets you Recruit silver",
    ),
    (
        "towns.yaml",
        _set("buildings", "castle-citadel", "tile", 2),
        "towns.yaml: buildings[1].tile: at most two buildings share a tile",
    ),
    ("towns.yaml", _drop("buildings", "castle-mage-guild"), "towns.yaml: buildings: castle has"),
    (
        "towns.yaml",
        _unsource("buildings", "castle-city-hall", "cost"),
        "towns.yaml: buildings[0].cost: neither sourced nor marked provisional",
    ),
    ("astrologers.yaml", _drop("astrologers", "white-raven"), "astrologers.yaml: astrologers: 18"),
    (
        "astrologers.yaml",
        _set("astrologers", "gold-dragon", "effects.0.resource", None),
        "astrologers.yaml: astrologers[7].effects[0]:",
    ),
    (
        "board.yaml",
        _set("round_track", "round-track", "astrologers", "odd"),
        "board.yaml: round_track[0]:",
    ),
    ("board.yaml", _set("options", "no-rerolls", "number", 7), "board.yaml: options: the options"),
    (
        "board.yaml",
        _set("options", "double-income", "battle", True),
        "board.yaml: options[7].battle",
    ),
    (
        "board.yaml",
        _set("trading", "gold-for-valuables", "get", "materials"),
        "board.yaml: trading:",
    ),
    ("board.yaml", _drop("values", "siege-transport"), "board.yaml: values: ids"),
    ("board.yaml", _drop("starting_bonus", "hard"), "board.yaml: starting_bonus: difficulties"),
]


def map_problems_of(folder: Path) -> list[DataError]:
    """What the pack's loader reports on the town and board files of *folder*, as for the
    shipped pack (every value sourced or provisional), without reading the card files."""
    problems: list[DataError] = []
    tables: dict[str, Any] = {}
    for name, models in MAP_FILES.items():
        more_tables, more = pack_module._tables(folder, name, models)
        tables.update(more_tables)
        problems += more
    for table in tables.values():
        for index, card in table.entries:
            where = f"{table.key}[{index}]"
            problems += pack_module._provenance(card, table.source, where, complete=True)
    return problems + map_problems(tables)


@pytest.fixture(scope="module")
def pack_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pack")
    for name in MAP_FILES:
        shutil.copy(SHIPPED / name, folder / name)
    return folder


def _write(folder: Path, name: str, change: Edit) -> None:
    data = yaml.load((SHIPPED / name).read_text(encoding="utf-8"), Loader=LOADER)
    change(data)
    text = yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True)
    (folder / name).write_text(text, encoding="utf-8")


def test_the_shipped_files_pass_the_map_checks(pack_copy: Path) -> None:
    """Issue 24 §1: the shipped town and board files are complete: no problem at all."""
    assert map_problems_of(pack_copy) == []


@pytest.mark.parametrize(("name", "change", "expected"), BROKEN)
def test_a_broken_copy_is_refused_naming_the_field(
    pack_copy: Path, name: str, change: Edit, expected: str
) -> None:
    """Issue 24 §1 (every value sourced or provisional), homm3.md §2.1, §5.14.1, §5.15, §5.21,
    §5.23, §5.25, §4.1: each broken file is reported as "file: field: reason"."""
    _write(pack_copy, name, change)
    try:
        problems = [str(problem) for problem in map_problems_of(pack_copy)]
    finally:
        shutil.copy(SHIPPED / name, pack_copy / name)
    assert any(problem.startswith(expected) for problem in problems), problems


def test_the_whole_pack_refuses_a_broken_town_file(tmp_path: Path) -> None:
    """homm3.md §5.14.1: load_content_pack refuses a pack whose Dwelling order is broken."""
    for name in pack_module.PACK_FILES:
        shutil.copy(SHIPPED / name, tmp_path / name)
    _write(tmp_path, "towns.yaml", BROKEN[0][1])
    with pytest.raises(ContentPackError) as caught:
        load_content_pack(tmp_path)
    problems = [str(problem) for problem in caught.value.problems]
    assert len(problems) == 1 and problems[0].startswith(BROKEN[0][2]), problems
