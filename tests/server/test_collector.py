"""The server keeps the cycle collector away from what has lived a while (server/collector.py),
which is right only because the engine makes no reference cycles: playing a game, cloning it,
drawing its views and storing it free everything by reference counting alone."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulekeeper.server import collector
from rulekeeper.server.db import open_database
from rulekeeper.server.lobby import Lobby
from rulekeeper.server.views import seat_view, view_text


@pytest.fixture
def no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("game", ["battleground", "homm3-combat"])
def test_playing_and_viewing_games_makes_no_garbage_cycles(
    game: str, tmp_path: Path, no_collector: None
) -> None:
    lobby = Lobby(open_database(f"sqlite:///{(tmp_path / 'games.db').as_posix()}"))
    lobby.create(game, {}, ["me"] * 2, seed=1)  # the game's code and content loaded
    gc.collect()
    rng = random.Random(3)
    for seed in range(2):
        created = lobby.create(game, {}, ["me"] * 2, seed=seed)
        hosted = lobby.get(created["id"])
        for _ in range(120):
            if hosted.status == "finished":
                break
            seat = hosted.to_act()[0]
            view = seat_view(hosted, seat)
            view_text(hosted, None)
            choices = [c for c in view["legal"] if c["kind"] not in ("forfeit", "offer-draw")]
            token = created["seat_tokens"][seat]
            lobby.act(hosted.id, token, rng.choice(choices)["action"], view["version"])
        lobby.delete(hosted.id, created["admin_token"])
    assert gc.collect() == 0  # nothing was left for the cycle collector to find


def test_settling_freezes_what_lives_and_later_survivors() -> None:
    before = gc.get_freeze_count()
    try:
        collector.settle()
        assert gc.get_freeze_count() >= before
        assert collector._freeze_survivors in gc.callbacks
        kept = [[i] for i in range(1000)]
        gc.collect(1)
        assert gc.get_freeze_count() >= len(kept)  # survivors of a collection are frozen
    finally:
        gc.callbacks.remove(collector._freeze_survivors)
        gc.unfreeze()
