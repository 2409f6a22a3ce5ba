"""The order of combats when a hero enters an area held by enemy heroes and soldiers (spec §5.5,
rulebook p.17): epic combats first, the defending team choosing which of its heroes fights each
one, until the entering hero is gone or no enemy hero remains; then the soldier combat against
the enemy soldiers left (spec §5.9, A-2).

:class:`AreaCombat` is a host step (core/subgame.py): each epic combat is an
:class:`~rulekeeper.games.eternia.combat.subgames.EpicSubGame` played above it, its typed
:class:`~.result.EpicResult` taken back. The heroes' entries (combat-file sides, docs/eternia-
combat.md) carry their damage, decks, soldiers and Eternium from one combat to the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.jsonvalue import JsonObject, JsonValue
from rulekeeper.core.record import Bounds
from rulekeeper.core.subgame import HostStep, Seating, finish
from rulekeeper.games.eternia.combat.result import EpicResult
from rulekeeper.games.eternia.combat.solo_file import write_solo

__all__ = [
    "Area",
    "AreaCombat",
    "AreaResult",
    "DefendStep",
    "DefendersChoice",
    "JsonValue",
    "epic_doc",
]

RULE = "spec §5.5 (rulebook p.17): the defending team chooses its hero"
HARM_DEFENDER = (
    "spec §5.17.3 (rulebook p.32): the enemy chooses what is most harmful to you; the harm "
    "order (docs/eternia.md, provisional): its least damaged hero, then the first listed"
)


@dataclass
class Area:
    """An area being fought over: the entering hero's side, the defending heroes' sides (combat
    file entries) and the defending soldiers left; the options of its epic combats."""

    active: JsonObject
    defenders: list[JsonObject]
    soldiers: Annotated[int, Bounds(0, 3)] = 0
    options: JsonObject = field(default_factory=dict)
    can_flee: bool = True
    attackers: Annotated[int, Bounds(0, 15)] = 0
    """Soldiers entering the area (a soldier combat, spec §5.9)."""
    kind: str = "area"
    """``area`` (a hero enters, spec §5.5) or ``soldiers`` (soldiers enter, spec §5.9)."""
    solo: JsonObject = field(default_factory=dict)
    """The solo mode's cards (a combat file's ``solo``, spec §5.17), carried from one epic
    combat to the next; empty: a game between teams."""

    def __post_init__(self) -> None:
        if self.kind not in ("area", "soldiers"):
            raise ValueError("kind is area or soldiers")


@dataclass
class AreaResult:
    """Who holds the area (``winner``: 0 the entering team, 1 the defenders, -1 nobody), each
    epic combat's result in order, the HP the soldiers took from the entering hero."""

    winner: Annotated[int, Bounds(-1, 1)]
    combats: list[EpicResult] = field(default_factory=list)
    soldier_damage: Annotated[int, Bounds(0, 99)] = 0
    soldiers_left: Annotated[int, Bounds(0, 3)] = 0
    defeated: list[str] = field(default_factory=list)
    """The heroes defeated in the epic combats, by id."""
    heroes: dict[str, JsonObject] = field(default_factory=dict)
    """Each hero that fought, by id: its side as its last combat left it (damage, Eternium,
    spells and consumables left, deck), for the host to carry back."""
    leaves: dict[str, str] = field(default_factory=dict)
    """The heroes that must leave the area, by id, and why: ``pushed`` (the loser, moved by the
    winner), ``fled`` (step 8), ``retreats`` (from a boss, or Faster Combat's loser)."""
    solo: JsonObject = field(default_factory=dict)
    """The solo mode's cards as the combats left them (empty: not solo)."""


def epic_doc(area: Area, index: int) -> JsonObject:
    """The combat file of the epic combat between the entering hero and defender *index*."""
    defender = dict(area.defenders[index])
    defender["soldiers"] = area.soldiers
    return {
        "format": "eternia-combat",
        "version": 1,
        "combat": "epic",
        "options": dict(area.options),
        "can_flee": area.can_flee,
        "active": dict(area.active),
        "defender": defender,
        **({"solo": dict(area.solo)} if area.solo else {}),
    }


@dataclass
class DefendersChoice(Step[Any]):
    """A choice the defending team's seat (``seat``) makes among :meth:`candidates`; any
    other is refused with :meth:`choices` in words."""

    public_kinds = None

    seat: Annotated[int, Bounds(0, 63)] = 1

    def actor(self, state: Any) -> int:
        return self.seat

    def choices(self, state: Any) -> str:
        """What the defending team may choose, in words."""
        raise NotImplementedError

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, "the defending team decides")
        if action not in list(self.candidates(state, seat)):
            return (self.rule, self.choices(state))
        return None


@dataclass
class DefendStep(DefendersChoice):
    """The defending team picks which of its heroes in the area fights (``defend index=``)."""

    kind = "defend"
    rule = RULE

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        return (Action.of("defend", index=i) for i in range(len(state.area.defenders)))

    def choices(self, state: Any) -> str:
        names = ", ".join(f"{i}: {name_of(d)}" for i, d in enumerate(state.area.defenders))
        return f"choose one of your heroes in the area ({names})"

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.finish(state, {"defender": action.int_param("index")})


@dataclass
class AreaCombat(HostStep[Any, EpicResult]):
    """The root of an area's combats (see module doc). ``fighting``: the defender in the epic
    combat under way (-1: none)."""

    kind = "area"
    rule = RULE
    result_type = EpicResult

    fighting: Annotated[int, Bounds(-1, 5)] = -1
    results: list[EpicResult] = field(default_factory=list)
    gone: bool = False
    """The entering hero left the area (defeated, fled or pushed out)."""
    soldier_damage: Annotated[int, Bounds(0, 99)] = 0
    defeated: list[str] = field(default_factory=list)
    done: bool = False
    heroes: dict[str, JsonObject] = field(default_factory=dict)
    leaves: dict[str, str] = field(default_factory=dict)

    def run(self, state: Any) -> None:
        area: Area = state.area
        if not self.gone and area.defenders and not self.done:
            if len(area.defenders) == 1:
                self._fight(state, 0)
            elif "enemy" in area.defenders[0]:  # no seat plays the enemy: the harm order
                index = harmful_defender(area)
                state.events.append("enemy-choice", {"defender": index, "rule": HARM_DEFENDER})
                self._fight(state, index)
            else:
                state.flow.push(DefendStep(seat=_seat(state, area.defenders[0])))
            return
        if not self.gone and area.soldiers and not self.done:
            self.done = True
            self._soldiers(state)
        finish(state, self._result(state))

    def _fight(self, state: Any, index: int) -> None:
        self.fighting = index
        seats = Seating.alone(max(2, state.num_players))
        self.play(state, state.epic_game(epic_doc(state.area, index)), seats)

    def resume(self, state: Any, result: JsonObject) -> None:
        if "defender" in result:
            self._fight(state, int(result["defender"]))  # type: ignore[arg-type]
            return
        super().resume(state, result)

    def take(self, state: Any, result: EpicResult) -> None:
        area: Area = state.area
        self.results.append(result)
        heroes = [name_of(area.active), name_of(area.defenders[self.fighting])]
        if state.epic.solo is not None:
            area.solo = write_solo(state.epic.solo)
        self.defeated.extend(str(heroes[side]) for side in result.defeated)
        carried = state.epic_sides()
        area.active = carried[0]
        for side in (0, 1):
            self.heroes[str(heroes[side])] = carried[side]
        if result.moves >= 0 and result.moves not in result.defeated:
            self.leaves[str(heroes[result.moves])] = _why(result)
        for other in area.defenders:  # the defending team's pool and spells, as left
            for key in ("eternium", "spells"):
                if key in carried[1]:
                    other[key] = carried[1][key]
        area.soldiers = max(0, area.soldiers - result.soldiers_lost[1])
        defender_gone = 1 in result.defeated or result.moves == 1
        self.gone = 0 in result.defeated or result.moves == 0 or result.ending == "fled"
        if defender_gone:
            del area.defenders[self.fighting]
        else:
            area.defenders[self.fighting] = carried[1]
        if result.ending == "avoided":
            self.gone = True  # the combat refused: the entering hero's move stops here [reading]
        self.fighting = -1

    def _soldiers(self, state: Any) -> None:
        """The entering hero against the soldiers left (spec §5.9, A-2)."""
        self.soldier_damage = state.soldiers_against_hero()

    def _result(self, state: Any) -> AreaResult:
        """Who holds the area: the entering team if it is still there and nobody else is."""
        area: Area = state.area
        holds = 0 if not self.gone and not area.defenders and not area.soldiers else 1
        return AreaResult(
            winner=holds,
            combats=self.results,
            soldier_damage=self.soldier_damage,
            soldiers_left=area.soldiers,
            defeated=self.defeated,
            heroes=self.heroes,
            leaves=self.leaves,
            solo=dict(area.solo),
        )


def name_of(entry: JsonObject) -> str:
    """The hero of a side entry: a hero's or an enemy hero's id."""
    return str(entry.get("hero") or entry.get("enemy"))


def harmful_defender(area: Area) -> int:
    """The enemy hero that fights first (the harm order, docs/eternia.md, provisional): the one
    with the least damage, then the first listed."""
    damage = [d.get("damage", 0) for d in area.defenders]
    hp = [-d if isinstance(d, int) else 0 for d in damage]
    return max(range(len(hp)), key=lambda i: (hp[i], -i))


def _why(result: EpicResult) -> str:
    """Why the side that moves leaves the area (spec §5.6.3 steps 8-9, §5.6.4, §5.6.6)."""
    if result.ending == "fled":
        return "fled"
    if result.ending == "faster" or result.ending == "escaped":
        return "retreats"
    return "pushed"


def _seat(state: Any, entry: JsonObject) -> int:
    """The seat controlling the hero of *entry* (core/control.py)."""
    owner = state.control.owner(str(entry.get("hero")))
    return 1 if owner is None else int(owner)
