"""The Astrologers card in force and its lasting effects (homm3.md §5.21): the questions the
rule modules ask of it (hand limit, dice rerolls, neutral redraws, fights, spells).

This module imports no other rule module, so that each of them can ask it (astrologers.py,
which draws and proclaims the cards, imports most of them).
"""

from __future__ import annotations

from typing import Any

__all__ = ["LASTING", "card_in_force", "in_force", "per_turn"]

LASTING = "until-next-astrologers"
"""The duration of a card whose effects stay in force until the next card is drawn."""


def card_in_force(state: Any) -> Any:
    """The Astrologers card in force (content ``AstrologersCard``), or None."""
    return state.game.pack.astrologers.get(state.astrologers) if state.astrologers else None


def in_force(state: Any, kind: str) -> int:
    """The amount of the lasting effect *kind* of the card in force (0: none)."""
    card = card_in_force(state)
    if card is None or card.duration != LASTING:
        return 0
    return sum(effect.amount or 0 for effect in card.effects if effect.kind == kind)


def per_turn(state: Any, kind: str) -> bool:
    """Whether the lasting effect *kind* in force is renewed each turn (``per_turn``)."""
    card = card_in_force(state)
    if card is None or card.duration != LASTING:
        return False
    return any(effect.kind == kind and effect.per_turn for effect in card.effects)
