"""The combat file's area and soldier kinds (docs/eternia-combat.md): ``combat: area``, a hero
entering an area held by enemy heroes and soldiers (spec §5.5), and ``combat: soldiers``,
soldiers entering an area (spec §5.9). The epic and wilds kinds are file.py's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core.control import Control
from rulekeeper.core.errors import DataError
from rulekeeper.core.flow import Step, StepKinds, write_step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Reader, from_data, to_data
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.eternia.combat.area import Area, AreaCombat, epic_doc, name_of
from rulekeeper.games.eternia.combat.file import (
    FORMAT,
    VERSIONS,
    entry_health,
    read_combat,
    seat_in,
    write_combat,
)
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.soldier_combat import SoldierCombat
from rulekeeper.games.eternia.content.pack import ContentPack

__all__ = ["area_seats", "read_area", "write_area"]

AREA_TOP = (
    "attackers",
    "format",
    "version",
    "combat",
    "options",
    "can_flee",
    "active",
    "defenders",
    "soldiers",
    "solo",
    "epic",
    "pending",
    "result",
    "content",
)


def read_area(
    doc: Mapping[str, Any], pack: ContentPack, rng: Pcg32, steps: StepKinds, source: str
) -> tuple[Area, Epic | None, list[Step[Any]]]:
    """An area's combats (``combat: area``, spec §5.5): the entering hero, the defending heroes
    and soldiers, the epic combat under way if any, the pending steps."""
    unknown = sorted(set(doc) - set(AREA_TOP))
    if unknown:
        raise DataError(source, unknown[0], f"unknown field (known: {', '.join(AREA_TOP)})")
    kind = doc.get("combat")
    defenders = doc.get("defenders")
    fresh = doc.get("pending") is None and doc.get("result") is None
    least = 1 if fresh and kind == "area" else 0
    if not isinstance(defenders, list) or not least <= len(defenders) <= 3:
        raise DataError(source, "defenders", "one to three defending heroes (combat-file sides)")
    reader = Reader(source)
    raw = {k: doc[k] for k in ("active", "options", "can_flee", "attackers", "solo") if k in doc}
    fields = {"active": {}, **raw, "defenders": defenders, "soldiers": doc.get("soldiers", 0)}
    area = from_data(Area, {**fields, "kind": kind}, reader, "<area>")
    if area.kind == "soldiers":
        return area, None, _soldier_steps(doc, area, pack, steps, reader, source)
    for index in range(len(area.defenders)):  # each fight must be a valid epic combat
        fight = epic_doc(area, index) if fresh else {**epic_doc(area, index), "pending": []}
        try:
            read_combat(fight, pack, rng.clone(), steps, source, nested=not fresh)
        except DataError as error:
            field = error.field.replace("defender", f"defenders[{index}]", 1)
            raise DataError(source, field, error.reason) from None
    epic = None
    if doc.get("epic") is not None:
        epic, _ = read_combat(doc["epic"], pack, rng, steps, source, nested=True)
    pending = doc.get("pending")
    if pending is None:
        return area, epic, [] if doc.get("result") is not None else [AreaCombat()]
    found = [steps.read_step(item, reader, f"pending[{i}]") for i, item in enumerate(pending)]
    return area, epic, found


def _soldier_steps(
    doc: Mapping[str, Any],
    area: Area,
    pack: ContentPack,
    steps: StepKinds,
    reader: Reader,
    source: str,
) -> list[Step[Any]]:
    """The pending steps of a soldier combat, its defending heroes checked."""
    for index, entry in enumerate(area.defenders):
        if not isinstance(entry, Mapping) or name_of(entry) not in pack.heroes:
            raise DataError(source, f"defenders[{index}].hero", "a defending hero of heroes.yaml")
        damage = entry.get("damage", 0)
        health = entry_health(pack, entry, source)
        if not isinstance(damage, int) or not 0 <= damage < health:
            raise DataError(source, f"defenders[{index}].damage", f"0 to {health - 1}")
    pending = doc.get("pending")
    if pending is None:
        return [] if doc.get("result") is not None else [SoldierCombat()]
    return [steps.read_step(item, reader, f"pending[{i}]") for i, item in enumerate(pending)]


def area_seats(area: Area, source: str = FORMAT) -> dict[str, int]:
    """The seat that plays each hero of an area (the entering hero's 0, the defenders' 1 by
    default): the state's piece control."""
    out: dict[str, int] = {}
    for index, entry in enumerate([area.active, *area.defenders]):
        if isinstance(entry.get("hero"), str):
            path = "active.seat" if index == 0 else f"defenders[{index - 1}].seat"
            out[str(entry["hero"])] = seat_in(entry, min(index, 1), source, path)
    return out


def write_area(
    area: Area,
    epic: Epic | None,
    pending: Sequence[Step[Any]],
    result: JsonObject | None,
    content: str | None,
    control: Control | None = None,
) -> JsonObject:
    """An area's combats as a combat file (a position)."""
    doc: JsonObject = {"format": FORMAT, "version": VERSIONS[-1]}
    doc.update(to_data(area))
    doc["combat"] = doc.pop("kind")
    if not area.solo:  # (a game between teams)
        doc.pop("solo")
    doc["epic"] = None if epic is None else write_combat(epic, (), None, None, control)
    doc["pending"] = [write_step(step) for step in pending]
    doc["result"] = result
    if content is not None:
        doc["content"] = content
    return doc
