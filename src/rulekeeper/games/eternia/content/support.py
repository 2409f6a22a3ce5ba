"""Support cards that act in combat (spec §2.4, §5.6.3 step 4, §5.11, §7 item 6): the mage
guild's spells and the shop's equipment.

A spell is cast: its abilities act ``when: activation``, in an epic combat's step 4 for a combat
spell (spec §5.11.3), during its owner's turn outside combat for a map spell (A-19). A consumable
acts once, when used (``activation``), and is discarded; armor and artifacts act while equipped
(``held``, or ``totals`` for a bonus to the step-5 totals, spec §5.11.1). ``cost`` is the
merchant's price, the card's Eternium value (spec §5.10, §5.13); a spell's ``casting_cost`` is
what casting it takes from the team's pool (spec §5.11.3 "spells may cost Eternium", §7 item 6).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator

from rulekeeper.core.content import CardBase
from rulekeeper.games.eternia.content.effects import Ability

__all__ = [
    "EQUIPMENT_TYPES",
    "SPELL_USES",
    "EquipmentCard",
    "SpellCard",
    "VehicleCard",
    "equipment_timing",
]

SpellUse = Literal["map", "combat"]
SPELL_USES: tuple[str, ...] = ("map", "combat")
"""Where a spell is cast (spec §2.4: map, combat, or both)."""
EquipmentType = Literal["armor", "artifact", "consumable"]
EQUIPMENT_TYPES: tuple[str, ...] = ("armor", "artifact", "consumable")
"""The equipment types (spec §5.11.1)."""
WORN: tuple[str, ...] = ("held", "totals")
"""When an equipped armor's or artifact's abilities act."""
Cost = Annotated[int, Field(ge=0, le=20)]
Subtype = Annotated[str, Field(pattern=r"^[a-z][a-z-]*$", max_length=30)]


def _timings(effects: tuple[Ability, ...]) -> set[str]:
    """The triggers of *effects*."""
    return {ability.when for ability in effects}


def equipment_timing(kind: str, effects: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """*effects*, if they act as equipment of type *kind* does (spec §5.11.1); ValueError
    otherwise."""
    if not effects:
        raise ValueError("an equipment card has at least one ability")
    if kind == "consumable" and _timings(effects) != {"activation"}:
        raise ValueError(
            "a consumable acts once, when used: each of its abilities is 'when: activation' "
            "(spec §5.11.1, §5.6.3 step 4)"
        )
    if kind in ("armor", "artifact") and not _timings(effects) <= set(WORN):
        raise ValueError(
            f"an equipped {kind} acts while held: each of its abilities is 'when: held' or "
            "'when: totals' (spec §5.11.1)"
        )
    return effects


class SpellCard(CardBase):
    """A spell card (spec §2.4, §5.11.3): where it is cast, its price, what casting it costs,
    and its abilities, each acting when it is cast."""

    uses: tuple[SpellUse, ...]
    cost: Cost
    casting_cost: Cost = 0
    effects: tuple[Ability, ...]

    @field_validator("uses")
    @classmethod
    def _distinct(cls, uses: tuple[str, ...]) -> tuple[str, ...]:
        if not uses or len(set(uses)) != len(uses):
            raise ValueError("cast on the map, in combat or both, each named once (spec §2.4)")
        return uses

    @field_validator("effects")
    @classmethod
    def _cast(cls, effects: tuple[Ability, ...]) -> tuple[Ability, ...]:
        if not effects:
            raise ValueError("a spell has at least one ability")
        if _timings(effects) != {"activation"}:
            raise ValueError(
                "a spell acts when it is cast: each of its abilities is 'when: activation' "
                "(spec §5.11.3, §5.6.3 step 4)"
            )
        return effects


class EquipmentCard(CardBase):
    """An equipment card (spec §2.4, §5.11.1): its type, the subtype of an armor (one equipped
    armor per subtype), its price, and its abilities."""

    type: EquipmentType
    subtype: Subtype | None = Field(default=None, validate_default=True)
    cost: Cost
    effects: tuple[Ability, ...]

    @field_validator("subtype")
    @classmethod
    def _armor_only(cls, subtype: str | None, info: ValidationInfo) -> str | None:
        kind = info.data.get("type")
        if kind == "armor" and subtype is None:
            raise ValueError("an armor has a subtype: body, head, … (spec §5.11.1)")
        if kind in ("artifact", "consumable") and subtype is not None:
            raise ValueError(f"only an armor has a subtype; this is an {kind} (spec §5.11.1)")
        return subtype

    @field_validator("effects")
    @classmethod
    def _acts(cls, effects: tuple[Ability, ...], info: ValidationInfo) -> tuple[Ability, ...]:
        kind = info.data.get("type")
        return effects if kind is None else equipment_timing(kind, effects)


class VehicleCard(CardBase):
    """A vehicle card (spec §2.4, §5.11.4): bought at a forge, kept beside its hero (one beast
    or vehicle a hero); ``flying`` is the printed subtype that grants flight (§5.2.4); its
    abilities act while held (extra Movement and the like)."""

    flying: bool = False
    cost: Cost
    effects: tuple[Ability, ...]

    @field_validator("effects")
    @classmethod
    def _held(cls, effects: tuple[Ability, ...]) -> tuple[Ability, ...]:
        if not effects:
            raise ValueError("a vehicle gives its hero something (spec §5.11.4)")
        if not _timings(effects) <= set(WORN):
            raise ValueError("a vehicle acts while held: 'when: held' or 'totals' (spec §5.11.4)")
        return effects
