"""A game hosted by the server (:class:`Hosted`) and who holds its seats (:class:`Seat`), with
the small helpers the lobby and the views share (tokens, names, actions a client writes)."""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core import CHANCE, SIMULTANEOUS, Action, GameState, RulekeeperError
from rulekeeper.core.session import Session
from rulekeeper.server.errors import ApiError

__all__ = [
    "BOT",
    "HUMAN",
    "OPEN",
    "Hosted",
    "Seat",
    "clean_name",
    "error_rule",
    "new_token",
    "only_others_since",
    "parse_action",
    "seat_fields",
    "token_hash",
]

OPEN, HUMAN, BOT = "open", "human", "bot"
NAME_LIMIT = 40


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A random token of 192 bits."""
    return secrets.token_urlsafe(24)


@dataclass
class Seat:
    """Who holds a seat."""

    kind: str = OPEN
    name: str = ""
    spec: str = ""
    token_hash: str | None = None

    def public(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "kind": self.kind, "name": self.name, "spec": self.spec}


@dataclass
class Hosted:
    """A game in play on this server."""

    id: str
    title: str
    private: bool
    admin_hash: str
    seats: list[Seat]
    session: Session | None
    attention: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    listeners: list[Callable[[Hosted], None]] = field(default_factory=list)
    game_name: str = ""
    stored_status: str = ""
    """The status the database holds (written only when it changes)."""
    views: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    """The views of the current version already built, by seat (views.seat_view)."""
    campaign: str | None = None
    """The campaign whose scenario this game is (server/campaigns.py), or None."""

    @property
    def state(self) -> GameState:
        if self.session is None:
            raise ApiError("needs-attention", f"this game no longer replays: {self.attention}")
        return self.session.state

    @property
    def version(self) -> int:
        return 0 if self.session is None else self.session.state.actions_taken()

    @property
    def status(self) -> str:
        if self.session is None:
            return "attention"
        if self.session.state.is_terminal():
            return "finished"
        if any(seat.kind == OPEN for seat in self.seats):
            return "open"
        return "running"

    def seat_of(self, token: str | None) -> int | None:
        """The seat *token* holds, or None (a spectator); a token that holds nothing is refused."""
        if not token:
            return None
        hashed = token_hash(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, hashed):
                return index
        if secrets.compare_digest(self.admin_hash, hashed):
            return None
        raise ApiError("bad-token", "this token holds no seat of this game", status=403)

    def is_admin(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(self.admin_hash, token_hash(token or ""))

    def to_act(self) -> list[int]:
        """The seats that may act now."""
        if self.session is None or self.state.is_terminal():
            return []
        player = self.state.current_player()
        if player == CHANCE:
            return []
        seats = range(self.state.num_players) if player == SIMULTANEOUS else [player]
        return [seat for seat in seats if self.state.legal_actions(seat)]

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this game."""
        return {
            "id": self.id,
            "game": self.game_name,
            "title": self.title,
            "status": self.status,
            "version": self.version,
            "seats": [seat.public(i) for i, seat in enumerate(self.seats)],
            "attention": self.attention,
            "campaign": self.campaign,
        }


def only_others_since(hosted: Hosted, seat: int, version: int) -> bool:
    """Whether everything done since *version* was done by other seats while *seat* still
    had to act (two players choosing at once): then *seat*'s choice still stands."""
    count = hosted.state.actions_taken()
    if not 0 <= version < count or seat not in hosted.to_act():
        return False
    since = hosted.state.recent_history(count - version)
    return all(entry.player not in (seat, CHANCE) for entry in since)


def parse_action(text: str) -> Action:
    """The action a client wrote as *text*; a bad-request error when it cannot be read."""
    try:
        return Action.parse(text)
    except (RulekeeperError, ValueError, RecursionError) as error:
        raise ApiError(
            "bad-request", f"cannot read the action {text!r}: {error}", "action"
        ) from None


def clean_name(text: str) -> str:
    """A name as people typed it, without control characters, cut to a sane length."""
    kept = "".join(ch for ch in text if ch.isprintable()).strip()
    return kept[:NAME_LIMIT]


def seat_fields(seat: Seat) -> dict[str, Any]:
    """What the database holds of *seat* (``SeatRow``'s columns)."""
    return {"kind": seat.kind, "name": seat.name, "spec": seat.spec, "token_hash": seat.token_hash}


def error_rule(error: RulekeeperError) -> str | None:
    """The rule an engine error names, if any."""
    rule = getattr(error, "rule", None)
    return rule if isinstance(rule, str) else None
