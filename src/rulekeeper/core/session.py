"""A game being played, for any game: its state, its record, undo, saving, resuming and replay
files (issue 9 §4). The terminal client uses it and the web server will.

A **replay file** is versioned JSON (``format: rulekeeper-replay``): the game, its parameters,
the rulekeeper version, the hash of the cards and map it loaded (``Game.content_hash``), the
seed and the action log (and, once finished, its ``outcome``: core/outcome.py). A save is the
replay file of an unfinished game. Reading one checks the content hash against the cards and
map loaded now: a file recorded on other data is refused with both hashes named (a replay
would silently diverge otherwise).

**Undo** goes back to the player's previous decision, never past a hidden or random event: a
die rolled, a secret choice, or anything revealed to only some players (a card drawn). Undoing
those would let a player see what chance or the other player hid and choose again.

    session = Session.start(load_game(name), seed=7, path=Path("game.json"))
    session.apply(action, seat)      # validated; saved when the session has a path
    session.undo(seat)               # back before the seat's last decision, if allowed
    Session.resume(Path("game.json"))
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rulekeeper
from rulekeeper.core.actions import Action
from rulekeeper.core.content import load_json
from rulekeeper.core.errors import DataError, IllegalActionError
from rulekeeper.core.game import Game
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.registry import GameRegistry, default_registry
from rulekeeper.core.replay import GameRecord, record_of, upgrade_record
from rulekeeper.core.state import CHANCE, GameState

__all__ = ["REPLAY_FORMAT", "REPLAY_VERSION", "Session", "read_replay", "write_replay"]

REPLAY_FORMAT = "rulekeeper-replay"
REPLAY_VERSION = 2
"""2: actions in the games' current vocabulary (issue 21: a game's discards and rerolls
picked one at a time); a file of version 1 is converted as it is read (core/convert.py)."""
OLD_REPLAY_VERSION = 1
UNDO_RULE = "core: undo"
MAX_REPLAY_BYTES = 20_000_000


def write_replay(record: GameRecord, finished: bool) -> JsonObject:
    """The replay file of *record* (``finished``: the game has ended)."""
    body = record.to_json()
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "rulekeeper": rulekeeper.__version__,
        "game": body["game"],
        "params": body["params"],
        "content": body["content_version"],
        "seed": body["seed"],
        "finished": finished,
        "actions": body["actions"],
        **({"outcome": body["outcome"]} if "outcome" in body else {}),
    }


def read_replay(doc: Any, source: str = "replay") -> GameRecord:
    """The record in a replay file; a DataError names a wrong format, version or field."""
    if not isinstance(doc, Mapping):
        raise DataError(source, "(top level)", "a replay file is a JSON object")
    if doc.get("format") != REPLAY_FORMAT:
        raise DataError(source, "format", f"expected {REPLAY_FORMAT!r}, got {doc.get('format')!r}")
    version = doc.get("version")
    if isinstance(version, bool) or version not in (OLD_REPLAY_VERSION, REPLAY_VERSION):
        known = f"{OLD_REPLAY_VERSION} and {REPLAY_VERSION}"
        raise DataError(source, "version", f"this engine reads versions {known}")
    record = GameRecord.from_json(
        {
            "game": doc.get("game"),
            "params": doc.get("params"),
            "seed": doc.get("seed"),
            "actions": doc.get("actions"),
            "content_version": doc.get("content"),
            "outcome": doc.get("outcome"),
        }
    )
    if version == OLD_REPLAY_VERSION:
        game = default_registry.load(record.game, **record.params)
        record = upgrade_record(record, game)
    return record


def _hidden_or_random(state: GameState, seat: int, before: int) -> bool:
    """Whether the action just applied by *seat* was a die or revealed something to only
    some players (events appended since *before* with restricted visibility, or a secret)."""
    if seat == CHANCE:
        return True
    last = state.recent_history(1)
    if last and last[0].visible_to is not None:
        return True
    return any(event.visible_to is not None for event in state.events.since(before))


@dataclass
class Session:
    """A game in play: its *state*, where undo may go, and where it is saved."""

    state: GameState
    path: Path | None = None
    barriers: list[bool] = field(default_factory=list)
    """Per action of the history: whether undo may not go back past it."""

    @classmethod
    def start(cls, game: Game, seed: int, path: Path | None = None) -> Session:
        session = cls(game.new_initial_state(seed), path)
        session.save()
        return session

    @classmethod
    def from_record(
        cls, record: GameRecord, path: Path | None = None, registry: GameRegistry | None = None
    ) -> Session:
        """A session at the end of *record*; refused if the content hash differs."""
        game = (registry or default_registry).load(record.game, **record.params)
        here = game.content_hash()
        if (
            record.content_version is not None
            and here is not None
            and here != record.content_version
        ):
            raise DataError(
                "replay",
                "content",
                f"recorded on other cards or map: the file says {record.content_version}, "
                f"the data loaded now is {here}",
            )
        session = cls(game.new_initial_state(record.seed), path)
        for index, entry in enumerate(record.actions):
            try:
                session._apply(entry.action, entry.player)
            except IllegalActionError as error:
                raise DataError(
                    "replay", f"actions[{index}]", f"cannot replay {entry.action}: {error}"
                ) from error
        return session

    @classmethod
    def resume(cls, path: Path, registry: GameRegistry | None = None) -> Session:
        """The game saved at *path* (a replay file), to play on and keep saving there."""
        if path.stat().st_size > MAX_REPLAY_BYTES:
            raise DataError(str(path), "(file)", "too large for a replay file")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, ValueError) as error:
            raise DataError(str(path), "(file)", f"not a readable JSON file: {error}") from None
        doc = load_json(text, str(path), "(file)")  # the core's reader: depth, keys given twice
        return cls.from_record(read_replay(doc, str(path)), path, registry)

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply *action* (validated by the rules) and save."""
        self._apply(action, seat)
        self.save()

    def _apply(self, action: Action, seat: int | None) -> None:
        before = self.state.events.last_seq
        actor = self.state.current_player() if seat is None else seat
        self.state.apply_action(action, seat)
        self.barriers.append(_hidden_or_random(self.state, actor, before))

    def undo_target(self, seat: int) -> int | None:
        """How many actions stay after undoing *seat*'s last decision, or None if undo is not
        allowed (no decision of the seat since the last hidden or random event)."""
        count = start = self.state.actions_taken()
        while start > 0 and not self.barriers[start - 1]:
            start -= 1  # the actions undo may reach: back to the newest barrier
        recent = self.state.recent_history(count - start)
        for index in range(count - 1, start - 1, -1):
            if recent[index - start].player == seat:
                return index
        return None

    def undo(self, seat: int) -> None:
        """Go back to before *seat*'s last decision; refused (IllegalActionError, the state
        unchanged) past a hidden or random event."""
        target = self.undo_target(seat)
        if target is None:
            raise IllegalActionError(
                UNDO_RULE,
                "nothing to undo: undo goes back to your last decision, never past a die, a "
                "secret choice or a card revealed",
            )
        record = record_of(self.state)
        state = self.state.game.new_initial_state(record.seed)
        for entry in record.actions[:target]:
            state.apply_action(entry.action, entry.player)
        self.state = state
        del self.barriers[target:]
        self.save()

    # ------------------------------------------------------------------ saving

    def record(self) -> GameRecord:
        return record_of(self.state)

    def to_replay(self) -> JsonObject:
        return write_replay(self.record(), self.state.is_terminal())

    def save(self, path: Path | None = None) -> None:
        """Write the replay file (atomically: a crash leaves the previous save whole)."""
        target = path or self.path
        if target is None:
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_text(json.dumps(self.to_replay()), encoding="utf-8")
        os.replace(temporary, target)
