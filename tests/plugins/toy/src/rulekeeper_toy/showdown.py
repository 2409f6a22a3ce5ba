"""The showdown: one attack roll with responses, as a sub-procedure and as a game of its own.

A showdown sets an attack value against a defence value. The attacker rolls the toy die for a
bonus (a "reroll" face rolls again by itself); then, priority passing in this order, each
defender may force one reroll (once per showdown in all) and a referee, if there is one, may
call one roll void (it is rolled again). After a response every seat must pass again; the
window closes when all have passed in succession. Attack plus bonus against defence decides.

The toy duel pushes a :class:`Showdown` in every round and gets the result back in
``Round.resume``; the game ``toy_showdown`` is one showdown and nothing else, its result giving
the returns. The steps only use ``state.flow`` and ``state.events``, so they run in both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from rulekeeper.core import (
    CHANCE,
    Action,
    Bounds,
    DataError,
    Die,
    Flow,
    Game,
    JsonObject,
    ProcedureState,
    ResponseWindow,
    Step,
    StepKinds,
    roll_outcome_actions,
)
from rulekeeper.core.fields import as_int
from rulekeeper.core.record import Reader

TOY_DIE = Die("toy", ("blank", "success", "success", "double_success", "reroll", "blank"))
BONUS = {"blank": 0, "success": 1, "double_success": 2}
REROLL_RULE = "Toy rules, Reroll"
REROLL = Action.of("reroll")
WHISTLE = Action.of("whistle")
NO_REFEREE = -1
"""``Showdown.referee`` when there is no referee."""

Seat = Annotated[int, Bounds(0, 2)]


def _seats_of(state: ProcedureState, seats: list[int]) -> str | None:
    bad = [seat for seat in seats if not 0 <= seat < state.num_players]
    return f"no seat {bad[0]} in this game" if bad else None


@dataclass
class Showdown(Step[ProcedureState]):
    """Attack against defence, settled by a roll; hands back the result (see module doc).

    Automatic: it pushes the roll, then (given the face) the window of responses, then judges
    and finishes with ``{"attack", "defence", "face", "winner"}``; ``winner`` is "attacker",
    "defender" or None for a tie."""

    kind = "showdown"

    attack: Annotated[int, Bounds(0, 6)]
    defence: Annotated[int, Bounds(0, 6)]
    defenders: list[Seat] = field(default_factory=list)
    referee: Annotated[int, Bounds(NO_REFEREE, 2)] = NO_REFEREE
    face: str = ""
    """The face that stands ("" while rolling)."""
    rerolled: bool = False
    whistled: bool = False

    def __post_init__(self) -> None:
        if self.face and self.face not in BONUS:
            raise ValueError(f"the toy die has no face {self.face!r}")

    def run(self, state: ProcedureState) -> None:
        if not self.face:
            state.flow.push(Roll())
            return
        total = self.attack + BONUS[self.face]
        winner = (
            "attacker" if total > self.defence else "defender" if total < self.defence else None
        )
        result: JsonObject = {
            "attack": total,
            "defence": self.defence,
            "face": self.face,
            "winner": winner,
        }
        state.events.append("showdown", result)
        state.flow.finish(state, result)

    def resume(self, state: ProcedureState, result: JsonObject) -> None:
        # The first roll is in: the defenders, then the referee, may respond to it.
        self.face = str(result["face"])
        seats = [*self.defenders, *([self.referee] if self.referee != NO_REFEREE else [])]
        state.flow.push(Reactions(seats=seats))

    def check(self, state: ProcedureState, above: Step[Any] | None) -> str | None:
        if above is not None and not isinstance(above, Reactions | Roll):
            return f"a {above.kind} step cannot stand on it"
        if self.referee in self.defenders:
            return "the referee is not a defender"
        return _seats_of(state, [*self.defenders, *([self.referee] if self.referee >= 0 else [])])


@dataclass
class Roll(Step[ProcedureState]):
    """A roll of the toy die (CHANCE), again on a "reroll" face; hands back ``{"face": ...}``."""

    kind = "roll"

    def actor(self, state: ProcedureState) -> int:
        return CHANCE

    def chance(self, state: ProcedureState) -> list[tuple[Action, float]]:
        return roll_outcome_actions(TOY_DIE)

    def apply(self, state: ProcedureState, action: Action, seat: int) -> None:
        face = action.str_param("face")
        state.events.append("rolled", {"face": face})
        if face != "reroll":  # a "reroll" face: still this step, the die is rolled again
            state.flow.finish(state, {"face": face})

    def check(self, state: ProcedureState, above: Step[Any] | None) -> str | None:
        return None if above is None else f"a {above.kind} step cannot stand on it"


@dataclass
class Reactions(ResponseWindow[ProcedureState]):
    """The window after a roll: ``seats`` are the defenders, then the referee."""

    kind = "reactions"
    rule = REROLL_RULE

    def showdown(self, state: ProcedureState) -> Showdown:
        showdown = state.flow.find(Showdown)
        assert showdown is not None  # Showdown.check: a window stands on its showdown
        return showdown

    def responses(self, state: ProcedureState, seat: int) -> list[Action]:
        showdown = self.showdown(state)
        if seat in showdown.defenders and not showdown.rerolled:
            return [REROLL]
        if seat == showdown.referee and not showdown.whistled:
            return [WHISTLE]
        return []

    def public_pass(self, state: ProcedureState, seat: int) -> bool:
        """The responses read only public marks (a reroll forced, a whistle blown), so having
        none is a public reason to pass (docs/architecture.md, response windows)."""
        return not self.responses(state, seat)

    def respond(self, state: ProcedureState, action: Action, seat: int) -> None:
        showdown = self.showdown(state)
        if action == REROLL:
            showdown.rerolled = True
            state.events.append("reroll_forced", {"player": seat})
        else:
            showdown.whistled = True
            state.events.append("roll_voided", {"player": seat})
        showdown.face = ""
        state.flow.push(Roll())  # resolves before priority comes back to this window

    def resume(self, state: ProcedureState, result: JsonObject) -> None:
        self.showdown(state).face = str(result["face"])

    def check(self, state: ProcedureState, above: Step[Any] | None) -> str | None:
        if above is not None and not isinstance(above, Roll):
            return f"a {above.kind} step cannot stand on it"
        return _seats_of(state, self.seats)


SHOWDOWN_STEPS = StepKinds(Showdown, Roll, Reactions)


# --------------------------------------------------------------------------- a game of its own


class ShowdownState(ProcedureState):
    """``toy_showdown``: seat 0 attacks, seat 1 defends, seat 2 (if any) referees."""

    STEPS = SHOWDOWN_STEPS
    game: ShowdownGame

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        params = self.game.params
        referee = 2 if params["referee"] else NO_REFEREE
        showdown = Showdown(
            attack=as_int(params["attack"], "toy_showdown", "attack"),
            defence=as_int(params["defence"], "toy_showdown", "defence"),
            defenders=[1],
            referee=referee,
        )
        self.flow = Flow([showdown])
        self.settle()

    def _check_state(self, reader: Reader) -> None:
        if self.flow.steps and not isinstance(self.flow.steps[0], Showdown):
            raise reader.fail("data.flow.steps[0]", "the game is one showdown")
        super()._check_state(reader)

    def _returns(self) -> list[float]:
        result = self.flow.result if self.is_terminal() else None
        winner = None if result is None else result.get("winner")
        sign = 1.0 if winner == "attacker" else -1.0 if winner == "defender" else 0.0
        return [sign, -sign, 0.0][: self.num_players]

    def _observation(self, player: int) -> JsonObject:
        showdown = self.flow.find(Showdown)
        return {
            "player": player,
            "procedure": [step.kind for step in self.flow],
            "face": None if showdown is None else showdown.face,
            "result": self.flow.result,
        }


class ShowdownGame(Game):
    name = "toy_showdown"
    state_class = ShowdownState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "toy_showdown parameters"
        out: JsonObject = {"attack": 4, "defence": 4, "referee": False}
        for key, value in params.items():
            if key not in out:
                raise DataError(source, key, "unknown parameter")
            if key == "referee":
                if not isinstance(value, bool):
                    raise DataError(source, key, "expected true or false")
            elif not 0 <= as_int(value, source, key) <= 6:
                raise DataError(source, key, "must be between 0 and 6")
            out[key] = value
        return out

    @property
    def num_players(self) -> int:
        return 3 if self._params["referee"] else 2

    @property
    def zero_sum(self) -> bool:
        return True

    @property
    def chance(self) -> frozenset[str]:
        """Only the toy die, rolled at chance nodes."""
        return frozenset({"explicit"})


__all__ = [
    "BONUS",
    "REROLL",
    "SHOWDOWN_STEPS",
    "TOY_DIE",
    "WHISTLE",
    "Reactions",
    "Roll",
    "Showdown",
    "ShowdownGame",
    "ShowdownState",
]
