"""The box's components the map game reads (spec §2, §4): the round track and the numbers of
the rules (``components.yaml`` in the content pack's folder; a player's own pack may change
them)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulekeeper.core import DataError
from rulekeeper.core.content import load_yaml

__all__ = ["Components", "Rules", "Space", "load_components"]

FILE = "components.yaml"
Count = Annotated[int, Field(ge=0, le=99)]


class Space(BaseModel):
    """A space of the round track (spec §4): day or night, its skull (1-4) if it has one."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    time: Literal["day", "night"]
    skull: Annotated[int, Field(ge=1, le=4)] | None = None


class Rules(BaseModel):
    """The numbers the rules state, each with its spec section in the file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    eternium_per_hero: Count
    soldiers: Count
    soldier_cap: Count
    defeat_payment: Count
    night_heal: Count
    rest_heal: Count
    offer: Count
    spells: Count
    backpack: Count
    skirmish_quest: Count
    skirmish_eternium: Count
    train_plus_2: Count
    train_special: Count
    mount_cost: Count


class Components(BaseModel):
    """The round track (the 4th skull's round the last, spec §4.4) and the rules' numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    round_track: tuple[Space, ...] = Field(min_length=1)
    rules: Rules
    provisional: tuple[str, ...] = ()


def load_components(folder: str | None) -> Components:
    """The components of the pack in *folder* (None: the shipped pack)."""
    base = (
        Path(folder) if folder else Path(str(resources.files("rulekeeper.games.eternia.content")))
    )
    path = base / FILE
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(FILE, "(file)", f"cannot read: {error.strerror}") from None
    doc = load_yaml(text, FILE)
    try:
        found = Components.model_validate(doc)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError(FILE, where, str(first["msg"])) from None
    skulls = [s.skull for s in found.round_track if s.skull]
    if skulls != [1, 2, 3, 4]:
        raise DataError(FILE, "round_track", "the skulls 1 to 4, in order (spec §4)")
    return found
