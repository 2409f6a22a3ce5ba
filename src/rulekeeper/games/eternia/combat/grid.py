"""The combat grid (spec §5.6.1, §5.6.3 steps 3 and 5): zones, limits and totals.

Pure functions over a :class:`~.model.Fighter` and the content pack; the step-3 refusal
(:func:`zone_refusal`) is the one function the legal placements, the check and the words come
from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rulekeeper.core.lasting import Lasting, total
from rulekeeper.games.eternia.combat.model import Fighter, card_kind
from rulekeeper.games.eternia.content.cards import CombatCard
from rulekeeper.games.eternia.content.effects import ZONES

__all__ = [
    "LIMIT",
    "POWER_LIMIT",
    "ZONES",
    "card_value",
    "cards_in",
    "limit_of",
    "open_zones",
    "zone_refusal",
    "zone_sum",
]

LIMIT = 4
"""Cards a zone holds, and cards a hero places in step 3 (spec §5.6.1, §5.6.3 step 3)."""
POWER_LIMIT = 2
"""Cards a zone holds with Dice of Power (spec §5.7 item 2)."""
PLACEMENT = "spec §5.6.3 step 3 (rulebook p.18)"
LIMITS = "spec §5.6.1 (rulebook p.18): a zone holds at most 4 cards"
POWER_LIMITS = "spec §5.7 item 2 (rulebook p.24): with Dice of Power a zone holds at most 2 cards"


def card_value(cards: Mapping[str, CombatCard], card: str) -> int:
    """What *card* adds to its zone: a modifier's value, 1 for Flow and Momentum, else 0."""
    return cards[card_kind(card)].value


def cards_in(fighter: Fighter, zone: str, cards: Mapping[str, CombatCard]) -> int:
    """Cards in *zone* that count toward its limit: face-down and face-up, Flow cards not."""
    down = sum(1 for where in fighter.down_zones if where == zone)
    up = sum(
        1
        for placed in fighter.grid
        if placed.zone == zone and cards[card_kind(placed.card)].kind != "flow"
    )
    return down + up


def limit_of(fighter: Fighter, power: bool) -> int:
    """How many cards a zone holds for *fighter* (4, or 2 with Dice of Power)."""
    return POWER_LIMIT if power else LIMIT


def zone_refusal(
    fighter: Fighter, card: CombatCard, zone: str, cards: Mapping[str, CombatCard], power: bool
) -> tuple[str, str] | None:
    """Why *card* may not go into *zone* now (rule, reason), or None."""
    if zone not in ZONES:
        return (PLACEMENT, f"no zone {zone!r} (zones: {', '.join(ZONES)})")
    if zone == fighter.last_zone:
        reason = "not into the zone of the card played just before (Flow cards too, §9.15)"
        return (PLACEMENT, reason)
    if card.kind != "flow" and cards_in(fighter, zone, cards) >= limit_of(fighter, power):
        return (POWER_LIMITS if power else LIMITS, f"the {zone} zone is full")
    return None


def open_zones(
    fighter: Fighter, card: CombatCard, cards: Mapping[str, CombatCard], power: bool
) -> list[str]:
    """The zones *card* may go into now."""
    return [z for z in ZONES if zone_refusal(fighter, card, z, cards, power) is None]


def zone_sum(
    fighter: Fighter,
    zone: str,
    cards: Mapping[str, CombatCard],
    effects: Iterable[Lasting],
    holder: str,
) -> int:
    """The cards' bonus in *zone* plus *holder*'s lasting bonuses there (never below 0)."""
    on_grid = sum(
        card_value(cards, placed.card)
        for placed in fighter.grid
        if placed.zone == zone and not placed.blank
    )
    down = sum(
        card_value(cards, card)
        for card, where, blank in zip(
            fighter.down, fighter.down_zones, fighter.down_blank, strict=True
        )
        if where == zone and not blank
    )
    return max(0, on_grid + down + total(effects, zone, holder))
