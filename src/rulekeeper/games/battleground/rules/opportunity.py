"""Attacks of opportunity (rulebook, Attacks of Opportunity): before a character leaves an
engagement, the engaged enemies' player may interrupt with any of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import Action
from rulekeeper.games.battleground.rules import by_kind
from rulekeeper.games.battleground.rules.choice import InterruptionChoice

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


@dataclass
class OpportunityStep(InterruptionChoice):
    """The engaged enemies' player interrupts with one of ``characters`` or declines."""

    kind: ClassVar[str] = "opportunity"
    rule: ClassVar[str] = "Attacks of Opportunity"

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        options = [state.game.actions.one("interrupt", "character", c) for c in self.characters]
        return [*options, state.game.actions.plain("decline")]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        if action.kind == "decline":
            state.flow.pop()
            return
        attacker = action.str_param("character")
        self.characters.remove(attacker)
        if not self.characters:
            state.flow.pop()
        by_kind.start_interruption(state, seat, attacker, "opportunity", self.mover)
