"""The toy skirmish: the worked example of lasting effects and triggers (core/lasting.py).

Two seats take turns, seat 0 first, for ``turns`` turns in all (or until a seat has no health
left). At the start of a seat's turn, each poison on it deals 1 (a trigger at ``turn-start``).
On its turn a seat does one of:

- ``strike``: the other seat loses 1 health plus the striker's might;
- ``rally``: +1 might *until the end of your next turn* (a duration relative to its owner: the
  end of this turn is the first counted, the end of the owner's following turn the second);
- ``curse``: poisons the other seat until the end of the curser's next turn.

The game declares its moments in :data:`TOY_TIMING`, kept by the game class
(``SkirmishGame.timing``); the effects live in the state's ``effects`` (saved with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from rulekeeper.core import (
    Action,
    Bounds,
    DataError,
    Flow,
    Game,
    JsonObject,
    ProcedureState,
    Step,
    StepKinds,
)
from rulekeeper.core.fields import as_int
from rulekeeper.core.lasting import Lasting, Moment, Timing, owners_next, total

HEALTH = 6
RULE = "Toy rules, Skirmish (tests/core/toy_lasting.py)"


def holder_of(seat: int) -> str:
    """The holder id of a seat's effects."""
    return f"seat-{seat}"


def poisons(moment: str, state: SkirmishState, seat: int) -> list[Lasting]:
    """Trigger at ``turn-start``: the poisons on the seat whose turn starts."""
    return [e for e in state.effects if e.kind == "poison" and e.holder == holder_of(seat)]


TOY_TIMING = Timing(
    (
        Moment("turn-start", "a seat's turn starts (its poisons fire)", whose="owner"),
        Moment("turn-end", "a seat's turn ends", whose="owner", counts=True),
        Moment("game-end", "the game is over: every effect ends", whose="all", ends_all=True),
    )
).on("turn-start", poisons)
"""The skirmish's moments and its one trigger."""


@dataclass
class Skirmish(Step["SkirmishState"]):
    """The root step: the next seat's turn starts (its triggers fire), or the game ends."""

    kind = "skirmish"

    def run(self, state: SkirmishState) -> None:
        timing = state.game.timing
        if state.turn >= state.game.turns or min(state.health) <= 0:
            timing.expire(state.effects, "game-end")
            state.events.append("over", {"health": list(state.health)})
            state.flow.pop()
            return
        seat = state.turn % 2
        for poison in timing.fired("turn-start", state, seat):
            state.health[seat] -= poison.amount
            state.events.append("poisoned", {"seat": seat, "by": poison.owner})
        state.flow.push(TakeTurn(seat=seat))


@dataclass
class TakeTurn(Step["SkirmishState"]):
    """One seat's turn: strike, rally or curse; then its turn ends."""

    kind = "take-turn"
    rule = RULE
    seat: Annotated[int, Bounds(0, 1)] = 0

    def actor(self, state: SkirmishState) -> int:
        return self.seat

    def legal(self, state: SkirmishState, seat: int) -> Sequence[Action]:
        return [Action.of("strike"), Action.of("rally"), Action.of("curse")]

    def apply(self, state: SkirmishState, action: Action, seat: int) -> None:
        other = 1 - seat
        until_next = owners_next(during_owners_own=True)
        if action.kind == "strike":
            damage = 1 + total(state.effects, "might", holder_of(seat))
            state.health[other] -= damage
            state.events.append("strike", {"seat": seat, "damage": damage})
        else:
            kind, holder = ("might", seat) if action.kind == "rally" else ("poison", other)
            state.effects.append(
                Lasting(
                    kind,
                    holder_of(holder),
                    1,
                    until="turn-end",
                    rounds=until_next,
                    owner=seat,
                    source=action.kind,
                )
            )
        state.game.timing.expire(state.effects, "turn-end", seat)
        state.turn += 1
        state.flow.pop()


SKIRMISH_STEPS = StepKinds(Skirmish, TakeTurn)


class SkirmishState(ProcedureState):
    """The skirmish's data: health, the turn count and the lasting effects in force."""

    STEPS = SKIRMISH_STEPS
    game: SkirmishGame

    health: list[Annotated[int, Bounds(-99, HEALTH)]]
    turn: Annotated[int, Bounds(0, 999)]
    effects: list[Lasting]

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.health = [HEALTH, HEALTH]
        self.turn = 0
        self.effects = []
        self.flow = Flow([Skirmish()])
        self.settle()

    def _returns(self) -> list[float]:
        if not self.is_terminal() or self.health[0] == self.health[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.health[0] > self.health[1] else [-1.0, 1.0]

    def _observation(self, player: int) -> JsonObject:
        return {"health": list(self.health), "turn": self.turn}


class SkirmishGame(Game):
    """The toy skirmish (module docstring); not registered: built directly by its tests."""

    name = "toy_skirmish"
    state_class = SkirmishState
    timing: ClassVar[Timing] = TOY_TIMING

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        out: JsonObject = {"turns": 8}
        for key, value in params.items():
            if key != "turns":
                raise DataError("toy_skirmish parameters", key, "unknown parameter")
            out[key] = as_int(value, "toy_skirmish parameters", key)
        return out

    @property
    def turns(self) -> int:
        """How many turns the game lasts."""
        return as_int(self._params["turns"], "toy_skirmish parameters", "turns")

    @property
    def num_players(self) -> int:
        return 2
