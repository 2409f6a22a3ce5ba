"""Zones: where cards are, and who may see them.

A zone is a named list of cards (a hand, a draw pile, a face-down row) with its visibility:
everyone, some seats (a hand: its owner, or its owner's team when vision is shared), or nobody (a
shuffled deck's order). Zones answer the two questions hidden information raises everywhere:

* what does a seat see of a zone (:meth:`Zone.view`: the cards, or only how many), used by
  observations;
* what could the hidden cards be (:func:`redeal`): for a search bot's determinisation, the cards a
  seat cannot see are pooled by ``pool`` (cards that may have gone to either zone: a player's
  hand and the same player's deck) and dealt again at random, each zone keeping its size.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from rulekeeper.core.jsonvalue import JsonObject

__all__ = ["EVERYONE", "NOBODY", "Zone", "hides_from", "redeal"]

EVERYONE: tuple[int, ...] | None = None
NOBODY: tuple[int, ...] = ()


@dataclass
class Zone:
    """A list of cards, who sees them, and the pool its hidden cards come from.

    ``cards`` is the live list held by the game's state (a Zone is a view, built when needed),
    so a re-deal changes the game's own list."""

    name: str
    cards: list[str]
    visible_to: tuple[int, ...] | None = EVERYONE
    pool: str = ""
    seen: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Cards of the zone a seat has been shown (a card looked at), by card."""
    redealt: bool = True
    """False for cards dealt once and kept where they are even when hidden (cards a player
    keeps face down for the whole game): :func:`~rulekeeper.core.hidden.redeal_hidden` leaves
    them as they are."""

    def visible_for(self, sight: Sequence[int]) -> bool:
        """Whether a player seeing through *sight* (its seat, or its team) sees the cards."""
        return self.visible_to is None or any(seat in self.visible_to for seat in sight)

    def view(self, sight: Sequence[int]) -> JsonObject:
        """What a player seeing through *sight* knows of the zone."""
        if self.visible_for(sight):
            return {"cards": list(self.cards), "count": len(self.cards)}
        return {"count": len(self.cards)}


def hides_from(zones: Sequence[Zone], holder: Sequence[int], viewer: Sequence[int]) -> bool:
    """Whether a player seeing through *holder* sees cards that one seeing through *viewer*
    (``()``: a spectator) does not: a card in a zone the holder sees and the viewer does not.
    Only the number of such cards counts, which everyone sees, so the answer is public."""
    return any(
        zone.cards and zone.visible_for(holder) and not zone.visible_for(viewer) for zone in zones
    )


def redeal(zones: Sequence[Zone], sight: Sequence[int], rng: random.Random) -> None:
    """Deal again, at random, every card hidden from *sight*, within its pool.

    Zones visible to *sight* keep their cards; in the others, every card (its order too) is
    pooled with the hidden cards of the zones of the same ``pool`` and dealt back, each zone
    keeping its size. Cards a seat of *sight* was shown (``seen``) stay where they are. The
    pooled cards are put in one order before the shuffle, so that what is dealt depends on
    *rng* and on what *sight* may know, never on the hidden order."""
    pools: dict[str, list[tuple[Zone, list[int]]]] = {}
    for zone in zones:
        if zone.visible_for(sight):
            continue
        free = [
            i
            for i, card in enumerate(zone.cards)
            if not any(s in zone.seen.get(card, ()) for s in sight)
        ]
        pools.setdefault(zone.pool or zone.name, []).append((zone, free))
    for members in pools.values():
        cards = sorted((zone.cards[i] for zone, free in members for i in free), key=str)
        rng.shuffle(cards)
        for zone, free in members:
            for i in free:
                zone.cards[i] = cards.pop()
