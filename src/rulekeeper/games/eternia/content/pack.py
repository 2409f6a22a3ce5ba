"""The Fields of Eternia content pack: loading and checking (docs/eternia-content.md).

A pack is a folder of the YAML files of :data:`PACK_FILES`. The shipped one sits beside this
module; an owner may copy it, put in the values printed on their own cards, and check the copy
with ``rulekeeper eternia content check FOLDER``::

    pack = load_content_pack()                        # the shipped pack
    problems = check_content_pack(Path("my-cards"))   # every problem, "file: field: reason"

Each file is validated against its pydantic schema (the core's :class:`ContentReader`); the
cross checks then verify what no single card can: the core box's counts (spec §2), each
faction's 21-card starting deck (§3.1 step 5) out of its 45 combat cards, a spell id never
an equipment id, the scenario decks' 13 cards each with their epic beasts resolved (§2.4,
§5.16), an event id never an ally's or beast's (the encounter deck holds ids), and that
``provisional`` and ``source`` name values of the card. In the
shipped pack every value is sourced or marked provisional; an owner's own pack need not say
where its values come from.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from rulekeeper.core.content import NOT_VALUES, ContentReader, read_yaml
from rulekeeper.core.errors import DataError
from rulekeeper.games.eternia.content.beasts import SCENARIO_DECKS, Ally, EncounterBeast, EpicBeast
from rulekeeper.games.eternia.content.cards import STARTING_DECK, CombatCard
from rulekeeper.games.eternia.content.dice import DiceFile, EpicDie, WildDie
from rulekeeper.games.eternia.content.effects import EFFECT_KINDS, WEAPON_TYPES, Ability
from rulekeeper.games.eternia.content.heroes import FACTIONS, HeroCard
from rulekeeper.games.eternia.content.map_cards import (
    BossCard,
    EventCard,
    ScenarioCard,
    VictoryCard,
)
from rulekeeper.games.eternia.content.objectives import OBJECTIVE_KINDS, TASK_KINDS
from rulekeeper.games.eternia.content.solo import BATTLE_DECKS, BattleCard, Difficulty, EffectCard
from rulekeeper.games.eternia.content.support import EquipmentCard, SpellCard, VehicleCard

__all__ = [
    "COUNTS",
    "PACK_FILES",
    "ContentPack",
    "ContentPackError",
    "check_content_pack",
    "load_content_pack",
]

SHIPPED = "(shipped)"
"""The label of the shipped pack, which must source or mark provisional every value."""
LISTS: Mapping[str, Mapping[str, type[BaseModel]]] = {
    "heroes.yaml": {"heroes": HeroCard},
    "combat_cards.yaml": {"combat_cards": CombatCard},
    "epic_beasts.yaml": {"epic_beasts": EpicBeast},
    "encounters.yaml": {"beasts": EncounterBeast, "allies": Ally},
    "spells.yaml": {"spells": SpellCard},
    "equipment.yaml": {"equipment": EquipmentCard},
    "vehicles.yaml": {"vehicles": VehicleCard},
    "victory_cards.yaml": {"victory_cards": VictoryCard},
    "events.yaml": {"events": EventCard},
    "scenario_cards.yaml": {"scenario_cards": ScenarioCard},
    "boss.yaml": {"bosses": BossCard},
    "solo.yaml": {
        "battle_cards": BattleCard,
        "effect_cards": EffectCard,
        "difficulties": Difficulty,
    },
}
"""The files holding lists of cards: each list's key and model."""
PACK_FILES: tuple[str, ...] = (*LISTS, "dice.yaml")
COUNTS: Mapping[str, int] = {
    "heroes": 12,
    "epic_beasts": 14,
    "beasts": 12,
    "allies": 8,
    "spells": 45,
    "equipment": 38,
    "vehicles": 20,
    "victory_cards": 26,
    "events": 12,
    "bosses": 1,
    "battle_cards": 24,
    "effect_cards": 24,
    "difficulties": 4,
}
"""Cards per list in the core box (spec §2.3, §2.4; seed l.14–93)."""
SCENARIO_CARDS = 13
"""Cards of each scenario deck (spec §2.4; seed l.87, l.91)."""
HEROES_PER_FACTION = 6
"""Hero cards of each faction (spec §2.4)."""
COMBAT_CARDS = 45
"""Combat cards of each faction (spec §2.4)."""
WILD_DICE, EPIC_DICE = 10, 2
"""Wild dice of each faction and epic dice in the box (spec §2.2)."""

READER = ContentReader(
    (*EFFECT_KINDS, *OBJECTIVE_KINDS, *TASK_KINDS),
    ("primary", "secondary", *FACTIONS, "any"),
)
_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\])*)")


class ContentPackError(DataError):
    """A pack that does not load: the first of its ``problems`` is the message."""

    def __init__(self, problems: list[DataError]) -> None:
        first, *others = problems
        counted = f"{first.reason} (and {len(others)} more)" if others else first.reason
        super().__init__(first.source, first.field, counted)
        self.problems = problems


@dataclass(frozen=True)
class ContentPack:
    """Validated content, each table by id: ``heroes``, ``combat_cards`` (both factions),
    ``epic_beasts``, the encounter deck's ``beasts`` and ``allies``, the mage guild's
    ``spells``, the shop's ``equipment`` and the forge's ``vehicles``; the ``dice``; the map
    game's ``victory_cards``, ``events`` (of the encounter deck), ``scenario_cards`` (both
    scenario decks) and ``bosses``; the solo mode's ``battle_cards``, ``effect_cards`` and
    ``difficulties``."""

    heroes: Mapping[str, HeroCard]
    combat_cards: Mapping[str, CombatCard]
    epic_beasts: Mapping[str, EpicBeast]
    beasts: Mapping[str, EncounterBeast]
    allies: Mapping[str, Ally]
    spells: Mapping[str, SpellCard]
    equipment: Mapping[str, EquipmentCard]
    vehicles: Mapping[str, VehicleCard]
    victory_cards: Mapping[str, VictoryCard]
    events: Mapping[str, EventCard]
    scenario_cards: Mapping[str, ScenarioCard]
    bosses: Mapping[str, BossCard]
    battle_cards: Mapping[str, BattleCard]
    effect_cards: Mapping[str, EffectCard]
    difficulties: Mapping[str, Difficulty]
    dice: DiceFile
    folder: str

    def cards(self) -> Iterator[BaseModel]:
        """Every card of the pack, table after table."""
        tables: tuple[Mapping[str, BaseModel], ...] = (
            self.heroes,
            self.combat_cards,
            self.epic_beasts,
            self.beasts,
            self.allies,
            self.spells,
            self.equipment,
            self.vehicles,
            self.victory_cards,
            self.events,
            self.scenario_cards,
            self.bosses,
            self.battle_cards,
            self.effect_cards,
        )
        for table in tables:
            yield from table.values()

    def starting_deck(self, faction: str) -> list[str]:
        """The ids of *faction*'s starting combat deck, one per card (spec §3.1 step 5)."""
        return self._copies(faction, "deck")

    def supply(self, faction: str) -> list[str]:
        """The ids of *faction*'s combat-card supply, one per card (spec §2.4 [INTERP])."""
        return self._copies(faction, "supply")

    def scenario_deck(self, deck: str) -> list[str]:
        """The ids of scenario deck *deck*'s cards (spec §2.4, §5.16), in the file's order."""
        return [card.id for card in self.scenario_cards.values() if card.deck == deck]

    def battle_deck(self, deck: str) -> list[str]:
        """The ids of battle deck *deck* (``momentum`` or ``plain``, spec §3.2 step 4)."""
        momentum = deck == "momentum"
        return [card.id for card in self.battle_cards.values() if card.momentum == momentum]

    def effect_deck(self, difficulty: str) -> list[str]:
        """The ids of the effect deck at *difficulty* (spec §3.2 step 3: by skull count)."""
        most = self.difficulties[difficulty].skulls
        return [card.id for card in self.effect_cards.values() if card.skulls <= most]

    def triggers(self) -> set[str]:
        """Every trigger point (``when``) the pack's abilities use (spec §5.21)."""
        return {ability.when for card in self.cards() for ability in abilities(card)}

    def _copies(self, faction: str, where: str) -> list[str]:
        """The ids of *faction*'s cards, each as many times as its count *where*."""
        cards = (card for card in self.combat_cards.values() if card.faction == faction)
        return [card.id for card in cards for _ in range(getattr(card, where))]

    def effect_users(self) -> dict[str, list[str]]:
        """Every effect kind the pack uses, with the ids of the cards using it."""
        users: dict[str, set[str]] = {}
        for card in self.cards():
            for ability in abilities(card):
                for effect in ability.effects:
                    users.setdefault(effect.kind, set()).add(getattr(card, "id", ""))
        return {kind: sorted(ids) for kind, ids in sorted(users.items())}


def abilities(model: BaseModel) -> Iterator[Ability]:
    """Every ability inside *model* (a hero's passive and weapons' momentum, a card's
    effects, a beast's abilities, bonuses and reward)."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Ability):
                yield item
            elif isinstance(item, BaseModel):
                yield from abilities(item)


def _names(path: str) -> list[str | int] | None:
    """A provenance path (``weapons[1].momentum``) as field names and indexes; None if it is
    not one."""
    parts: list[str | int] = []
    for piece in path.split("."):
        found = _PATH_PART.fullmatch(piece)
        if found is None:
            return None
        parts.append(found.group(1))
        parts += [int(index) for index in re.findall(r"\d+", found.group(2))]
    return parts


def names_a_value(model: BaseModel, path: str) -> bool:
    """Whether *path* names a value of *model*: fields and indexes that exist, not its id,
    texts or provenance."""
    parts = _names(path)
    if not parts or parts[0] in NOT_VALUES:
        return False
    value: Any = model
    for part in parts:
        if isinstance(part, int):
            if not isinstance(value, tuple) or part >= len(value):
                return False
            value = value[part]
        elif isinstance(value, BaseModel) and part in type(value).model_fields:
            value = getattr(value, part)
        else:
            return False
    return True


def _covered(model: BaseModel, field: str, named: set[str]) -> bool:
    """Whether the provenance *named* covers *field*: itself, or each of its items."""
    if field in named:
        return True
    value = getattr(model, field)
    return isinstance(value, tuple) and all(f"{field}[{i}]" in named for i in range(len(value)))


def provenance(model: Any, source: str, where: str, complete: bool) -> list[DataError]:
    """``provisional`` and ``source`` name values of *model*; with *complete* (the shipped
    pack) every value it gives is sourced or provisional."""
    named = {path.split(".")[0] for path in (*model.provisional, *model.source)}
    problems = [
        DataError(source, f"{where}.{key}", f"{path!r} is not a value of the card")
        for key, paths in (("provisional", model.provisional), ("source", list(model.source)))
        for path in paths
        if not names_a_value(model, path)
    ]
    if complete:
        problems += [
            DataError(source, f"{where}.{field}", "neither sourced nor marked provisional")
            for field in model.model_fields_set
            if field not in NOT_VALUES and field != "name" and not _covered(model, field, named)
        ]
    return problems


def _read(folder: Traversable, name: str) -> tuple[Any, list[DataError]]:
    """The YAML document of file *name*, or the problem reading it."""
    if (folder / name).is_file():
        return read_yaml((folder / name).read_text(encoding="utf-8"), name)
    return None, [DataError(name, "(file)", "missing from the pack")]


def _lists(folder: Traversable, name: str) -> tuple[dict[str, list[Any]], list[DataError]]:
    """The valid entries of each list of file *name* (with their index), and its problems."""
    keys = LISTS[name]
    raw, problems = _read(folder, name)
    if problems:
        return {key: [] for key in keys}, problems
    if not isinstance(raw, dict):
        kind = "nothing" if raw is None else type(raw).__name__
        expected = ", ".join(map(repr, keys))
        return {key: [] for key in keys}, [
            DataError(name, "(top level)", f"expected a mapping with {expected}, got {kind}")
        ]
    problems += [
        DataError(name, str(extra), f"unknown top-level key (expected {', '.join(keys)})")
        for extra in raw
        if extra not in keys
    ]
    found: dict[str, list[Any]] = {}
    for key, model in keys.items():
        entries, more, _ = READER.validate_entries({key: raw.get(key)}, key, model, name)
        found[key] = entries if not more else []
        problems += more
    return found, problems


def count_problems(tables: Mapping[str, list[Any]], files: Mapping[str, str]) -> list[DataError]:
    """The core box's counts, for each list that validated (spec §2.3, §2.4)."""
    problems = [
        DataError(files[key], key, f"{len(tables[key])} cards; the core box has {count} (§2.4)")
        for key, count in COUNTS.items()
        if tables[key] and len(tables[key]) != count
    ]
    factions = Counter(card.faction for _, card in tables["heroes"])
    if tables["heroes"] and any(factions[f] != HEROES_PER_FACTION for f in FACTIONS):
        reason = f"heroes by faction {dict(factions)}; each faction has {HEROES_PER_FACTION}"
        problems.append(DataError("heroes.yaml", "heroes", reason + " (spec §2.3)"))
    problems += deck_problems(tables["combat_cards"]) + support_problems(tables)
    problems += scenario_problems(tables) + encounter_problems(tables)
    return problems + solo_problems(tables)


def solo_problems(tables: Mapping[str, list[Any]]) -> list[DataError]:
    """Each battle deck holds every weapon type twice (each round's draw matches, §5.17.3); the
    levels are 1 to 4 once each; each difficulty's effect deck holds enough cards for the
    largest draw (a battle card's number and the level's extra cards)."""
    name = "solo.yaml"
    battles = [card for _, card in tables["battle_cards"]]
    problems: list[DataError] = []
    for pile in BATTLE_DECKS if battles else ():
        held = Counter(card.weapon for card in battles if card.momentum == (pile == "momentum"))
        short = [weapon for weapon in WEAPON_TYPES if held[weapon] < 2]
        if short:
            reason = (
                f"the {pile} deck has {held[short[0]]} cards for weapon type {short[0]!r}; a "
                "combat's two rounds need two (§5.17.3)"
            )
            problems.append(DataError(name, "battle_cards", reason))
    levels = sorted(card.level for _, card in tables["difficulties"])
    if tables["difficulties"] and levels != [1, 2, 3, 4]:
        problems.append(DataError(name, "difficulties", f"levels {levels}; each of 1-4 once"))
    largest = max((card.draws for card in battles), default=0)
    for index, level in tables["difficulties"]:
        deck = [card for _, card in tables["effect_cards"] if card.skulls <= level.skulls]
        if tables["effect_cards"] and len(deck) < largest + level.extra_effects:
            reason = f"{len(deck)} effect cards; a draw takes up to {largest + level.extra_effects}"
            problems.append(DataError(name, f"difficulties[{index}].skulls", reason))
    return problems


def scenario_problems(tables: Mapping[str, list[Any]]) -> list[DataError]:
    """Each scenario deck has 13 cards; an epic beast card names an epic beast of that deck."""
    name = "scenario_cards.yaml"
    cards = tables["scenario_cards"]
    problems: list[DataError] = []
    if cards:
        decks = Counter(card.deck for _, card in cards)
        problems += [
            DataError(name, "scenario_cards", f"{deck} has {decks[deck]} cards; {SCENARIO_CARDS}")
            for deck in SCENARIO_DECKS
            if decks[deck] != SCENARIO_CARDS
        ]
    if not tables["epic_beasts"]:
        return problems
    beasts = {card.id: card for _, card in tables["epic_beasts"]}
    for index, card in cards:
        found = beasts.get(card.beast) if card.beast else None
        if card.beast and found is None:
            reason = f"{card.beast!r} is no epic beast of epic_beasts.yaml"
            problems.append(DataError(name, f"scenario_cards[{index}].beast", reason))
        elif found is not None and card.deck not in found.decks:
            reason = f"{card.beast!r}'s decks {list(found.decks)} do not hold {card.deck!r}"
            problems.append(DataError(name, f"scenario_cards[{index}].deck", reason))
    return problems


def encounter_problems(tables: Mapping[str, list[Any]]) -> list[DataError]:
    """An event's id is no ally's or beast's (the encounter deck holds ids); the boss's is no
    epic beast's."""
    taken = {card.id for key in ("allies", "beasts") for _, card in tables[key]}
    problems = [
        DataError("events.yaml", f"events[{index}].id", f"{card.id!r} is an encounter id too")
        for index, card in tables["events"]
        if card.id in taken
    ]
    beasts = {card.id for _, card in tables["epic_beasts"]}
    return problems + [
        DataError("boss.yaml", f"bosses[{index}].id", f"{card.id!r} is an epic beast id too")
        for index, card in tables["bosses"]
        if card.id in beasts
    ]


def support_problems(tables: Mapping[str, list[Any]]) -> list[DataError]:
    """A spell's id is no equipment's: step 4 names the card it plays by id alone."""
    equipment = {card.id for _, card in tables["equipment"]}
    return [
        DataError("spells.yaml", f"spells[{index}].id", f"{card.id!r} is an equipment id too")
        for index, card in tables["spells"]
        if card.id in equipment
    ]


def deck_problems(cards: list[tuple[int, CombatCard]]) -> list[DataError]:
    """Each faction has 45 combat cards, its starting deck the 21 of spec §3.1 step 5."""
    problems: list[DataError] = []
    if not cards:
        return problems
    for faction in FACTIONS:
        mine = [card for _, card in cards if card.faction == faction]
        total = sum(card.deck + card.supply for card in mine)
        if total != COMBAT_CARDS:
            reason = f"{faction} has {total} combat cards; each faction has {COMBAT_CARDS} (§2.4)"
            problems.append(DataError("combat_cards.yaml", "combat_cards", reason))
        deck = Counter[str]()
        for card in mine:
            deck[card.label] += card.deck
        if +deck != dict(STARTING_DECK):
            reason = (
                f"{faction}'s starting deck is {dict(+deck)}; it is {dict(STARTING_DECK)} "
                "(spec §3.1 step 5)"
            )
            problems.append(DataError("combat_cards.yaml", "combat_cards", reason))
    return problems


def dice_problems(dice: DiceFile) -> list[DataError]:
    """One wild die entry per faction, 10 dice each; 2 epic dice (spec §2.2)."""
    problems: list[DataError] = []
    factions = [die.faction for die in dice.wild_dice]
    if sorted(factions) != sorted(FACTIONS):
        reason = f"one entry per faction ({', '.join(FACTIONS)}), got {factions}"
        problems.append(DataError("dice.yaml", "wild_dice", reason))
    problems += [
        DataError("dice.yaml", f"wild_dice[{i}].count", f"the box has {WILD_DICE} (spec §2.2)")
        for i, die in enumerate(dice.wild_dice)
        if die.count != WILD_DICE
    ]
    if dice.epic_die.count != EPIC_DICE:
        reason = f"the box has {EPIC_DICE} (spec §2.2)"
        problems.append(DataError("dice.yaml", "epic_die.count", reason))
    return problems


def _dice(folder: Traversable, complete: bool) -> tuple[DiceFile | None, list[DataError]]:
    """dice.yaml, checked."""
    raw, problems = _read(folder, "dice.yaml")
    if problems:
        return None, problems
    dice, problems = READER.validate_whole(raw, DiceFile, "dice.yaml")
    if dice is None:
        return None, problems
    problems = dice_problems(dice)
    entries: list[tuple[str, WildDie | EpicDie]] = [
        (f"wild_dice[{i}]", die) for i, die in enumerate(dice.wild_dice)
    ]
    for where, die in [*entries, ("epic_die", dice.epic_die)]:
        problems += provenance(die, "dice.yaml", where, complete)
    return dice, problems


def read_pack(folder: Traversable, label: str) -> tuple[ContentPack | None, list[DataError]]:
    """The pack in *folder* if it has no problem, and every problem it has; *label* names the
    folder (:data:`SHIPPED` for the shipped pack, whose values must all have a provenance)."""
    complete = label == SHIPPED
    tables: dict[str, list[Any]] = {}
    files: dict[str, str] = {}
    problems: list[DataError] = []
    for name in LISTS:
        found, more = _lists(folder, name)
        tables.update(found)
        files.update(dict.fromkeys(found, name))
        problems += more
    for key, entries in tables.items():
        for index, card in entries:
            problems += provenance(card, files[key], f"{key}[{index}]", complete)
    problems += count_problems(tables, files)
    dice, more = _dice(folder, complete)
    problems += more
    if dice is None or problems:
        return None, problems
    by_id = {key: {card.id: card for _, card in entries} for key, entries in tables.items()}
    return ContentPack(**by_id, dice=dice, folder=label), []


def _read_folder(folder: Path | None) -> tuple[ContentPack | None, list[DataError]]:
    """:func:`read_pack` of *folder*, or of the shipped pack (read once: it is immutable)."""
    if folder is None:
        pack, problems = _shipped()
        return pack, list(problems)
    if folder.is_dir():
        return read_pack(folder, str(folder))
    return None, [DataError(str(folder), "(folder)", "not a folder")]


def load_content_pack(folder: Path | None = None) -> ContentPack:
    """The shipped pack, or the pack in *folder*; ContentPackError if it has problems."""
    pack, problems = _read_folder(folder)
    if pack is None:
        raise ContentPackError(problems)
    return pack


def check_content_pack(folder: Path | None = None) -> list[DataError]:
    """Every problem of the pack in *folder* (the shipped one if None); empty if it is valid."""
    return _read_folder(folder)[1]


@cache
def _shipped() -> tuple[ContentPack | None, list[DataError]]:
    """:func:`read_pack` of the shipped pack, read once."""
    return read_pack(resources.files("rulekeeper.games.eternia.content"), SHIPPED)
