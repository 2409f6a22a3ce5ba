"""Battleground's phase and step in words for the board (issue 23 §2.12): "First Game Setup" big
and "roll off for the first player (step 7)" small, never "First Game Setup, step 7" as a phase;
and the obstacle hexes the sight query is asked about."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulekeeper.core import JsonObject

if TYPE_CHECKING:
    from rulekeeper.games.battleground.board.battlefield import Battlefield
    from rulekeeper.games.battleground.board.measures import Position
    from rulekeeper.games.battleground.protocols import BattleState

__all__ = ["STEP_WORDS", "obstacle_words", "phase_words"]

STEP_WORDS = {
    "roll-off": "roll off for the first player",
    "choose-first": "the roll-off's winner chooses the first player",
    "deploy": "place a character",
    "prepare": "discard, then draw up to five cards",
    "discard": "discard cards, then draw up to five",
    "select": "select a card in secret, or pass",
    "activate": "activate a ready character",
    "bonus": "take the card's bonus",
    "act": "spend AP on actions",
    "face": "choose the facing",
    "push": "choose where the character is pushed",
    "push-line": "choose the side of the push",
    "opportunity": "attack of opportunity, or let it go",
    "overwatch-order": "order the overwatch interruptions",
    "test": "the dice are rolled",
    "reroll": "choose dice to reroll",
    "area-target": "choose the next target of the area attack",
    "ability-target": "choose the ability's target",
    "effect-move": "choose where the character goes",
    "place-mark": "place the mark",
    "order-effects": "order the effects",
    "before-interruption": "use disposable items before the interruption",
    "draw-offer": "accept or decline the draw",
}
"""Each step kind as a player reads it."""

PHASES = {"setup": "Setup", "over": "Game over"}
STEP_OF_RULE = re.compile(r"^(?P<phase>.+?),\s*(?P<step>step \d+)$")


def phase_words(state: BattleState) -> JsonObject:
    """``phase_name`` (the rulebook's phase: "First Game Setup", "Activation Phase", "Round
    2") and ``step_text`` (the step in words, its rulebook step apart: "roll off for the first
    player (step 7)")."""
    if state.phase == "over" or not state.flow.steps:
        return {"phase_name": PHASES.get(state.phase, state.phase.capitalize()), "step_text": ""}
    top = state.flow.top()
    rule = str(getattr(top, "rule", "") or "")
    words = STEP_WORDS.get(top.kind, top.kind.replace("-", " "))
    numbered = STEP_OF_RULE.match(rule)
    if numbered is not None:
        return {"phase_name": numbered["phase"], "step_text": f"{words} ({numbered['step']})"}
    if ": " in rule:
        phase, step = rule.split(": ", 1)
        return {"phase_name": phase, "step_text": f"{step}: {words}"}
    if state.phase == "play":
        return {
            "phase_name": f"Round {state.round}",
            "step_text": f"{rule}: {words}" if rule else words,
        }
    return {"phase_name": PHASES.get(state.phase, state.phase.capitalize()), "step_text": words}


def obstacle_words(field: Battlefield, pos: Position) -> str:
    """A hex no character may stand on, in words (issue 23 §2.12: not "(11,8) is not a
    position"): what is there and what it does to movement and sight."""
    here = f"({pos.q},{pos.r})"
    height = field.obstacle_height.get(pos.hex)
    if height == "high":
        return (
            f"{here}: {field.describe_hex(pos.hex)}: an impassable hex; no character can stand "
            "there, and it blocks line of sight"
        )
    if height:
        return (
            f"{here}: {field.describe_hex(pos.hex)}: an obstacle; no character can stand there, "
            "characters climb over it, and it gives cover"
        )
    if pos.level:
        ground = field.describe_hex(pos.hex)
        return f"{here}: no platform here; a character stands on the ground ({ground})"
    return f"{here}: {field.describe_hex(pos.hex)}: no character can stand there"
