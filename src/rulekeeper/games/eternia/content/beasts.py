"""Epic beasts and the encounter deck's beasts and allies (spec §2.4, §5.6.4, §5.8, §5.12,
§5.15, §7 items 8–9)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from rulekeeper.core.content import CardBase
from rulekeeper.games.eternia.content.effects import Ability
from rulekeeper.games.eternia.content.heroes import Faction, momentum_timing

__all__ = ["SCENARIO_DECKS", "Ally", "EncounterBeast", "EpicBeast"]

SCENARIO_DECKS: tuple[str, ...] = ("fractures-in-time", "evil-seed")
"""The core box's scenario decks (spec §2.4)."""
Stat = Annotated[int, Field(ge=0, le=20)]
Health = Annotated[int, Field(ge=1, le=30)]
Cost = Annotated[int, Field(ge=0, le=20)]


class EpicBeast(CardBase):
    """An epic beast card (spec §2.4): fought in an epic combat without a grid, its totals its
    printed values changed by the epic die (§5.6.4). No ``taming_cost``: it cannot be tamed."""

    initiative: Stat
    health: Health
    attack: Stat
    defense: Stat
    passive: Ability | None = None
    momentum: Annotated[Ability, AfterValidator(momentum_timing)]
    taming_cost: Cost | None = None
    taming_bonus: tuple[Ability, ...] = ()
    reward: Ability
    decks: tuple[Literal["fractures-in-time", "evil-seed"], ...] = Field(min_length=1)
    """The scenario decks the card is shuffled into."""


class EncounterBeast(CardBase):
    """A beast of the encounter deck, fought in a wilds combat (spec §5.8, §5.12)."""

    health: Health
    attack: Stat
    defense: Stat
    combat_ability: Ability | None = None
    taming_cost: Cost | None = None
    hero_bonus: tuple[Ability, ...] = ()
    reward: Ability


class Ally(CardBase):
    """An ally of the encounter deck (spec §5.15): acquired for ``cost`` by its faction,
    fought in a wilds combat by the other."""

    loyalty: Faction
    cost: Cost
    health: Health
    attack: Stat
    defense: Stat
    combat_ability: Ability | None = None
    hero_bonus: tuple[Ability, ...] = Field(min_length=1)
    reward: Ability
