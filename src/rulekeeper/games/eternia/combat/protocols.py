"""What the combat steps read and call on the state that runs them (the ``eternia-combat``
game's state, or a host's: core/subgame.py)."""

from __future__ import annotations

from typing import Any, Protocol

from rulekeeper.core.events import EventLog
from rulekeeper.core.flow import Flow
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.content.pack import ContentPack

__all__ = ["CombatState"]


class CombatState(Protocol):
    """A state running an epic combat: its data, stack, log, random stream and cards."""

    epic: Epic
    flow: Flow
    events: EventLog
    rng: Pcg32
    game: Any

    @property
    def pack(self) -> ContentPack: ...

    def momentum(self, side: int) -> None:
        """The side's hero's momentum ability for its weapon acts (spec §5.6.1)."""

    def momentum_immediate(self, side: int) -> bool:
        """Whether the side's momentum ability acts as its card is played (spec §5.6.1)."""
        ...

    def seat_of(self, side: int) -> int:
        """The seat that plays *side* (core/control.py: the seat controlling its hero); NO_SEAT
        (-5) for a beast or a card, which its rules play."""
        ...

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that see *side*'s hidden cards (its team)."""
        ...
