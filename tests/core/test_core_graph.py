"""The core graph of fields and areas (issue 21 §1 Geometry and graphs): typed edges with costs,
blocked nodes, reachability within a budget, shortest paths, connectivity, tiles placed with a
rotation; the generic hex helpers it uses; and the toy map game (``toy_map.py``) played on it.

The map rules the graph serves: fields_of_eternia.md §5.1 (areas, paths, wraps, flight routes)
and §5.2 (1 MP a step, 2 MP a flight route, entering enemies ends a move), §8 A-9 (nearest);
homm3.md §5.1 (tiles of seven fields placed with a rotation, blocked fields, a new tile must
touch two tiles and the hero's field without cutting paths off) and §5.2 (one MP a field,
Sanctuary passed through but not entered while occupied).
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toy_map import FLIER, TILES, MapState, ToyMapGame, Turn, flower

from rulekeeper.core import Action, DataError, RandomAgent, play_out
from rulekeeper.core import graph as graph_module
from rulekeeper.core import hexes as hexes_module
from rulekeeper.core.graph import (
    Edge,
    Graph,
    Mover,
    Placement,
    Route,
    Tile,
    TileField,
    TileMap,
    Wall,
    components,
    destinations,
    hex_key,
    is_connected,
    key_hex,
    nearest,
    placed_fields,
    reachable,
    shortest_path,
)
from rulekeeper.core.hexes import (
    DIRECTIONS,
    are_neighbours,
    hex_distance,
    hex_line,
    rotate_about,
    rotate_offset,
)
from rulekeeper.core.record import clone_record

# --------------------------------------------------------------------------- an Eternia-like map

# Two outposts joined by a path, wild regions between, a wrap pair across the map's edge and a
# flight route over the sea (fields_of_eternia.md §5.1).
ETERNIA = Graph(
    nodes=("base", "wild1", "wild2", "outpost", "east", "west", "isle"),
    edges=(
        Edge("base", "wild1"),
        Edge("wild1", "wild2"),
        Edge("wild2", "outpost"),
        Edge("base", "outpost", "path"),
        Edge("outpost", "east"),
        Edge("east", "west", "wrap"),
        Edge("base", "isle", "flight", 2),
    ),
)
WALKER = Mover(kinds=("step", "wrap"))
FLYER = Mover(kinds=("step", "wrap", "flight"))


def test_an_edge_joins_two_nodes_at_a_cost_of_zero_or_more() -> None:
    """issue 21 §1: typed edges with costs; an area is never adjacent to itself (eternia §5.1)."""
    with pytest.raises(ValueError, match="itself"):
        Edge("a", "a")
    with pytest.raises(ValueError, match="cost"):
        Edge("a", "b", cost=-1)
    assert Edge("a", "b") == Edge("a", "b", "step", 1, False)


def test_adjacency_is_precomputed_both_ways_unless_one_way() -> None:
    """issue 21 §1: typed edges; areas sharing a border, a path or a wrap icon are adjacent
    (fields_of_eternia.md §5.1)."""
    g = ETERNIA.with_edges([Edge("isle", "west", "current", 1, one_way=True)])
    assert g.neighbours("outpost") == ("wild2", "base", "east")
    assert g.neighbours("outpost", kinds=["path"]) == ("base",)
    assert g.neighbours("west") == ("east",)  # the current flows from the isle only
    assert [a.to for a in g.arcs("isle")] == ["base", "west"]
    assert g.arcs("base")[-1].kind == "flight" and g.arcs("base")[-1].cost == 2
    assert "isle" in g and "sea" not in g
    with pytest.raises(ValueError, match="no node 'sea'"):
        g.arcs("sea")


def test_a_graph_refuses_unknown_and_repeated_nodes() -> None:
    """issue 21 §1: a graph is checked data (the record conventions)."""
    with pytest.raises(ValueError, match="twice"):
        Graph(("a", "a"))
    with pytest.raises(ValueError, match=r"edges\[0\]: no node 'z'"):
        Graph(("a",), (Edge("a", "z"),))
    with pytest.raises(ValueError, match="blocked: no node 'z'"):
        Graph(("a",), blocked=("z",))


def test_a_graph_round_trips_through_json_and_bad_data_names_the_field() -> None:
    """issue 21 §1: serialisable to JSON (to_data/from_data with the core record conventions)."""
    g = ETERNIA.with_edges([Edge("west", "isle", "current", 0, True)])
    data = g.to_data()
    back = Graph.from_data(data, "map")
    assert back == g and back.arcs("west") == g.arcs("west")
    assert clone_record(g) == g
    bad = {**data, "edges": [{"a": "base", "b": "wild1", "cost": -3}]}
    with pytest.raises(DataError) as found:
        Graph.from_data(bad, "map")
    assert found.value.field == "edges[0].cost"
    with pytest.raises(DataError, match="no node 'nowhere'"):
        Graph.from_data({"nodes": ["a"], "edges": [{"a": "a", "b": "nowhere"}]}, "map")


def test_reachable_gives_the_cheapest_cost_within_the_budget() -> None:
    """fields_of_eternia.md §5.2.1: 1 MP between adjacent areas; §5.2.4: a flight route costs
    2 MP and only a flying hero uses it; §5.1: wraps join the map's edges."""
    assert reachable(ETERNIA, "base", 2, WALKER) == {"base": 0, "wild1": 1, "wild2": 2}
    assert reachable(ETERNIA, "base", 2, FLYER) == {"base": 0, "wild1": 1, "wild2": 2, "isle": 2}
    path_mover = Mover(kinds=("step", "path", "wrap"))  # outpost movement (§5.2.3)
    assert reachable(ETERNIA, "base", 3, path_mover) == {
        "base": 0,
        "wild1": 1,
        "wild2": 2,
        "outpost": 1,
        "east": 2,
        "west": 3,
    }
    assert reachable(ETERNIA, "base", 0) == {"base": 0}
    assert reachable(ETERNIA, "east")["base"] == 2  # no budget: any cost, any kind
    with pytest.raises(ValueError, match="at least 0"):
        reachable(ETERNIA, "base", -1)


def test_entering_a_stop_ends_the_move_and_pass_only_nodes_are_no_destination() -> None:
    """fields_of_eternia.md §5.2.1: entering an area with enemies ends the movement;
    homm3.md §5.2: an occupied Sanctuary can be passed through but not entered to stay."""
    enemies = Mover(kinds=("step",), stops=("wild1",))
    assert reachable(ETERNIA, "base", 5, enemies) == {"base": 0, "wild1": 1}
    assert reachable(ETERNIA, "wild1", 1, enemies) == {"base": 1, "wild1": 0, "wild2": 1}
    sanctuary = Mover(kinds=("step",), pass_only=("wild1",))
    assert "wild2" in reachable(ETERNIA, "base", 2, sanctuary)
    assert destinations(ETERNIA, "base", 2, sanctuary) == {"wild2": 2}
    assert shortest_path(ETERNIA, "base", "wild1", sanctuary) is None


def test_blocked_nodes_are_never_entered() -> None:
    """homm3.md §5.1-§5.2: a blocked field cannot be entered; a mover may block more (an
    enemy base, fields_of_eternia.md §5.1)."""
    g = Graph(ETERNIA.nodes, ETERNIA.edges, blocked=("wild2",))
    assert reachable(g, "base", 9, WALKER) == {"base": 0, "wild1": 1}
    assert reachable(ETERNIA, "base", 9, Mover(blocked=("outpost", "isle"))) == {
        "base": 0,
        "wild1": 1,
        "wild2": 2,
    }


def test_shortest_path_is_a_cheapest_route() -> None:
    """issue 21 §1: shortest path; fields_of_eternia.md §5.2.1 costs."""
    assert shortest_path(ETERNIA, "wild1", "east") == Route(3, ("wild1", "base", "outpost", "east"))
    assert shortest_path(ETERNIA, "wild1", "east", WALKER) == Route(
        3, ("wild1", "wild2", "outpost", "east")
    )
    assert shortest_path(ETERNIA, "base", "base") == Route(0, ("base",))
    assert shortest_path(ETERNIA, "base", "isle", WALKER) is None
    assert shortest_path(ETERNIA, "base", "west", WALKER, budget=3) is None
    assert shortest_path(ETERNIA, "base", "west", WALKER, budget=5) == Route(
        5, ("base", "wild1", "wild2", "outpost", "east", "west")
    )


def test_nearest_lists_every_target_at_the_least_cost() -> None:
    """fields_of_eternia.md §8 A-9: the nearest outpost by steps, ties to the player's choice."""
    assert nearest(ETERNIA, "wild1", ["outpost", "isle"]) == ("outpost",)
    assert nearest(ETERNIA, "wild1", ["wild2", "base"]) == ("base", "wild2")
    assert nearest(ETERNIA, "wild1", ["isle"], WALKER) == ()


def test_components_and_connectivity_after_removing_nodes() -> None:
    """homm3.md §5.1: a placement must not cut off paths (connectivity over open fields)."""
    assert is_connected(ETERNIA)
    assert components(ETERNIA, removed=["outpost"], kinds=["step", "wrap"]) == [
        ("base", "wild1", "wild2"),
        ("east", "west"),
        ("isle",),
    ]
    assert not is_connected(ETERNIA, removed=["base"])
    assert is_connected(ETERNIA, removed=["isle", "wild1"])
    assert is_connected(Graph(("a", "b"), (Edge("a", "b", one_way=True),)))
    assert is_connected(Graph(("a",), blocked=("a",)))  # nothing left
    blocked = Graph(ETERNIA.nodes, ETERNIA.edges, blocked=("outpost",))
    assert components(blocked, kinds=["step"]) == [
        ("base", "wild1", "wild2"),
        ("east",),
        ("west",),
        ("isle",),
    ]


# --------------------------------------------------------------------------- hex helpers


def test_core_hexes_and_graph_name_no_game() -> None:
    """issue 21 §1 Geometry and Agents: core/hexes.py is the generic hex geometry (Battleground's
    positions with levels and its inches moved to its board/measures.py); no game is named in
    core/hexes.py or core/graph.py."""
    for name in ("Position", "GROUND", "PLATFORM", "gap_between", "range_inches"):
        assert not hasattr(hexes_module, name)
    for module in (hexes_module, graph_module):
        text = Path(str(module.__file__)).read_text(encoding="utf-8").lower()
        assert not [game for game in ("battleground", "homm3", "eternia") if game in text]


def test_hex_line_steps_through_neighbours_from_end_to_end() -> None:
    """issue 21 §1: the generic hex module draws lines (core/hexes.py hex_line)."""
    line = hex_line((0, 0), (3, -1))
    assert line[0] == (0, 0) and line[-1] == (3, -1) and len(line) == 4
    assert all(are_neighbours(a, b) for a, b in pairwise(line))
    assert hex_line((2, 2), (2, 2)) == [(2, 2)]
    # Along an edge between two rows the nudge picks the side.
    assert hex_line((0, 0), (1, 1), 1e-6) != hex_line((0, 0), (1, 1), -1e-6)


def test_rotate_about_turns_a_hex_around_a_pivot() -> None:
    """issue 21 §1: rotation (core/hexes.py rotate_about)."""
    assert rotate_about((1, 0), (0, 0), 1) == (1, -1)
    assert rotate_about((5, 3), (4, 3), 3) == (3, 3)
    assert rotate_about((7, -2), (7, -2), 4) == (7, -2)


def test_hex_keys_name_board_hexes() -> None:
    """issue 21 §1: a field's node is its board hex ``"q,r"``."""
    assert hex_key((-3, 12)) == "-3,12"
    assert key_hex("-3,12") == (-3, 12)
    with pytest.raises(ValueError):
        key_hex("3")
    with pytest.raises(ValueError):
        key_hex("a,b")


# --------------------------------------------------------------------------- tiles

FLOWER = flower("f")
WALLED = flower("w", blocked="c", walls=("01",))


def test_a_tile_refuses_repeated_fields_and_walls_between_strangers() -> None:
    """homm3.md §5.1 tile anatomy: fields and borders between fields."""
    with pytest.raises(ValueError, match="no field"):
        Tile("t", ())
    with pytest.raises(ValueError, match="second field"):
        Tile("t", (TileField("a"), TileField("b")))
    with pytest.raises(ValueError, match="walls"):
        Tile("t", (TileField("a"), TileField("b", 2, 0)), (Wall("a", "b"),))
    with pytest.raises(ValueError, match="walls"):
        Tile("t", (TileField("a"),), (Wall("a", "z"),))
    assert WALLED.field("1").hex == DIRECTIONS[1]
    with pytest.raises(ValueError, match="rotation"):
        Placement("f", rotation=6)


@pytest.mark.parametrize("rotation", range(6))
def test_placing_a_tile_turns_its_fields_about_the_anchor(rotation: int) -> None:
    """homm3.md §5.1: a tile is placed with any of six rotations."""
    laid = placed_fields(FLOWER, Placement("f", 4, -2, rotation))
    assert laid[0] == ((4, -2), FLOWER.field("c"))
    for k, (h, item) in enumerate(laid[1:]):
        assert item.name == str(k)
        assert h == rotate_about((4 + DIRECTIONS[k][0], -2 + DIRECTIONS[k][1]), (4, -2), rotation)
        assert h == (4 + DIRECTIONS[(k + rotation) % 6][0], -2 + DIRECTIONS[(k + rotation) % 6][1])


def test_fields_of_placed_tiles_are_adjacent_across_tile_edges() -> None:
    """homm3.md §5.1: hex-grid adjacency between fields and across tile edges; a border between
    two fields keeps them apart; a blocked field is never entered."""
    m = TileMap((FLOWER, WALLED), (Placement("f"), Placement("w", 2, 1, 0)))
    g = m.graph
    assert len(g.nodes) == 14
    assert g.blocked == ("2,1",)
    # Inside one flower: 6 spokes and 6 ring edges; the walled one misses 0-1.
    inside_w = [
        e
        for e in g.edges
        if {e.a, e.b} <= {hex_key(h) for h, _ in m.spots.items() if m.spots[h].placement == 1}
    ]
    assert len(inside_w) == 11
    assert "3,0" not in g.neighbours("3,1")  # field 0 (3,1) and field 1 (3,0) of w are walled
    across = [e for e in g.edges if m.at(key_hex(e.a)).placement != m.at(key_hex(e.b)).placement]  # type: ignore[union-attr]
    assert len(across) == 3
    assert all(are_neighbours(key_hex(e.a), key_hex(e.b)) for e in g.edges)
    assert reachable(g, "0,0", 9).keys() == set(g.nodes) - {"2,1"}
    assert m.at((2, 1)) is not None and m.at((2, 1)).field.blocked  # type: ignore[union-attr]
    assert m.at((9, 9)) is None


def test_tile_maps_refuse_overlaps_and_unknown_tiles() -> None:
    """homm3.md §5.1: a new tile goes in an empty slot."""
    m = TileMap((FLOWER,), (Placement("f"),))
    assert not m.fits(Placement("f", 1, 1))
    assert m.fits(Placement("f", 2, 1, 5))
    assert not m.fits(Placement("nope", 9, 9))
    with pytest.raises(ValueError, match="already covered"):
        m.placed(Placement("f", 1, 1))
    with pytest.raises(ValueError, match="no tile 'nope'"):
        TileMap((FLOWER,), (Placement("nope"),))
    with pytest.raises(ValueError, match="second tile"):
        TileMap((FLOWER, FLOWER))
    with pytest.raises(ValueError, match="no tile 'x'"):
        TileMap.of({"f": FLOWER}, [Placement("x")])
    assert TileMap.of(TILES, [Placement("camp"), Placement("gem", 2, 1)]).tiles == (
        TILES["camp"],
        TILES["gem"],
    )


def test_touching_tiles_and_tiles_next_to_a_field() -> None:
    """homm3.md §5.1: a new tile must touch at least two tiles and the hero's field; a face-down
    tile is revealed from a field next to it."""
    m = TileMap((FLOWER,), (Placement("f"), Placement("f", 2, 1), Placement("f", -1, 3)))
    assert m.touching(Placement("f", 1, -3)) == (0,)
    assert m.touching(Placement("f", 3, -2)) == (0, 1)
    assert m.touching(Placement("f", 1, 4)) == (1, 2)
    assert m.next_to((1, 0)) == (1,)  # field 0 of tile 0 touches tile 1
    assert m.next_to((0, 1)) == (1, 2)
    assert m.next_to((0, 0)) == ()
    assert m.next_to((4, 1)) == (1,)  # off the map, beside tile 1


def test_tile_maps_round_trip_through_json() -> None:
    """issue 21 §1: state is data (to_data/from_data with the record conventions)."""
    m = TileMap((FLOWER, WALLED), (Placement("f"), Placement("w", 2, 1, 4)))
    back = TileMap.from_data(m.to_data(), "map")
    assert back == m and back.graph == m.graph
    data = m.to_data()
    data["placements"][1]["rotation"] = 6
    with pytest.raises(DataError) as found:
        TileMap.from_data(data, "map")
    assert found.value.field == "placements[1].rotation"
    data["placements"][1]["rotation"] = 0
    data["placements"][1]["q"] = 1
    with pytest.raises(DataError, match=r"placements\[1\]: .* already covered"):
        TileMap.from_data(data, "map")


# --------------------------------------------------------------------------- properties

NAMES = [f"n{i}" for i in range(7)]
KINDS = ["step", "path", "flight", "wrap"]


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    """Small graphs with edges of every kind, costs 0..4, some one-way, some blocked nodes."""
    n = draw(st.integers(1, len(NAMES)))
    nodes = tuple(NAMES[:n])
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1])
    edges = draw(
        st.lists(
            st.builds(
                lambda p, kind, cost, one: Edge(nodes[p[0]], nodes[p[1]], kind, cost, one),
                pairs,
                st.sampled_from(KINDS),
                st.integers(0, 4),
                st.booleans(),
            ),
            max_size=14,
        )
        if n > 1
        else st.just([])
    )
    blocked = draw(st.lists(st.sampled_from(nodes), max_size=2, unique=True))
    return Graph(nodes, tuple(edges), tuple(blocked))


@st.composite
def movers(draw: st.DrawFn) -> Mover:
    """Movers with any kinds, and some nodes blocked, stopping or passed through only."""
    kinds = draw(st.none() | st.lists(st.sampled_from(KINDS), unique=True).map(tuple))
    some = st.lists(st.sampled_from(NAMES), max_size=2, unique=True).map(tuple)
    return Mover(kinds, draw(some), draw(some), draw(some))


def _reference(graph: Graph, start: str, mover: Mover) -> dict[str, int]:
    """Cheapest costs by relaxing every arc until nothing changes (Bellman-Ford)."""
    closed = set(graph.blocked) | set(mover.blocked)
    cost = {start: 0}
    changed = True
    while changed:
        changed = False
        for node in list(cost):
            if node in mover.stops and node != start:
                continue
            for arc in graph.arcs(node):
                if mover.kinds is not None and arc.kind not in mover.kinds:
                    continue
                if arc.to in closed or arc.to == start:
                    continue
                if arc.to not in cost or cost[node] + arc.cost < cost[arc.to]:
                    cost[arc.to] = cost[node] + arc.cost
                    changed = True
    return cost


@settings(max_examples=100, deadline=None)
@given(graphs(), movers(), st.data())
def test_reachable_equals_a_brute_force_reference(
    g: Graph, mover: Mover, data: st.DataObject
) -> None:
    """issue 21 §1: reachability is the cheapest cost to each node over the kinds a mover may
    use, never entering blocked nodes nor leaving a stop."""
    start = data.draw(st.sampled_from(g.nodes))
    assert reachable(g, start, None, mover) == {
        n: c for n, c in sorted(_reference(g, start, mover).items(), key=lambda i: g.index(i[0]))
    }


@settings(max_examples=100, deadline=None)
@given(graphs(), movers(), st.data())
def test_reachable_is_monotone_in_the_budget(g: Graph, mover: Mover, data: st.DataObject) -> None:
    """issue 21 §1: a larger budget reaches every node a smaller one does, at the same cost."""
    start = data.draw(st.sampled_from(g.nodes))
    low, high = sorted(data.draw(st.lists(st.integers(0, 12), min_size=2, max_size=2)))
    small, large = reachable(g, start, low, mover), reachable(g, start, high, mover)
    assert all(large.get(node) == cost for node, cost in small.items())
    assert all(cost > low for node, cost in large.items() if node not in small)
    assert all(cost <= low for cost in small.values())


@settings(max_examples=100, deadline=None)
@given(graphs(), movers(), st.data())
def test_shortest_path_cost_is_the_reachability_cost(
    g: Graph, mover: Mover, data: st.DataObject
) -> None:
    """issue 21 §1: the shortest path to a node costs what reachability says, and it is a route
    the mover may take: arcs of its kinds, no blocked node, no stop before the end."""
    start, goal = data.draw(st.sampled_from(g.nodes)), data.draw(st.sampled_from(g.nodes))
    route = shortest_path(g, start, goal, mover)
    cost = reachable(g, start, None, mover).get(goal)
    if goal in mover.pass_only and goal != start:
        assert route is None
        return
    if cost is None:
        assert route is None
        return
    assert route is not None and route.cost == cost
    assert route.nodes[0] == start and route.nodes[-1] == goal
    total = 0
    for here, there in pairwise(route.nodes):
        assert here == start or here not in mover.stops
        assert there not in g.blocked and there not in mover.blocked
        arcs = [a for a in g.arcs(here) if a.to == there]
        allowed = [a.cost for a in arcs if mover.kinds is None or a.kind in mover.kinds]
        total += min(allowed)
    assert total == cost


@settings(max_examples=100, deadline=None)
@given(graphs(), movers(), st.data())
def test_blocked_nodes_are_never_reached(g: Graph, mover: Mover, data: st.DataObject) -> None:
    """homm3.md §5.1: blocked fields cannot be entered (the graph's and the mover's)."""
    start = data.draw(st.sampled_from(g.nodes))
    budget = data.draw(st.none() | st.integers(0, 10))
    found = reachable(g, start, budget, mover)
    closed = (set(g.blocked) | set(mover.blocked)) - {start}
    assert not closed & found.keys()
    assert not set(mover.pass_only) & destinations(g, start, budget, mover).keys()


@settings(max_examples=100, deadline=None)
@given(graphs(), st.data())
def test_components_partition_the_open_nodes(g: Graph, data: st.DataObject) -> None:
    """homm3.md §5.1 (paths not cut off): the components cover every open node once, no edge
    joins two of them, and is_connected means one component."""
    removed = data.draw(st.lists(st.sampled_from(g.nodes), max_size=3, unique=True))
    parts = components(g, removed)
    open_nodes = [n for n in g.nodes if n not in g.blocked and n not in removed]
    assert sorted(n for part in parts for n in part) == sorted(open_nodes)
    where = {n: i for i, part in enumerate(parts) for n in part}
    for edge in g.edges:
        if edge.a in where and edge.b in where:
            assert where[edge.a] == where[edge.b]
    assert is_connected(g, removed) == (len(parts) <= 1)


@settings(max_examples=100, deadline=None)
@given(graphs())
def test_graphs_round_trip_through_json(g: Graph) -> None:
    """issue 21 §1: serialisable to JSON."""
    assert Graph.from_data(g.to_data(), "graph") == g


@settings(max_examples=200, deadline=None)
@given(st.tuples(st.integers(-30, 30), st.integers(-30, 30)), st.integers(0, 5))
def test_six_turns_are_the_identity(h: tuple[int, int], steps: int) -> None:
    """issue 21 §1 rotation: turning six times (or by 6 + k) is turning by k; distance kept."""
    once = h
    for _ in range(6):
        once = rotate_offset(once, 1)
    assert once == h
    assert rotate_offset(h, steps + 6) == rotate_offset(h, steps)
    assert hex_distance((0, 0), rotate_offset(h, steps)) == hex_distance((0, 0), h)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_turning_a_whole_tile_map_turns_its_graph(
    turn: int, slot: int, rotation: int, first: int
) -> None:
    """homm3.md §5.1: adjacency comes from the hex geometry, so the same tiles turned about the
    board's origin (anchors and rotations) give the same graph, turned."""
    laid = (Placement("w", 0, 0, first), Placement("f", *rotate_offset((2, 1), slot), rotation))
    m = TileMap((FLOWER, WALLED), laid)
    turned = TileMap(
        (FLOWER, WALLED),
        tuple(
            Placement(p.tile, *rotate_offset(p.anchor, turn), (p.rotation + turn) % 6) for p in laid
        ),
    )

    def moved(key: str) -> str:
        return hex_key(rotate_offset(key_hex(key), turn))

    assert {moved(n) for n in m.graph.nodes} == set(turned.graph.nodes)
    assert {moved(n) for n in m.graph.blocked} == set(turned.graph.blocked)
    pairs = {frozenset((moved(e.a), moved(e.b))) for e in m.graph.edges}
    assert pairs == {frozenset((e.a, e.b)) for e in turned.graph.edges}
    assert len(pairs) == len(m.graph.edges) == 11 + 12 + 3


# --------------------------------------------------------------------------- the toy map


def _new(seed: int = 0, **params: int) -> MapState:
    state = ToyMapGame(**params).new_initial_state(seed)
    assert isinstance(state, MapState)
    return state


def test_toy_map_is_played_to_the_end_by_random_agents() -> None:
    """issue 21 §1 (a toy use of the core graph): RandomAgent plays the toy map through
    play_out; tiles are laid, tokens move, someone reaches the gem in some games."""
    winners, laid = set(), set()
    for seed in range(10):
        state = _new(seed, rounds=8)
        play_out(state, {0: RandomAgent(seed), 1: RandomAgent(seed + 50)})
        assert state.is_terminal()
        assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        winners.add(state.winner)
        laid.add(len(state.tile_map.placements))
        assert is_connected(state.tile_map.graph)
    assert winners & {0, 1} and max(laid) > 2


def test_toy_map_lists_only_what_it_accepts_and_keeps_the_map_connected() -> None:
    """issue 21 §1 toy use; homm3.md §5.1: every listed action is accepted, each explore keeps
    the open fields connected; moves and explores off the list are refused with their rule."""
    state = _new(3, rounds=6)
    agent = RandomAgent(7)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions(seat)
        assert all(state.explain(a, seat).legal for a in legal)
        far = Action.of("move", to="40,40")
        assert state.explain(far, seat).rule == "Toy map, Move"
        bad_turn = Action.of("explore", at="2,1", rotation=9)
        assert state.explain(bad_turn, seat).rule == "Toy map, Explore"
        assert not state.explain(Action.of("explore", at=" 2,1", rotation=0), seat).legal
        assert not state.explain(Action.of("fly"), seat).legal
        state.apply_action(agent.choose(state, seat), seat)
        assert is_connected(state.tile_map.graph)


def test_toy_map_flier_uses_flight_routes_and_the_other_token_stops_a_move() -> None:
    """fields_of_eternia.md §5.2.4 (only a flier takes a flight route, 2 MP) and §5.2.1
    (entering an area with an enemy ends the move), in the toy."""
    state = _new()
    state.tile_map = state.tile_map.placed(Placement("rocks", 2, 1, 0))
    assert hex_distance((0, 0), (2, 1)) == 3
    state.tokens = ["-1,0", "0,0"]
    assert state.destinations(FLIER)["2,1"] == 2  # flown from the camp's centre
    state.tokens = ["0,0", "-1,0"]
    assert "2,1" not in state.destinations(0)  # a walker does not fly
    state.tokens = ["-1,0", "0,0"]
    walker = state.destinations(0)
    assert walker["0,0"] == 1 and "1,0" not in walker  # not through the other token
    around = destinations(state.graph(), "-1,0", 3, state.mover(0))
    assert around["1,0"] == 3


def test_toy_map_saves_and_loads_in_the_middle() -> None:
    """issue 21 §1: state is data: a toy map save round-trips with its tiles and tokens."""
    state = _new(5, rounds=6)
    agent = RandomAgent(5)
    for _ in range(5):
        seat = state.current_player()
        state.apply_action(agent.choose(state, seat), seat)
    text = state.serialize()
    back = state.game.deserialize_state(text)
    assert isinstance(back, MapState)
    assert back.serialize() == text and back.tile_map == state.tile_map
    assert back.legal_actions(back.current_player()) == state.legal_actions(state.current_player())
    assert isinstance(state.flow.top(), Turn)


def test_toy_map_refuses_a_save_with_a_token_off_the_map() -> None:
    """issue 21 §1: a corrupted save is refused naming the field."""
    state = _new(1)
    data = state.to_document()
    data["data"]["tokens"][1] = "30,30"  # type: ignore[index,call-overload]
    with pytest.raises(DataError, match=r"tokens\[1\]"):
        state.game.deserialize_state(json.dumps(data))
