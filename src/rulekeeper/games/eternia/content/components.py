"""The box's components the map game reads (spec §2, §4): the round track, the numbers of
the rules, the factions (bases, soldier supply, dice, activation tokens) and the tokens
(``components.yaml`` in the content pack's folder; a player's own pack may change them)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulekeeper.core import DataError
from rulekeeper.core.content import load_yaml

__all__ = ["Components", "Faction", "Rules", "Space", "Tokens", "load_components"]

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
    eternium_bonus: Count
    mounted_compensation: Count
    victory_per_hero: Count
    flee_cost: Count


class Faction(BaseModel):
    """A faction's pieces (spec §2.3, §2.5, §3.1): its base area, soldier supply, wild dice and
    activation tokens."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Literal["motu", "evil-warriors"]
    name: str = Field(min_length=1)
    base: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    soldiers: Count
    wild_dice: Count
    activation_tokens: Count


class Tokens(BaseModel):
    """The box's tokens (spec §2.5); None: a counter without a limit (damage, Eternium, VP)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mission: Count
    vine: Count
    weapon: Count
    round_marker: Count
    damage: Count | None = None
    eternium: Count | None = None
    vp: Count | None = None


class Components(BaseModel):
    """The round track (the 4th skull's round the last, spec §4.4) and the rules' numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    round_track: tuple[Space, ...] = Field(min_length=1)
    rules: Rules
    factions: tuple[Faction, ...] = Field(min_length=2, max_length=2)
    tokens: Tokens
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
    return _checked_factions(found)


def _checked_factions(found: Components) -> Components:
    """*found*, if it has one entry per faction, each with the rules' soldier supply."""
    if sorted(f.id for f in found.factions) != ["evil-warriors", "motu"]:
        raise DataError(FILE, "factions", "one entry per faction, motu and evil-warriors")
    for index, faction in enumerate(found.factions):
        if faction.soldiers != found.rules.soldiers:
            reason = f"{faction.soldiers}; rules.soldiers says {found.rules.soldiers} (spec §2.3)"
            raise DataError(FILE, f"factions[{index}].soldiers", reason)
    return found
