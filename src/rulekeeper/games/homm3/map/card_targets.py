"""What a card's Map effect is played on (homm3.md §5.8; cards.py): a hero, a hero and a field,
a face-down slot, a unit, or nothing. Each kind of target is one :class:`Target`: the parameters
of the play action, its candidates and the one refusal the legal list filters them with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import hex_distance as distance
from rulekeeper.games.homm3.content.cards import Effect
from rulekeeper.games.homm3.map import board, geometry, places
from rulekeeper.games.homm3.map.model import MAIN, MapHero

__all__ = ["TARGETS", "Target", "acting", "no_refusal", "number"]

RULE_MAP = "homm3.md §5.8 Map effects (rulebook p. 13)"
RULE_SPELL = "homm3.md §5.11 spells with Map effects, empowering (rulebook p. 14-15)"
RULE_NECRO = "homm3.md §5.15 Reinforce; Necromancy card (content/abilities.yaml)"
TIER_LEVEL = {"bronze": 1, "silver": 2, "gold": 3}


def number(found: Effect, name: str) -> int:
    """The effect's number *name* (0 when it has none)."""
    return int((found.numbers or {}).get(name, 0))


@dataclass(frozen=True)
class Target:
    """What an effect is played on: its parameters, the candidates and why one is refused."""

    params: tuple[str, ...]
    candidates: Callable[[Any, int, Effect], Iterable[dict[str, Any]]]
    refusal: Callable[[Any, int, Action, Effect], Refusal | None]


def _none(state: Any, seat: int, effect: Effect) -> Iterable[dict[str, Any]]:
    return [{}]


def no_refusal(state: Any, seat: int, action: Action, effect: Effect) -> Refusal | None:
    """No condition beyond the card's own."""
    return None


def _heroes(state: Any, seat: int, main_only: bool = False) -> list[Any]:
    return [
        h for h in state.heroes if h.seat == seat and h.on_map and (h.role == MAIN or not main_only)
    ]


def acting(state: Any, action: Action) -> MapHero:
    """The hero *action* names (its refusal made sure there is one)."""
    item = board.hero(state, str(action.get("hero")))
    assert item is not None
    return item


def _hero_candidates(state: Any, seat: int, effect: Effect) -> Iterable[dict[str, Any]]:
    return [{"hero": h.id} for h in _heroes(state, seat)]


def _hero_refusal(state: Any, seat: int, action: Action, effect: Effect) -> Refusal | None:
    item = board.hero(state, str(action.get("hero")))
    if item is None or item.seat != seat:
        return (RULE_MAP, f"you have no hero {action.get('hero')!r}")
    if not item.on_map:
        return (RULE_MAP, f"{item.id} is not on the map")
    return None


def _portal_candidates(state: Any, seat: int, effect: Effect) -> Iterable[dict[str, Any]]:
    for item in _heroes(state, seat, main_only=True):
        for key in places.held_places(state, seat):
            yield {"hero": item.id, "to": key}


def _portal_refusal(state: Any, seat: int, action: Action, effect: Effect) -> Refusal | None:
    refused = _hero_refusal(state, seat, action, effect)
    if refused is not None:
        return refused
    item = acting(state, action)
    if item.role != MAIN:
        return (RULE_SPELL, "Town Portal moves your Main Hero only")
    to = str(action.get("to"))
    if to not in places.held_places(state, seat):
        return (RULE_SPELL, f"{to} is not a Town or Settlement you control")
    if to == item.field:
        return (RULE_SPELL, f"{item.id} already stands on {to}")
    return None


def _fly_candidates(state: Any, seat: int, effect: Effect) -> Iterable[dict[str, Any]]:
    tilemap = state.tilemap()
    for item in _heroes(state, seat):
        reach = item.mp + number(effect, "mp")
        here = key_hex(item.field)
        for spot in sorted(tilemap.spots):
            if 0 < distance(here, spot) <= reach:
                yield {"hero": item.id, "to": hex_key(spot)}


def _fly_refusal(state: Any, seat: int, action: Action, effect: Effect) -> Refusal | None:
    refused = _hero_refusal(state, seat, action, effect)
    if refused is not None:
        return refused
    item = acting(state, action)
    to = str(action.get("to"))
    if board.field_at(state, to) is None:
        return (RULE_MAP, f"{to} is not a field of a face-up tile")
    if to in state.tilemap().graph.closed:
        return (RULE_MAP, f"{to} is a blocked field: the flight cannot end there")
    steps = distance(key_hex(item.field), key_hex(to))
    reach = item.mp + number(effect, "mp")
    if not 0 < steps <= reach:
        return (RULE_MAP, f"{to} is {steps} fields away; {item.id} can fly {reach} this turn")
    return None


def _reveal_candidates(state: Any, seat: int, effect: Effect) -> Iterable[dict[str, Any]]:
    slots = [slot.at for slot in state.face_down]
    for item in _heroes(state, seat):
        for centre in geometry.observatory_slots(slots, item.field):
            yield {"hero": item.id, "at": hex_key(centre)}


def _reveal_refusal(state: Any, seat: int, action: Action, effect: Effect) -> Refusal | None:
    refused = _hero_refusal(state, seat, action, effect)
    if refused is not None:
        return refused
    item = acting(state, action)
    slots = [slot.at for slot in state.face_down]
    near = {hex_key(c) for c in geometry.observatory_slots(slots, item.field)}
    if str(action.get("at")) not in near:
        return (RULE_MAP, f"no face-down tile at {action.get('at')} touches {item.id}'s tile")
    return None


def _unit_candidates(state: Any, seat: int, effect: Effect) -> Iterable[dict[str, Any]]:
    return [{"unit": index} for index in range(len(state.players[seat].units))]


def _unit_refusal(state: Any, seat: int, action: Action, effect: Effect) -> Refusal | None:
    units = state.players[seat].units
    index = action.get("unit")
    if not isinstance(index, int) or not 0 <= index < len(units):
        return (RULE_NECRO, f"you have no unit number {index!r} (0..{len(units) - 1})")
    troop = units[index]
    card = state.game.pack.units[troop.card]
    if card.faction != "necropolis" or not card.two_sided:
        return (RULE_NECRO, f"{troop.card} is not a Necropolis unit")
    if troop.side != "few":
        return (RULE_NECRO, f"{troop.card} already shows its Pack side")
    if TIER_LEVEL.get(card.tier, 9) > number(effect, "max_level"):
        return (RULE_NECRO, f"{troop.card} is a {card.tier} unit: this play reinforces lower tiers")
    return None


TARGETS: Mapping[str, Target] = {
    "none": Target((), _none, no_refusal),
    "hero": Target(("hero",), _hero_candidates, _hero_refusal),
    "portal": Target(("hero", "to"), _portal_candidates, _portal_refusal),
    "fly": Target(("hero", "to"), _fly_candidates, _fly_refusal),
    "reveal": Target(("hero", "at"), _reveal_candidates, _reveal_refusal),
    "unit": Target(("unit",), _unit_candidates, _unit_refusal),
}
