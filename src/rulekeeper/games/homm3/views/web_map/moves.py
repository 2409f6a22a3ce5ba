"""A seat's own part of the HoMM3 map board (issue 25 §1): each field its heroes may move to now
with the move's action, MP cost and preview (what is visited or fought, the guard's Field
Difficulty, the seat's army: views/map_terminal.py ``move_preview`` without the odds, which the
script asks for on the click), and the decision in front of the table: who decides what, the
prompt, an out-of-turn Town-action window marked; in solo and co-op, the fields an AI hero may
take next when the seat chooses among them (``ai_steps``, homm3.md §9.13).

Nothing is decided here: the moves are the seat's legal actions of kind ``move``; a spectator
(seat None) and a seat not asked get no moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.map import fight_odds
from rulekeeper.games.homm3.map.ai_movement import AiChoiceStep
from rulekeeper.games.homm3.views.map_terminal import move_preview, pending_lines, status_line
from rulekeeper.games.homm3.views.map_words import in_battle, seat_name

__all__ = ["MOVE_MP", "PROMPTS", "ai_steps", "decision", "map_seat", "moves"]

MOVE_MP = 1
"""A move to a neighbouring field costs 1 MP (homm3.md §5.2)."""
PROMPTS: Mapping[str, str] = {
    "turn": "{who}'s turn: move a hero, explore, take Town actions, play cards, or end the turn",
    "hand-refresh": "{who}: keep the hand or draw up to the hand limit",
    "hand-draw": "{who}: choose the cards to draw",
    "town-window": "Town actions out of turn ({point}): {who} may build, recruit or pass",
    "siege": "{who}'s town or settlement is besieged: defend it (8 Gold) or let it be captured",
    "search": "{who}: Search, take one of the cards seen",
    "lay-tile": "{who}: lay the tile (a slot and a rotation)",
    "start-rotation": "{who}: turn the Starting tile (setup, homm3.md §3 step 21)",
    "starting-bonus": "{who}: choose the Starting Bonus",
    "bonus-choice": "{who}: choose the Starting Bonus",
    "place-hero": "{who}: choose where the defeated Main Hero goes",
    "location-choice": "{who}: choose what the location gives",
    "location-effects": "{who}: use the location",
    "dice": "{who}: choose a die's result",
    "trading": "{who}: trade resources, or done",
    "secondary-met": "{who}: a Secondary Hero is met",
    "population": "{who}: recruit or reinforce units",
    "unit-choice": "{who}: choose a unit",
    "event-choice": "{who}: choose an event's effect",
    "remove-card": "{who}: remove a card from the hand",
    "ai-choice": "{who}: choose the AI hero's next field (click one on the map)",
    "ai-reward": "{who}: choose the reward the AI hero takes at the Settlement it flagged",
    "ai-turn": "The AI heroes move",
    "ai-fight": "{who} fights an AI hero",
}
"""What the pending map step asks, in words (any other: its kind and rule)."""
POINT_WORDS = {"before-combat": "before a fight", "end-of-turn": "at the end of a turn"}


def map_seat(state: Any, seat: int | None) -> JsonObject:
    """*seat*'s part of the map (module doc)."""
    return {
        "seat": seat,
        "moves": moves(state, seat),
        "ai_steps": ai_steps(state, seat),
        "decision": decision(state, seat),
    }


def ai_steps(state: Any, seat: int | None) -> list[JsonObject]:
    """The fields an AI hero may take next when *seat* chooses among them (§9.13): each with
    its action, the AI hero and the words of the choice; empty otherwise."""
    top = state.flow.steps[-1] if state.flow.steps else None
    if seat is None or not isinstance(top, AiChoiceStep) or top.seat != seat:
        return []
    return [
        {
            "action": str(action),
            "hero": top.hero,
            "to": str(action.get("to")),
            "text": state.describe(action),
        }
        for action in state.legal_actions(seat)
    ]


def moves(state: Any, seat: int | None) -> list[JsonObject]:
    """Each legal move of *seat* now: action, hero, field, MP cost, whether it starts a fight
    whose odds may be asked (``fight``), and the preview text."""
    if seat is None or seat < 0 or seat not in state.decision_seat() or in_battle(state):
        return []
    found = []
    heroes = {item.id: item for item in state.heroes}
    for action in state.legal_actions(seat):
        if action.kind != "move":
            continue
        item = heroes.get(str(action.get("hero")))
        mp_left = item.mp - MOVE_MP if item is not None else 0
        found.append(
            {
                "action": str(action),
                "hero": str(action.get("hero")),
                "to": str(action.get("to")),
                "mp": MOVE_MP,
                "mp_left": max(0, mp_left),
                "fight": fight_odds.known_fight(state, seat, action),
                "text": state.describe(action),
                "preview": move_preview(state, seat, action, odds=False) or "",
            }
        )
    return found


def decision(state: Any, seat: int | None) -> JsonObject:
    """Who decides what now: the step, its prompt (the seat's own words when it is asked),
    whose decision it is, and whether it is an out-of-turn Town-action window."""
    top = state.flow.steps[-1] if state.flow.steps else None
    kind = str(getattr(top, "kind", "") or "")
    to_act = [s for s in state.decision_seat() if s >= 0]
    names = [seat_name(state, s) for s in to_act]
    who = " and ".join(names) or "nobody"
    window = kind == "town-window"
    point = POINT_WORDS.get(str(getattr(top, "point", "")), "")
    outcome = state.outcome() if top is None else None
    if top is None:
        prompt = f"The game is over: {outcome.text}" if outcome is not None else "The game is over"
    elif kind in PROMPTS:
        prompt = PROMPTS[kind].format(who=who, point=point)
    else:
        prompt = f"{who}: {kind.replace('-', ' ')} ({getattr(top, 'rule', '')})"
    mine = seat is not None and seat in to_act
    details = pending_lines(state, seat) if mine and seat is not None else []
    return {
        "step": kind,
        "rule": getattr(top, "rule", None),
        "prompt": prompt,
        "details": details,
        "status": status_line(state),
        "to_act": to_act,
        "waiting_for": names,
        "yours": mine,
        "window": window,
        "point": getattr(top, "point", None) if window else None,
        "turn": state.players_turn(),
        "in_battle": in_battle(state),
    }
