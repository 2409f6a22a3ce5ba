"""Decks of cards identified by string ids.

Card *contents* live in each game's data files; the engine only moves ids
between a draw pile and a discard pile.  Whether an empty draw pile is
refilled from the discard differs between games (and between decks of one
game), so both behaviours are offered and neither is implicit.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.core.errors import DataError
from rulekeeper.core.fields import as_list, as_mapping, as_str, join, member
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.zones import NOBODY, Zone

__all__ = ["Deck"]


def _card_list(cards: Iterable[str] | str) -> list[str]:
    # A lone string is one card, not a sequence of one-letter cards.
    items = [cards] if isinstance(cards, str) else list(cards)
    for card in items:
        if not isinstance(card, str):
            raise TypeError(f"card ids must be strings, got {card!r}")
    return items


class Deck:
    """A draw pile and a discard pile.

    Both piles are stored bottom first: the *end* of each list is its top,
    so drawing is a cheap ``pop()``.
    """

    __slots__ = ("_discard", "_draw")

    def __init__(self, cards: Iterable[str] = (), discard: Iterable[str] = ()) -> None:
        self._draw = _card_list(cards)
        self._discard = _card_list(discard)

    @classmethod
    def over(cls, draw: list[str], discard: list[str]) -> Deck:
        """A deck whose piles are these very lists, bottom first (a game keeping its piles in
        its own fields, as a map game's heroes): every move of the deck shows in the lists."""
        deck = cls.__new__(cls)
        deck._draw = draw
        deck._discard = discard
        return deck

    @property
    def size(self) -> int:
        """Cards left in the draw pile."""
        return len(self._draw)

    @property
    def discard_size(self) -> int:
        return len(self._discard)

    @property
    def draw_pile(self) -> tuple[str, ...]:
        """Draw pile, bottom first (hidden information; do not show players)."""
        return tuple(self._draw)

    def draw_zone(self) -> Zone:
        """The draw pile as a zone nobody sees (its order neither): a live view, so a
        :func:`~rulekeeper.core.zones.redeal` of it changes this deck."""
        return Zone("draw", self._draw, NOBODY)

    @property
    def discard_pile(self) -> tuple[str, ...]:
        """Discard pile, bottom first (last element is the face-up top)."""
        return tuple(self._discard)

    def shuffle(self, rng: Pcg32) -> None:
        """Shuffle the draw pile only."""
        rng.shuffle(self._draw)

    def recycle_discard(self, rng: Pcg32) -> None:
        """Shuffle the discard pile and put it under the current draw pile."""
        pile = list(self._discard)
        self._discard.clear()
        rng.shuffle(pile)
        self._draw[:0] = pile

    def shuffle_in_discard(self, rng: Pcg32) -> None:
        """Put the discard pile on the draw pile and shuffle them together."""
        self._draw.extend(self._discard)
        self._discard.clear()
        rng.shuffle(self._draw)

    def draw(self, n: int = 1) -> list[str]:
        """Draw up to *n* cards from the top, in the order drawn; fewer if the pile runs out."""
        if n < 0:
            raise ValueError(f"cannot draw a negative number of cards ({n})")
        take = min(n, len(self._draw))
        drawn = self._draw[len(self._draw) - take :]
        del self._draw[len(self._draw) - take :]
        drawn.reverse()
        return drawn

    def draw_with_reshuffle(self, n: int, rng: Pcg32) -> list[str]:
        """Like :meth:`draw`, but reshuffle the discard into the draw pile whenever it empties.

        Returns fewer than *n* cards only when both piles are exhausted.
        """
        return self.draw_reshuffling(n, rng)[0]

    def draw_reshuffling(self, n: int, rng: Pcg32) -> tuple[list[str], int]:
        """:meth:`draw_with_reshuffle`, also saying how many times the discard pile was
        shuffled into the draw pile (for a game that announces it)."""
        drawn = self.draw(n)
        reshuffles = 0
        while len(drawn) < n and self._discard:
            self.recycle_discard(rng)
            reshuffles += 1
            drawn.extend(self.draw(n - len(drawn)))
        return drawn, reshuffles

    def discard(self, cards: Iterable[str] | str) -> None:
        """Put cards face up on the discard pile, in the given order (last ends on top)."""
        self._discard.extend(_card_list(cards))

    def put_on_top(self, cards: Iterable[str] | str) -> None:
        """Put cards on top so that the next draws return them in the given order."""
        self._draw.extend(reversed(_card_list(cards)))

    def put_on_bottom(self, cards: Iterable[str] | str) -> None:
        """Put cards at the bottom; after everything else they are drawn in the given order."""
        self._draw[:0] = reversed(_card_list(cards))

    def remove(self, card: str) -> None:
        """Remove one copy of *card*, from the draw pile if present, else from the discard."""
        for pile in (self._draw, self._discard):
            if card in pile:
                # Remove the copy nearest the top: it is the one a player would find first.
                index = len(pile) - 1 - pile[::-1].index(card)
                del pile[index]
                return
        raise ValueError(f"card {card!r} is in neither the draw pile nor the discard pile")

    def __contains__(self, card: object) -> bool:
        return card in self._draw or card in self._discard

    def public_view(self) -> JsonObject:
        """What every player may see: pile sizes and the discard faces (bottom first)."""
        return {
            "draw_count": len(self._draw),
            "discard_count": len(self._discard),
            "discard": list(self._discard),
        }

    def clone(self) -> Deck:
        # The ids were checked when they entered the deck: copy the lists without rechecking.
        new = Deck.__new__(Deck)
        new._draw = list(self._draw)
        new._discard = list(self._discard)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck:
        # Card ids are immutable strings: copying the lists is a full deep copy,
        # and much faster than the generic protocol (states are cloned a lot).
        return self.clone()

    def to_data(self) -> JsonObject:
        return {"draw": list(self._draw), "discard": list(self._discard)}

    @classmethod
    def from_data(cls, data: Any, source: str = "deck", path: str = "") -> Deck:
        mapping = as_mapping(data, source, path)
        piles: list[list[str]] = []
        for key in ("draw", "discard"):
            ppath = join(path, key)
            raw = as_list(member(mapping, key, source, path), source, ppath)
            piles.append([as_str(card, source, join(ppath, i)) for i, card in enumerate(raw)])
        extra = set(mapping) - {"draw", "discard"}
        if extra:
            raise DataError(source, join(path, sorted(extra)[0]), "unknown field")
        return cls(piles[0], piles[1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return self._draw == other._draw and self._discard == other._discard

    def __repr__(self) -> str:
        return f"Deck(cards={self._draw!r}, discard={self._discard!r})"
