"""The move action: movement points and the positions one move reaches, with their routes.

Sources: rulebook *Move* (standard movement, the He-Man examples), *Spending Focus*, *Movement and
Difficult Terrain*, *Movement and Low / High Obstacles* (the Skeletor examples), *Ladders and
Platforms* (ladders, climbing up and down, pushing), *Buffs and Debuffs* (quickness, cripple),
*Movement Effects* (jump, teleport) and *Basic Concepts* (adjacency, elevations).
"""

from __future__ import annotations

import math
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from small_maps import (
    CLIMB,
    DIFFICULT_START,
    HIGH_WALL,
    LADDER,
    LOW_WALL,
    MIXED_WALL,
    OPEN_FIELD,
    SMALL_OPEN,
    THICK_WALL,
    board_hexes,
    compose,
    field,
)

from rulekeeper.core.hexes import centre, hex_distance, neighbour, neighbours, within
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.cover import cover_verdict
from rulekeeper.games.battleground.board.massive import (
    Base,
    adjacent_hexes,
    massive_points,
    massive_reach,
)
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position
from rulekeeper.games.battleground.board.movement import (
    Occupancy,
    Route,
    movement_points,
    reachable,
)
from rulekeeper.games.battleground.board.movement_effects import (
    can_switch,
    charge,
    displace,
    goal_next_to,
    towards,
)
from rulekeeper.games.battleground.board.segments import passes_through

HE_MAN_SPEED, HE_MAN_FOCUSED = 5, 8


def _ground_disc(centre: Position, radius: int) -> set[Position]:
    return {Position(q, r) for q, r in within(centre.hex, radius)} - {centre}


def _east_of_wall(routes: dict[Position, Route], q: int = 4) -> dict[Position, Route]:
    return {p: r for p, r in routes.items() if p.level == GROUND and p.q > q}


# --- He-Man on open ground --------------------------------------------------------------------


def test_he_man_moves_up_to_five_hexes() -> None:
    """Rulebook, Move: "He-Man can move up to five hexes because he has a speed value of five." On
    open ground that is exactly every hex within five steps: 3·5·6 = 90 of them, each for one
    movement point a hex."""
    f = field(OPEN_FIELD)
    he_man = Position(5, 9)
    points = movement_points(f, he_man, HE_MAN_SPEED, HE_MAN_FOCUSED)
    assert points.points == 5
    routes = reachable(f, he_man, points.points)
    assert set(routes) == _ground_disc(he_man, 5)
    assert len(routes) == 90
    for pos, route in routes.items():
        assert route.cost == hex_distance(he_man.hex, pos.hex)
        assert all(step.kind == "step" for step in route.steps)
        assert not route.stopped_by_enemy


def test_focused_he_man_moves_up_to_eight_hexes() -> None:
    """Rulebook, Move / Spending Focus: "If he spends a focus token, he can move up to eight
    hexes" — the second number of his speed stat: 3·8·9 = 216 hexes."""
    f = field(OPEN_FIELD)
    he_man = Position(5, 9)
    points = movement_points(f, he_man, HE_MAN_SPEED, HE_MAN_FOCUSED, use_focus=True)
    assert points.points == 8
    assert "Spending Focus" in points.notes[0]
    routes = reachable(f, he_man, points.points)
    assert set(routes) == _ground_disc(he_man, 8)
    assert len(routes) == 216


def test_spending_focus_needs_the_focused_speed() -> None:
    """Rulebook, Spending Focus: the focused value is the second number of the speed stat."""
    with pytest.raises(ValueError):
        movement_points(field(OPEN_FIELD), Position(5, 9), 5, use_focus=True)


def test_unspent_points_are_lost_and_zero_points_reach_nothing() -> None:
    """Rulebook, Move: a character "can spend any number of their movement points"; with none it
    stays where it is."""
    f = field(SMALL_OPEN)
    assert reachable(f, Position(3, 3), 0) == {}
    assert set(reachable(f, Position(3, 3), 1)) == _ground_disc(Position(3, 3), 1)


# --- difficult terrain, quickness, cripple ------------------------------------------------------


def test_he_man_starting_in_difficult_terrain_gets_three_points() -> None:
    """Rulebook, Movement and Difficult Terrain: "He-Man has a speed value of five, but because he
    begins his move action in difficult terrain, that value is reduced by two, giving him only three
    movement points to spend this action." Entering difficult terrain costs nothing extra."""
    f = field(DIFFICULT_START)
    he_man = Position(3, 3)
    assert f.is_difficult(he_man)
    points = movement_points(f, he_man, HE_MAN_SPEED, HE_MAN_FOCUSED)
    assert points.points == 3
    assert any("difficult terrain" in note for note in points.notes)
    assert set(reachable(f, he_man, points.points)) == _ground_disc(he_man, 3)
    focused = movement_points(f, he_man, HE_MAN_SPEED, HE_MAN_FOCUSED, use_focus=True)
    assert focused.points == 6  # "(and focused speed value)"


def test_starting_outside_difficult_terrain_keeps_the_full_speed() -> None:
    """Rulebook, Movement and Difficult Terrain: only *beginning* the action in difficult terrain
    reduces the speed; walking into it costs one point a hex."""
    f = field(DIFFICULT_START)
    start = Position(1, 3)
    assert not f.is_difficult(start)
    assert movement_points(f, start, 5).points == 5
    routes = reachable(f, start, 5)
    assert routes[Position(6, 3)].cost == 5  # straight through the bog


@pytest.mark.parametrize(
    ("start", "quickness", "cripple", "focus", "expected"),
    [
        (Position(1, 1), True, False, False, 7),
        (Position(1, 1), True, False, True, 10),
        (Position(1, 1), False, True, False, 3),
        (Position(1, 1), False, True, True, 6),
        (Position(1, 1), True, True, False, 5),
        (Position(3, 3), False, True, False, 3),  # in difficult terrain: cripple ignored
        (Position(3, 3), False, True, True, 6),
        (Position(3, 3), True, False, False, 5),
        (Position(3, 3), True, True, False, 5),
    ],
)
def test_quickness_and_cripple_change_both_speed_values(
    start: Position, quickness: bool, cripple: bool, focus: bool, expected: int
) -> None:
    """Rulebook, Buffs and Debuffs: Quickness: "speed value (and focused speed value) is increased
    by two"; Cripple: "reduced by two. A character ignores this debuff if they begin their movement
    in difficult terrain." Move: a game effect on the speed modifies both values."""
    f = field(DIFFICULT_START)
    points = movement_points(
        f,
        start,
        HE_MAN_SPEED,
        HE_MAN_FOCUSED,
        use_focus=focus,
        quickness=quickness,
        cripple=cripple,
    )
    assert points.points == expected
    if cripple and f.is_difficult(start):
        assert any("cripple ignored" in note for note in points.notes)


def test_movement_points_never_go_below_zero() -> None:
    """Rulebook, Move: a character receives movement points equal to its (modified) speed; a speed
    of 1, crippled, in difficult terrain gives nothing rather than a debt."""
    f = field(DIFFICULT_START)
    assert movement_points(f, Position(3, 3), 1).points == 0
    assert movement_points(f, Position(1, 1), 1, cripple=True).points == 0


# --- low and high obstacles -----------------------------------------------------------------


def test_skeletor_moves_over_a_low_obstacle_for_three_points() -> None:
    """Rulebook, Movement and Low Obstacles: "a character can spend three movement points to move
    from any hex that shares a border with a portion of a low obstacle to any other hex that shares
    a border with the same portion." Skeletor at (3,2) borders the portions (4,1) and (4,2); the
    wall
    spans the board, so there is no way round."""
    f = field(LOW_WALL)
    skeletor = Position(3, 2)
    routes = reachable(f, skeletor, 3)
    east = _east_of_wall(routes)
    assert set(east) == {Position(5, 0), Position(5, 1), Position(5, 2)}
    for pos, route in east.items():
        assert route.cost == 3
        (step,) = route.steps
        assert step.kind == "over-low"
        assert step.via in {(4, 1), (4, 2)}
        assert step.via in neighbours(skeletor.hex) and step.via in neighbours(pos.hex)
    assert _east_of_wall(reachable(f, skeletor, 2)) == {}


def test_skeletor_moves_over_a_high_obstacle_for_six_points() -> None:
    """Rulebook, Movement and High Obstacles: "Skeletor spends six movement points to move over a
    hex that contains a high obstacle." With five he cannot."""
    f = field(HIGH_WALL)
    skeletor = Position(3, 2)
    east = _east_of_wall(reachable(f, skeletor, 6))
    assert set(east) == {Position(5, 0), Position(5, 1), Position(5, 2)}
    for route in east.values():
        assert route.cost == 6
        assert [step.kind for step in route.steps] == ["over-high"]
    assert _east_of_wall(reachable(f, skeletor, 5)) == {}
    # further along, after crossing, ordinary steps again
    assert reachable(f, skeletor, 7)[Position(6, 1)].cost == 7


def test_each_portion_has_its_own_height() -> None:
    """Rulebook, Terrain / Movement and Low Obstacles: "The phrase 'portion of the obstacle' refers
    to any part of the obstacle that occupies exactly one hex"; a mixed piece has high and low
    portions. Skeletor crosses the low portion (4,2) for 3, not the high (4,1) for 6."""
    f = field(MIXED_WALL)
    skeletor = Position(3, 2)
    east = _east_of_wall(reachable(f, skeletor, 3))
    assert set(east) == {Position(5, 1), Position(5, 2)}
    routes = reachable(f, skeletor, 6)
    assert routes[Position(5, 0)].cost == 4  # low portion, then one step
    assert [s.kind for s in routes[Position(5, 0)].steps] == ["over-low", "step"]


def test_cannot_land_on_the_obstacle_or_cross_two_portions_at_once() -> None:
    """Rulebook, Movement and Low Obstacles: the move ends on a hex bordering the *same* portion;
    obstacle hexes hold no characters (Terrain). A wall two hexes thick cannot be crossed."""
    f = field(THICK_WALL)
    routes = reachable(f, Position(3, 2), 40)
    assert all(p.q < 4 or (p.q, p.r) not in f.obstacle_height for p in routes)
    assert {p for p in routes if p.q > 5} == set()
    low = field(LOW_WALL)
    assert all(p.hex not in low.obstacle_height for p in reachable(low, Position(3, 2), 9))


def test_cannot_land_on_an_occupied_hex_beyond_an_obstacle() -> None:
    """Rulebook, Standard Movement / Low Obstacles: the hex moved to must not contain another
    character."""
    f = field(LOW_WALL)
    skeletor = Position(3, 2)
    blocked = Position(5, 1)
    for occupancy in (Occupancy.of(friends=[blocked]), Occupancy.of(enemies=[blocked])):
        east = _east_of_wall(reachable(f, skeletor, 3, occupancy))
        assert blocked not in east
        assert {Position(5, 0), Position(5, 2)} <= set(east)
    # next to the enemy, the move over the obstacle ends there
    east = _east_of_wall(reachable(f, skeletor, 4, Occupancy.of(enemies=[blocked])))
    assert east[Position(5, 0)].stopped_by_enemy
    assert Position(6, 0) not in east  # only via (5,0), which stops the move


# --- ladders and platforms -------------------------------------------------------------------


def test_skeletor_climbs_the_ladder_then_walks_along_the_platform() -> None:
    """Rulebook, Ladders: "Skeletor spends two movement points to move up the ladder to the hex on
    the platform and then another movement point to move along the platform." """
    f = field(LADDER)
    skeletor = Position(2, 2)
    routes = reachable(f, skeletor, 3)
    top = routes[Position(4, 2, PLATFORM)]
    assert top.cost == 2
    (step,) = top.steps
    assert (step.kind, step.via, step.cost) == ("ladder", (3, 2), 2)
    along = routes[Position(5, 2, PLATFORM)]
    assert along.cost == 3
    assert [s.kind for s in along.steps] == ["ladder", "step"]
    assert {p for p in routes if p.level == PLATFORM} == {
        Position(4, 2, PLATFORM),
        Position(5, 2, PLATFORM),
        Position(4, 3, PLATFORM),
    }
    assert not any(p.level == PLATFORM for p in reachable(f, skeletor, 1))


def test_a_ladder_joins_every_pair_of_hexes_bordering_it_at_any_elevation() -> None:
    """Rulebook, Ladders: two movement points move a character "from any hex that shares a border
    with a ladder to any other hex that shares a border with that ladder (no matter its
    elevation)". Down from the platform: every free ground hex around the ladder for two."""
    f = field(LADDER)
    routes = reachable(f, Position(4, 2, PLATFORM), 2)
    ground = {p for p in routes if p.level == GROUND}
    around = {Position(q, r) for q, r in neighbours((3, 2))} & f.positions
    assert ground == around
    for p in ground:
        assert routes[p].cost == 2 and routes[p].steps[0].kind == "ladder"


def test_skeletor_climbs_up_for_three_points() -> None:
    """Rulebook, Climbing Up: "Skeletor spends three movement points to climb to the top of the
    platform." The climber must share a border with the platform hex."""
    f = field(CLIMB)
    skeletor = Position(3, 2)
    routes = reachable(f, skeletor, 3)
    raised = {p: r for p, r in routes.items() if p.level == PLATFORM}
    assert set(raised) == {Position(4, 2, PLATFORM)}
    assert [(s.kind, s.cost) for s in raised[Position(4, 2, PLATFORM)].steps] == [("climb-up", 3)]
    assert not any(p.level == PLATFORM for p in reachable(f, skeletor, 2))


def test_no_climbing_up_from_directly_under_the_platform() -> None:
    """Rulebook, Climbing Up: "A character cannot climb up from a hex that is directly underneath a
    platform." From (4,2) under the ledge he must first step out from under it."""
    f = field(CLIMB)
    under = Position(4, 2)
    assert f.is_under_platform(under)
    assert not any(p.level == PLATFORM for p in reachable(f, under, 3))
    routes = reachable(f, under, 4)
    up = routes[Position(4, 2, PLATFORM)]
    assert up.cost == 4
    assert [s.kind for s in up.steps] == ["step", "climb-up"]
    assert not f.is_under_platform(up.steps[0].to)


def test_climbing_down_costs_three_and_not_onto_a_hex_under_the_platform() -> None:
    """Rulebook, Climbing Down: "a character can spend three movement points to climb down from a
    platform ... A character cannot climb down to a hex that is directly underneath a platform." """
    f = field(CLIMB)
    top = Position(5, 2, PLATFORM)
    routes = reachable(f, top, 3)
    ground = {p: r for p, r in routes.items() if p.level == GROUND}
    assert set(ground) == {Position(6, 2), Position(6, 1), Position(5, 1), Position(5, 3)}
    for route in ground.values():
        assert [(s.kind, s.cost) for s in route.steps] == [("climb-down", 3)]
    assert Position(4, 2) not in routes and Position(4, 3) not in routes
    assert not any(p.level == GROUND for p in reachable(f, top, 2))


def test_climbing_up_onto_a_character_pushes_it() -> None:
    """Rulebook, Pushing: "When a character is climbing down from or up to a platform, if the hex
    they are moving to contains a character, that character is pushed." """
    f = field(CLIMB)
    occupant = Position(4, 2, PLATFORM)
    for occupancy in (Occupancy.of(enemies=[occupant]), Occupancy.of(friends=[occupant])):
        route = reachable(f, Position(3, 2), 3, occupancy)[occupant]
        (step,) = route.steps
        assert step.kind == "climb-up"
        assert step.pushes == occupant
        assert route.to_json()["steps"][0]["pushes"] == [4, 2, 1]


def test_climbing_down_onto_a_character_pushes_it() -> None:
    """Rulebook, Pushing: climbing down onto a character pushes it too."""
    f = field(CLIMB)
    occupant = Position(6, 2)
    route = reachable(f, Position(5, 2, PLATFORM), 3, Occupancy.of(friends=[occupant]))[occupant]
    assert [(s.kind, s.pushes) for s in route.steps] == [("climb-down", occupant)]


def test_no_climbing_onto_a_character_that_has_nowhere_to_go() -> None:
    """Rulebook, Pushing: "If a character on that hex cannot be pushed, the moving character cannot
    enter this hex. When a character is pushed, they are moved to a hex that shares a border with
    the hex they occupy." Every platform hex around the occupant is taken."""
    f = field(CLIMB)
    occupant = Position(4, 2, PLATFORM)
    crowd = [occupant, Position(5, 2, PLATFORM), Position(4, 3, PLATFORM)]
    routes = reachable(f, Position(3, 2), 3, Occupancy.of(friends=crowd))
    assert occupant not in routes
    # down onto (6,2), all of whose ground neighbours are taken (incl. (5,2) under the ledge)
    boxed = Position(6, 2)
    ring = [Position(q, r) for q, r in neighbours(boxed.hex)]
    assert all(f.is_position(p) for p in ring)
    routes = reachable(f, Position(5, 2, PLATFORM), 3, Occupancy.of(friends=[boxed, *ring]))
    assert boxed not in routes


def test_no_climbing_onto_a_character_that_cannot_be_pushed() -> None:
    """Rulebook, Pushing: "If a character on that hex cannot be pushed, the moving character cannot
    enter this hex" (e.g. a massive model: Massive Models, Pushing and Pulling)."""
    f = field(CLIMB)
    occupant = Position(4, 2, PLATFORM)
    unpushable = Occupancy(frozenset(), frozenset([occupant]), can_be_pushed=lambda _p: False)
    assert occupant not in reachable(f, Position(3, 2), 6, unpushable)


def test_climbing_onto_an_enemy_ends_the_move() -> None:
    """Rulebook, Move: "If a character enters a hex that is adjacent to an enemy, their move action
    ends immediately"; Pushing: the pushed enemy is moved to a hex that shares a border with the hex
    the climber now occupies — the climber is next to it."""
    f = field(CLIMB)
    enemy = Position(4, 2, PLATFORM)
    routes = reachable(f, Position(3, 2), 9, Occupancy.of(enemies=[enemy]))
    assert routes[enemy].steps[-1].pushes == enemy
    assert routes[enemy].stopped_by_enemy
    assert all(enemy not in route.path[:-1] for route in routes.values())


# --- enemies and occupied hexes ---------------------------------------------------------------


def _oracle(
    f: Battlefield,
    start: Position,
    points: int,
    friends: set[Position],
    enemies: set[Position],
) -> dict[Position, tuple[int, bool]]:
    """Open ground only: breadth-first, one point a hex; occupied hexes are never entered; a hex
    next to an enemy (same level) is entered but not left (Move)."""
    zone = {Position(q, r, e.level) for e in enemies for q, r in neighbours(e.hex)}
    taken = friends | enemies
    dist = {start: 0}
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        if pos != start and pos in zone:
            continue
        for q, r in neighbours(pos.hex):
            nxt = Position(q, r, pos.level)
            fresh = nxt in f.positions and nxt not in taken and nxt not in dist
            if fresh and dist[pos] + 1 <= points:
                dist[nxt] = dist[pos] + 1
                queue.append(nxt)
    return {p: (d, p in zone) for p, d in dist.items() if p != start}


def test_entering_a_hex_next_to_an_enemy_ends_the_move() -> None:
    """Rulebook, Move: "If a character enters a hex that is adjacent to an enemy, their move action
    ends immediately." Those hexes are reachable but nothing is reached through them."""
    f = field(SMALL_OPEN)
    he_man, enemy = Position(1, 3), Position(4, 3)
    routes = reachable(f, he_man, 5, Occupancy.of(enemies=[enemy]))
    zone = {Position(q, r) for q, r in neighbours(enemy.hex)}
    near_side = {Position(3, 3), Position(4, 2), Position(3, 4)}
    assert near_side <= set(routes)
    for pos, route in routes.items():
        assert route.stopped_by_enemy == (pos in zone)
        assert not any(p in zone for p in route.path[:-1])
    assert enemy not in routes
    assert Position(6, 3) not in routes  # five steps straight on, but only through the zone
    assert Position(6, 3) in reachable(f, he_man, 5)
    expected = _oracle(f, he_man, 5, set(), {enemy})
    assert {p: (r.cost, r.stopped_by_enemy) for p, r in routes.items()} == expected


def test_moving_away_from_an_adjacent_enemy_is_allowed() -> None:
    """Rulebook, Move: only *entering* a hex adjacent to an enemy ends the move; a character that
    starts next to one may walk away (into another hex next to it, it stops)."""
    f = field(SMALL_OPEN)
    he_man, enemy = Position(3, 3), Position(4, 3)
    routes = reachable(f, he_man, 3, Occupancy.of(enemies=[enemy]))
    assert routes[Position(2, 3)].cost == 1 and not routes[Position(2, 3)].stopped_by_enemy
    assert routes[Position(0, 3)].cost == 3
    assert routes[Position(4, 2)].stopped_by_enemy  # next to the enemy as well
    assert routes[Position(3, 4)].stopped_by_enemy


def test_an_enemy_at_another_elevation_is_not_adjacent() -> None:
    """Rulebook, Basic Concepts: hexes "at different elevations ... are not adjacent": walking past
    the foot of a platform with an enemy on top does not stop the move."""
    f = field(CLIMB)
    enemy = Position(4, 2, PLATFORM)
    routes = reachable(f, Position(3, 3), 4, Occupancy.of(enemies=[enemy]))
    ground = {p: r for p, r in routes.items() if p.level == GROUND}
    assert Position(4, 2) in ground  # the ground directly under the enemy
    assert set(ground) == {p for p in _ground_disc(Position(3, 3), 4) if p in f.positions}
    assert not any(route.stopped_by_enemy for route in ground.values())
    assert routes[Position(4, 3, PLATFORM)].stopped_by_enemy  # up there it is adjacent


def test_occupied_hexes_cannot_be_entered_or_passed() -> None:
    """Rulebook, Standard Movement: a character moves "to any adjacent hex that does not contain
    another character" — friend or foe; the way round costs more."""
    f = field(SMALL_OPEN)
    he_man = Position(2, 3)
    friend = Position(3, 3)
    routes = reachable(f, he_man, 5, Occupancy.of(friends=[friend]))
    assert friend not in routes
    assert routes[Position(4, 3)].cost == 3  # two steps straight through, three round
    assert all(friend not in route.path for route in routes.values())
    enemy_routes = reachable(f, he_man, 5, Occupancy.of(enemies=[friend]))
    assert friend not in enemy_routes
    assert all(friend not in route.path for route in enemy_routes.values())


def test_a_line_of_friends_across_the_board_cannot_be_passed() -> None:
    """Rulebook, Standard Movement: characters cannot be passed through, not even friends."""
    f = field(SMALL_OPEN)
    line = [Position(4, r) for r in range(7)]
    routes = reachable(f, Position(1, 3), 30, Occupancy.of(friends=line))
    assert routes
    assert all(p.q < 4 for p in routes)


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.sampled_from(board_hexes(9, 7)), max_size=8),
    st.sets(st.sampled_from(board_hexes(9, 7)), max_size=4),
    st.sampled_from(board_hexes(9, 7)),
    st.integers(0, 8),
)
def test_open_ground_movement_matches_a_breadth_first_oracle(
    friend_hexes: set, enemy_hexes: set, start_hex: tuple[int, int], points: int
) -> None:
    """Rulebook, Move / Standard Movement: on open ground, the reachable positions, their costs and
    their stops are those of a breadth-first search that never enters occupied hexes and never
    leaves a hex next to an enemy (other than the start)."""
    f = field(SMALL_OPEN)
    start = Position(*start_hex)
    friends = {Position(*h) for h in friend_hexes} - {start}
    enemies = {Position(*h) for h in enemy_hexes} - {start} - friends
    routes = reachable(f, start, points, Occupancy.of(friends, enemies))
    expected = _oracle(f, start, points, friends, enemies)
    assert {p: (r.cost, r.stopped_by_enemy) for p, r in routes.items()} == expected


# --- jump and teleport ---------------------------------------------------------------------


@pytest.mark.parametrize("style", ["jump", "teleport"])
def test_jump_and_teleport_ignore_obstacles_characters_and_enemies(style: str) -> None:
    """Rulebook, Jump / Teleport: the character "ignores all characters, low and high obstacles,
    penalties from difficult terrain, and does not end their movement after entering a hex adjacent
    to an enemy" — but it must still end on a free position."""
    f = field(HIGH_WALL)
    start = Position(3, 2)
    friend, enemy = Position(5, 1), Position(6, 2)
    routes = reachable(f, start, 3, Occupancy.of([friend], [enemy]), style=style)  # type: ignore[arg-type]
    expected = {
        p
        for p in f.positions
        if p != start and hex_distance(p.hex, start.hex) <= 3 and p not in (friend, enemy)
    }
    assert set(routes) == expected
    assert Position(6, 1) in routes  # over the wall, past the friend, next to the enemy
    for pos, route in routes.items():
        assert route.cost == hex_distance(start.hex, pos.hex)
        assert not route.stopped_by_enemy
        assert all(step.kind == style for step in route.steps)
    assert all(p.hex not in f.obstacle_height for p in routes)


@pytest.mark.parametrize("style", ["jump", "teleport"])
def test_jump_and_teleport_treat_other_elevations_as_adjacent(style: str) -> None:
    """Rulebook, Jump / Teleport: the character "treats all surrounding hexes as adjacent, even if
    they are at different elevations": from the ground next to the ledge one point reaches it."""
    f = field(CLIMB)
    routes = reachable(f, Position(3, 2), 1, style=style)  # type: ignore[arg-type]
    assert routes[Position(4, 2, PLATFORM)].cost == 1
    routes = reachable(f, Position(5, 2, PLATFORM), 1, style=style)  # type: ignore[arg-type]
    assert routes[Position(6, 2)].cost == 1
    assert routes[Position(4, 2)].cost == 1  # even under the platform: no climbing rules


@pytest.mark.parametrize("style", ["jump", "teleport"])
def test_jump_and_teleport_ignore_the_difficult_terrain_penalty(style: str) -> None:
    """Rulebook, Jump / Teleport: they ignore "penalties from difficult terrain"."""
    f = field(DIFFICULT_START)
    start = Position(3, 3)
    points = movement_points(f, start, 5, style=style)  # type: ignore[arg-type]
    assert points.points == 5
    assert set(reachable(f, start, 5, style=style)) == _ground_disc(start, 5) & f.positions  # type: ignore[arg-type]


def test_a_jump_never_costs_more_than_the_points() -> None:
    """Rulebook, Jump: the same rules as the move action — a character spends at most its movement
    points; with none it goes nowhere."""
    f = field(CLIMB)
    assert reachable(f, Position(4, 2), 0, style="jump") == {}
    assert reachable(f, Position(4, 2), 0, style="teleport") == {}


# --- movement effects: towards, charge, push, pull, switch ------------------------------------


def test_towards_keeps_only_stops_on_a_shortest_route() -> None:
    """Rulebook, Towards: "the moving character must use the shortest route possible towards the
    indicated character or object." On open ground: the hexes k steps out that are k steps closer
    to the nearest hex next to the target (docs/geometry.md: the goal for a character is the
    positions engaged with it)."""
    f = field(SMALL_OPEN)
    start, target = Position(1, 3), Position(6, 2)
    goal = goal_next_to(f, target)
    assert set(goal) == {Position(q, r) for q, r in neighbours(target.hex)} & f.positions
    occupancy = Occupancy.of(enemies=[target])
    whole = min(hex_distance(start.hex, g.hex) for g in goal)
    for points in range(0, 7):
        found = towards(f, start, points, goal, occupancy)
        expected = {
            p
            for p in f.positions
            if p != start
            and p != target
            and hex_distance(start.hex, p.hex) <= points
            and hex_distance(start.hex, p.hex) + min(hex_distance(p.hex, g.hex) for g in goal)
            == whole
        }
        assert set(found) == expected, points
        for pos, route in found.items():
            assert route.cost == hex_distance(start.hex, pos.hex)


def test_towards_an_object_over_an_obstacle() -> None:
    """Rulebook, Towards: the same rules as the move action, shortest route in movement points:
    across the low wall (3) and one step (1) to the object at (6,2); walking along the wall first
    is not a shortest route."""
    f = field(LOW_WALL)
    start, goal = Position(3, 2), [Position(6, 2)]
    assert towards(f, start, 2, goal) == {}
    assert set(towards(f, start, 3, goal)) == {Position(5, 2)}
    found = towards(f, start, 6, goal)
    assert set(found) == {Position(5, 2), Position(6, 2)}
    assert found[Position(6, 2)].cost == 4


def test_charge_ends_next_to_the_target_facing_it() -> None:
    """Rulebook, Charge: "the moving character must use the shortest route possible towards the
    indicated character. To resolve a charge, the character must end their movement in a hex
    adjacent to the character they are charging, and they must rotate their model to face that
    character." """
    f = field(SMALL_OPEN)
    he_man, skeletor = Position(1, 3), Position(5, 3)
    occupancy = Occupancy.of(enemies=[skeletor])
    (only,) = charge(f, he_man, 5, skeletor, occupancy)
    assert only.route.destination == Position(4, 3)
    assert only.route.cost == 3
    assert only.facing == 0  # East, at Skeletor
    assert charge(f, he_man, 2, skeletor, occupancy) == []  # cannot reach him


def test_charge_on_a_diagonal_offers_every_nearest_engaging_hex() -> None:
    """Rulebook, Charge: each shortest route ending adjacent to the target is a legal charge, and
    the model then faces the target."""
    f = field(SMALL_OPEN)
    he_man, skeletor = Position(1, 3), Position(4, 5)
    charges = charge(f, he_man, 8, skeletor, Occupancy.of(enemies=[skeletor]))
    assert charges
    best = min(c.route.cost for c in charges)
    for c in charges:
        assert c.route.cost == best
        assert hex_distance(c.route.destination.hex, skeletor.hex) == 1
        assert neighbour(c.route.destination.hex, c.facing) == skeletor.hex


def test_push_moves_straight_away_from_the_source() -> None:
    """Rulebook, Push and Pull: "the character's model is moved to an adjacent hex. If a character
    is pushed or pulled multiple hexes, those hexes must be in a straight line ... along a straight
    line connecting both characters." """
    f = field(SMALL_OPEN)
    (result,) = displace(f, (1, 3), Position(2, 3), 2, [])
    assert result.path == (Position(3, 3), Position(4, 3))
    assert result.final == Position(4, 3)
    assert result.stopped == "moved the full 2 hexes"
    assert result.to_json()["to"] == [4, 3, 0]


def test_pull_moves_straight_towards_the_source_and_stops_before_it() -> None:
    """Rulebook, Push and Pull: pulled along the line connecting both characters; a model in the
    way (here the puller) stops the movement."""
    f = field(SMALL_OPEN)
    (result,) = displace(f, (1, 3), Position(4, 3), 2, [], pull=True)
    assert result.path == (Position(3, 3), Position(2, 3))
    (result,) = displace(f, (1, 3), Position(4, 3), 5, [], pull=True)
    assert result.final == Position(2, 3)


def test_push_along_a_line_between_two_hexes_offers_both() -> None:
    """docs/geometry.md (Push / pull): when the line through both centres runs exactly between two
    hexes, both sides are offered (the player resolving the effect chooses)."""
    f = field(SMALL_OPEN)
    results = displace(f, (1, 3), Position(2, 4), 1, [])
    assert {r.final for r in results} == {Position(3, 4), Position(2, 5)}


@pytest.mark.parametrize(
    ("source", "target", "occupied", "final", "reason"),
    [
        (
            (1, 3),
            Position(2, 3),
            [Position(4, 3)],
            Position(3, 3),
            "stopped: a model stands at (4,3)",
        ),
        ((5, 3), Position(6, 3), [], Position(7, 3), "stopped: edge of the battleground"),
    ],
)
def test_push_stops_before_a_model_or_the_edge(
    source: tuple[int, int],
    target: Position,
    occupied: list[Position],
    final: Position,
    reason: str,
) -> None:
    """Rulebook, Push and Pull: "If a target would move into a hex that contains a terrain piece or
    other model, their movement stops immediately." The battleground's edge stops it too."""
    (result,) = displace(field(SMALL_OPEN), source, target, 5, occupied)
    assert result.final == final
    assert result.stopped == reason


def test_push_stops_before_a_terrain_piece_but_not_difficult_terrain() -> None:
    """Rulebook, Push and Pull: a terrain piece stops the movement; docs/geometry.md (decided):
    difficult terrain does not, a character can stand there."""
    (result,) = displace(field(LOW_WALL), (2, 2), Position(3, 2), 3, [])
    assert result.final == Position(3, 2) and result.path == ()
    assert result.stopped == "stopped: terrain piece at (4,2)"
    (result,) = displace(field(DIFFICULT_START), (1, 3), Position(2, 3), 3, [])
    assert result.final == Position(5, 3)


def test_pushed_off_a_platform_climbs_down_for_free_and_stops() -> None:
    """Rulebook, Push and Pull: "If a target is pushed or pulled from elevated ground, they must
    perform a free climbing down action, after that movement immediately stops." """
    f = field(CLIMB)
    (result,) = displace(f, (4, 2), Position(5, 2, PLATFORM), 3, [])
    assert result.path == (Position(6, 2),)
    assert result.final == Position(6, 2)
    assert "climb down" in result.stopped
    (result,) = displace(f, (3, 2), Position(4, 2, PLATFORM), 3, [])
    assert result.path == (Position(5, 2, PLATFORM), Position(6, 2))


def test_switching_massive_and_non_massive_models_is_not_allowed() -> None:
    """Rulebook, Massive Models, Switching: "Massive models cannot switch positions with
    non-massive models." """
    assert can_switch(False, False)
    assert can_switch(True, True)
    assert not can_switch(True, False)
    assert not can_switch(False, True)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_push_and_pull_paths_follow_the_line_through_both_characters(data: st.DataObject) -> None:
    """Rulebook, Push and Pull: each hex of the path is adjacent to the previous one, lies on the
    straight line through both characters' centres, and gets farther from (push) or nearer to
    (pull) the source; an unobstructed push moves the full count."""
    f = field(OPEN_FIELD)
    positions = sorted(f.positions)
    target = data.draw(st.sampled_from(positions))
    source = data.draw(
        st.sampled_from([p.hex for p in positions if 0 < hex_distance(p.hex, target.hex) <= 4])
    )
    count = data.draw(st.integers(1, 4))
    pull = data.draw(st.booleans())
    a, b = centre(source), centre(target.hex)
    far = (a[0] + 30 * (b[0] - a[0]), a[1] + 30 * (b[1] - a[1]))
    back = (a[0] - 30 * (b[0] - a[0]), a[1] - 30 * (b[1] - a[1]))
    results = displace(f, source, target, count, [], pull=pull)
    assert results
    for result in results:
        before = target
        for p in result.path:
            assert hex_distance(before.hex, p.hex) == 1
            assert passes_through(back, far, p.hex)
            nearer = math.dist(a, centre(p.hex)) < math.dist(a, centre(before.hex))
            assert nearer == pull
            before = p
        assert result.final == before
        if not pull and result.stopped.startswith("moved"):
            assert len(result.path) == count


# --- massive models ----------------------------------------------------------------------------

TWO_HEX = ((0, 0), (-1, 0))  # the facing hex and one hex behind it


def test_a_massive_model_is_adjacent_to_every_hex_bordering_its_base() -> None:
    """Rulebook, Massive Models, Adjacency: "A massive model is adjacent to each hex that shares a
    border with any of the hexes it occupies." Two hexes side by side border eight others."""
    base = Base(3, 3, GROUND, 0, TWO_HEX)
    assert base.hexes() == ((3, 3), (2, 3))
    adjacent = adjacent_hexes(base)
    assert len(adjacent) == 8
    assert adjacent == (set(neighbours((3, 3))) | set(neighbours((2, 3)))) - {(3, 3), (2, 3)}


def test_one_movement_point_moves_a_massive_base_one_hex() -> None:
    """Rulebook, Massive Models, Movement: "a player chooses one of the model's hexes and moves it
    to an adjacent hex"; docs/geometry.md (decided): a shift in one of six directions, or a 60°
    pivot about one of its hexes: 6 + 2·2 placements for a two-hex base in the open."""
    f = field(SMALL_OPEN)
    base = Base(3, 3, GROUND, 0, TWO_HEX)
    reach = massive_reach(f, base, 1)
    assert len(reach) == 10
    kinds = sorted(steps[0].kind for _, steps in reach.values())
    assert kinds == ["pivot"] * 4 + ["step"] * 6
    for placed, (cost, steps) in reach.items():
        assert cost == 1 and len(steps) == 1
        moved = set(placed.hexes()) ^ set(base.hexes())
        assert len(set(placed.hexes()) & set(base.hexes())) >= (
            1 if steps[0].kind == "pivot" else 0
        )
        assert moved  # it did move


def test_no_part_of_a_massive_base_lands_on_the_obstacle() -> None:
    """Rulebook, Massive Models, Moving over Low Obstacles: three movement points "to move from any
    hex that shares a border with a portion of a low obstacle to any other hex that shares a border
    with the same portion ... No part of the massive character's base can be placed on top of the
    obstacle." Facing the wall, the tail would land on it; after a pivot (1) it crosses (3)."""
    f = field(LOW_WALL)
    base = Base(3, 2, GROUND, 0, TWO_HEX)
    east = {b: v for b, v in massive_reach(f, base, 3).items() if any(q > 4 for q, _ in b.hexes())}
    assert east == {}
    east = {b: v for b, v in massive_reach(f, base, 4).items() if any(q > 4 for q, _ in b.hexes())}
    assert east
    for placed, (cost, steps) in east.items():
        assert cost == 4
        assert [s.kind for s in steps] == ["pivot", "over-low"]
        assert all(h not in f.obstacle_height for h in placed.hexes())


def test_massive_models_cannot_use_ladders() -> None:
    """Rulebook, Massive Models, Ladders: "Massive models cannot use ladders and treat them as low
    obstacles." Skeletor takes the ladder for 2; a massive model must climb (2 steps + 3)."""
    f = field(LADDER)
    assert Position(4, 2, PLATFORM) in reachable(f, Position(2, 2), 2)
    base = Base(2, 2, GROUND, 0, ((0, 0),))
    assert not [b for b in massive_reach(f, base, 4) if b.level == PLATFORM]
    raised = {b: v for b, v in massive_reach(f, base, 5).items() if b.level == PLATFORM}
    assert raised
    assert all(steps[-1].kind == "climb-up" and cost == 5 for cost, steps in raised.values())


def test_a_massive_model_climbs_up_only_where_its_whole_base_fits() -> None:
    """Rulebook, Massive Models, Climbing Up: "the massive model must end in a position where its
    entire base can fit." Along the ledge's two-hex edge it fits; end-on it does not."""
    f = field(CLIMB)
    along = Base(4, 1, GROUND, 3, TWO_HEX)  # (4,1) and (5,1), just north of (4,2)-(5,2)
    assert along.hexes() == ((4, 1), (5, 1))
    up = {b: v for b, v in massive_reach(f, along, 3).items() if b.level == PLATFORM}
    assert [(b.hexes(), cost) for b, (cost, _) in up.items()] == [(((4, 2), (5, 2)), 3)]
    end_on = Base(3, 2, GROUND, 0, TWO_HEX)
    assert not [b for b in massive_reach(f, end_on, 3) if b.level == PLATFORM]


def test_a_massive_model_climbs_down_only_where_its_whole_base_fits() -> None:
    """Rulebook, Massive Models, Climbing Down: the whole base must fit, and (Climbing Down) not on
    hexes directly under the platform."""
    f = field(CLIMB)
    top = Base(4, 2, PLATFORM, 3, TWO_HEX)
    down = {b: v for b, v in massive_reach(f, top, 3).items() if b.level == GROUND}
    assert {b.hexes() for b in down} == {((4, 1), (5, 1)), ((5, 1), (6, 1))}
    for placed, (cost, steps) in down.items():
        assert cost == 3 and [s.kind for s in steps] == ["climb-down"]
        assert not any(h in f.platform_of for h in placed.hexes())


def test_difficult_terrain_under_any_hex_of_a_massive_base() -> None:
    """Rulebook, Movement and Difficult Terrain (a character beginning its move in difficult
    terrain) with docs/geometry.md (decided): any hex of the base in difficult terrain costs 2."""
    f = field(DIFFICULT_START)
    assert massive_points(f, Base(2, 3, GROUND, 0, TWO_HEX), 5) == 5
    assert massive_points(f, Base(5, 3, GROUND, 0, TWO_HEX), 5) == 3  # (4,3) is in the bog
    assert massive_points(f, Base(3, 3, GROUND, 3, TWO_HEX), 5) == 3


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_massive_moves_are_legal(data: st.DataObject) -> None:
    """Rulebook, Massive Models, Movement: every placement fits the whole base on free positions
    ("Every movement must end in a position that can fit the entire base"), costs the sum of its
    steps within the points, and no move goes on once any hex of the base is adjacent to an enemy
    (Move; Massive Models, Adjacency)."""
    f = field(SMALL_OPEN)
    positions = sorted(f.positions)
    start = data.draw(
        st.sampled_from([p for p in positions if Position(p.q - 1, p.r) in f.positions])
    )
    base = Base(start.q, start.r, GROUND, 0, TWO_HEX)
    others = [p for p in positions if p.hex not in base.hexes()]
    enemies = data.draw(st.lists(st.sampled_from(others), max_size=3, unique=True))
    points = data.draw(st.integers(0, 4))
    reach = massive_reach(f, base, points, enemies=enemies)
    for placed, (cost, steps) in reach.items():
        assert 0 < cost <= points
        assert cost == sum(s.cost for s in steps)
        assert steps[-1].to == placed
        for step in steps:
            assert all(p in f.positions and p not in enemies for p in step.to.positions())
        for step in steps[:-1]:
            touching = {Position(q, r) for q, r in adjacent_hexes(step.to)}
            assert not touching & set(enemies)


def test_cover_of_a_massive_target_ignores_what_is_next_to_any_of_its_hexes() -> None:
    """Rulebook, Massive Models, Cover: "When determining if a massive model has cover, players
    ignore all characters and high or low obstacles that are adjacent to any hex occupied by the
    massive model." """
    g = Battlefield.from_yaml(compose(9, 7, low=[(3, 3)]))
    attacker, target = Position(0, 3), Position(5, 3)
    assert cover_verdict(g, attacker, target).in_cover
    assert not cover_verdict(g, attacker, target, target_footprint=[(5, 3), (4, 3)]).in_cover


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_bigger_budget_holds_the_answer_for_a_smaller_one(data: st.DataObject) -> None:
    """Issue 7 §2 (one search for moves with and without focus): cutting a search's reach to
    fewer points gives exactly the reach and routes of a search with those points."""
    field = Battlefield.load("first-game")
    positions = sorted(field.positions)
    start = data.draw(st.sampled_from(positions))
    others = data.draw(st.lists(st.sampled_from(positions), max_size=6, unique=True))
    others = [p for p in others if p != start]
    split = data.draw(st.integers(0, len(others)))
    occupancy = Occupancy.of(friends=others[:split], enemies=others[split:])
    small = data.draw(st.integers(0, 8))
    big = small + data.draw(st.integers(0, 5))
    cut = reachable(field, start, big, occupancy).within(small)
    direct = reachable(field, start, small, occupancy)
    assert dict(cut.costs) == dict(direct.costs)
    for pos in direct:
        assert cut[pos] == direct[pos]
