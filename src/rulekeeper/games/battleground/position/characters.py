"""The characters of a position: place, facing, equipment, wounds, buffs and debuffs, with their
defaults (First Game weapons, facing the enemy's deployment zone)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from rulekeeper.core.hexes import DIRECTION_NAMES, centre, neighbour
from rulekeeper.core.position import field_readers, read_record
from rulekeeper.core.record import to_data
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.measures import GROUND, Position
from rulekeeper.games.battleground.content.effects import (
    COMMON_BUFFS,
    COMMON_DEBUFFS,
    Buff,
    Debuff,
)
from rulekeeper.games.battleground.content.pack import ContentPack
from rulekeeper.games.battleground.model import (
    Fighter,
    Status,
)
from rulekeeper.games.battleground.position.reading import Reading, read_value, unknown_fields

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

    StateT = TypeVar("StateT", bound=BattleState)
from rulekeeper.games.battleground.position.fields import (
    CHARACTER_FIELDS,
    CHARACTER_SPECIAL,
    json_kind,
)
from rulekeeper.games.battleground.position.writing import write_at


def read_characters(reading: Reading) -> None:
    """The ``characters``, in order (the order the rules go through them, e.g. discarding
    their cards at the clean-up): each on the battleground or knocked out."""
    raw = reading.doc.get("characters", [])
    problems = reading.problems
    if not isinstance(raw, list):
        problems.add("characters", "a list of characters: id, place, facing, ...")
        return
    places: dict[Position, str] = {}
    for index, entry in enumerate(raw):
        path = f"characters[{index}]"
        if not isinstance(entry, Mapping):
            problems.add(path, f"expected an object, got {json_kind(entry)}")
            continue
        key = entry.get("id")
        card = reading.pack.characters.get(key) if isinstance(key, str) else None
        if card is None or not isinstance(key, str):
            problems.add(f"{path}.id", f"unknown character {key!r}")
            continue
        if key in reading.listed:
            problems.add(f"{path}.id", f"{key} is there twice")
            continue
        reading.listed.add(key)
        owner = reading.game.owner_of_faction(card.faction)
        fighter = read_character(reading, key, owner, entry, path)
        if fighter is None:
            continue
        if not fighter.knocked_out:
            if fighter.position in places:
                problems.add(f"{path}.at", f"{places[fighter.position]} stands there")
            places[fighter.position] = key
        reading.fighters[key] = fighter


def read_character(
    reading: Reading, key: str, owner: int, entry: Mapping[str, Any], path: str
) -> Fighter | None:
    """One character, every bad field named; None if any was bad."""
    problems = reading.problems
    before = len(problems)
    unknown_fields(entry, problems, ("id", *CHARACTER_SPECIAL, *CHARACTER_FIELDS), path)
    readers = field_readers(Fighter)
    values: dict[str, Any] = {}
    for name, attribute in CHARACTER_FIELDS.items():
        if name in entry:
            read = readers[attribute][0]
            values[attribute] = read_value(reading, read, entry[name], f"{path}.{name}")
    if "weapons" not in entry:
        values["weapons"] = first_game_weapons(reading.pack, key)
    knocked_out = values.get("knocked_out") is True
    if "at" in entry:
        at = read_at(reading, entry["at"], f"{path}.at")
    elif knocked_out:
        at = min(reading.field.positions)
    else:
        problems.add(f"{path}.at", "missing: where the character stands, [q, r] or [q, r, level]")
        at = None
    facing = read_facing(reading, entry["facing"], f"{path}.facing") if "facing" in entry else None
    statuses = [
        status
        for slot in ("buff", "debuff")
        if slot in entry
        for status in [read_status(reading, slot, entry[slot], f"{path}.{slot}")]
        if status is not None
    ]
    if len(problems) > before or at is None:
        return None
    if facing is None:
        facing = facing_toward_enemy(reading.field, at, owner)
    fighter = Fighter(key, owner, at.q, at.r, at.level, facing, **values)
    for status in statuses:
        setattr(fighter, status["slot"], status["name"])
    if statuses:
        reading.statuses[key] = statuses
    return fighter


def read_at(reading: Reading, value: Any, path: str) -> Position | None:
    """A place ``[q, r]`` (on the ground) or ``[q, r, level]`` of the battlefield."""
    ok = isinstance(value, list) and len(value) in (2, 3)
    if ok and not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        ok = False
    if not ok:
        reading.problems.add(path, f"a place is [q, r] or [q, r, level], not {value!r}")
        return None
    pos = Position(value[0], value[1], value[2] if len(value) == 3 else GROUND)
    if pos not in reading.field.positions:
        reading.problems.add(path, f"{write_at(pos)} is not a place of {reading.field.name}")
        return None
    return pos


def read_facing(reading: Reading, value: Any, path: str) -> int | None:
    """A direction: its name (E, NE, NW, W, SW, SE) or its number 0 to 5."""
    if isinstance(value, str) and value.upper() in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(value.upper())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5:
        return value
    names = ", ".join(DIRECTION_NAMES)
    reading.problems.add(path, f"a direction is one of {names} (or 0 to 5), not {value!r}")
    return None


def facing_toward_enemy(field: Battlefield, at: Position, owner: int) -> int:
    """The direction from *at* closest to the middle of the enemy's deployment zone."""
    enemy = sorted(field.zones.get(1 - owner, ()))
    if not enemy:
        return 0
    ex, ey = centre(enemy[len(enemy) // 2])

    def gap(direction: int) -> float:
        x, y = centre(neighbour(at.hex, direction))
        return (x - ex) ** 2 + (y - ey) ** 2

    return min(range(6), key=gap)


def first_game_weapons(pack: ContentPack, character: str) -> tuple[str, ...]:
    """The weapons the First Game Setup gives *character* (none if it is not in it)."""
    for side in pack.setups.first_game.sides:
        for entry in side.characters:
            if entry.character == character:
                return tuple(entry.weapons)
    return ()


def read_status(reading: Reading, slot: str, value: Any, path: str) -> dict[str, Any] | None:
    """A buff or debuff: a name, or ``{name, ongoing, on_removed}`` for a unique one; a unique
    one given by name alone carries the rules the cards give it."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        data: dict[str, Any] = {"name": value}
        if value not in (COMMON_BUFFS if slot == "buff" else COMMON_DEBUFFS):
            rules = unique_status_rules(reading.pack, slot, value)
            if not rules:
                common = ", ".join(COMMON_BUFFS if slot == "buff" else COMMON_DEBUFFS)
                reason = f"no {slot} {value!r} (common: {common}; or a unique one of the cards)"
                reading.problems.add(path, reason)
                return None
            data.update(rules)
    elif isinstance(value, Mapping):
        data = dict(value)
    else:
        reading.problems.add(path, f"a {slot} is a name, or an object with its name and rules")
        return None
    if "slot" in data:
        reading.problems.add(f"{path}.slot", "unknown field (the slot is where it is written)")
        return None
    status = read_record(Status, {"slot": slot, **data}, reading.problems, path, reading.reader)
    return None if status is None else to_data(status)


def unique_status_rules(pack: ContentPack, slot: str, name: str) -> dict[str, Any]:
    """The rules (``ongoing``, ``on_removed``) the pack gives the unique buff or debuff
    *name*, or nothing for a common one."""
    stack: list[Any] = [
        *pack.characters.values(),
        *pack.weapons.values(),
        *pack.items.values(),
        *pack.fate.values(),
        *pack.glory.values(),
    ]
    key = (slot, name)
    while stack:
        item = stack.pop()
        if isinstance(item, Buff | Debuff) and item.unique and (item.kind, item.name) == key:
            return status_rules(item)
        if isinstance(item, BaseModel):
            stack.extend(getattr(item, key) for key in type(item).model_fields)
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
    return {}


def status_rules(status: Buff | Debuff) -> dict[str, Any]:
    """The rules a unique status carries, as data (``ongoing``, ``on_removed``)."""
    rules: dict[str, Any] = {}
    if status.ongoing is not None:
        rules["ongoing"] = status.ongoing.model_dump(mode="json")
    if status.on_removed is not None:
        rules["on_removed"] = [effect.model_dump(mode="json") for effect in status.on_removed]
    return rules
