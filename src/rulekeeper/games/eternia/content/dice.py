"""The wild dice and the epic die (spec §2.2, §5.6.4, §5.8; faces provisional, §9.10, A-33,
A-34)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.games.eternia.content.effects import Zone
from rulekeeper.games.eternia.content.heroes import Faction

__all__ = ["WILD_FACES", "DiceFile", "EpicDie", "EpicFace", "WildDie"]

WILD_FACES: tuple[str, ...] = ("blank", "success", "double", "reroll")
"""The wild die's face types (spec §2.2)."""
SIDES = 6


class _Dice(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    provisional: list[str] = Field(default_factory=list)
    source: dict[str, str] = Field(default_factory=dict)


class WildDie(_Dice):
    """A faction's wild dice: how many, and the face type on each of the six sides."""

    faction: Faction
    count: Annotated[int, Field(ge=1, le=20)]
    faces: tuple[Literal["blank", "success", "double", "reroll"], ...]

    @model_validator(mode="after")
    def _sides(self) -> WildDie:
        if len(self.faces) != SIDES:
            raise ValueError(f"a wild die has {SIDES} faces (spec §2.2)")
        if set(self.faces) != set(WILD_FACES):
            raise ValueError(f"a wild die shows each of {', '.join(WILD_FACES)} (spec §2.2)")
        return self


class EpicFace(BaseModel):
    """One face of the epic die: a bonus to one of the enemy's totals, or Momentum."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    zone: Zone | None = None
    amount: Annotated[int, Field(ge=1, le=2)] | None = None
    momentum: bool = False

    @model_validator(mode="after")
    def _one(self) -> EpicFace:
        if self.momentum == (self.zone is not None or self.amount is not None):
            raise ValueError("a face is either momentum or a zone with an amount")
        if not self.momentum and (self.zone is None or self.amount is None):
            raise ValueError("a bonus face names its zone and its amount (+1 or +2)")
        return self


class EpicDie(_Dice):
    """The epic dice: how many, and their six faces (spec §2.2's legend, A-33)."""

    count: Annotated[int, Field(ge=1, le=4)]
    faces: tuple[EpicFace, ...]

    @model_validator(mode="after")
    def _sides(self) -> EpicDie:
        if len(self.faces) != SIDES:
            raise ValueError(f"the epic die has {SIDES} faces (spec §2.2)")
        if not any(face.momentum for face in self.faces):
            raise ValueError("the epic die's legend shows a Momentum face (spec §2.2)")
        return self


class DiceFile(BaseModel):
    """dice.yaml: the wild dice of each faction and the epic die."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    wild_dice: tuple[WildDie, ...]
    epic_die: EpicDie
