"""What a scenario's layout and armies must satisfy beyond the shape of their fields: slots on
the slot lattice, one tile a slot, tiles known and used once, pools large enough for the slots
and Far pools drawing from them, seats with distinct starts and factions, armies of the
faction's own unit cards, starting buildings in Dwelling order (homm3.md §5.1, §5.14.1, §5.15).
The content pack's tiles, towns and board data are used when it has them (contracts §A, §C)."""

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
    """Tile id -> kind: the pack's tiles, or the core box's ids until the pack has them."""
    tiles = getattr(pack, "tiles", None)
    if tiles:
        return {tile_id: str(tile.kind) for tile_id, tile in tiles.items()}
    return F.TILE_KINDS


def factions(pack: ContentPack) -> tuple[str, ...]:
    """The factions of the pack's heroes (homm3.md §1.3)."""
    return tuple(sorted({hero.faction for hero in pack.heroes.values()}))


def option_values(pack: ContentPack) -> Mapping[str, tuple[str, ...]]:
    """The rules options a scenario may switch on, with their values (default first): the
    board data's, or fields.OPTION_IDS until the pack has it."""
    board = getattr(pack, "board", None)
    options = getattr(board, "options", None)
    if options:
        return {str(key): tuple(rule.values) for key, rule in options.items()}
    return F.OPTION_IDS


def holdable(pack: ContentPack) -> frozenset[str]:
    """Location ids a ``hold`` condition may name: the flaggable locations."""
    found = getattr(pack, "locations", None)
    if found:
        return frozenset(
            key for key, loc in found.items() if getattr(loc, "category", "") == "flaggable"
        )
    return frozenset({"town", "settlement", "mine", "obelisk", "dragon-utopia"})


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
    """Per faction, the roles of its town's buildings: the pack's towns, or fields.BUILDING_ROLES
    for every faction until the pack has them."""
    towns = getattr(pack, "towns", None)
    if towns:
        return {key: tuple(b.role for b in town.buildings) for key, town in towns.items()}
    return {faction: F.BUILDING_ROLES for faction in factions(pack)}


def building_problems(
    buildings: Sequence[str], known: Sequence[str], path: str
) -> Iterator[Problem]:
    """Building roles that are *known*, each once, Dwellings in order (homm3.md §5.14.1)."""
    for index, role in enumerate(buildings):
        if role not in known:
            yield f"{path}[{index}]", f"unknown building {role!r} (known: {', '.join(known)})"
        elif buildings.index(role) != index:
            yield f"{path}[{index}]", f"{role} is listed twice"
    for lower, higher in zip(F.DWELLING_ORDER, F.DWELLING_ORDER[1:], strict=False):
        if higher in buildings and lower not in buildings:
            where = f"{path}[{buildings.index(higher)}]"
            yield where, f"{higher} needs {lower}: Dwellings are built in order (§5.14.1)"
