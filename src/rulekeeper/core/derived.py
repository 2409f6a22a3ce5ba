"""Tables an object's users derive from it, built on first use and kept by that object.

A rule module that works something out once per game or per map (the fighters' costs, a move
graph) keeps it in its owner's :class:`Derived`, a declared attribute of the owner
(``Game.derived``; a game's own objects may hold one too: a map's ``derived``), never in the
owner's ``__dict__`` nor in a module-level cache. Treat a table as the owner's: read-only,
unless the module that built it keeps it up to date.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["Derived"]

T = TypeVar("T")


class Derived:
    """The tables derived from one owner, by key: ``derived(key, compute)`` is ``compute()``,
    made the first time *key* is asked for. With a *limit*, the tables are all dropped when
    that many are kept and a new one is asked for (an owner that derives one per question,
    such as a map's distances to changing goals, stays bounded)."""

    def __init__(self, limit: int | None = None) -> None:
        self._tables: dict[Hashable, Any] = {}
        self._limit = limit

    def __call__(self, key: Hashable, compute: Callable[[], T]) -> T:
        """What ``compute()`` makes, made once per *key*."""
        if key not in self._tables:
            if self._limit is not None and len(self._tables) >= self._limit:
                self._tables.clear()
            self._tables[key] = compute()
        found: T = self._tables[key]
        return found
