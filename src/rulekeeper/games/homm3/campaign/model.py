"""The plain data of a campaign (docs/homm3-campaigns.md): the file's chain of scenarios and
what carries over between them, the hero state carried, and a campaign's progress.

Heegu-sama/Homm3BG:sections/campaign.tex: after a campaign scenario the hero's Level resets to
I and the next starting deck is every Statistic card, the Level I Specialty and 5 other
non-Specialty cards of the player's choice; a lost scenario is played again with the deck
noted at its start. :class:`CarryRules` holds those as defaults; a campaign file may change
them (provisional)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core import Bounds

__all__ = [
    "ARTIFACT_RULES",
    "LEVEL_RULES",
    "Campaign",
    "CarryRules",
    "HeroState",
    "Progress",
]

LEVEL_RULES = ("reset", "keep")
"""``reset``: the hero starts the next scenario at Level I (campaign.tex); ``keep``: at the
level reached (provisional)."""
ARTIFACT_RULES = ("chosen", "all")
"""``chosen``: an Artifact card carries only as one of the chosen cards (campaign.tex);
``all``: every Artifact card carries, besides the chosen ones (provisional)."""


@dataclass(frozen=True)
class CarryRules:
    """What carries from one scenario to the next (defaults: campaign.tex)."""

    hero: bool = True
    """The same Main Hero plays on (false: each scenario's own setup, nothing carried)."""
    level: str = "reset"
    cards: int = 5
    """How many non-Specialty cards, besides the Statistic cards, the player keeps."""
    artifacts: str = "chosen"


@dataclass(frozen=True)
class Campaign:
    """A chain of solo scenarios (a shipped scenario's name or a file path each), the hero
    who plays them and what carries over."""

    id: str
    name: str
    scenarios: tuple[str, ...]
    faction: str = ""
    """The hero's faction ("": the first scenario's default)."""
    hero: str = ""
    """The Main Hero's id ("": the faction's first hero)."""
    difficulty: str = ""
    """The AI's difficulty ("": each scenario's own)."""
    carry: CarryRules = CarryRules()
    source: dict[str, str] = dataclasses.field(default_factory=dict)
    provisional: tuple[str, ...] = ()


@dataclass
class HeroState:
    """The hero as it starts a scenario: its card, level and starting deck (id order)."""

    hero: str
    level: Annotated[int, Bounds(1, 7)] = 1
    deck: list[str] = dataclasses.field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """The game parameter ``carry`` (map/carry.py reads it)."""
        return {"hero": self.hero, "level": self.level, "deck": list(self.deck)}


@dataclass
class Progress:
    """Where a campaign stands: the scenario to play next (``index``; its length: finished),
    how many times it was tried, and the hero state it starts with (None: the scenario's own
    setup, steps 11–13). ``results`` lists each scenario played: ``won`` or ``lost``;
    ``game`` is the save file of the scenario being played ("": none begun)."""

    campaign: str
    seed: int = 0
    index: int = 0
    attempt: int = 1
    start: HeroState | None = None
    results: list[str] = dataclasses.field(default_factory=list)
    game: str = ""
