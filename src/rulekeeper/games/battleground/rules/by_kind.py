"""The steps a lower rule reaches by kind name (issue 21 §2): an overwatch or an opportunity
attack starts an interruption through the act step's class, found in the state's step
vocabulary (its ``STEPS``), so the dependency points one way: activation.py imports the rules
it calls, never the other way round."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState, Interrupting

ACT = "act"
"""rules/activation.py ``ActStep``."""


def start_interruption(
    state: BattleState, player: int, character: str, kind: str, interrupted: str
) -> None:
    """Interruptions: ``character`` takes a turn of its own inside another's (the act step's
    ``interrupt``, rules/activation.py)."""
    cls = type(state).STEPS.get(ACT)
    assert cls is not None, f"the state's steps have no {ACT!r}"
    cast("type[Interrupting]", cls).interrupt(state, player, character, kind, interrupted)
