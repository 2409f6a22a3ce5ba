"""The map game's cards (spec §2.4, §5.14–§5.16, §1.3): victory cards, events, the scenario
decks' cards and the boss.

* A victory card (:class:`VictoryCard`) has a primary and a secondary objective
  (content/objectives.py), each with its VP (spec §5.14).
* An event (:class:`EventCard`) of the encounter deck acts when drawn (spec §5.15): its
  ``when: event`` abilities at once; its ``movement``, ``end-of-turn`` and ``map`` abilities act
  for every hero until the end of the round (the card lies face up by the round track till then).
* A scenario card (:class:`ScenarioCard`) belongs to one scenario deck (spec §5.16): a mission
  (``tasks`` by the drawing hero's faction, or ``any``; ``vp`` when achieved) or an epic beast
  (``beast``: an id of ``epic_beasts.yaml``, fought in an epic combat, §5.6.4).
* The boss (:class:`BossCard`) is fought as an epic beast is; it keeps its damage (§5.6.4);
  still in play at the end of the final round, every team loses (§1.3). It enters the map at a
  skull event of its scenario (``enters``); its ``map_abilities`` act at the map's moments.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.content import CardBase
from rulekeeper.games.eternia.content.beasts import Health, Stat
from rulekeeper.games.eternia.content.effects import Ability
from rulekeeper.games.eternia.content.heroes import momentum_timing
from rulekeeper.games.eternia.content.objectives import AreaId, Objective, Task

__all__ = [
    "BOSS_MOMENTS",
    "EVENT_MOMENTS",
    "BossCard",
    "BossEntry",
    "EventCard",
    "ScenarioCard",
    "VictoryCard",
]

Vp = Annotated[int, Field(ge=1, le=9)]
ScenarioDeck = Literal["fractures-in-time", "evil-seed"]
EVENT_MOMENTS: tuple[str, ...] = ("event", "movement", "end-of-turn", "map")
"""When an event's abilities act: at once, or for every hero till the end of the round."""
BOSS_MOMENTS: tuple[str, ...] = ("preparation", "end-of-combat", "defeat")
"""When a boss's map abilities act (the map game's moments, map/triggers.py)."""


def _moments(allowed: tuple[str, ...]) -> AfterValidator:
    """A validator: each ability acts at one of *allowed*."""

    def check(abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
        wrong = [a.when for a in abilities if a.when not in allowed]
        if wrong:
            raise ValueError(f"acts at {wrong[0]!r}; here only at {', '.join(allowed)}")
        return abilities

    return AfterValidator(check)


class VictoryCard(CardBase):
    """A victory card (spec §5.14): revealed for its primary VP once the primary objective is
    achieved, then completed for its secondary VP."""

    primary: Objective
    primary_vp: Vp
    secondary: Objective
    secondary_vp: Vp


class EventCard(CardBase):
    """An event of the encounter deck (spec §5.15): resolved when drawn, then discarded."""

    effects: Annotated[tuple[Ability, ...], Field(min_length=1), _moments(EVENT_MOMENTS)]


class ScenarioCard(CardBase):
    """A card of a scenario deck (spec §5.16): a mission (``tasks``, ``vp``) or an epic beast
    (``beast``)."""

    deck: ScenarioDeck
    tasks: dict[Literal["motu", "evil-warriors", "any"], Task] = Field(default_factory=dict)
    """The task by the drawing hero's faction, or ``any`` for both."""
    vp: Vp | None = None
    beast: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$")

    @model_validator(mode="after")
    def _one_kind(self) -> ScenarioCard:
        if self.beast is None and not (self.tasks and self.vp):
            raise ValueError("a mission has tasks and vp; an epic beast card names its beast")
        if self.beast is not None and (self.tasks or self.vp):
            raise ValueError("an epic beast card has no tasks or vp (a mission has no beast)")
        if "any" in self.tasks and len(self.tasks) > 1:
            raise ValueError("a mission's task is 'any' or one per faction, not both")
        return self

    @property
    def mission(self) -> bool:
        """Whether the card is a mission (not an epic beast)."""
        return self.beast is None


class BossEntry(BaseModel):
    """How the boss enters the map: at a skull event of its scenario, into an area."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: ScenarioDeck
    skull: Annotated[int, Field(ge=1, le=4)]
    area: AreaId


class BossCard(CardBase):
    """A boss (spec §2.4, §1.3): an epic beast's statistics and abilities, never tamed."""

    boss: Literal[True]
    initiative: Stat
    health: Health
    attack: Stat
    defense: Stat
    passive: Ability | None = None
    momentum: Annotated[Ability, AfterValidator(momentum_timing)]
    reward: Ability
    enters: BossEntry
    map_abilities: Annotated[tuple[Ability, ...], _moments(BOSS_MOMENTS)] = ()
