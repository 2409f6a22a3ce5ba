"""The standard actions' common rule (spec §4.3): each at most once a turn, two in all."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.flow import Refusal

__all__ = ["RULE_TURN", "standard_refusal", "take"]

RULE_TURN = "spec §4.3 (rulebook p.11): a hero's turn"


def standard_refusal(state: Any, seat: int, name: str) -> Refusal | None:
    """Why *seat* may not take the standard action *name* now: no turn of its hero is under
    way, or the hero took it already, or two standard actions (spec §4.3)."""
    turn = state.turn()
    if turn is None or turn.over:
        return (RULE_TURN, "no hero's turn is under way")
    owner = state.controller_of(turn.hero)
    if seat != owner:
        return (RULE_TURN, f"player {owner} plays {state.heroes[turn.hero].id}'s turn")
    if name in turn.actions:
        return (RULE_TURN, f"{name} was taken this turn already (each standard action once)")
    if len(turn.actions) >= 2 + turn.extra:
        return (RULE_TURN, f"the hero took its {2 + turn.extra} standard actions this turn")
    return None


def take(state: Any, name: str) -> None:
    """Count the standard action *name* as taken this turn."""
    state.turn().actions.append(name)
