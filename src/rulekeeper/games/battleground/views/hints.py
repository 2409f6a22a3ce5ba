"""The hints the web UI gets for a seat's legal actions (views/web.py ``seat_board``): one per
action, in the order of ``state.legal_actions(seat)``, with its words, the hex or character it
concerns, and for a move or an attack the facts to draw (issue 10 §2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core import Action, JsonObject
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.rules import reach as reach_rules
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.combat import FISTS
from rulekeeper.games.battleground.views import facing, preview

if TYPE_CHECKING:
    from rulekeeper.games.battleground.board.movement import MovementPoints, Route
    from rulekeeper.games.battleground.game import BattlegroundState

__all__ = ["MoveFacts", "action_hint", "action_hints", "attack_hint", "move_hint"]

POSITION_KINDS = {"move": "to", "deploy": "to", "push-to": "to", "move-to": "to", "mark-at": "at"}
"""Action kinds that name a position, with the parameter that holds it."""
CHARACTER_KINDS = {
    "attack": "target",
    "activate": "character",
    "interrupt": "character",
    "target": "character",
    "next-target": "character",
    "deploy": "character",
}
"""Action kinds that name a character, with the parameter that holds it."""
PARAMS = ("card", "cards", "direction", "faces", "choice", "weapon", "skill", "item", "effect")
"""Parameters copied into a hint as they are (a card to select, faces to reroll, ...)."""


# === the legal actions =========================================================================


@dataclass(frozen=True)
class MoveFacts:
    """What every move of the active character with (or without) focus shares: worked out once
    for all of its moves (a character may have a few hundred)."""

    routes: Mapping[Position, Route]
    budget: MovementPoints
    ap: int
    threats: list[str]
    """Who may make an attack of opportunity when it leaves (whatever the destination)."""

    @classmethod
    def of(cls, state: BattlegroundState, focus: bool) -> MoveFacts:
        turn = state.turn()
        fighter = state.fighters[turn.character]
        return cls(
            routes=reach_rules.move_options(state, turn, fighter, focus),
            budget=reach_rules.move_points(state, fighter, focus),
            ap=preview.move_charge(state),
            threats=[state.card(f).name for f in preview.opportunity_threats(state, fighter)],
        )


def move_hint(
    state: BattlegroundState,
    seat: int,
    action: Action,
    scratch: BattlegroundState | None = None,
    shared: dict[bool, MoveFacts] | None = None,
) -> JsonObject:
    """A move: AP, movement points, path, and the attacks of opportunity or overwatch it risks
    (*scratch*: a clone to try the mover's overwatch triggers on, and *shared*: what the moves
    share, by focus, filled as met; both made once for all the moves if given)."""
    focus = action.bool_param("focus")
    facts = shared.get(focus) if shared is not None else None
    if facts is None:
        facts = MoveFacts.of(state, focus)
        if shared is not None:
            shared[focus] = facts
    fighter = state.fighters[state.turn().character]
    to = Position(*action.ints_param("to"))
    route = facts.routes.get(to)
    threats = facts.threats
    watchers = [state.card(f).name for f in preview.overwatch_threats(state, fighter, to, scratch)]
    risk = []
    if threats:
        risk.append(f"attack of opportunity from {', '.join(threats)}")
    if watchers:
        risk.append(f"overwatch from {', '.join(watchers)}")
    pushed = (
        [state.occupant(s.pushes) for s in route.steps if s.pushes is not None] if route else []
    )
    return {
        "focus": focus,
        "ap": facts.ap,
        "points": route.cost if route is not None else None,
        "budget": facts.budget.points,
        "notes": list(facts.budget.notes),
        "path": [list(p) for p in route.path] if route is not None else [],
        "pushes": [state.card(f).name for f in pushed if f is not None],
        "opportunity": threats,
        "overwatch": watchers,
        "risk": "; ".join(risk) or None,
    }


def attack_hint(
    state: BattlegroundState, seat: int, action: Action, found: preview.AttackPreview | None = None
) -> JsonObject:
    """An attack: range, sight, cover, flank, the tests and the exact odds (*found*: its
    preview, if made)."""
    if found is None:
        found = preview.attack_preview(state, seat, action)
    attack, defence = found.odds["attack"], found.odds["defence"]
    return {
        "weapon": action.str_param("weapon"),
        "weapon_name": found.weapon,
        "weapon_type": found.kind,
        "ap": found.ap_cost,
        "ap_text": found.ap,
        "mana": found.mana,
        "range": round(found.distance, 3),
        "reach": found.reach,
        "sight": found.sight,
        "cover": found.cover,
        "flank": found.flank,
        "attack_dice": attack["dice"],
        "attack_face": max(2, min(6, attack["scope"])),
        "defence_dice": defence["dice"],
        "defence_face": max(2, min(6, defence["scope"])),
        "causes": list(found.causes),
        "outcomes": [
            {"row": found.rows.get(key, key), "p": p} for key, p in found.outcomes.items()
        ],
        "knockout": found.knockout,
    }


def _fists(action: Action) -> bool:
    return action.kind == "attack" and action.get("weapon") == FISTS


def action_hint(
    state: BattlegroundState,
    seat: int,
    index: int,
    action: Action,
    scratch: BattlegroundState | None = None,
    facts: dict[bool, MoveFacts] | None = None,
) -> JsonObject:
    """One legal action: its text, the hex or character it concerns, its preview, and for a
    move or an attack the details to draw (*scratch*: a clone the moves may share, *facts*:
    what they share, by focus, filled as met). A move's preview in words is left out: its
    ``move`` holds the same facts."""
    top = state.flow.top()
    hint: JsonObject = {
        "index": index,
        "action": str(action),
        "kind": action.kind,
        "text": state.describe(action),
        "hex": None,
        "character": None,
        "preview": None,
    }
    where = POSITION_KINDS.get(action.kind)
    if where is not None:
        hint["hex"] = list(action.ints_param(where))
    who = CHARACTER_KINDS.get(action.kind)
    if who is not None:
        hint["character"] = action.str_param(who)
    for name in PARAMS:
        value = action.get(name)
        if value is not None:
            hint[name] = list(value) if isinstance(value, tuple) else value
    if isinstance(top, ActStep) and action.kind == "move":
        # a character has up to a few hundred moves: the move's facts, not its preview in
        # words (the same facts, which the browser puts in words itself)
        hint["move"] = move_hint(state, seat, action, scratch, facts)
    elif isinstance(top, ActStep) and action.kind == "attack":
        found = preview.attack_preview(state, seat, action)
        hint["attack"] = attack_hint(state, seat, action, found)
        hint["preview"] = found.text()
    else:
        hint["preview"] = preview.legal_preview(state, seat, action)
    if action.kind == "face":
        # what the facing changes: flank, arcs, the enemy faced (issue 23 §2.9)
        hint["facing"] = facing.facing_info(state, seat, action)
    hint["confirm"] = action.kind in ("forfeit", "offer-draw", "accept-draw", "decline-draw")
    hint["fists"] = _fists(action)
    return hint


def action_hints(state: BattlegroundState, seat: int | None) -> list[JsonObject]:
    """One hint per legal action of ``seat``, in the order of ``state.legal_actions(seat)``
    (the indexes of the view's ``legal`` list)."""
    if seat is None or state.is_terminal():
        return []
    legal = state.legal_actions(seat)
    watched = any(f.overwatch for f in state.fighters.values())
    scratch = state.clone() if watched else None  # where moves try overwatch triggers
    facts: dict[bool, MoveFacts] = {}
    return [action_hint(state, seat, i, a, scratch, facts) for i, a in enumerate(legal)]
