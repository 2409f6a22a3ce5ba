"""What a game state and the tools around it need of its game (:class:`GameLike`), a Protocol.

:class:`rulekeeper.core.game.Game` makes states and a state holds its game, so each would name
the other; a state names its game through this Protocol instead (an interface, not an
implementation), which every ``Game`` satisfies, and ``core/game.py`` alone imports
``core/state.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rulekeeper.core.derived import Derived
    from rulekeeper.core.jsonvalue import JsonObject
    from rulekeeper.core.state import GameState

__all__ = ["GameLike"]


class GameLike(Protocol):
    """A game as its states, their players and their tools see it (``Game`` is one)."""

    @property
    def name(self) -> str: ...

    @property
    def num_players(self) -> int: ...

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def params(self) -> JsonObject: ...

    @property
    def bot_logic(self) -> str | None: ...

    @property
    def derived(self) -> Derived: ...

    @property
    def returns_range(self) -> tuple[float, float]: ...

    @property
    def zero_sum(self) -> bool: ...

    @property
    def max_length(self) -> int | None: ...

    @property
    def chance(self) -> frozenset[str]: ...

    def sight_of(self, seat: int) -> tuple[int, ...]: ...

    def content_hash(self) -> str | None: ...

    def new_initial_state(self, seed: int = 0) -> GameState: ...
