"""Sub-games: a host game runs another game's procedure and takes back its typed result.

A battle inside a map game, a duel inside a campaign: the sub-game is a procedure (a root
step and the steps it pushes, :mod:`rulekeeper.core.flow`) that is also a game of its own. A
host runs it on its own stack, so the flow stays the only stack of pending decisions:

* the host's step (a :class:`HostStep`) calls :meth:`HostStep.play` with a :class:`SubGame`
  and a :class:`Seating`; the sub-game sets up its data on the host's state (which provides
  what its steps read) and pushes its root above the host's step;
* the sub-game's steps ask the host's seats: the seating maps each of the sub-game's seats to
  the host seat that plays it (or :data:`NO_SEAT`: its rules play it) and names the host seat
  that breaks the ties its rules leave to "the player" (the ``decider``);
* the root ends with :func:`finish` and a result record (core/record.py); the host's step is
  resumed (:meth:`Step.resume`) and gets the record back typed, in :meth:`HostStep.take`.

As a game of its own the sub-game is the same procedure alone on the stack, seated by
:meth:`Seating.alone`; its finished result is then ``flow.result`` (the record's data).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Generic, TypeVar, cast

from rulekeeper.core.flow import Step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Bounds, Reader, from_data, to_data

__all__ = [
    "MAX_SEAT",
    "NO_SEAT",
    "HostStep",
    "Seating",
    "SubGame",
    "finish",
    "read_result",
]

NO_SEAT = -5
"""A sub-game's seat no host seat plays: its rules play it (an automaton, an AI side).
Distinct from ``CHANCE`` (-1), ``SIMULTANEOUS`` (-2), ``AUTO`` (-3) and ``TERMINAL`` (-4), so
it is never taken for who acts."""
MAX_SEAT = 63
"""The highest host seat a seating names."""

HostSeat = Annotated[int, Bounds(NO_SEAT, MAX_SEAT)]
S = TypeVar("S")
R = TypeVar("R")


@dataclass
class Seating:
    """Who plays a sub-game, as its host says (a record, kept in the sub-game's data).

    ``seats[i]`` is the host seat that plays the sub-game's seat *i* (:data:`NO_SEAT`: nobody,
    its rules play it); ``decider`` is the host seat that breaks the ties the sub-game's rules
    leave to a player (an automaton's equal choices). The seat map, host seat to sub-game
    seat, is :meth:`sub`."""

    seats: list[HostSeat] = dataclasses.field(default_factory=list)
    decider: Annotated[int, Bounds(0, MAX_SEAT)] = 0

    def __post_init__(self) -> None:
        played = [seat for seat in self.seats if seat != NO_SEAT]
        if any(not 0 <= seat <= MAX_SEAT for seat in played) or not 0 <= self.decider <= MAX_SEAT:
            raise ValueError(f"a seat is a host seat 0 to {MAX_SEAT} or NO_SEAT ({NO_SEAT})")
        if len(set(played)) != len(played):
            raise ValueError("a host seat plays one seat of the sub-game")

    @classmethod
    def alone(cls, players: int, decider: int = 0) -> Seating:
        """The sub-game as a game of its own: its seat *i* is seat *i*."""
        return cls(seats=list(range(players)), decider=decider)

    def host(self, seat: int) -> int:
        """The host seat that plays the sub-game's *seat*; :data:`NO_SEAT` for a seat its rules
        play (and any other value, ``CHANCE`` or ``AUTO``, unchanged). A seat the seating
        does not have is an IndexError."""
        return seat if seat < 0 else self.seats[seat]

    def sub(self, host_seat: int) -> int | None:
        """The sub-game's seat that *host_seat* plays, or None (it plays none)."""
        if host_seat < 0:
            return None
        for index, seat in enumerate(self.seats):
            if seat == host_seat:
                return index
        return None

    def players(self) -> list[int]:
        """The host seats that play the sub-game, in the order of its seats."""
        return [seat for seat in self.seats if seat != NO_SEAT]


class SubGame(Generic[R]):
    """A procedure a host can run: ``start`` sets up its data on the host's state and pushes
    its steps; its root finishes with a ``result_type`` record (:func:`finish`)."""

    result_type: ClassVar[type[Any]]

    def start(self, state: Any, seating: Seating) -> None:
        """Set up the sub-game on *state* for *seating* and push its procedure."""
        raise NotImplementedError


@dataclass
class HostStep(Step[S], Generic[S, R]):
    """A host's step that runs sub-games (:meth:`play`) and takes each typed result
    (:meth:`take`). ``result_type`` is the record its sub-games finish with."""

    result_type: ClassVar[type[Any]]

    def play(self, state: Any, game: SubGame[R], seating: Seating) -> None:
        """Run *game* above this step, its seats played as *seating* says."""
        if game.result_type is not self.result_type:
            raise TypeError(
                f"{self.kind}: takes {self.result_type.__name__}, not {game.result_type.__name__}"
            )
        game.start(state, seating)

    def resume(self, state: S, result: JsonObject) -> None:
        """The sub-game finished: its result, read back as ``result_type``, goes to take."""
        self.take(state, cast(R, read_result(self.result_type, result)))

    def take(self, state: S, result: R) -> None:
        """Apply a finished sub-game's *result* to the host."""
        raise NotImplementedError(f"{self.kind}: takes no result")


def finish(state: Any, result: object) -> None:
    """End the sub-procedure whose root is on top with the record *result* (Flow.finish with
    its data): the step below takes it, or, alone on the stack, it is the game's result."""
    state.flow.finish(state, to_data(result))


def read_result(cls: type[R], data: Any, source: str = "sub-game result") -> R:
    """A result record of *cls* read from its data (a DataError names a bad field)."""
    return from_data(cls, data, Reader(source), "result")
