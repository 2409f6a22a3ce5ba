"""Chain: an immutable append-only sequence that clones of a state share.

A state's action history and event log only ever grow. Copying them on every clone would make a
game's total cost grow with the square of its length, so both are kept as a chain of links: an
append makes a new tip sharing everything before it, and a clone shares the whole chain.

Each link holds a short tuple of the newest items (at most :data:`CHUNK`), and appending copies
only that tuple; the old tip is then usually dropped at once. So a long log is a few dozen
objects, not one per item, which keeps the garbage collector's work small.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar

__all__ = ["CHUNK", "Chain", "Records"]

T = TypeVar("T")
R = TypeVar("R")

CHUNK = 32
"""Items per link before a new link starts."""


class Chain(Generic[T]):
    """An immutable sequence; ``append`` returns a new chain sharing this one."""

    __slots__ = ("_items", "_memo", "_prev", "_size")

    _items: tuple[T, ...]
    _memo: dict[Hashable, Any]
    """What this link was mapped to, by key (:meth:`Records.mapped`); unset until then."""
    _prev: Chain[T] | None
    _size: int

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items = ()
        self._prev = None
        self._size = 0
        tip: Chain[T] = self
        for item in items:
            tip = tip.append(item)
        if tip is not self:
            self._items, self._prev, self._size = tip._items, tip._prev, tip._size

    def append(self, item: T) -> Chain[T]:
        """A chain one longer; this one is unchanged (O(CHUNK))."""
        link: Chain[T] = object.__new__(Chain)
        if len(self._items) < CHUNK:
            link._items = (*self._items, item)
            link._prev = self._prev
        else:
            link._items = (item,)
            link._prev = self
        link._size = self._size + 1
        return link

    def extend(self, values: tuple[T, ...]) -> Chain[T]:
        """A chain with *values* added, kept together in one link; this one is unchanged."""
        link: Chain[T] = object.__new__(Chain)
        if len(self._items) + len(values) <= CHUNK:
            link._items = self._items + values
            link._prev = self._prev
        else:
            link._items = values
            link._prev = self if self._size else None
        link._size = self._size + len(values)
        return link

    def last(self) -> T:
        """The newest item."""
        if not self._size:
            raise IndexError("empty chain")
        return self._items[-1]

    def newest(self, count: int) -> list[T]:
        """The newest *count* items, oldest first (walks only the links holding them)."""
        parts: list[tuple[T, ...]] = []
        wanted = min(max(count, 0), self._size)
        link: Chain[T] | None = self
        while link is not None and wanted > 0:
            items = link._items
            parts.append(items[-wanted:] if wanted < len(items) else items)
            wanted -= len(items)
            link = link._prev
        out: list[T] = []
        for items in reversed(parts):
            out.extend(items)
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


class Records(Chain[R]):
    """An immutable sequence of records of one shape, kept as their fields in a chain.

    A log of records is read far less often than it is written: each record is built (by
    *make*, from its index and fields) only when read, so appending creates no object that
    lives on, and the garbage collector has nothing new to look at. Each link knows the
    shape; ``len`` counts records.
    """

    __slots__ = ("_make", "_width")

    _make: Callable[[int, Sequence[Any]], R]
    _width: int

    def __init__(
        self,
        width: int,
        make: Callable[[int, Sequence[Any]], R],
        records: Iterable[tuple[Any, ...]] = (),
    ) -> None:
        super().__init__()
        self._width = width
        self._make = make
        tip: Records[R] = self
        for record in records:
            tip = tip.append(record)
        if tip is not self:
            self._items, self._prev, self._size = tip._items, tip._prev, tip._size

    def append(self, record: tuple[Any, ...]) -> Records[R]:  # type: ignore[override]
        """These records and one more (its fields, in order); this sequence is unchanged."""
        if len(record) != self._width:
            raise ValueError(f"a record has {self._width} fields, not {len(record)}")
        link: Records[R] = object.__new__(Records)
        link._width = self._width
        link._make = self._make
        if len(self._items) + len(record) <= CHUNK:
            link._items = self._items + record
            link._prev = self._prev
        else:
            link._items = record
            link._prev = self if self._size else None
        link._size = self._size + len(record)
        return link

    def mapped(
        self, key: Hashable, change: Callable[[tuple[Any, ...]], tuple[Any, ...]]
    ) -> Records[R]:
        """These records with each one's fields passed through *change* (same width; a record
        it returns unchanged, the very tuple it was given, stays shared). Each link keeps what
        it mapped to under *key*, so a longer log maps only its new links: *change* must be the
        same for the same *key*."""
        pending: list[Records[R]] = []
        link: Records[R] | None = self
        base: Records[R] | None = None
        while link is not None and link._size:
            memo = getattr(link, "_memo", None)
            if memo is not None and key in memo:
                base = memo[key]
                break
            pending.append(link)
            link = link._prev  # type: ignore[assignment]
        if not pending:
            return self if base is None else base
        width = self._width
        for link in reversed(pending):
            items = link._items
            slices = [items[k : k + width] for k in range(0, len(items), width)]
            parts = [change(fields) for fields in slices]
            same = link._prev is base and all(a is b for a, b in zip(parts, slices, strict=True))
            if same:
                out = link
            else:
                out = object.__new__(Records)
                out._width, out._make, out._size = width, self._make, link._size
                out._items = tuple(value for part in parts for value in part)
                out._prev = base
            link._memo = {**(getattr(link, "_memo", None) or {}), key: out}
            base = out
        assert base is not None
        return base

    def joined(self, key: Hashable, render: Callable[[int, Sequence[Any]], str]) -> str:
        """The records rendered by *render* (from each one's index and fields) and joined with
        commas; each link keeps its part under *key*, so a longer log renders only its new
        records (*render* must be the same for the same *key*)."""
        parts: list[str] = []
        link: Records[R] | None = self
        width = self._width
        while link is not None and link._size:
            memo = getattr(link, "_memo", None)
            text = memo.get(key) if memo is not None else None
            if text is None:
                items = link._items
                first = (link._size - len(items)) // width
                text = ",".join(
                    render(first + k // width, items[k : k + width])
                    for k in range(0, len(items), width)
                )
                link._memo = {**(memo or {}), key: text}
            parts.append(text)
            link = link._prev  # type: ignore[assignment]
        return ",".join(reversed(parts))

    def newest(self, count: int) -> list[R]:
        """The newest *count* records, oldest first."""
        width, make = self._width, self._make
        flat = super().newest(max(count, 0) * width)
        first = len(self) - len(flat) // width
        return [
            make(first + k, flat[k * width : (k + 1) * width]) for k in range(len(flat) // width)
        ]

    def last(self) -> R:
        """The newest record."""
        if not self._size:
            raise IndexError("no records")
        return self.newest(1)[0]

    def __len__(self) -> int:
        return self._size // self._width

    def __iter__(self) -> Iterator[R]:
        return iter(self.newest(len(self)))

    def __getitem__(self, index: int) -> R:
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("record index out of range")
        return self.newest(size - index)[0]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Records):
            return NotImplemented
        return self is other or list(self) == list(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"Records({list(self)!r})"
