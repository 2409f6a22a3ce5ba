"""Property tests (hypothesis) for the battlefield geometry and movement.

Sources: battleground.md §2 (Geometry: range, line of sight, cover, facing), rulebook *Basic
Concepts*, *Measurement*, *Determining Line of Sight*, *Cover*, *Flank Attacks*, *Move* and its
sections on obstacles, ladders, climbing and pushing, and *Movement Effects* (jump, teleport).
"""

from __future__ import annotations

import heapq
import itertools
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from small_maps import SMALL_OPEN, field, random_maps

from rulekeeper.core.hexes import DIRECTIONS, centre, hex_distance, neighbours, rotate_offset
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.cover import CoverTable, cover_verdict
from rulekeeper.games.battleground.board.facing import arc_of, rear_neighbours
from rulekeeper.games.battleground.board.los import SightTable
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position, range_inches
from rulekeeper.games.battleground.board.movement import STEP_COST, Occupancy, Route, reachable

coords = st.integers(-30, 30)
hexes = st.tuples(coords, coords)
directions = st.integers(0, 5)
SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- distances ---------------------------------------------------------------------------------


@given(hexes, hexes)
def test_distances_are_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    """battleground.md §2: range is a distance between two hexagons; hex steps likewise."""
    assert hex_distance(a, b) == hex_distance(b, a)
    assert range_inches(a, b) == range_inches(b, a)


@given(hexes, directions)
def test_adjacent_hexes_are_zero_inches_apart(h: tuple[int, int], d: int) -> None:
    """battleground.md §2: "Adjacent hexes are 0" apart." """
    n = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
    assert range_inches(h, n) == 0.0
    assert hex_distance(h, n) == 1


@given(hexes, hexes, hexes)
def test_hex_distance_is_a_metric(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]
) -> None:
    """Rulebook, Basic Concepts: hex steps between hexes (a metric: triangle inequality)."""
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)
    assert (hex_distance(a, b) == 0) == (a == b)


@given(hexes, hexes)
def test_range_lies_between_the_flat_and_the_corner_gaps(
    a: tuple[int, int], b: tuple[int, int]
) -> None:
    """Rulebook, Measurement (closest points of two hexes): for hexes 1" across the flats the gap is
    at least the centre distance minus two corner radii and at most minus two flat radii."""
    between = math.dist(centre(a), centre(b))
    gap = range_inches(a, b)
    assert gap >= between - 2 / math.sqrt(3) - 1e-9
    assert gap <= max(0.0, between - 1.0) + 1e-9


@given(hexes, directions, st.integers(1, 20))
def test_range_is_monotone_along_a_straight_hex_line(h: tuple[int, int], d: int, n: int) -> None:
    """battleground.md §2: walking away in a straight line never brings a hex closer."""
    dq, dr = DIRECTIONS[d]
    ranges = [range_inches(h, (h[0] + k * dq, h[1] + k * dr)) for k in range(n + 1)]
    assert all(x <= y + 1e-12 for x, y in itertools.pairwise(ranges))


@given(hexes, directions, directions, st.integers(1, 10), st.integers(0, 10))
def test_range_is_monotone_along_any_ray_of_two_directions(
    h: tuple[int, int], d: int, turn: int, n: int, m: int
) -> None:
    """battleground.md §2: the same along the line through n·a + m·b for two neighbouring directions
    (the "straight" lines of a hex grid that are not along a row)."""
    a = DIRECTIONS[d]
    b = DIRECTIONS[(d + 1) % 6] if turn % 2 else DIRECTIONS[(d + 5) % 6]
    step = (n * a[0] + m * b[0], n * a[1] + m * b[1])
    ranges = [range_inches(h, (h[0] + k * step[0], h[1] + k * step[1])) for k in range(6)]
    assert all(x <= y + 1e-12 for x, y in itertools.pairwise(ranges))


# --- turns -------------------------------------------------------------------------------------


@given(hexes, st.integers(-20, 20))
def test_rotating_six_times_is_the_identity(offset: tuple[int, int], k: int) -> None:
    """hexes.py: a turn is 60°; six turns are a full circle, and turning back undoes a turn."""
    turned = offset
    for _ in range(6):
        turned = rotate_offset(turned, 1)
    assert turned == offset
    assert rotate_offset(offset, 6) == offset
    assert rotate_offset(rotate_offset(offset, k), -k) == offset
    assert hex_distance((0, 0), rotate_offset(offset, k)) == hex_distance((0, 0), offset)


# --- facing ------------------------------------------------------------------------------------


@given(hexes, directions)
def test_exactly_three_neighbours_are_in_the_rear_arc(h: tuple[int, int], facing: int) -> None:
    """Rulebook, Model / Flank Attacks and battleground.md §2: of a character's six neighbours
    exactly three are in its rear arc (none is halfway); a turn of the model turns its arcs."""
    rear = rear_neighbours(h, facing)
    assert len(rear) == 3
    arcs = [arc_of(h, facing, n) for n in neighbours(h)]
    assert arcs.count("rear") == 3 and arcs.count("front") == 3
    turned = rear_neighbours(h, (facing + 1) % 6)
    expected = {
        (
            h[0] + rotate_offset((q - h[0], r - h[1]), 1)[0],
            h[1] + rotate_offset((q - h[0], r - h[1]), 1)[1],
        )
        for q, r in rear
    }
    assert set(turned) == expected


@given(hexes, directions, hexes)
def test_arcs_are_mirror_images(h: tuple[int, int], facing: int, other: tuple[int, int]) -> None:
    """battleground.md §2: what is in front when facing one way is behind when facing the other
    way; halfway stays halfway."""
    if other == h:
        return
    flip = {"front": "rear", "rear": "front", "halfway": "halfway"}
    assert arc_of(h, (facing + 3) % 6, other) == flip[arc_of(h, facing, other)]


# --- line of sight and cover -------------------------------------------------------------------


@given(st.data())
def test_empty_map_every_pair_sees_and_nothing_covers(data: st.DataObject) -> None:
    """Rulebook, Determining Line of Sight / Cover: with no obstacles, no platforms and no other
    characters every pair of positions has line of sight and no cover."""
    f = field(SMALL_OPEN)
    positions = sorted(f.positions)
    a = data.draw(st.sampled_from(positions))
    b = data.draw(st.sampled_from(positions))
    assert f.has_line_of_sight(a, b)
    assert f.line_of_sight(a, b).visible
    assert not f.cover(a, b).in_cover
    assert not f.in_cover(a, b, [a, b])


@SLOW
@given(random_maps())
def test_pattern_sight_agrees_with_the_whole_table(text: str) -> None:
    """los.py / battleground.md §2: the pattern-based answer for one pair (SightTable.visible on a
    fresh table) is the answer of the vectorised whole-table build, for every ordered pair."""
    built = Battlefield.from_yaml(text)
    built.sight.build()
    assert built.sight.table.known() == len(built.positions) ** 2
    fresh = SightTable(Battlefield.from_yaml(text))
    for a in sorted(built.positions):
        for b in sorted(built.positions):
            assert built.has_line_of_sight(a, b) == fresh.visible(a, b), (a, b)
            assert built.line_of_sight(a, b).visible == fresh.visible(a, b), (a, b)


@SLOW
@given(random_maps())
def test_cover_table_agrees_with_the_cover_verdict(text: str) -> None:
    """cover.py / battleground.md §2, Cover: the vectorised terrain-cover table equals the
    one-pair verdict for every ordered pair of positions."""
    f = Battlefield.from_yaml(text)
    table = CoverTable(f)
    table.build()
    for a in sorted(f.positions):
        for b in sorted(f.positions):
            if a == b:
                continue
            assert table.terrain_cover(a, b) == cover_verdict(f, a, b).in_cover, (a, b)


@SLOW
@given(st.data())
def test_cached_cover_with_characters_agrees_with_the_verdict(data: st.DataObject) -> None:
    """Rulebook, Cover / Cover and Elevation: in_cover (terrain table plus characters on the line)
    answers like cover(...).in_cover with the same characters."""
    f = Battlefield.from_yaml(data.draw(random_maps()))
    positions = sorted(f.positions)
    people = data.draw(st.lists(st.sampled_from(positions), min_size=2, max_size=8, unique=True))
    for a in people:
        for b in people:
            if a != b:
                assert f.in_cover(a, b, people) == f.cover(a, b, people).in_cover, (a, b)


# --- movement --------------------------------------------------------------------------------


def _scenario(
    data: st.DataObject,
) -> tuple[Battlefield, Position, int, set[Position], set[Position]]:
    f = Battlefield.from_yaml(data.draw(random_maps(min_size=4, max_size=7)))
    positions = sorted(f.positions)
    start = data.draw(st.sampled_from(positions))
    others = [p for p in positions if p != start]
    people = data.draw(st.lists(st.sampled_from(others), max_size=6, unique=True)) if others else []
    split = data.draw(st.integers(0, len(people)))
    points = data.draw(st.integers(0, 12))
    return f, start, points, set(people[:split]), set(people[split:])


def _zone(f: Battlefield, enemies: set[Position]) -> set[Position]:
    return {Position(q, r, e.level) for e in enemies for q, r in neighbours(e.hex)} & f.positions


def _check_step(
    f: Battlefield,
    before: Position,
    step,  # MoveStep
    occupied: set[Position],
) -> None:
    """One step of a move action is one the rulebook allows (Move and its subsections)."""
    to = step.to
    assert to in f.positions
    assert step.cost == STEP_COST[step.kind]
    if step.kind == "step":  # Standard Movement: an adjacent hex at the same elevation
        assert f.are_adjacent(before, to)
    elif step.kind in ("over-low", "over-high"):  # Low / High Obstacles: the same portion
        height = "low" if step.kind == "over-low" else "high"
        assert before.level == to.level == GROUND
        assert f.obstacle_height.get(step.via) == height
        assert step.via in neighbours(before.hex) and step.via in neighbours(to.hex)
    elif step.kind == "ladder":  # Ladders: both border the same ladder, any elevation
        assert step.via in f.ladders
        assert step.via in neighbours(before.hex) and step.via in neighbours(to.hex)
    elif step.kind == "climb-up":  # Climbing Up: from a bordering hex not under a platform
        assert before.level == GROUND and to.level == PLATFORM
        assert to.hex in neighbours(before.hex)
        assert not f.is_under_platform(before)
    elif step.kind == "climb-down":  # Climbing Down: onto a bordering hex not under a platform
        assert before.level == PLATFORM and to.level == GROUND
        assert to.hex in neighbours(before.hex)
        assert not f.is_under_platform(to)
    else:
        raise AssertionError(f"unexpected step kind {step.kind}")
    if to in occupied:  # Pushing: only climbing onto a character, which is pushed
        assert step.kind in ("climb-up", "climb-down")
        assert step.pushes == to
        assert any(p not in occupied for p in f.adjacent_positions(to))
    else:
        assert step.pushes is None


@SLOW
@given(st.data())
def test_every_route_is_legal_and_paid_for(data: st.DataObject) -> None:
    """Rulebook, Move: every route's cost is the sum of its steps' costs and never exceeds the
    movement points; each step is one the rules allow; no route goes on from a hex adjacent to an
    enemy (other than the start); a route ends where it says."""
    f, start, points, friends, enemies = _scenario(data)
    routes = reachable(f, start, points, Occupancy.of(friends, enemies))
    occupied = (friends | enemies) - {start}
    zone = _zone(f, enemies)
    for pos, route in routes.items():
        assert isinstance(route, Route)
        assert route.destination == pos != start
        assert route.cost == sum(step.cost for step in route.steps)
        assert 0 < route.cost <= points
        assert route.steps[-1].to == pos
        before = start
        for step in route.steps:
            assert before == start or before not in zone, "moved on after entering an enemy's zone"
            _check_step(f, before, step, occupied)
            before = step.to
        pushed_enemy = route.steps[-1].pushes is not None and route.steps[-1].pushes in enemies
        assert route.stopped_by_enemy == (pos in zone or pushed_enemy)
        assert pos not in occupied or route.steps[-1].pushes == pos


def _oracle(
    f: Battlefield,
    start: Position,
    points: int,
    friends: set[Position],
    enemies: set[Position],
) -> dict[Position, int]:
    """An independent Dijkstra over the rulebook's moves; enemies here cannot be pushed."""
    occupied = (friends | enemies) - {start}
    zone = _zone(f, enemies)

    def climbable(p: Position) -> bool:
        if p not in occupied:
            return True
        return p in friends and any(n not in occupied for n in f.adjacent_positions(p))

    def moves(pos: Position):
        for q, r in neighbours(pos.hex):
            p = Position(q, r, pos.level)
            if p in f.positions and p not in occupied:
                yield p, 1
        if pos.level == GROUND:
            for h in neighbours(pos.hex):
                if h in f.high_obstacles or h in f.low_obstacles:
                    cost = 6 if h in f.high_obstacles else 3
                    for q, r in neighbours(h):
                        p = Position(q, r, GROUND)
                        if p != pos and p in f.positions and p not in occupied:
                            yield p, cost
            if pos.hex not in f.platform_of:
                for q, r in neighbours(pos.hex):
                    p = Position(q, r, PLATFORM)
                    if p in f.positions and climbable(p):
                        yield p, 3
        else:
            for q, r in neighbours(pos.hex):
                p = Position(q, r, GROUND)
                if p in f.positions and (q, r) not in f.platform_of and climbable(p):
                    yield p, 3
        for ladder in neighbours(pos.hex):
            if ladder in f.ladders:
                for q, r in neighbours(ladder):
                    for level in (GROUND, PLATFORM):
                        p = Position(q, r, level)
                        if p != pos and p in f.positions and p not in occupied:
                            yield p, 2

    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        cost, pos = heapq.heappop(frontier)
        if cost > best[pos] or (pos != start and pos in zone):
            continue
        for p, c in moves(pos):
            if cost + c <= points and cost + c < best.get(p, math.inf):
                best[p] = cost + c
                heapq.heappush(frontier, (cost + c, p))
    return {p: c for p, c in best.items() if p != start}


@SLOW
@given(st.data())
def test_routes_are_the_cheapest_the_rules_allow(data: st.DataObject) -> None:
    """Rulebook, Move (and Low / High Obstacles, Ladders, Climbing, Pushing): the reachable
    positions and their costs equal an independent cheapest-route search over the rulebook's moves
    (friends may be pushed by a climb; here enemies may not, see test_movement for that case)."""
    f, start, points, friends, enemies = _scenario(data)
    occupancy = Occupancy(
        frozenset(friends), frozenset(enemies), can_be_pushed=lambda p: p not in enemies
    )
    routes = reachable(f, start, points, occupancy)
    assert {p: r.cost for p, r in routes.items()} == _oracle(f, start, points, friends, enemies)


@SLOW
@given(st.data(), st.sampled_from(["jump", "teleport"]))
def test_jump_and_teleport_routes_are_legal(data: st.DataObject, style: str) -> None:
    """Rulebook, Jump / Teleport: every surrounding hex counts as adjacent at any elevation, so a
    route is a chain of neighbouring hexes costing one point each; it ends on a free position
    within the points; characters, obstacles and enemies on the way do not matter."""
    f, start, points, friends, enemies = _scenario(data)
    occupied = (friends | enemies) - {start}
    routes = reachable(f, start, points, Occupancy.of(friends, enemies), style=style)  # type: ignore[arg-type]
    for pos, route in routes.items():
        assert pos in f.positions and pos not in occupied and pos != start
        assert route.cost == sum(step.cost for step in route.steps)
        assert route.steps[-1].to == pos
        assert not route.stopped_by_enemy
        if pos.hex != start.hex:
            assert route.cost == hex_distance(start.hex, pos.hex) <= points
            trail = [start.hex] + [step.to.hex for step in route.steps]
            assert all(hex_distance(x, y) == 1 for x, y in itertools.pairwise(trail))
    expected = {
        p
        for p in f.positions
        if p != start and p not in occupied and 0 < hex_distance(p.hex, start.hex) <= points
    }
    assert {p for p in routes if p.hex != start.hex} == expected
