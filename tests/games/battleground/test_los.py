"""Line of sight: the rulebook's examples, the decided geometry, and a brute-force cross-check.

Sources: rulebook *Ranged Attack* (Determining Line of Sight, incl. elevation, and its Stratos /
Trap Jaw / Evil-Lyn pictures) and battleground.md §2 (A line passes through a hex; Line of sight).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from small_maps import (
    ELEVATION_SIGHT,
    NEVER_BLOCK,
    NEVER_BLOCK_HIGH,
    SMALL_OPEN,
    STRATOS_ONE_LINE,
    STRATOS_TWO_LINES,
    UNDER_PLATFORM,
    compose,
    field,
    random_maps,
)

from rulekeeper.core.hexes import Hex, hex_distance, neighbours, within
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position
from rulekeeper.games.battleground.board.segments import (
    SEGMENTS,
    centre_pattern,
    corner_pattern,
    overlapping_segments,
    passes_through,
    segment_index,
    sight_pair,
)

# --- an independent geometry (not using hexes.centre / hexes.corners) --------------------------

_R = 1.0 / math.sqrt(3.0)
_EPS = 1e-9
_MIN_CHORD = 1e-6


def _centre(h: Hex) -> tuple[float, float]:
    q, r = h
    return (q + r / 2.0, r * math.sqrt(3.0) / 2.0)


def _corners(h: Hex) -> np.ndarray:
    """The six corners of a pointy-topped hexagon, at 30° + 60°·i on a y-down screen."""
    cx, cy = _centre(h)
    angles = np.radians(30.0 + 60.0 * np.arange(6))
    return np.stack([cx + _R * np.cos(angles), cy + _R * np.sin(angles)], axis=1)


def _chords(starts: np.ndarray, ends: np.ndarray, hexes: list[Hex]) -> np.ndarray:
    """Length of each segment (rows) inside each closed hexagon (columns), by clipping the segment
    against the six edge half-planes built from the corners."""
    if not hexes:
        return np.zeros((len(starts), 0))
    poly = np.stack([_corners(h) for h in hexes])  # (H, 6, 2)
    a = poly
    b = np.roll(poly, -1, axis=1)
    edge = b - a
    inward = np.stack([-edge[..., 1], edge[..., 0]], axis=-1)  # (H, 6, 2)
    centres = np.array([_centre(h) for h in hexes])
    sign = np.sign(np.einsum("hkd,hkd->hk", centres[:, None, :] - a, inward))
    inward = inward * sign[..., None]
    inward /= np.linalg.norm(inward, axis=-1, keepdims=True)
    d = ends - starts  # (S, 2)
    f0 = np.einsum("sd,hkd->shk", starts, inward) - np.einsum("hkd,hkd->hk", a, inward)[None]
    df = np.einsum("sd,hkd->shk", d, inward)
    flat = np.abs(df) < 1e-12
    safe = np.where(flat, 1.0, df)
    bound = (-_EPS - f0) / safe
    lower = np.where(flat, np.where(f0 >= -_EPS, -np.inf, np.inf), np.where(df > 0, bound, -np.inf))
    upper = np.where(flat, np.inf, np.where(df < 0, bound, np.inf))
    t_lo = np.maximum(lower.max(axis=2), 0.0)
    t_hi = np.minimum(upper.min(axis=2), 1.0)
    length = np.linalg.norm(d, axis=1)[:, None]
    return np.clip(t_hi - t_lo, 0.0, None) * length


def _segments(a: Hex, b: Hex) -> tuple[np.ndarray, np.ndarray, list[tuple[int, int]]]:
    ca, cb = _corners(a), _corners(b)
    pairs = [(i, j) for i in range(6) for j in range(6)]
    starts = np.array([ca[i] for i, _ in pairs])
    ends = np.array([cb[j] for _, j in pairs])
    return starts, ends, pairs


def _overlap(p: np.ndarray, q: np.ndarray, u: np.ndarray, v: np.ndarray) -> bool:
    """Two segments lie on one line and share a stretch of positive length."""
    d = q - p
    length2 = float(d @ d)

    def cross(x: np.ndarray) -> float:
        return float(d[0] * (x[1] - p[1]) - d[1] * (x[0] - p[0]))

    if abs(cross(u)) > 1e-9 or abs(cross(v)) > 1e-9:
        return False
    s = float((u - p) @ d) / length2
    t = float((v - p) @ d) / length2
    return min(1.0, max(s, t)) - max(0.0, min(s, t)) > 1e-9


def brute_unblocked(a: Hex, b: Hex, blocking: frozenset[Hex] | set[Hex]) -> list[tuple]:
    """Every corner-to-corner line (of positive length) that passes through no blocking hex."""
    starts, ends, pairs = _segments(a, b)
    others = sorted(h for h in blocking if h not in (a, b))
    chords = _chords(starts, ends, others)
    result = []
    for k, (i, j) in enumerate(pairs):
        if np.linalg.norm(ends[k] - starts[k]) < 1e-9:
            continue  # a corner shared by two neighbours: a point, not a line
        if not (chords[k] > _MIN_CHORD).any():
            result.append((i, j, starts[k], ends[k]))
    return result


def brute_visible(a: Hex, b: Hex, blocking: frozenset[Hex] | set[Hex]) -> bool:
    """battleground.md §2: two unblocked lines to two different corners of b, not overlapping."""
    if a == b:
        return True
    lines = brute_unblocked(a, b, blocking)
    return any(
        x[1] != y[1] and not _overlap(x[2], x[3], y[2], y[3])
        for x, y in itertools.combinations(lines, 2)
    )


def brute_rules(f: Battlefield, a: Position, b: Position) -> bool:
    """Rulebook, Determining Line of Sight (elevation), written out independently of los.py."""
    if a.hex == b.hex:
        return a.level == b.level
    if a.level != b.level:
        high, low = (a, b) if a.level > b.level else (b, a)
        if f.platform_of.get(low.hex) is not None and (
            f.platform_of.get(low.hex) == f.platform_of.get(high.hex)
        ):
            return False  # a platform and the hexes directly under it
        counting = {h for h in neighbours(low.hex) if h in f.high_obstacles}
    elif a.level == GROUND:
        counting = set(f.high_obstacles)
    else:
        # both on platforms: the decided reading of los.py (supports under platforms do not block)
        counting = {h for h in f.high_obstacles if h not in f.platform_of}
    return brute_visible(a.hex, b.hex, counting)


# --- the rulebook's examples -------------------------------------------------------------------


def test_all_but_one_line_blocked_means_no_line_of_sight() -> None:
    """Rulebook, Determining Line of Sight: "Stratos ... does not have line of sight to Trap Jaw.
    When trying to trace a line of sight to Trap Jaw, all but one line is blocked by a high
    obstacle." One clear line is not enough: two are needed."""
    f = field(STRATOS_ONE_LINE)
    stratos, trap_jaw = Position(0, 2), Position(4, 2)
    clear = brute_unblocked(stratos.hex, trap_jaw.hex, f.high_obstacles)
    assert [(i, j) for i, j, _, _ in clear] == [(4, 4)]  # top corner to top corner only
    verdict = f.line_of_sight(stratos, trap_jaw)
    assert not verdict.visible
    assert not f.has_line_of_sight(stratos, trap_jaw)
    assert not f.has_line_of_sight(trap_jaw, stratos)
    assert verdict.reason.startswith("blocked: high obstacle at (2,2), (2,3)")
    assert verdict.blockers == ((2, 2), (2, 3))
    assert verdict.lines == ()


def test_two_clear_lines_to_different_corners_give_line_of_sight() -> None:
    """Rulebook, Determining Line of Sight: "trace two unblocked lines that connect any corner of
    the attacking character's hex to at least two different corners of the target's hex." With a
    single column in between only the top and the bottom lines stay clear — and that suffices."""
    f = field(STRATOS_TWO_LINES)
    stratos, evil_lyn = Position(0, 2), Position(4, 2)
    clear = brute_unblocked(stratos.hex, evil_lyn.hex, f.high_obstacles)
    assert sorted((i, j) for i, j, _, _ in clear) == [(1, 1), (4, 4)]
    verdict = f.line_of_sight(stratos, evil_lyn)
    assert verdict.visible
    assert f.has_line_of_sight(evil_lyn, stratos)
    assert sorted(verdict.lines) == [("N", "N"), ("S", "S")]
    assert verdict.lines[0][1] != verdict.lines[1][1]  # two different corners of the target
    assert verdict.reason.startswith("clear: ")
    assert "(2,2)" in verdict.reason
    assert verdict.blockers == ((2, 2),)


def test_from_higher_up_only_obstacles_adjacent_to_the_target_block() -> None:
    """Rulebook, Determining Line of Sight: "If the attacking character is at a higher elevation
    than the target, the line of sight is only blocked by high obstacles that are on hexes adjacent
    to the target." Stratos on the platform sees over the wall to Trap Jaw, but not Evil-Lyn: "the
    high obstacle is on a hex that is adjacent to Evil-Lyn's hex"."""
    f = field(ELEVATION_SIGHT)
    stratos, trap_jaw, evil_lyn = Position(1, 3, PLATFORM), Position(6, 2), Position(3, 6)
    seen = f.line_of_sight(stratos, trap_jaw)
    assert seen.visible
    assert (
        seen.blockers == ()
    )  # the wall (3,1)-(3,3) is not adjacent to Trap Jaw: it does not count
    assert "only high obstacles adjacent to the lower target count" in seen.reason
    # the control: from the ground at the same hex the wall blocks
    assert not f.has_line_of_sight(Position(1, 3), trap_jaw)
    hidden = f.line_of_sight(stratos, evil_lyn)
    assert not hidden.visible
    assert hidden.reason.startswith("blocked: high obstacle at (2,6), (3,5)")
    assert set(hidden.blockers) <= set(neighbours(evil_lyn.hex))
    assert (2, 5) not in hidden.blockers  # on the line, but not adjacent to Evil-Lyn


def test_from_lower_down_only_obstacles_adjacent_to_the_viewer_block() -> None:
    """Rulebook, Determining Line of Sight: "If the attacking character is at a lower elevation than
    the target, the line of sight is only blocked by high obstacles that are on hexes adjacent to
    the attacking character." Stratos on the ground sees the platform over a wall that is not next
    to him; behind the screen around his hex he cannot."""
    f = field(ELEVATION_SIGHT)
    on_platform = Position(1, 3, PLATFORM)
    open_viewer, screened_viewer = Position(6, 2), Position(3, 6)
    seen = f.line_of_sight(open_viewer, on_platform)
    assert seen.visible
    assert "only high obstacles adjacent to the lower viewer count" in seen.reason
    assert not f.has_line_of_sight(open_viewer, Position(1, 3))  # same hex on the ground: blocked
    hidden = f.line_of_sight(screened_viewer, on_platform)
    assert not hidden.visible
    assert hidden.reason.startswith("blocked: high obstacle at (2,6), (3,5)")
    assert not f.has_line_of_sight(screened_viewer, Position(0, 3, PLATFORM))


@pytest.mark.parametrize(
    ("viewer", "target"),
    [
        (Position(1, 3, PLATFORM), Position(6, 2)),
        (Position(1, 3, PLATFORM), Position(3, 6)),
        (Position(0, 3, PLATFORM), Position(6, 4)),
        (Position(1, 3, PLATFORM), Position(1, 6)),
    ],
)
def test_elevation_rules_agree_with_the_brute_force_both_ways(
    viewer: Position, target: Position
) -> None:
    """Rulebook, Determining Line of Sight (elevation): the lower character's adjacent high
    obstacles are the only ones that count, whichever of the two is the viewer."""
    f = field(ELEVATION_SIGHT)
    assert f.has_line_of_sight(viewer, target) == brute_rules(f, viewer, target)
    assert f.has_line_of_sight(target, viewer) == brute_rules(f, target, viewer)


def test_no_line_of_sight_between_a_platform_and_the_hexes_under_it() -> None:
    """Rulebook, Determining Line of Sight: "A character that is on a platform does not have line
    of sight to any hexes that are directly under that platform. A character that is directly under
    a platform does not have line of sight to hexes on that platform." """
    f = field(UNDER_PLATFORM)
    roof = [(2, 2), (3, 2), (2, 3)]
    for top, below in itertools.product(roof, roof):
        up, down = Position(*top, PLATFORM), Position(*below, GROUND)
        assert not f.has_line_of_sight(up, down), (up, down)
        assert not f.has_line_of_sight(down, up), (down, up)
        assert not f.line_of_sight(up, down).visible
    verdict = f.line_of_sight(Position(2, 2, PLATFORM), Position(3, 2))
    assert "directly under platform 'roof'" in verdict.reason
    # hexes not under *that* platform are seen (open map otherwise)
    assert f.has_line_of_sight(Position(2, 2, PLATFORM), Position(5, 2))
    assert f.has_line_of_sight(Position(2, 2, PLATFORM), Position(6, 4))  # under another platform
    assert f.has_line_of_sight(Position(2, 2, PLATFORM), Position(3, 2, PLATFORM))
    assert f.has_line_of_sight(Position(1, 2), Position(2, 2, PLATFORM))


def test_low_obstacles_difficult_terrain_and_ladders_never_block() -> None:
    """Rulebook, Determining Line of Sight: "Lines can be traced through difficult terrain, low
    obstacles, ladders, characters, and tokens." The same hedge, made high, blocks."""
    f = field(NEVER_BLOCK)
    a, b = Position(0, 3), Position(8, 3)
    assert {(2, 3), (4, 3), (6, 3)} <= f.low_obstacles | f.difficult | set(f.ladders)
    for x, y in [(a, b), (b, a), (Position(1, 3), Position(7, 3)), (Position(0, 2), b)]:
        verdict = f.line_of_sight(x, y)
        assert verdict.visible, (x, y)
        assert verdict.reason == "clear: no high obstacle counts on the way"
        assert verdict.blockers == ()
    high = field(NEVER_BLOCK_HIGH)
    blocked = high.line_of_sight(a, b)
    assert not blocked.visible
    assert blocked.reason.startswith("blocked: high obstacle at (1,4), (2,2), (2,3), (2,4)")


def test_every_pair_of_positions_sees_each_other_on_an_empty_map() -> None:
    """Rulebook, Determining Line of Sight: only high obstacles (and elevation) block."""
    f = field(SMALL_OPEN)
    positions = sorted(f.positions)
    for a in positions[::5]:
        for b in positions:
            assert f.has_line_of_sight(a, b)


def test_neighbours_see_each_other_even_when_walled_in() -> None:
    """battleground.md §2: a line passes through a hex when it meets its interior or runs along its
    edge; lines from a shared corner across the target's own hex pass through no other hex, so
    adjacent characters always see each other on the same level."""
    a, b = (3, 3), (4, 3)
    walls = {h for h in within(a, 2) if h not in (a, b)}
    text = compose(9, 7, high=walls)
    f = Battlefield.from_yaml(text)
    assert f.has_line_of_sight(Position(*a), Position(*b))
    assert f.has_line_of_sight(Position(*b), Position(*a))
    assert brute_visible(a, b, walls)


def test_a_character_sees_its_own_position_only() -> None:
    """los.py: the same position is visible; the other level of the same hex is not (it is either
    under the viewer's platform or the platform above the viewer)."""
    f = field(UNDER_PLATFORM)
    assert f.has_line_of_sight(Position(5, 5), Position(5, 5))
    assert f.has_line_of_sight(Position(2, 2, PLATFORM), Position(2, 2, PLATFORM))
    assert not f.has_line_of_sight(Position(2, 2, PLATFORM), Position(2, 2))


def test_positions_off_the_map_are_not_seen() -> None:
    """los.py: a verdict about something that is not a position says so."""
    f = field(SMALL_OPEN)
    verdict = f.line_of_sight(Position(0, 0), Position(-5, 0))
    assert not verdict.visible
    assert "not a position" in verdict.reason
    assert not f.has_line_of_sight(Position(0, 0), Position(-5, 0))


def test_verdict_json_names_blockers_and_lines() -> None:
    """battleground.md §2: every geometry answer is available with its reason."""
    f = field(STRATOS_TWO_LINES)
    data = f.line_of_sight(Position(0, 2), Position(4, 2)).to_json()
    assert data["visible"] is True
    assert data["blockers"] == [[2, 2]]
    assert sorted(map(tuple, data["lines"])) == [("N", "N"), ("S", "S")]


def test_line_of_sight_is_not_always_symmetric() -> None:
    """docs/geometry.md, Line of sight: "Line of sight is not always symmetric: from A to B, the two
    lines must reach two different corners of B's hex" (rulebook: "to at least two different
    corners of the target's hex"). With columns at (3,1) and (3,3), (2,2) sees (5,4) but not the
    other way round."""
    walls = {(3, 1), (3, 3)}
    f = Battlefield.from_yaml(compose(9, 7, high=walls))
    a, b = Position(2, 2), Position(5, 4)
    assert brute_visible(a.hex, b.hex, walls) and not brute_visible(b.hex, a.hex, walls)
    forward = f.line_of_sight(a, b)
    assert forward.visible
    assert forward.lines[0][1] != forward.lines[1][1]
    assert not f.has_line_of_sight(b, a)
    assert f.line_of_sight(b, a).reason.startswith("blocked: high obstacle at (3,1), (3,3)")


def test_both_on_platforms_supports_below_do_not_block() -> None:
    """docs/geometry.md, Line of sight (decided): both on platforms, only high obstacles that are
    not directly under a platform hex count; those under it are its supports, below the models'
    feet."""
    wall = [(3, 2), (3, 3), (3, 4)]
    apart = Battlefield.from_yaml(
        compose(9, 7, high=wall, platform=[(1, 3), (2, 3), (5, 3), (6, 3)])
    )
    a, b = Position(1, 3, PLATFORM), Position(6, 3, PLATFORM)
    verdict = apart.line_of_sight(a, b)
    assert not verdict.visible
    assert "both on platforms" in verdict.reason
    bridged = Battlefield.from_yaml(compose(9, 7, high=wall, platform=[(1, 3), (6, 3), *wall]))
    assert bridged.has_line_of_sight(a, b)
    assert bridged.has_line_of_sight(b, a)
    assert not bridged.has_line_of_sight(Position(1, 3), Position(6, 3))  # on the ground it blocks


# --- what "passes through" means (segments.py) --------------------------------------------------


def test_touching_a_single_corner_is_not_passing_through() -> None:
    """battleground.md §2: "Touching a single corner is not passing through." A horizontal line
    through the top corner of (0,0) only touches it."""
    top = (0.0, -_R)
    assert not passes_through((-1.0, top[1]), (1.0, top[1]), (0, 0))
    assert passes_through((-1.0, top[1] + 0.01), (1.0, top[1] + 0.01), (0, 0))


def test_running_along_an_edge_is_passing_through() -> None:
    """battleground.md §2: a line passes through a hex when it "runs along one of its edges for a
    positive length" — both hexes that share that edge."""
    c = _corners((0, 0))
    start, end = tuple(c[5]), tuple(c[0])  # the east edge, shared with (1,0)
    assert passes_through(start, end, (0, 0))
    assert passes_through(start, end, (1, 0))
    assert not passes_through(start, end, (1, -1))  # only the corner (0.5, -0.29) is touched


@pytest.mark.parametrize("delta", sorted(h for h in within((0, 0), 5) if h != (0, 0)))
def test_corner_patterns_match_an_independent_clip(delta: Hex) -> None:
    """segments.py / battleground.md §2: for each of the 36 corner-to-corner segments, the hexes it
    passes through (the two end hexes aside) are those whose closed hexagon it meets for a positive
    length."""
    offsets, masks = corner_pattern(delta)
    claimed = {s: set() for s in range(SEGMENTS)}
    for h, mask in zip(offsets, masks, strict=True):
        for s in range(SEGMENTS):
            if mask >> s & 1:
                claimed[s].add(h)
    starts, ends, pairs = _segments((0, 0), delta)
    candidates = [
        h for h in within((0, 0), hex_distance((0, 0), delta) + 2) if h not in ((0, 0), delta)
    ]
    chords = _chords(starts, ends, candidates)
    for k, (i, j) in enumerate(pairs):
        expected = {
            h for h, length in zip(candidates, chords[k], strict=True) if length > _MIN_CHORD
        }
        assert claimed[i * 6 + j] == expected, (delta, i, j)


@pytest.mark.parametrize("delta", sorted(h for h in within((0, 0), 6) if h != (0, 0)))
def test_centre_patterns_match_an_independent_clip(delta: Hex) -> None:
    """segments.py / battleground.md §2 (Cover): the centre-to-centre line's hexes."""
    start = np.array([_centre((0, 0))])
    end = np.array([_centre(delta)])
    candidates = [
        h for h in within((0, 0), hex_distance((0, 0), delta) + 1) if h not in ((0, 0), delta)
    ]
    chords = _chords(start, end, candidates)[0]
    expected = {h for h, length in zip(candidates, chords, strict=True) if length > _MIN_CHORD}
    assert set(centre_pattern(delta)) == expected


@pytest.mark.parametrize("delta", [(2, 0), (3, 0), (1, 1), (2, 2), (4, -2), (3, 1), (5, 0), (0, 4)])
def test_overlapping_segments_are_the_collinear_ones_sharing_a_stretch(delta: Hex) -> None:
    """battleground.md §2: the two lines must "not overlap each other (not collinear with a shared
    stretch)"."""
    starts, ends, _ = _segments((0, 0), delta)
    expected = set()
    for s in range(SEGMENTS):
        for t in range(s + 1, SEGMENTS):
            if (
                np.linalg.norm(ends[s] - starts[s]) < 1e-9
                or np.linalg.norm(ends[t] - starts[t]) < 1e-9
            ):
                continue
            if _overlap(starts[s], ends[s], starts[t], ends[t]):
                expected.add((s, t))
    assert set(overlapping_segments(delta)) == expected


def test_overlapping_lines_do_not_count_twice() -> None:
    """Rulebook, Determining Line of Sight: "Traced lines cannot overlap each other." Two hexes
    apart
    along a row, the line from the NW corner of the first to the NE corner of the second and the
    line from its NE corner to the NW corner of the second lie on one line and share a stretch:
    although they end at different corners, they are not a pair. The top and bottom lines are."""
    nw, north, ne, south = 3, 4, 5, 1
    first, second = segment_index(nw, ne), segment_index(ne, nw)
    assert (min(first, second), max(first, second)) in overlapping_segments((2, 0))
    assert sight_pair((2, 0), (1 << first) | (1 << second), False) is None
    top, bottom = segment_index(north, north), segment_index(south, south)
    assert sight_pair((2, 0), (1 << top) | (1 << bottom), False) is not None
    # two lines to the same corner are not enough either
    assert sight_pair((2, 0), (1 << top) | (1 << segment_index(nw, north)), False) is None


# --- the brute-force cross-check ---------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_maps(platforms=False, min_size=4, max_size=7))
def test_line_of_sight_agrees_with_a_brute_force_on_random_maps(text: str) -> None:
    """battleground.md §2, Line of sight: an independent, slow implementation (clip each of the 36
    corner-to-corner lines against every high-obstacle hexagon, then look for two clear,
    non-overlapping lines to different corners) agrees with has_line_of_sight for every ordered
    pair of ground positions."""
    f = Battlefield.from_yaml(text)
    ground = sorted(p for p in f.positions if p.level == GROUND)
    for a in ground:
        for b in ground:
            expected = brute_visible(a.hex, b.hex, f.high_obstacles)
            assert f.has_line_of_sight(a, b) == expected, (a, b)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_maps(min_size=4, max_size=6))
def test_elevated_line_of_sight_agrees_with_a_brute_force_on_random_maps(text: str) -> None:
    """Rulebook, Determining Line of Sight (elevation) and battleground.md §2: pairs with at least
    one position on a platform agree with the independent rules (`brute_rules`)."""
    f = Battlefield.from_yaml(text)
    raised = sorted(p for p in f.positions if p.level == PLATFORM)
    everyone = sorted(f.positions)
    for a in raised:
        for b in everyone:
            assert f.has_line_of_sight(a, b) == brute_rules(f, a, b), (a, b)
            assert f.has_line_of_sight(b, a) == brute_rules(f, b, a), (b, a)
