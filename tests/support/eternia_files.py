"""Small combat files the Fields of Eternia tests share (docs/eternia-combat.md): the
rulebook's wilds example (She-Ra against Dylinx), its soldier example, an area's combats."""

from __future__ import annotations

from typing import Any

REST = {"plus-1": 7, "plus-2": 6, "plus-3": 3, "momentum": 2, "time": 1, "tool": 1, "flow": 1}
"""A faction's 21-card starting deck by short name (spec §3.1 step 5)."""


def deck(faction: str, *first: str) -> list[str]:
    """The faction's 21 cards in draw order: *first* on top (short names: ``plus-3``), the
    rest after."""
    left = dict(REST)
    for card in first:
        left[card] -= 1
    prefix = "motu" if faction == "motu" else "evil"
    rest = [name for name, count in left.items() for _ in range(count)]
    return [f"{prefix}-{name}" for name in (*first, *rest)]


WILDS: dict[str, Any] = {
    "format": "eternia-combat",
    "version": 1,
    "combat": "wilds",
    "active": {"hero": "she-ra", "seat": 0},
    "defender": {"encounter": "dylinx"},
}
SOLDIERS: dict[str, Any] = {
    "format": "eternia-combat",
    "version": 1,
    "combat": "soldiers",
    "attackers": 3,
    "defenders": [{"hero": "skeletor", "seat": 1}, {"hero": "evil-lyn", "seat": 1}],
    "soldiers": 2,
}
AREA: dict[str, Any] = {
    "format": "eternia-combat",
    "version": 1,
    "combat": "area",
    "active": {"hero": "he-man", "seat": 0, "eternium": 2},
    "defenders": [{"hero": "skeletor", "seat": 1}, {"hero": "evil-lyn", "seat": 1}],
    "soldiers": 2,
}
