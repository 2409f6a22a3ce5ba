"""Character cards as data (rulebook: Character Card; battleground.md §1).

Values the rulebook does not print are listed in each card's ``provisional`` field, so a player
can see which numbers to replace with those on their own cards.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rulekeeper.core.errors import DataError

Faction = Literal["masters", "evil"]
STATS = ("health", "strength", "perception", "power", "toughness", "mind", "speed", "focused_speed")


class CharacterCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
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
    provisional: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> CharacterCard:
        if self.focused_speed < self.speed:
            raise ValueError("focused_speed is below speed")
        unknown = sorted(set(self.provisional) - {*STATS, "cost"})
        if unknown:
            raise ValueError(f"provisional names unknown fields: {', '.join(unknown)}")
        return self


class CharacterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    characters: list[CharacterCard] = Field(min_length=1)


def parse_characters(text: str, source: str) -> dict[str, CharacterCard]:
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise DataError(source, "(yaml)", f"not valid YAML: {error}") from None
    try:
        parsed = CharacterFile.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(top level)"
        raise DataError(source, where, first["msg"]) from None
    cards: dict[str, CharacterCard] = {}
    for index, card in enumerate(parsed.characters):
        if card.id in cards:
            raise DataError(source, f"characters.{index}.id", f"duplicate id {card.id!r}")
        cards[card.id] = card
    return cards


@cache
def shipped_characters() -> dict[str, CharacterCard]:
    resource = resources.files(__package__).joinpath("characters.yaml")
    return parse_characters(resource.read_text(encoding="utf-8"), "content/characters.yaml")


def load_characters(path: Path | None = None) -> dict[str, CharacterCard]:
    if path is None:
        return shipped_characters()
    return parse_characters(path.read_text(encoding="utf-8"), str(path))
