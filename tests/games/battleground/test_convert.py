"""Battleground's discards and rerolls picked one at a time (issue 21 §1), and the converter of
old replays and saves to them (issue 21 §3; core/convert.py, battleground/convert.py).

The recorded games are the baseline's (tests/baseline/games, recorded before issue 21).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from game_helpers import play_round, start, top
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core import Action, DataError, load_game
from rulekeeper.core.convert import replay_upgraded
from rulekeeper.core.replay import GameRecord, upgrade_record
from rulekeeper.core.session import REPLAY_VERSION, Session, read_replay, write_replay
from rulekeeper.games.battleground.convert import upgrade_action
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.rules.dicetest import RerollStep
from rulekeeper.games.battleground.rules.round import DiscardStep

BASELINE = Path(__file__).parents[2] / "baseline" / "games"
SAMPLE = "bg-0003-random-random"
"""A baseline game (random bots) with discards and rerolls of every kind."""


def _baseline(name: str = SAMPLE) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(gzip.decompress((BASELINE / f"{name}.json.gz").read_bytes()))
    return doc


def _old_replay_file(doc: dict[str, Any]) -> dict[str, Any]:
    """The baseline game as the replay file the code before issue 21 wrote (version 1)."""
    record = GameRecord.from_json(doc["record"])
    return {**write_replay(record, finished=True), "version": 1}


def _preparing() -> BattlegroundState:
    """Round 2's Preparation Phase: the first player's discard is asked."""
    state = start()
    play_round(state, ["he-man", "stratos"], ["skeletor"])
    assert isinstance(top(state), DiscardStep)
    return state


def test_the_preparation_discard_is_picked_one_card_at_a_time() -> None:
    """Rulebook, Preparation Phase ("discard any number of cards"), issue 21 §1: the hand's
    cards in sorted order, each offered once, then done; picks go on in that order and the
    discard ends by itself when no card is left."""
    state = _preparing()
    step = top(state)
    seat = step.seat
    hand = sorted(state.sides[seat].hand)
    assert step.options == hand
    distinct = list(dict.fromkeys(hand))
    assert state.legal_actions(seat) == [
        *(Action.of("discard", item=card) for card in distinct),
        Action.of("done"),
    ]
    state.apply_action(Action.of("discard", item=hand[-1]), seat)
    assert top(state) is not step  # nothing after the last card: the discard is over
    assert state.events.since(0)[-3].kind == "discard"
    assert state.sides[seat].deck.discard_pile[-1] == hand[-1]


@pytest.mark.parametrize(
    ("chosen", "expected"),
    [
        ([], ["done"]),
        ([0], ["0", "done"]),
        ([-1], ["-1"]),  # the last card: nothing is left to pick, no done
        ([1, 0], ["0", "1", "done"]),  # any order given: picked in the hand's order
        (["all"], ["all"]),  # the whole hand: as many as allowed, no done
    ],
    ids=["keep-all", "first", "last", "unsorted", "whole-hand"],
)
def test_an_old_discard_is_its_picks_in_hand_order(chosen: list[Any], expected: list[str]) -> None:
    """Issue 21 §3: ``discard cards=[...]`` becomes one pick per card in canonical order, then
    ``done`` unless the picks end the choice by themselves; replayed, it discards those cards."""
    state = _preparing()
    seat = top(state).seat
    hand = sorted(state.sides[seat].hand)
    cards = hand if chosen == ["all"] else [hand[i] for i in chosen]
    wanted = (
        [Action.of("discard", item=c) for c in hand]
        if expected == ["all"]
        else [
            Action.of("done") if e == "done" else Action.of("discard", item=hand[int(e)])
            for e in expected
        ]
    )
    actions = upgrade_action(state, Action.of("discard", cards=cards))
    assert list(actions) == wanted
    before = list(state.sides[seat].deck.discard_pile)
    for action in actions:
        state.apply_action(action, seat)
    assert list(state.sides[seat].deck.discard_pile) == before + sorted(cards)
    assert not isinstance(top(state), DiscardStep) or top(state).seat != seat


def test_an_old_discard_of_a_card_not_held_is_refused() -> None:
    """Issue 21 §3: the converter names a card it cannot pick (a corrupted old log)."""
    state = _preparing()
    with pytest.raises(ValueError, match="cannot be picked"):
        upgrade_action(state, Action.of("discard", cards=["no-such-card"]))


def test_old_rerolls_and_discards_of_recorded_games_become_picks() -> None:
    """Issue 21 §3, on the baseline's real logs: each old whole-set reroll or discard is its
    items in the step's order, one pick each, then done exactly when the step does not end by
    itself (the count allowed reached, or the last option picked); the rest is unchanged."""
    seen = {"reroll": 0, "discard": 0, "done": 0, "ended": 0}
    for name in (SAMPLE, "bg-0001-random-random", "bg-0120-greedy-greedy"):
        record = GameRecord.from_json(_baseline(name)["record"])
        game = load_game(record.game, **record.params)
        state = game.new_initial_state(record.seed)
        for entry in record.actions:
            new = list(upgrade_action(state, entry.action))  # type: ignore[arg-type]
            step = top(state)
            if isinstance(step, RerollStep | DiscardStep):
                old = entry.action.param("faces" if entry.action.kind == "reroll" else "cards")
                items = sorted(str(i) for i in old)  # type: ignore[union-attr]
                picks = [a for a in new if a.kind != "done"]
                assert [a.str_param("item") for a in picks] == items
                last = step.options.index(items[-1]) + items.count(items[-1]) - 1 if items else -1
                ends = bool(items) and (len(items) == step.most or last == len(step.options) - 1)
                assert (new[-1] == Action.of("done")) == (not ends)
                seen[entry.action.kind] += 1
                seen["done" if not ends else "ended"] += 1
            else:
                assert new == [entry.action]
            for action in new:
                state.apply_action(action, entry.player)
    assert all(count > 0 for count in seen.values()), seen


def test_an_old_replay_file_is_converted_as_it_is_read(tmp_path: Path) -> None:
    """Issue 21 §3: a replay file of version 1 (old vocabulary) is read by ``read_replay`` and
    resumed by ``Session.resume`` in the new vocabulary, to the recorded final position."""
    doc = _baseline()
    old = _old_replay_file(doc)
    record = read_replay(old)
    assert not any(
        name in ("faces", "cards") for e in record.actions for name, _ in e.action.params
    )
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    session = Session.resume(path)
    assert session.state.to_position() == doc["final_position"]
    assert read_replay(write_replay(record, finished=True)) == record  # version 2 as it is


def test_an_old_replay_with_an_impossible_discard_names_the_action() -> None:
    """Issue 21 §3: an old action the converter cannot say now is a DataError naming it."""
    old = _old_replay_file(_baseline())
    index = next(i for i, a in enumerate(old["actions"]) if a["action"]["kind"] == "discard")
    old["actions"][index]["action"]["params"] = {"cards": ["no-such-card"]}
    with pytest.raises(DataError, match=rf"actions\[{index}\]"):
        read_replay(old)


def test_rulekeeper_convert_writes_replays_saves_and_records_in_the_current_format(
    tmp_path: Path,
) -> None:
    """Issue 21 §3: ``rulekeeper convert OLD NEW`` for a version 1 replay file, a format 2 saved
    state and a bare game record; each converted file reads back to the same game."""
    doc = _baseline()
    record = GameRecord.from_json(doc["record"])
    game = load_game(record.game, **record.params)
    converted = upgrade_record(record, game)
    runner = CliRunner()
    for name, old in (
        ("replay", _old_replay_file(doc)),
        ("save", doc["final_save"]),
        ("record", doc["record"]),
    ):
        source, target = tmp_path / f"{name}-old.json", tmp_path / f"{name}-new.json"
        source.write_text(json.dumps(old), encoding="utf-8")
        result = runner.invoke(app, ["convert", str(source), str(target)])
        assert result.exit_code == 0, result.output
        new = json.loads(target.read_text(encoding="utf-8"))
        if name == "replay":
            assert new["version"] == REPLAY_VERSION
            assert read_replay(new) == converted
        elif name == "save":
            assert new["format"] == 3
            assert game.deserialize_state(json.dumps(new)).to_position() == doc["final_position"]
        else:
            assert GameRecord.from_json(new) == converted
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert runner.invoke(app, ["convert", str(bad), str(tmp_path / "x.json")]).exit_code == 2


def test_an_old_save_that_its_history_does_not_reach_is_refused() -> None:
    """Issue 21 §3: a save of format 2 is converted by replaying its history; a save whose data
    that history does not reach (its random stream changed) is refused, not loaded wrong."""
    doc = _baseline()
    save = dict(doc["mid_save"])
    save["rng"] = {**save["rng"], "state": save["rng"]["state"] + 1}
    game = load_game("battleground")
    with pytest.raises(DataError, match="does not reach"):
        game.deserialize_state(json.dumps(save))


def test_a_converted_state_is_the_replay_of_the_converted_record() -> None:
    """Issue 21 §3: converting the record and replaying it give the same state as converting
    while replaying (core/convert.py ``replay_upgraded``)."""
    record = GameRecord.from_json(_baseline()["record"])
    game = load_game(record.game, **record.params)
    converted = upgrade_record(record, game)
    state = game.new_initial_state(record.seed)
    for entry in converted.actions:
        state.apply_action(entry.action, entry.player)
    assert state.serialize() == replay_upgraded(game, record.seed, record.actions, "t").serialize()
