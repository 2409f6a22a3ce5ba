"""The map's tile lattice and the exploration conditions (games/homm3/map/geometry.py).

Sources: homm3.md §5.1 (tiles of 7 fields; a new tile touches two tiles and the hero's field,
any rotation, no path cut off, two blocked fields may touch), §5.2 (revealing a face-down tile
next to the hero, 1 MP), §5.4 (Observatory), §8.17 (the revealing player turns the tile), §8.18
(paths over non-blocked fields, face-down tiles traversable), §9.13 (a revealed tile in any
rotation meeting the conditions; a path may run through a third tile); issue 24 §2 Exploration
and §6 (placement property tests). The property tests check the geometry against a brute-force
oracle built on the core's own graph (core/graph.py ``TileMap.graph`` and ``components``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import (
    Placement,
    Tile,
    TileField,
    TileMap,
    Wall,
    components,
    hex_key,
    key_hex,
    placed_fields,
)
from rulekeeper.core.hexes import DIRECTIONS, Hex, are_neighbours, neighbours, rotate_about, within
from rulekeeper.games.homm3 import content
from rulekeeper.games.homm3.content.tiles import core_tile, read_map
from rulekeeper.games.homm3.map import geometry
from rulekeeper.games.homm3.map.geometry import (
    RULE_EMPTY,
    RULE_HERO,
    RULE_NEXT_TO,
    RULE_PATH,
    RULE_SLOT,
    RULE_TWO_TILES,
    SLOT_STEPS,
    is_slot,
    lay,
    legal_placements,
    neighbour_slots,
    observatory_slots,
    open_slots,
    placement_refusal,
    position_hex,
    reveal_refusal,
    reveal_rotations,
    revealable_slots,
    slot_fields,
    slot_of,
    slot_refusal,
    steps_from,
)

OFFSETS = ((0, 0), *DIRECTIONS)
PAIRS = [(0, k) for k in range(1, 7)] + [(k, k % 6 + 1) for k in range(1, 7)]
"""Every pair of neighbouring positions on a tile (centre to ring, ring to ring)."""
PROPERTY = settings(max_examples=60, deadline=None)
seeds = st.integers(0, 2**32)


def flower(name: str, blocked: Iterable[int] = (), walls: Iterable[tuple[int, int]] = ()) -> Tile:
    """A map tile as contracts §A lays it out: field "p" at position p, some blocked."""
    shut = set(blocked)
    fields = tuple(TileField(str(p), *OFFSETS[p], blocked=p in shut) for p in range(7))
    return Tile(name, fields, tuple(Wall(str(a), str(b)) for a, b in walls))


OPEN = flower("open")
FACE_DOWN = flower("face-down")
"""What the oracle lays on a face-down slot: seven open fields (§8.18)."""


def board(tiles: dict[Hex, Tile], rotations: dict[Hex, int] | None = None) -> TileMap:
    """The face-up map of *tiles* by slot, each turned as *rotations* says (else 0)."""
    turns = rotations or {}
    catalogue = {t.name: t for t in tiles.values()}
    laid = tuple(lay(t, c, turns.get(c, 0)) for c, t in tiles.items())
    return TileMap(tuple(catalogue.values()), laid)


def rule(refusal: Refusal | None) -> str:
    """The rule a refusal names (the test fails when there is none)."""
    assert refusal is not None
    return refusal[0]


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


A, B = (0, 0), SLOT_STEPS[0]
COMMON = sorted(set(neighbour_slots(A)) & set(neighbour_slots(B)))
"""The two slots touching both A and B."""
C = COMMON[0]


def hero_next_to(tilemap: TileMap, slot: Hex) -> Hex:
    """A face-up field next to the slot at *slot* (where a hero may stand to explore it)."""
    return next(
        h for h in sorted(tilemap.spots) if any(are_neighbours(h, f) for f in slot_fields(slot))
    )


def facing(tilemap: TileMap, slot: Hex, face_down: Iterable[Hex] = ()) -> list[int]:
    """The positions (rotation 0) of a tile on *slot* that touch a laid field."""
    laid = set(tilemap.spots) | {h for c in face_down for h in slot_fields(c)}
    return [p for p in range(7) if any(n in laid for n in neighbours(position_hex(slot, p, 0)))]


# --------------------------------------------------------------------------- the lattice


def test_slot_steps_are_the_six_neighbouring_centres() -> None:
    """homm3.md §5.1: tiles are a centre hex and a ring of 6; neighbouring tiles' centres lie
    3 steps apart, turning by sixths (contracts §B: spanned by (2, 1) and (-1, 3))."""
    assert len(set(SLOT_STEPS)) == 6
    assert SLOT_STEPS[0] == (2, 1) and (-1, 3) in SLOT_STEPS
    for k, step in enumerate(SLOT_STEPS):
        assert rotate_about(SLOT_STEPS[0], (0, 0), k) == step
        assert is_slot(step) and sum(map(abs, (*step, step[0] + step[1]))) == 6


@given(st.tuples(st.integers(-40, 40), st.integers(-40, 40)))
@PROPERTY
def test_every_hex_lies_on_exactly_one_slot(h: Hex) -> None:
    """homm3.md §5.1: the 7-field tiles on the slots cover the board without gap or overlap."""
    owners = [c for c in within(h, 1) if is_slot(c)]
    assert owners == [slot_of(h)]
    assert h in slot_fields(slot_of(h))
    assert geometry.slot_of(hex_key(h)) == slot_of(h)


def test_slots_within_a_radius_partition_the_board() -> None:
    """homm3.md §5.1: the flowers of all slots near the origin partition the hexes there."""
    slots = [c for c in within((0, 0), 14) if is_slot(c)]
    covered = [h for c in slots for h in slot_fields(c)]
    assert len(covered) == len(set(covered))
    assert set(within((0, 0), 12)) <= set(covered)


def test_neighbour_slots_are_the_slots_whose_tiles_touch() -> None:
    """homm3.md §5.1: two tiles touch when a field of one is next to a field of the other."""
    slots = [c for c in within((0, 0), 9) if is_slot(c) and c != (0, 0)]
    touching = [
        c
        for c in slots
        if any(are_neighbours(a, b) for a in slot_fields((0, 0)) for b in slot_fields(c))
    ]
    assert sorted(touching) == sorted(neighbour_slots((0, 0)))


@given(
    st.sampled_from([c for c in within((0, 0), 12) if is_slot(c)]),
    st.integers(0, 6),
    st.integers(0, 5),
)
@PROPERTY
def test_a_turned_tile_has_its_fields_turned(centre: Hex, position: int, rotation: int) -> None:
    """homm3.md §5.1 (a tile may be turned freely): field p of a tile laid turned k sixths lies
    where rotation 0 put it turned k sixths about the centre (contracts §A positions)."""
    unturned = position_hex(centre, position, 0)
    assert unturned == slot_fields(centre)[position]
    assert position_hex(centre, position, rotation) == rotate_about(unturned, centre, rotation)
    placed = TileMap((OPEN,), (lay(OPEN, centre, rotation),))
    assert placed.spots[position_hex(centre, position, rotation)].field.name == str(position)


def test_lay_refuses_a_tile_off_the_lattice_or_of_another_shape() -> None:
    """contracts §A/§B: map tiles are 7-field flowers laid on slot centres."""
    assert lay(OPEN, (2, 1), 3) == Placement("open", 2, 1, 3)
    with pytest.raises(ValueError, match="not a tile slot"):
        lay(OPEN, (1, 0), 0)
    with pytest.raises(ValueError, match="not 7 fields"):
        lay(Tile("bar", (TileField("0"), TileField("1", 1, 0))), (0, 0), 0)


# --------------------------------------------------------------------------- placing: tables


def test_a_tile_touching_two_tiles_and_the_hero_may_be_placed_in_any_rotation() -> None:
    """homm3.md §5.1: touching two tiles and the hero's field, any rotation of an open tile."""
    tilemap = board({A: OPEN, B: OPEN})
    hero = hero_next_to(tilemap, C)
    assert legal_placements(tilemap, {"open": OPEN}, "open", hero) == [
        (c, k)
        for c in COMMON
        if any(are_neighbours(hero, f) for f in slot_fields(c))
        for k in range(6)
    ]
    assert placement_refusal(tilemap, {"open": OPEN}, "open", C, 4, hero) is None
    assert placement_refusal(tilemap, {"open": OPEN}, "open", C, 4, hex_key(hero)) is None


def test_an_occupied_slot_is_refused() -> None:
    """homm3.md §5.1: a new tile goes on a slot no tile (face up or down) holds."""
    tilemap = board({A: OPEN, B: OPEN})
    hero = slot_fields(A)[0]
    refusal = placement_refusal(tilemap, {"open": OPEN}, "open", B, 0, hero)
    assert refusal is not None and refusal[0] == RULE_EMPTY and "2,1" in refusal[1]
    refusal = placement_refusal(tilemap, {"open": OPEN}, "open", C, 0, hero, [C])
    assert refusal is not None and refusal[0] == RULE_EMPTY


def test_a_hex_off_the_lattice_or_a_bad_rotation_is_refused() -> None:
    """homm3.md §5.1: tiles of 7 fields on the slots, turned by sixths."""
    tilemap = board({A: OPEN, B: OPEN})
    hero = slot_fields(A)[1]
    assert rule(placement_refusal(tilemap, {"open": OPEN}, "open", (3, -1), 0, hero)) == RULE_SLOT
    assert rule(placement_refusal(tilemap, {"open": OPEN}, "open", C, 6, hero)) == RULE_SLOT


def test_a_tile_not_touching_the_heros_field_is_refused() -> None:
    """homm3.md §5.1: the new tile touches the field on which your hero stands."""
    tilemap = board({A: OPEN, B: OPEN})
    far = next(h for h in slot_fields(A) if not any(are_neighbours(h, f) for f in slot_fields(C)))
    refusal = placement_refusal(tilemap, {"open": OPEN}, "open", C, 0, far)
    assert refusal is not None and refusal[0] == RULE_HERO
    assert legal_placements(tilemap, {"open": OPEN}, "open", (0, 0)) == []  # the centre: no slot


def test_a_tile_touching_one_tile_is_refused_and_face_down_tiles_count() -> None:
    """homm3.md §5.1: the new tile touches at least two tiles; face-down tiles are tiles on the
    map (§5.1 "laid out face-down"), so they count."""
    tilemap = board({A: OPEN})
    lone = add(A, SLOT_STEPS[0])
    hero = hero_next_to(tilemap, lone)
    refusal = placement_refusal(tilemap, {"open": OPEN}, "open", lone, 0, hero)
    assert refusal is not None and refusal[0] == RULE_TWO_TILES and "1 tile" in refusal[1]
    beside = add(A, SLOT_STEPS[1])  # touches A and `lone`
    assert placement_refusal(tilemap, {"open": OPEN}, "open", lone, 0, hero, [beside]) is None


def test_a_rotation_cutting_the_new_tile_off_is_refused_another_is_not() -> None:
    """homm3.md §5.1: the orientation must not cut off paths: a path onto the new tile from any
    other tile; the refusal names the condition, other rotations stay legal."""
    tilemap = board({A: OPEN, B: OPEN})
    hero = hero_next_to(tilemap, C)
    wall = flower("wall", blocked=facing(tilemap, C))
    catalogue = {"wall": wall}
    refusal = placement_refusal(tilemap, catalogue, "wall", C, 0, hero)
    assert refusal is not None and refusal[0] == RULE_PATH and "could not be reached" in refusal[1]
    legal = legal_placements(tilemap, catalogue, "wall", hero)
    assert (C, 0) not in legal and (C, 3) in legal


def test_a_path_may_run_through_a_third_tile() -> None:
    """homm3.md §9.13: "a path from any other tile" may run through a third tile: the new tile
    open only towards A is reachable from B through A."""
    tilemap = board({A: OPEN, B: OPEN})
    hero = hero_next_to(tilemap, C)
    towards_b = [
        p
        for p in range(1, 7)
        if any(n in slot_fields(B) for n in neighbours(position_hex(C, p, 0)))
    ]
    shy = flower("shy", blocked=towards_b)
    assert placement_refusal(tilemap, {"shy": shy}, "shy", C, 0, hero) is None


def test_two_blocked_fields_may_touch() -> None:
    """homm3.md §5.1: two blocked fields may be next to each other while a path still exists:
    A's rocks face the new tile's rocks, and A reaches it through B."""
    towards_c = [
        p
        for p in range(1, 7)
        if any(n in slot_fields(C) for n in neighbours(position_hex(A, p, 0)))
    ]
    tilemap = board({A: flower("rocky", blocked=towards_c), B: OPEN})
    hero = next(h for h in slot_fields(B) if oracle_hero(C, h))
    towards_a = [
        p
        for p in range(1, 7)
        if any(n in slot_fields(A) for n in neighbours(position_hex(C, p, 0)))
    ]
    assert set(towards_a) != set(facing(tilemap, C))  # an open field still faces B
    half = flower("half", blocked=towards_a)
    rocks_a = [position_hex(A, p, 0) for p in towards_c]
    rocks_c = [position_hex(C, p, 0) for p in towards_a]
    assert any(are_neighbours(a, c) for a in rocks_a for c in rocks_c)
    assert placement_refusal(tilemap, {"half": half}, "half", C, 0, hero) is None


def test_face_down_tiles_carry_paths() -> None:
    """homm3.md §8.18: face-down tiles are traversable for the path check: tile X, which
    touches only the face-down tile F, reaches the new tile through it; with F a face-up tile
    of rocks, X is cut off and the placement refused."""
    f = next(c for c in neighbour_slots(A) if c not in (B, *COMMON))
    x = next(
        c
        for c in neighbour_slots(f)
        if all(c not in neighbour_slots(o) and c != o for o in (A, B, C))
    )
    tilemap = board({A: OPEN, B: OPEN, x: flower("x")})
    hero = hero_next_to(board({A: OPEN, B: OPEN}), C)
    catalogue = {"open": OPEN}
    assert placement_refusal(tilemap, catalogue, "open", C, 0, hero, [f]) is None
    rocks = board({A: OPEN, B: OPEN, x: flower("x"), f: flower("rocks", blocked=range(7))})
    refusal = placement_refusal(rocks, catalogue, "open", C, 0, hero)
    assert refusal is not None and refusal[0] == RULE_PATH


def test_walls_stop_paths() -> None:
    """homm3.md §5.1 (a border between fields): a printed border stops a step; steps_from gives
    the fields a hero may enter (not blocked, no border, not the extra ones; §5.2)."""
    walled = flower("walled", blocked=[4], walls=[(0, 1), (1, 2)])
    tilemap = TileMap((walled,), (lay(walled, A, 0),))
    assert steps_from(tilemap, (0, 0)) == [(1, -1), (0, -1), (-1, 1), (0, 1)]
    assert steps_from(tilemap, "0,0", blocked_extra=["0,1"]) == [(1, -1), (0, -1), (-1, 1)]
    assert steps_from(tilemap, (1, 0)) == [(0, 1)]


# --------------------------------------------------------------------------- revealing: tables


def test_revealable_slots_are_the_face_down_ones_next_to_the_hero() -> None:
    """homm3.md §5.1, §5.2: a hero reveals a face-down tile next to which it stands."""
    tilemap = board({A: OPEN})
    down = neighbour_slots(A)
    hero = slot_fields(A)[1]
    near = sorted(c for c in down if any(are_neighbours(hero, f) for f in slot_fields(c)))
    assert revealable_slots(tilemap, down, hero) == near and len(near) == 2
    assert revealable_slots(tilemap, down, (0, 0)) == []
    far = next(c for c in down if c not in near)
    refusal = reveal_refusal(tilemap, {"open": OPEN}, "open", far, 0, hero, down)
    assert refusal is not None and refusal[0] == RULE_NEXT_TO
    refusal = reveal_refusal(tilemap, {"open": OPEN}, "open", add(far, far), 0, hero, down)
    assert refusal is not None and refusal[0] == RULE_NEXT_TO and "no face-down tile" in refusal[1]
    assert reveal_rotations(tilemap, {"open": OPEN}, "open", near[0], hero, down) == list(range(6))


def test_observatory_reveals_next_to_its_tile_without_a_hero() -> None:
    """homm3.md §5.4 Observatory: reveal a tile adjacent to the observatory's tile, for free."""
    tilemap = board({A: OPEN})
    down = [*neighbour_slots(A)[:3], add(A, add(SLOT_STEPS[0], SLOT_STEPS[0]))]
    assert observatory_slots(down, slot_fields(A)[5]) == sorted(neighbour_slots(A)[:3])
    far = neighbour_slots(A)[2]
    assert reveal_refusal(tilemap, {"open": OPEN}, "open", far, 0, None, down) is None


def test_a_revealed_tile_may_not_part_two_tiles_in_a_rotation_that_can_avoid_it() -> None:
    """homm3.md §8.17, §9.13: the revealing player turns the tile; a rotation must cut no path
    off: A and D, joined only through the face-down slot S, stay joined; a tile split in two by
    a line of rocks through its centre may lie only across the way, not along it."""
    s, d = B, add(B, SLOT_STEPS[1])
    assert d not in neighbour_slots(A)
    tilemap = board({A: OPEN, d: OPEN})
    hero = hero_next_to(board({A: OPEN}), s)
    split = flower("split", blocked=[0, 2, 5])
    turns = reveal_rotations(tilemap, {"split": split}, "split", s, hero, [s])
    assert 0 < len(turns) < 6
    refused = next(t for t in range(6) if t not in turns)
    refusal = reveal_refusal(tilemap, {"split": split}, "split", s, refused, hero, [s])
    assert refusal is not None and refusal[0] == RULE_PATH and "part the tiles" in refusal[1]
    assert reveal_refusal(tilemap, {"split": split}, "split", s, turns[0], hero, [s]) is None


def test_a_revealed_tile_must_be_reached_from_every_tile() -> None:
    """homm3.md §5.1, §9.13: a revealed tile, like a placed one, is turned so that a path leads
    onto it from every other tile: rocks facing A's (or D's) only way in are refused."""
    s, d = B, add(B, SLOT_STEPS[1])
    tilemap = board({A: OPEN, d: OPEN})
    hero = hero_next_to(board({A: OPEN}), s)
    plug = flower("plug", blocked=facing(board({A: OPEN}), s))
    refusal = reveal_refusal(tilemap, {"plug": plug}, "plug", s, 0, hero, [s])
    assert refusal is not None and refusal[0] == RULE_PATH and "could not be reached" in refusal[1]
    # turned 4 sixths, the two rocks face D's only way in instead
    assert reveal_rotations(tilemap, {"plug": plug}, "plug", s, hero, [s]) == [1, 2, 3, 5]


def test_a_tile_that_cuts_off_in_every_rotation_is_revealed_in_any() -> None:
    """Reading (homm3.md §9.13 is silent): a face-down tile must be revealed, so when no rotation
    meets the path condition any rotation is allowed."""
    rocks = flower("rocks", blocked=range(1, 7))
    tilemap = board({A: OPEN, add(B, SLOT_STEPS[0]): OPEN})
    hero = hero_next_to(board({A: OPEN}), B)
    assert reveal_rotations(tilemap, {"rocks": rocks}, "rocks", B, hero, [B]) == list(range(6))


# --------------------------------------------------------------------------- the oracle


def oracle_parts(tilemap: TileMap, face_down: Iterable[Hex]) -> dict[Hex, list[set[int]]]:
    """Brute force with the core graph: for each tile (by slot) the components (numbered) its
    open fields lie in, face-down slots laid as open tiles."""
    laid = [*tilemap.placements, *(lay(FACE_DOWN, c, 0) for c in face_down)]
    full = TileMap((*tilemap.tiles, FACE_DOWN), tuple(laid))
    found: dict[Hex, list[set[int]]] = {p.anchor: [set()] for p in laid}
    for number, part in enumerate(components(full.graph)):
        for key in part:
            found[full.placements[full.spots[key_hex(key)].placement].anchor][0].add(number)
    return found


def joined(parts: dict[Hex, list[set[int]]], a: Hex, b: Hex) -> bool:
    """Whether tiles *a* and *b* share a component (a path leads from one onto the other)."""
    return bool(parts[a][0] & parts[b][0])


def oracle_empty(tilemap: TileMap, face_down: set[Hex], c: Hex) -> bool:
    return c not in face_down and not any(h in tilemap.spots for h in slot_fields(c))


def oracle_two(tilemap: TileMap, face_down: set[Hex], c: Hex) -> bool:
    laid = {p.anchor: slot_fields(p.anchor) for p in tilemap.placements}
    laid.update({d: slot_fields(d) for d in face_down})
    new = slot_fields(c)
    return sum(any(are_neighbours(a, b) for a in new for b in f) for f in laid.values()) >= 2


def oracle_hero(c: Hex, hero: Hex) -> bool:
    return any(are_neighbours(hero, f) for f in slot_fields(c))


def with_tile(tilemap: TileMap, tile: Tile, c: Hex, turn: int) -> TileMap:
    """*tilemap* with *tile* laid on *c* turned *turn*."""
    tiles = {t.name: t for t in (*tilemap.tiles, tile)}
    return TileMap(tuple(tiles.values()), (*tilemap.placements, lay(tile, c, turn)))


def oracle_path(tilemap: TileMap, face_down: set[Hex], tile: Tile, c: Hex, turn: int) -> bool:
    after = with_tile(tilemap, tile, c, turn)
    parts = oracle_parts(after, face_down)
    return all(joined(parts, c, other) for other in parts if other != c)


def random_tile(rng: random.Random, name: str) -> Tile:
    blocked = rng.sample(range(7), rng.choice([0, 1, 2, 2, 3, 3, 4, 5]))
    walls = rng.sample(PAIRS, rng.choice([0, 0, 1, 2]))
    return flower(name, blocked, walls)


def random_map(
    rng: random.Random, size: int, pool: Sequence[Tile] = ()
) -> tuple[TileMap, set[Hex], Hex, dict[str, Tile]]:
    """A random connected patch of *size* tiles, some face down, and a hero on a face-up field;
    the tiles (and the one to place, ``"new"``) are random or drawn from *pool*."""
    slots = [(0, 0)]
    while len(slots) < size:
        c = add(rng.choice(slots), rng.choice(SLOT_STEPS))
        if c not in slots:
            slots.append(c)
    face_down = {c for c in slots[1:] if rng.random() < 0.3}
    drawn = rng.sample(list(pool), size + 1) if pool else []
    made = drawn or [random_tile(rng, f"t{i}") for i in range(size + 1)]
    tiles = {t.name: t for t in made[:size]}
    laid = tuple(
        lay(made[i], c, rng.randrange(6)) for i, c in enumerate(slots) if c not in face_down
    )
    tilemap = TileMap(tuple(tiles.values()), laid)
    edge = [h for h in tilemap.spots if any(n not in tilemap.spots for n in neighbours(h))]
    hero = rng.choice(sorted(edge))
    tiles["new"] = made[size]
    return tilemap, face_down, hero, tiles


# --------------------------------------------------------------------------- properties


@given(seeds, st.integers(2, 9))
@PROPERTY
def test_the_legal_placements_are_exactly_those_meeting_every_condition(
    seed: int, size: int
) -> None:
    """issue 24 §6, homm3.md §5.1, §8.18, §9.13: every accepted placement meets every condition
    (checked by brute force over every slot near the map and the core graph), and every one that
    meets them all is accepted; the open slots (before the tile is drawn) are those meeting the
    conditions on the slot alone; with connected tiles before, they stay connected after."""
    rng = random.Random(seed)
    tilemap, face_down, hero, tiles = random_map(rng, size)
    tile = tiles["new"]
    region = [c for c in within((0, 0), 3 * size + 3) if is_slot(c)]
    slots = [
        c
        for c in sorted(region)
        if oracle_empty(tilemap, face_down, c)
        and oracle_hero(c, hero)
        and oracle_two(tilemap, face_down, c)
    ]
    assert open_slots(tilemap, hero, face_down) == slots
    expected = [
        (c, turn)
        for c in slots
        for turn in range(6)
        if oracle_path(tilemap, face_down, tile, c, turn)
    ]
    legal = legal_placements(tilemap, tiles, "new", hero, face_down)
    assert legal == expected
    before = oracle_parts(tilemap, face_down)
    if all(joined(before, a, b) for a in before for b in before):
        for c, turn in legal:
            after = with_tile(tilemap, tile, c, turn)
            parts = oracle_parts(after, face_down)
            assert all(joined(parts, a, b) for a in parts for b in parts)


@given(seeds, st.integers(2, 9))
@PROPERTY
def test_every_placement_refusal_names_a_broken_condition(seed: int, size: int) -> None:
    """issue 24 §6, homm3.md §5.1: a refused placement names a condition that is in fact broken
    (slot, empty slot, the hero's field, two tiles, paths)."""
    rng = random.Random(seed)
    tilemap, face_down, hero, tiles = random_map(rng, size)
    tile = tiles["new"]
    near = sorted({c for h in tilemap.spots for c in within(h, 2) if is_slot(c)})
    for c in rng.sample(near, min(8, len(near))):
        turn = rng.randrange(6)
        refusal = placement_refusal(tilemap, tiles, "new", c, turn, hero, face_down)
        on_slot = slot_refusal(tilemap, c, hero, face_down)
        assert on_slot is None or on_slot == refusal
        broken = {
            RULE_EMPTY: not oracle_empty(tilemap, face_down, c),
            RULE_HERO: not oracle_hero(c, hero),
            RULE_TWO_TILES: not oracle_two(tilemap, face_down, c),
        }
        if refusal is None:
            assert not any(broken.values()) and oracle_path(tilemap, face_down, tile, c, turn)
        elif refusal[0] == RULE_PATH:
            assert not oracle_path(tilemap, face_down, tile, c, turn)
        else:
            assert broken[refusal[0]], refusal


@given(seeds, st.integers(3, 9))
@PROPERTY
def test_reveal_rotations_keep_every_path_when_one_can(seed: int, size: int) -> None:
    """homm3.md §8.17, §8.18, §9.13: a revealed tile is turned so that a path leads onto it from
    every other tile and no two tiles joined before are parted; when no rotation can, any may
    be chosen (reading); refusals of a rotation name the path condition."""
    rng = random.Random(seed)
    tilemap, face_down, _, tiles = random_map(rng, size)
    if not face_down:
        return
    slot = rng.choice(sorted(face_down))
    tile = tiles["new"]
    before = oracle_parts(tilemap, face_down)
    rest = face_down - {slot}
    good = []
    for turn in range(6):
        after = oracle_parts(with_tile(tilemap, tile, slot, turn), rest)
        kept = all(
            joined(after, a, b)
            for a in after
            for b in after
            if a != slot != b and joined(before, a, b)
        )
        reached = all(joined(after, slot, other) for other in after)
        if kept and reached:
            good.append(turn)
    turns = reveal_rotations(tilemap, tiles, "new", slot, None, face_down)
    assert turns == (good or list(range(6)))
    for turn in set(range(6)) - set(turns):
        refusal = reveal_refusal(tilemap, tiles, "new", slot, turn, None, face_down)
        assert refusal is not None and refusal[0] == RULE_PATH


def test_the_geometry_names_face_down_tiles_by_slot_only() -> None:
    """issue 24 §4: a face-down tile's identity is hidden: a refusal names its slot, never it."""
    tilemap = board({A: OPEN})
    secret = flower("secret-tile", blocked=range(1, 7))
    s = neighbour_slots(A)[0]
    refusal = reveal_refusal(tilemap, {"secret-tile": secret}, "secret-tile", s, 0, (5, 5), [s])
    assert refusal is not None and "secret" not in refusal[1]


# --------------------------------------------------------------------------- the core-box tiles

CORE_BOX = [core_tile(tile) for _, tile in read_map(Path(content.__file__).parent)[1]]
"""The 20 map tiles of the core box (content/tiles.yaml) as core tiles."""


def test_every_core_box_tile_lays_on_a_slot_in_each_rotation() -> None:
    """homm3.md §2.1, §5.1: the 20 core-box tiles are 7-field tiles (contracts §A positions),
    laid on a slot in any of the six rotations."""
    assert len(CORE_BOX) == 20
    for tile in CORE_BOX:
        for turn in range(6):
            placement = lay(tile, (2, 1), turn)
            assert sorted(h for h, _ in placed_fields(tile, placement)) == sorted(
                slot_fields((2, 1))
            )


@given(seeds, st.integers(3, 19))
@settings(max_examples=30, deadline=None)
def test_placements_of_core_box_tiles_meet_every_condition(seed: int, size: int) -> None:
    """issue 24 §6, homm3.md §5.1, §8.18: on maps of the core-box tiles, the legal placements
    are exactly those meeting every condition (brute force on the core graph)."""
    rng = random.Random(seed)
    tilemap, face_down, hero, tiles = random_map(rng, size, CORE_BOX)
    tile = tiles["new"]
    expected = [
        (c, turn)
        for c in sorted({slot_of(n) for n in neighbours(hero)})
        if oracle_empty(tilemap, face_down, c)
        and oracle_hero(c, hero)
        and oracle_two(tilemap, face_down, c)
        for turn in range(6)
        if oracle_path(tilemap, face_down, tile, c, turn)
    ]
    assert legal_placements(tilemap, tiles, "new", hero, face_down) == expected
