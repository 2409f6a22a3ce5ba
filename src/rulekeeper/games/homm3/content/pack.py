"""The HoMM3 content pack: loading and checking (docs/homm3-content.md).

A pack is a folder of YAML files (:data:`PACK_FILES`). The shipped one sits beside this module;
a player may copy it, put in the values printed on their own cards, and load or check the copy::

    pack = load_content_pack()                       # the shipped pack
    pack = load_content_pack(Path("my-cards"))       # a folder with the same file names
    problems = check_content_pack(Path("my-cards"))  # every problem, "file: field: reason"

Each file is validated against its pydantic schema; :func:`cross_check` then verifies what no
single entry can: the card counts the rulebook states (homm3.md §2, §9.6) and that
``provisional`` and ``source`` name real fields.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.content import NOT_VALUES, ContentReader, read_yaml
from rulekeeper.core.errors import DataError
from rulekeeper.games.homm3.content.abilities import ABILITY_KINDS
from rulekeeper.games.homm3.content.units import FACTIONS, UnitCard

__all__ = [
    "PACK_FILES",
    "ContentPack",
    "ContentPackError",
    "check_content_pack",
    "load_content_pack",
]

PACK_FILES: tuple[str, ...] = ("units.yaml", "siege.yaml")
NEUTRAL_COPIES: Mapping[str, int] = {"bronze": 14, "silver": 11, "gold": 12, "azure": 4}
"""Neutral unit cards per tier deck (homm3.md §9.6)."""
FACTION_TIERS: Mapping[str, int] = {"bronze": 3, "silver": 2, "gold": 2}
"""Units per tier in each faction (homm3.md §2.3)."""
READER = ContentReader(ABILITY_KINDS)


class ContentPackError(DataError):
    """A pack with problems: ``problems`` lists every one of them."""

    def __init__(self, problems: list[DataError]) -> None:
        self.problems = problems
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first.source, first.field, first.reason + more)


class SiegeFile(BaseModel):
    """siege.yaml: the Arrow Tower card and the number of Wall and Gate cards (§2.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tower: UnitCard
    walls: Annotated[int, Field(ge=0, le=3)]
    gates: Annotated[int, Field(ge=0, le=1)]


@dataclass(frozen=True)
class ContentPack:
    """Validated card data. ``units`` maps card id to card (faction and neutral units);
    ``tower`` is the Arrow Tower; ``walls`` and ``gates`` count the siege cards."""

    units: Mapping[str, UnitCard]
    tower: UnitCard
    walls: int
    gates: int
    folder: str

    def unit(self, card: str) -> UnitCard:
        """A unit card by id, the Arrow Tower included."""
        return self.tower if card == self.tower.id else self.units[card]

    def ability_kinds(self) -> set[str]:
        """Every ability kind some unit of the pack uses."""
        return {
            ability.kind
            for card in (*self.units.values(), self.tower)
            for face in ("few", "pack")
            for ability in card.side(face).abilities
        }


def _value_paths(model: BaseModel) -> set[str]:
    return {name for name in type(model).model_fields if name not in NOT_VALUES}


def _provenance(card: UnitCard, source: str, where: str) -> list[DataError]:
    """``provisional`` and ``source`` must name fields of the card."""
    known = _value_paths(card)
    problems = [
        DataError(source, f"{where}.provisional", f"{name!r} is not a field of the card")
        for name in card.provisional
        if name.split(".")[0].split("[")[0] not in known
    ]
    problems += [
        DataError(source, f"{where}.source", f"{name!r} is not a field of the card")
        for name in card.source
        if name.split(".")[0].split("[")[0] not in known
    ]
    return problems


def cross_check(units: list[tuple[int, UnitCard]], source: str) -> list[DataError]:
    """What no single card can show: the rulebook's counts (homm3.md §2.3, §9.6)."""
    problems: list[DataError] = []
    for index, card in units:
        problems += _provenance(card, source, f"units[{index}]")
    neutral = Counter[str]()
    per_faction: dict[str, Counter[str]] = {faction: Counter() for faction in FACTIONS}
    for _, card in units:
        if card.faction == "neutral":
            neutral[card.tier] += card.copies
        elif card.faction in per_faction:
            per_faction[card.faction][card.tier] += card.copies
    for tier, count in NEUTRAL_COPIES.items():
        if neutral[tier] != count:
            reason = (
                f"{neutral[tier]} {tier} neutral cards; the core box has {count} (homm3.md §9.6)"
            )
            problems.append(DataError(source, "units", reason))
    for faction, tiers in per_faction.items():
        if dict(tiers) != dict(FACTION_TIERS):
            reason = f"{faction} has {dict(tiers)}; each faction has {dict(FACTION_TIERS)} (§2.3)"
            problems.append(DataError(source, "units", reason))
    return problems


def _read(folder: Traversable, name: str) -> tuple[Any, list[DataError]]:
    target = folder / name
    if not target.is_file():
        return None, [DataError(name, "(file)", "missing from the pack")]
    return read_yaml(target.read_text(encoding="utf-8"), name)


def _load(folder: Traversable, label: str) -> ContentPack:
    raw, problems = _read(folder, "units.yaml")
    units, unit_problems, _ = READER.validate_entries(raw, "units", UnitCard, "units.yaml")
    problems += unit_problems
    for index, card in units:
        if card.faction == "siege":
            reason = "the Arrow Tower belongs in siege.yaml"
            problems.append(DataError("units.yaml", f"units[{index}].faction", reason))
    if not unit_problems:
        problems += cross_check(units, "units.yaml")
    raw_siege, siege_problems = _read(folder, "siege.yaml")
    problems += siege_problems
    siege: SiegeFile | None = None
    if not siege_problems:
        siege, more = READER.validate_whole(raw_siege, SiegeFile, "siege.yaml")
        problems += more
        if siege is not None:
            if siege.tower.faction != "siege":
                problems.append(DataError("siege.yaml", "tower.faction", "must be 'siege'"))
            problems += _provenance(siege.tower, "siege.yaml", "tower")
    if problems or siege is None:
        raise ContentPackError(problems or [DataError("siege.yaml", "(file)", "unreadable")])
    return ContentPack(
        units={card.id: card for _, card in units},
        tower=siege.tower,
        walls=siege.walls,
        gates=siege.gates,
        folder=label,
    )


@cache
def _shipped() -> ContentPack:
    return _load(resources.files("rulekeeper.games.homm3.content"), "(shipped)")


def load_content_pack(folder: Path | None = None) -> ContentPack:
    """The shipped pack (loaded once per process: it is immutable), or the pack in *folder*."""
    if folder is None:
        return _shipped()
    if not folder.is_dir():
        raise ContentPackError([DataError(str(folder), "(folder)", "not a folder")])
    return _load(folder, str(folder))


def check_content_pack(folder: Path | None = None) -> list[DataError]:
    """Every problem of the pack in *folder* (the shipped one if None); empty if it is valid."""
    try:
        load_content_pack(folder)
    except ContentPackError as error:
        return error.problems
    return []
