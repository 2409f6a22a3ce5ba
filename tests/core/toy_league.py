"""The toy league: a host game that plays two toy contests in a row (core/subgame.py).

A **contest** is a sub-game of two seats: each side bids from its purse (0 to all of it), the
higher bid wins; equal bids are a tie the rules leave to "the player": the seating's
``decider`` names the winner. A side no host seat plays (``NO_SEAT``) is an automaton: it bids
:data:`AUTOMATON_BID` (or its whole purse, if smaller). The contest ends with a typed
:class:`ContestResult`; alone on the stack it is the game ``toy_contest``.

The **league** (``toy_league``, three seats, each with a purse of :data:`PURSE`) hosts two
contests: the first between seats 1 and 2 (seat 0 breaks a tie), the second between seat 0
and an automaton (seat 2 breaks a tie). Each result is applied: the winner's seat scores a
point, every seat pays its bid from its purse, so what the first contest cost is what the
second one can bid.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import (
    NO_SEAT,
    Action,
    Bounds,
    DataError,
    Flow,
    Game,
    HostStep,
    JsonObject,
    JsonValue,
    ProcedureState,
    Seating,
    Step,
    StepKinds,
    SubGame,
    register_game,
)
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.core.subgame import finish

PURSE = 3
AUTOMATON_BID = 2
BID_RULE = "Toy league, Contest: bid from your purse"
TIE_RULE = "Toy league, Contest: the decider breaks a tie"

Amount = Annotated[int, Bounds(-1, 9)]


@dataclass
class ContestResult:
    """A finished contest: the winning side (0 or 1, the contest's seats), both bids, and the
    host seat that broke a tie (-1: no tie)."""

    winner: Annotated[int, Bounds(0, 1)]
    bids: list[Annotated[int, Bounds(0, 9)]]
    tie_broken_by: Annotated[int, Bounds(-1, 63)] = -1

    def __post_init__(self) -> None:
        if len(self.bids) != 2:
            raise ValueError("a contest has two bids")


@dataclass
class Contest(Step[Any]):
    """The contest's root (automatic): asks each side's bid, a tie's winner, then finishes."""

    kind = "contest"
    seating: Seating = dataclasses.field(default_factory=lambda: Seating.alone(2))
    purses: list[Amount] = dataclasses.field(default_factory=lambda: [PURSE, PURSE])
    bids: list[Amount] = dataclasses.field(default_factory=lambda: [-1, -1])
    winner: Amount = -1
    tie_broken_by: Annotated[int, Bounds(-1, 63)] = -1

    def run(self, state: Any) -> None:
        for side in (0, 1):
            if self.bids[side] < 0:
                if self.seating.host(side) == NO_SEAT:  # the automaton bids by its rule
                    self.bids[side] = min(AUTOMATON_BID, self.purses[side])
                else:
                    state.flow.push(Bid(side=side))
                return
        if self.bids[0] != self.bids[1]:
            self.winner = 0 if self.bids[0] > self.bids[1] else 1
        elif self.winner < 0:
            state.flow.push(BreakTie())
            return
        result = ContestResult(self.winner, list(self.bids), self.tie_broken_by)
        state.events.append("contest", dataclasses.asdict(result))
        finish(state, result)


def _contest(state: Any) -> Contest:
    contest = state.flow.find(Contest)
    assert contest is not None
    return contest


@dataclass
class Bid(Step[Any]):
    """One side bids: the host seat the seating maps the side to acts."""

    kind = "bid"
    rule = BID_RULE
    side: Annotated[int, Bounds(0, 1)] = 0

    def actor(self, state: Any) -> int:
        return _contest(state).seating.host(self.side)

    def legal(self, state: Any, seat: int) -> list[Action]:
        purse = _contest(state).purses[self.side]
        return [Action.of("bid", amount=amount) for amount in range(purse + 1)]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        _contest(state).bids[self.side] = action.int_param("amount")
        state.flow.pop()


@dataclass
class BreakTie(Step[Any]):
    """Equal bids: the seating's decider names the winning side."""

    kind = "break-tie"
    rule = TIE_RULE

    def actor(self, state: Any) -> int:
        return _contest(state).seating.decider

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("winner", side=0), Action.of("winner", side=1)]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action in self.legal(state, seat):
            return None
        return (TIE_RULE, "name the winning side: winner side=0 or side=1")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        contest = _contest(state)
        contest.winner = action.int_param("side")
        contest.tie_broken_by = seat
        state.flow.pop()


CONTEST_STEPS = StepKinds(Contest, Bid, BreakTie)


class ContestGame(SubGame[ContestResult]):
    """The contest offered to hosts: the purses each side bids from."""

    result_type = ContestResult

    def __init__(self, purses: list[int]) -> None:
        self.purses = purses

    def start(self, state: Any, seating: Seating) -> None:
        state.flow.push(Contest(seating=seating, purses=list(self.purses)))


# --------------------------------------------------------------------------- the host


@dataclass
class League(HostStep[Any, ContestResult]):
    """The league's root: two contests in a row, each result applied (see module doc)."""

    kind = "league"
    result_type = ContestResult
    played: Annotated[int, Bounds(0, 2)] = 0
    seatings: list[Seating] = dataclasses.field(
        default_factory=lambda: [Seating([1, 2], decider=0), Seating([0, NO_SEAT], decider=2)]
    )

    def actor(self, state: Any) -> int:
        return AUTO

    def run(self, state: Any) -> None:
        if self.played == len(self.seatings):
            state.flow.pop()
            return
        seating = self.seatings[self.played]
        purses = [PURSE if seat == NO_SEAT else state.purses[seat] for seat in seating.seats]
        self.play(state, ContestGame(purses), seating)

    def take(self, state: Any, result: ContestResult) -> None:
        """The winner's seat scores; every seat pays its bid (the automaton's purse is its own)."""
        assert isinstance(result, ContestResult)  # typed, not the data it travelled as
        seating = self.seatings[self.played]
        for side, bid in enumerate(result.bids):
            seat = seating.host(side)
            if seat != NO_SEAT:
                state.purses[seat] -= bid
        winner = seating.host(result.winner)
        if winner != NO_SEAT:
            state.points[winner] += 1
        state.results.append(dataclasses.asdict(result))
        self.played += 1


class LeagueState(ProcedureState):
    """``toy_league``: three seats, their points and purses, the contests' results."""

    STEPS = CONTEST_STEPS.merged(StepKinds(League))
    points: list[Annotated[int, Bounds(0, 2)]]
    purses: list[Annotated[int, Bounds(0, PURSE)]]
    results: list[JsonValue]

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.points = [0, 0, 0]
        self.purses = [PURSE, PURSE, PURSE]
        self.results = []
        self.flow = Flow([League()])
        self.settle()

    def _returns(self) -> list[float]:
        return [float(points) for points in self.points]

    def _observation(self, player: int) -> JsonObject:
        return {
            "points": list(self.points),
            "purses": list(self.purses),
            "pending": [step.kind for step in self.flow],
        }


class ContestState(ProcedureState):
    """``toy_contest``: the contest alone, seats 0 and 1; its result is ``flow.result``."""

    STEPS = CONTEST_STEPS

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.flow = Flow()
        ContestGame([PURSE, PURSE]).start(self, Seating.alone(2))
        self.settle()

    def _returns(self) -> list[float]:
        result = self.flow.result
        if result is None:
            return [0.0, 0.0]
        winner = result["winner"]
        return [1.0 if winner == 0 else -1.0, 1.0 if winner == 1 else -1.0]

    def _observation(self, player: int) -> JsonObject:
        return {"pending": [step.kind for step in self.flow], "result": self.flow.result}


def _no_params(name: str, params: dict[str, Any]) -> JsonObject:
    for key in params:
        raise DataError(f"{name} parameters", key, "unknown parameter")
    return {}


@register_game
class LeagueGame(Game):
    name = "toy_league"
    state_class = LeagueState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        return _no_params(self.name, params)

    @property
    def num_players(self) -> int:
        return 3


@register_game
class ContestAloneGame(Game):
    name = "toy_contest"
    state_class = ContestState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        return _no_params(self.name, params)

    @property
    def num_players(self) -> int:
        return 2
