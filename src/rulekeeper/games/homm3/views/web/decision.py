"""Who decides what now, and a seat's own part of the HoMM3 combat board (issue 23 §1): the
prompt of the step waiting, the active unit's reachable fields, the seat's hand face up, and
each of its legal actions mapped to the click that takes it (a unit, a field, a card or a
button), with an attack's exact odds (``state.odds``) in percentages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import CHANCE, Action, JsonObject, JsonValue
from rulekeeper.games.homm3.combat import board as grid
from rulekeeper.games.homm3.combat import movement, spells
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.stats import card, move_type
from rulekeeper.games.homm3.content.cards import Spell
from rulekeeper.games.homm3.views.card_text import text_of
from rulekeeper.games.homm3.views.web.pieces import recent_results, side_name

__all__ = ["PROMPTS", "action_hint", "decision", "hand_of", "seat_part"]

PROMPTS = {
    "deploy": "Place your units: pick a unit in reserve, then a field of your lines "
    "(Done when ready)",
    "place-neutrals": "The neutral units are placed",
    "set-gate": "Set the Gate: pick a field of the middle row",
    "combat-round": "Choose which unit activates next (equal Initiative)",
    "activation": "{unit} activates: pick a field to move, an enemy to attack, or an action",
    "instant-window": "Play an Instant or pass",
    "reroll-window": "Reroll a die or pass",
    "reroll": "A die is rerolled",
    "round-limit": "The round limit is reached: pay 1 MP to fight another round, or retreat",
    "pay-cost": "Discard cards to pay the cost",
    "empower": "Empower the spell with cards from your hand, or Done",
    "spell-target": "Choose the spell's target",
    "morale-cycle": "Discard cards to draw as many (morale), then Done",
    "push": "Choose where the pushed unit goes",
    "splash": "Choose the unit the splash also hits",
    "heal-friend": "Choose a friendly unit to heal",
    "guard": "Guardian: cancel the attack (once a combat), or pass",
    "free-reinforce": "Necromancy: flip one of your Bronze units to Pack, or pass",
    "discard-cards": "Discard cards",
    "keep-card": "Keep one of the cards drawn",
    "recover-spell": "Take a Spell back from your discard pile",
    "swap-units": "Choose two of your units to swap",
    "teleport": "Choose the field to teleport to",
    "lethal-window": "Save your unit with a card, or pass",
    "counter-window": "Cancel the enemy spell, or pass",
    "early-cast": "Cast a spell before the first activation, or pass",
    "start-window": "Play a card at the start of the combat, or pass",
    "chain": "Choose the next unit Chain Lightning strikes",
    "ai-tie": "The AI's card leaves a tie: choose the unit",
    "end-battle": "The battle ends",
}
"""What the step waiting asks, in words (the board's prompt line)."""
WINDOWS = frozenset(
    {"instant-window", "reroll-window", "lethal-window", "counter-window", "start-window"}
)
"""Steps that are a window to respond in (``pass`` closes it)."""
UNIT_KEYS = ("target", "unit", "item")
"""Parameters naming a unit (``item`` does for ``swap``; for a discard it names a card)."""
FIELD_KEYS = ("to", "at")
CARD_KEYS = ("card", "item")


def decision(state: Any) -> JsonObject:
    """What the battle waits for, the same for every seat: the step, its prompt, who decides,
    and the active unit with the fields its type lets it reach (§5.18.6 step 2)."""
    steps = state.flow.steps
    top = steps[-1] if steps else None
    kind = getattr(top, "kind", None)
    to_act = [seat for seat in state.decision_seat() if seat >= 0]
    step = state.flow.find(ActivationStep)
    active = state.battle.units.get(step.unit) if step is not None else None
    prompt = PROMPTS.get(str(kind), str(kind or ""))
    if active is not None:
        prompt = prompt.replace("{unit}", card(state, active).name)
    found: JsonObject = {
        "step": kind,
        "rule": getattr(top, "rule", None),
        "prompt": prompt if top is not None else "The battle is over",
        "window": kind in WINDOWS,
        "to_act": to_act,
        "chance": CHANCE in state.decision_seat(),
        "waiting_for": [_seat_words(state, seat) for seat in to_act],
        "active": active.id if active is not None else None,
        "active_type": move_type(state, active) if active is not None else None,
        "reach": [],
    }
    if active is not None and step is not None and step.started and step.may_move(state, active):
        found["reach"] = [grid.name(f) for f in sorted(movement.destinations(state, active))]
    return found


def _seat_words(state: Any, seat: int) -> str:
    """Who a seat is in this battle: the name of the side it plays."""
    for side, army in enumerate(state.battle.armies):
        if army.seat == seat:
            return side_name(state, side)
    return f"seat {seat}"


def seat_part(state: Any, seat: int | None) -> JsonObject:
    """*seat*'s own: which side it plays, its hand face up, its actions mapped to clicks."""
    found: JsonObject = {
        "seat": seat,
        "my_sides": [],
        "hand": [],
        "actions": [],
        "clicks": {"units": {}, "fields": {}, "cards": {}, "buttons": []},
        "prompt": "",
    }
    top = decision(state)
    if seat is None or seat < 0:
        found["prompt"] = _waiting(top)
        return found
    battle = state.battle
    found["my_sides"] = [side for side, army in enumerate(battle.armies) if army.seat == seat]
    to_act = seat in state.decision_seat()
    actions = state.legal_actions(seat) if to_act else []
    hints = [action_hint(state, seat, index, action) for index, action in enumerate(actions)]
    found["actions"] = hints
    found["clicks"] = clicks(hints)
    found["hand"] = hand_of(state, seat, hints)
    found["prompt"] = top["prompt"] if to_act else _waiting(top)
    found["recent"] = recent_results(state, found["my_sides"])  # type: ignore[arg-type]
    return found


def _waiting(top: Mapping[str, Any]) -> str:
    """What a seat not asked (or a spectator) reads: who is deciding, or what happens."""
    if top["to_act"]:
        return "Waiting for " + " and ".join(str(w) for w in top["waiting_for"])
    if top["chance"]:
        return "The dice are rolled"
    return str(top["prompt"])


def action_hint(state: Any, seat: int, index: int, action: Action) -> dict[str, Any]:
    """One legal action: its index in ``state.legal_actions(seat)`` (the view's ``legal``), its
    words, what it concerns (a unit id, a field name, a card id) and, for an attack, its odds."""
    params: dict[str, Any] = {k: v for k, v in action.to_json().items() if k != "kind"}
    hint: dict[str, Any] = {
        "index": index,
        "action": str(action),
        "kind": action.kind,
        "text": state.describe(action),
        "params": params,
    }
    units = state.battle.units
    for key in UNIT_KEYS:
        if isinstance(params.get(key), str) and params[key] in units:
            hint["unit"] = params[key]
            if key == "target" or action.kind == "target":
                hint["target"] = params[key]
            break
    for key in FIELD_KEYS:
        if isinstance(params.get(key), str) and params[key] in grid.NAMES:
            hint["field_name"] = params[key]
            hint["field"] = grid.NAMES[str(params[key])]
            break
    if isinstance(params.get("fields"), list):
        hint["fields"] = [str(f) for f in params["fields"]]
    for key in CARD_KEYS:
        if isinstance(params.get(key), str) and params[key] not in units:
            hint["card"] = params[key]
            break
    return hint


def clicks(hints: list[dict[str, Any]]) -> JsonObject:
    """The actions by what is clicked: a unit (``activate``, ``attack``, a target), a field
    (``move``, ``place`` after its unit, ``gate``, ``breach``), a card (``play``, ``cast``,
    a discard), the rest as buttons (``pass``, ``end``, ``defend``, ``done``, ...)."""
    units: dict[str, list[JsonValue]] = {}
    fields: dict[str, list[JsonValue]] = {}
    cards: dict[str, list[JsonValue]] = {}
    buttons: list[JsonValue] = []
    for hint in hints:
        index = hint["index"]
        placed = False
        for key, table in (("unit", units), ("field_name", fields), ("card", cards)):
            value = hint.get(key)
            if isinstance(value, str):
                table.setdefault(value, []).append(index)
                placed = True
        for name in hint.get("fields") or []:
            fields.setdefault(str(name), []).append(index)
            placed = True
        if not placed:
            buttons.append(index)
    return {"units": units, "fields": fields, "cards": cards, "buttons": buttons}


def hand_of(state: Any, seat: int, hints: list[dict[str, Any]]) -> list[JsonObject]:
    """The cards in the hands of the heroes *seat* plays, face up, with their text from the
    effect data and the actions that play them now (``playable``)."""
    pack = state.game.pack
    found: list[JsonObject] = []
    for side, army in enumerate(state.battle.armies):
        if army.seat != seat or army.hero is None:
            continue
        for position, card_id in enumerate(army.hero.hand):
            plays = [h["index"] for h in hints if h.get("card") == card_id]
            found.append(
                {
                    "id": card_id,
                    "side": side,
                    "position": position,
                    "name": _card_name(pack, card_id),
                    "kind": _kind_of(pack, card_id),
                    "text": text_of(pack, card_id),
                    "playable": bool(plays),
                    "actions": plays,
                    "targets": _targets(state, side, card_id, hints),
                }
            )
    return found


KINDS = {
    "StatCard": "Statistic",
    "AbilityCard": "Ability",
    "Spell": "Spell",
    "Artifact": "Artifact",
    "Specialty": "Specialty",
}
"""A Might & Magic card's kind as players name it."""


def _kind_of(pack: Any, card_id: str) -> str:
    name = type(pack.card(card_id)).__name__
    return KINDS.get(name, name)


def _targets(state: Any, side: int, card_id: str, hints: list[dict[str, Any]]) -> list[str]:
    """The units a card in hand may be played on now: those its ``play`` actions name, and for
    a spell that may be cast now, the units its lowest row may target (empowering it may
    widen them; the spell-target step offers the real ones)."""
    found = {str(h["unit"]) for h in hints if h.get("card") == card_id and "unit" in h}
    card = state.game.pack.card(card_id)
    if isinstance(card, Spell) and any(
        h.get("card") == card_id and h["kind"] == "cast" for h in hints
    ):
        found |= {u.id for u in spells.spell_targets(state, side, card, card.rows[0])}
    return sorted(found)


def _card_name(pack: Any, card_id: str) -> str:
    try:
        return str(pack.card(card_id).name)
    except KeyError:
        return card_id
