"""What a scenario's layout and armies must satisfy beyond the shape of their fields: slots on
the slot lattice, one tile a slot, tiles known and used once, pools large enough for the slots
and Far pools drawing from them, seats with distinct starts and factions, armies of the
faction's own unit cards, starting buildings in Dwelling order (homm3.md §5.1, §5.14.1, §5.15).
Tiles, towns, locations and optional rules are the content pack's (contracts §A, §C)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from rulekeeper.core.hexes import Hex
from rulekeeper.games.homm3.content.pack import ContentPack
from rulekeeper.games.homm3.map.geometry import SLOT_STEPS, is_slot
from rulekeeper.games.homm3.scenario import fields as F
from rulekeeper.games.homm3.scenario.model import SlotEntry, Start

Problem = tuple[str, str]
"""A problem found: the field (dotted path) and the reason."""

LATTICE = "slot centres lie on the lattice spanned by (2,1) and (-1,3) (contracts §B)"
MODE_PLAYERS: Mapping[str, tuple[int, ...]] = {
    "clash": (2, 3),
    "solo": (1,),
    "coop": (2, 3),
    "alliance": (4,),
}
"""Player counts per game mode (homm3.md §1.2)."""


def tile_kinds(pack: ContentPack) -> Mapping[str, str]:
    """Tile id -> kind (starting, far, near, center) of the pack's map tiles."""
    return {tile_id: str(tile.kind) for tile_id, tile in pack.tiles.items()}


def factions(pack: ContentPack) -> tuple[str, ...]:
    """The factions of the pack's heroes (homm3.md §1.3)."""
    return tuple(sorted({hero.faction for hero in pack.heroes.values()}))


def option_values(pack: ContentPack) -> Mapping[str, tuple[str, ...]]:
    """The rules options a scenario may switch on (the board data's ``retreat`` and optional
    rules, homm3.md §9.1, §5.25), each with its values, the default first."""
    return {key: tuple(rule.values) for key, rule in pack.board.options.items()}


def holdable(pack: ContentPack) -> frozenset[str]:
    """Location ids a ``hold`` condition may name: the flaggable locations (homm3.md §5.3)."""
    return frozenset(key for key, loc in pack.locations.items() if loc.category == "flaggable")


def slot_problems(
    entries: Sequence[SlotEntry], kinds: Mapping[str, str], path: str
) -> Iterator[Problem]:
    """Each entry on the lattice, in a slot of its own, a fixed tile or a pool, known tiles."""
    taken: dict[Hex, int] = {}
    for index, entry in enumerate(entries):
        where = f"{path}[{index}]"
        if not is_slot(entry.at):
            yield f"{where}.at", f"{entry.at[0]},{entry.at[1]} is not a slot centre: {LATTICE}"
        elif entry.at in taken:
            yield f"{where}.at", f"slot taken by {path}[{taken[entry.at]}]"
        taken.setdefault(entry.at, index)
        if bool(entry.tile) == bool(entry.pool):
            yield where, "give a tile or a pool, not both"
        elif entry.tile and entry.tile not in kinds:
            yield f"{where}.tile", f"unknown tile {entry.tile!r}"
        elif entry.tile and kinds[entry.tile] == "starting":
            yield f"{where}.tile", "a Starting tile is laid at its seat's start (seats[].start)"


def pool_problems(
    entries: Sequence[SlotEntry],
    given: Mapping[str, tuple[str, ...]],
    far_pool: int,
    players: int,
    kinds: Mapping[str, str],
    path: str,
) -> tuple[dict[str, tuple[str, ...]], list[Problem]]:
    """The pools (given ones, then each default kind's unused tiles) and their problems: each
    tile known, not Starting, in one pool or slot at most; each pool as large as its draws."""
    problems: list[Problem] = []
    used = {entry.tile: f"{path}.tiles[{i}]" for i, entry in enumerate(entries) if entry.tile}
    pools: dict[str, tuple[str, ...]] = {}
    for name, tiles in given.items():
        for index, tile in enumerate(tiles):
            where = f"{path}.pools.{name}[{index}]"
            if tile not in kinds:
                problems.append((where, f"unknown tile {tile!r}"))
            elif kinds[tile] == "starting":
                problems.append((where, "a Starting tile is laid at its seat's start"))
            elif tile in used:
                problems.append((where, f"{tile} is already in {used[tile]}"))
            used[tile] = where
        pools[name] = tuple(tiles)
    for kind in F.POOL_KINDS:
        if kind not in pools:
            pools[kind] = tuple(t for t, k in kinds.items() if k == kind and t not in used)
    draws: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        if entry.pool:
            draws.setdefault(entry.pool, []).append(index)
    for name, indexes in draws.items():
        where = f"{path}.tiles[{indexes[-1]}].pool"
        wanted = len(indexes) + (far_pool * players if name == "far" else 0)
        if name not in pools:
            problems.append((where, f"no pool {name!r} (pools: {', '.join(pools)})"))
        elif wanted > len(pools[name]):
            problems.append(
                (where, f"the {name} pool has {len(pools[name])} tiles, {wanted} drawn")
            )
    if far_pool and "far" not in draws and far_pool * players > len(pools.get("far", ())):
        count = len(pools.get("far", ()))
        problems.append(
            (f"{path}.far_pool", f"the far pool has {count} tiles, {far_pool * players} dealt")
        )
    return pools, problems


def connected(slots: Sequence[Hex]) -> bool:
    """Whether the slots form one group of neighbouring slots."""
    if not slots:
        return True
    todo, seen = [slots[0]], {slots[0]}
    wanted = set(slots)
    while todo:
        q, r = todo.pop()
        for dq, dr in SLOT_STEPS:
            near = (q + dq, r + dr)
            if near in wanted and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen == wanted


def touches(slot: Hex, others: Sequence[Hex]) -> bool:
    """Whether *slot* is a neighbour of one of *others*."""
    return any((slot[0] + dq, slot[1] + dr) in others for dq, dr in SLOT_STEPS)


def army_problems(start: Start, pack: ContentPack, path: str) -> Iterator[Problem]:
    """Each faction's army: the faction's own unit cards, each once, a side it has."""
    known = factions(pack)
    for faction, units in start.army.items():
        where = f"{path}.army.{faction}"
        if faction not in known:
            yield where, f"unknown faction (known: {', '.join(known)})"
            continue
        if not units:
            yield where, "an army holds at least one unit (§5.15)"
        seen: set[str] = set()
        for index, (card_id, side) in enumerate(units):
            card = pack.units.get(card_id)
            if card is None:
                yield f"{where}[{index}].card", f"unknown unit card {card_id!r}"
            elif card.faction != faction:
                yield f"{where}[{index}].card", f"{card.name} is not a {faction} unit"
            elif side == "pack" and not card.two_sided:
                yield f"{where}[{index}].side", f"{card.name} has no Pack side"
            elif card_id in seen:
                yield f"{where}[{index}].card", "each faction unit is a single card (§5.15)"
            seen.add(card_id)


def town_roles(pack: ContentPack) -> Mapping[str, tuple[str, ...]]:
    """Per faction, the roles of its town's buildings (towns.yaml ``role``: the same role names
    every faction's Dwellings, City Hall, Citadel, Mage Guild)."""
    return {key: tuple(b.role for b in town.buildings) for key, town in pack.towns.items()}


def town_requires(pack: ContentPack) -> Mapping[str, Mapping[str, tuple[str, ...]]]:
    """Per faction, per building role, the roles that building requires (towns.yaml
    ``requires``: the Dwelling order, homm3.md §5.14.1)."""
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for key, town in pack.towns.items():
        role_of = {building.id: building.role for building in town.buildings}
        found[key] = {b.role: tuple(role_of[r] for r in b.requires) for b in town.buildings}
    return found


def building_problems(
    buildings: Sequence[str], requires: Mapping[str, Mapping[str, tuple[str, ...]]], path: str
) -> Iterator[Problem]:
    """Building roles some town has, each once, each with the buildings it requires in every
    town (homm3.md §5.14.1: Dwellings in order)."""
    known = sorted({role for table in requires.values() for role in table})
    for index, role in enumerate(buildings):
        where = f"{path}[{index}]"
        if role not in known:
            yield where, f"unknown building {role!r} (known: {', '.join(known)})"
        elif buildings.index(role) != index:
            yield where, f"{role} is listed twice"
        for faction, table in requires.items():
            missing = [needed for needed in table.get(role, ()) if needed not in buildings]
            if missing:
                yield where, f"{role} needs {missing[0]} in the {faction} town (§5.14.1)"
                break
