"""Map tiles as data: the 20 core-box tiles and their fields (homm3.md §2.1, §5.1; issue 24 §1).

A :class:`MapTile` has 7 :class:`MapField` entries in ``position`` order: 0 the centre, k = 1..6 the
ring field in direction k-1 of :data:`rulekeeper.core.hexes.DIRECTIONS` (E, NE, NW, W, SW, SE),
the tile as printed. A field names its location (an id of locations.yaml), its printed Field
Difficulty numeral (0: none) and what it prints beside the location: a Mine's ``resource``, a
Town's or Settlement's ``faction``, an icon's number of ``dice``. :func:`core_tile` turns a
tile into the core's geometry (:class:`rulekeeper.core.graph.Tile`); :func:`read_map` reads and
cross-checks tiles.yaml and locations.yaml for the content pack (docs/homm3-content.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.content import CardBase, ContentReader, read_yaml
from rulekeeper.core.errors import DataError
from rulekeeper.core.graph import Tile, TileField, Wall
from rulekeeper.core.hexes import DIRECTIONS, Hex
from rulekeeper.games.homm3.content.locations import FIELD_PARAMETERS, Location
from rulekeeper.games.homm3.content.units import FACTIONS

__all__ = [
    "BLOCKED",
    "DIFFICULTY_BANDS",
    "EMPTY",
    "TILE_IDS",
    "MapField",
    "MapTile",
    "core_tile",
    "map_problems",
    "position_hex",
    "read_map",
]

BLOCKED, EMPTY = "blocked", "empty"
"""The location ids of a blocked and of an empty field (locations.yaml must have both)."""
TILE_KINDS: Mapping[str, str] = {"S": "starting", "F": "far", "N": "near", "C": "center"}
"""A tile id's letter and the kind it names (§5.1)."""
TILE_IDS: tuple[str, ...] = (
    *(f"S{n}" for n in range(1, 4)),
    *(f"F{n}" for n in range(1, 10)),
    *(f"N{n}" for n in range(1, 7)),
    *(f"C{n}" for n in range(1, 3)),
)
"""The core box's tiles in id order: 3 Starting, 9 Far, 6 Near, 2 Center (§2.1)."""
DIFFICULTY_BANDS: Mapping[str, tuple[int, ...]] = {
    "starting": (1,),
    "far": (2, 3),
    "near": (4, 5),
    "center": (6, 7),
}
"""The Field Difficulty numerals each kind of tile may print (the band on its back, §5.1)."""
TERRAINS = ("dirt", "grass", "subterranean", "swamp", "rough", "highlands", "snow", "lava")
Position = Annotated[int, Field(ge=0, le=6)]


def position_hex(position: int) -> Hex:
    """The tile-local hex of a field position: (0, 0) the centre, k the neighbour k-1."""
    return (0, 0) if position == 0 else DIRECTIONS[position - 1]


def _next_to(a: int, b: int) -> bool:
    """Whether two positions of one tile are neighbouring fields."""
    return a != b and (0 in (a, b) or (a - b) % 6 in (1, 5))


class MapField(BaseModel):
    """One field of a tile: where it lies, its location and what is printed on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    position: Position
    location: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)
    difficulty: Annotated[int, Field(ge=0, le=7)] = 0
    """The printed Field Difficulty numeral I..VII (0: none)."""
    resource: Literal["gold", "materials", "valuables"] | None = None
    faction: Literal[tuple(FACTIONS)] | None = None  # type: ignore[valid-type]
    dice: Annotated[int, Field(ge=1, le=3)] | None = None
    amount: Annotated[int, Field(ge=1, le=20)] | None = None
    """A printed number for the location, where it has one (no core-box field has)."""


class MapTile(CardBase):
    """A map tile (docs/homm3-content.md, "tiles.yaml")."""

    id: str = Field(pattern=r"^[SFNC][0-9]{1,2}$")
    kind: Literal["starting", "far", "near", "center"]
    terrain: Literal[TERRAINS]  # type: ignore[valid-type]
    fields: tuple[MapField, ...] = Field(min_length=7, max_length=7)
    walls: tuple[tuple[Position, Position], ...] = ()
    """Printed borders, each between two neighbouring fields (by position)."""

    @model_validator(mode="after")
    def _layout(self) -> MapTile:
        """Fields listed by position 0..6; walls between neighbours; the id's letter, the kind."""
        positions = [item.position for item in self.fields]
        if positions != list(range(7)):
            raise ValueError(f"positions {positions}: the fields are listed by position, 0 to 6")
        for a, b in self.walls:
            if not _next_to(a, b):
                raise ValueError(f"wall ({a}, {b}) is not between two neighbouring fields")
        if TILE_KINDS[self.id[0]] != self.kind:
            raise ValueError(f"a tile {self.id[0]}.. is a {TILE_KINDS[self.id[0]]} tile")
        return self

    def field(self, position: int) -> MapField:
        """The field at *position* (``fields`` is in position order)."""
        return self.fields[position]


def core_tile(tile: MapTile) -> Tile:
    """The tile as core geometry: fields named "0".."6", blocked where the location is."""
    fields = tuple(
        TileField(str(position), *position_hex(position), tile.field(position).location == BLOCKED)
        for position in range(7)
    )
    return Tile(tile.id, fields, tuple(Wall(str(a), str(b)) for a, b in tile.walls))


READER = ContentReader()


def _entries(
    folder: Traversable, name: str, key: str, model: type[CardBase]
) -> tuple[list[tuple[int, CardBase]], list[DataError], set[str], bool]:
    """The valid entries of *key* in file *name*, its problems, broken ids, whether all valid."""
    target = folder / name
    if not target.is_file():
        return [], [DataError(name, "(file)", "missing from the pack")], set(), False
    raw, problems = read_yaml(target.read_text(encoding="utf-8"), name)
    if problems:
        return [], problems, set(), False
    entries, problems, broken = READER.validate_entries(raw, key, model, name)
    return entries, problems, broken, not problems


def read_map(
    folder: Traversable,
) -> tuple[list[tuple[int, Location]], list[tuple[int, MapTile]], list[DataError]]:
    """locations.yaml and tiles.yaml of *folder*: their valid entries (with their index in the
    file) and every problem, the cross checks of :func:`map_problems` included."""
    locations, problems, broken_locations, _ = _entries(
        folder, "locations.yaml", "locations", Location
    )
    tiles, more, _, tiles_valid = _entries(folder, "tiles.yaml", "tiles", MapTile)
    problems += more
    typed_locations = [(i, e) for i, e in locations if isinstance(e, Location)]
    typed_tiles = [(i, e) for i, e in tiles if isinstance(e, MapTile)]
    problems += map_problems(typed_locations, typed_tiles, broken_locations, tiles_valid)
    typed_tiles.sort(key=lambda item: _id_order(item[1].id))
    return typed_locations, typed_tiles, problems


def _id_order(tile_id: str) -> tuple[int, int]:
    """Sort key of a tile id: S, F, N, C, then by number."""
    return ("SFNC".index(tile_id[0]), int(tile_id[1:]))


def _location_problems(locations: list[tuple[int, Location]]) -> list[DataError]:
    """The empty and blocked fields exist; what a location's effects need, it declares."""
    ids = {location.id for _, location in locations}
    problems = [
        DataError("locations.yaml", "locations", f"no {required!r} location (§5.3, §5.4)")
        for required in (EMPTY, BLOCKED)
        if required not in ids
    ]
    for index, location in locations:
        for path, effect in location.effects():
            where = f"locations[{index}].{path}"
            by_field = effect.kind == "income" and effect.resources is None
            if by_field and (location.income is None or "resource" not in location.needs):
                reason = "an income by the field's resource needs `income` and needs: [resource]"
                problems.append(DataError("locations.yaml", where, reason))
            if (
                effect.kind == "roll-dice"
                and effect.amount is None
                and "dice" not in location.needs
            ):
                reason = "rolling the field's dice needs needs: [dice]"
                problems.append(DataError("locations.yaml", where, reason))
    return problems


def _field_problems(
    where: str, tile: MapTile, item: MapField, location: Location | None
) -> list[DataError]:
    """A field's parameters are those its location needs; its numeral is in the tile's band."""
    problems: list[DataError] = []
    band = DIFFICULTY_BANDS[tile.kind]
    if item.difficulty and item.difficulty not in band:
        reason = f"{item.difficulty} is outside a {tile.kind} tile's band {band} (§5.1)"
        problems.append(DataError("tiles.yaml", f"{where}.difficulty", reason))
    if location is None:
        return problems
    for parameter in FIELD_PARAMETERS:
        given = getattr(item, parameter) is not None
        if given != (parameter in location.needs):
            reason = (
                f"a {location.id} field must name its {parameter}"
                if not given
                else f"a {location.id} field takes no {parameter}"
            )
            problems.append(DataError("tiles.yaml", f"{where}.{parameter}", reason))
    if location.income is not None and item.resource and item.resource not in location.income:
        reason = f"a {location.id} produces only {', '.join(location.income)}"
        problems.append(DataError("tiles.yaml", f"{where}.resource", reason))
    if "guarded-until-flagged" in location.traits and not item.difficulty:
        reason = f"an unflagged {location.id} is always guarded: it prints a numeral (§5.5)"
        problems.append(DataError("tiles.yaml", f"{where}.difficulty", reason))
    return problems


def map_problems(
    locations: list[tuple[int, Location]],
    tiles: list[tuple[int, MapTile]],
    broken: set[str] | frozenset[str] = frozenset(),
    complete: bool = True,
) -> list[DataError]:
    """What no single entry shows: known locations, field parameters, difficulty bands, and
    (for a file whose entries all validated) the core box: the 20 tiles, a Town and a Building
    Materials mine on each Starting tile, one Starting tile per faction (§2.1, §5.1)."""
    problems = _location_problems(locations)
    known = {location.id: location for _, location in locations}
    for index, tile in tiles:
        for number, item in enumerate(tile.fields):
            where = f"tiles[{index}].fields[{number}]"
            location = known.get(item.location)
            if location is None and item.location not in broken:
                reason = f"{item.location!r} is not a location of locations.yaml"
                problems.append(DataError("tiles.yaml", f"{where}.location", reason))
            problems += _field_problems(where, tile, item, location)
        if tile.kind == "starting":
            problems += _starting_problems(index, tile)
    if not complete:
        return problems
    ids = sorted((tile.id for _, tile in tiles), key=_id_order)
    if Counter(ids) != Counter(TILE_IDS):
        reason = (
            f"tiles {', '.join(ids)}; the core box has {', '.join(TILE_IDS)} "
            "(3 Starting, 9 Far, 6 Near, 2 Center: homm3.md §2.1)"
        )
        problems.append(DataError("tiles.yaml", "tiles", reason))
    factions = sorted(
        str(item.faction) for _, tile in tiles for item in tile.fields if item.location == "town"
    )
    if factions != sorted(FACTIONS):
        reason = f"towns of {factions}; the core box has one Starting tile per faction (§2.2)"
        problems.append(DataError("tiles.yaml", "tiles", reason))
    return problems


def _starting_problems(index: int, tile: MapTile) -> list[DataError]:
    """A Starting tile has its faction's Town in the centre and a Building Materials mine."""
    problems = []
    if tile.field(0).location != "town":
        reason = "a Starting tile's Town is its centre field (position 0)"
        problems.append(DataError("tiles.yaml", f"tiles[{index}].fields", reason))
    if not any(f.location == "mine" and f.resource == "materials" for f in tile.fields):
        reason = "a core-box Starting tile has a Building Materials mine (fan database tiles)"
        problems.append(DataError("tiles.yaml", f"tiles[{index}].fields", reason))
    return problems
