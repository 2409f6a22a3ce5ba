"""The effects that move characters (rulebook *Movement Effects*, *Push and Pull*): towards,
charge, jump and teleport granted by a card, and pushes and pulls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import Step
from rulekeeper.games.battleground.board.facing import facings_toward
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement import Route, reachable
from rulekeeper.games.battleground.board.movement_effects import charge, displace, towards
from rulekeeper.games.battleground.model import CharacterId, Fighter, Seat
from rulekeeper.games.battleground.rules.abilities import Context, can_be_moved
from rulekeeper.games.battleground.rules.choice import CharacterChoice
from rulekeeper.games.battleground.rules.move import AfterMoveStep, FaceStep, face_any
from rulekeeper.games.battleground.rules.opportunity import OpportunityStep
from rulekeeper.games.battleground.rules.reach import interruption_routes, occupancy_for

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def movement_effect(context: Context, effect: Any) -> None:
    """Towards, charge, jump and teleport granted by a card: the owner picks the destination.
    Leaving an engagement this way provokes attacks of opportunity first (only teleports do not:
    rulebook Movement Effects), and the destinations are worked out when the choice is asked."""
    state = context.state
    mover = context.owner
    move = EffectMoveStep(
        player=mover.owner,
        character=mover.id,
        style=effect.style,
        points=effect.points,
        toward=context.other.id if context.other is not None else "",
    )
    if not movement_options(state, move):
        return
    state.flow.push(move)
    engaged = [e.id for e in state.engaged_enemies(mover)]
    if engaged and effect.style != "teleport":
        state.flow.push(OpportunityStep(player=1 - mover.owner, mover=mover.id, characters=engaged))


def movement_options(state: BattleState, move: EffectMoveStep) -> list[Position]:
    """The destinations *move* offers its character (none once it is knocked out)."""
    mover = state.fighters[move.character]
    if mover.knocked_out:
        return []
    occupancy = occupancy_for(state, mover)
    style: Any = move.style  # a movement style of the card (content/effects.py)
    points = move.points
    options: Mapping[Position, Route]
    if style in ("teleport", "jump"):
        options = reachable(state.field, mover.position, points, occupancy, style=style)
    elif move.toward:
        other = state.fighters[move.toward]
        if other.knocked_out:
            return []
        if style == "charge":
            found = charge(state.field, mover.position, points, other.position, occupancy)
            options = {c.route.destination: c.route for c in found}
        else:
            goal = state.field.adjacent_positions(other.position)
            options = towards(state.field, mover.position, points, goal, occupancy)
    else:
        options = {}
    turn = state.turns[-1] if state.turns else None
    if turn is not None and turn.interruption and turn.character == mover.id and turn.interrupted:
        # Interruptions: every movement of the interrupting character (jumps and teleports of
        # skills, items and cards too) goes towards the interrupted character, ending in its sight.
        allowed = interruption_routes(
            state,
            mover,
            turn.interrupted,
            points,
            style if style in ("jump", "teleport") else "move",
        )
        return sorted(p for p in options if p in allowed)
    return sorted(options)


def push_or_pull(context: Context, effect: Any, subject: Fighter) -> None:
    """Push and Pull: *subject* moved away from or towards the owner (on a line between two
    hexes, the resolving player picks the side)."""
    state = context.state
    kind = effect.kind
    if not can_be_moved(state, subject):
        state.events.append(
            "not moved", {"character": subject.id, "why": "cannot be pushed or pulled"}
        )
        return
    occupied = [f.position for f in state.on_board()]
    options = displace(
        state.field,
        context.owner.position.hex,
        subject.position,
        effect.hexes,
        occupied,
        pull=kind == "pull",
    )
    finals = sorted({o.final for o in options})
    if len(finals) > 1:
        # The line runs between two hexes: the player resolving the effect picks the side.
        state.flow.push(
            PushLineStep(
                player=context.owner.owner,
                character=subject.id,
                effect=kind,
                options=[p.to_json() for p in finals],
            )
        )
        return
    if options:
        displaced(state, subject, kind, options[0].final, options[0].stopped)


def displaced(state: BattleState, subject: Fighter, kind: str, to: Position, why: str) -> None:
    """*subject* pushed or pulled (*kind*) to *to*."""
    subject.place(to)
    state.events.append(kind, {"character": subject.id, "to": to.to_json(), "why": why})


@dataclass
class EffectMoveStep(Step["BattleState"]):
    """Movement Effects: towards, charge, jump or teleport; the owner picks the destination."""

    kind: ClassVar[str] = "effect-move"
    rule: ClassVar[str] = "Movement Effects"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat
    character: CharacterId
    style: str
    points: int
    toward: CharacterId

    def actor(self, state: BattleState) -> int:
        return self.player

    def pointless(self, state: BattleState) -> bool:
        return not movement_options(state, self)

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [
            state.game.actions.act("move-to", to=p.to_json()) for p in movement_options(state, self)
        ]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        flow = state.flow
        flow.pop()
        fighter = state.fighters[self.character]
        start = fighter.position
        fighter.place(Position(*action.ints_param("to")))
        state.events.append(
            self.style,
            {"character": fighter.id, "from": start.to_json(), "to": fighter.position.to_json()},
        )
        if self.style == "teleport":
            # Teleport: no overwatch, and the owner may change the facing.
            flow.push(face_any(fighter))
            return
        if self.toward:
            target = state.fighters[self.toward]
            options = facings_toward(fighter.position.hex, target.position.hex)
            if len(options) == 1:
                fighter.facing = options[0]
            else:
                flow.push(AfterMoveStep(mover=fighter.id))
                flow.push(FaceStep(player=fighter.owner, character=fighter.id, options=options))
                return
            flow.push(AfterMoveStep(mover=fighter.id))
            return
        flow.push(AfterMoveStep(mover=fighter.id))
        flow.push(face_any(fighter))


@dataclass
class PushLineStep(CharacterChoice):
    """A push or pull along a line between two hexes: the resolving player picks the side."""

    kind: ClassVar[str] = "push-line"
    rule: ClassVar[str] = "Push and Pull"
    shared: ClassVar[bool] = True  # its fields never change
    effect: str
    options: list[list[int]]

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.act("push-to", to=o) for o in self.options]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        state.flow.pop()
        subject = state.fighters[self.character]
        to = Position(*action.ints_param("to"))
        displaced(state, subject, self.effect, to, "along the chosen side of the line")
