"""Small combat files the Fields of Eternia tests share (docs/eternia-combat.md): the
rulebook's wilds example (She-Ra against Dylinx), its soldier example, an area's combats."""

from __future__ import annotations

from typing import Any

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
