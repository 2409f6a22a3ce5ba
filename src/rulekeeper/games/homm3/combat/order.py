"""Activation order (homm3.md §5.18.5, §5.18.6 step 1 and its note; §5.24.1 rule 1).

The unit with the highest Initiative that has not activated this round goes next. Enemy units
of equal Initiative alternate sides, the attacking side first; when one side has nobody left to
activate, the other activates the rest. Two units of one side with equal Initiative: the rulebook
does not order them, so the side's controller chooses (issue 8: a tie the rulebook leaves to a
person is that person's).
"""

from __future__ import annotations

from rulekeeper.games.homm3.combat.model import ATTACKER, DEFENDER, Unit
from rulekeeper.games.homm3.combat.stats import BattleState, initiative

RULE = "homm3.md §5.18.6 (rulebook p. 31)"


def waiting(state: BattleState) -> list[Unit]:
    """Units (and the Arrow Tower) still to activate this round, in a fixed order."""
    battle = state.battle
    return [
        unit
        for army in battle.armies
        for uid in army.units
        if not (unit := battle.units[uid]).activated
        and not unit.destroyed
        and (unit.field >= 0 or unit.field == -2)
    ]


def next_up(state: BattleState) -> list[Unit]:
    """The units one of which activates next: all of one side, at the highest Initiative left."""
    left = waiting(state)
    if not left:
        return []
    top = max(initiative(state, unit) for unit in left)
    tied = [unit for unit in left if initiative(state, unit) == top]
    sides = {unit.side for unit in tied}
    if len(sides) == 1:
        side = tied[0].side
    else:
        battle = state.battle
        alternating = battle.last_initiative == top and battle.last_side in (ATTACKER, DEFENDER)
        side = 1 - battle.last_side if alternating else ATTACKER
    return [unit for unit in tied if unit.side == side]
