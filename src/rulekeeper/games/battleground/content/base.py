"""Battleground's terms for the content files: factions, weapon and item kinds, mission kinds, and
the content reader that locates problems in them (the card base, YAML reading and validation
that collects every problem are the core's: :mod:`rulekeeper.core.content`)."""

from __future__ import annotations

from typing import Literal

from rulekeeper.core.content import NOT_VALUES, CardBase, ContentReader, read_yaml
from rulekeeper.games.battleground.content.effects import CONDITION_KINDS, EFFECT_KINDS

__all__ = [
    "NOT_VALUES",
    "TEXT_OVERRIDE_DOC",
    "CardBase",
    "CardFaction",
    "Faction",
    "ItemKind",
    "WeaponType",
    "format_loc",
    "read_yaml",
    "validate_entries",
    "validate_whole",
]

Faction = Literal["masters", "evil"]
CardFaction = Literal["masters", "evil", "neutral"]
WeaponType = Literal["melee", "ranged", "spell"]
ItemKind = Literal["trinket", "shield", "armour"]

MISSION_KINDS: tuple[str, ...] = (
    "knock_out_with",
    "wound_enemies",
    "end_activation_in_zone",
    "engage_enemies",
    "flank_attack",
    "area_attack_hits",
    "apply_debuffs",
)
TEXT_OVERRIDE_DOC = (
    "Shown to players instead of the text generated from the card's effect data "
    "(views/card_text.py); the card's numbers are still shown from the data."
)
"""What the optional ``text_override`` field of a card or skill means (docs/content.md)."""

_TAGS = frozenset(EFFECT_KINDS) | frozenset(CONDITION_KINDS) | frozenset(MISSION_KINDS)
# Fields holding one tagged union (not a list of them): pydantic puts the tag after their name.
_UNION_FIELDS = frozenset({"condition", "mission"})


READER = ContentReader(_TAGS, _UNION_FIELDS)
"""Validation of Battleground's content files (error paths without union tags)."""

format_loc = READER.format_loc
validate_entries = READER.validate_entries
validate_whole = READER.validate_whole
