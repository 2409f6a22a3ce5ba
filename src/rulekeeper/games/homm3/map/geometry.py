"""The map's tile lattice and the exploration conditions (homm3.md §5.1, §5.2, §8.17, §8.18, §9.13).

A map tile is a 7-field "flower" (core/graph.py ``Tile`` with fields ``"0"``..``"6"``: ``"0"``
the centre at local (0, 0), ``"k"`` at ``DIRECTIONS[k-1]``). Tiles lie on a lattice of *slots*:
the centres spanned by (2, 1) and (-1, 3) in axial coordinates, so the flowers on all slots cover
the board without gap or overlap; a slot is named by its centre's board hex, and a tile is laid
on it with :func:`lay` (turned 0..5 sixths counter-clockwise).

Exploration (§5.1, one MP each, §5.2):

* placing the top tile of one's Far pool: the slot is empty, the tile touches at least two laid
  tiles (face-down ones count) and the field the hero stands on, and the chosen rotation cuts
  no path off (:func:`placement_refusal`; the options are :func:`legal_placements`; before the
  tile is drawn, :func:`open_slots` and :func:`slot_refusal` judge the slot alone);
* revealing a face-down tile next to the hero's field: the revealing player lays it in any
  rotation that cuts no path off (§8.17, §9.13; :func:`reveal_refusal`, :func:`reveal_rotations`).

The path condition (§5.1, §8.18, §9.13): over the non-blocked fields (walls between fields
respected; face-down tiles count as 7 open fields), a path leads onto the new or revealed tile
from every other tile, and no two other tiles joined by a path before are parted by it; a path
may run through a third tile, and two blocked fields may touch. Placing a tile only adds fields,
so only the first half can fail then. Reading (the rulebook is silent): when no rotation of a
revealed tile meets it, the tile may be laid in any rotation, since it must be revealed.

Functions take board hexes as ``(q, r)`` or as field keys ``"q,r"`` (core/graph.py
``hex_key``) and answer with hexes. A refusal names the broken condition and its section; a
face-down tile is named only by its slot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import Placement, Tile, TileMap, hex_key, key_hex, placed_fields
from rulekeeper.core.hexes import DIRECTIONS, Hex, neighbours, rotate_about, rotations

__all__ = [
    "RULE_EMPTY",
    "RULE_HERO",
    "RULE_NEXT_TO",
    "RULE_PATH",
    "RULE_SLOT",
    "RULE_TWO_TILES",
    "SLOT_STEPS",
    "is_slot",
    "lay",
    "legal_placements",
    "neighbour_slots",
    "observatory_slots",
    "occupied_slots",
    "open_slots",
    "placement_refusal",
    "position_hex",
    "reveal_refusal",
    "reveal_rotations",
    "revealable_slots",
    "slot_fields",
    "slot_of",
    "slot_refusal",
    "steps_from",
]

RULE_SLOT = "homm3.md §5.1 (rulebook p. 18): tiles of 7 fields, laid on the map's tile slots"
RULE_EMPTY = "homm3.md §5.1 (rulebook p. 19): a new tile goes on an empty slot"
RULE_TWO_TILES = "homm3.md §5.1 (rulebook p. 19): a new tile touches at least two tiles"
RULE_HERO = "homm3.md §5.1 (rulebook p. 19): a new tile touches the field the hero stands on"
RULE_PATH = "homm3.md §5.1, §8.18, §9.13 (rulebook p. 19): a tile cuts no path off"
RULE_NEXT_TO = "homm3.md §5.1, §5.2 (rulebook p. 10): reveal a face-down tile next to the hero"

SLOT_STEPS: tuple[Hex, ...] = rotations((2, 1))
"""From a slot's centre to the centres of its six neighbouring slots, turning counter-clockwise."""
_OFFSETS: tuple[Hex, ...] = ((0, 0), *DIRECTIONS)
"""From a tile's centre to its fields, by position 0..6 (rotation 0)."""
_BY_RESIDUE: dict[int, Hex] = {(3 * dq + dr) % 7: (dq, dr) for dq, dr in _OFFSETS}
"""The offset from its slot's centre of a hex, by the hex's lattice residue ``(3q + r) mod 7``."""

Field = Hex | str
"""A board hex ``(q, r)`` or its field key ``"q,r"``."""


def _hex(field: Field) -> Hex:
    """The board hex of a field given as a hex or a key ``"q,r"``."""
    return key_hex(field) if isinstance(field, str) else (field[0], field[1])


# --------------------------------------------------------------------------- the lattice


def is_slot(h: Field) -> bool:
    """Whether board hex *h* is the centre of a tile slot."""
    q, r = _hex(h)
    return (3 * q + r) % 7 == 0


def slot_of(h: Field) -> Hex:
    """The slot whose tile covers board hex *h* (its centre)."""
    q, r = _hex(h)
    dq, dr = _BY_RESIDUE[(3 * q + r) % 7]
    return (q - dq, r - dr)


def slot_fields(centre: Field) -> list[Hex]:
    """The 7 board hexes of the slot at *centre*, by position 0..6 of an unturned tile."""
    q, r = _hex(centre)
    return [(q + dq, r + dr) for dq, dr in _OFFSETS]


def neighbour_slots(centre: Field) -> list[Hex]:
    """The centres of the six slots touching the slot at *centre*, in :data:`SLOT_STEPS` order."""
    q, r = _hex(centre)
    return [(q + dq, r + dr) for dq, dr in SLOT_STEPS]


def position_hex(centre: Field, position: int, rotation: int) -> Hex:
    """The board hex of field *position* (0..6) of a tile laid on *centre* turned *rotation*."""
    c = _hex(centre)
    dq, dr = _OFFSETS[position]
    return rotate_about((c[0] + dq, c[1] + dr), c, rotation)


def lay(tile: Tile, centre: Field, rotation: int) -> Placement:
    """*tile* laid on the slot at *centre* turned *rotation* sixths (ValueError if *tile* is not
    a 7-field flower with fields "0".."6" or *centre* is no slot)."""
    c = _hex(centre)
    shape = {item.name: item.hex for item in tile.fields}
    if shape != {str(p): offset for p, offset in enumerate(_OFFSETS)}:
        raise ValueError(f"tile {tile.name!r} is not 7 fields '0'..'6' around its centre")
    if not is_slot(c):
        raise ValueError(f"{hex_key(c)} is not a tile slot")
    return Placement(tile.name, c[0], c[1], rotation)


def occupied_slots(tilemap: TileMap, face_down: Iterable[Field] = ()) -> set[Hex]:
    """The slots holding a tile: the face-up placements' and the face-down ones."""
    return {p.anchor for p in tilemap.placements} | {_hex(c) for c in face_down}


# --------------------------------------------------------------------------- the ground


@dataclass(frozen=True)
class _Ground:
    """The map as the path condition sees it: each tile's slot, each open field's part (the
    connected piece of open fields it lies in) and the parts each tile's open fields lie in."""

    tiles: frozenset[Hex]
    part: dict[Hex, int]
    parts_of: dict[Hex, frozenset[int]]

    def tiles_in(self, parts: Iterable[int]) -> set[Hex]:
        """The tiles with an open field in one of *parts*."""
        wanted = set(parts)
        return {slot for slot, own in self.parts_of.items() if own & wanted}


def _ground(tilemap: TileMap, face_down: Iterable[Hex], leave_out: Hex | None = None) -> _Ground:
    """The ground of the face-up tiles and the face-down slots (open), but the slot *leave_out*
    (ValueError for a tile off the slots or a face-down slot already covered)."""
    placements = tilemap.placements
    tiles = {p.anchor for p in placements}
    for p in placements:
        if not is_slot(p.anchor):
            raise ValueError(f"tile {p.tile!r} at {hex_key(p.anchor)} is not on a slot")
    open_at = {
        h: placements[spot.placement].anchor
        for h, spot in tilemap.spots.items()
        if not spot.field.blocked
    }
    walls = {
        wall
        for p in placements
        if tilemap.catalogue[p.tile].walls
        for wall in _walls(tilemap.catalogue[p.tile], p)
    }
    for centre in face_down:
        if centre in tiles or any(h in tilemap.spots for h in slot_fields(centre)):
            raise ValueError(f"face-down slot {hex_key(centre)} is covered by a face-up tile")
        tiles.add(centre)
        open_at.update((h, centre) for h in slot_fields(centre))
    if leave_out is not None:
        tiles.discard(leave_out)
        open_at = {h: slot for h, slot in open_at.items() if slot != leave_out}
    part = _parts(open_at, walls)
    parts_of: dict[Hex, set[int]] = {slot: set() for slot in tiles}
    for h, slot in open_at.items():
        parts_of[slot].add(part[h])
    return _Ground(frozenset(tiles), part, {s: frozenset(p) for s, p in parts_of.items()})


def _walls(tile: Tile, placement: Placement) -> list[frozenset[Hex]]:
    """The walls of *tile* laid as *placement*, as pairs of board hexes."""
    where = {item.name: h for h, item in placed_fields(tile, placement)}
    return [frozenset(where[name] for name in pair) for pair in tile.walled]


def _parts(fields: Iterable[Hex], walls: set[frozenset[Hex]]) -> dict[Hex, int]:
    """Each of *fields* numbered by its connected piece (steps between neighbours, no wall)."""
    left = set(fields)
    part: dict[Hex, int] = {}
    number = -1
    for first in sorted(left):
        if first in part:
            continue
        number += 1
        part[first] = number
        stack = [first]
        while stack:
            h = stack.pop()
            for n in neighbours(h):
                if n in left and n not in part and not (walls and frozenset((h, n)) in walls):
                    part[n] = number
                    stack.append(n)
    return part


def _open_fields(tile: Tile, placement: Placement) -> list[Hex]:
    """The board hexes of the non-blocked fields of *tile* laid as *placement*."""
    return [h for h, item in placed_fields(tile, placement) if not item.blocked]


def _cut_off(ground: _Ground, tile: Tile, placement: Placement) -> list[Hex]:
    """The tiles of *ground* from which no path leads onto *tile* laid as *placement* (all its
    open fields together: the paths may leave it by any of them)."""
    touched = {
        ground.part[n]
        for h in _open_fields(tile, placement)
        for n in neighbours(h)
        if n in ground.part
    }
    return sorted(ground.tiles - ground.tiles_in(touched))


# --------------------------------------------------------------------------- placing


def placement_refusal(
    tilemap: TileMap,
    catalogue: Mapping[str, Tile],
    tile_id: str,
    centre: Field,
    rotation: int,
    hero_field: Field,
    face_down_slots: Iterable[Field] = (),
) -> Refusal | None:
    """Why tile *tile_id* may not be placed on *centre* turned *rotation* by the hero on
    *hero_field* (§5.1), or None."""
    explore = _Explore(tilemap, {_hex(c) for c in face_down_slots})
    tile = catalogue[tile_id]
    return _placement_refusal(explore, tile, _hex(centre), rotation, _hex(hero_field))


def legal_placements(
    tilemap: TileMap,
    catalogue: Mapping[str, Tile],
    tile_id: str,
    hero_field: Field,
    face_down_slots: Iterable[Field] = (),
) -> list[tuple[Hex, int]]:
    """Every (slot, rotation) where the hero on *hero_field* may place tile *tile_id* (§5.1),
    by slot then rotation: the slots touching the hero's field, filtered by the refusal."""
    explore = _Explore(tilemap, {_hex(c) for c in face_down_slots})
    tile = catalogue[tile_id]
    hero = _hex(hero_field)
    return [
        (slot, turn)
        for slot in _near_slots(hero)
        for turn in range(6)
        if _placement_refusal(explore, tile, slot, turn, hero) is None
    ]


def slot_refusal(
    tilemap: TileMap, centre: Field, hero_field: Field, face_down_slots: Iterable[Field] = ()
) -> Refusal | None:
    """Why no tile may be placed on *centre* by the hero on *hero_field*, whatever the tile and
    its rotation (the slot, empty, touching the hero's field and two tiles; §5.1), or None."""
    explore = _Explore(tilemap, {_hex(c) for c in face_down_slots})
    return _slot_refusal(explore, _hex(centre), _hex(hero_field))


def open_slots(
    tilemap: TileMap, hero_field: Field, face_down_slots: Iterable[Field] = ()
) -> list[Hex]:
    """The slots where the hero on *hero_field* might place a tile, before it is drawn: those
    :func:`slot_refusal` accepts, in board order."""
    explore = _Explore(tilemap, {_hex(c) for c in face_down_slots})
    hero = _hex(hero_field)
    return [slot for slot in _near_slots(hero) if _slot_refusal(explore, slot, hero) is None]


def _near_slots(hero: Hex) -> list[Hex]:
    """The slots with a field next to *hero* but its own: the only ones a new tile touching
    the hero's field can lie on, in board order."""
    return sorted({slot_of(n) for n in neighbours(hero)} - {slot_of(hero)})


class _Explore:
    """One exploration decision's map: the face-up tiles, the face-down slots, and the ground
    for the path condition (made once, on first use)."""

    def __init__(self, tilemap: TileMap, face_down: set[Hex]):
        self.tilemap = tilemap
        self.face_down = face_down
        self.occupied = occupied_slots(tilemap, face_down)
        self._ground: _Ground | None = None

    @property
    def ground(self) -> _Ground:
        """The ground of the whole map (face-down tiles open)."""
        if self._ground is None:
            self._ground = _ground(self.tilemap, self.face_down)
        return self._ground


def _slot_refusal(explore: _Explore, centre: Hex, hero: Hex) -> Refusal | None:
    """The conditions on the slot alone (any tile, any rotation)."""
    where = hex_key(centre)
    if not is_slot(centre):
        return (RULE_SLOT, f"{where} is not the centre of a tile slot")
    fields = slot_fields(centre)
    if centre in explore.occupied or any(h in explore.tilemap.spots for h in fields):
        return (RULE_EMPTY, f"the slot at {where} already holds a tile")
    if not any(n in fields for n in neighbours(hero)):
        return (RULE_HERO, f"a tile at {where} would not touch the hero's field {hex_key(hero)}")
    touching = [s for s in neighbour_slots(centre) if s in explore.occupied]
    if len(touching) < 2:
        return (RULE_TWO_TILES, f"a tile at {where} would touch {len(touching)} tile(s), not 2")
    return None


def _placement_refusal(
    explore: _Explore, tile: Tile, centre: Hex, rotation: int, hero: Hex
) -> Refusal | None:
    """The one placement rule: the list, the check and the refusal all come from it."""
    if not 0 <= rotation <= 5:
        return (RULE_SLOT, f"rotation {rotation} is not one of 0..5 sixths of a turn")
    refused = _slot_refusal(explore, centre, hero)
    if refused is not None:
        return refused
    cut = _cut_off(explore.ground, tile, lay(tile, centre, rotation))
    if cut:
        return (
            RULE_PATH,
            f"turned {rotation}, the tile at {hex_key(centre)} could not be reached from the "
            f"tile at {hex_key(cut[0])}: its blocked fields cut the path off",
        )
    return None


# --------------------------------------------------------------------------- revealing


def revealable_slots(
    tilemap: TileMap, face_down_slots: Iterable[Field], hero_field: Field
) -> list[Hex]:
    """The face-down slots next to the hero's field (§5.1: reveal for 1 MP), in board order."""
    hero = _hex(hero_field)
    return sorted(set(_near_slots(hero)) & {_hex(c) for c in face_down_slots})


def observatory_slots(face_down_slots: Iterable[Field], field: Field) -> list[Hex]:
    """The face-down slots touching the tile of *field* (an Observatory's, §5.4), in board order."""
    return sorted(set(neighbour_slots(slot_of(field))) & {_hex(c) for c in face_down_slots})


def reveal_refusal(
    tilemap: TileMap,
    catalogue: Mapping[str, Tile],
    tile_id: str,
    centre: Field,
    rotation: int,
    hero_field: Field | None,
    face_down_slots: Iterable[Field],
) -> Refusal | None:
    """Why the face-down tile *tile_id* on *centre* may not be revealed turned *rotation* by the
    hero on *hero_field* (None: by an Observatory, no hero needed), or None (§5.1, §9.13)."""
    face_down = {_hex(c) for c in face_down_slots}
    hero = None if hero_field is None else _hex(hero_field)
    reveal = _Reveal(tilemap, catalogue, tile_id, _hex(centre), face_down)
    return _reveal_refusal(reveal, rotation, hero)


def reveal_rotations(
    tilemap: TileMap,
    catalogue: Mapping[str, Tile],
    tile_id: str,
    centre: Field,
    hero_field: Field | None,
    face_down_slots: Iterable[Field],
) -> list[int]:
    """The rotations in which the face-down tile *tile_id* on *centre* may be revealed."""
    face_down = {_hex(c) for c in face_down_slots}
    hero = None if hero_field is None else _hex(hero_field)
    reveal = _Reveal(tilemap, catalogue, tile_id, _hex(centre), face_down)
    return [turn for turn in range(6) if _reveal_refusal(reveal, turn, hero) is None]


class _Reveal:
    """One reveal decision: the face-down slot, its tile, the ground before (the slot open)
    and without the slot, and which rotations cut a path off (worked out once)."""

    def __init__(
        self,
        tilemap: TileMap,
        catalogue: Mapping[str, Tile],
        tile_id: str,
        centre: Hex,
        face_down: set[Hex],
    ):
        self.tilemap = tilemap
        self.tile = catalogue[tile_id]
        self.centre = centre
        self.face_down = face_down
        self._cuts: list[str | None] | None = None

    @property
    def cuts(self) -> list[str | None]:
        """For each rotation 0..5: the path it cuts off, in words, or None."""
        if self._cuts is None:
            before = _ground(self.tilemap, self.face_down)
            without = _ground(self.tilemap, self.face_down, leave_out=self.centre)
            self._cuts = [self._cut(before, without, turn) for turn in range(6)]
        return self._cuts

    def _cut(self, before: _Ground, without: _Ground, rotation: int) -> str | None:
        """The path the tile turned *rotation* cuts off, in words, or None."""
        placement = lay(self.tile, self.centre, rotation)
        cut = _cut_off(without, self.tile, placement)
        if cut:
            where, other = hex_key(self.centre), hex_key(cut[0])
            return f"the tile at {where} could not be reached from the tile at {other}"
        groups = _parts(_open_fields(self.tile, placement), set(_walls(self.tile, placement)))
        merged = _merge(without, groups)
        after = {s: {merged.get(p, p) for p in parts} for s, parts in without.parts_of.items()}
        slots = sorted(without.tiles)
        for i, a in enumerate(slots):
            for b in slots[i + 1 :]:
                if before.parts_of[a] & before.parts_of[b] and not after[a] & after[b]:
                    return f"it would part the tiles at {hex_key(a)} and {hex_key(b)}"
        return None


def _merge(ground: _Ground, groups: dict[Hex, int]) -> dict[int, int]:
    """The parts of *ground* joined through the open fields of a laid tile (*groups*: each open
    field's piece within the tile): each joined part mapped to the smallest part it joins."""
    joined: dict[int, set[int]] = {}
    for h, group in groups.items():
        for n in neighbours(h):
            if n in ground.part:
                joined.setdefault(group, set()).add(ground.part[n])
    leader: dict[int, int] = {}
    for parts in joined.values():  # union the parts each group touches
        roots = {_root(leader, p) for p in parts}
        least = min(roots)
        for root in roots:
            leader[root] = least
    return {p: _root(leader, p) for p in set(ground.part.values())}


def _root(leader: dict[int, int], part: int) -> int:
    """The part *part* has been joined into (following ``leader`` to its end)."""
    while leader.get(part, part) != part:
        part = leader[part]
    return part


def _reveal_refusal(reveal: _Reveal, rotation: int, hero: Hex | None) -> Refusal | None:
    """The one reveal rule: the list, the check and the refusal all come from it."""
    where = hex_key(reveal.centre)
    if reveal.centre not in reveal.face_down:
        return (RULE_NEXT_TO, f"no face-down tile lies on the slot at {where}")
    if hero is not None and not any(n in slot_fields(reveal.centre) for n in neighbours(hero)):
        return (RULE_NEXT_TO, f"the hero on {hex_key(hero)} does not stand next to {where}")
    if not 0 <= rotation <= 5:
        return (RULE_SLOT, f"rotation {rotation} is not one of 0..5 sixths of a turn")
    cut = reveal.cuts[rotation]
    if cut is not None and any(other is None for other in reveal.cuts):
        return (RULE_PATH, f"turned {rotation}, {cut}")
    return None


# --------------------------------------------------------------------------- movement


def steps_from(tilemap: TileMap, field: Field, blocked_extra: Iterable[Field] = ()) -> list[Hex]:
    """The face-up fields one step from *field* a hero may enter: no wall between, not blocked,
    not in *blocked_extra* (§5.2), in direction order."""
    h = _hex(field)
    graph = tilemap.graph
    shut = graph.closed | {hex_key(_hex(b)) for b in blocked_extra}
    ways = set(graph.neighbours(hex_key(h))) - shut
    return [n for n in neighbours(h) if hex_key(n) in ways]
