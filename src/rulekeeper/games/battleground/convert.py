"""Battleground's old action vocabulary said now (issue 21 §1, §3; core/convert.py replays).

Until replay format 1 and state format 2, a Preparation Phase discard and a free or mana reroll
were one action naming the whole subset: ``discard cards=[...]`` and ``reroll faces=[...]``.
They are now picked one card or die at a time (``PickSubset``, rules/round.py ``DiscardStep``,
rules/dicetest.py ``RerollStep``): ``discard item=<card>`` for each card, ``reroll item="<face>"``
for each die (the face as text), in the step's canonical order (the hand sorted, the dice
sorted), then ``done`` unless the picks end the choice by themselves (as many as allowed, or
the last option picked). An old ``discard cards=[]`` or ``reroll faces=[]`` is a lone ``done``.

    >>> upgrade_action(state, Action.of("reroll", faces=[1, 1]))   # dice 1 1 3, up to 2
    [Action.of("reroll", item="1"), Action.of("reroll", item="1")]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.core import Action
from rulekeeper.games.battleground.rules.dicetest import RerollStep
from rulekeeper.games.battleground.rules.round import DiscardStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

__all__ = ["upgrade_action"]


def upgrade_action(state: BattleState, action: Action) -> Sequence[Action]:
    """*action* said now: an old whole-subset discard or reroll becomes the picks of the step
    pending on *state* (ValueError if they cannot be picked there); any other action stays."""
    names = [name for name, _ in action.params]
    top = state.flow.steps[-1] if state.flow.steps else None
    if action.kind == "discard" and names == ["cards"] and isinstance(top, DiscardStep):
        return top.picks_for([str(card) for card in _items(action.param("cards"))])
    if action.kind == "reroll" and names == ["faces"] and isinstance(top, RerollStep):
        return top.picks_for([str(face) for face in action.ints_param("faces")])
    return (action,)


def _items(value: object) -> list[object]:
    """A list parameter's items (an action keeps a list as a tuple)."""
    if not isinstance(value, list | tuple):
        raise ValueError(f"expected a list, got {value!r}")
    return list(value)
