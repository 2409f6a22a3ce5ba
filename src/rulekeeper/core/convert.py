"""Old action logs and saves to the current action vocabulary (issue 21 §3).

A game may change how its players say a choice: a game's discards and rerolls were once one
action per subset (``discard cards=[...]``, ``reroll faces=[...]``) and are now picked one card
or die at a time (``PickSubset``: ``discard item=...`` per card, then ``done``). A game says how
an old action is said now with :meth:`Game.upgrade_action` (on the state it is applied to: it
may need the pending step). This module replays an old log through it:

* ``core.replay.upgrade_record`` converts a ``GameRecord`` (a replay file of version 1 is
  converted by ``read_replay``, so ``rulekeeper replay``, ``play --resume`` and the server read
  old files);
* :func:`upgrade_state_text` converts a serialized state of the previous format (2): its history
  is replayed converted from the seed, which rebuilds its data in the new vocabulary, and the
  replay must reach the same random stream and the same events (``Game.deserialize_state`` calls
  it, so old saves load as they are).

A game that keeps its vocabulary (the default ``upgrade_action``) is copied unchanged. The
terminal command is ``rulekeeper convert OLD.json NEW.json`` (docs/play.md, *Old replays and
saves*).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import DataError, RulekeeperError
from rulekeeper.core.history import LoggedAction
from rulekeeper.core.state import STATE_FORMAT, GameState

__all__ = [
    "OLD_STATE_FORMAT",
    "Upgrading",
    "keeps_vocabulary",
    "replay_upgraded",
    "upgrade_state_text",
]


class Upgrading(Protocol):
    """What the conversion needs of a game (``core.game.Game``; a Protocol keeps this module
    free of an import cycle with it)."""

    @property
    def name(self) -> str: ...

    @property
    def upgrades_actions(self) -> bool: ...

    def new_initial_state(self, seed: int = 0) -> GameState: ...

    def upgrade_action(self, state: GameState, action: Action) -> Sequence[Action]: ...


OLD_STATE_FORMAT = 2
"""The serialized state format whose actions and steps :func:`upgrade_state_text` converts."""


def keeps_vocabulary(game: Upgrading) -> bool:
    """Whether *game* says every action as it always did (``Game.upgrades_actions`` False)."""
    return not game.upgrades_actions


def replay_upgraded(
    game: Upgrading, seed: int, actions: Sequence[LoggedAction], source: str
) -> GameState:
    """The state an old log of *actions* reaches from *seed*, each converted as it is applied."""
    state = game.new_initial_state(seed)
    for index, entry in enumerate(actions):
        try:
            for action in game.upgrade_action(state, entry.action):
                state.apply_action(action, entry.player)
        except (RulekeeperError, ValueError) as exc:
            raise DataError(
                source, f"actions[{index}]", f"cannot convert {entry.action}: {exc}"
            ) from exc
    return state


def upgrade_state_text(game: Upgrading, text: str) -> str:
    """A serialized state of format :data:`OLD_STATE_FORMAT` as the current format; any other
    text is returned as it is (the reader judges it)."""
    try:
        doc = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return text
    if not isinstance(doc, Mapping) or doc.get("format") != OLD_STATE_FORMAT:
        return text
    if keeps_vocabulary(game):
        return json.dumps({**doc, "format": STATE_FORMAT})
    source = f"{game.name} state"
    raw = doc.get("history")
    seed = doc.get("seed")
    if not isinstance(raw, list) or not isinstance(seed, int):
        return text
    history = [LoggedAction.from_json(item, source, f"history[{i}]") for i, item in enumerate(raw)]
    state = replay_upgraded(game, seed, history, source)
    _check_same(state, doc, source)
    return state.serialize()


def _check_same(state: GameState, doc: Mapping[str, Any], source: str) -> None:
    """The converted replay reached the saved random stream and events, or a DataError."""
    new = state.to_document()
    for key in ("rng", "events"):
        if new[key] != doc.get(key):
            raise DataError(source, key, "the converted history does not reach the saved state")
