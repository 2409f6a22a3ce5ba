"""The database's writer of actions: every game's actions are written by one thread, whatever is
waiting in one transaction (a group commit), and an action is acknowledged only once written.

One writer suits SQLite, which takes one at a time (a second would wait by sleeping and trying
again), and costs one commit for many games' actions when many are played at once."""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert
from sqlalchemy.engine import Engine

from rulekeeper.server.db import ActionRow, SnapshotRow

IDLE = 5.0
"""Seconds without anything to write after which the writer's thread ends (the next write
starts it again)."""


@dataclass
class Entry:
    """One game's rows to write, and how that went."""

    actions: list[dict[str, Any]]
    snapshot: dict[str, Any] | None
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


class Journal:
    """Writes actions (and snapshots) for every game of a database (see the module)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.waiting: queue.SimpleQueue[Entry] = queue.SimpleQueue()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def write(self, actions: list[dict[str, Any]], snapshot: dict[str, Any] | None) -> None:
        """Write *actions* (rows of ``actions``) and *snapshot* (a row of ``snapshots``, or
        None) in one transaction, perhaps with other games'; returns once they are written, or
        raises what went wrong (nothing of this entry is then written)."""
        entry = Entry(actions, snapshot)
        with self.lock:
            self.waiting.put(entry)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="journal", daemon=True)
                self.thread.start()
        entry.done.wait()
        if entry.error is not None:
            raise entry.error

    def _run(self) -> None:
        while True:
            try:
                first = self.waiting.get(timeout=IDLE)
            except queue.Empty:
                with self.lock:
                    if self.waiting.empty():
                        self.thread = None
                        return
                continue
            batch = [first]
            while not self.waiting.empty():
                batch.append(self.waiting.get_nowait())
            self._commit(batch)

    def _commit(self, batch: list[Entry]) -> None:
        """One transaction for *batch*; if it fails, each entry alone (one game's fault, a
        duplicate action, fails only that game's write)."""
        try:
            self._store(batch)
        except Exception:
            for entry in batch:
                try:
                    self._store([entry])
                except Exception as error:  # handed to the entry's writer
                    entry.error = error
        for entry in batch:
            entry.done.set()

    def _store(self, batch: list[Entry]) -> None:
        actions = [row for entry in batch for row in entry.actions]
        snapshots = [entry.snapshot for entry in batch if entry.snapshot is not None]
        with self.engine.begin() as connection:
            if actions:
                connection.execute(insert(ActionRow), actions)
            if snapshots:
                connection.execute(insert(SnapshotRow), snapshots)
