"""Leaving a battle (homm3.md §5.18.2 duration, §9.1 retreat): a fight against Bronze–Gold
neutral units is limited to a round, and only the hero facing them may retreat; Shackles of War
bars a side's hero from retreating or surrendering."""

from __future__ import annotations

from rulekeeper.core.lasting import total
from rulekeeper.games.homm3.combat.model import ATTACKER, DEFENDER
from rulekeeper.games.homm3.combat.stats import BattleState, card, side_holder


def limited(state: BattleState) -> bool:
    """A fight against Bronze–Gold neutral units lasts 1 round unless extended (§5.18.2)."""
    battle = state.battle
    army = battle.armies[DEFENDER]
    if army.kind != "neutral":
        return False
    return all(card(state, battle.units[uid]).tier != "azure" for uid in army.units)


def may_retreat(state: BattleState, side: int) -> bool:
    """Only the hero facing Bronze–Gold neutrals retreats (§9.1); never from a Town's defence,
    nor under Shackles of War."""
    return (
        side == ATTACKER
        and limited(state)
        and state.battle.armies[side].hero is not None
        and not escape_barred(state, side)
    )


def escape_barred(state: BattleState, side: int) -> bool:
    """Shackles of War: the side's hero can neither retreat nor surrender this combat."""
    return bool(total(state.battle.lasting, "no-escape", side_holder(side)))
