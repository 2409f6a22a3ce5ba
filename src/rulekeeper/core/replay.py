"""Game records: the smallest faithful description of a played game.

Because a state is a function of (game, params, seed, history), a record
needs nothing else; replaying it re-checks every action against the current
rules, so a record also works as a regression test for rule changes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulekeeper.core.convert import keeps_vocabulary, replay_upgraded
from rulekeeper.core.errors import DataError, RulekeeperError
from rulekeeper.core.fields import (
    as_int,
    as_list,
    as_mapping,
    as_optional_str,
    as_str,
    join,
    member,
)
from rulekeeper.core.history import LoggedAction
from rulekeeper.core.jsonvalue import JsonObject, check_json
from rulekeeper.core.outcome import Outcome
from rulekeeper.core.registry import GameRegistry, default_registry
from rulekeeper.core.state import GameState

if TYPE_CHECKING:
    from rulekeeper.core.game import Game

__all__ = ["GameRecord", "record_of", "replay", "replay_prefix", "upgrade_record"]

_SOURCE = "game record"


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to reproduce a game exactly.

    ``content_version`` identifies the card/scenario data the game was played
    with, so a replay that diverges after a data update can say why. ``outcome`` is how a
    finished game ended (``Outcome.to_json``, core/outcome.py), for readers that do not replay;
    None for a game not over (and in records written before it). Replaying does not need it.
    """

    game: str
    params: JsonObject
    seed: int
    actions: tuple[LoggedAction, ...] = field(default=())
    content_version: str | None = None
    outcome: JsonObject | None = None

    def to_json(self) -> JsonObject:
        data: JsonObject = {
            "game": self.game,
            "params": dict(self.params),
            "seed": self.seed,
            "actions": [entry.to_json() for entry in self.actions],
            "content_version": self.content_version,
        }
        if self.outcome is not None:
            data["outcome"] = self.outcome
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        mapping = as_mapping(data, _SOURCE, "")
        params = dict(as_mapping(member(mapping, "params", _SOURCE), _SOURCE, "params"))
        try:
            check_json(params)
        except (TypeError, ValueError) as exc:
            raise DataError(_SOURCE, "params", str(exc)) from exc
        raw_actions = as_list(member(mapping, "actions", _SOURCE), _SOURCE, "actions")
        return cls(
            game=as_str(member(mapping, "game", _SOURCE), _SOURCE, "game"),
            params=params,
            seed=as_int(member(mapping, "seed", _SOURCE), _SOURCE, "seed"),
            actions=tuple(
                LoggedAction.from_json(item, _SOURCE, join("actions", i))
                for i, item in enumerate(raw_actions)
            ),
            content_version=as_optional_str(
                mapping.get("content_version"), _SOURCE, "content_version"
            ),
            outcome=_outcome(mapping.get("outcome")),
        )


def _outcome(data: Any) -> JsonObject | None:
    """A record's outcome: checked to be one (``Outcome.from_json``), kept as its JSON."""
    if data is None:
        return None
    try:
        return Outcome.from_json(data).to_json()
    except DataError as exc:
        raise DataError(_SOURCE, f"outcome.{exc.field}", exc.reason) from exc


def record_of(state: GameState, content_version: str | None = None) -> GameRecord:
    """The record that reproduces *state*; its ``content_version`` is the hash of the cards and
    map the game loaded (``Game.content_hash``) unless given."""
    outcome = state.outcome()
    return GameRecord(
        game=state.game.name,
        params=state.game.params,
        seed=state.seed,
        actions=tuple(state.history()),
        content_version=content_version or state.game.content_hash(),
        outcome=None if outcome is None else outcome.to_json(),
    )


def replay_prefix(record: GameRecord, n: int, registry: GameRegistry | None = None) -> GameState:
    """State after the first *n* actions of *record* (for stepping and branching).

    An action the rules refuse raises DataError naming its index, chained to
    the IllegalActionError that explains the refusal.
    """
    if not 0 <= n <= len(record.actions):
        raise ValueError(f"record has {len(record.actions)} actions; cannot replay {n}")
    game = (registry or default_registry).load(record.game, **record.params)
    state = game.new_initial_state(record.seed)
    for i, entry in enumerate(record.actions[:n]):
        try:
            state.apply_action(entry.action, entry.player)
        except RulekeeperError as exc:
            raise DataError(
                _SOURCE, f"actions[{i}]", f"cannot replay {entry.action}: {exc}"
            ) from exc
    return state


def replay(record: GameRecord, registry: GameRegistry | None = None) -> GameState:
    """Final state of *record*, every action (chance outcomes included) re-validated."""
    return replay_prefix(record, len(record.actions), registry)


def upgrade_record(record: GameRecord, game: Game) -> GameRecord:
    """*record* (of *game*) in the game's current action vocabulary, its old actions converted
    as they are replayed (core/convert.py); the same record for a game that kept it."""
    if keeps_vocabulary(game):
        return record
    state = replay_upgraded(game, record.seed, record.actions, "game record")
    return dataclasses.replace(record, actions=tuple(state.history()))
