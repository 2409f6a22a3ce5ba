"""The serialized state document: its layout version and reading it back (core/state.py
``GameState.serialize`` writes it, ``_deserialize`` builds the state from what is read here)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.chain import Records
from rulekeeper.core.errors import DataError
from rulekeeper.core.events import EventLog
from rulekeeper.core.fields import as_int, as_list, as_mapping, as_str, join, member
from rulekeeper.core.history import LoggedAction, history_text
from rulekeeper.core.jsonvalue import JsonObject, canonical_dumps
from rulekeeper.core.rng import Pcg32

__all__ = ["STATE_FORMAT", "StateDocument", "read_document", "write_document"]

STATE_FORMAT = 3
"""Version of the serialized state layout; bump on incompatible changes (2: typed procedure
steps, shared history with secret entries; 3: the games' current action vocabulary, issue 21:
a state of format 2 is converted as it is read, core/convert.py)."""

_STATE_KEYS = frozenset({"format", "game", "params", "seed", "rng", "history", "events", "data"})


@dataclass(frozen=True)
class StateDocument:
    """A serialized state read and checked, but for the game's own data."""

    seed: int
    rng: Pcg32
    history: list[LoggedAction]
    events: EventLog
    data: Mapping[str, Any]


def read_document(game: str, params: Mapping[str, Any], text: str) -> StateDocument:
    """Read a serialized state of the game named *game* with *params*; a DataError names the
    field that is wrong."""
    source = f"{game} state"
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except (TypeError, ValueError, RecursionError) as exc:
        raise DataError(source, "<text>", f"not valid JSON: {exc}") from exc
    doc = as_mapping(doc, source, "")
    unknown = sorted(set(doc) - _STATE_KEYS)
    if unknown:
        raise DataError(source, unknown[0], "unknown field")
    version = as_int(member(doc, "format", source), source, "format")
    if version != STATE_FORMAT:
        raise DataError(
            source,
            "format",
            f"unsupported state format version {version} (this engine reads version "
            f"{STATE_FORMAT}; replay the game from its record instead)",
        )
    name = as_str(member(doc, "game", source), source, "game")
    if name != game:
        raise DataError(source, "game", f"state is for {name!r}, not {game!r}")
    saved = dict(as_mapping(member(doc, "params", source), source, "params"))
    if saved != params:
        raise DataError(source, "params", f"saved with {saved!r}, but this game has {params!r}")
    seed = as_int(member(doc, "seed", source), source, "seed")
    rng = Pcg32.from_data(member(doc, "rng", source), source, "rng")
    raw_history = as_list(member(doc, "history", source), source, "history")
    try:
        history = [
            LoggedAction.from_json(item, source, join("history", i))
            for i, item in enumerate(raw_history)
        ]
    except RecursionError as exc:
        raise DataError(source, "history", "nested too deeply") from exc
    try:
        events = EventLog.from_data(member(doc, "events", source), source, "events")
    except RecursionError as exc:
        raise DataError(source, "events", "nested too deeply") from exc
    data = as_mapping(member(doc, "data", source), source, "data")
    return StateDocument(seed, rng, history, events, data)


def _reject_constant(name: str) -> float:
    """JSON's NaN and Infinity are not valid JSON: refuse them."""
    raise ValueError(f"{name} is not valid JSON")


def write_document(head: JsonObject, history: Records[LoggedAction], events: EventLog) -> str:
    """``canonical_dumps`` of the document *head* with the history and the event log added,
    the logs' text taken from what their links kept (their entries never change)."""
    parts = {key: canonical_dumps(value) for key, value in head.items()}
    parts["history"], parts["events"] = history_text(history), events.to_text()
    return "{" + ",".join(f"{json.dumps(key)}:{parts[key]}" for key in sorted(parts)) + "}"
