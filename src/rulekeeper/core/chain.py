"""Chain: an immutable append-only sequence that clones of a state share.

A state's action history and event log only ever grow. Copying them on every clone would make a
game's total cost grow with the square of its length, so both are kept as a chain of links: an
append makes one new link pointing at the old tip, and a clone shares the whole chain. Reading
the newest items walks back from the tip; reading everything walks the chain once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

__all__ = ["Chain"]

T = TypeVar("T")


class Chain(Generic[T]):
    """An immutable sequence; ``append`` returns a new chain sharing this one."""

    __slots__ = ("_item", "_prev", "_size")

    _item: T | None
    _prev: Chain[T] | None
    _size: int

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._item = None
        self._prev = None
        self._size = 0
        tip: Chain[T] = self
        for item in items:
            tip = tip.append(item)
        if tip is not self:
            self._item, self._prev, self._size = tip._item, tip._prev, tip._size

    def append(self, item: T) -> Chain[T]:
        """A chain one longer; this one is unchanged (O(1))."""
        link: Chain[T] = object.__new__(Chain)
        link._item = item
        link._prev = self if self._size else None
        link._size = self._size + 1
        return link

    def last(self) -> T:
        """The newest item."""
        if not self._size:
            raise IndexError("empty chain")
        return self._item  # type: ignore[return-value]

    def newest(self, count: int) -> list[T]:
        """The newest *count* items, oldest first (walks only those links)."""
        out: list[T] = []
        link: Chain[T] | None = self if self._size else None
        while link is not None and len(out) < count:
            out.append(link._item)  # type: ignore[arg-type]
            link = link._prev
        out.reverse()
        return out

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[T]:
        return iter(self.newest(self._size))

    def __getitem__(self, index: int) -> T:
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("chain index out of range")
        return self.newest(self._size - index)[0]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chain):
            return NotImplemented
        return self is other or (len(self) == len(other) and list(self) == list(other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Chain({list(self)!r})"
