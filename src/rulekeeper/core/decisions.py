"""The decision stack: who must decide what, right now.

Board games constantly interrupt themselves: a defender may force a reroll,
a reaction card may be played in someone else's turn, an ability asks its
owner to choose a target before the attack resolves.  Modelling these as a
stack of pending decisions (innermost on top) keeps "whose input do we
need?" a single lookup, ``top().player``, instead of a tangle of phase flags,
and the stack is plain data so it serializes with the state.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core.errors import DataError
from rulekeeper.core.fields import as_int, as_list, as_mapping, as_str, join, member
from rulekeeper.core.jsonvalue import JsonObject, JsonValue, check_json

__all__ = ["Decision", "DecisionStack"]


@dataclass(frozen=True)
class Decision:
    """A pending choice for *player* (who need not be the active player).

    ``kind`` tells the rules which legal actions to offer, ``context`` carries
    what they need to do so (JSON data, read-only by contract), and ``prompt``
    is the sentence shown to the human deciding.
    """

    player: int
    kind: str
    context: JsonObject = field(default_factory=dict)
    prompt: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.player, bool) or not isinstance(self.player, int):
            raise TypeError(f"decision player must be an int, got {self.player!r}")
        if not isinstance(self.kind, str) or not self.kind:
            raise ValueError(f"decision kind must be a non-empty string, got {self.kind!r}")
        check_json(self.context, "context")

    def to_data(self) -> JsonObject:
        return {
            "player": self.player,
            "kind": self.kind,
            "context": copy.deepcopy(self.context),
            "prompt": self.prompt,
        }

    @classmethod
    def from_data(cls, data: Any, source: str = "decisions", path: str = "") -> Decision:
        mapping = as_mapping(data, source, path)

        def get(key: str) -> Any:
            return member(mapping, key, source, path)

        context = as_mapping(get("context"), source, join(path, "context"))
        try:
            return cls(
                player=as_int(get("player"), source, join(path, "player")),
                kind=as_str(get("kind"), source, join(path, "kind")),
                context=copy.deepcopy(dict(context)),
                prompt=as_str(get("prompt"), source, join(path, "prompt")),
            )
        except (TypeError, ValueError) as exc:
            if isinstance(exc, DataError):
                raise
            raise DataError(source, path or "<root>", str(exc)) from exc


class DecisionStack:
    """LIFO of :class:`Decision`; the top is the decision being asked now."""

    __slots__ = ("_items",)

    def __init__(self, items: Sequence[Decision] = ()) -> None:
        self._items: list[Decision] = list(items)

    def push(self, decision: Decision) -> None:
        self._items.append(decision)

    def pop(self) -> Decision:
        if not self._items:
            raise IndexError("pop from an empty decision stack")
        return self._items.pop()

    def top(self) -> Decision:
        if not self._items:
            raise IndexError("no pending decision")
        return self._items[-1]

    def empty(self) -> bool:
        return not self._items

    def clone(self) -> DecisionStack:
        return DecisionStack(self._items)

    def __deepcopy__(self, memo: dict[int, Any]) -> DecisionStack:
        # Decisions are immutable by contract, so sharing them is safe and fast.
        return self.clone()

    def to_data(self) -> list[JsonValue]:
        """Bottom first, so the JSON reads in the order decisions were opened."""
        return [d.to_data() for d in self._items]

    @classmethod
    def from_data(cls, data: Any, source: str = "decisions", path: str = "") -> DecisionStack:
        items = as_list(data, source, path)
        return cls(
            [Decision.from_data(item, source, join(path, i)) for i, item in enumerate(items)]
        )

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Decision]:
        """Bottom to top."""
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DecisionStack):
            return NotImplemented
        return self._items == other._items

    def __repr__(self) -> str:
        return f"DecisionStack({self._items!r})"
