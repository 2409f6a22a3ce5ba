"""Hero cards (spec §2.4 "Hero card", §5.6.1, §7 item 3): the twelve heroes of the core box."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from rulekeeper.core.content import CardBase
from rulekeeper.games.eternia.content.effects import Ability, WeaponType

__all__ = ["FACTIONS", "Faction", "HeroCard", "Weapon", "momentum_timing"]

Faction = Literal["motu", "evil-warriors"]
FACTIONS: tuple[str, ...] = ("motu", "evil-warriors")
"""The core box's two factions (spec §1.2): Masters of the Universe and Evil Warriors."""
Stat = Annotated[int, Field(ge=0, le=12)]


def momentum_timing(ability: Ability) -> Ability:
    """*ability*, if it acts as a momentum ability does (spec §5.6.1); ValueError otherwise."""
    if ability.when not in ("card-played", "activation"):
        raise ValueError("a momentum ability acts when its card is played or in step 4")
    if ability.immediate != (ability.when == "card-played"):
        raise ValueError("a momentum ability is immediate exactly when it acts as played")
    return ability


class Weapon(BaseModel):
    """One of a hero's two weapons: its type and the momentum ability it gives (spec §5.6.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    type: WeaponType
    momentum: Annotated[Ability, AfterValidator(momentum_timing)]


class HeroCard(CardBase):
    """A hero card: faction, statistics, passive ability and two weapons. Hero cards print no
    Attack or Defense (spec §2.4, A-47); ``initiative`` is added to the Initiative total."""

    faction: Faction
    mind: Stat
    initiative: Stat
    health: Annotated[int, Field(ge=1, le=20)]
    body: Stat
    movement: Stat
    passive: Ability
    weapons: tuple[Weapon, Weapon]
