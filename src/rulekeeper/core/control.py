"""Piece control: which seat controls each piece (heroes, towns, units); a seat may control several.

A :class:`Control` is a record (saved, read and cloned with a state's data) mapping each piece
id to the one seat that controls it; :meth:`Control.assign` hands a piece to a seat (taking it
from its former owner: a town captured), :meth:`Control.release` frees it. A seat's pieces keep
the order they were assigned in (a main hero before a secondary one), through saves too. Teams
are optional: seats listed together in ``teams`` play on one side (:meth:`Control.team_of`).
Nothing here knows any game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from rulekeeper.core.record import Bounds, Record

__all__ = ["MAX_SEAT", "Control"]

MAX_SEAT = 99
"""The highest seat number a control record holds."""

Seat = Annotated[int, Bounds(0, MAX_SEAT)]


def _check_piece(piece: object) -> str:
    """*piece* if it is a usable piece id (a non-empty text), else ValueError."""
    if not isinstance(piece, str) or not piece:
        raise ValueError(f"a piece is named by a non-empty text, not {piece!r}")
    return piece


def _check_seat(seat: object) -> int:
    """*seat* if it is a seat number (an int from 0 to MAX_SEAT), else ValueError."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= MAX_SEAT:
        raise ValueError(f"a seat is a whole number from 0 to {MAX_SEAT}, not {seat!r}")
    return seat


@dataclass
class Control(Record):
    """Which seat controls each piece: every piece has at most one owner."""

    owners: dict[str, Seat] = field(default_factory=dict)
    """Seat by piece id, in the order the pieces were assigned."""
    teams: tuple[tuple[Seat, ...], ...] = ()
    """Seats playing on one side (empty: every seat for itself)."""

    def __post_init__(self) -> None:
        for piece, seat in self.owners.items():
            _check_piece(piece)
            _check_seat(seat)
        seen: set[int] = set()
        for team in self.teams:
            for seat in team:
                if _check_seat(seat) in seen:
                    raise ValueError(f"teams: seat {seat} is in more than one team")
                seen.add(seat)

    def owner(self, piece: str) -> int | None:
        """The seat controlling *piece* (None: nobody)."""
        return self.owners.get(piece)

    def pieces(self, seat: int) -> list[str]:
        """The pieces *seat* controls, in the order they were assigned."""
        return [piece for piece, owner in self.owners.items() if owner == seat]

    def seats(self) -> list[int]:
        """The seats controlling at least one piece, in ascending order."""
        return sorted(set(self.owners.values()))

    def controls(self, seat: int, piece: str) -> bool:
        """Whether *seat* controls *piece*."""
        return self.owners.get(piece) == seat

    def assign(self, piece: str, seat: int) -> int | None:
        """Give *piece* to *seat* (last in its order unless it already has it); return its
        former owner (None: nobody)."""
        before = self.owners.get(_check_piece(piece))
        if before != _check_seat(seat):
            self.owners.pop(piece, None)
            self.owners[piece] = seat
        return before

    def release(self, piece: str) -> int | None:
        """Free *piece* from its owner; return who owned it (None: nobody)."""
        return self.owners.pop(piece, None)

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats on *seat*'s side (itself included)."""
        for team in self.teams:
            if seat in team:
                return team
        return (seat,)

    def allied(self, seat: int, piece: str) -> bool:
        """Whether *piece* is controlled by *seat* or a seat of its team."""
        owner = self.owners.get(piece)
        return owner is not None and owner in self.team_of(seat)
