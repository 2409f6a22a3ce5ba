"""A graph of fields or areas for map games: typed edges with costs, blocked nodes, movement
within a budget, shortest paths, connectivity, and tiles of hexes placed with a rotation.

Nodes are texts (an area's name, a field's ``"q,r"``). An :class:`Edge` joins two nodes with a
kind (data: ``"step"``, ``"path"``, ``"flight"``, ``"wrap"``, whatever a game names) and a cost
in movement points; it is two-way unless ``one_way``. A :class:`Graph` may list nodes that nobody
enters (a blocked field). A :class:`Mover` says what one move may do: the edge kinds it may use,
more nodes it may not enter, nodes where entering ends the move (an enemy there) and nodes it
may pass through but not end on.

Tiles: a :class:`Tile` is a small patch of hex fields in its own axial coordinates, with walls
between neighbouring fields that do not connect. A :class:`Placement` lays it with its local
origin on a board hex, turned by 0..5 sixths of a turn counter-clockwise; a :class:`TileMap` is
the placed tiles, their fields in board coordinates and the graph of steps between neighbouring
fields (:mod:`rulekeeper.core.hexes`).

Everything here is a frozen record (:mod:`rulekeeper.core.record`): ``to_data`` writes it and
``from_data`` reads it back, checked, with the adjacency computed once when it is built or read.
The functions are pure; ties are broken by the order of the graph's nodes, so answers are
deterministic.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, NamedTuple

from rulekeeper.core.derived import Derived
from rulekeeper.core.hexes import DIRECTIONS, Hex, are_neighbours, neighbours, rotate_offset
from rulekeeper.core.record import Bounds, Record

__all__ = [
    "ANYONE",
    "MAX_COST",
    "STEP",
    "Arc",
    "Edge",
    "Graph",
    "Mover",
    "Placement",
    "Route",
    "Spot",
    "Tile",
    "TileField",
    "TileMap",
    "Wall",
    "components",
    "destinations",
    "hex_key",
    "is_connected",
    "key_hex",
    "nearest",
    "placed_fields",
    "reachable",
    "shortest_path",
]

MAX_COST = 10_000
"""The largest cost of one edge."""
MAX_COORD = 10_000
"""The largest hex coordinate (either sign) of a tile field or a placement."""
MAP_TABLES = 4096
"""A map keeps at most this many derived tables (:class:`TileMap` ``derived``)."""
STEP = "step"
"""The kind of the edges a :class:`TileMap` draws between neighbouring fields (cost 1)."""

Cost = Annotated[int, Bounds(0, MAX_COST)]
Coord = Annotated[int, Bounds(-MAX_COORD, MAX_COORD)]


def hex_key(h: Hex) -> str:
    """The node name of board hex *h*: ``"q,r"``."""
    return f"{h[0]},{h[1]}"


def key_hex(key: str) -> Hex:
    """The board hex a node name ``"q,r"`` stands for (ValueError if it names none)."""
    q, sep, r = key.partition(",")
    if not sep:
        raise ValueError(f"{key!r} is not a hex 'q,r'")
    return (int(q), int(r))


# --------------------------------------------------------------------------- the graph


@dataclass(frozen=True)
class Edge:
    """A way between two nodes: its kind, its cost, and whether it goes from ``a`` to ``b`` only."""

    a: str
    b: str
    kind: str = STEP
    cost: Cost = 1
    one_way: bool = False

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(f"an edge joins two different nodes, not {self.a!r} to itself")
        if not 0 <= self.cost <= MAX_COST:
            raise ValueError(f"cost {self.cost} is outside 0..{MAX_COST}")


class Arc(NamedTuple):
    """One way out of a node: where it leads, its kind and its cost."""

    to: str
    kind: str
    cost: int


@dataclass(frozen=True)
class Graph(Record):
    """Nodes, the edges between them, and the nodes nobody enters (blocked)."""

    nodes: tuple[str, ...]
    edges: tuple[Edge, ...] = ()
    blocked: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self._arcs  # noqa: B018 - built now: a bad graph is refused when made or read

    @cached_property
    def _order(self) -> dict[str, int]:
        """Each node's index in ``nodes`` (ValueError for a node listed twice)."""
        order: dict[str, int] = {}
        for node in self.nodes:
            if node in order:
                raise ValueError(f"node {node!r} is listed twice")
            order[node] = len(order)
        return order

    @cached_property
    def _arcs(self) -> dict[str, tuple[Arc, ...]]:
        """The ways out of each node, in the order of ``edges`` (the adjacency, made once)."""
        order = self._order
        out: dict[str, list[Arc]] = {node: [] for node in self.nodes}
        for index, edge in enumerate(self.edges):
            for end in (edge.a, edge.b):
                if end not in order:
                    raise ValueError(f"edges[{index}]: no node {end!r}")
            out[edge.a].append(Arc(edge.b, edge.kind, edge.cost))
            if not edge.one_way:
                out[edge.b].append(Arc(edge.a, edge.kind, edge.cost))
        for node in self.blocked:
            if node not in order:
                raise ValueError(f"blocked: no node {node!r}")
        return {node: tuple(arcs) for node, arcs in out.items()}

    @cached_property
    def closed(self) -> frozenset[str]:
        """The blocked nodes, as a set."""
        return frozenset(self.blocked)

    def __contains__(self, node: object) -> bool:
        return node in self._order

    def index(self, node: str) -> int:
        """The position of *node* in ``nodes`` (ValueError if there is no such node)."""
        found = self._order.get(node)
        if found is None:
            raise ValueError(f"no node {node!r}")
        return found

    def arcs(self, node: str) -> tuple[Arc, ...]:
        """The ways out of *node*."""
        self.index(node)
        return self._arcs[node]

    def neighbours(self, node: str, kinds: Iterable[str] | None = None) -> tuple[str, ...]:
        """The nodes one edge (of *kinds*, or any kind) away from *node*, each once."""
        allowed = None if kinds is None else frozenset(kinds)
        found = dict.fromkeys(a.to for a in self.arcs(node) if allowed is None or a.kind in allowed)
        return tuple(found)

    def with_edges(self, edges: Iterable[Edge]) -> Graph:
        """This graph with more edges (a flight route, a wrap): a new graph."""
        return Graph(self.nodes, (*self.edges, *edges), self.blocked)


@dataclass(frozen=True)
class Mover:
    """What one move may do: the edge kinds it may use (None: any), nodes it may not enter, nodes
    where entering ends it, and nodes it may pass through but not end on."""

    kinds: tuple[str, ...] | None = None
    blocked: tuple[str, ...] = ()
    stops: tuple[str, ...] = ()
    pass_only: tuple[str, ...] = ()


ANYONE = Mover()


class Route(NamedTuple):
    """A cheapest way from one node to another: its cost and the nodes on it, both ends included."""

    cost: int
    nodes: tuple[str, ...]


def _search(
    graph: Graph, start: str, budget: int | None, mover: Mover, goal: str | None = None
) -> tuple[dict[str, int], dict[str, str]]:
    """Dijkstra from *start*: the cheapest cost of each node within *budget* and the node each
    is entered from; ties go to the earlier node of the graph. Stops early at *goal*."""
    graph.index(start)
    if budget is not None and budget < 0:
        raise ValueError(f"a budget is at least 0, not {budget}")
    closed = graph.closed | frozenset(mover.blocked)
    stops = frozenset(mover.stops)
    kinds = None if mover.kinds is None else frozenset(mover.kinds)
    order = graph.index
    cost: dict[str, int] = {start: 0}
    via: dict[str, str] = {}
    done: set[str] = set()
    queue = [(0, order(start), start)]
    while queue:
        spent, _, node = heapq.heappop(queue)
        if node in done:
            continue
        done.add(node)
        if node == goal:
            break
        if node in stops and node != start:
            continue  # entering it ends the move
        for arc in graph.arcs(node):
            if (kinds is not None and arc.kind not in kinds) or arc.to in closed:
                continue
            total = spent + arc.cost
            if (budget is not None and total > budget) or arc.to in done:
                continue
            if arc.to not in cost or total < cost[arc.to]:
                cost[arc.to] = total
                via[arc.to] = node
                heapq.heappush(queue, (total, order(arc.to), arc.to))
    return {node: cost[node] for node in sorted(done, key=order)}, via


def reachable(
    graph: Graph, start: str, budget: int | None = None, mover: Mover = ANYONE
) -> dict[str, int]:
    """The cheapest cost from *start* to each node *mover* can reach within *budget* (None: any
    cost), *start* itself at 0, in the graph's node order. Nodes the mover passes through but
    may not end on are included (see :func:`destinations`)."""
    return _search(graph, start, budget, mover)[0]


def destinations(
    graph: Graph, start: str, budget: int | None = None, mover: Mover = ANYONE
) -> dict[str, int]:
    """Where *mover* may end a move from *start* within *budget*, with the cheapest cost: the
    reachable nodes but *start* and the nodes it may only pass through."""
    passing = frozenset(mover.pass_only)
    found = reachable(graph, start, budget, mover)
    return {node: c for node, c in found.items() if node != start and node not in passing}


def shortest_path(
    graph: Graph, start: str, goal: str, mover: Mover = ANYONE, budget: int | None = None
) -> Route | None:
    """A cheapest route from *start* to end on *goal* (None if there is none within *budget*)."""
    graph.index(goal)
    if goal in mover.pass_only and goal != start:
        return None
    cost, via = _search(graph, start, budget, mover, goal)
    if goal not in cost:
        return None
    nodes = [goal]
    while nodes[-1] != start:
        nodes.append(via[nodes[-1]])
    return Route(cost[goal], tuple(reversed(nodes)))


def nearest(
    graph: Graph, start: str, targets: Iterable[str], mover: Mover = ANYONE
) -> tuple[str, ...]:
    """The *targets* *mover* can end on at the least cost from *start* (all of them on a tie, in
    node order; empty if none can be reached)."""
    wanted = frozenset(targets)
    for node in wanted:
        graph.index(node)
    found = {n: c for n, c in reachable(graph, start, None, mover).items() if n in wanted}
    found = {n: c for n, c in found.items() if n == start or n not in mover.pass_only}
    if not found:
        return ()
    least = min(found.values())
    return tuple(node for node, c in found.items() if c == least)


def components(
    graph: Graph, removed: Iterable[str] = (), kinds: Iterable[str] | None = None
) -> list[tuple[str, ...]]:
    """The connected parts of the graph without its blocked nodes and *removed*, over edges of
    *kinds* (None: any) in either direction; each in node order, ordered by their first node."""
    gone = graph.closed | frozenset(removed)
    allowed = None if kinds is None else frozenset(kinds)
    links: dict[str, list[str]] = {node: [] for node in graph.nodes}
    for node in graph.nodes:
        for arc in graph.arcs(node):
            if allowed is None or arc.kind in allowed:
                links[node].append(arc.to)
                links[arc.to].append(node)
    seen: set[str] = set()
    parts: list[tuple[str, ...]] = []
    for first in graph.nodes:
        if first in gone or first in seen:
            continue
        seen.add(first)
        part, stack = [first], [first]
        while stack:
            for other in links[stack.pop()]:
                if other not in gone and other not in seen:
                    seen.add(other)
                    part.append(other)
                    stack.append(other)
        parts.append(tuple(sorted(part, key=graph.index)))
    return parts


def is_connected(
    graph: Graph, removed: Iterable[str] = (), kinds: Iterable[str] | None = None
) -> bool:
    """Whether the nodes left without the blocked ones and *removed* form one connected part
    (over edges of *kinds*; none left counts as connected)."""
    return len(components(graph, removed, kinds)) <= 1


# --------------------------------------------------------------------------- tiles


@dataclass(frozen=True)
class TileField:
    """One field of a tile: its name on the tile, its hex in the tile's own axial coordinates,
    and whether nobody may enter it."""

    name: str
    q: Coord = 0
    r: Coord = 0
    blocked: bool = False

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)


@dataclass(frozen=True)
class Wall:
    """A printed border between two neighbouring fields of a tile: no step crosses it."""

    a: str
    b: str


@dataclass(frozen=True)
class Tile:
    """A patch of hex fields in its own coordinates, and the walls between some of them."""

    name: str
    fields: tuple[TileField, ...]
    walls: tuple[Wall, ...] = ()

    def __post_init__(self) -> None:
        if not self.fields:
            raise ValueError(f"tile {self.name!r} has no field")
        self._by_name  # noqa: B018 - checked now

    @cached_property
    def _by_name(self) -> dict[str, TileField]:
        """The fields by name (ValueError for a repeated name or hex, or a bad wall)."""
        by_name: dict[str, TileField] = {}
        hexes: set[Hex] = set()
        for index, item in enumerate(self.fields):
            if item.name in by_name or item.hex in hexes:
                raise ValueError(f"fields[{index}]: a second field {item.name!r} at {item.hex}")
            by_name[item.name] = item
            hexes.add(item.hex)
        for index, wall in enumerate(self.walls):
            ends = [by_name.get(wall.a), by_name.get(wall.b)]
            if ends[0] is None or ends[1] is None or not are_neighbours(ends[0].hex, ends[1].hex):
                raise ValueError(f"walls[{index}]: not between two neighbouring fields")
        return by_name

    def field(self, name: str) -> TileField:
        """The field called *name* (KeyError if there is none)."""
        return self._by_name[name]

    @cached_property
    def walled(self) -> frozenset[frozenset[str]]:
        """The pairs of field names a wall separates."""
        return frozenset(frozenset((wall.a, wall.b)) for wall in self.walls)


@dataclass(frozen=True)
class Placement:
    """A tile laid on the board: the board hex its local origin goes to, turned by ``rotation``
    sixths of a turn counter-clockwise."""

    tile: str
    q: Coord = 0
    r: Coord = 0
    rotation: Annotated[int, Bounds(0, 5)] = 0

    def __post_init__(self) -> None:
        if not 0 <= self.rotation <= 5:
            raise ValueError(f"rotation {self.rotation} is outside 0..5")

    @property
    def anchor(self) -> Hex:
        return (self.q, self.r)


def placed_fields(tile: Tile, placement: Placement) -> tuple[tuple[Hex, TileField], ...]:
    """Each field of *tile* laid as *placement* says, with the board hex it lands on."""
    q, r, turn = placement.q, placement.r, placement.rotation
    out = []
    for item in tile.fields:
        dq, dr = rotate_offset(item.hex, turn)
        out.append(((q + dq, r + dr), item))
    return tuple(out)


class Spot(NamedTuple):
    """What lies on a board hex of a tile map: which placement and which of its tile's fields."""

    placement: int
    field: TileField


@dataclass(frozen=True)
class TileMap(Record):
    """The tiles laid on the board (``tiles``: the tiles it may use, each name once) and the
    graph of steps between the neighbouring fields of all of them."""

    tiles: tuple[Tile, ...]
    placements: tuple[Placement, ...] = ()

    def __post_init__(self) -> None:
        self.catalogue  # noqa: B018 - checked now
        self.spots  # noqa: B018

    @classmethod
    def of(cls, catalogue: Mapping[str, Tile], placements: Iterable[Placement]) -> TileMap:
        """The map of *placements*, taking the tiles they name from *catalogue*."""
        laid = tuple(placements)
        names = dict.fromkeys(p.tile for p in laid)
        missing = [name for name in names if name not in catalogue]
        if missing:
            raise ValueError(f"no tile {missing[0]!r}")
        return cls(tuple(catalogue[name] for name in names), laid)

    @cached_property
    def derived(self) -> Derived:
        """What the rules work out once per map (distances to goals, what lies where): the map
        owns it (core/derived.py), so it goes with the map."""
        return Derived(limit=MAP_TABLES)

    @cached_property
    def catalogue(self) -> dict[str, Tile]:
        """The tiles by name (ValueError for a name given twice)."""
        found: dict[str, Tile] = {}
        for index, tile in enumerate(self.tiles):
            if tile.name in found:
                raise ValueError(f"tiles[{index}]: a second tile {tile.name!r}")
            found[tile.name] = tile
        return found

    @cached_property
    def spots(self) -> dict[Hex, Spot]:
        """What lies on each board hex, in placement then field order (ValueError for an
        unknown tile or tiles that overlap)."""
        found: dict[Hex, Spot] = {}
        for index, placement in enumerate(self.placements):
            tile = self.catalogue.get(placement.tile)
            if tile is None:
                raise ValueError(f"placements[{index}]: no tile {placement.tile!r}")
            for h, item in placed_fields(tile, placement):
                if h in found:
                    raise ValueError(f"placements[{index}]: {hex_key(h)} is already covered")
                found[h] = Spot(index, item)
        return found

    def at(self, h: Hex) -> Spot | None:
        """What lies on board hex *h*, or None."""
        return self.spots.get(h)

    def fits(self, placement: Placement) -> bool:
        """Whether *placement* names a tile of the map and covers no hex already covered."""
        tile = self.catalogue.get(placement.tile)
        if tile is None:
            return False
        return all(h not in self.spots for h, _ in placed_fields(tile, placement))

    def placed(self, placement: Placement) -> TileMap:
        """This map with *placement* laid too: a new map (ValueError if it does not fit)."""
        return TileMap(self.tiles, (*self.placements, placement))

    def touching(self, placement: Placement) -> tuple[int, ...]:
        """The placements (by index) that have a field next to a field *placement* would lay."""
        tile = self.catalogue[placement.tile]
        found: set[int] = set()
        for h, _ in placed_fields(tile, placement):
            found.update(s.placement for n in neighbours(h) if (s := self.spots.get(n)))
        return tuple(sorted(found))

    def next_to(self, h: Hex) -> tuple[int, ...]:
        """The placements (by index) with a field next to board hex *h*, but the one holding it."""
        own = self.spots.get(h)
        found = {s.placement for n in neighbours(h) if (s := self.spots.get(n))}
        if own is not None:
            found.discard(own.placement)
        return tuple(sorted(found))

    @cached_property
    def graph(self) -> Graph:
        """Every field as a node ``"q,r"``; a two-way ``step`` of cost 1 between neighbouring
        fields unless a wall of their tile separates them; blocked fields blocked."""
        spots = self.spots
        keys = {h: hex_key(h) for h in spots}
        edges: list[Edge] = []
        for h, spot in spots.items():
            for dq, dr in DIRECTIONS[:3]:  # E, NE, NW: each pair once
                there = (h[0] + dq, h[1] + dr)
                other = spots.get(there)
                if other is not None and not self._walled(spot, other):
                    edges.append(Edge(keys[h], keys[there]))
        blocked = tuple(keys[h] for h, s in spots.items() if s.field.blocked)
        return Graph(tuple(keys.values()), tuple(edges), blocked)

    def _walled(self, a: Spot, b: Spot) -> bool:
        """Whether a wall of their tile stands between the fields of spots *a* and *b*."""
        if a.placement != b.placement:
            return False
        tile = self.catalogue[self.placements[a.placement].tile]
        return frozenset((a.field.name, b.field.name)) in tile.walled
