"""Attacks of opportunity (rulebook, Attacks of Opportunity): before a character leaves an
engagement, the engaged enemies' player may interrupt with any of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import Step
from rulekeeper.games.battleground.model import CharacterId, Seat

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState


@dataclass
class OpportunityStep(Step["BattlegroundState"]):
    """The engaged enemies' player interrupts with one of ``candidates`` or declines."""

    kind: ClassVar[str] = "opportunity"
    rule: ClassVar[str] = "Attacks of Opportunity"
    player: Seat
    mover: CharacterId
    characters: list[CharacterId]

    def actor(self, state: BattlegroundState) -> int:
        return self.player

    def pointless(self, state: BattlegroundState) -> bool:
        return bool(state.fighters[self.mover].knocked_out or not self.characters)

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        options = [state.game.actions.act("interrupt", character=c) for c in self.characters]
        return [*options, state.game.actions.act("decline")]

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        if action.kind == "decline":
            state.flow.pop()
            return
        attacker = action.str_param("character")
        self.characters.remove(attacker)
        if not self.characters:
            state.flow.pop()
        state.start_interruption(seat, attacker, "opportunity", self.mover)
