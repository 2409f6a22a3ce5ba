"""Many games in one process (issue 6 §3): caches belong to the objects that own them, so two
games on the same map played in two threads end exactly as when played one after the other."""

from __future__ import annotations

import random
import threading

from game_helpers import play_randomly

from rulekeeper.core import load_game


def _play(game_name: str, seed: int, params: dict[str, object]) -> str:
    """A random game (choices from a seeded generator, dice from the state), as its final text."""
    state = load_game(game_name, **params).new_initial_state(seed=seed)
    return play_randomly(state, random.Random(seed)).serialize()


def test_two_games_on_one_map_in_two_threads_match_sequential_play() -> None:
    seeds = [(11, 12), (13, 14)]
    params: dict[str, object] = {"map": "first-game"}
    expected = {seed: _play("battleground", seed, params) for pair in seeds for seed in pair}
    results: dict[int, str] = {}
    errors: list[BaseException] = []

    def worker(pair: tuple[int, int]) -> None:
        try:
            for seed in pair:
                results[seed] = _play("battleground", seed, params)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(pair,)) for pair in seeds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert results == expected
