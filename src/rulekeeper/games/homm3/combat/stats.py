"""A unit's card and statistics as they stand (homm3.md §5.15): the face showing, its HP left,
its abilities, and which side decides for it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rulekeeper.core.lasting import total
from rulekeeper.games.homm3.combat.model import Battle, Unit
from rulekeeper.games.homm3.content.abilities import UnitAbility
from rulekeeper.games.homm3.content.units import UnitCard, UnitSide

if TYPE_CHECKING:
    from rulekeeper.core import EventLog, Flow, Pcg32, StepKinds


class BattleState(Protocol):
    """What the battle's steps use of a state: its battle, its pending steps, its log, its
    cards (the same in the combat game and, later, the map game)."""

    battle: Battle
    flow: Flow
    events: EventLog
    rng: Pcg32
    STEPS: ClassVar[StepKinds]
    """Its steps by kind (combat/by_kind.py builds the battle's steps from them)."""

    @property
    def num_players(self) -> int: ...

    @property
    def game(self) -> Any: ...

    """The game: its ``pack`` holds the cards."""


def side_holder(side: int) -> str:
    """The holder name of a lasting effect on a whole side (Archery, Shackles of War)."""
    return f"side-{side}"


def card(state: BattleState, unit: Unit) -> UnitCard:
    found: UnitCard = state.game.pack.unit(unit.card)
    return found


def boost(state: BattleState, unit: Unit, kind: str) -> int:
    """The sum of the card effects of *kind* in force on *unit* (core/lasting.py)."""
    return total(state.battle.lasting, kind, unit.id)


def face(state: BattleState, unit: Unit) -> UnitSide:
    """The statistics printed on the side of the card showing (or on a card laid over it)."""
    printed = card(state, unit).side(unit.face)
    if unit.overlay:
        return overlay_side(state, unit.overlay, printed.type)
    return printed


def overlay_side(state: BattleState, card_id: str, kind: str) -> UnitSide:
    """The statistics of an ``overlay`` card (its numbers; no abilities)."""
    play = state.game.pack.card(card_id).play
    numbers = next(e.numbers for e in play.effects if e.kind == "overlay")
    return UnitSide(
        attack=numbers["attack"],
        defence=numbers["defence"],
        hp=numbers["hp"],
        initiative=numbers["initiative"],
        type=kind,
    )


def max_hp(state: BattleState, unit: Unit) -> int:
    """The HP of the face showing, with ``max-hp`` card effects."""
    return face(state, unit).hp + boost(state, unit, "max-hp")


def hp_left(state: BattleState, unit: Unit) -> int:
    return max_hp(state, unit) - unit.damage


def move_type(state: BattleState, unit: Unit) -> str:
    return face(state, unit).type


def is_ranged(state: BattleState, unit: Unit) -> bool:
    return face(state, unit).type == "ranged"


def abilities(state: BattleState, unit: Unit, kind: str) -> list[UnitAbility]:
    """The unit's abilities of *kind* on the face showing (none under ``no-abilities``)."""
    if state.battle.lasting and any(
        e.kind == "no-abilities" and e.holder == unit.id for e in state.battle.lasting
    ):
        return []
    return [ability for ability in face(state, unit).abilities if ability.kind == kind]


abilities_of_kind = abilities
"""The same as :func:`abilities` (a name that reads well beside the unit_abilities module)."""


def has(state: BattleState, unit: Unit, kind: str) -> bool:
    return bool(abilities(state, unit, kind))


def initiative(state: BattleState, unit: Unit) -> int:
    """Initiative with card effects (never below 0)."""
    return max(0, face(state, unit).initiative + boost(state, unit, "initiative"))


def tier_rank(state: BattleState, unit: Unit) -> int:
    """Bronze 1, Silver 2, Gold 3, Azure 4 (the Arrow Tower 0)."""
    return ("none", "bronze", "silver", "gold", "azure").index(card(state, unit).tier)


def seat_of(state: BattleState, unit: Unit) -> int:
    """The seat deciding for the unit's side, or :data:`AI`."""
    return state.battle.armies[unit.side].seat
