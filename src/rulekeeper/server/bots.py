"""Bots of every hosted game, thinking in a pool of processes (one per core by default), so a
thinking bot never holds up the server or another game. A bot-only game moves at a watchable
pace."""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
import zlib
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial

from rulekeeper.core import Action, GameState, JsonObject, RulekeeperError
from rulekeeper.core.agents import make_agent
from rulekeeper.core.replay import GameRecord, record_of, replay
from rulekeeper.server.errors import ApiError
from rulekeeper.server.hosted import BOT, HUMAN, Hosted
from rulekeeper.server.lobby import Lobby

LOG = logging.getLogger("rulekeeper.server.bots")


class Thinker:
    """A worker process's games, kept between decisions, so each decision replays only the
    actions that are new since the last one (at most LIMIT games, the least recent dropped)."""

    LIMIT = 64

    def __init__(self) -> None:
        self.states: OrderedDict[str, GameState] = OrderedDict()

    def state_of(self, game_id: str, record: GameRecord) -> GameState:
        """The game of *record*, from the kept state when it is a prefix of the record."""
        state = self.states.pop(game_id, None)
        known = state.history() if state is not None else []
        if state is None or known != list(record.actions[: len(known)]):
            state = replay(GameRecord(record.game, record.params, record.seed, ()))
            known = []
        for entry in record.actions[len(known) :]:
            state.apply_action(entry.action, entry.player)
        self.states[game_id] = state
        while len(self.states) > self.LIMIT:
            self.states.popitem(last=False)
        return state

    def choose(self, game_id: str, record: JsonObject, seat: int, spec: str, seed: int) -> Action:
        """The action the bot of *spec* chooses for *seat*."""
        state = self.state_of(game_id, GameRecord.from_json(record))
        return make_agent(spec, seed, state.game).choose(state.clone(), seat)


THINKER = Thinker()
"""This worker process's games (each process of the pool has its own)."""


def think(game_id: str, record: JsonObject, seat: int, spec: str, seed: int) -> Action:
    """The action the bot of *spec* chooses for *seat* in the game of *record* (run in a worker
    process: the game is replayed there from its record, as far as it is new)."""
    return THINKER.choose(game_id, record, seat, spec, seed)


def watch_parent(parent: int) -> None:
    """In a worker process: end it when the server process is gone (killed, it cannot end its
    workers itself)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class BotRunner:
    """Asks the bots of the lobby's games for their actions whenever a game changes."""

    def __init__(
        self, lobby: Lobby, workers: int | None = None, pace: float = 1.0, bot_games: int = 4
    ) -> None:
        self.lobby = lobby
        self.pace = pace
        """Seconds between the actions of a game no person plays (so people can watch)."""
        self.bot_games = bot_games
        """How many games that only bots play go on at once; the others wait their turn."""
        self.playing: set[str] = set()
        self.waiting: list[str] = []
        self.pool = ProcessPoolExecutor(
            max_workers=workers or os.cpu_count() or 1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )
        """Started fresh ("spawn"): forking a process that runs threads (the server's) can copy
        a lock some other thread holds, and the worker then waits for it for ever."""
        self.asked: set[tuple[str, int, int]] = set()
        self.lock = threading.Lock()
        lobby.on_change = self.poke

    def poke(self, hosted: Hosted) -> None:
        """Ask each bot whose turn it now is in *hosted*."""
        if not self._may_go_on(hosted):
            return
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
            future = self.pool.submit(think, hosted.id, record, seat, spec, seed)
            future.add_done_callback(partial(self._done, hosted.id, seat, version, people))

    def _may_go_on(self, hosted: Hosted) -> bool:
        """Whether *hosted* may move now: a game a person plays always; a bots-only game when
        it is one of the ``bot_games`` going on (an ended one gives its place to the next)."""
        if any(seat.kind != BOT for seat in hosted.seats):
            return True
        following: list[Hosted] = []
        with self.lock:
            if hosted.status in ("finished", "attention"):
                self.playing.discard(hosted.id)
                while self.waiting and len(self.playing) < self.bot_games:
                    name = self.waiting.pop(0)
                    self.playing.add(name)
                    following.extend(g for g in [self.lobby.games.get(name)] if g is not None)
                allowed = False
            elif hosted.id in self.playing:
                allowed = True
            elif len(self.playing) < self.bot_games:
                self.playing.add(hosted.id)
                allowed = True
            else:
                if hosted.id not in self.waiting:
                    self.waiting.append(hosted.id)
                allowed = False
        for game in following:
            self.poke(game)
        return allowed

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
        except (ApiError, RulekeeperError) as error:
            LOG.error("bot action refused", extra={"game": game_id, "error": repr(error)})
            stand_in = self._stand_in(game_id, seat)
            if stand_in is not None:
                self.lobby.act_as_bot(game_id, seat, stand_in, self.lobby.get(game_id).version)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)
