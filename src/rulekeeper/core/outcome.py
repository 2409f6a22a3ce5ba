"""Outcome: how a finished game ended, one shape for every game (issue 22 §2).

``GameState.outcome()`` gives it at a terminal state (None while the game goes on): how the game
ended (``ending``, a short word the game chooses: "points", "knockout", "surrender", "flee",
"forfeit", "agreement", ...), the winning seat and the winning team's seats (``team`` None: a
draw; ``()``: no seat won, as when a solo player loses to the rules' own side), the per-seat
returns (what ``returns()`` says, always), the result in words (what ``describe_result()``
says) and the game's own details as typed data (a dataclass of the game's).

As JSON (:meth:`Outcome.to_json`), the details are written by :func:`details_json`: a record
dataclass by its declared fields (core/record.py), anything with ``to_json()`` or a pydantic
``model_dump`` by that, plain JSON data as it is. :meth:`Outcome.from_json` gives them back as
JSON unless the reader is given a function that types them (``read_details``).

The default outcome (:func:`default_outcome`), for a game that does not say more: a lone best
team wins (a team of one seat in most games), ties are a draw; when every seat plays in the one
team (a solo game, a co-op game), a positive return is a win, a negative one a loss (``team``
``()``), zero a draw. Its ending is "win", "loss" or "draw", or, for a game ended by an anytime
action (a forfeit, out of turn: ``GameState.ANYTIME_KINDS``), that action's kind.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.errors import DataError
from rulekeeper.core.jsonvalue import JsonObject, JsonValue, check_json, copy_json
from rulekeeper.core.record import is_record, to_data

__all__ = ["DRAW", "Outcome", "default_outcome", "details_json"]

DRAW = "draw"
"""The default outcome's ending for a draw (a game may say how: "points", "agreement")."""
WIN = "win"
LOSS = "loss"
_SOURCE = "outcome"


def details_json(details: object) -> JsonValue:
    """A game's outcome details as JSON data (see the module docstring); TypeError otherwise."""
    if details is None:
        return None
    if (
        dataclasses.is_dataclass(details)
        and not isinstance(details, type)
        and is_record(type(details))
    ):
        return to_data(details)
    for method in ("to_json", "model_dump"):
        write = getattr(details, method, None)
        if callable(write):
            found = write(mode="json") if method == "model_dump" else write()
            check_json(found, "details")
            value: JsonValue = found
            return value
    check_json(details, "details")
    plain: JsonValue = copy_json(details)
    return plain


@dataclass(frozen=True)
class Outcome:
    """How a game ended (module docstring). ``winner`` is a seat or None (a draw, or no seat
    won); ``team`` the winning team's seats (``winner`` among them), None for a draw."""

    ending: str
    winner: int | None
    team: tuple[int, ...] | None
    returns: tuple[float, ...]
    text: str
    details: Any = None

    def __post_init__(self) -> None:
        if not isinstance(self.ending, str) or not self.ending:
            raise ValueError("an outcome's ending is a non-empty word")
        if self.team is None and self.winner is not None:
            raise ValueError("a draw (team None) has no winner")
        if self.team is not None and self.winner is not None and self.winner not in self.team:
            raise ValueError(f"the winner {self.winner} is not in the winning team {self.team}")
        if not all(isinstance(v, float) and math.isfinite(v) for v in self.returns):
            raise ValueError(f"returns must be finite floats, got {self.returns!r}")
        seats = len(self.returns)
        if any(not 0 <= seat < seats for seat in self.team or ()):
            raise ValueError(f"the team {self.team} names a seat of no player")

    @property
    def draw(self) -> bool:
        """Whether the game is drawn (no team won)."""
        return self.team is None

    def to_json(self) -> JsonObject:
        """The outcome as JSON data (the details by :func:`details_json`)."""
        return {
            "ending": self.ending,
            "winner": self.winner,
            "team": None if self.team is None else list(self.team),
            "returns": list(self.returns),
            "text": self.text,
            "details": details_json(self.details),
        }

    @classmethod
    def from_json(
        cls, data: Any, read_details: Callable[[JsonValue], Any] | None = None
    ) -> Outcome:
        """The outcome *data* describes (from :meth:`to_json`); the details as JSON, or typed
        by *read_details*. A DataError names a malformed field."""
        if not isinstance(data, Mapping):
            raise DataError(_SOURCE, "(top level)", "an outcome is a JSON object")
        winner, team, returns = data.get("winner"), data.get("team"), data.get("returns")
        if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
            raise DataError(_SOURCE, "winner", f"a seat or null, not {winner!r}")
        if team is not None and (
            not isinstance(team, list)
            or any(isinstance(s, bool) or not isinstance(s, int) for s in team)
        ):
            raise DataError(_SOURCE, "team", f"a list of seats or null, not {team!r}")
        if not isinstance(returns, list) or any(
            isinstance(v, bool) or not isinstance(v, int | float) for v in returns
        ):
            raise DataError(_SOURCE, "returns", f"a list of numbers, not {returns!r}")
        for name in ("ending", "text"):
            if not isinstance(data.get(name), str):
                raise DataError(_SOURCE, name, f"a text, not {data.get(name)!r}")
        details = data.get("details")
        try:
            check_json(details, "details")
            typed = copy_json(details) if read_details is None else read_details(details)
            return cls(
                ending=data["ending"],
                winner=winner,
                team=None if team is None else tuple(team),
                returns=tuple(float(v) for v in returns),
                text=data["text"],
                details=typed,
            )
        except DataError:
            raise
        except (TypeError, ValueError) as exc:
            raise DataError(_SOURCE, "(outcome)", str(exc)) from exc


def default_outcome(
    returns: Sequence[float], teams: Sequence[Sequence[int]], ending: str | None = None
) -> Outcome:
    """The outcome *returns* say, with the game's *teams* (module docstring); *ending* how the
    game ended, if known (else "win", "loss" or "draw")."""
    found = _by_returns(returns, teams)
    return found if ending is None else dataclasses.replace(found, ending=ending)


def _by_returns(returns: Sequence[float], teams: Sequence[Sequence[int]]) -> Outcome:
    values = tuple(float(v) for v in returns)
    if not values:
        raise ValueError("an outcome needs the returns of at least one seat")
    if len(teams) <= 1:  # everyone in one team: the sign of the return says it
        everyone = tuple(range(len(values)))
        if values[0] > 0:
            return Outcome(WIN, 0, everyone, values, _win_text(everyone))
        if values[0] < 0:
            text = "Player 0 loses" if len(values) == 1 else "Everyone loses"
            return Outcome(LOSS, None, (), values, text)
        return Outcome(DRAW, None, None, values, "Draw")
    best = max(values)
    leaders = [tuple(team) for team in teams if any(values[s] == best for s in team)]
    if len(leaders) != 1 or all(v == best for v in values):
        return Outcome(DRAW, None, None, values, "Draw")
    team = tuple(sorted(leaders[0]))
    return Outcome(WIN, team[0], team, values, _win_text(team))


def _win_text(team: Sequence[int]) -> str:
    if len(team) == 1:
        return f"Player {team[0]} wins"
    return f"Players {', '.join(str(s) for s in team[:-1])} and {team[-1]} win"
