"""What a seat sees of an epic combat (its observation) and actions in words."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.games.eternia.combat.area import name_of
from rulekeeper.games.eternia.combat.file import write_combat
from rulekeeper.games.eternia.combat.model import card_kind
from rulekeeper.games.eternia.combat.resolution import totals

__all__ = ["area_observation", "describe", "observation"]

HIDDEN = ("deck", "hand", "down", "focus", "discard", "spells", "consumables")


def area_observation(state: Any, player: int) -> JsonObject:
    """An area's combats as *player* sees them: each hero's HP and soldiers (no cards), the
    epic combat under way as :func:`observation` shows it."""
    area = state.area
    heroes = [area.active, *area.defenders]
    doc: JsonObject = {
        "combat": "area",
        "active": {"hero": name_of(area.active), "damage": area.active.get("damage", 0)},
        "attackers": area.attackers,
        "defenders": [{"hero": name_of(h), "damage": h.get("damage", 0)} for h in heroes[1:]],
        "soldiers": area.soldiers,
        "epic": observation(state, player) if state.epic.fighters else None,
        "pending": [step.kind for step in state.flow.steps],
        "to_act": state.current_player(),
        "result": state.flow.result,
    }
    return doc


def observation(state: Any, player: int) -> JsonObject:
    """The combat file as *player* sees it: the other side's hidden piles as counts (its
    face-down cards as their zones only), every deck as its size; the totals once revealed."""
    doc = write_combat(state.epic, list(state.flow.steps), state.flow.result, None, state.control)
    for side, key in enumerate(("active", "defender")):
        entry = doc[key]
        assert isinstance(entry, dict)
        mine = player >= 0 and player in state.seats_of(side)
        for name in HIDDEN:
            if name not in entry:
                continue
            pile = entry[name]
            assert isinstance(pile, list)
            if name == "deck" or not mine:
                entry[name] = (
                    len(pile)
                    if name != "down"
                    else [{"zone": d["zone"], "blank": d["blank"]} for d in pile]
                )
        if mine or not state.epic.fighters[side].down:  # face-down values stay hidden
            entry["totals"] = totals(state, side)
    solo = doc.get("solo")
    if isinstance(solo, dict):  # nobody sees the enemy decks' order (spec §3.2 step 4)
        for name in ("momentum", "plain", "effects"):
            pile = solo[name]
            assert isinstance(pile, list)
            solo[name] = len(pile)
    doc["pending"] = [step.kind for step in state.flow.steps]
    doc["to_act"] = state.current_player()
    return doc


def describe(state: Any, action: Action) -> str:
    """An action in words."""
    kind = action.kind
    card = state.pack.combat_cards.get(card_kind(str(action.get("card"))))
    if kind == "place" and card is not None:
        name = card.name
        zone = action.get("zone")
        return f"Place {name} " + ("beside the grid" if zone == "beside" else f"in {zone}")
    if kind == "weapon":
        top = state.flow.steps[-1]
        hero = state.pack.heroes[state.epic.fighters[top.side].name]
        weapon = hero.weapons[action.int_param("index")]
        return f"Fight with {weapon.name} ({weapon.type})"
    if kind == "soldiers":
        split = ", ".join(
            f"+{action.get(z)} {z}" for z in ("attack", "defense", "initiative") if action.get(z)
        )
        return f"Sacrifice soldiers: {split}"
    return str(action)
