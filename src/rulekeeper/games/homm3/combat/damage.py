"""Damage, flipping and destruction (homm3.md §5.15 "Damage and flipping", §5.18.6 step 5).

A Pack unit whose damage reaches its HP flips to its Few side and keeps the excess; a Few unit
(or a one-sided card) whose damage reaches its HP is destroyed and leaves the board. Damage or
an attack also removes a Paralysis token (§5.18.5).
"""

from __future__ import annotations

from rulekeeper.games.homm3.combat import by_kind
from rulekeeper.games.homm3.combat.model import OFF_BOARD, Unit
from rulekeeper.games.homm3.combat.stats import BattleState, card, max_hp
from rulekeeper.games.homm3.combat.stats import has as unit_has

RULE = "homm3.md §5.15 (rulebook p. 26–27)"


def take_damage(state: BattleState, unit: Unit, amount: int, cause: str) -> None:
    """Put *amount* damage on *unit*: flip it or destroy it as needed, and log it."""
    if amount <= 0:
        return
    unit.paralysed = False
    if unit.overlay:  # a card laid over it takes the damage first; the excess goes below
        hp = max_hp(state, unit)
        if unit.damage + amount < hp:
            unit.damage += amount
            state.events.append(
                "damage",
                {
                    "unit": unit.id,
                    "amount": amount,
                    "cause": cause,
                    "flipped": False,
                    "destroyed": False,
                    "damage": unit.damage,
                },
            )
            return
        amount = unit.damage + amount - hp
        lift_overlay(state, unit)
        if amount <= 0:
            return
    unit.damage += amount
    flipped = False
    hp = max_hp(state, unit)
    if unit.damage >= hp and unit.face == "pack" and card(state, unit).two_sided:
        unit.damage -= hp
        unit.face = "few"
        flipped = True
        hp = max_hp(state, unit)
    destroyed = unit.damage >= hp
    if destroyed:
        unit.damage = 0
        unit.destroyed = True
        if unit.field >= 0:
            unit.field = OFF_BOARD
        unit.defending = False
        unit.paralysed = False
    if destroyed and unit_has(state, unit, "necromancy-reinforce"):
        other = state.battle.armies[1 - unit.side]
        if other.hero is not None and other.hero.faction == "necropolis":
            by_kind.push(state, by_kind.REINFORCE, side=1 - unit.side)
    state.events.append(
        "damage",
        {
            "unit": unit.id,
            "amount": amount,
            "cause": cause,
            "flipped": flipped,
            "destroyed": destroyed,
            "damage": unit.damage,
        },
    )


def heal(state: BattleState, unit: Unit, amount: int, cause: str) -> int:
    """Remove up to *amount* damage from *unit* (never flips a card back); the amount healed."""
    healed = min(amount, unit.damage)
    if healed:
        unit.damage -= healed
        state.events.append("healed", {"unit": unit.id, "amount": healed, "cause": cause})
    return healed


def lift_overlay(state: BattleState, unit: Unit) -> None:
    """The card laid on *unit* goes to its hero's discard pile; the damage below returns."""
    side = state.battle.armies[unit.side]
    if side.hero is not None:
        side.hero.discard.append(unit.overlay)
    state.events.append("overlay-gone", {"unit": unit.id, "card": unit.overlay})
    unit.overlay = ""
    unit.damage = unit.under_damage
    unit.under_damage = 0


def paralyse(state: BattleState, unit: Unit, cause: str) -> None:
    """Give *unit* a Paralysis token unless it is immune (§5.18.5)."""
    if unit.destroyed or unit.field < 0 or unit_has(state, unit, "immune-paralysis"):
        return
    unit.paralysed = True
    state.events.append("paralysed", {"unit": unit.id, "cause": cause})
