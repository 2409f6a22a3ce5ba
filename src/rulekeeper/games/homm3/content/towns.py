"""Town boards, their buildings and the Town-action tokens (homm3.md §2.2, §5.11, §5.14, §5.15;
issue 24 §1): ``towns.yaml``.

Each faction's Town board (:class:`TownBoard`) has 7 building tiles in 7 slots, its income
tracks and the slots of the three Town-action tokens. Its 8 buildings (:class:`Building`: City
Hall, Citadel, Mage Guild, the Dwellings of Levels 1–3 and two faction buildings) each have a
cost, what must be built first and what they do as data: :class:`Use` entries, each with a
timing and effects of the vocabulary of ``board.py`` (:data:`~.board.EFFECTS`). One tile is
double-sided: its second building is built on top of the first (the rewrite's "upgrades must
be built in order"). The rule that Dwellings go Level 1, 2, 3 is :func:`requirement_refusal`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.content import CardBase
from rulekeeper.core.errors import DataError
from rulekeeper.games.homm3.content.board import (
    BOARD_FILES,
    AstrologersCard,
    Board,
    Choice,
    Effect,
    Listed,
    Price,
    board_problems,
    make_board,
)
from rulekeeper.games.homm3.content.units import FACTIONS

__all__ = [
    "DWELLING_ORDER",
    "DWELLING_TIERS",
    "MAP_FILES",
    "ROLES",
    "TILES",
    "TIMINGS",
    "TOKENS",
    "TOWN_FILES",
    "Building",
    "IncomeTracks",
    "MapContent",
    "Town",
    "TownBoard",
    "TownToken",
    "Use",
    "buildable",
    "make_towns",
    "map_fields",
    "map_problems",
    "requirement_refusal",
    "town_problems",
]

ROLES = (
    "city-hall",
    "citadel",
    "mage-guild",
    "dwelling-1",
    "dwelling-2",
    "dwelling-3",
    "faction-building",
    "faction-building-2",
)
"""What each of a town's 8 buildings is (§5.14.1): the same roles in every faction; a building's
id is ``<faction>-<role>`` (``castle-dwelling-2``)."""
DWELLING_ORDER = ("dwelling-1", "dwelling-2", "dwelling-3")
"""Dwellings are built Level 1, then 2, then 3 (§5.14.1, rulebook p. 17 and p. 27)."""
DWELLING_TIERS: Mapping[str, str] = {
    "dwelling-1": "bronze",
    "dwelling-2": "silver",
    "dwelling-3": "gold",
}
"""The unit tier each Dwelling lets a player Recruit (§5.15)."""
TILES = 7
"""Building tiles per faction (§3 step 4c): 3 factions x 7 = 21."""
TokenId = Literal["build", "population", "spellbook"]
TOKENS: tuple[TokenId, ...] = ("build", "population", "spellbook")
"""The three Town-action tokens (§5.14.2)."""
TIMINGS: Mapping[str, str] = {
    "built": "once, when the building is built",
    "passive": "always, while it stands",
    "resource-round": "at the start of each Resource round",
    "turn-start": "at the start of the owner's turn",
    "own-turn": "at any time in the owner's turn",
    "spellbook": "with the Spell Book token (a Town action, once a round)",
    "siege": "when the town is besieged",
}
"""When a building's use applies."""
Role = Literal[ROLES]  # type: ignore[valid-type]
Track = Annotated[tuple[Annotated[int, Field(ge=0, le=99)], ...], Field(min_length=2)]


class IncomeTracks(BaseModel):
    """The three income tracks of a Town board: the income each space stands for (§5.13.5)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    gold: Track
    materials: Track
    valuables: Track

    @model_validator(mode="after")
    def _rising(self) -> IncomeTracks:
        for name in ("gold", "materials", "valuables"):
            spaces = getattr(self, name)
            if list(spaces) != sorted(set(spaces)):
                raise ValueError(f"the {name} track's spaces rise from left to right")
        return self


class TownBoard(CardBase):
    """A faction's Town board (§2.1, §2.2): its building tiles, income tracks, token slots."""

    faction: Literal["castle", "dungeon", "necropolis"]
    tiles: Annotated[int, Field(ge=1, le=9)]
    income_tracks: IncomeTracks
    tokens: tuple[TokenId, ...] = TOKENS


class Use(BaseModel):
    """One way a building works: when (:data:`TIMINGS`), how often (``limit``), whether the
    owner may decline (``optional``), what it costs (``pay``, cards to ``discard``), and its
    ``effects``, plus one option of ``one_of`` when that is not empty."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    timing: Literal[tuple(TIMINGS)]  # type: ignore[valid-type]
    limit: Literal["none", "once-per-turn", "once-per-round"] = "none"
    optional: bool = False
    pay: Price = Price()
    discard: Annotated[int, Field(ge=0, le=5)] = 0
    effects: tuple[Effect, ...] = ()
    one_of: tuple[Choice, ...] = ()

    @model_validator(mode="after")
    def _something(self) -> Use:
        if not self.effects and not self.one_of:
            raise ValueError("a use has effects or options")
        return self


class Building(CardBase):
    """A building of a Town board (§5.14.1): its town, role (:data:`ROLES`), the board slot of
    its tile (1–7, left to right), cost, the buildings it ``requires`` and its ``uses``."""

    town: Literal["castle", "dungeon", "necropolis"]
    role: Role
    tile: Annotated[int, Field(ge=1, le=9)]
    cost: Price
    requires: tuple[str, ...] = ()
    uses: Annotated[tuple[Use, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _named(self) -> Building:
        if self.id != f"{self.town}-{self.role}":
            raise ValueError(f"a building's id is its town and role: {self.town}-{self.role}")
        return self

    def effect_kinds(self) -> set[str]:
        """Every effect kind of its uses."""
        return {
            effect.kind
            for use in self.uses
            for effect in (*use.effects, *(e for c in use.one_of for e in c.effects))
        }


class TownToken(CardBase):
    """A Town-action token (§5.14.2): once a round it allows one of its ``groups`` of actions
    (the Population token: Recruit and Reinforce, or a Secondary Hero, not both)."""

    groups: tuple[tuple[Literal["build", "recruit", "reinforce", "hero", "spell"], ...], ...]


TOWN_FILES: Mapping[str, Mapping[str, type[BaseModel]]] = {
    "towns.yaml": {"towns": TownBoard, "buildings": Building, "tokens": TownToken},
}
"""The town file: its lists and their models."""
MAP_FILES: Mapping[str, Mapping[str, type[BaseModel]]] = {**TOWN_FILES, **BOARD_FILES}
"""The files of the map game's towns and board, beside the card files (content/pack.py)."""


@dataclass(frozen=True)
class Town:
    """A faction's Town board with its buildings (in board order) and the Town-action tokens."""

    board: TownBoard
    buildings: tuple[Building, ...]
    tokens: tuple[TownToken, ...]

    def building(self, key: str) -> Building:
        """A building by id (``castle-citadel``) or role (``citadel``)."""
        return next(b for b in self.buildings if key in (b.id, b.role))

    def ids(self) -> list[str]:
        """The ids of its buildings, in board order."""
        return [building.id for building in self.buildings]


def requirement_refusal(
    town: Town, built: Sequence[str], building_id: str
) -> tuple[str, str] | None:
    """Why *building_id* cannot be built in *town* with *built* standing (None: it can, as far
    as the order of buildings goes; paying and the one-a-round Build token are the turn's)."""
    if building_id not in town.ids():
        return "homm3.md §5.14.1", f"{building_id!r} is not a building of the {town.board.name}"
    building = town.building(building_id)
    if building_id in built:
        return "homm3.md §5.14.1", f"the {building.name} is already built"
    missing = [town.building(need).name for need in building.requires if need not in built]
    if not missing:
        return None
    rule = (
        "homm3.md §5.14.1 (Dwellings Level 1, 2, 3)"
        if building.role in DWELLING_ORDER
        else ("Heegu-sama/Homm3BG town.tex (a double-sided tile's upgrade is built in order)")
    )
    return rule, f"the {building.name} needs the {' and the '.join(missing)} first"


def buildable(town: Town, built: Sequence[str]) -> list[str]:
    """The buildings of *town* whose requirements *built* meets and that are not built yet."""
    return [b for b in town.ids() if requirement_refusal(town, built, b) is None]


def town_problems(tables: Mapping[str, Listed]) -> list[DataError]:
    """The core box's towns, for each list that validated: a board per faction with 7 tiles;
    each town's 8 buildings, one per role, on tiles 1–7 (one tile holding two, the second
    requiring the first); Dwellings in order, each recruiting its tier; requirements inside the
    town; the three tokens (§2.1, §3 step 4, §5.14, §5.15)."""
    towns, buildings, tokens = tables["towns"], tables["buildings"], tables["tokens"]
    problems: list[DataError] = []
    factions = [board.faction for _, board in towns.entries]
    if towns.valid and sorted(factions) != sorted(FACTIONS):
        reason = f"boards for {factions}; the core box has one for each of {list(FACTIONS)}"
        problems.append(DataError(towns.source, towns.key, reason))
    for index, board in towns.entries:
        if board.tiles != TILES or board.id != board.faction:
            reason = f"a faction's board ({board.faction}) has {TILES} tiles (§3 step 4c)"
            problems.append(DataError(towns.source, f"{towns.key}[{index}].tiles", reason))
    found = sorted(token.id for _, token in tokens.entries)
    if tokens.valid and found != sorted(TOKENS):
        reason = f"tokens {found}; the Town actions are {list(TOKENS)} (§5.14.2)"
        problems.append(DataError(tokens.source, tokens.key, reason))
    if buildings.valid:
        for faction in FACTIONS:
            own = [(i, b) for i, b in buildings.entries if b.town == faction]
            problems += _building_problems(buildings, faction, own)
    return problems


def _building_problems(
    table: Listed, faction: str, own: list[tuple[int, Building]]
) -> list[DataError]:
    """One town's buildings: roles, tiles, requirements, Dwellings."""
    problems: list[DataError] = []
    roles = sorted(building.role for _, building in own)
    if roles != sorted(ROLES):
        reason = f"{faction} has buildings {roles}; every town has one of each of {list(ROLES)}"
        problems.append(DataError(table.source, table.key, reason))
    tiles = Counter(building.tile for _, building in own)
    if sorted(tiles) != list(range(1, TILES + 1)):
        reason = f"{faction}'s buildings lie on tiles {sorted(tiles)}; its board has 1 to {TILES}"
        problems.append(DataError(table.source, table.key, reason))
    ids = {building.id for _, building in own}
    for index, building in own:
        where = f"{table.key}[{index}]"
        for position, need in enumerate(building.requires):
            if need not in ids:
                reason = f"{need!r} is not a building of the {faction} town"
                problems.append(DataError(table.source, f"{where}.requires[{position}]", reason))
        shared = [b for _, b in own if b.tile == building.tile and b.id != building.id]
        if len(shared) > 1 or (shared and not _ordered(building, shared[0])):
            reason = "at most two buildings share a tile, the second requiring the first"
            problems.append(DataError(table.source, f"{where}.tile", reason))
        if building.role in DWELLING_ORDER:
            problems += _dwelling_problems(table, where, building)
    return problems


def _ordered(one: Building, other: Building) -> bool:
    """Exactly one of two buildings on one tile requires the other."""
    return (one.id in other.requires) != (other.id in one.requires)


def _dwelling_problems(table: Listed, where: str, building: Building) -> list[DataError]:
    """A Dwelling requires the one below it (and nothing else) and Recruits its tier."""
    problems: list[DataError] = []
    level = DWELLING_ORDER.index(building.role)
    expected = (f"{building.town}-{DWELLING_ORDER[level - 1]}",) if level else ()
    if building.requires != expected:
        reason = f"requires {list(expected)}: Dwellings are built Level 1, 2, 3 (§5.14.1)"
        problems.append(DataError(table.source, f"{where}.requires", reason))
    tier = DWELLING_TIERS[building.role]
    recruits = [
        effect.tier for use in building.uses for effect in use.effects if effect.tier is not None
    ]
    if recruits != [tier]:
        reason = f"a Level {level + 1} Dwelling lets you Recruit {tier} units (§5.15)"
        problems.append(DataError(table.source, f"{where}.uses", reason))
    return problems


def make_towns(tables: Mapping[str, Listed]) -> dict[str, Town]:
    """Each faction's :class:`Town`, from valid town lists (buildings in board order)."""
    tokens = tuple(token for _, token in tables["tokens"].entries)
    towns: dict[str, Town] = {}
    for _, board in tables["towns"].entries:
        own = [b for _, b in tables["buildings"].entries if b.town == board.faction]
        own.sort(key=lambda b: (b.tile, len(b.requires)))
        towns[board.faction] = Town(board, tuple(own), tokens)
    return towns


@dataclass(frozen=True)
class MapContent:
    """The towns, Astrologers cards and board data of a content pack (``ContentPack`` has these
    fields): ``towns`` by faction, ``astrologers`` by card id, the ``board``."""

    towns: Mapping[str, Town]
    astrologers: Mapping[str, AstrologersCard]
    board: Board


def map_problems(tables: Mapping[str, Listed]) -> list[DataError]:
    """The cross checks of the town and board files (:func:`town_problems`, ``board_problems``)."""
    return town_problems(tables) + board_problems(tables)


def map_fields(tables: Mapping[str, Listed]) -> dict[str, Any]:
    """The :class:`MapContent` fields of valid town and board lists."""
    astrologers = {card.id: card for _, card in tables["astrologers"].entries}
    return {"towns": make_towns(tables), "astrologers": astrologers, "board": make_board(tables)}
