"""How good a HoMM3 battle looks for a seat: the evaluation the built-in bots use
(``state.evaluate(seat)``, docs/bots.md), in [-1, 1].

Each side's strength is the sum over its units not destroyed of ``(attack + defence + 2) ×
HP left`` (a Pack unit counting the HP of its Few side too, which it flips to). A unit in
reserve counts ``RESERVE_SHARE`` of that while the sides deploy, nothing once the fight has
begun (it can no longer enter, homm3.md §5.15). In a siege (§5.14.4, §9.3) the Arrow Tower
counts ``TOWER_WEIGHT`` times its strength (it fires every round and only ranged attacks reach
it), scaled by the share of Walls and Gate still standing (it falls with the last one), and
each piece standing counts ``WALL_VALUE`` for the defender (it blocks the way and gives the −1
against ranged attacks, §9.2). The value is ``(own − enemy) / (own + enemy)`` for the seat's side.

Against Bronze–Gold neutral units the hero must destroy them all in the rounds its MP can pay
for, or flee (§5.18.2, §9.1): the attacker's value then loses the enemy's share of the
strength divided by the rounds left (``TIME_PRESSURE``), down to -1, and the neutrals'
controller (Clash) gets its opposite. The battle's end is its returns (GameState.evaluate).
Nothing hidden (a hand, a deck) is read.
"""

from __future__ import annotations

from rulekeeper.games.homm3.combat.model import ATTACKER, DEFENDER, OFF_BOARD, TOWER, Unit
from rulekeeper.games.homm3.combat.retreat import limited
from rulekeeper.games.homm3.combat.rounds import BattleStep, LimitStep
from rulekeeper.games.homm3.combat.stats import BattleState, card, face, hp_left

RESERVE_SHARE = 0.8
"""Share of its strength a unit in reserve counts while the sides deploy."""
TOWER_WEIGHT = 2.0
"""The Arrow Tower's strength counts this many times (it fires every round, out of melee)."""
WALL_VALUE = 4.0
"""What each Wall or Gate standing is worth to the defender."""
TIME_PRESSURE = 1.0
"""Against a round limit: how much of the enemy's share the attacker loses, per round left."""


def deploying(state: BattleState) -> bool:
    """Whether the sides are still deploying (the battle's root step at its deploy stage)."""
    return any(isinstance(s, BattleStep) and s.stage == "deploy" for s in state.flow.steps)


def unit_strength(state: BattleState, unit: Unit) -> float:
    """``(attack + defence + 2) × HP left``, with the Few side to come for a Pack unit."""
    if unit.destroyed:
        return 0.0
    shown = face(state, unit)
    hp = float(max(0, hp_left(state, unit)))
    printed = card(state, unit)
    if unit.face == "pack" and printed.two_sided and not unit.overlay:
        hp += printed.few.hp
    return (max(0, shown.attack) + max(0, shown.defence) + 2) * hp


def standing_share(state: BattleState) -> float:
    """The share of the siege's Walls and Gate still standing (1 without any)."""
    pieces = state.battle.obstacles
    if not pieces:
        return 1.0
    return sum(1 for piece in pieces if piece.intact) / len(pieces)


def strengths(state: BattleState) -> list[float]:
    """The strength of the attacker's side and of the defender's."""
    totals = [0.0, 0.0]
    reserve = RESERVE_SHARE if deploying(state) else 0.0
    for unit in state.battle.units.values():
        value = unit_strength(state, unit)
        if unit.field == OFF_BOARD:
            value *= reserve
        elif unit.field == TOWER:
            value *= TOWER_WEIGHT * standing_share(state)
        totals[unit.side] += value
    totals[DEFENDER] += WALL_VALUE * sum(1 for piece in state.battle.obstacles if piece.intact)
    return totals


def rounds_left(state: BattleState) -> int | None:
    """The rounds the attacker may still fight against a round limit, this one included (None:
    no limit): one per MP its hero can pay, and the current one unless it is over."""
    battle = state.battle
    hero = battle.armies[ATTACKER].hero
    if not limited(state) or battle.options.get("free-extension", "no") == "yes":
        return None
    paid = hero.mp if hero is not None else 0
    over = any(isinstance(step, LimitStep) for step in state.flow.steps)
    return paid + (0 if over else 1)


def attacker_value(state: BattleState) -> float:
    """The attacker's share of the strength, from -1 to 1, less the round limit's pressure."""
    attacker, defender = strengths(state)
    if attacker + defender <= 0:
        return 0.0
    value = (attacker - defender) / (attacker + defender)
    left = rounds_left(state)
    if left is not None:
        value -= TIME_PRESSURE * defender / (attacker + defender) / max(1, left)
    return max(-1.0, value)


def evaluate(state: BattleState, player: int) -> float:
    """*player*'s side's share of the strength on the field, from -1 to 1."""
    armies = state.battle.armies
    mine = [index for index, army in enumerate(armies) if army.seat == player]
    if not mine:
        return 0.0
    value = attacker_value(state)
    return value if mine[0] == ATTACKER else -value
