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
    made the first time *key* is asked for."""

    def __init__(self) -> None:
        self._tables: dict[Hashable, Any] = {}

    def __call__(self, key: Hashable, compute: Callable[[], T]) -> T:
        """What ``compute()`` makes, made once per *key*."""
        if key not in self._tables:
            self._tables[key] = compute()
        found: T = self._tables[key]
        return found
