"""Who sees which cards of a combat (core/zones.py): a deck's order nobody (the solo enemy's
decks too); a side's hand,
face-down cards, focus pile, discards, spells and consumables its own team; the rest (the
face-up grid, Time cards beside it) everyone. The pools say which hidden cards a re-deal for
a search bot may exchange (a side's own cards, never the other's)."""

from __future__ import annotations

from typing import Any

from rulekeeper.core.zones import NOBODY, Zone
from rulekeeper.games.eternia.combat.area import Area

__all__ = ["area_zones", "combat_zones"]


def combat_zones(state: Any) -> list[Zone]:
    """The zones of the combat under way, and of the area's heroes between its combats."""
    out: list[Zone] = []
    if state.area is not None:
        out.extend(area_zones(state, state.area))
    solo = state.epic.solo
    if solo is not None:  # the enemy's decks: nobody sees their order (spec §3.2 step 4)
        for name in ("momentum", "plain", "effects"):
            out.append(Zone(f"solo-{name}", getattr(solo, name), NOBODY, pool=f"solo-{name}"))
    for side, fighter in enumerate(state.epic.fighters):
        if fighter.kind != "hero":
            if fighter.spells:  # the other team's spells in a beast fight
                zone = Zone(f"spells-{side}", fighter.spells, state.seats_of(side), redealt=False)
                out.append(zone)
            continue
        team = state.seats_of(side)
        pool = f"cards-{side}"
        out.append(Zone(f"deck-{side}", fighter.deck, NOBODY, pool=pool))
        for name in ("hand", "down", "focus", "discard"):
            out.append(Zone(f"{name}-{side}", getattr(fighter, name), team, pool=pool))
        for name in ("spells", "consumables"):
            out.append(Zone(f"{name}-{side}", getattr(fighter, name), team, redealt=False))
    return out


def area_zones(state: Any, area: Area) -> list[Zone]:
    """The decks (nobody sees their order) and spells (their team) the area's heroes carry
    between its epic combats."""
    out: list[Zone] = []
    for index, entry in enumerate([area.active, *area.defenders]):
        seat = entry.get("seat", 0 if index == 0 else 1)
        team = state.game.team_of(seat if isinstance(seat, int) else int(index > 0))
        for name, sight in (("deck", NOBODY), ("spells", team), ("consumables", team)):
            cards = entry.get(name)
            if isinstance(cards, list):
                zone = Zone(f"area-{name}-{index}", cards, sight, redealt=name == "deck")
                out.append(zone)
    return out
