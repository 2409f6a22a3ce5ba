"""Map tiles and locations as content (issue 24 §1): the 20 core-box tiles with their fields,
every location kind with its category, cost and effects, the core geometry of a tile, and a
broken copy of either file refused naming the field (docs/homm3-content.md)."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.core.graph import Placement, TileMap
from rulekeeper.games.homm3.content import pack as pack_module
from rulekeeper.games.homm3.content.locations import (
    EFFECT_PARAMETERS,
    LOCATION_EFFECTS,
    Location,
    LocationEffect,
)
from rulekeeper.games.homm3.content.pack import PACK_FILES, check_content_pack, load_content_pack
from rulekeeper.games.homm3.content.tiles import (
    DIFFICULTY_BANDS,
    TILE_IDS,
    MapTile,
    core_tile,
    position_hex,
    read_map,
)

SHIPPED = Path(pack_module.__file__).parent
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
PACK = load_content_pack()
DB = "Mirzipan/Homm3_BG_Database:docs/tiles/"


def test_twenty_tiles_by_kind_in_id_order() -> None:
    """homm3.md §2.1, §5.1: 3 Starting, 9 Far, 6 Near, 2 Center tiles, in S, F, N, C order."""
    assert tuple(PACK.tiles) == TILE_IDS
    kinds = Counter(tile.kind for tile in PACK.tiles.values())
    assert kinds == {"starting": 3, "far": 9, "near": 6, "center": 2}
    assert all(len(tile.fields) == 7 for tile in PACK.tiles.values())


@pytest.mark.parametrize("tile_id", TILE_IDS)
def test_numerals_are_in_the_band_of_the_tile_kind(tile_id: str) -> None:
    """homm3.md §5.1: a tile's numerals lie in the band on its back (I; II-III; IV-V; VI-VII),
    and every tile prints at least one (§5.23: guarded fields)."""
    tile = PACK.tiles[tile_id]
    numerals = {item.difficulty for item in tile.fields} - {0}
    assert numerals and numerals <= set(DIFFICULTY_BANDS[tile.kind])


@pytest.mark.parametrize(
    ("tile_id", "faction"), [("S1", "necropolis"), ("S2", "dungeon"), ("S3", "castle")]
)
def test_starting_tiles_have_their_town_in_the_centre_and_a_materials_mine(
    tile_id: str, faction: str
) -> None:
    """homm3.md §2.1, §3 step 21: a Starting tile carries its faction's Town (in the centre,
    fan database docs/fields/town.md) and a Building Materials mine guarded at I (docs/tiles)."""
    tile = PACK.tiles[tile_id]
    assert (tile.field(0).location, tile.field(0).faction) == ("town", faction)
    mines = [item for item in tile.fields if item.location == "mine"]
    assert [(m.resource, m.difficulty) for m in mines] == [("materials", 1)]


@pytest.mark.parametrize(
    ("tile_ids", "location", "parameter", "values"),
    [
        (("F1", "F2", "F3"), "settlement", "faction", ["necropolis", "dungeon", "castle"]),
        (("F4", "F5", "F6"), "mine", "resource", ["gold", "gold", "gold"]),
        (("F7", "F8", "F9"), "mine", "resource", ["valuables"] * 3),
    ],
)
def test_far_tiles_carry_settlements_and_mines(
    tile_ids: tuple[str, ...], location: str, parameter: str, values: list[str]
) -> None:
    """Fan database docs/tiles/index.md: F1-F3 a Settlement of each faction, F4-F6 a Gold mine,
    F7-F9 a Valuables mine, each guarded at III (homm3.md §5.5: mines are guarded)."""
    found = []
    for tile_id in tile_ids:
        (item,) = [f for f in PACK.tiles[tile_id].fields if f.location == location]
        assert item.difficulty == 3
        found.append(getattr(item, parameter))
    assert found == values


SPOT_CHECKS = [
    # (tile, position, location, difficulty, parameter value): the fan database's tile pages
    ("S1", 5, "treasure-icon", 1, 1),
    ("S2", 4, "resource-icon", 0, 1),
    ("F1", 3, "settlement", 3, "necropolis"),
    ("F2", 3, "trading-post", 0, None),
    ("F2", 4, "shrine-of-magic-incantation", 0, None),
    ("F2", 5, "blocked", 0, None),
    ("F2", 6, "artifact-icon", 2, None),
    ("F5", 0, "redwood-observatory", 0, None),
    ("N1", 0, "witch-hut", 4, None),
    ("N1", 6, "mine", 5, "valuables"),
    ("N3", 0, "obelisk", 0, None),
    ("N6", 0, "pandoras-box", 4, None),
    ("C1", 0, "dragon-utopia", 7, None),
    ("C1", 3, "pandoras-box", 6, None),
    ("C2", 0, "grail", 7, None),
]


@pytest.mark.parametrize(("tile_id", "position", "location", "difficulty", "value"), SPOT_CHECKS)
def test_fields_spot_checked_against_the_fan_database(
    tile_id: str, position: int, location: str, difficulty: int, value: object
) -> None:
    """Fan database docs/tiles/<id>.md (its list in reading order; F2 as on its tile picture,
    docs/assets/tiles-example-fields.webp, which shows the Artifact field's II)."""
    item = PACK.tiles[tile_id].field(position)
    printed = item.resource or item.faction or item.dice
    assert (item.location, item.difficulty, printed) == (location, difficulty, value)
    assert PACK.tiles[tile_id].source["fields"].startswith(f"{DB}{tile_id.lower()}.md")


def test_positions_are_provisional_except_where_sourced() -> None:
    """issue 24 §1: a field's position the database does not give is provisional; F2's come
    from its picture, a Starting tile's Town centre from docs/fields/town.md."""
    assert not [p for p in PACK.tiles["F2"].provisional if p.endswith(".position")]
    for tile_id, tile in PACK.tiles.items():
        marked = {p for p in tile.provisional if p.endswith(".position")}
        if tile_id == "F2":
            continue
        town = [i for i, f in enumerate(tile.fields) if f.location == "town"]
        assert len(marked) == 7 - len(town)
        assert all(f"fields[{i}].position" not in marked for i in town)


SPEC_LOCATIONS = [
    # homm3.md §5.4 (and §5.3's empty field, the Pandora's Box of the core tiles): id, category
    ("Town", "town", "flaggable"),
    ("Water Wheel", "water-wheel", "one-time"),
    ("Mystical Garden", "mystical-garden", "one-time"),
    ("Windmill", "windmill", "one-time"),
    ("Learning Stone", "learning-stone", "one-time"),
    ("Shrine of Magic Gesture", "shrine-of-magic-gesture", "one-time"),
    ("Shrine of Magic Incantation", "shrine-of-magic-incantation", "one-time"),
    ("Observatory", "redwood-observatory", "one-time"),
    ("Tree of Knowledge", "tree-of-knowledge", "one-time"),
    ("Witch Hut", "witch-hut", "one-time"),
    ("Stables", "stables", "multiple-use"),
    ("Temple", "temple", "one-time"),
    ("Magic Spring", "magic-spring", "one-time"),
    ("Warrior's Tomb", "warriors-tomb", "one-time"),
    ("Fountain of Youth", "fountain-of-youth", "one-time"),
    ("Dragon Utopia", "dragon-utopia", "flaggable"),
    ("Artifact icon", "artifact-icon", "one-time"),
    ("Treasure icon", "treasure-icon", "one-time"),
    ("Resource icon", "resource-icon", "one-time"),
    ("Sanctuary", "sanctuary", "multiple-use"),
    ("Trading Post", "trading-post", "multiple-use"),
    ("Grail", "grail", "one-time"),
    ("Obelisk", "obelisk", "flaggable"),
    ("Settlement", "settlement", "flaggable"),
    ("Mine", "mine", "flaggable"),
    ("Blocked field", "blocked", "none"),
    ("Empty field", "empty", "none"),
    ("Pandora's Box", "pandoras-box", "one-time"),
]


@pytest.mark.parametrize(("spec_name", "location_id", "category"), SPEC_LOCATIONS)
def test_every_location_kind_with_its_category(
    spec_name: str, location_id: str, category: str
) -> None:
    """homm3.md §5.3, §5.4, §5.5: every location kind exists with its category."""
    assert PACK.locations[location_id].category == category, spec_name


def test_no_location_beyond_the_spec_and_every_one_is_on_a_tile() -> None:
    """issue 24 §1: locations.yaml holds the kinds of §5.4/§5.5 found on the core tiles."""
    used = {item.location for tile in PACK.tiles.values() for item in tile.fields}
    assert set(PACK.locations) == {row[1] for row in SPEC_LOCATIONS} == used
    assert not PACK.locations["town"].provisional
    assert PACK.locations["pandoras-box"].provisional == ["category", "options"]


def _options(location_id: str) -> list[tuple[dict[Any, int], list[dict[str, Any]]]]:
    """A location's options as plain data: (cost, effects without unset parameters)."""
    return [
        (dict(option.cost), [e.model_dump(exclude_none=True) for e in option.effects])
        for option in PACK.locations[location_id].options
    ]


LOST_ICONS = [
    # homm3.md §8.2-§8.3 read as §9.5 confirms them
    ("water-wheel", [({}, [{"kind": "resources", "resources": {"gold": 3}}])]),
    (
        "mystical-garden",
        [
            ({}, [{"kind": "resources", "resources": {"gold": 2}}]),
            ({}, [{"kind": "resources", "resources": {"valuables": 1}}]),
        ],
    ),
    ("windmill", [({}, [{"kind": "resources", "resources": {"valuables": 1}}])]),
    (
        "shrine-of-magic-incantation",
        [({"gold": 3}, [{"kind": "search", "deck": "spell", "amount": 2}])],
    ),
    ("shrine-of-magic-gesture", [({}, [{"kind": "search", "deck": "spell", "amount": 2}])]),
    (
        "tree-of-knowledge",
        [
            ({"valuables": 3}, [{"kind": "experience", "amount": 2}]),
            ({"gold": 10}, [{"kind": "experience", "amount": 2}]),
        ],
    ),
]


@pytest.mark.parametrize(("location_id", "options"), LOST_ICONS)
def test_lost_icons_are_data(location_id: str, options: list[Any]) -> None:
    """homm3.md §8.2, §9.4 (shrines keyed by effect), §9.5: the lost icons' readings."""
    assert _options(location_id) == options


def test_trading_post_price_table_and_card_removal() -> None:
    """homm3.md §5.13.4 (§8.6): the price table; a removed card gives 1 Gold (§8.2, §9.5),
    never a Specialty, Statistic, Ability or Magic Arrow."""
    trade, removal = PACK.locations["trading-post"].options
    rates = {(r.give, r.get): (r.give_amount, r.get_amount) for r in trade.effects[0].rates or ()}
    assert rates == {
        ("gold", "valuables"): (6, 1),
        ("gold", "materials"): (2, 1),
        ("valuables", "gold"): (1, 3),
        ("valuables", "materials"): (1, 2),
        ("materials", "gold"): (1, 1),
        ("materials", "valuables"): (3, 1),
    }
    (effect,) = removal.effects
    assert (effect.kind, effect.resources) == ("remove-card", {"gold": 1})
    assert set(effect.exclude or ()) == {"specialty", "statistic", "ability", "magic-arrow"}


def test_mine_income_and_first_flag_bonus() -> None:
    """homm3.md §5.5: a Mine raises income by 5 Gold, 2 Building Materials or 1 Valuables; the
    first faction ever to flag it gains that income once; unflagged mines are guarded."""
    mine = PACK.locations["mine"]
    assert mine.income == {"gold": 5, "materials": 2, "valuables": 1}
    (option,) = mine.options
    assert [e.kind for e in option.effects] == ["income"]
    assert [e.kind for e in option.first_flag or ()] == ["income", "income-now"]
    assert mine.needs == ("resource",) and "guarded-until-flagged" in mine.traits


def test_settlement_four_rewards() -> None:
    """homm3.md §5.5, §8.3: +5 Gold, +2 Building Materials or +1 Valuables income (the first
    flag also gains it once), or Reinforce a Bronze or Silver unit at half cost (free first)."""
    rewards: list[object] = []
    for option in PACK.locations["settlement"].options:
        (effect,) = option.effects
        first = option.first_flag or ()
        if effect.kind == "income":
            assert [e.kind for e in first] == ["income", "income-now"]
            assert first[0].resources == effect.resources
            rewards.append(effect.resources)
        else:
            assert (effect.kind, effect.tiers, effect.price) == (
                "reinforce",
                ("bronze", "silver"),
                "half",
            )
            assert [(e.kind, e.price) for e in first] == [("reinforce", "free")]
            rewards.append("reinforce")
    assert rewards == [{"gold": 5}, {"materials": 2}, {"valuables": 1}, "reinforce"]


@pytest.mark.parametrize(
    ("location_id", "kinds", "optional"),
    [
        ("warriors-tomb", [("search", 2), ("morale", 2)], True),
        ("fountain-of-youth", [("movement", None), ("morale", None)], False),
        ("temple", [("morale", None)], False),
        ("stables", [("movement", None)], False),
        ("learning-stone", [("experience", None)], False),
        ("redwood-observatory", [("reveal-tile", None)], False),
        ("artifact-icon", [("search", None)], True),
        ("grail", [("grail", None)], False),
        ("magic-spring", [("recover-discard", None)], True),
    ],
)
def test_one_option_locations(
    location_id: str, kinds: list[tuple[str, int | None]], optional: bool
) -> None:
    """homm3.md §5.4 (§8.23: Warrior's Tomb's two Searches and two morale losses; §5.3: "may"
    effects are optional)."""
    location = PACK.locations[location_id]
    (option,) = location.options
    assert [(e.kind, e.times) for e in option.effects] == kinds
    assert location.optional is optional


def test_effect_vocabulary_and_parameters_agree() -> None:
    """docs/homm3-content.md: each effect kind has its parameter table, and a kind given a
    parameter it does not take (or missing one it needs) is refused."""
    assert set(EFFECT_PARAMETERS) == set(LOCATION_EFFECTS)
    with pytest.raises(ValueError, match="needs amount"):
        LocationEffect(kind="experience")
    with pytest.raises(ValueError, match="takes no deck"):
        LocationEffect(kind="movement", amount=1, deck="spell")


@pytest.mark.parametrize("tile_id", TILE_IDS)
def test_core_tile_blocks_the_blocked_locations(tile_id: str) -> None:
    """contracts §A: fields[k] is position k; core_tile gives fields "0".."6" at the centre and
    DIRECTIONS[k-1], blocked exactly where the location is "blocked" (homm3.md §5.1: heroes
    cannot enter it)."""
    tile = PACK.tiles[tile_id]
    assert [item.position for item in tile.fields] == list(range(7))
    core = core_tile(tile)
    assert [(f.name, f.hex) for f in core.fields] == [(str(k), position_hex(k)) for k in range(7)]
    blocked = {f.name for f in core.fields if f.blocked}
    assert blocked == {str(f.position) for f in tile.fields if f.location == "blocked"}
    graph = TileMap.of({tile.id: core}, [Placement(tile.id, 4, -2, 3)]).graph
    assert len(graph.nodes) == 7 and len(graph.closed) == len(blocked)


def test_core_tile_walls() -> None:
    """homm3.md §5.1 (a printed border between fields): walls become core walls."""
    data = PACK.tiles["S1"].model_dump() | {"walls": [(0, 1), (1, 2)]}
    core = core_tile(MapTile.model_validate(data))
    assert core.walled == {frozenset({"0", "1"}), frozenset({"1", "2"})}
    with pytest.raises(ValueError, match="not between two neighbouring fields"):
        MapTile.model_validate(data | {"walls": [(1, 4)]})


# --------------------------------------------------------------------------- broken copies

Edit = Callable[[Any], None]


def _field(data: dict[str, Any], tile_id: str, position: int) -> dict[str, Any]:
    tile = next(t for t in data["tiles"] if t["id"] == tile_id)
    return next(f for f in tile["fields"] if f["position"] == position)


def _location(data: dict[str, Any], location_id: str) -> dict[str, Any]:
    return next(item for item in data["locations"] if item["id"] == location_id)


BROKEN: list[tuple[str, Edit, str]] = [
    (
        "tiles.yaml",
        lambda d: _field(d, "S1", 1).update(position=2),
        "tiles.yaml: tiles[0]: Value error, positions [0, 2, 2, 3, 4, 5, 6]",
    ),
    (
        "tiles.yaml",
        lambda d: d["tiles"][5]["fields"].reverse(),
        "tiles.yaml: tiles[5]: Value error, positions [6, 5, 4, 3, 2, 1, 0]: the fields are "
        "listed by position",
    ),
    (
        "tiles.yaml",
        lambda d: _field(d, "F1", 0).update(location="nonesuch"),
        "tiles.yaml: tiles[3].fields[0].location: 'nonesuch' is not a location",
    ),
    (
        "tiles.yaml",
        lambda d: _field(d, "F4", 3).pop("resource"),
        "tiles.yaml: tiles[6].fields[3].resource: a mine field must name its resource",
    ),
    (
        "tiles.yaml",
        lambda d: _field(d, "N1", 6).update(difficulty=3),
        "tiles.yaml: tiles[12].fields[6].difficulty: 3 is outside a near tile's band (4, 5)",
    ),
    (
        "tiles.yaml",
        lambda d: _field(d, "S1", 4).update(difficulty=0),
        "tiles.yaml: tiles[0].fields[4].difficulty: an unflagged mine is always guarded",
    ),
    (
        "tiles.yaml",
        lambda d: _field(d, "S2", 0).update(faction="rampart"),
        "tiles.yaml: tiles[1].fields[0].faction: Input should be 'castle', 'dungeon' or",
    ),
    (
        "tiles.yaml",
        lambda d: d["tiles"].pop(),
        "tiles.yaml: tiles: tiles S1, S2, S3, F1, F2, F3, F4, F5, F6, F7, F8, F9, N1, N2, N3, "
        "N4, N5, N6, C1; the core box has",
    ),
    (
        "tiles.yaml",
        lambda d: d["tiles"][0].update(kind="far"),
        "tiles.yaml: tiles[0]: Value error, a tile S.. is a starting tile",
    ),
    (
        "tiles.yaml",
        lambda d: _field(d, "S3", 5).update(location="empty"),
        "tiles.yaml: tiles[2].fields[5].resource: a empty field takes no resource",
    ),
    (
        "locations.yaml",
        lambda d: _location(d, "temple")["options"][0]["effects"][0].pop("amount"),
        "locations.yaml: locations[15].options[0].effects[0]: Value error, a 'morale' effect "
        "needs amount",
    ),
    (
        "locations.yaml",
        lambda d: _location(d, "stables").update(category="twice"),
        "locations.yaml: locations[14].category: Input should be",
    ),
    (
        "locations.yaml",
        lambda d: d["locations"].pop(1),
        "locations.yaml: locations: no 'blocked' location",
    ),
    (
        "locations.yaml",
        lambda d: _location(d, "treasure-icon").pop("needs"),
        "locations.yaml: locations[21].options[0].effects[0]: rolling the field's dice needs",
    ),
    (
        "locations.yaml",
        lambda d: _location(d, "windmill")["options"][0]["effects"][0].update(kind="wish"),
        "locations.yaml: locations[7].options[0].effects[0].kind: Input should be",
    ),
]


def _copy_map(folder: Path, name: str, change: Edit) -> Path:
    """tiles.yaml and locations.yaml copied into *folder*, *name* changed by *change*."""
    folder.mkdir(parents=True, exist_ok=True)
    for file in ("tiles.yaml", "locations.yaml"):
        shutil.copy(SHIPPED / file, folder / file)
    data = yaml.load((folder / name).read_text(encoding="utf-8"), Loader=LOADER)
    change(data)
    (folder / name).write_text(yaml.dump(data, Dumper=DUMPER, sort_keys=False), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("name", "change", "expected"), BROKEN)
def test_a_broken_copy_is_refused_naming_the_field(
    tmp_path: Path, name: str, change: Edit, expected: str
) -> None:
    """homm3.md §2.1, §5.1, §5.4, §5.5 and issue 24 §1: every problem names its file and field."""
    _, _, problems = read_map(_copy_map(tmp_path / "pack", name, change))
    texts = [str(problem) for problem in problems]
    assert any(text.startswith(expected) for text in texts), texts


def test_the_whole_pack_checks_the_map_files_and_their_provenance(tmp_path: Path) -> None:
    """issue 24 §1: `content check` covers tiles.yaml and locations.yaml, provisional and
    source name real fields, and a file missing from the pack is named."""
    folder = tmp_path / "pack"
    folder.mkdir()
    for file in PACK_FILES:
        shutil.copy(SHIPPED / file, folder / file)
    _copy_map(folder, "tiles.yaml", lambda d: d["tiles"][3]["provisional"].append("colour"))
    (folder / "locations.yaml").unlink()
    texts = [str(problem) for problem in check_content_pack(folder)]
    assert "tiles.yaml: tiles[3].provisional: 'colour' is not a field of the card" in texts
    assert "locations.yaml: (file): missing from the pack" in texts
    assert any(
        t.startswith("tiles.yaml: tiles[0].fields[3].location: 'blocked' is not") for t in texts
    )


def test_a_location_entry_validates_alone() -> None:
    """docs/homm3-content.md: first-flag effects belong to flaggable locations only."""
    data = PACK.locations["mine"].model_dump() | {"category": "one-time", "traits": ()}
    with pytest.raises(ValueError, match="only a flaggable location has first_flag"):
        Location.model_validate(data)
