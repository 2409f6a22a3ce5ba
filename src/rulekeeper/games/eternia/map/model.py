"""The plain data of the map game (spec §1.3-§5.19): teams, heroes, soldiers, decks.

Every type here is a record (core/record.py): its field types say how it is copied, saved and
read back. The rules modules of this package read and change them; the map game's state holds
them as its fields (game.py ``MapState``).

* :class:`Team`: a faction's shared pool (Eternium and VP, a core ``Ledger``), its combat deck
  and supply, its soldier supply, its victory cards, the seats that play it;
* :class:`MapHero`: where a hero stands, its damage, whether it was activated this round, what
  it holds (ally, beast or vehicle, equipped armor and artifact, backpack, spells);
* soldiers are counted per area and team (``MapState.soldiers``);
* :class:`Turn`: the activation under way: its hero and the actions it took.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core import Bounds, Ledger

__all__ = ["POOL", "MapHero", "Team", "Turn"]

POOL = ("eternium", "vp")
"""A team's pool (spec §5.14): its Eternium and its victory points, never negative."""

Count = Annotated[int, Bounds(0, 999)]
Seat = Annotated[int, Bounds(0, 63)]


@dataclass
class Team:
    """One team (spec §1.2, §3.1): its faction, the seats that play it, its pool, its combat
    deck (21 ids, spec §3.1 step 5) and supply, its soldiers not on the map (spec §5.3), its
    victory cards in hand and revealed (spec §5.14)."""

    faction: str
    seats: list[Seat]
    pool: Ledger
    deck: list[str] = dataclasses.field(default_factory=list)
    supply: list[str] = dataclasses.field(default_factory=list)
    soldiers: Count = 0
    victory: list[str] = dataclasses.field(default_factory=list)
    revealed: list[str] = dataclasses.field(default_factory=list)
    completed: list[str] = dataclasses.field(default_factory=list)
    """Revealed cards whose secondary objective is achieved too."""
    defeats: Count = 0
    """Enemy heroes this team defeated in epic combat (spec §5.14)."""
    beasts: Count = 0
    """Epic beasts this team defeated (spec §5.14)."""
    quests: Count = 0
    """Quests its heroes went on (spec §5.16)."""
    missions: Count = 0
    """Missions its heroes completed (spec §5.16; a solo objective counts them)."""

    @property
    def eternium(self) -> int:
        """The team's Eternium (spec §5.14)."""
        return self.pool.get("eternium")

    @property
    def vp(self) -> int:
        """The team's victory points (spec §5.14)."""
        return self.pool.get("vp")


@dataclass
class MapHero:
    """A hero on the map (spec §5.3): its card id, team (index), area, damage, activation this
    round and holdings (spec §5.11): ``ally``, ``mount`` (a tamed beast or a vehicle, its kind in
    ``mount_kind``), ``armor`` (subtype -> card), ``artifact``, ``backpack`` (≤ 5), ``spells``."""

    id: str
    team: Annotated[int, Bounds(0, 2)]
    area: str
    damage: Count = 0
    activated: bool = False
    ally: str = ""
    mount: str = ""
    mount_kind: str = ""
    armor: dict[str, str] = dataclasses.field(default_factory=dict)
    artifact: str = ""
    backpack: list[str] = dataclasses.field(default_factory=list)
    spells: list[str] = dataclasses.field(default_factory=list)

    def __post_init__(self) -> None:
        if self.mount_kind not in ("", "beast", "epic-beast", "vehicle"):
            raise ValueError("mount_kind is beast, epic-beast, vehicle or empty")


@dataclass
class Turn:
    """The activation under way (spec §4.3): its hero (index), the standard actions it took
    (each at most once, two in all), the free actions it took, the MP left of a Move."""

    hero: Annotated[int, Bounds(0, 8)]
    actions: list[str] = dataclasses.field(default_factory=list)
    free: list[str] = dataclasses.field(default_factory=list)
    mp: Count = 0
    over: bool = False
    """The turn ended early (the hero was defeated, spec §5.13, or rested, spec §5.19)."""
