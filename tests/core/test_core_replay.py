import json

import pytest
from toy_game import ToyGame, ToyState

from rulekeeper.core import (
    CHANCE,
    Action,
    DataError,
    GameRecord,
    LoggedAction,
    RandomAgent,
    play_out,
    record_of,
    replay,
    replay_prefix,
)


def finished_game(seed: int = 21, **params: int) -> ToyState:
    state = ToyGame(**params).new_initial_state(seed)
    assert isinstance(state, ToyState)
    play_out(state, {0: RandomAgent(1), 1: RandomAgent(2)})
    return state


def test_replay_reproduces_state_and_events() -> None:
    state = finished_game()
    record = record_of(state, content_version="toy-1")
    text = json.dumps(record.to_json())
    restored = GameRecord.from_json(json.loads(text))
    assert restored == record
    assert restored.content_version == "toy-1"
    final = replay(restored)
    assert final.serialize() == state.serialize()
    assert final.events.to_data() == state.events.to_data()
    assert any(entry.player == CHANCE for entry in record.actions)


def test_replay_prefix_matches_every_intermediate_state() -> None:
    game = ToyGame(rounds=2)
    state = game.new_initial_state(8)
    snapshots = [state.serialize()]
    agents = {0: RandomAgent(3), 1: RandomAgent(4)}
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            state.resolve_chance()
        elif state.is_simultaneous_node():
            p = next(p for p in (0, 1) if state.legal_actions(p))
            state.apply_action(agents[p].choose(state, p), p)
        else:
            state.apply_action(agents[player].choose(state, player))
        snapshots.append(state.serialize())
    record = record_of(state)
    for n, snapshot in enumerate(snapshots):
        assert replay_prefix(record, n).serialize() == snapshot
    with pytest.raises(ValueError):
        replay_prefix(record, len(snapshots))


def test_branching_from_a_prefix_does_not_affect_the_record() -> None:
    state = finished_game()
    record = record_of(state)
    branch = replay_prefix(record, 2)
    play_out(branch, {0: RandomAgent(99), 1: RandomAgent(98)})
    assert replay(record).serialize() == state.serialize()


def test_tampered_record_names_the_failing_action() -> None:
    state = finished_game()
    record = record_of(state)
    actions = list(record.actions)
    actions[2] = LoggedAction(CHANCE, Action.of("roll", face="seven"))
    bad = GameRecord(record.game, record.params, record.seed, tuple(actions))
    with pytest.raises(DataError) as info:
        replay(bad)
    assert info.value.field == "actions[2]"
    assert "core: chance node" in info.value.reason


def test_record_uses_game_params_and_seed() -> None:
    state = finished_game(seed=5, rounds=1)
    record = record_of(state)
    assert (record.game, record.seed) == ("toy_duel", 5)
    assert record.params == {
        "rounds": 1,
        "hand_size": 3,
        "redraw": False,
        "referee": False,
        "coop": False,
    }
    assert record.content_version is None
    assert record.to_json()["content_version"] is None


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"params": {}, "seed": 1, "actions": []}, "game"),
        ({"game": "toy_duel", "params": {}, "seed": "1", "actions": []}, "seed"),
        ({"game": "toy_duel", "params": [], "seed": 1, "actions": []}, "params"),
        ({"game": "toy_duel", "params": {}, "seed": 1, "actions": [{"player": 0}]}, "actions[0]"),
        (
            {"game": "toy_duel", "params": {}, "seed": 1, "actions": [], "content_version": 3},
            "content_version",
        ),
    ],
)
def test_malformed_records(data: object, field: str) -> None:
    with pytest.raises(DataError) as info:
        GameRecord.from_json(data)
    assert info.value.field.startswith(field)
