"""How good a HoMM3 battle looks for a seat: the evaluation the built-in bots use
(``state.evaluate(seat)``, docs/bots.md), in [-1, 1].

Each side's strength is the sum over its units not destroyed of ``(attack + defence + 2) ×
HP left`` (a Pack unit counting the HP of its Few side too, which it flips to), a unit in
reserve (not yet deployed) counting ``RESERVE_SHARE`` of that and the Arrow Tower counted
like a unit. The value is ``(own − enemy) / (own + enemy)`` for the seat's side; the battle's
end is its returns (GameState.evaluate). Nothing hidden (a hand, a deck) is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.homm3.combat.model import OFF_BOARD, Unit
from rulekeeper.games.homm3.combat.stats import card, face, hp_left

if TYPE_CHECKING:
    from rulekeeper.games.homm3.game import CombatState

RESERVE_SHARE = 0.8
"""Share of its strength a unit in reserve counts (it must still be deployed)."""


def unit_strength(state: CombatState, unit: Unit) -> float:
    """``(attack + defence + 2) × HP left``, with the Few side to come for a Pack unit."""
    if unit.destroyed:
        return 0.0
    shown = face(state, unit)
    hp = float(max(0, hp_left(state, unit)))
    printed = card(state, unit)
    if unit.face == "pack" and printed.two_sided and not unit.overlay:
        hp += printed.few.hp
    value = (max(0, shown.attack) + max(0, shown.defence) + 2) * hp
    return value * RESERVE_SHARE if unit.field == OFF_BOARD else value


def strengths(state: CombatState) -> list[float]:
    """The strength of the attacker's side and of the defender's."""
    totals = [0.0, 0.0]
    for unit in state.battle.units.values():
        totals[unit.side] += unit_strength(state, unit)
    return totals


def evaluate(state: CombatState, player: int) -> float:
    """*player*'s side's share of the strength on the field, from -1 to 1."""
    armies = state.battle.armies
    mine = [index for index, army in enumerate(armies) if army.seat == player]
    if not mine:
        return 0.0
    totals = strengths(state)
    own = totals[mine[0]]
    enemy = totals[1 - mine[0]]
    if own + enemy <= 0:
        return 0.0
    return (own - enemy) / (own + enemy)
