"""What the previews read of a Battleground state beyond the rules' :class:`BattleState`: the
odds, the end and the words of the core's ``GameState`` (a Protocol, so that game.py may ask
views/explain.py, which asks views/preview.py, for the words of a legal action without an
import cycle; ``BattlegroundState`` satisfies it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rulekeeper.games.battleground.protocols import BattleState

if TYPE_CHECKING:
    from rulekeeper.core import Action, JsonObject
    from rulekeeper.games.battleground.rules.dicetest import DiceTest, DiceTestStep

__all__ = ["ViewedState"]


class ViewedState(BattleState, Protocol):
    """A Battleground state as the previews see it."""

    def odds(self, action: Action, player: int | None = None) -> JsonObject | None: ...
    def is_terminal(self) -> bool: ...
    def describe(self, action: Action) -> str: ...
    def test_of(self, step: DiceTestStep) -> DiceTest: ...
