"""Forces and setups as data (rulebook: First Game Setup; battleground.md §1, Standard Setup).

``first_game`` is the rulebook's First Game Setup as printed: each side's characters with their
equipment, its twenty-card fate deck (the cards marked with its faction) and its two glory cards.
``standard`` holds the rules we chose for building forces and decks (docs/content.md).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.games.battleground.content.base import Faction

__all__ = [
    "DeckRule",
    "EquipmentLimits",
    "FirstGame",
    "FirstGameSide",
    "Force",
    "ForceCharacter",
    "SetupsFile",
    "StandardSetup",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ForceCharacter(_Model):
    """One character of a force with the ids of its equipped weapons and items."""

    character: str
    weapons: list[str] = Field(default_factory=list)
    items: list[str] = Field(default_factory=list)


class Force(_Model):
    faction: Faction
    characters: list[ForceCharacter] = Field(min_length=1)


class FirstGameSide(Force):
    fate_deck: dict[str, int] = Field(min_length=1)
    glory: list[str] = Field(min_length=1)


class FirstGame(_Model):
    source: str
    sides: list[FirstGameSide] = Field(min_length=2, max_length=2)


class EquipmentLimits(_Model):
    """Per character, unless its card overrides ``weapons`` / ``items`` with its own slots."""

    weapons: int = Field(ge=0, le=5)
    items: int = Field(ge=0, le=5)
    shields: int = Field(ge=0, le=5)
    armour: int = Field(ge=0, le=5)


class DeckRule(_Model):
    """``size`` cards of the force's faction or neutral, at most ``max_copies`` of each card."""

    size: int = Field(ge=1, le=60)
    max_copies: int = Field(ge=1, le=10)


class StandardSetup(_Model):
    points_limit: int = Field(ge=1, le=1000)
    equipment: EquipmentLimits
    fate_deck: DeckRule
    glory: DeckRule
    provisional: list[str] = Field(default_factory=list)
    source: dict[str, str] = Field(default_factory=dict)


class SetupsFile(_Model):
    first_game: FirstGame
    standard: StandardSetup
