"""What the force rules read of a content pack (a Protocol, so that forces.py need not import
pack.py, which checks its setups' forces through forces.py; issue 21 §2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.content.characters import CharacterCard
from rulekeeper.games.battleground.content.equipment import ItemCard, WeaponCard
from rulekeeper.games.battleground.content.setups import EquipmentLimits, SetupsFile


class Cards(Protocol):
    """A content pack's cards by id and its setups, as the force rules see them."""

    @property
    def characters(self) -> Mapping[str, CharacterCard]:
        """The character cards by id."""

    @property
    def weapons(self) -> Mapping[str, WeaponCard]:
        """The weapon cards by id."""

    @property
    def items(self) -> Mapping[str, ItemCard]:
        """The item cards by id."""

    @property
    def fate(self) -> Mapping[str, FateCard]:
        """The fate cards by id."""

    @property
    def glory(self) -> Mapping[str, GloryCard]:
        """The glory cards by id."""

    @property
    def setups(self) -> SetupsFile:
        """The setups file (Standard and First Game Setups)."""

    def equipment_limits(self, character: CharacterCard) -> EquipmentLimits:
        """The Standard Setup limits, with the character's own slots where its card has them."""

    def weapon_refusal(self, character: CharacterCard, weapon: WeaponCard) -> str | None:
        """Why ``character`` may not equip ``weapon`` (None: it may)."""

    def item_refusal(self, character: CharacterCard, item: ItemCard) -> str | None:
        """Why ``character`` may not equip ``item`` (None: it may)."""
