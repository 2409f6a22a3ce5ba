"""core/session.py (issue 9 §4): a session applies, saves, resumes and undoes, for any game;
replay files are versioned and carry the hash of the cards they were played on."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rulekeeper.core import CHANCE, SIMULTANEOUS, DataError, IllegalActionError, load_game
from rulekeeper.core.session import (
    REPLAY_FORMAT,
    REPLAY_VERSION,
    Session,
    read_replay,
    write_replay,
)
from rulekeeper.games.homm3.game import shipped_battle


def _play(session: Session, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        state = session.state
        if state.is_terminal():
            return
        seat = state.current_player()
        if seat == SIMULTANEOUS:
            seat = next(s for s in range(state.num_players) if state.legal_actions(s))
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            session.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            session.apply(rng.choice(state.legal_actions(seat)), seat)


def test_a_saved_game_resumes_exactly(tmp_path: Path) -> None:
    path = tmp_path / "saves" / "game.json"
    game = load_game("homm3-combat", battle=shipped_battle("siege.yaml"))
    session = Session.start(game, seed=5, path=path)
    _play(session, 30, random.Random(1))
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == REPLAY_FORMAT and doc["version"] == REPLAY_VERSION == 2
    assert doc["content"] == game.content_hash() and doc["content"].startswith("sha256:")
    again = Session.resume(path)
    assert again.state.serialize() == session.state.serialize()
    assert not list(tmp_path.glob("saves/*.tmp"))


def test_undo_goes_back_to_the_seats_last_decision_not_past_a_die() -> None:
    game = load_game("homm3-combat", battle=shipped_battle("hero-battle.yaml"))
    session = Session.start(game, seed=3)
    state = session.state
    seat = state.current_player()
    before = state.serialize()
    session.apply(state.legal_actions(seat)[0], seat)  # a deployment: no die, nothing hidden
    session.undo(seat)
    assert session.state.serialize() == before
    with pytest.raises(IllegalActionError):
        session.undo(seat)  # nothing of this seat's to undo
    # Play until a die has been rolled: undo may not go back past it.
    rng = random.Random(2)
    while not any(entry.player == CHANCE for entry in session.state.history()):
        _play(session, 1, rng)
    last_die = max(i for i, e in enumerate(session.state.history()) if e.player == CHANCE)
    for other in range(session.state.num_players):
        target = session.undo_target(other)
        assert target is None or target > last_die


def test_undo_never_crosses_a_card_revealed_to_one_player() -> None:
    game = load_game("battleground")
    session = Session.start(game, seed=4)
    _play(session, 40, random.Random(4))
    history = session.state.history()
    assert any(session.barriers)  # the roll-off's die, the cards dealt and drawn
    for seat in (0, 1):
        target = session.undo_target(seat)
        if target is not None:
            assert not any(session.barriers[target:])
            assert history[target].player == seat


def test_a_replay_on_other_cards_is_refused_with_both_hashes(tmp_path: Path) -> None:
    game = load_game("homm3-combat", battle=shipped_battle("hero-battle.yaml"))
    session = Session.start(game, seed=1)
    _play(session, 10, random.Random(1))
    doc = session.to_replay()
    doc["content"] = "sha256:" + "0" * 64
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as error:
        Session.resume(path)
    assert "sha256:000" in str(error.value) and game.content_hash() in str(error.value)


def test_bad_replay_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="format"):
        read_replay({"format": "something-else", "version": 1})
    with pytest.raises(DataError, match="version"):
        read_replay({"format": REPLAY_FORMAT, "version": 99})
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="JSON"):
        Session.resume(bad)
    record = Session.start(load_game("battleground"), seed=1).record()
    doc = write_replay(record, finished=False)
    doc["actions"] = [{"player": 0, "action": {"kind": "nonsense"}}]
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match=r"actions\[0\]"):
        Session.resume(bad)
