"""The baseline replay test of issue 21 §3: behaviour does not change but for the vocabulary of
subset choices.

``games/*.json.gz`` are bot games recorded on the code before issue 21 (commit 4d919e2, by
``record_baseline.py``: random, greedy and MCTS bots; Battleground and every shipped HoMM3
battle; the solo AI hero battle's 18 games recorded again on issue 26's code, whose rule change
places an AI hero's units by the placement rule instead of by the player, each file saying so
in ``recorded_on``), each with its record in the old action vocabulary, its final
``to_position()``, a save taken half-way and the final save. Every record, converted to the
current vocabulary (``rulekeeper.core.convert``: Battleground's whole-subset discards and
rerolls become picks), must replay to exactly its final position, and every old save must
load through the normal loader (converted as it is read) and round-trip. Any change of a dice
stream, of the order of legal actions a bot chose from, of the rules or of the events shows
here.

On the code before issue 21 there is no converter: its records are then replayed as they are
(their own vocabulary), so this file passes there too.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import Game, GameState
from rulekeeper.core.registry import default_registry
from rulekeeper.core.replay import GameRecord

try:
    from rulekeeper.core.convert import replay_upgraded
except ImportError:  # the code before issue 21: records are in its own vocabulary
    replay_upgraded = None
try:  # issue 24 §2: battle files are written in version 2, the same battle
    from rulekeeper.games.homm3.battle.reading import version_2
except ImportError:
    version_2 = None

GAMES = Path(__file__).parent / "games"
FILES = sorted(GAMES.glob("*.json.gz"))
OLD_VOCABULARY = {("discard", "cards"), ("reroll", "faces")}


def _read(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))
    return doc


@pytest.fixture(scope="module")
def games() -> Iterator[dict[str, Game]]:
    """Games loaded once for the module, by their parameters (loading a map takes a while)."""
    yield {}


def _game(games: dict[str, Game], record: GameRecord) -> Game:
    key = json.dumps([record.game, record.params], sort_keys=True)
    if key not in games:
        games[key] = default_registry.load(record.game, **record.params)
    return games[key]


def _converted(game: Game, record: GameRecord) -> GameState:
    """The state *record* reaches, its actions converted as they are applied."""
    if replay_upgraded is not None:
        return replay_upgraded(game, record.seed, record.actions, "baseline")
    state = game.new_initial_state(record.seed)
    for entry in record.actions:
        state.apply_action(entry.action, entry.player)
    return state


def _said_now(state: GameState) -> bool:
    """No action of the history is said in the old whole-subset vocabulary."""
    return not any(
        (entry.action.kind, name) in OLD_VOCABULARY
        for entry in state.history()
        for name, _ in entry.action.params
    )


def test_the_baseline_holds_enough_games_of_both_games() -> None:
    """Issue 21 §3: ≥ 200 recorded games of both games, ≥ 100 Battleground games reaching the
    final round."""
    docs = [_read(path) for path in FILES]
    finals = sum(
        1 for doc in docs if doc["record"]["game"] == "battleground" and doc["final_round"]
    )
    assert len(docs) >= 200
    assert {doc["record"]["game"] for doc in docs} == {"battleground", "homm3-combat"}
    assert finals >= 100


@pytest.mark.parametrize("path", FILES, ids=[p.name.removesuffix(".json.gz") for p in FILES])
def test_a_converted_record_replays_to_its_final_position(
    path: Path, games: dict[str, Game]
) -> None:
    """Issue 21 §3: the old record, converted, replays to exactly the recorded final position;
    the converted record (new vocabulary) replays to it again; the old half-way save (and the
    final one of every fourth game) loads through ``Game.deserialize_state`` (converted as read)
    and round-trips, the final one equal to the converted replay, the half-way one's history
    and events a prefix of it."""
    doc = _read(path)
    record = GameRecord.from_json(doc["record"])
    game = _game(games, record)
    state = _converted(game, record)
    assert state.is_terminal()
    final = doc["final_position"]
    if version_2 is not None and record.game == "homm3-combat":
        final = version_2(final)
    assert state.to_position() == final
    if replay_upgraded is not None and record.game == "battleground":
        assert _said_now(state)
        again = game.new_initial_state(record.seed)
        for entry in state.history():
            again.apply_action(entry.action, entry.player)
        assert again.serialize() == state.serialize()
    whole = state.to_document()
    saves = ("mid_save", "final_save") if FILES.index(path) % 4 == 0 else ("mid_save",)
    for key in saves:
        loaded = game.deserialize_state(json.dumps(doc[key]))
        text = loaded.serialize()
        assert game.deserialize_state(text).serialize() == text
        if key == "final_save":
            assert text == state.serialize()
            continue
        part = loaded.to_document()
        assert part["history"] == whole["history"][: len(part["history"])]
        assert part["events"] == whole["events"][: len(part["events"])]
