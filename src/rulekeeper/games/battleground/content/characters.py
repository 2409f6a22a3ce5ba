"""Character cards as data (rulebook: Character Card, Skills; battleground.md §1).

Values the rulebook does not print are listed in each card's ``provisional`` field, so a player
can see which numbers to replace with those on their own cards; the printed ones cite their
rulebook section in ``source``.

Beside the stats and skills, a card says what its character may equip: ``weapon_types`` and
``item_kinds`` (our reconstruction of the printed restrictions), and optional ``weapon_slots`` /
``item_slots`` that override the Standard Setup's equipment limits (``setups.yaml``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from pydantic import Field, model_validator

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.content.base import (
    TEXT_OVERRIDE_DOC,
    CardBase,
    Faction,
    ItemKind,
    WeaponType,
    read_yaml,
    validate_entries,
)
from rulekeeper.games.battleground.content.effects import Skill

__all__ = [
    "STATS",
    "CharacterCard",
    "load_characters",
    "parse_characters",
    "read_characters",
    "shipped_characters",
]

STATS = ("health", "strength", "perception", "power", "toughness", "mind", "speed", "focused_speed")


def _every_item_kind() -> list[ItemKind]:
    return ["trinket", "shield", "armour"]


class CharacterCard(CardBase):
    faction: Faction
    health: int = Field(ge=1, le=20)
    strength: int = Field(ge=0, le=10)
    perception: int = Field(ge=0, le=10)
    power: int = Field(ge=0, le=10)
    toughness: int = Field(ge=0, le=10)
    mind: int = Field(ge=0, le=10)
    speed: int = Field(ge=0, le=12)
    focused_speed: int = Field(ge=0, le=15)
    cost: int = Field(ge=0, le=200)
    massive: bool = False
    weapon_types: list[WeaponType] = Field(min_length=1)
    item_kinds: list[ItemKind] = Field(default_factory=_every_item_kind)
    weapon_slots: int | None = Field(default=None, ge=0, le=5)
    item_slots: int | None = Field(default=None, ge=0, le=5)
    skills: list[Skill] = Field(default_factory=list)
    text_override: str | None = Field(default=None, description=TEXT_OVERRIDE_DOC)

    @model_validator(mode="after")
    def _check(self) -> CharacterCard:
        if self.focused_speed < self.speed:
            raise ValueError("focused_speed is below speed")
        return self

    def skill(self, skill_id: str) -> Skill:
        for skill in self.skills:
            if skill.id == skill_id:
                return skill
        raise KeyError(skill_id)


def read_characters(
    text: str, source: str
) -> tuple[list[tuple[int, CharacterCard]], list[DataError], set[str]]:
    """Every valid card with its index, every problem, and the ids of invalid cards."""
    raw, problems = read_yaml(text, source)
    if problems:
        return [], problems, set()
    return validate_entries(raw, "characters", CharacterCard, source)


def parse_characters(text: str, source: str) -> dict[str, CharacterCard]:
    """The cards by id; raises the first problem as a :class:`DataError`."""
    cards, problems, _ = read_characters(text, source)
    if problems:
        raise problems[0]
    return {card.id: card for _, card in cards}


@cache
def shipped_characters() -> dict[str, CharacterCard]:
    resource = resources.files(__package__).joinpath("characters.yaml")
    return parse_characters(resource.read_text(encoding="utf-8"), "content/characters.yaml")


def load_characters(path: Path | None = None) -> dict[str, CharacterCard]:
    if path is None:
        return shipped_characters()
    return parse_characters(path.read_text(encoding="utf-8"), str(path))
