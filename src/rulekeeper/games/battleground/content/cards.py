"""Fate and glory cards as data (rulebook: Activation Phase, Side Missions; battleground.md §1).

A fate card gives initiative, AP and mana, and a bonus: +1 mana or its ``ability`` (rulebook, Gain
Bonuses). A glory card gives initiative, AP and mana, and a bonus: +1 AP or its side ``mission``,
worth ``vp`` when its condition is met during the activation or interruption in which the card was
played (rulebook, Side Missions). ``count`` is the number of copies of the card in the box.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.games.battleground.content.base import (
    TEXT_OVERRIDE_DOC,
    CardBase,
    CardFaction,
    WeaponType,
)
from rulekeeper.games.battleground.content.effects import Ability

__all__ = ["FateCard", "GloryCard", "Mission"]


class _Mission(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class KnockOutWith(_Mission):
    """The character knocks out an enemy with a weapon of ``weapon_type`` (rulebook example)."""

    kind: Literal["knock_out_with"]
    weapon_type: WeaponType | Literal["any"]


class WoundEnemies(_Mission):
    """The character inflicts at least ``wounds`` wounds on enemies in total."""

    kind: Literal["wound_enemies"]
    wounds: int = Field(ge=1, le=10)


class EndActivationInZone(_Mission):
    """At the end of the activation or interruption the character is in ``zone``.

    ``enemy_deployment``: the opponent's deployment zone; ``objective``: in or adjacent to a hex
    with an objective token; ``platform``: on a platform.
    """

    kind: Literal["end_activation_in_zone"]
    zone: Literal["enemy_deployment", "objective", "platform"]


class EngageEnemies(_Mission):
    """At the end of the activation or interruption the character is engaged with ``count``+."""

    kind: Literal["engage_enemies"]
    count: int = Field(ge=1, le=6)


class FlankAttackMission(_Mission):
    """The character makes a flank attack with at least ``successes`` successes (after defence)."""

    kind: Literal["flank_attack"]
    successes: int = Field(ge=1, le=10)


class AreaAttackHits(_Mission):
    """One area attack of the character wounds at least ``targets`` characters."""

    kind: Literal["area_attack_hits"]
    targets: int = Field(ge=2, le=6)


class ApplyDebuffs(_Mission):
    """Enemies gain at least ``count`` debuffs from the character's attacks and skills."""

    kind: Literal["apply_debuffs"]
    count: int = Field(ge=1, le=6)


Mission = Annotated[
    KnockOutWith
    | WoundEnemies
    | EndActivationInZone
    | EngageEnemies
    | FlankAttackMission
    | AreaAttackHits
    | ApplyDebuffs,
    Field(discriminator="kind"),
]


class _Card(CardBase):
    faction: CardFaction
    initiative: int = Field(ge=0, le=9)
    ap: int = Field(ge=0, le=5)
    mana: int = Field(ge=0, le=5)
    count: int = Field(default=1, ge=1, le=4)
    text_override: str | None = Field(default=None, description=TEXT_OVERRIDE_DOC)


class FateCard(_Card):
    ability: Ability


class GloryCard(_Card):
    mission: Mission
    vp: int = Field(ge=1, le=50)
