"""A decision a player makes about one of their characters (where to be pushed, which way to
face, which target an ability takes, ...): asked of ``player``, and moot (dropped unasked) once
``character`` is knocked out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.flow import Step
from rulekeeper.games.battleground.model import CharacterId, Seat

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


@dataclass
class CharacterChoice(Step["BattleState"]):
    """Base of the steps where ``player`` decides something about ``character``."""

    player: Seat
    character: CharacterId

    def actor(self, state: BattleState) -> int:
        return self.player

    def pointless(self, state: BattleState) -> bool:
        return bool(state.fighters[self.character].knocked_out)


@dataclass
class InterruptionChoice(Step["BattleState"]):
    """Base of the steps where ``player`` picks which of ``characters`` interrupts ``mover``
    (attacks of opportunity, overwatch); moot once the mover is knocked out or nobody is left."""

    player: Seat
    mover: CharacterId
    characters: list[CharacterId]

    def actor(self, state: BattleState) -> int:
        return self.player

    def pointless(self, state: BattleState) -> bool:
        return bool(state.fighters[self.mover].knocked_out or not self.characters)
