"""Writing a battle as a battle file (docs/homm3-battle.md): readable names, every field."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.core.flow import write_step
from rulekeeper.core.record import to_data
from rulekeeper.games.homm3.battle.fields import FORMAT, VERSIONS
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import SIDES, TOWER, Battle, Unit
from rulekeeper.games.homm3.content.locations import RESOURCES


def _unit(unit: Unit) -> JsonObject:
    entry: JsonObject = {"id": unit.id, "card": unit.card, "side": unit.face}
    if unit.damage:
        entry["damage"] = unit.damage
    if unit.field >= 0:
        entry["field"] = board.name(unit.field)
    elif unit.field == TOWER:
        entry["field"] = "tower"
    for name in ("destroyed", "defending", "paralysed", "activated"):
        if getattr(unit, name):
            entry[name] = True
    if unit.retaliations:
        entry["retaliations"] = unit.retaliations
    if unit.was_pack != (unit.face == "pack"):
        entry["was_pack"] = unit.was_pack
    if unit.used:
        entry["used"] = list(unit.used)
    if unit.overlay:
        entry["overlay"] = unit.overlay
        entry["under_damage"] = unit.under_damage
    return entry


def write_battle(
    battle: Battle, steps: list[Any], content: str | None, result: JsonObject | None = None
) -> JsonObject:
    """*battle* with its pending *steps* as a battle file (a finished one with its *result*)."""
    doc: JsonObject = {
        "format": FORMAT,
        "version": VERSIONS[-1],
        "mode": battle.mode,
        "difficulty": battle.difficulty,
        "options": dict(battle.options),
        "site": to_data(battle.site),
    }
    if content is not None:
        doc["content"] = content
    for index, army in enumerate(battle.armies):
        side: JsonObject = {"kind": army.kind}
        if army.hero is not None:
            side["hero"] = to_data(army.hero)
        side["units"] = [_unit(battle.units[uid]) for uid in army.units]
        if army.spells_cast:
            side["spells_cast"] = army.spells_cast
        for name in ("played", "drawn", "discarded", "removed", "last_cast"):
            if getattr(battle, name)[index]:
                side[name] = list(getattr(battle, name)[index])
        if battle.mp_spent[index]:
            side["mp_spent"] = battle.mp_spent[index]
        if battle.gold_paid[index]:
            side["gold_paid"] = battle.gold_paid[index]
        gains = battle.card_gains[index]
        if any(gains.values()):
            side["card_gains"] = {name: gains[name] for name in RESOURCES if gains.get(name)}
        if army.kind == "ai-hero":
            side["ai_deck"] = list(army.ai_deck)
            for name in ("ai_discard", "ai_spells"):
                if getattr(army, name):
                    side[name] = list(getattr(army, name))
            if army.ai_skill:
                side["ai_skill"] = army.ai_skill
        doc[SIDES[index]] = side
    doc["round"] = battle.round
    if battle.extensions:
        doc["extensions"] = battle.extensions
    if battle.last_side >= 0:
        doc["last_initiative"] = battle.last_initiative
        doc["last_side"] = battle.last_side
    if battle.obstacles:
        doc["obstacles"] = [
            {"kind": o.kind, "field": board.name(o.field), "intact": o.intact}
            for o in battle.obstacles
        ]
    if battle.lasting:
        doc["lasting"] = [to_data(effect) for effect in battle.lasting]
    if battle.decider:
        doc["decider"] = battle.decider
    doc["pending"] = [write_step(step) for step in steps]
    if not steps and result is not None:
        doc["result"] = _without_empty_gains(result)
    return doc


def _without_empty_gains(result: JsonObject) -> JsonObject:
    """*result* as a battle file writes it: a side's ``card_gains`` only if a card gave it
    something (combat/result.py ``result_data``; a save may hold an empty one)."""
    sides = result.get("sides")
    if not isinstance(sides, list):
        return result
    out = dict(result)
    out["sides"] = [
        {k: v for k, v in side.items() if k != "card_gains" or v}
        if isinstance(side, dict)
        else side
        for side in sides
    ]
    return out
