"""Actions in words for players ("Griffins (Pack, b2) attack Dread Knights"), for the log,
the terminal and the refusals (``state.describe``)."""

from __future__ import annotations

from rulekeeper.core import Action
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.stats import BattleState, card


def unit_name(state: BattleState, uid: object) -> str:
    unit = state.battle.units.get(str(uid))
    if unit is None:
        return str(uid)
    printed = card(state, unit)
    side = f"{unit.face.capitalize()}, " if printed.two_sided else ""
    if unit.destroyed:
        where = "destroyed"
    elif unit.field >= 0:
        where = board.name(unit.field)
    else:
        where = "in the tower" if unit.field == -2 else "in reserve"
    return f"{printed.name} ({side}{where})"


USES = {
    "basic": "Basic",
    "expert": "Expert, an Expert use",
    "discard": "discarded for its power",
}
"""A card's use in words (``play card=C use=U``); ``option-N`` is an artifact's N-th option."""
REROLLS = {
    "reroll": "by its ability",
    "morale-reroll": "spending Positive Morale",
    "luck-reroll": "by luck",
}


UNIT_CHOICES = {
    "choose": "choose {unit} for the AI card",
    "chain": "Chain Lightning strikes {unit} next",
    "splash": "the splash also hits {unit}",
    "heal": "heal {unit}",
    "reinforce": "flip {unit} to Pack (Necromancy)",
}
"""Actions that pick a unit (``unit=U``), in words."""
CARD_CHOICES = {
    "ignore-die": "discard {card} to ignore the attacker's die",
    "save": "play {card} to save the unit",
    "recover": "take {card} back into hand",
}
"""Actions that pick a card (``card=C``), in words."""
FIELD_CHOICES = {
    "gate": "set the Gate at {field}",
    "push": "push the unit to {field}",
    "teleport": "teleport the unit to {field}",
}
"""Actions that pick a field (``to=F`` or ``at=F``), in words."""
PLAIN = {
    "done": "done",
    "pass": "pass",
    "guard": "guardian: cancel the attack (once a combat)",
    "flee": "flee the battle",
    "surrender": "surrender",
    "morale-draw": "spend Positive Morale to draw a card",
    "morale-cycle": "spend Positive Morale to discard and draw cards",
    "fizzle": "let the spell fizzle (no target left)",
}
"""Actions without a parameter, in words."""


def use_words(use: object) -> str:
    """How a card is played: "Basic", "Expert, an Expert use", "option 2"."""
    text = str(use)
    if text.startswith("option-") and text[7:].isdigit():
        return f"option {int(text[7:])}"
    return USES.get(text, text)


def card_name(state: BattleState, card_id: object) -> str:
    pack = state.game.pack
    try:
        return str(pack.card(str(card_id)).name)
    except KeyError:
        return str(card_id)


def describe(state: BattleState, action: Action) -> str:
    """Words for *action* in this battle."""
    kind = action.kind
    get = action.get
    active = _active(state)
    one = _active_is_one(state)  # the Arrow Tower "attacks"; Marksmen "attack"
    if kind == "move":
        return f"{active} {'moves' if one else 'move'} to {get('to')}"
    if kind == "attack":
        return f"{active} {'attacks' if one else 'attack'} {unit_name(state, get('target'))}"
    if kind == "breach":
        return f"{active} {'breaks' if one else 'break'} the wall at {get('at')}"
    if kind == "defend":
        return f"{active} {'defends' if one else 'defend'} (a Defense token)"
    if kind == "end":
        return f"{active} {'ends its' if one else 'end their'} activation"
    if kind == "place":
        where = f" at {get('at')}" if get("at") is not None else ""
        return f"place {unit_name(state, get('unit'))}{where}"
    if kind == "activate":
        return f"activate {unit_name(state, get('unit'))}"
    if kind == "play":
        target = f" on {unit_name(state, get('unit'))}" if get("unit") is not None else ""
        return f"play {card_name(state, get('card'))} ({use_words(get('use'))}){target}"
    if kind == "cast":
        return f"cast {card_name(state, get('card'))}"
    if kind == "target":
        fields = get("fields")
        if isinstance(fields, list | tuple):
            return f"aim the spell at {' and '.join(str(f) for f in fields)}"
        return f"aim the spell at {unit_name(state, get('unit'))}"
    if kind == "empower":
        return f"empower the spell with {card_name(state, get('card'))} ({use_words(get('use'))})"
    if kind == "swap":
        return f"swap {unit_name(state, get('item'))}"
    if kind in ("discard", "cycle", "keep"):
        return f"{kind} {card_name(state, get('item'))}"
    if kind in UNIT_CHOICES:
        return UNIT_CHOICES[kind].format(unit=unit_name(state, get("unit")))
    if kind in CARD_CHOICES:
        return CARD_CHOICES[kind].format(card=card_name(state, get("card")))
    if kind in FIELD_CHOICES:
        return FIELD_CHOICES[kind].format(field=get("to") or get("at"))
    if kind in PLAIN:
        return PLAIN[kind]
    if kind == "roll":
        face = get("face")
        return f"the die shows {face:+d}" if isinstance(face, int) else str(action)
    if kind in ("reroll", "morale-reroll", "luck-reroll"):
        die = get("die")
        number = die + 1 if isinstance(die, int) else die
        return f"reroll die {number} {REROLLS[kind]}"
    if kind == "extend":
        return "pay 1 MP to fight another round"
    if kind == "retreat":
        return "retreat"
    return str(action)  # pragma: no cover - every action kind of the combat is above


def _active_is_one(state: BattleState) -> bool:
    """Whether the active unit is named in the singular (the Arrow Tower; troops are plural)."""
    step = state.flow.find(ActivationStep)
    unit = state.battle.units.get(step.unit) if step is not None else None
    return unit is not None and card(state, unit).faction == "siege"


def _active(state: BattleState) -> str:
    step = state.flow.find(ActivationStep)
    return unit_name(state, step.unit) if step is not None else "the unit"
