"""Weapon and item cards as data (rulebook: Attacks, Items; battleground.md §1).

A weapon's ``results`` is its effect table: rows sorted by ``successes``, strictly increasing; the
engine applies the one row with the greatest ``successes`` not above the attack's successes
(rulebook, Attack: "the player must resolve the effect that requires the greatest number of
successes possible, but no more than the number the test provided"). Its ``ability`` is the card's
special ability, resolved only while attacking with it unless its trigger says otherwise.

``factions`` and ``characters`` restrict who may equip a card (no ``characters``: any character of
those factions whose card allows the weapon type or item kind). ``copies`` is how many of the card
a force may include (how many the box holds).
"""

from __future__ import annotations

from pydantic import Field

from rulekeeper.games.battleground.content.base import (
    TEXT_OVERRIDE_DOC,
    CardBase,
    Faction,
    ItemKind,
    WeaponType,
)
from rulekeeper.games.battleground.content.effects import Ability, ResultRow, Skill

__all__ = ["ItemCard", "WeaponCard"]


def _both_factions() -> list[Faction]:
    return ["masters", "evil"]


class _Equipment(CardBase):
    cost: int = Field(ge=0, le=100)
    factions: list[Faction] = Field(default_factory=_both_factions, min_length=1)
    characters: list[str] | None = Field(default=None, min_length=1)
    copies: int = Field(default=1, ge=1, le=6)
    text_override: str | None = Field(default=None, description=TEXT_OVERRIDE_DOC)


class WeaponCard(_Equipment):
    type: WeaponType
    dice: int = Field(default=0, ge=-3, le=3)
    range: float | None = Field(default=None, gt=0, le=30)
    mana_cost: int | None = Field(default=None, ge=0, le=5)
    area: int | None = Field(default=None, ge=1, le=5)
    can_target_allies: bool = False
    can_target_enemies: bool = True
    results: list[ResultRow] = Field(min_length=1)
    ability: list[Ability] = Field(min_length=1)

    def result_for(self, successes: int) -> ResultRow | None:
        """The row that applies to ``successes`` (None: no effect)."""
        best = None
        for row in self.results:
            if row.successes <= successes:
                best = row
        return best


class ItemCard(_Equipment):
    kind: ItemKind
    disposable: bool = False
    skills: list[Skill] = Field(min_length=1)
