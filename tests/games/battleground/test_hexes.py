"""Hex grid basics: directions, distances, ranges in inches, corners, turns, layout, adjacency.

Sources: rulebook *Basic Concepts* (hexes, adjacency), *Ranged Attack* (measurement, determining
range, the Flamethrower and Arm Cannon examples) and battleground.md §2 (Geometry).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from small_maps import (
    CLIMB,
    LADDER,
    LOW_WALL,
    SMALL_OPEN,
    field,
)

from rulekeeper.core import hexes
from rulekeeper.core.errors import DataError
from rulekeeper.core.hexes import (
    DIRECTION_NAMES,
    DIRECTIONS,
    are_neighbours,
    axial_to_offset,
    centre,
    corners,
    direction_to,
    edge_corners,
    hex_distance,
    neighbour,
    neighbours,
    offset_to_axial,
    ring,
    rotate_offset,
    rotations,
    within,
)
from rulekeeper.games.battleground.board import measures
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.measures import (
    GROUND,
    PLATFORM,
    Position,
    gap_between,
    range_inches,
)

SQRT3 = math.sqrt(3.0)
CORNER_RADIUS = 1.0 / SQRT3

# --- directions and layout ------------------------------------------------------------------------


@pytest.mark.parametrize("direction", range(6))
def test_directions_point_e_ne_nw_w_sw_se_on_screen(direction: int) -> None:
    """hexes.py / battleground.md §2: pointy-top hexes 1 inch across the flats; direction k is the
    neighbour at -60°·k on a screen whose y grows downwards (0 = E, 1 = NE, ... 5 = SE)."""
    x, y = centre(DIRECTIONS[direction])
    angle = math.radians(-60 * direction)
    assert x == pytest.approx(math.cos(angle))
    assert y == pytest.approx(math.sin(angle))
    assert DIRECTION_NAMES[direction] == ("E", "NE", "NW", "W", "SW", "SE")[direction]


def test_neighbour_centres_are_one_inch_apart() -> None:
    """battleground.md §2: hexes are 1 inch across the flats, so neighbouring centres are 1" apart
    and the centre-to-corner radius is 1/sqrt(3)."""
    for h in neighbours((3, -2)):
        (ax, ay), (bx, by) = centre((3, -2)), centre(h)
        assert math.hypot(ax - bx, ay - by) == pytest.approx(1.0)
    for cx, cy in corners((0, 0)):
        assert math.hypot(cx, cy) == pytest.approx(CORNER_RADIUS)


def test_corners_run_clockwise_from_the_lower_right() -> None:
    """hexes.py: the six corners, clockwise on screen (y down) from the lower right one."""
    cs = corners((0, 0))
    assert cs[0][0] > 0 and cs[0][1] > 0  # lower right
    assert cs[1] == pytest.approx((0.0, CORNER_RADIUS))  # bottom
    assert cs[4] == pytest.approx((0.0, -CORNER_RADIUS))  # top
    for i in range(6):
        angle = math.atan2(cs[(i + 1) % 6][1], cs[(i + 1) % 6][0]) - math.atan2(cs[i][1], cs[i][0])
        assert math.degrees(angle) % 360 == pytest.approx(60.0)


@pytest.mark.parametrize("direction", range(6))
def test_edge_corners_bound_the_edge_facing_that_direction(direction: int) -> None:
    """battleground.md §2 (Facing is one of the six edges): the two corners of edge k are shared
    with the neighbour in direction k and their midpoint lies half an inch towards it."""
    i, j = edge_corners(direction)
    cs = corners((0, 0))
    other = corners(neighbour((0, 0), direction))
    for c in (cs[i], cs[j]):
        assert any(math.dist(c, o) < 1e-9 for o in other)
    mid = ((cs[i][0] + cs[j][0]) / 2, (cs[i][1] + cs[j][1]) / 2)
    nx, ny = centre(DIRECTIONS[direction])
    assert mid == pytest.approx((nx / 2, ny / 2))


def test_direction_to_names_the_neighbour_and_nothing_else() -> None:
    """hexes.py: direction_to is the inverse of neighbour, None for a hex that is not adjacent."""
    for d in range(6):
        assert direction_to((2, 5), neighbour((2, 5), d)) == d
    assert direction_to((0, 0), (2, 0)) is None
    assert direction_to((0, 0), (0, 0)) is None


@pytest.mark.parametrize(
    ("column", "row"), [(0, 0), (3, 0), (0, 1), (4, 1), (0, 2), (5, 2), (7, 3), (2, 24), (29, 24)]
)
def test_offset_layout_shifts_odd_rows_right(column: int, row: int) -> None:
    """hexes.py / battleground.md §2: the rectangular battleground is odd-r: every odd row sits half
    a hex to the right, and axial_to_offset inverts offset_to_axial."""
    h = offset_to_axial(column, row)
    assert h[1] == row
    x, y = centre(h)
    assert x == pytest.approx(column + 0.5 * (row % 2))
    assert y == pytest.approx(row * SQRT3 / 2)
    assert axial_to_offset(h) == (column, row)


def test_board_rows_and_columns() -> None:
    """Rulebook, Battleground / mapfile.py: a board of columns x rows hexes, one row per r."""
    f = field(SMALL_OPEN)
    assert len(f.board) == 9 * 7
    for r in range(7):
        row = sorted(q for q, rr in f.board if rr == r)
        assert len(row) == 9
        assert row == list(range(row[0], row[0] + 9))


def test_the_printed_battleground_is_30_by_25() -> None:
    """Rulebook, Battleground: 25 hexes long by 30 hexes wide (the default board size)."""
    text = (
        "name: t\ntitle: t\ndeployment_zones:\n  - {player: 0, rows: [0, 0]}\n"
        "  - {player: 1, rows: [24, 24]}\n"
    )
    f = Battlefield.from_yaml(text)
    assert (f.columns, f.rows) == (30, 25)
    assert len(f.board) == 750


# --- distance ------------------------------------------------------------------------------------


def test_hex_distance_counts_steps() -> None:
    """Rulebook, Basic Concepts: a character is adjacent to six hexes; ranges in hexes count steps
    (battleground.md §2: Fireball's 2 hexes)."""
    assert hex_distance((0, 0), (0, 0)) == 0
    for n in neighbours((0, 0)):
        assert hex_distance((0, 0), n) == 1
    assert hex_distance((0, 0), (3, 0)) == 3
    assert hex_distance((0, 0), (2, 2)) == 4
    assert hex_distance((0, 0), (2, -2)) == 2
    assert hex_distance((-1, 4), (3, 1)) == 4


@pytest.mark.parametrize("radius", range(0, 6))
def test_rings_and_discs_have_the_hexagonal_counts(radius: int) -> None:
    """hexes.py: a ring of radius k has 6k hexes at distance k; a disc has 3k(k+1)+1 hexes."""
    r = ring((2, -1), radius)
    assert len(r) == max(1, 6 * radius)
    assert len(set(r)) == len(r)
    assert all(hex_distance((2, -1), h) == radius for h in r)
    disc = within((2, -1), radius)
    assert len(set(disc)) == 3 * radius * (radius + 1) + 1


def test_battlefield_distance_ignores_levels() -> None:
    """battleground.md §2: ranges given in hexes count hex steps (levels ignored)."""
    f = field(CLIMB)
    assert f.distance(Position(4, 2, PLATFORM), Position(4, 2, GROUND)) == 0
    assert f.distance(Position(4, 2, PLATFORM), Position(7, 2)) == 3
    assert f.distance((0, 0), Position(2, 2)) == 4


# --- range in inches -----------------------------------------------------------------------------


def _polygon_gap(a: tuple[int, int], b: tuple[int, int]) -> float:
    """Independent closest distance of two hexagons: sample both outlines densely."""

    def outline(h: tuple[int, int]) -> list[tuple[float, float]]:
        cx, cy = centre(h)
        pts = []
        for i in range(6):
            a0 = math.radians(30 + 60 * i)
            a1 = math.radians(30 + 60 * (i + 1))
            p = (cx + CORNER_RADIUS * math.cos(a0), cy + CORNER_RADIUS * math.sin(a0))
            q = (cx + CORNER_RADIUS * math.cos(a1), cy + CORNER_RADIUS * math.sin(a1))
            for k in range(40):
                t = k / 40
                pts.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
        return pts

    pa, pb = outline(a), outline(b)
    return min(math.dist(p, q) for p in pa for q in pb)


def test_adjacent_hexes_are_zero_inches_apart() -> None:
    """battleground.md §2: adjacent hexes are 0" apart (so is a hex from itself)."""
    assert range_inches((0, 0), (0, 0)) == 0.0
    for n in neighbours((4, -3)):
        assert range_inches((4, -3), n) == 0.0


@pytest.mark.parametrize("steps", range(2, 15))
def test_along_a_row_n_hexes_apart_is_n_minus_one_inches(steps: int) -> None:
    """Rulebook, Measurement (between the two closest points of two hexes) / battleground.md §2:
    along a row the closest points are the facing flats, so two hexes apart is 1", n apart n-1"."""
    for d in range(6):
        far = (DIRECTIONS[d][0] * steps, DIRECTIONS[d][1] * steps)
        assert range_inches((0, 0), far) == pytest.approx(steps - 1)


@pytest.mark.parametrize("k", range(1, 6))
def test_corner_to_corner_directions_measure_between_corners(k: int) -> None:
    """battleground.md §2: the smallest distance between the closed hexagons. Along (1,1) the hexes
    point corner to corner: k·sqrt(3) between centres minus two corner radii."""
    assert range_inches((0, 0), (k, k)) == pytest.approx(k * SQRT3 - 2 * CORNER_RADIUS)


@pytest.mark.parametrize("target", [(2, 0), (1, 1), (3, -1), (2, 3), (-4, 1), (5, -2), (0, 6)])
def test_range_matches_an_independent_outline_measurement(target: tuple[int, int]) -> None:
    """battleground.md §2: range is the smallest Euclidean distance between the two hexagons."""
    assert range_inches((0, 0), target) == pytest.approx(_polygon_gap((0, 0), target), abs=2e-3)


def test_flamethrower_example_four_inches_within_eight() -> None:
    """Rulebook, Determining Range: "Evil-Lyn and Stratos are 4 inches apart, so Evil-Lyn is
    within range of the 'Flamethrower'" (range 8): five hexes apart along a row."""
    f = field(SMALL_OPEN)
    stratos, evil_lyn = Position(0, 2), Position(5, 2)
    assert f.range_inches(stratos, evil_lyn) == pytest.approx(4.0)
    assert f.range_inches(stratos, evil_lyn) <= 8


def test_arm_cannon_example_three_inches_within_twelve() -> None:
    """Rulebook, Ranged Attack Example: "Skeletor is within range (3 inches)" of Man-At-Arms'
    'Arm Cannon' (range 12): four hexes apart along a row."""
    f = field(SMALL_OPEN)
    man_at_arms, skeletor = Position(1, 4), Position(5, 4)
    assert f.range_inches(man_at_arms, skeletor) == pytest.approx(3.0)
    assert f.range_inches(man_at_arms, skeletor) <= 12


def test_exactly_at_maximum_range_is_in_range() -> None:
    """Rulebook, Determining Range: in range when the distance "is equal to or less than" the
    weapon's maximum range: 13 hexes along a row is exactly 12", 14 hexes is 13"."""
    assert range_inches((0, 0), (13, 0)) == pytest.approx(12.0)
    assert range_inches((0, 0), (13, 0)) <= 12 + 1e-9
    assert range_inches((0, 0), (14, 0)) > 12


def test_range_ignores_levels_and_scales_with_hex_size() -> None:
    """battleground.md §2: range ignores levels; hexes are hex_inches across the flats (a per-map
    setting, default 1.0)."""
    f = field(CLIMB)
    assert f.range_inches(Position(4, 2, PLATFORM), Position(7, 2)) == pytest.approx(2.0)
    assert f.range_inches(Position(4, 2, PLATFORM), Position(4, 2)) == 0.0
    big = Battlefield.from_yaml(SMALL_OPEN.replace("title:", "hex_inches: 1.25\ntitle:"))
    assert big.hex_inches == 1.25
    assert big.range_inches(Position(0, 2), Position(5, 2)) == pytest.approx(5.0)


# --- turns -------------------------------------------------------------------------------------


@pytest.mark.parametrize("steps", range(-6, 13))
def test_rotate_offset_turns_direction_k_into_k_plus_steps(steps: int) -> None:
    """hexes.py: rotate_offset turns an offset by steps x 60° counter-clockwise on screen."""
    for d in range(6):
        assert rotate_offset(DIRECTIONS[d], steps) == DIRECTIONS[(d + steps) % 6]


def test_rotate_offset_keeps_distances_and_turns_centres_by_sixty_degrees() -> None:
    """hexes.py: a turn is a symmetry of the grid: it keeps hex distance and Euclidean length."""
    for offset in [(2, 1), (-3, 5), (4, -1), (0, 3)]:
        turned = rotate_offset(offset, 1)
        assert hex_distance((0, 0), turned) == hex_distance((0, 0), offset)
        ax, ay = centre(offset)
        bx, by = centre(turned)
        assert math.hypot(bx, by) == pytest.approx(math.hypot(ax, ay))
        # counter-clockwise on screen with y down is a -60° mathematical rotation
        c, s = math.cos(math.radians(-60)), math.sin(math.radians(-60))
        assert (bx, by) == pytest.approx((c * ax - s * ay, s * ax + c * ay))


# --- positions and adjacency -------------------------------------------------------------------


def test_position_defaults_to_ground_and_prints_its_level() -> None:
    """battleground.md §2: positions are (q, r) plus a level, 0 = ground, 1 = platform."""
    assert Position(1, 2) == Position(1, 2, GROUND)
    assert Position(1, 2).hex == (1, 2)
    assert str(Position(1, 2)) == "(1,2)"
    assert str(Position(1, 2, PLATFORM)) == "(1,2)^"
    assert Position(1, 2, PLATFORM).to_json() == [1, 2, 1]


def test_a_character_in_the_open_is_adjacent_to_six_hexes() -> None:
    """Rulebook, Basic Concepts: "The character is adjacent to six hexes." """
    f = field(SMALL_OPEN)
    here = Position(3, 3)
    adjacent = f.adjacent_positions(here)
    assert len(adjacent) == 6
    assert {p.hex for p in adjacent} == set(neighbours(here.hex))
    assert all(f.are_adjacent(here, p) for p in adjacent)
    assert not f.are_adjacent(here, Position(5, 3))
    assert not f.are_adjacent(here, here)


def test_board_edge_limits_adjacency() -> None:
    """Rulebook, Battleground: only hexes of the battleground are positions."""
    f = field(SMALL_OPEN)
    assert len(f.adjacent_positions(Position(0, 0))) == 2  # E and SE only (row 0 is the top)
    assert not f.is_position(Position(-1, 0))


def test_obstacles_and_ladders_are_not_positions() -> None:
    """Rulebook, Terrain / Standard Movement: a low obstacle "does not contain any hexes characters
    can stand on"; a character cannot enter a hex with a ladder, low or high obstacle."""
    wall = field(LOW_WALL)
    assert not wall.is_position(Position(4, 2))
    assert Position(4, 2) not in wall.adjacent_positions(Position(3, 2))
    ladder = field(LADDER)
    assert not ladder.is_position(Position(3, 2))
    assert not ladder.is_position(Position(4, 2))  # the tower's base is a high obstacle
    assert ladder.is_position(Position(4, 2, PLATFORM))


def test_different_elevations_are_not_adjacent() -> None:
    """Rulebook, Basic Concepts: "If two hexes are ... at different elevations, they are not
    adjacent." A ground hex directly under a platform is a separate position
    (battleground.md §2)."""
    f = field(CLIMB)
    top, below, beside = Position(4, 2, PLATFORM), Position(4, 2), Position(3, 2)
    assert f.is_position(top) and f.is_position(below)
    assert f.is_under_platform(below)
    assert not f.is_under_platform(top)
    assert not f.are_adjacent(top, beside)
    assert not f.are_adjacent(top, below)
    assert f.are_adjacent(below, beside)
    assert {p.hex for p in f.adjacent_positions(top)} == {(5, 2), (4, 3)}
    assert all(p.level == PLATFORM for p in f.adjacent_positions(top))


def test_a_map_cannot_put_a_ladder_away_from_its_platform() -> None:
    """Rulebook, Ladders: a ladder is against a platform; mapfile.py refuses one that is not."""
    bad = LADDER.replace("at: [3, 2]", "at: [1, 2]")
    with pytest.raises(DataError, match="does not border platform"):
        Battlefield.from_yaml(bad)


def test_are_neighbours_matches_the_six_directions() -> None:
    """hexes.py: neighbours share a border: exactly the six direction offsets."""
    for dq in range(-3, 4):
        for dr in range(-3, 4):
            assert are_neighbours((0, 0), (dq, dr)) == ((dq, dr) in DIRECTIONS)


@given(st.integers(-15, 15), st.integers(-15, 15))
def test_the_gap_is_the_same_a_sixth_of_a_turn_round(dq: int, dr: int) -> None:
    """battleground.md §2 (range between closest points): the board's geometry is six-fold
    symmetric, which lets the battlefield compute one gap for six offsets."""
    turns = rotations((dq, dr))
    assert len(set(turns)) == (1 if (dq, dr) == (0, 0) else 6)
    assert {gap_between(*t) for t in turns} == {gap_between(dq, dr)}


def test_battleground_measures_live_in_its_board_package() -> None:
    """issue 21 §1 Geometry: Battleground's positions with platform levels and its ranges in
    inches (battleground.md §2) are in games/battleground/board/measures.py, not in the core's
    generic core/hexes.py."""
    for name in ("Position", "GROUND", "PLATFORM", "gap_between", "range_inches"):
        assert not hasattr(hexes, name)
        assert hasattr(measures, name)
    assert measures.Position(1, 2, measures.PLATFORM).hex == (1, 2)
    assert measures.range_inches((0, 0), (13, 0)) == pytest.approx(12.0)
