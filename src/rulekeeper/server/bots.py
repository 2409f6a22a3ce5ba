"""Bots of every hosted game, thinking in a pool of processes (one per core by default), so a
thinking bot never holds up the server or another game. A bot-only game moves at a watchable
pace."""

from __future__ import annotations

import os
import threading
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial

from rulekeeper.core import Action, GameState, RulekeeperError
from rulekeeper.core.agents import make_agent
from rulekeeper.server.errors import ApiError
from rulekeeper.server.lobby import BOT, HUMAN, Hosted, Lobby


def think(state: GameState, seat: int, spec: str, seed: int) -> Action:
    """The action the bot of *spec* chooses for *seat* (run in a worker process)."""
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
                jobs.append((seat, hosted.seats[seat].spec, seed, hosted.state.clone()))
            people = any(seat.kind == HUMAN for seat in hosted.seats)
        for seat, spec, seed, state in jobs:
            future = self.pool.submit(think, state, seat, spec, seed)
            future.add_done_callback(partial(self._done, hosted.id, seat, version, people))

    def _done(
        self, game_id: str, seat: int, version: int, people: bool, future: Future[Action]
    ) -> None:
        with self.lock:
            self.asked.discard((game_id, version, seat))
        if future.cancelled() or future.exception() is not None:
            return
        action = future.result()
        delay = 0.0 if people else self.pace
        timer = threading.Timer(delay, self._act, (game_id, seat, action, version))
        timer.daemon = True
        timer.start()

    def _act(self, game_id: str, seat: int, action: Action, version: int) -> None:
        try:
            self.lobby.act_as_bot(game_id, seat, action, version)
        except (ApiError, RulekeeperError):  # the game was deleted meanwhile, say
            return

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
