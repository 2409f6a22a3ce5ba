"""The fields of a battle file, versions 1 and 2 (docs/homm3-battle.md): names, defaults,
options, and what version 2 added."""

from __future__ import annotations

from collections.abc import Mapping

FORMAT = "homm3-battle"
VERSIONS = (1, 2)
"""The versions read; the last is written. Version 2 added a hero's Building Materials and
Valuables and the resources card effects gave each side (issue 24 §2)."""
TOP_FIELDS = (
    "format",
    "version",
    "mode",
    "difficulty",
    "options",
    "site",
    "attacker",
    "defender",
    "content",
    "round",
    "extensions",
    "last_initiative",
    "last_side",
    "obstacles",
    "lasting",
    "pending",
    "result",
    "decider",
)
SIDE_FIELDS = (
    "kind",
    "hero",
    "units",
    "draw",
    "spells_cast",
    "played",
    "drawn",
    "discarded",
    "removed",
    "last_cast",
    "mp_spent",
    "gold_paid",
    "card_gains",
    "ai_deck",
    "ai_discard",
    "ai_spells",
    "ai_skill",
)
SINCE_VERSION_2: Mapping[str, tuple[str, ...]] = {
    "hero": ("materials", "valuables"),
    "side": ("card_gains",),
}
"""The fields a version-1 file may not hold: a hero's, and a side's."""
UNIT_FIELDS = (
    "id",
    "card",
    "side",
    "damage",
    "field",
    "destroyed",
    "defending",
    "paralysed",
    "activated",
    "retaliations",
    "was_pack",
    "used",
    "overlay",
    "under_damage",
)
MAX_UNITS = 30
"""The most units a side may list (every unit of four factions and more): a file with more is
refused before any is read (docs/homm3-battle.md, *Limits*)."""
MAX_CARDS = 200
"""The most cards a pile (a hand, a deck, a list of cards played) may hold."""
OPTIONS: Mapping[str, tuple[str, ...]] = {
    "retreat": ("end-of-round", "any-time"),
    "minimum-damage": ("no", "yes"),
    "die-no-damage": ("no", "yes"),
    "no-rerolls": ("no", "yes"),
    "free-extension": ("no", "yes"),
}
"""Rules options and their values, the default first: ``retreat`` (homm3.md §9.1) and the
optional rules 2, 5, 6 and 9 of homm3.md §5.25."""
OPTION_RULES: Mapping[str, str] = {
    "retreat": "homm3.md §9.1",
    "minimum-damage": "optional rule 2: every unit attack deals at least 1 damage",
    "die-no-damage": "optional rule 5: the Attack die does not change damage",
    "no-rerolls": "optional rule 6: no die is rerolled",
    "free-extension": "optional rule 9: extending a combat costs no MP",
}
