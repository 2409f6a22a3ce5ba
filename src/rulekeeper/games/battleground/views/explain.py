"""Words for Battleground actions, and why an action is refused (the rule that forbids it)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulekeeper.core import Action
from rulekeeper.core.hexes import DIRECTION_NAMES
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.rules import combat, triggers
from rulekeeper.games.battleground.rules.dicetest import RerollStep
from rulekeeper.games.battleground.rules.round import DiscardStep
from rulekeeper.games.battleground.views import card_text, facing, preview

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState
    from rulekeeper.games.battleground.views.viewed import ViewedState


def why_not(state: BattleState, action: Action, player: int) -> tuple[str, str]:
    """(rule, reason) for an action that is not among the legal ones, characters, cards and
    skills said by name (issue 23 §2.8)."""
    rule, reason = _why_not(state, action, player)
    return rule, named(state, reason)


def named(state: BattleState, text: str) -> str:
    """*text* with each character id (``he-man``, ``skeletor``) and other card id replaced by
    its name."""
    for character in sorted(state.fighters, key=len, reverse=True):
        if character in text:
            name = state.card(character).name
            text = re.sub(rf"(?<![\w-]){re.escape(character)}(?![\w-])", name, text)
    return card_text.readable(state.pack, text)


def _why_not(state: BattleState, action: Action, player: int) -> tuple[str, str]:
    top = state.flow.top()
    kind = top.kind
    rule = top.rule
    expected = {a.kind for a in state.legal_actions(player)} if kind != "select" else set()
    if isinstance(top, RerollStep | DiscardStep):
        return _pick_refusal(state, top, action, player)
    if kind == "act":
        refused = top.refusal(state, player, action)
        return refused or ("Perform Actions", "not possible now")
    if kind == "activate" and action.kind == "activate":
        refused = top.refusal(state, player, action)
        if refused is not None:
            return refused
    if kind == "select" and action.kind == "select":
        card = action.get("card")
        return (rule, f"{card!r} is not a fate or glory card in your hand")
    if kind == "bonus" and action.kind == "bonus":
        return ("Gain Bonuses", f"{action.get('choice')!r} is not a bonus of this card now")
    listed = ", ".join(sorted(expected)) or "nothing"
    return (rule, f"{action.kind!r} is not possible now; possible: {listed}")


RULES = {
    "move": "Move",
    "attack": "Attack",
    "focus": "Focus",
    "overwatch": "Overwatch",
    "skill": "Use an Active Skill",
    "use-item": "Items",
    "play": "Fate Cards",
    "end": "Activation",
    "activate": "Activate a Character",
    "select": "Select a Card",
    "pass": "Select a Card",
    "reroll": "Tests: Free Rerolls and Mana Rerolls",
    "face": "Facing",
}
"""The rule each kind of action follows (rulebook sections), for :func:`legal_words`."""

PLAIN_DOES = {
    "activate": "{name} acts now: it spends the AP of your card on moves, attacks, focus and "
    "skills",
    "pass": "you select no more cards and activate no one for the rest of the round",
    "end": "the activation ends; unspent AP are lost",
    "decline": "the mover leaves without an attack of opportunity",
    "continue": "the interruption begins",
    "discard-card": "the card is discarded, with no character left to activate",
    "first-player": "that player goes first in every round and wins initiative ties",
    "deploy": "{name} starts the game there, then chooses its facing",
    "push-to": "the character is pushed to that position",
    "move-to": "the character is moved to that position",
    "mark-at": "the mark goes there; it affects characters within its radius until the clean-up",
    "next-target": "the area attack goes on against {name}",
    "target": "the ability affects {name}",
    "interrupt": "{name} interrupts now",
    "forfeit": "you lose the game at once",
    "offer-draw": "the other player may accept a draw, or play on",
    "accept-draw": "the game ends in a draw",
    "decline-draw": "the game goes on",
}
"""What an action without a preview does, in words (``{name}``: the character it names)."""


def legal_words(state: ViewedState, action: Action, player: int) -> tuple[str, str]:
    """What a legal action costs and does, with its rule (issue 23 §2.5; the state's
    ``_explain_legal`` hook, core/explain.py): the preview the menu shows (AP, mana, range,
    the odds of an attack, the risks of a move), the facing's reason, or plain words."""
    top = state.flow.top()
    kind = action.kind
    rule = RULES.get(kind, str(getattr(top, "rule", "") or top.kind))
    if kind == "face":
        return rule, facing.facing_info(state, player, action)["text"]  # type: ignore[return-value]
    found = preview.legal_preview(state, player, action)
    if found:
        return rule, "; ".join(line.strip() for line in found.splitlines() if line.strip())
    character = action.get("character")
    name = _name(state)(character) if character is not None else "the character"
    plain = PLAIN_DOES.get(kind)
    if plain is not None:
        return rule, plain.format(name=name)
    return rule, f"{describe(state, action)}: the choice the rules ask for now ({rule})"


def _pick_refusal(
    state: BattleState, top: RerollStep | DiscardStep, action: Action, player: int
) -> tuple[str, str]:
    """Why a pick of a reroll or a discard is refused (issue 21 §1: one die or card at a time,
    then done; a whole set at once is said the old way)."""
    rule = "Tests: Free Rerolls and Mana Rerolls" if isinstance(top, RerollStep) else top.rule
    if action.kind == top.verb and (_has(action, "faces") or _has(action, "cards")):
        what = "die by the face it shows" if isinstance(top, RerollStep) else "card"
        return (rule, f"pick one {what} at a time ({top.verb} item=...), then done")
    refused = top.refusal(state, player, action)
    return (rule, refused[1] if refused is not None else "not possible now")


def _has(action: Action, name: str) -> bool:
    try:
        action.param(name)
    except KeyError:
        return False
    return True


def describe(state: BattleState, action: Action) -> str:
    """Every legal action in words (for players and for the log)."""
    kind = action.kind
    name = _name(state)
    if kind == "roll":
        return f"roll {action.get('face')}"
    if kind == "select":
        card = state.play_card(str(action.get("card")))
        return f"select {card.name} (initiative {card.initiative}, {card.ap} AP, {card.mana} mana)"
    if kind == "activate":
        return f"activate {name(action.get('character'))}"
    if kind == "bonus":
        return {
            "mana": "bonus: +1 mana",
            "ability": "bonus: the card's ability",
            "ap": "bonus: +1 AP",
            "mission": "bonus: the side mission",
        }[str(action.get("choice"))]
    if kind == "move":
        to = Position(*action.ints_param("to"))
        focus = " spending focus" if action.get("focus") else ""
        return f"move to {to}{focus}"
    if kind == "attack":
        weapon = str(action.get("weapon"))
        label = "fists" if weapon == combat.FISTS else state.pack.weapons[weapon].name
        return f"attack {name(action.get('target'))} with {label}"
    if kind == "face":
        return f"face {DIRECTION_NAMES[action.int_param('direction')]}"
    if kind == "reroll":
        return f"reroll a die showing {action.get('item')}"
    if kind == "play":
        return f"play {state.play_card(str(action.get('card'))).name}"
    if kind == "discard":
        return f"discard {_card(state, action.get('item'))}"
    if kind == "done":
        return _done(state)
    if kind in ("interrupt", "next-target", "target"):
        return f"{kind} {name(action.get('character'))}"
    if kind == "skill":
        return f"use {_card(state, action.get('skill'))}"
    if kind == "deploy":
        return f"deploy {name(action.get('character'))} at {Position(*action.ints_param('to'))}"
    if kind == "resolve":
        return f"resolve {triggers.effect_label(state, str(action.get('effect')))} now"
    if kind == "use-item":
        return f"use {state.pack.items[str(action.get('item'))].name}"
    if kind == "first-player":
        return f"player {action.get('player')} goes first and breaks initiative ties"
    if kind in ("push-to", "move-to", "mark-at"):
        where = Position(*action.ints_param("to" if kind != "mark-at" else "at"))
        verb = {"push-to": "be pushed to", "move-to": "move to", "mark-at": "place the mark at"}
        return f"{verb[kind]} {where}"
    return _PLAIN.get(kind, str(action))


def _done(state: BattleState) -> str:
    """``done`` of the reroll or discard being picked: what it rerolls or discards."""
    top = state.flow.steps[-1] if state.flow.steps else None
    if isinstance(top, RerollStep | DiscardStep):
        items = [top.options[index] for index in top.picked]
        if isinstance(top, RerollStep):
            return f"reroll {' '.join(items)}" if items else "keep the dice"
        names = [_card(state, item) for item in items]
        return f"discard {', '.join(names)}" if names else "keep the hand"
    return "done"


_PLAIN = {
    "pass": "pass for the rest of the round",
    "end": "end the activation",
    "focus": "focus",
    "overwatch": "go on overwatch (ends the activation)",
    "decline": "let the move go without an attack of opportunity",
    "offer-draw": "offer a draw",
    "accept-draw": "accept the draw",
    "decline-draw": "decline the draw",
    "forfeit": "forfeit the game",
    "discard-card": "discard the card (no character left to activate)",
    "continue": "let the interruption begin",
}


def _card(state: BattleState, key: object) -> str:
    """A card, item or skill by its name, not its id (issue 23 §2.8)."""
    return card_text.name_of(state.pack, str(key)) or str(key)


def _name(state: BattleState):  # type: ignore[no-untyped-def]
    def name(character: object) -> str:
        card = state.pack.characters.get(str(character))
        return card.name if card is not None else str(character)

    return name
