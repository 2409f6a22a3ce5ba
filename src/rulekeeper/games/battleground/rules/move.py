"""Moving (rulebook, Move; Facing): a declared move walks its route step by step, pushing
friends out of the way, and ends with the mover's facing and the overwatch check."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import Step
from rulekeeper.core.hexes import DIRECTION_NAMES
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.model import CharacterId, Seat
from rulekeeper.games.battleground.rules import missions, overwatch
from rulekeeper.games.battleground.rules.choice import CharacterChoice
from rulekeeper.games.battleground.rules.reach import routes as reach_routes

if TYPE_CHECKING:
    from rulekeeper.games.battleground.model import Fighter
    from rulekeeper.games.battleground.protocols import BattleState


@dataclass
class FaceStep(CharacterChoice):
    """The owner turns ``character`` to one of ``options`` (directions 0–5)."""

    kind: ClassVar[str] = "face"
    rule: ClassVar[str] = "Move / Ranged Attack: facing"
    shared: ClassVar[bool] = True  # its fields never change
    options: list[int]

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return list(state.game.actions.face_choices(tuple(self.options)))

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        fighter = state.fighters[self.character]
        fighter.facing = action.int_param("direction")
        state.events.append(
            "face", {"character": fighter.id, "facing": DIRECTION_NAMES[fighter.facing]}
        )
        state.flow.pop()


def face_any(fighter: Fighter) -> FaceStep:
    """A free choice of facing for ``fighter``'s owner."""
    return FaceStep(player=fighter.owner, character=fighter.id, options=list(range(6)))


@dataclass
class PushStep(CharacterChoice):
    """A friend in the mover's way is pushed aside; its owner picks the hex."""

    kind: ClassVar[str] = "push"
    rule: ClassVar[str] = "Pushing"
    shared: ClassVar[bool] = True  # its fields never change
    options: list[list[int]]

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.act("push-to", to=o) for o in self.options]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        pushed = state.fighters[self.character]
        destination = Position(*action.ints_param("to"))
        state.events.append(
            "push",
            {
                "character": pushed.id,
                "from": pushed.position.to_json(),
                "to": destination.to_json(),
            },
        )
        pushed.place(destination)
        state.flow.pop()


@dataclass
class ContinueMoveStep(Step["BattleState"]):
    """A declared move: the route is fixed when it starts (after any attacks of opportunity),
    then walked; ``steps``/``pushes`` are what is left of it, ``origin`` where it began."""

    kind: ClassVar[str] = "continue-move"
    player: Seat
    character: CharacterId
    to: list[int]
    focus: bool
    started: bool = False
    steps: list[list[int]] = field(default_factory=list)
    pushes: list[bool] = field(default_factory=list)
    origin: list[int] = field(default_factory=list)

    def run(self, state: BattleState) -> None:
        fighter = state.fighters[self.character]
        if fighter.knocked_out:
            state.flow.pop()
            return
        if not self.started:
            self.started = True
            target = Position(*self.to)
            routes = reach_routes(state, fighter, self.focus)
            route = routes.get(target)
            if route is None:
                # The attacks of opportunity changed the battleground: the move stops here.
                state.events.append(
                    "move blocked", {"character": fighter.id, "to": target.to_json()}
                )
                state.flow.pop()
                return
            self.steps = [s.to.to_json() for s in route.steps]
            self.pushes = [s.pushes is not None for s in route.steps]
            self.origin = fighter.position.to_json()
        self._walk(state, fighter)

    def _walk(self, state: BattleState, fighter: Fighter) -> None:
        steps, pushes = self.steps, self.pushes
        # Where the mover can stop if the route is blocked: a position of the battlefield that
        # no other model takes (a jump or a flight passes over hexes one cannot stand on).
        stand = fighter.position
        while steps:
            to = Position(*steps[0])
            occupant = state.occupant(to)
            if occupant is not None and occupant is not fighter:
                if not pushes[0]:
                    fighter.place(stand)
                    break
                room = [p for p in state.field.adjacent_positions(to) if state.occupant(p) is None]
                rest = {Position(*s) for s in steps[1:]}
                options = [p for p in room if p not in rest] or room
                if not options:
                    break
                state.flow.push(
                    PushStep(
                        player=occupant.owner,
                        character=occupant.id,
                        options=[p.to_json() for p in options],
                    )
                )
                return
            steps.pop(0)
            pushes.pop(0)
            fighter.place(to)
            if occupant is None and state.field.is_position(to):
                stand = to
        state.flow.pop()
        state.events.append(
            "move",
            {"character": fighter.id, "from": self.origin, "to": fighter.position.to_json()},
        )
        state.flow.push(AfterMoveStep(mover=fighter.id))
        state.flow.push(face_any(fighter))


@dataclass
class AfterMoveStep(Step["BattleState"]):
    """A movement ended: overwatch and side missions are checked."""

    kind: ClassVar[str] = "after-move"
    shared: ClassVar[bool] = True  # its fields never change
    mover: CharacterId

    def run(self, state: BattleState) -> None:
        state.flow.pop()
        if state.fighters[self.mover].knocked_out:
            return
        overwatch.check_after_move(state, self.mover)
        missions.check_missions(state)
