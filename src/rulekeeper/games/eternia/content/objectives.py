"""Objectives and tasks: the checkable facts of the map game's cards (spec §5.14, §5.16).

A victory card's ``primary`` and ``secondary`` are each one :data:`Objective`, a member of a
tagged union chosen by its ``kind``; the map game checks every team's objectives at the end of
every hero's turn (map/objectives.py), on the state as it is then. A mission's task
(:data:`Task`) is what the hero that drew the card must do at once (map/missions.py). Each
kind's ``meaning`` says precisely what is counted; :data:`OBJECTIVE_KINDS` and
:data:`TASK_KINDS` list them (docs/eternia-content.md, "Objectives and tasks").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["OBJECTIVE_KINDS", "TASK_KINDS", "Objective", "Task"]

Count = Annotated[int, Field(ge=1, le=30)]
AreaId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]
"""An area id of the map (checked against the map by the map game, not here)."""


class _Kind(BaseModel):
    """An objective or task kind: its ``kind`` tag and parameters; ``meaning`` says what it
    checks."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    meaning: ClassVar[str] = ""


class ControlOutposts(_Kind):
    kind: Literal["control-outposts"]
    count: Count
    meaning: ClassVar[str] = "the team controls at least count outposts, its base not counted"


class ControlMerchants(_Kind):
    kind: Literal["control-merchants"]
    count: Count
    meaning: ClassVar[str] = "the team controls at least count merchant outposts (any type)"


class ControlTowers(_Kind):
    kind: Literal["control-towers"]
    count: Count
    meaning: ClassVar[str] = "the team controls at least count outposts with a tower"


class ControlArea(_Kind):
    kind: Literal["control-area"]
    area: AreaId
    meaning: ClassVar[str] = "the team controls the outpost area (by soldiers or heroes)"


class HoldEternium(_Kind):
    kind: Literal["hold-eternium"]
    amount: Count
    meaning: ClassVar[str] = "the team's pool holds at least amount Eternium"


class DefeatHeroes(_Kind):
    kind: Literal["defeat-heroes"]
    count: Count
    meaning: ClassVar[str] = "the team has defeated at least count enemy heroes this game"


class DefeatEpicBeasts(_Kind):
    kind: Literal["defeat-epic-beasts"]
    count: Count
    meaning: ClassVar[str] = "the team has defeated at least count epic beasts this game"


class TamedBeasts(_Kind):
    kind: Literal["tamed-beasts"]
    count: Count
    meaning: ClassVar[str] = "at least count of the team's heroes ride a tamed beast or epic beast"


class HoldVehicles(_Kind):
    kind: Literal["hold-vehicles"]
    count: Count
    flying: bool = False
    meaning: ClassVar[str] = (
        "at least count of the team's heroes hold a vehicle (with flying: a flying one)"
    )


class HoldEquipment(_Kind):
    kind: Literal["hold-equipment"]
    count: Count
    type: Literal["armor", "artifact"] | None = None
    meaning: ClassVar[str] = (
        "the team's heroes have at least count armor and artifact cards equipped together "
        "(with type: of that type only); the backpack not counted"
    )


class HoldAllies(_Kind):
    kind: Literal["hold-allies"]
    count: Count
    meaning: ClassVar[str] = "at least count of the team's heroes hold an acquired ally"


class QuestsDone(_Kind):
    kind: Literal["quests-done"]
    count: Count
    meaning: ClassVar[str] = "the team's heroes have gone on at least count quests this game"


class SoldiersOnMap(_Kind):
    kind: Literal["soldiers-on-map"]
    count: Count
    meaning: ClassVar[str] = "at least count of the team's soldiers stand on the map"


class HeroesIn(_Kind):
    kind: Literal["heroes-in"]
    area_kind: Literal["wild", "outpost"]
    count: Count
    meaning: ClassVar[str] = "at least count of the team's heroes stand in areas of area_kind"


class NearEnemyBase(_Kind):
    kind: Literal["near-enemy-base"]
    count: Count
    meaning: ClassVar[str] = (
        "at least count of the team's heroes stand in an enemy base or an area bordering one"
    )


class StatTest(_Kind):
    kind: Literal["stat-test"]
    stat: Literal["mind", "body"]
    successes: Count
    meaning: ClassVar[str] = (
        "the hero rolls as many wild dice as its stat (with its held cards' bonuses) and needs "
        "successes (a success 1, a double 2, spec §5.14)"
    )


class SuccessCheck(_Kind):
    kind: Literal["success-check"]
    meaning: ClassVar[str] = "the hero rolls one wild die: a success or a double (spec §5.14)"


class PayEternium(_Kind):
    kind: Literal["pay-eternium"]
    amount: Count
    meaning: ClassVar[str] = "the hero's team may pay amount Eternium (paid: achieved)"


class DiscardSpell(_Kind):
    kind: Literal["discard-spell"]
    meaning: ClassVar[str] = "the hero may discard one of its spells (discarded: achieved)"


class DiscardCard(_Kind):
    kind: Literal["discard-card"]
    meaning: ClassVar[str] = (
        "the hero may discard one card it holds or carries in its backpack (achieved)"
    )


class BeIn(_Kind):
    kind: Literal["be-in"]
    area: AreaId
    meaning: ClassVar[str] = "the hero stands in the area as it draws the card"


OBJECTIVES: tuple[type[_Kind], ...] = (
    ControlOutposts,
    ControlMerchants,
    ControlTowers,
    ControlArea,
    HoldEternium,
    DefeatHeroes,
    DefeatEpicBeasts,
    TamedBeasts,
    HoldVehicles,
    HoldEquipment,
    HoldAllies,
    QuestsDone,
    SoldiersOnMap,
    HeroesIn,
    NearEnemyBase,
)
TASKS: tuple[type[_Kind], ...] = (
    StatTest,
    SuccessCheck,
    PayEternium,
    DiscardSpell,
    DiscardCard,
    BeIn,
    ControlArea,
)


def _meanings(models: tuple[type[_Kind], ...]) -> dict[str, str]:
    """Each model's kind tag with its meaning."""
    return {m.model_fields["kind"].annotation.__args__[0]: m.meaning for m in models}  # type: ignore[union-attr]


OBJECTIVE_KINDS: Mapping[str, str] = _meanings(OBJECTIVES)
"""Every objective kind with its meaning (checked at the end of every hero's turn)."""
TASK_KINDS: Mapping[str, str] = _meanings(TASKS)
"""Every task kind with its meaning (done at once by the hero that drew the mission)."""

Objective = Annotated[
    ControlOutposts
    | ControlMerchants
    | ControlTowers
    | ControlArea
    | HoldEternium
    | DefeatHeroes
    | DefeatEpicBeasts
    | TamedBeasts
    | HoldVehicles
    | HoldEquipment
    | HoldAllies
    | QuestsDone
    | SoldiersOnMap
    | HeroesIn
    | NearEnemyBase,
    Field(discriminator="kind"),
]
"""A victory card's objective: a member of the tagged union, chosen by ``kind``."""

Task = Annotated[
    StatTest | SuccessCheck | PayEternium | DiscardSpell | DiscardCard | BeIn | ControlArea,
    Field(discriminator="kind"),
]
"""A mission's task: a member of the tagged union, chosen by ``kind``."""
