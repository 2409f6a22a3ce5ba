"""The writer of actions (server/journal.py; issue 10 §1, Durability): an action is written
before it is acknowledged, many games' writes share a commit, and one game's bad write (an action
number written twice: the unique (game, number) constraint) fails only that game's write."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from rulekeeper.server.db import ActionRow, open_database
from rulekeeper.server.journal import Entry
from rulekeeper.server.lobby import Lobby

FAR = 1000
"""Action numbers written here start this far on (a game's first actions, its shuffles, are
stored when it is created)."""


def rows(game_id: str, numbers: range) -> list[dict[str, object]]:
    entry = {"action": {"kind": "end"}, "player": 0}
    return [
        {"game_id": game_id, "number": FAR + n, "entry": entry, "barrier": False} for n in numbers
    ]


def stored(lobby: Lobby, game_id: str) -> list[int]:
    """The numbers written here (from FAR on), less FAR."""
    query = sa.select(ActionRow.number).where(ActionRow.game_id == game_id)
    with lobby.engine.connect() as connection:
        return sorted(n - FAR for n in connection.execute(query).scalars() if n >= FAR)


def test_writes_from_many_threads_are_all_written_before_they_return(url: str) -> None:
    lobby = Lobby(open_database(url))
    games = [lobby.create("battleground", {}, ["me", "me"])["id"] for _ in range(4)]
    seen: dict[str, list[int]] = {}

    def play(game_id: str) -> None:
        for number in range(10):
            lobby.journal.write(rows(game_id, range(number, number + 1)), None)
            seen.setdefault(game_id, []).append(len(stored(lobby, game_id)))

    threads = [threading.Thread(target=play, args=(g,)) for g in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for game_id in games:
        assert stored(lobby, game_id) == list(range(10))
        assert seen[game_id] == list(range(1, 11))  # each write was there when it returned


def test_an_action_written_twice_fails_that_write_alone(url: str) -> None:
    lobby = Lobby(open_database(url))
    first, second = (lobby.create("battleground", {}, ["me", "me"])["id"] for _ in range(2))
    lobby.journal.write(rows(first, range(3)), None)
    with pytest.raises(sa.exc.IntegrityError):
        lobby.journal.write(rows(first, range(2, 4)), None)  # number 2 again
    assert stored(lobby, first) == [0, 1, 2]  # nothing of the failed write
    lobby.journal.write(rows(second, range(2)), None)
    assert stored(lobby, second) == [0, 1]


def test_in_one_commit_a_bad_write_does_not_fail_the_others(url: str) -> None:
    lobby = Lobby(open_database(url))
    first, second = (lobby.create("battleground", {}, ["me", "me"])["id"] for _ in range(2))
    lobby.journal.write(rows(first, range(1)), None)
    bad, good = Entry(rows(first, range(1)), None), Entry(rows(second, range(1)), None)
    lobby.journal._commit([bad, good])  # as if both were waiting together
    assert isinstance(bad.error, sa.exc.IntegrityError) and good.error is None
    assert bad.done.is_set() and good.done.is_set()
    assert stored(lobby, first) == [0] and stored(lobby, second) == [0]
