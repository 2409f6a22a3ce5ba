"""Bots of every hosted game, thinking in a pool of processes (one per core by default), so a
thinking bot never holds up the server or another game. A bot-only game moves at a watchable
pace."""

from __future__ import annotations

import logging
import os
import threading
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial

from rulekeeper.core import Action, JsonObject, RulekeeperError
from rulekeeper.core.agents import make_agent
from rulekeeper.core.replay import GameRecord, record_of, replay
from rulekeeper.server.errors import ApiError
from rulekeeper.server.lobby import BOT, HUMAN, Hosted, Lobby

LOG = logging.getLogger("rulekeeper.server.bots")


def think(record: JsonObject, seat: int, spec: str, seed: int) -> Action:
    """The action the bot of *spec* chooses for *seat* in the game of *record* (run in a worker
    process: the game is replayed there from its record)."""
    state = replay(GameRecord.from_json(record))
    return make_agent(spec, seed).choose(state, seat)


class BotRunner:
    """Asks the bots of the lobby's games for their actions whenever a game changes."""

    def __init__(self, lobby: Lobby, workers: int | None = None, pace: float = 1.0) -> None:
        self.lobby = lobby
        self.pace = pace
        """Seconds between the actions of a game no person plays (so people can watch)."""
        self.pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
        self.asked: set[tuple[str, int, int]] = set()
        self.lock = threading.Lock()
        lobby.on_change = self.poke

    def poke(self, hosted: Hosted) -> None:
        """Ask each bot whose turn it now is in *hosted*."""
        with hosted.lock:
            if hosted.session is None:
                return
            version = hosted.version
            seats = [s for s in hosted.to_act() if hosted.seats[s].kind == BOT]
            jobs = []
            for seat in seats:
                key = (hosted.id, version, seat)
                with self.lock:
                    if key in self.asked:
                        continue
                    self.asked.add(key)
                seed = zlib.crc32(f"{hosted.id}:{version}:{seat}".encode())
                jobs.append(
                    (seat, hosted.seats[seat].spec, seed, record_of(hosted.state).to_json())
                )
            people = any(seat.kind == HUMAN for seat in hosted.seats)
        for seat, spec, seed, record in jobs:
            future = self.pool.submit(think, record, seat, spec, seed)
            future.add_done_callback(partial(self._done, hosted.id, seat, version, people))

    def _done(
        self, game_id: str, seat: int, version: int, people: bool, future: Future[Action]
    ) -> None:
        with self.lock:
            self.asked.discard((game_id, version, seat))
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:  # the game must go on: this once, a random legal action
            LOG.error("bot failed", extra={"game": game_id, "seat": seat, "error": repr(error)})
            action = self._stand_in(game_id, seat)
            if action is None:
                return
        else:
            action = future.result()
        delay = 0.0 if people else self.pace
        timer = threading.Timer(delay, self._act, (game_id, seat, action, version))
        timer.daemon = True
        timer.start()

    def _stand_in(self, game_id: str, seat: int) -> Action | None:
        """A random legal action for *seat*, when its bot failed."""
        try:
            hosted = self.lobby.get(game_id)
        except ApiError:
            return None
        with hosted.lock:
            if seat not in hosted.to_act():
                return None
            return make_agent("random", hosted.version).choose(hosted.state, seat)

    def _act(self, game_id: str, seat: int, action: Action, version: int) -> None:
        try:
            self.lobby.act_as_bot(game_id, seat, action, version)
        except (ApiError, RulekeeperError):  # the game was deleted meanwhile, say
            return

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
