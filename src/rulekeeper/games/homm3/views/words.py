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


USES = {"basic": "Basic", "expert": "Expert, an Expert use"}
"""A card's use in words (``play card=C use=U``); ``option-N`` is an artifact's N-th option."""
REROLLS = {
    "reroll": "by its ability",
    "morale-reroll": "spending Positive Morale",
    "luck-reroll": "by luck",
}


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
    if kind == "move":
        return f"{active} moves to {get('to')}"
    if kind == "attack":
        return f"{active} attacks {unit_name(state, get('target'))}"
    if kind == "breach":
        return f"{active} breaks the wall at {get('at')}"
    if kind == "defend":
        return f"{active} defends (takes a Defense token)"
    if kind == "end":
        return f"{active} ends its activation"
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
        if get("fields") is not None:
            return f"aim the spell at {get('fields')}"
        return f"aim the spell at {unit_name(state, get('unit'))}"
    if kind in ("empower", "discard", "cycle", "keep"):
        return f"{kind} {card_name(state, get('item'))}"
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
    return str(action)


def _active(state: BattleState) -> str:
    step = state.flow.find(ActivationStep)
    return unit_name(state, step.unit) if step is not None else "the unit"
