"""The Neutral Unit decks, one a tier (``state.decks["neutral-<tier>"]``, their discard piles
``state.discards``): drawing their top card, an empty deck first getting its discard pile
shuffled back (homm3.md §8.29). The deck order is hidden; a card drawn is shown to everyone."""

from __future__ import annotations

from typing import Any

__all__ = ["draw", "drawable", "refill"]


def refill(state: Any, tier: str) -> None:
    """An empty *tier* deck gets its discard pile shuffled back (§8.29)."""
    deck, discard = state.decks[f"neutral-{tier}"], state.discards[f"neutral-{tier}"]
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        state.rng.shuffle(deck)


def drawable(state: Any, tier: str) -> bool:
    """Whether a *tier* card can be drawn (its deck or its discard pile holds one)."""
    return bool(state.decks[f"neutral-{tier}"] or state.discards[f"neutral-{tier}"])


def draw(state: Any, tier: str) -> str | None:
    """The top card of the *tier* deck, drawn (None: deck and discard pile are empty)."""
    refill(state, tier)
    deck = state.decks[f"neutral-{tier}"]
    return str(deck.pop()) if deck else None
