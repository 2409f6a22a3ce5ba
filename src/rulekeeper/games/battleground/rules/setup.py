"""Before the first round (rulebook, First Game Setup step 7; Standard Setup): the roll-off for
the first player and, in the standard setup, the players' deployment."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import CHANCE, D6, Action, roll_outcome_actions
from rulekeeper.core.flow import Step
from rulekeeper.games.battleground.actions import act
from rulekeeper.games.battleground.board.hexes import Position
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules.move import FaceStep
from rulekeeper.games.battleground.rules.round import RoundStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState


@dataclass
class RollOffStep(Step["BattlegroundState"]):
    """Each player rolls a die (player 0 first); ties roll again; the higher roll chooses."""

    kind: ClassVar[str] = "roll-off"
    rolls: list[int]

    def actor(self, state: BattlegroundState) -> int:
        return CHANCE

    def chance(self, state: BattlegroundState) -> Sequence[tuple[Action, float]]:
        return roll_outcome_actions(D6)

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        return []

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        rolls = self.rolls
        rolls.append(action.int_param("face"))
        state.events.append(
            "roll", {"player": len(rolls) - 1, "face": rolls[-1], "for": "first player"}
        )
        if len(rolls) < 2:
            return
        if rolls[0] == rolls[1]:
            self.rolls = []
            return
        winner = 0 if rolls[0] > rolls[1] else 1
        state.flow.replace(ChooseFirstStep(player=winner))


@dataclass
class ChooseFirstStep(Step["BattlegroundState"]):
    """The roll-off winner picks the first player."""

    kind: ClassVar[str] = "choose-first"
    shared: ClassVar[bool] = True  # its fields never change
    player: int

    def actor(self, state: BattlegroundState) -> int:
        return self.player

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        return [act("first-player", player=p) for p in (0, 1)]

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        state.first_player = action.int_param("player")
        state.events.append("first player", {"player": state.first_player})
        state.flow.steps = [RoundStep()]
        state.events.append("round", {"round": state.round})
        if any(state.placing.values()):
            # Standard Setup: the players place their characters in their zones, one at a
            # time, the first player first (a decided reading: docs/rules.md).
            state.flow.push(DeployStep(player=state.first_player))


@dataclass
class DeployStep(Step["BattlegroundState"]):
    """Standard Setup: ``player`` places one of their characters in their zone."""

    kind: ClassVar[str] = "deploy"
    player: int

    def actor(self, state: BattlegroundState) -> int:
        return self.player

    def legal(self, state: BattlegroundState, seat: int) -> Sequence[Action]:
        spots = deploy_spots(state, seat)
        return [
            act("deploy", character=entry["character"], to=spot.to_json())
            for entry in state.placing[str(seat)]
            for spot in spots
        ]

    def apply(self, state: BattlegroundState, action: Action, seat: int) -> None:
        name = action.str_param("character")
        entry = next(e for e in state.placing[str(seat)] if e["character"] == name)
        state.placing[str(seat)].remove(entry)
        spot = Position(*action.ints_param("to"))
        state.fighters[name] = Fighter(
            name,
            seat,
            spot.q,
            spot.r,
            spot.level,
            0,
            weapons=entry["weapons"],
            items=entry["items"],
        )
        state.events.append("deploy", {"player": seat, "character": name, "at": spot.to_json()})
        other = 1 - seat
        if state.placing[str(other)]:
            self.player = other
        elif not state.placing[str(seat)]:
            state.flow.discard(self)
        state.flow.push(FaceStep(player=seat, character=name, options=list(range(6))))


def deploy_spots(state: BattlegroundState, player: int) -> list[Position]:
    zone = state.field.zones.get(player, frozenset())
    taken = {f.position for f in state.fighters.values()}
    return [p for p in sorted(state.field.positions) if p.hex in zone and p not in taken]
