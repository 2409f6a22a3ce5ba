"""The event log: what happened, in order, and who is allowed to know it.

Rules append events as they resolve ("rolled a 6", "drew a card"); front ends
and narrators read them.  Visibility lives on each event because hidden
information (a drawn card, a secret pick) must be filtered per player at the
source, not by every client remembering to do it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.chain import Records
from rulekeeper.core.errors import DataError
from rulekeeper.core.fields import as_int, as_list, as_mapping, as_str, join, member
from rulekeeper.core.jsonvalue import (
    JsonObject,
    JsonValue,
    canonical_dumps,
    check_json,
    copy_checked_json,
    copy_json,
)

__all__ = ["Event", "EventLog"]

_ONE_SEAT = tuple((seat,) for seat in range(16))
"""Ready-made one-seat tuples: most hidden things are seen by one player."""


def seat_tuple(seats: Sequence[int]) -> tuple[int, ...]:
    """*seats* sorted, each once, as a tuple (a shared one for a single seat)."""
    if len(seats) == 1:
        seat = seats[0]
        if type(seat) is int and 0 <= seat < len(_ONE_SEAT):
            return _ONE_SEAT[seat]
    return tuple(sorted(set(seats)))


_ATOMS = frozenset({str, int, bool, type(None)})
"""Value types that make a payload flat and immutable (floats are checked for finiteness)."""


@dataclass(frozen=True)
class Event:
    """One log entry.  ``visible_to=None`` means every player may see it.

    ``data`` must be treated as read-only: events are shared between clones
    of a state to keep cloning cheap.
    """

    seq: int
    kind: str
    data: JsonObject
    visible_to: tuple[int, ...] | None = None

    def visible_for(self, player: int) -> bool:
        return self.visible_to is None or player in self.visible_to

    def to_data(self) -> JsonObject:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "data": copy_json(self.data),
            "visible_to": None if self.visible_to is None else list(self.visible_to),
        }

    @classmethod
    def from_data(cls, data: Any, source: str = "events", path: str = "") -> Event:
        plain = _plain_event(data)
        if plain is not None:
            return plain
        mapping = as_mapping(data, source, path)
        seq = as_int(member(mapping, "seq", source, path), source, join(path, "seq"))
        kind = as_str(member(mapping, "kind", source, path), source, join(path, "kind"))
        payload = dict(
            as_mapping(member(mapping, "data", source, path), source, join(path, "data"))
        )
        try:
            check_json(payload)
        except (TypeError, ValueError) as exc:
            raise DataError(source, join(path, "data"), str(exc)) from exc
        raw_visible = member(mapping, "visible_to", source, path)
        visible: tuple[int, ...] | None = None
        if raw_visible is not None:
            vpath = join(path, "visible_to")
            visible = tuple(
                as_int(p, source, join(vpath, i))
                for i, p in enumerate(as_list(raw_visible, source, vpath))
            )
        return cls(seq, kind, copy.deepcopy(payload), visible)


def _plain_event(data: Any) -> Event | None:
    """The event *data* holds if it is a usual one (a payload of texts, integers, truth values
    and flat lists of them), read in one quick look; None for anything else, which the careful
    reader of :meth:`Event.from_data` checks field by field (the same event, or the error)."""
    if type(data) is not dict or "visible_to" not in data:
        return None
    seq, kind, payload = data.get("seq"), data.get("kind"), data.get("data")
    if type(seq) is not int or type(kind) is not str or type(payload) is not dict:
        return None
    copied = dict(payload)
    for key, value in payload.items():
        if type(key) is not str:
            return None
        if type(value) not in _ATOMS:
            if type(value) is not list or not all(type(item) in _ATOMS for item in value):
                return None
            copied[key] = list(value)
    seats = data["visible_to"]
    if seats is None:
        return Event(seq, kind, copied)
    if type(seats) is not list or not all(type(seat) is int for seat in seats):
        return None
    return Event(seq, kind, copied, tuple(seats))


def _event(index: int, fields: Sequence[Any]) -> Event:
    """The event at *index* of a log (numbered from 1), from its kind, data and visibility."""
    return Event(index + 1, fields[0], fields[1], fields[2])


def _event_text(index: int, fields: Sequence[Any]) -> str:
    """The canonical JSON text of the event at *index* (what ``Event.to_data`` holds)."""
    seats = fields[2]
    return canonical_dumps(
        {
            "seq": index + 1,
            "kind": fields[0],
            "data": fields[1],
            "visible_to": None if seats is None else list(seats),
        }
    )


class EventLog:
    """Append-only sequence of events numbered from 1.

    Numbering from 1 lets a client that has seen nothing ask for ``since(0)``
    and one that has seen event *n* ask for ``since(n)``. The events live in a
    :class:`Chain` that clones share, so cloning a log costs the same after ten
    events as after ten thousand.
    """

    __slots__ = ("_events",)

    def __init__(self, events: Sequence[Event] | Records[Event] = ()) -> None:
        self._events: Records[Event] = (
            events
            if isinstance(events, Records)
            else Records(3, _event, ((e.kind, e.data, e.visible_to) for e in events))
        )

    def append(
        self,
        kind: str,
        data: Mapping[str, JsonValue] | None = None,
        visible_to: Sequence[int] | None = None,
    ) -> None:
        """Record an event; *data* is copied so later mutation cannot rewrite history (read it
        back with ``log[-1]``)."""
        if type(kind) is not str or not kind:
            raise ValueError(f"event kind must be a non-empty string, got {kind!r}")
        payload: JsonObject = {}
        if data is not None:
            flat = type(data) is dict
            if flat:
                for key, value in data.items():
                    if type(key) is not str or type(value) not in _ATOMS:
                        flat = False
                        break
            # the usual flat payload of texts and numbers: a shallow copy is a full copy
            payload = dict(data) if flat else copy_checked_json(dict(data), kind)
        visible = None if visible_to is None else seat_tuple(visible_to)
        self._events = self._events.append((kind, payload, visible))

    @property
    def last_seq(self) -> int:
        """Sequence number of the newest event, 0 when empty."""
        return len(self._events)

    def since(self, seq: int) -> list[Event]:
        """All events newer than *seq*, regardless of visibility."""
        return self._events.newest(max(0, len(self._events) - max(0, seq)))

    def for_player(self, player: int, since: int = 0) -> list[Event]:
        """Events *player* may see, newer than *since*."""
        return [e for e in self.since(since) if e.visible_for(player)]

    def public(self, since: int = 0) -> list[Event]:
        """Events everyone may see (what a spectator gets)."""
        return [e for e in self.since(since) if e.visible_to is None]

    def mapped(
        self, key: Hashable, change: Callable[[tuple[Any, ...]], tuple[Any, ...]]
    ) -> EventLog:
        """This log with each event's ``(kind, data, visible_to)`` passed through *change*,
        mapping only what is new since the last call with *key* (core/chain.py ``mapped``)."""
        return EventLog(self._events.mapped(key, change))

    def clone(self) -> EventLog:
        """A log sharing these events (they are immutable); O(1)."""
        return EventLog(self._events)

    def __deepcopy__(self, memo: dict[int, Any]) -> EventLog:
        return self.clone()

    def to_data(self) -> list[JsonValue]:
        return [e.to_data() for e in self._events]

    def to_text(self) -> str:
        """``canonical_dumps(self.to_data())``, each event written once (core/chain.py
        ``joined``: the links clones share keep their text)."""
        return "[" + self._events.joined(_event_text, _event_text) + "]"

    @classmethod
    def from_data(cls, data: Any, source: str = "events", path: str = "") -> EventLog:
        events: list[Event] = []
        for i, item in enumerate(as_list(data, source, path)):
            event = Event.from_data(item, source, join(path, i))
            expected = events[-1].seq + 1 if events else 1
            if event.seq != expected:
                raise DataError(source, join(join(path, i), "seq"), f"expected {expected}")
            events.append(event)
        return cls(events)

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        return self._events == other._events

    def __repr__(self) -> str:
        return f"EventLog({self._events!r})"
