"""Spending a Positive Morale token in combat (homm3.md §5.17): draw a card, or discard any
number of cards and draw as many (rerolling a die is offered after each roll, attack.py).
Necropolis ignores morale. Actions: ``morale-draw``; ``morale-cycle`` then ``cycle item=C``
... ``done``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action
from rulekeeper.games.homm3.combat import hands
from rulekeeper.games.homm3.combat.stats import BattleState

RULE = "homm3.md §5.17 morale (rulebook p. 10)"
DRAW = Action.of("morale-draw")
CYCLE = Action.of("morale-cycle")


def holds_morale(state: BattleState, side: int) -> bool:
    hero = hands.hero_of(state, side)
    return hero is not None and hero.morale > 0 and hero.faction != "necropolis"


def morale_actions(state: BattleState, side: int) -> list[Action]:
    if not holds_morale(state, side):
        return []
    hero = hands.hero_of(state, side)
    assert hero is not None
    found = []
    if hero.deck or hero.discard:
        found.append(DRAW)
    if hero.hand:
        found.append(CYCLE)
    return found


def spend(state: BattleState, side: int, action: Action) -> None:
    hero = hands.hero_of(state, side)
    assert hero is not None
    hero.morale = 0
    state.events.append("morale-spent", {"side": side, "for": action.kind})
    if action == DRAW:
        hands.draw(state, side, 1)
    else:
        seat = state.battle.armies[side].seat
        state.flow.push(
            CycleStep(seat=seat, options=sorted(hero.hand), most=len(hero.hand), side=side)
        )


@dataclass
class CycleStep(hands.HandPick):
    """The cards discarded for a morale cycle; as many are drawn."""

    kind = "morale-cycle"
    verb = "cycle"
    rule = RULE
    side: int = 0

    def chosen(self, state: Any, items: list[str]) -> None:
        for card_id in items:
            hands.discard(state, self.side, card_id)
        hands.draw(state, self.side, len(items))
