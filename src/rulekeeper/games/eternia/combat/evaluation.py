"""How an epic combat stands for one side, for the bots (``state.evaluate``): the share of HP
each side has lost, and a little of what its cards on the grid add (the opponent's face-down
cards unknown: only its face-up ones count)."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.combat.resolution import totals

__all__ = ["standing"]


def standing(state: Any, side: int) -> float:
    """*side*'s standing in the epic combat under way, from -1 to 1 (0: none under way)."""
    if not state.epic.fighters:
        return 0.0
    me, them = state.epic.fighters[side], state.epic.fighters[1 - side]
    worth = them.damage / them.health - me.damage / me.health
    mine = sum(totals(state, side).values())
    theirs = sum(totals(state, 1 - side).values()) if not them.down else 0
    return float(max(-1.0, min(1.0, 0.8 * worth + 0.02 * (mine - theirs))))
