"""Unit cards (homm3.md §2.4, §5.15, §5.16): faction units with a Few and a Pack side, neutral
units with one side, and the Arrow Tower; their special abilities as data (``abilities.py``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.content import CardBase
from rulekeeper.games.homm3.content.abilities import UnitAbility

__all__ = ["FACTIONS", "TIERS", "Cost", "UnitCard", "UnitSide"]

FACTIONS: tuple[str, ...] = ("castle", "dungeon", "necropolis")
TIERS: tuple[str, ...] = ("bronze", "silver", "gold", "azure")
Stat = Annotated[int, Field(ge=0, le=20)]


class Cost(BaseModel):
    """A price in Gold and Valuables (homm3.md §5.13.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    gold: Annotated[int, Field(ge=0, le=99)] = 0
    valuables: Annotated[int, Field(ge=0, le=99)] = 0


class UnitSide(BaseModel):
    """One side of a unit card: its statistics, type and special abilities (§2.4 items 3–7, 11)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    attack: Stat
    defence: Stat
    hp: Annotated[int, Field(ge=1, le=20)]
    initiative: Stat
    type: Literal["ground", "flying", "ranged"]
    abilities: tuple[UnitAbility, ...] = ()


class UnitCard(CardBase):
    """A unit card. Faction units have ``few`` and ``pack`` sides (``recruit`` pays for the
    card, ``reinforce`` flips it to Pack); a neutral unit or the Arrow Tower has ``few`` only,
    and is destroyed when its damage reaches its HP (§5.15)."""

    faction: Literal["castle", "dungeon", "necropolis", "neutral", "siege"]
    tier: Literal["bronze", "silver", "gold", "azure", "none"]
    copies: Annotated[int, Field(ge=1, le=4)] = 1
    few: UnitSide
    pack: UnitSide | None = None
    recruit: Cost | None = None
    reinforce: Cost | None = None

    @model_validator(mode="after")
    def _sides(self) -> UnitCard:
        if self.faction in FACTIONS:
            if self.pack is None or self.reinforce is None or self.recruit is None:
                raise ValueError("a faction unit has few and pack sides, recruit and reinforce")
            if self.tier == "azure":
                raise ValueError("Azure units are neutral only (homm3.md §2.3)")
        elif self.pack is not None or self.reinforce is not None:
            raise ValueError("only faction units have a pack side and a reinforce cost")
        if (self.faction == "siege") != (self.tier == "none"):
            raise ValueError("the Arrow Tower, and only it, has no tier")
        return self

    def side(self, face: str) -> UnitSide:
        """The statistics of *face* ("few" or "pack"); a one-sided card always shows ``few``."""
        return self.pack if face == "pack" and self.pack is not None else self.few

    @property
    def two_sided(self) -> bool:
        return self.pack is not None
