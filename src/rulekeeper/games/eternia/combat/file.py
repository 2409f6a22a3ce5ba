"""The combat file, format ``eternia-combat`` version 1 (docs/eternia-combat.md): an epic
combat's fighters, their holdings, their decks in order or shuffled, the options and, for a
position inside the procedure, its piles and pending steps. The schema is
``eternia-combat.schema.json`` beside this module.

A card in a file is its content id (``motu-plus-2``) or an instance of it (``motu-plus-2#3``);
ids without a number are numbered on reading, so positions written back round-trip exactly.
A deck is listed in draw order (the first card is drawn first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core.control import Control
from rulekeeper.core.errors import DataError
from rulekeeper.core.flow import Step, StepKinds, write_step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.lasting import Lasting
from rulekeeper.core.record import Reader, from_data, to_data
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.eternia.combat.encounter import WildsCombat
from rulekeeper.games.eternia.combat.grid import ZONES
from rulekeeper.games.eternia.combat.model import Epic, Fighter, Options, Placed, card_kind
from rulekeeper.games.eternia.combat.rounds import EpicCombat
from rulekeeper.games.eternia.combat.solo_file import (
    check_weapons,
    enemy_side,
    read_solo,
    set_battle,
    write_solo,
)
from rulekeeper.games.eternia.content.heroes import FACTIONS
from rulekeeper.games.eternia.content.pack import ContentPack

__all__ = [
    "FORMAT",
    "VERSIONS",
    "carried",
    "read_combat",
    "side_doc",
    "write_combat",
]

FORMAT = "eternia-combat"
VERSIONS = (1,)
TOP = (
    "format",
    "version",
    "combat",
    "options",
    "can_flee",
    "boss",
    "round",
    "active",
    "defender",
    "effects",
    "passed",
    "focuses",
    "pending",
    "result",
    "content",
    "solo",
)
SIDE = (
    "shuffle",
    "boons",
    "encounter",
    "hero",
    "faction",
    "beast",
    "enemy",
    "seat",
    "damage",
    "weapon",
    "eternium",
    "soldiers",
    "friends",
    "spells",
    "consumables",
    "held",
    "deck",
    "hand",
    "down",
    "grid",
    "beside",
    "focus",
    "discard",
    "placed",
    "last_zone",
    "done",
    "sacrificed",
    "lost",
    "inflicted",
    "epic",
    "start_eternium",
    "spent",
)
MAX_SEATS = 15
PILES = ("hand", "focus", "discard", "beside")
NO_SEAT = -5


def _fail(source: str, field: str, reason: str) -> DataError:
    return DataError(source, field, reason)


def _numbered(cards: list[str], taken: Counter[str]) -> list[str]:
    """*cards* with each plain content id given the next free instance number."""
    out = []
    for card in cards:
        if "#" in card:
            out.append(card)
            continue
        taken[card] += 1
        out.append(f"{card}#{taken[card]}")
    return out


def _cards(value: Any, source: str, path: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise _fail(source, path, "expected a list of card ids")
    return list(value)


def _hero_side(
    entry: Mapping[str, Any], pack: ContentPack, rng: Pcg32, source: str, path: str
) -> Fighter:
    hero = pack.heroes.get(str(entry["hero"]))
    if hero is None:
        raise _fail(source, f"{path}.hero", f"unknown hero {entry['hero']!r} (heroes.yaml)")
    bonus = _held_stats(entry, pack, source, path)
    faction = str(entry.get("faction") or hero.faction)
    if faction not in FACTIONS:
        raise _fail(source, f"{path}.faction", f"one of {', '.join(FACTIONS)}")
    fighter = Fighter(
        kind="hero",
        name=hero.id,
        faction=faction,
        health=hero.health + bonus.get("health", 0),
        initiative=hero.initiative + bonus.get("initiative", 0),
        mind=hero.mind + bonus.get("mind", 0),
    )
    piles: dict[str, list[str]] = {}
    taken: Counter[str] = Counter()
    for name in ("deck", *PILES, "down"):
        if name in entry:
            raw = entry[name]
            if name == "down":
                raw = [item.get("card") if isinstance(item, Mapping) else item for item in raw]
            piles[name] = _cards(raw, source, f"{path}.{name}")
    grid = entry.get("grid", [])
    for cards in piles.values():
        for card in cards:
            if "#" in card:
                taken[card_kind(card)] = max(
                    taken[card_kind(card)], int(card.partition("#")[2] or 0)
                )
    if not any(piles.values()) and not grid:
        deck = _numbered(pack.starting_deck(faction), taken)
        rng.shuffle(deck)
        fighter.deck = deck
    else:
        fighter.deck = list(reversed(_numbered(piles.get("deck", []), taken)))
        if entry.get("shuffle") is True:  # the deck's cards given, their order the stream's
            rng.shuffle(fighter.deck)
        for name in PILES:
            setattr(fighter, name, _numbered(piles.get(name, []), taken))
        downs = entry.get("down", [])
        fighter.down = _numbered(piles.get("down", []), taken)
        fighter.down_zones = [
            str(item.get("zone", "")) if isinstance(item, Mapping) else "" for item in downs
        ]
        fighter.down_blank = [
            bool(item.get("blank", False)) if isinstance(item, Mapping) else False for item in downs
        ]
        fighter.grid = [
            _placed(item, taken, source, f"{path}.grid[{i}]") for i, item in enumerate(grid)
        ]
    for name in ("spells", "consumables", "held", "boons"):
        setattr(fighter, name, _cards(entry.get(name, []), source, f"{path}.{name}"))
    unknown = [card for card in fighter.boons if card not in pack.spells]
    if unknown:
        raise _fail(source, f"{path}.boons", f"unknown spell {unknown[0]!r} (spells.yaml)")
    return fighter


def _placed(item: Any, taken: Counter[str], source: str, path: str) -> Placed:
    if not isinstance(item, Mapping) or "card" not in item or item.get("zone") not in ZONES:
        raise _fail(source, path, "a card on the grid is {card, zone, blank?, used?}")
    card = _numbered([str(item["card"])], taken)[0]
    return Placed(
        card=card,
        zone=str(item["zone"]),
        blank=bool(item.get("blank", False)),
        used=bool(item.get("used", False)),
    )


def entry_health(pack: ContentPack, entry: Mapping[str, Any], source: str = FORMAT) -> int:
    """A hero side's Health: its card's and what its ``held`` cards add (spec §5.11); an enemy
    hero's (solo) its card's."""
    hero = pack.heroes[str(entry.get("hero") or entry.get("enemy"))]
    return int(hero.health) + _held_stats(entry, pack, source, "side").get("health", 0)


def _held_stats(
    entry: Mapping[str, Any], pack: ContentPack, source: str, path: str
) -> dict[str, int]:
    """The statistics the held cards raise (their ``held`` stat bonuses)."""
    out: Counter[str] = Counter()
    for index, card in enumerate(_cards(entry.get("held", []), source, f"{path}.held")):
        found: Any = (
            pack.beasts.get(card)
            or pack.allies.get(card)
            or pack.epic_beasts.get(card)
            or pack.equipment.get(card)
            or pack.vehicles.get(card)
        )
        if found is None or getattr(found, "type", "") == "consumable":
            reason = f"unknown card {card!r} (a beast, an ally, an armor, an artifact or a vehicle)"
            raise _fail(source, f"{path}.held[{index}]", reason)
        bonuses = (
            getattr(found, "hero_bonus", ())
            or getattr(found, "taming_bonus", ())
            or getattr(found, "effects", ())
        )
        for ability in bonuses:
            for effect in ability.effects:
                if ability.when == "held" and effect.kind == "stat-bonus":
                    out[effect.stat] += effect.amount
    return dict(out)


def _beast_side(entry: Mapping[str, Any], pack: ContentPack, source: str, path: str) -> Fighter:
    name = str(entry["beast"])
    beast = pack.epic_beasts.get(name) or pack.bosses.get(name)
    if beast is None:
        raise _fail(source, f"{path}.beast", f"unknown epic beast or boss {name!r}")
    spells = _cards(entry.get("spells", []), source, f"{path}.spells")
    if spells and "seat" not in entry:
        reason = "spells against the hero need the seat of the team casting them (A-46)"
        raise _fail(source, f"{path}.spells", reason)
    return Fighter(
        spells=spells,
        kind="beast",
        name=beast.id,
        health=beast.health,
        initiative=beast.initiative,
        attack=beast.attack,
        defense=beast.defense,
        done=True,
    )


def _encounter_side(entry: Mapping[str, Any], pack: ContentPack, source: str, path: str) -> Fighter:
    name = str(entry["encounter"])
    card: Any = pack.beasts.get(name) or pack.allies.get(name)
    if card is None:
        reason = f"unknown encounter card {name!r} (a beast or an ally of encounters.yaml)"
        raise _fail(source, f"{path}.encounter", reason)
    return Fighter(
        kind="encounter",
        name=name,
        health=card.health,
        attack=card.attack,
        defense=card.defense,
        done=True,
    )


SCALARS = (
    "damage",
    "weapon",
    "soldiers",
    "friends",
    "placed",
    "last_zone",
    "done",
    "sacrificed",
    "lost",
    "inflicted",
    "epic",
)


def _side(entry: Any, pack: ContentPack, rng: Pcg32, source: str, path: str) -> Fighter:
    if not isinstance(entry, Mapping):
        raise _fail(source, path, "a side is an object with a hero or a beast")
    unknown = sorted(set(entry) - set(SIDE))
    if unknown:
        raise _fail(source, f"{path}.{unknown[0]}", f"unknown field (known: {', '.join(SIDE)})")
    if sum(1 for key in ("hero", "beast", "encounter", "enemy") if key in entry) != 1:
        reason = "a side has a hero, an epic beast, an encounter card or an enemy hero (solo)"
        raise _fail(source, path, reason)
    if "encounter" in entry:
        if path == "active":
            raise _fail(source, "active.encounter", "the active side is a hero (spec §5.8)")
        fighter = _encounter_side(entry, pack, source, path)
    elif "enemy" in entry:
        fighter = enemy_side(entry, pack, source, path)
    elif "beast" in entry:
        if path == "active":
            raise _fail(source, "active.beast", "the active side is a hero (spec §5.6.2)")
        fighter = _beast_side(entry, pack, source, path)
    else:
        fighter = _hero_side(entry, pack, rng, source, path)
    reader = Reader(source)
    scalars = {k: entry[k] for k in SCALARS if k in entry}
    if scalars:
        base = to_data(fighter)
        assert isinstance(base, dict)
        fighter = from_data(Fighter, {**base, **scalars}, reader, path)
    return fighter


def _check_deck(fighter: Fighter, pack: ContentPack, source: str, path: str) -> None:
    """A hero's 21 combat cards, each once, all of its faction (spec §5.6.1)."""
    cards = [
        *fighter.deck,
        *fighter.hand,
        *fighter.down,
        *(p.card for p in fighter.grid),
        *fighter.beside,
        *fighter.focus,
        *fighter.discard,
    ]
    for card in cards:
        found = pack.combat_cards.get(card_kind(card))
        if found is None or found.faction != fighter.faction:
            raise _fail(source, f"{path}.deck", f"{card!r} is not a {fighter.faction} combat card")
    if len(cards) != 21:
        raise _fail(
            source,
            f"{path}.deck",
            f"a combat deck has exactly 21 cards, not {len(cards)} (spec §5.6.1)",
        )
    twice = [card for card, count in Counter(cards).items() if count > 1]
    if twice:
        raise _fail(source, f"{path}.deck", f"card {twice[0]!r} is listed twice")


def read_combat(
    doc: Mapping[str, Any],
    pack: ContentPack,
    rng: Pcg32,
    steps: StepKinds,
    source: str,
    nested: bool = False,
) -> tuple[Epic, list[Step[Any]]]:
    """The epic combat of a combat file and its pending steps (DataError naming the field);
    *nested*: an area's combat under way, whose steps are the area's."""
    unknown = sorted(set(doc) - set(TOP))
    if unknown:
        raise _fail(source, unknown[0], f"unknown field (known: {', '.join(TOP)})")
    if doc.get("format", FORMAT) != FORMAT:
        raise _fail(source, "format", f"expected {FORMAT!r}")
    if doc.get("version", 1) not in VERSIONS:
        raise _fail(source, "version", f"this engine reads versions {VERSIONS}")
    kind = doc.get("combat", "epic")
    if kind not in ("epic", "wilds"):
        raise _fail(source, "combat", "epic or wilds here (read_area reads an area's)")
    reader = Reader(source)
    options = from_data(Options, doc.get("options", {}), reader, "options")
    fighters = [_side(doc.get(key), pack, rng, source, key) for key in ("active", "defender")]
    if (kind == "wilds") != (fighters[1].kind == "encounter"):
        raise _fail(source, "defender", "a wilds combat is fought against an encounter card")
    if kind == "wilds":
        card = pack.allies.get(fighters[1].name)
        if card is not None and card.loyalty == fighters[0].faction and not options.free_heroes:
            reason = "an ally loyal to the hero's faction is acquired, not fought (spec §5.8)"
            raise _fail(source, "defender.encounter", reason)
    if fighters[1].kind == "enemy" and "solo" not in doc:
        reason = "an enemy hero is fought in the solo mode: give the solo section (difficulty)"
        raise _fail(source, "solo", reason)
    if fighters[1].kind == "hero":
        if fighters[0].faction == fighters[1].faction:
            raise _fail(source, "defender.hero", "the defender is of the other faction")
        seats = side_seats(doc, source)
        if seats[fighters[0].name] == seats[fighters[1].name]:
            raise _fail(source, "defender.seat", "each side is played by its own seat")
    for key, fighter in zip(("active", "defender"), fighters, strict=True):
        if fighter.kind == "hero":
            _check_deck(fighter, pack, source, key)
        if fighter.damage > fighter.health or (
            not fighter.alive and "pending" not in doc and doc.get("result") is None
        ):
            reason = f"at most {fighter.health - 1}: a fighter at 0 HP is defeated"
            raise _fail(source, f"{key}.damage", reason)
    epic = Epic(fighters=fighters, options=options)
    epic.round = doc.get("round", 1)
    epic.can_flee = bool(doc.get("can_flee", True))
    epic.boss = bool(doc.get("boss", False))
    for side, key in enumerate(("active", "defender")):
        entry = doc.get(key) or {}
        epic.eternium[side] = int(entry.get("eternium", 0))
        epic.start_eternium[side] = int(entry.get("start_eternium", epic.eternium[side]))
        epic.spent[side] = int(entry.get("spent", 0))
    casting = fighters[1].kind == "beast" and "seat" in (doc.get("defender") or {})
    epic.passed = list(doc.get("passed", [False, fighters[1].kind != "hero" and not casting]))
    epic.focuses = list(doc.get("focuses", [0, 0]))
    if "solo" in doc:
        epic.solo = read_solo(doc["solo"], pack, rng, source)
        if fighters[1].kind == "enemy":
            check_weapons(fighters[1], epic.solo, pack, source)
            set_battle(fighters[1], epic.solo, pack)
    epic.effects = [
        from_data(Lasting, e, reader, f"effects[{i}]") for i, e in enumerate(doc.get("effects", []))
    ]
    epic = from_data(Epic, to_data(epic), reader, "<combat>")  # every value in its bounds
    pending = doc.get("pending")
    if pending is None:
        root: Step[Any] = WildsCombat() if kind == "wilds" else EpicCombat()
        return epic, [] if doc.get("result") is not None or nested else [root]
    found = [steps.read_step(item, reader, f"pending[{i}]") for i, item in enumerate(pending)]
    return epic, found


def side_seats(doc: Mapping[str, Any], source: str = FORMAT) -> dict[str, int]:
    """The seat that plays each hero of a combat file (its ``seat``; by default the active
    hero's is 0 and the defender's 1): the state's piece control (core/control.py)."""
    out: dict[str, int] = {}
    for default, key in enumerate(("active", "defender")):
        entry = doc.get(key)
        if isinstance(entry, Mapping) and isinstance(entry.get("hero"), str):
            out[entry["hero"]] = seat_in(entry, default, source, f"{key}.seat")
        elif isinstance(entry, Mapping) and isinstance(entry.get("beast"), str) and "seat" in entry:
            out[entry["beast"]] = seat_in(entry, default, source, f"{key}.seat")
    return out


def seat_in(entry: Mapping[str, Any], default: int, source: str, path: str) -> int:
    """The ``seat`` of a side entry (a seat number, 0 to 15), *default* when it has none."""
    seat = entry.get("seat", default)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= MAX_SEATS:
        raise _fail(source, path, f"a seat is a whole number from 0 to {MAX_SEATS}")
    return seat


def side_doc(epic: Epic, side: int, control: Control | None = None) -> JsonObject:
    """*side* as a combat file's side entry (its seat from *control*, by default its side)."""
    fighter = epic.fighters[side]
    out: JsonObject = {}
    if fighter.kind == "hero":
        out["hero"] = fighter.name
        out["faction"] = fighter.faction
        owner = None if control is None else control.owner(fighter.name)
        out["seat"] = side if owner is None else owner
    elif fighter.kind == "enemy":
        out["enemy"] = fighter.name
    else:
        out["encounter" if fighter.kind == "encounter" else "beast"] = fighter.name
        owner = None if control is None else control.owner(fighter.name)
        if owner is not None:  # the other team casting spells in a beast fight
            out["seat"] = owner
            out["spells"] = list(fighter.spells)
    for key in SCALARS:
        out[key] = to_data(fighter)[key]
    if fighter.kind == "hero":
        out["deck"] = list(reversed(fighter.deck))
        for name in (*PILES, "spells", "consumables", "held"):
            out[name] = list(getattr(fighter, name))
        if fighter.boons:
            out["boons"] = list(fighter.boons)
        out["down"] = [
            {"card": c, "zone": z, "blank": b}
            for c, z, b in zip(fighter.down, fighter.down_zones, fighter.down_blank, strict=True)
        ]
        out["grid"] = [to_data(p) for p in fighter.grid]
    out["eternium"] = epic.eternium[side]
    out["start_eternium"] = epic.start_eternium[side]
    out["spent"] = epic.spent[side]
    return out


CARRIED = (
    "hero",
    "enemy",
    "faction",
    "seat",
    "damage",
    "eternium",
    "soldiers",
    "friends",
    "spells",
    "consumables",
    "held",
    "deck",
)
"""What a hero keeps from one epic combat to the next in an area (spec §5.5)."""


def carried(epic: Epic, side: int, control: Control) -> JsonObject:
    """*side* after its epic combat, as the area's next combat starts it (its 21 cards in
    its deck in their shuffled order, its damage, soldiers and Eternium)."""
    entry = side_doc(epic, side, control)
    entry["soldiers"] = epic.fighters[side].soldiers
    return {key: entry[key] for key in CARRIED if key in entry}


def write_combat(
    epic: Epic,
    pending: Sequence[Step[Any]],
    result: JsonObject | None,
    content: str | None,
    control: Control | None = None,
) -> JsonObject:
    """The combat as a combat file (a position: it reads back to the same state)."""
    doc: JsonObject = {
        "format": FORMAT,
        "version": VERSIONS[-1],
        "combat": "wilds" if epic.fighters[1].kind == "encounter" else "epic",
        "options": to_data(epic.options),
        "can_flee": epic.can_flee,
        "boss": epic.boss,
        "round": epic.round,
        "active": side_doc(epic, 0, control),
        "defender": side_doc(epic, 1, control),
        "effects": [to_data(e) for e in epic.effects],
        "passed": list(epic.passed),
        "focuses": list(epic.focuses),
        "pending": [write_step(step) for step in pending],
        "result": result,
    }
    if epic.solo is not None:
        doc["solo"] = write_solo(epic.solo)
    if content is not None:
        doc["content"] = content
    return doc
