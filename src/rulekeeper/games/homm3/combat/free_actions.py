"""What a side may do at a window, or in its unit's activation before the attack (homm3.md
§5.18.7, §5.17): play a card, cast a spell, spend a Positive Morale token."""

from __future__ import annotations

from rulekeeper.core import Action
from rulekeeper.games.homm3.combat import cards, morale, spells
from rulekeeper.games.homm3.combat.stats import BattleState


def free_actions(state: BattleState, side: int, activation: bool) -> list[Action]:
    """What *side* may do at a window (or in its unit's activation, before the attack): play a
    card, cast a spell, spend a Positive Morale token."""
    return [
        *cards.card_actions(state, side, "activation" if activation else "window"),
        *spells.cast_actions(state, side, activation),
        *morale.morale_actions(state, side),
    ]


def take_free_action(state: BattleState, side: int, action: Action) -> None:
    """Carry out a free action of :func:`free_actions`."""
    if action.kind == "play":
        cards.play_card(state, side, action)
    elif action.kind == "cast":
        spells.cast(state, side, action)
    else:
        morale.spend(state, side, action)
