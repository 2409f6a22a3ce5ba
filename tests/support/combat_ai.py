"""A test helper for the combat's AI (homm3.md §5.24.1): what the AI rules chose for the
active unit, used by the combat's rule guards and the solo game's AI goldens."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import CHANCE
from rulekeeper.games.homm3.combat.attack import AttackStep


def ai_pick(state: Any) -> set[str]:
    """What the AI rules left for the active AI or neutral unit: the target it attacks when the
    rules decide alone (its attack die is next), else every choice offered to the player to
    break the tie (a target, or ``move F``)."""
    for step in reversed(state.flow.steps):
        if isinstance(step, AttackStep):
            assert state.current_player() == CHANCE
            return {step.target}
    assert state.current_player() == 0, "the player breaks the AI's ties (§5.24.1 rule 3)"
    return {
        str(a.get("target")) if a.kind == "attack" else f"{a.kind} {a.get('to')}"
        for a in state.legal_actions(0)
    }
