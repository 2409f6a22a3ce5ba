"""The HoMM3 content pack: loading and checking (docs/homm3-content.md).

A pack is a folder of YAML files (:data:`PACK_FILES`). The shipped one sits beside this module;
a player may copy it, put in the values printed on their own cards, and load or check the copy::

    pack = load_content_pack()                       # the shipped pack
    pack = load_content_pack(Path("my-cards"))       # a folder with the same file names
    problems = check_content_pack(Path("my-cards"))  # every problem, "file: field: reason"

Each file is validated against its pydantic schema; the cross checks then verify what no single
entry can: the card counts of the core box (homm3.md §2, §9.6, and the research's component
list), that references name real cards (a hero's starting ability and specialties, the units a
specialty names), that every hero's starting deck is 9 cards (§5.8), that ids are unique across
all Might & Magic cards, and that ``provisional`` and ``source`` name real fields.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.content import NOT_VALUES, CardBase, ContentReader, read_yaml
from rulekeeper.core.errors import DataError
from rulekeeper.games.homm3.content.abilities import ABILITY_KINDS
from rulekeeper.games.homm3.content.cards import (
    AbilityCard,
    AiCard,
    Artifact,
    Effect,
    HeroCard,
    LevelRow,
    Play,
    Specialty,
    Spell,
    StatCard,
)
from rulekeeper.games.homm3.content.locations import Location
from rulekeeper.games.homm3.content.tiles import MapTile, read_map
from rulekeeper.games.homm3.content.towns import MAP_FILES, MapContent, map_fields, map_problems
from rulekeeper.games.homm3.content.units import FACTIONS, UnitCard

__all__ = [
    "PACK_FILES",
    "Card",
    "ContentPack",
    "ContentPackError",
    "check_content_pack",
    "load_content_pack",
]

SHIPPED = "(shipped)"
"""The label of the shipped pack, which must source or mark provisional every value."""
PACK_FILES: tuple[str, ...] = (
    "units.yaml",
    "siege.yaml",
    "statistics.yaml",
    "abilities.yaml",
    "spells.yaml",
    "artifacts.yaml",
    "heroes.yaml",
    "ai.yaml",
    *MAP_FILES,
    "locations.yaml",
    "tiles.yaml",
)
NEUTRAL_COPIES: Mapping[str, int] = {"bronze": 14, "silver": 11, "gold": 12, "azure": 4}
"""Neutral unit cards per tier deck (homm3.md §9.6)."""
FACTION_TIERS: Mapping[str, int] = {"bronze": 3, "silver": 2, "gold": 2}
"""Units per tier in each faction (homm3.md §2.3)."""
STAT_COPIES: Mapping[str, int] = {"attack": 5, "defence": 6, "knowledge": 6, "power": 7}
"""Statistic cards by id (homm3.md §9.6; the rewrite's component list)."""
SPELL_COPIES: Mapping[str, int] = {"magic-arrow": 6}
"""Spells with other than :data:`SPELL_OTHER_COPIES` copies."""
SPELL_KINDS, SPELL_CARDS, SPELL_OTHER_COPIES = 21, 46, 2
"""46 Spell cards = Magic Arrow x6 + 20 spells x2 (§2.1, the rewrite's component list)."""
ABILITY_KINDS_COUNT, ABILITY_COPIES = 15, 2
"""15 Ability cards x2 = 30 (§2.1)."""
ARTIFACT_GRADES: Mapping[str, int] = {"minor": 15, "major": 10, "relic": 7}
"""Artifact cards per grade, 32 in all (the rewrite's component list)."""
AI_KINDS, AI_CARDS = 8, 20
"""AI cards: 8 kinds (two printed variants of four), 20 cards (§5.24)."""
HEROES, SPECIALTY_LEVELS, LEVELS = 6, (1, 4, 6), 7
"""6 heroes, each with Specialty cards of Levels I, IV and VI; a 7-Level track (§2.4, §5.7)."""
STARTING_DECK = 9
"""Cards in every hero's starting deck (§5.8)."""

Card = StatCard | AbilityCard | Spell | Artifact | Specialty
"""A Might & Magic card (what ``ContentPack.card`` returns)."""

READER = ContentReader(ABILITY_KINDS)
M = TypeVar("M", bound=BaseModel)


class ContentPackError(DataError):
    """A pack with problems: ``problems`` lists every one of them."""

    def __init__(self, problems: list[DataError]) -> None:
        self.problems = problems
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first.source, first.field, first.reason + more)


class SiegeFile(BaseModel):
    """siege.yaml: the Arrow Tower card and the number of Wall and Gate cards (§2.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tower: UnitCard
    walls: Annotated[int, Field(ge=0, le=3)]
    gates: Annotated[int, Field(ge=0, le=1)]


@dataclass(frozen=True)
class ContentPack(MapContent):
    """Validated card data. ``units`` maps card id to card (faction and neutral units);
    ``tower`` is the Arrow Tower; ``walls`` and ``gates`` count the siege cards. The Might &
    Magic cards (``stats``, ``abilities``, ``spells``, ``artifacts``, ``specialties``), the
    ``heroes``, the AI cards (``ai_cards``) map id to card; ``levels`` maps Level to its row;
    ``locations`` and the map ``tiles`` (S, F, N, C order) map id to entry."""

    units: Mapping[str, UnitCard]
    tower: UnitCard
    walls: int
    gates: int
    stats: Mapping[str, StatCard]
    abilities: Mapping[str, AbilityCard]
    spells: Mapping[str, Spell]
    artifacts: Mapping[str, Artifact]
    specialties: Mapping[str, Specialty]
    heroes: Mapping[str, HeroCard]
    levels: Mapping[int, LevelRow]
    ai_cards: Mapping[str, AiCard]
    folder: str
    locations: Mapping[str, Location]
    tiles: Mapping[str, MapTile]

    def unit(self, card: str) -> UnitCard:
        """A unit card by id, the Arrow Tower included."""
        return self.tower if card == self.tower.id else self.units[card]

    def ability_kinds(self) -> set[str]:
        """Every ability kind some unit of the pack uses."""
        return {
            ability.kind
            for card in (*self.units.values(), self.tower)
            for face in ("few", "pack")
            for ability in card.side(face).abilities
        }

    def card(self, card_id: str) -> Card:
        """A Might & Magic card by id: a Statistic, Ability, Spell, Artifact or Specialty card."""
        for table in (self.stats, self.abilities, self.spells, self.artifacts, self.specialties):
            if card_id in table:
                return table[card_id]
        raise KeyError(card_id)

    def effect_users(self, combat: bool = False) -> dict[str, list[str]]:
        """Every effect kind the pack uses, with the ids of the cards (AI cards too) using it;
        with *combat*, only in plays that can be played in combat (not ``timing: map``)."""
        users: dict[str, set[str]] = {}
        for card in self.all_cards():
            for _, effect in card_effects(card, combat):
                users.setdefault(effect.kind, set()).add(card.id)
        return {kind: sorted(ids) for kind, ids in sorted(users.items())}

    def effect_kinds(self) -> set[str]:
        """Every effect kind some card of the pack uses (AI cards included)."""
        return set(self.effect_users())

    def all_cards(self) -> Iterator[Card | AiCard]:
        """Every Might & Magic card, then every AI card."""
        for table in (self.stats, self.abilities, self.spells, self.artifacts, self.specialties):
            yield from table.values()
        yield from self.ai_cards.values()


def card_plays(card: BaseModel) -> Iterator[tuple[str, Play]]:
    """The plays of a card with their paths: Basic and Expert, a spell's play, an artifact's
    options, a specialty's play, an AI card's plays by difficulty."""
    for name in type(card).model_fields:
        value = getattr(card, name)
        if isinstance(value, Play):
            yield name, value
        elif isinstance(value, tuple):
            for index, item in enumerate(value):
                if isinstance(item, Play):
                    yield f"{name}[{index}]", item


def card_effects(card: BaseModel, combat: bool = False) -> Iterator[tuple[str, Effect]]:
    """Every effect of a card with its path (spell rows included); with *combat*, only those
    of plays usable in combat (not ``timing: map``)."""
    for where, play in card_plays(card):
        if combat and play.timing == "map":
            continue
        for group in ("effects", "one_of"):
            for index, effect in enumerate(getattr(play, group)):
                yield f"{where}.{group}[{index}]", effect
    if isinstance(card, Spell) and not (combat and card.play.timing == "map"):
        for row_index, row in enumerate(card.rows):
            for index, effect in enumerate(row.effects):
                yield f"rows[{row_index}].effects[{index}]", effect


def _resolves(model: BaseModel, path: str) -> bool:
    """Whether a provenance path (``reinforce``, ``play.target``, ``options[0].cost``) names a
    value of the card: each name a field, each index inside its tuple."""
    value: object = model
    for part in path.split("."):
        name, *indexes = part.replace("]", "").split("[")
        if not isinstance(value, BaseModel) or name not in type(value).model_fields:
            return False
        if value is model and name in NOT_VALUES:
            return False
        value = getattr(value, name)
        for index in indexes:
            if not index.isdigit() or not isinstance(value, tuple) or int(index) >= len(value):
                return False
            value = value[int(index)]
    return True


def _provenance(card: CardBase, source: str, where: str, complete: bool = True) -> list[DataError]:
    """``provisional`` and ``source`` must name fields of the card; with *complete* (the
    shipped pack), every value the card gives (each field but its id, name and texts) must be
    sourced or marked provisional. A player's own pack, copied from their cards, need not."""
    covered = {name.split(".")[0].split("[")[0] for name in (*card.source, *card.provisional)}
    problems = (
        []
        if not complete
        else [
            DataError(source, f"{where}.{field}", "neither sourced nor marked provisional")
            for field in type(card).model_fields
            if field not in NOT_VALUES
            and field != "name"
            and field not in covered
            and getattr(card, field) not in (None, (), [], False)
            and field in card.model_fields_set
        ]
    )
    problems += [
        DataError(source, f"{where}.provisional", f"{name!r} is not a field of the card")
        for name in card.provisional
        if not _resolves(card, name)
    ]
    problems += [
        DataError(source, f"{where}.source", f"{name!r} is not a field of the card")
        for name in card.source
        if not _resolves(card, name)
    ]
    return problems


def cross_check(
    units: list[tuple[int, UnitCard]], source: str, complete: bool = True
) -> list[DataError]:
    """What no single card can show: the rulebook's counts (homm3.md §2.3, §9.6)."""
    problems: list[DataError] = []
    for index, card in units:
        problems += _provenance(card, source, f"units[{index}]", complete)
    neutral = Counter[str]()
    per_faction: dict[str, Counter[str]] = {faction: Counter() for faction in FACTIONS}
    for _, card in units:
        if card.faction == "neutral":
            neutral[card.tier] += card.copies
        elif card.faction in per_faction:
            per_faction[card.faction][card.tier] += card.copies
    for tier, count in NEUTRAL_COPIES.items():
        if neutral[tier] != count:
            reason = (
                f"{neutral[tier]} {tier} neutral cards; the core box has {count} (homm3.md §9.6)"
            )
            problems.append(DataError(source, "units", reason))
    for faction, tiers in per_faction.items():
        if dict(tiers) != dict(FACTION_TIERS):
            reason = f"{faction} has {dict(tiers)}; each faction has {dict(FACTION_TIERS)} (§2.3)"
            problems.append(DataError(source, "units", reason))
    return problems


def _read(folder: Traversable, name: str) -> tuple[Any, list[DataError]]:
    target = folder / name
    if not target.is_file():
        return None, [DataError(name, "(file)", "missing from the pack")]
    return read_yaml(target.read_text(encoding="utf-8"), name)


@dataclass
class _Table(Generic[M]):
    """The valid entries of one list of a file, with their index there (for error paths)."""

    source: str
    key: str
    entries: list[tuple[int, M]]
    broken: set[str]
    """Ids of the entries that failed validation (references to them are not reported)."""
    valid: bool
    """Whether the list had no problem at all (the count checks run only then)."""

    def ids(self) -> dict[str, M]:
        return {getattr(card, "id", str(index)): card for index, card in self.entries}


def _tables(
    folder: Traversable, name: str, models: Mapping[str, type[BaseModel]]
) -> tuple[dict[str, _Table[Any]], list[DataError]]:
    """Read a file holding one list per key of *models* (and nothing else)."""
    raw, problems = _read(folder, name)
    tables: dict[str, _Table[Any]] = {}
    if not problems and not isinstance(raw, dict):
        kind = "nothing" if raw is None else type(raw).__name__
        reason = f"expected a mapping with {', '.join(map(repr, models))}, got {kind}"
        problems.append(DataError(name, "(top level)", reason))
    if problems:
        return {key: _Table(name, key, [], set(), False) for key in models}, problems
    expected = " and ".join(map(repr, models))
    problems += [
        DataError(name, str(extra), f"unknown top-level key (expected only {expected})")
        for extra in raw
        if extra not in models
    ]
    for key, model in models.items():
        entries, more, broken = READER.validate_entries({key: raw.get(key)}, key, model, name)
        problems += more
        tables[key] = _Table(name, key, entries, broken, not more)
    return tables, problems


def _count_problems(t: Mapping[str, _Table[Any]]) -> list[DataError]:
    """The core box's counts, for each list that validated."""
    problems: list[DataError] = []

    def report(table: _Table[Any], reason: str) -> None:
        problems.append(DataError(table.source, table.key, reason))

    stats = t["statistics"]
    if stats.valid:
        copies = {card.id: card.copies for _, card in stats.entries}
        if copies != dict(STAT_COPIES):
            report(stats, f"{copies}; the core box has {dict(STAT_COPIES)} (homm3.md §9.6)")
    spells = t["spells"]
    if spells.valid:
        cards = sum(card.copies for _, card in spells.entries)
        wrong = [
            f"{card.id} x{card.copies}"
            for _, card in spells.entries
            if card.copies != SPELL_COPIES.get(card.id, SPELL_OTHER_COPIES)
        ]
        if len(spells.entries) != SPELL_KINDS or cards != SPELL_CARDS or wrong:
            reason = (
                f"{len(spells.entries)} spells, {cards} cards"
                + (f" ({', '.join(wrong)})" if wrong else "")
                + f"; the core box has {SPELL_KINDS} spells, {SPELL_CARDS} cards "
                f"(Magic Arrow x6, the others x{SPELL_OTHER_COPIES})"
            )
            report(spells, reason)
    abilities = t["abilities"]
    if abilities.valid:
        cards = sum(card.copies for _, card in abilities.entries)
        wrong = [f"{c.id} x{c.copies}" for _, c in abilities.entries if c.copies != ABILITY_COPIES]
        if len(abilities.entries) != ABILITY_KINDS_COUNT or wrong:
            reason = (
                f"{len(abilities.entries)} abilities, {cards} cards"
                + (f" ({', '.join(wrong)})" if wrong else "")
                + f"; the core box has {ABILITY_KINDS_COUNT} abilities x{ABILITY_COPIES}"
            )
            report(abilities, reason)
    artifacts = t["artifacts"]
    if artifacts.valid:
        grades = Counter[str]()
        for _, card in artifacts.entries:
            grades[card.grade] += card.copies
        if dict(grades) != dict(ARTIFACT_GRADES):
            reason = (
                f"{dict(sorted(grades.items()))}; the core box has {dict(ARTIFACT_GRADES)} "
                f"({sum(ARTIFACT_GRADES.values())} artifacts)"
            )
            report(artifacts, reason)
    ai = t["ai"]
    if ai.valid:
        cards = sum(card.copies for _, card in ai.entries)
        if len(ai.entries) != AI_KINDS or cards != AI_CARDS:
            reason = (
                f"{len(ai.entries)} kinds, {cards} cards; "
                f"the core box has {AI_KINDS} kinds, {AI_CARDS} cards (§5.24)"
            )
            report(ai, reason)
    heroes, specialties, levels = t["heroes"], t["specialties"], t["levels"]
    if heroes.valid and len(heroes.entries) != HEROES:
        report(heroes, f"{len(heroes.entries)} heroes; the core box has {HEROES} (§2.4)")
    if specialties.valid and len(specialties.entries) != HEROES * len(SPECIALTY_LEVELS):
        reason = (
            f"{len(specialties.entries)} specialty cards; the core box has "
            f"{HEROES * len(SPECIALTY_LEVELS)} (Levels I, IV and VI of {HEROES} heroes)"
        )
        report(specialties, reason)
    if levels.valid:
        numbers = [row.level for _, row in levels.entries]
        if numbers != list(range(1, LEVELS + 1)):
            report(levels, f"Levels {numbers}; the track has Levels 1 to {LEVELS} in order (§5.7)")
    return problems


def _reference_problems(
    t: Mapping[str, _Table[Any]], unit_ids: set[str], units_known: bool
) -> list[DataError]:
    """Heroes name real abilities and specialties; specialties belong to their hero; named
    units are unit ids; each starting deck is 9 cards; statistics cover every faction's deck."""
    problems: list[DataError] = []
    heroes, specialties, abilities = t["heroes"], t["specialties"], t["abilities"]
    ability_ids, specialty_ids, hero_ids = abilities.ids(), specialties.ids(), heroes.ids()
    for index, hero in heroes.entries:
        where = f"heroes[{index}]"
        ability = hero.starting_ability
        if ability not in ability_ids and ability not in abilities.broken:
            reason = f"{ability!r} is not an ability of abilities.yaml"
            problems.append(DataError("heroes.yaml", f"{where}.starting_ability", reason))
        for position, specialty_id in enumerate(hero.specialties):
            field = f"{where}.specialties[{position}]"
            specialty = specialty_ids.get(specialty_id)
            if specialty is None:
                if specialty_id not in specialties.broken:
                    reason = f"{specialty_id!r} is not a specialty card"
                    problems.append(DataError("heroes.yaml", field, reason))
            elif specialty.hero != hero.id:
                reason = f"{specialty_id!r} belongs to {specialty.hero!r}"
                problems.append(DataError("heroes.yaml", field, reason))
            elif specialty.level != SPECIALTY_LEVELS[position]:
                reason = (
                    f"{specialty_id!r} is a Level {specialty.level} card; a hero's specialties "
                    f"are of Levels {', '.join(map(str, SPECIALTY_LEVELS))} in that order"
                )
                problems.append(DataError("heroes.yaml", field, reason))
        deck = hero.attack + hero.defence + hero.power + hero.knowledge + hero.magic_arrows + 2
        if deck != STARTING_DECK:
            reason = (
                f"the starting deck (statistics {hero.attack}+{hero.defence}+{hero.power}+"
                f"{hero.knowledge}, {hero.magic_arrows} Magic Arrows, the starting ability and the "
                f"Level I specialty) is {deck} cards; every hero starts with {STARTING_DECK} (§5.8)"
            )
            problems.append(DataError("heroes.yaml", where, reason))
    owned = {specialty_id for hero in hero_ids.values() for specialty_id in hero.specialties}
    for index, specialty in specialties.entries:
        where = f"specialties[{index}]"
        if specialty.hero not in hero_ids and specialty.hero not in heroes.broken:
            reason = f"{specialty.hero!r} is not a hero of heroes.yaml"
            problems.append(DataError("heroes.yaml", f"{where}.hero", reason))
        elif specialty.hero in hero_ids and specialty.id not in owned:
            reason = f"hero {specialty.hero!r} does not list {specialty.id!r} in its specialties"
            problems.append(DataError("heroes.yaml", f"{where}.id", reason))
    stats = t["statistics"]
    if heroes.valid and stats.valid:
        for index, card in stats.entries:
            field = card.id
            if field not in STAT_COPIES:
                continue
            need = sum(
                max((getattr(h, field) for h in hero_ids.values() if h.faction == f), default=0)
                for f in FACTIONS
            )
            if card.copies < need:
                reason = (
                    f"{card.copies} cards, but the heroes of the three factions may need {need} "
                    f"at once (the largest {field} count of each faction)"
                )
                problems.append(DataError("statistics.yaml", f"statistics[{index}].copies", reason))
    if units_known:
        for table in t.values():
            for index, card in table.entries:
                for path, effect in card_effects(card):
                    for position, unit in enumerate(effect.named_units or ()):
                        if unit not in unit_ids:
                            field = f"{table.key}[{index}].{path}.named_units[{position}]"
                            reason = f"{unit!r} is not a unit of units.yaml"
                            problems.append(DataError(table.source, field, reason))
    return problems


def _unique_ids(t: Mapping[str, _Table[Any]]) -> list[DataError]:
    """Might & Magic card ids are unique across files (``ContentPack.card`` finds any of them)."""
    problems: list[DataError] = []
    first: dict[str, str] = {}
    for key in ("statistics", "abilities", "spells", "artifacts", "specialties"):
        table = t[key]
        for index, card in table.entries:
            where = f"{table.source} {key}[{index}]"
            if card.id in first:
                reason = f"duplicate id {card.id!r} (also {first[card.id]})"
                problems.append(DataError(table.source, f"{key}[{index}].id", reason))
            else:
                first[card.id] = where
    return problems


CARD_FILES: Mapping[str, Mapping[str, type[BaseModel]]] = {
    "statistics.yaml": {"statistics": StatCard},
    "abilities.yaml": {"abilities": AbilityCard},
    "spells.yaml": {"spells": Spell},
    "artifacts.yaml": {"artifacts": Artifact},
    "heroes.yaml": {"heroes": HeroCard, "levels": LevelRow, "specialties": Specialty},
    "ai.yaml": {"ai": AiCard},
    **MAP_FILES,
}
"""The Might & Magic, hero and AI files: the lists each holds and their models."""


def _load(folder: Traversable, label: str) -> ContentPack:
    shipped = label == SHIPPED
    raw, problems = _read(folder, "units.yaml")
    units, unit_problems, _ = READER.validate_entries(raw, "units", UnitCard, "units.yaml")
    problems += unit_problems
    for index, card in units:
        if card.faction == "siege":
            reason = "the Arrow Tower belongs in siege.yaml"
            problems.append(DataError("units.yaml", f"units[{index}].faction", reason))
    if not unit_problems:
        problems += cross_check(units, "units.yaml", shipped)
    raw_siege, siege_problems = _read(folder, "siege.yaml")
    problems += siege_problems
    siege: SiegeFile | None = None
    if not siege_problems:
        siege, more = READER.validate_whole(raw_siege, SiegeFile, "siege.yaml")
        problems += more
        if siege is not None:
            if siege.tower.faction != "siege":
                problems.append(DataError("siege.yaml", "tower.faction", "must be 'siege'"))
            problems += _provenance(siege.tower, "siege.yaml", "tower", shipped)
    tables: dict[str, _Table[Any]] = {}
    for name, models in CARD_FILES.items():
        more_tables, more = _tables(folder, name, models)
        tables.update(more_tables)
        problems += more
    for table in tables.values():
        for index, card in table.entries:
            if isinstance(card, CardBase):
                problems += _provenance(card, table.source, f"{table.key}[{index}]", shipped)
    problems += _count_problems(tables)
    unit_ids = {card.id for _, card in units} | ({siege.tower.id} if siege else set())
    problems += _reference_problems(tables, unit_ids, units_known=not unit_problems)
    problems += _unique_ids(tables) + map_problems(tables)
    locations, tiles, more = read_map(folder)
    for key, entries in (("locations", locations), ("tiles", tiles)):
        for index, entry in entries:
            problems += _provenance(entry, f"{key}.yaml", f"{key}[{index}]", shipped)
    problems += more
    if problems or siege is None:
        raise ContentPackError(problems or [DataError("siege.yaml", "(file)", "unreadable")])
    return ContentPack(
        **map_fields(tables),
        units={card.id: card for _, card in units},
        tower=siege.tower,
        walls=siege.walls,
        gates=siege.gates,
        stats=tables["statistics"].ids(),
        abilities=tables["abilities"].ids(),
        spells=tables["spells"].ids(),
        artifacts=tables["artifacts"].ids(),
        specialties=tables["specialties"].ids(),
        heroes=tables["heroes"].ids(),
        levels={row.level: row for _, row in tables["levels"].entries},
        ai_cards=tables["ai"].ids(),
        folder=label,
        locations={entry.id: entry for _, entry in locations},
        tiles={tile.id: tile for _, tile in tiles},
    )


@cache
def _shipped() -> ContentPack:
    return _load(resources.files("rulekeeper.games.homm3.content"), SHIPPED)


def load_content_pack(folder: Path | None = None) -> ContentPack:
    """The shipped pack (loaded once per process: it is immutable), or the pack in *folder*."""
    if folder is None:
        return _shipped()
    if not folder.is_dir():
        raise ContentPackError([DataError(str(folder), "(folder)", "not a folder")])
    return _load(folder, str(folder))


def check_content_pack(folder: Path | None = None) -> list[DataError]:
    """Every problem of the pack in *folder* (the shipped one if None); empty if it is valid."""
    try:
        load_content_pack(folder)
    except ContentPackError as error:
        return error.problems
    return []
