"""Exploring the map: revealing face-down tiles and placing tiles from one's Far pool
(homm3.md §5.1, §5.2 items 3 and 4, §8.17, §8.18, §9.13).

Both are movement actions of a hero of the active player and cost it 1 MP. ``reveal`` turns
the face-down tile of a slot next to the hero face up; its player then lays it in a rotation
that cuts no path off (:class:`LayTileStep`). ``explore`` takes the top tile of the player's
own Far pool, face up, and lays it on an empty slot touching two tiles and the hero's field, in
a rotation that cuts no path off. The conditions are geometry.py's (one refusal each); a tile
for which no slot and rotation fit goes to the bottom of the pool (the MP stays spent).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import neighbours
from rulekeeper.games.homm3.map import board, geometry
from rulekeeper.games.homm3.map.actions import Rule

__all__ = ["RULE", "LayTileStep", "lay_tile", "reveal"]

RULE_EXPLORE = "homm3.md §5.1 exploration, §5.2 (rulebook p. 10, 18-19)"
RULE_POOL = "homm3.md §5.1: a player whose Far pool is empty adds no tiles (rulebook p. 19)"


def _hero_of(state: Any, seat: int, action: Action) -> tuple[Any, Refusal | None]:
    item = board.hero(state, str(action.get("hero")))
    if item is None or item.seat != seat:
        return None, (RULE_EXPLORE, f"you have no hero {action.get('hero')!r}")
    if not item.on_map:
        return None, (RULE_EXPLORE, f"{item.id} is not on the map")
    if item.mp <= 0:
        return None, (RULE_EXPLORE, f"{item.id} has no movement points left this turn")
    return item, None


def _face_down_slots(state: Any) -> list[str]:
    return [slot.at for slot in state.face_down]


def candidates(state: Any, seat: int) -> Iterable[Action]:
    """A reveal of each face-down slot next to each hero, an exploration by each hero."""
    slots = _face_down_slots(state)
    for item in state.heroes:
        if item.seat != seat or not item.on_map or item.mp <= 0:
            continue
        for centre in geometry.revealable_slots(state.tilemap(), slots, item.field):
            yield Action.of("reveal", hero=item.id, at=hex_key(centre))
        yield Action.of("explore", hero=item.id)


def refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not reveal or explore as *action* says (None: it may)."""
    names = sorted(name for name, _ in action.params)
    wanted = ["at", "hero"] if action.kind == "reveal" else ["hero"]
    if names != wanted:
        form = "reveal hero=ID at=Q,R" if action.kind == "reveal" else "explore hero=ID"
        return (RULE_EXPLORE, f"write it as: {form}")
    item, refused = _hero_of(state, seat, action)
    if refused is not None:
        return refused
    slots = _face_down_slots(state)
    if action.kind == "reveal":
        at = str(action.param("at"))
        near = {hex_key(c) for c in geometry.revealable_slots(state.tilemap(), slots, item.field)}
        if at not in near:
            return (geometry.RULE_NEXT_TO, f"no face-down tile at {at} is next to {item.id}")
        return None
    if not state.players[seat].far_pool:
        return (RULE_POOL, "your Far pool is empty")
    if not _open_slots(state, item.field):
        return (
            geometry.RULE_TWO_TILES,
            f"no empty slot next to {item.id}'s field touches two tiles",
        )
    return None


def _open_slots(state: Any, field: str) -> list[Any]:
    """The empty slots touching *field* and two tiles (the conditions a hidden tile does not
    change): exploring is possible only with one."""
    occupied = geometry.occupied_slots(state.tilemap(), _face_down_slots(state))
    hero = key_hex(field)
    near = {geometry.slot_of(n) for n in neighbours(hero)} - {geometry.slot_of(hero)}
    return [
        slot
        for slot in sorted(near - occupied)
        if sum(1 for s in geometry.neighbour_slots(slot) if s in occupied) >= 2
    ]


def apply(state: Any, seat: int, action: Action) -> None:
    """Spend the MP and turn the tile face up; its player lays it (:class:`LayTileStep`)."""
    item = board.hero(state, action.str_param("hero"))
    assert item is not None
    item.mp -= 1
    if action.kind == "reveal":
        reveal(state, seat, item.id, action.str_param("at"), item.field)
        return
    pool = state.players[seat].far_pool
    tile = pool.pop()
    found = geometry.legal_placements(
        state.tilemap(), state.game.catalogue, tile, item.field, _face_down_slots(state)
    )
    state.events.append("tile-drawn", {"seat": seat, "tile": tile})
    if not found:
        pool.insert(0, tile)
        state.events.append("tile-fits-nowhere", {"seat": seat, "tile": tile})
        return
    slots = sorted({hex_key(slot) for slot, _ in found}, key=lambda k: found_order(found, k))
    rotations = [[turn for slot, turn in found if hex_key(slot) == key] for key in slots]
    state.flow.push(
        LayTileStep(seat=seat, tile=tile, hero=item.id, slots=slots, rotations=rotations)
    )


def reveal(state: Any, seat: int, hero: str, at: str, hero_field: str | None) -> None:
    """Turn the face-down tile on *at* face up; *seat* lays it (:class:`LayTileStep`) in a
    rotation that cuts no path off (next to *hero_field*; None: no hero needed, a Speculum)."""
    slots = _face_down_slots(state)
    tile = board.take_face_down(state, at)  # public from now on
    options = geometry.reveal_rotations(
        state.tilemap(), state.game.catalogue, tile, at, hero_field, slots
    )
    state.events.append("tile-revealed", {"seat": seat, "at": at, "tile": tile})
    state.flow.push(
        LayTileStep(
            seat=seat, tile=tile, hero=hero, slots=[at], rotations=[options or list(range(6))]
        )
    )


def found_order(found: Sequence[tuple[Any, int]], key: str) -> int:
    """Where slot *key* first stands in *found*."""
    return next(i for i, (slot, _) in enumerate(found) if hex_key(slot) == key)


RULE: Rule = Rule(("reveal", "explore"), candidates, refusal, apply)


@dataclass
class LayTileStep(Step[Any]):
    """*seat* lays the face-up *tile* on one of ``slots`` in one of that slot's ``rotations``."""

    kind = "lay-tile"
    rule = RULE_EXPLORE
    public_kinds = None
    seat: int = 0
    tile: str = ""
    hero: str = ""
    slots: list[str] = dataclasses.field(default_factory=list)
    rotations: list[list[int]] = dataclasses.field(default_factory=list)

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [
            Action.of("lay", at=at, rotation=turn)
            for at, turns in zip(self.slots, self.rotations, strict=True)
            for turn in turns
        ]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action in self.legal(state, seat):
            return None
        if action.kind != "lay":
            return (self.rule, f"lay the tile {self.tile}: lay at=Q,R rotation=0..5")
        return (geometry.RULE_PATH, f"{self.tile} cannot be laid so: choose one of the options")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        lay_tile(state, self.tile, action.str_param("at"), action.int_param("rotation"))


def lay_tile(state: Any, tile: str, at: str, rotation: int) -> None:
    """Lay *tile* face up on slot *at* turned *rotation* (a face-down slot there is gone)."""
    placement = geometry.lay(state.game.catalogue[tile], at, rotation)
    state.lay(placement)
    state.events.append("tile-laid", {"tile": tile, "at": at, "rotation": rotation})
