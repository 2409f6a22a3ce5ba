"""Overwatch (rulebook, Overwatch; battleground.md §3): when an enemy ends a movement, the
watching characters that it triggers interrupt, in the order their player chooses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import Action
from rulekeeper.games.battleground.board.facing import in_front_arc
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules import by_kind
from rulekeeper.games.battleground.rules.choice import InterruptionChoice
from rulekeeper.games.battleground.rules.reach import routes

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def check_after_move(state: BattleState, mover_id: str) -> None:
    """battleground.md §3: overwatch is checked each time an enemy ends a movement."""
    mover = state.fighters[mover_id]
    triggered = [f.id for f in state.enemies_of(mover) if f.overwatch and triggers(state, f, mover)]
    if triggered:
        state.flow.push(
            OverwatchOrderStep(player=1 - mover.owner, mover=mover.id, characters=triggered)
        )


def triggers(state: BattleState, watcher: Fighter, mover: Fighter) -> bool:
    """Rulebook, Overwatch: sight, front arc, and in range of a weapon or one move away."""
    field = state.field
    if not field.has_line_of_sight(watcher.position, mover.position):
        return False
    if not in_front_arc(watcher.position.hex, watcher.facing, [mover.position.hex]):
        return False
    distance = field.range_inches(watcher.position, mover.position)
    for weapon_id in watcher.weapons:
        weapon = state.weapon(weapon_id)
        if weapon is not None and weapon.range is not None and distance <= weapon.range:
            return True
    goal = field.adjacent_positions(mover.position)
    for use_focus in (False, True) if watcher.focused else (False,):
        reach = routes(state, watcher, use_focus)
        if any(p in reach for p in goal):
            return True
    return False


@dataclass
class OverwatchOrderStep(InterruptionChoice):
    """The watching player picks the next overwatch interruption among those triggered."""

    kind: ClassVar[str] = "overwatch-order"
    rule: ClassVar[str] = "Overwatch"

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.one("interrupt", "character", c) for c in self.characters]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        watcher = action.str_param("character")
        self.characters.remove(watcher)
        mover = state.fighters[self.mover]
        remaining = [
            c
            for c in self.characters
            if state.fighters[c].overwatch and not state.fighters[c].knocked_out
        ]
        self.characters = remaining
        if not remaining or mover.knocked_out:
            state.flow.pop()
        by_kind.start_interruption(state, seat, watcher, "overwatch", mover.id)
