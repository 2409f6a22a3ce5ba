"""Cover: the rulebook's examples on the ground and from a platform, and the decided line.

Sources: rulebook *Cover*, *Cover and Elevation* (with their Stratos pictures) and battleground.md
§2 (Cover; A line passes through a hex).
"""

from __future__ import annotations

import pytest
from small_maps import (
    CLIMB,
    COVER_FROM_PLATFORM,
    COVER_ON_GROUND,
    SMALL_OPEN,
    compose,
    field,
)

from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.cover import cover_verdict, line_hexes
from rulekeeper.games.battleground.board.measures import PLATFORM, Position

# COVER_ON_GROUND
STRATOS = Position(1, 3)
SKELETOR = Position(5, 0)
TRAP_JAW = Position(5, 3)
HE_MAN = Position(1, 5)
EVIL_LYN = Position(1, 6)
ON_GROUND = (STRATOS, SKELETOR, TRAP_JAW, HE_MAN, EVIL_LYN)


def test_stratos_chooses_a_target_skeletor_is_not_in_cover() -> None:
    """Rulebook, Cover: "Skeletor is a good target as he is not in cover." His line crosses only
    open ground and difficult terrain."""
    f = field(COVER_ON_GROUND)
    assert set(line_hexes(STRATOS.hex, SKELETOR.hex)) & f.difficult  # the puddle is on the line
    verdict = f.cover(STRATOS, SKELETOR, ON_GROUND)
    assert not verdict.in_cover
    assert verdict.by == ()
    assert verdict.reason.startswith("no cover")
    assert not f.in_cover(STRATOS, SKELETOR, ON_GROUND)


def test_stratos_chooses_a_target_trap_jaw_behind_a_low_obstacle() -> None:
    """Rulebook, Cover: "The line between Stratos and Trap Jaw passes through a low obstacle, so
    Trap Jaw is in cover." """
    f = field(COVER_ON_GROUND)
    verdict = f.cover(STRATOS, TRAP_JAW, ON_GROUND)
    assert verdict.in_cover
    assert verdict.by == ((3, 3),)
    assert "low obstacle at (3,3)" in verdict.reason
    assert f.in_cover(STRATOS, TRAP_JAW, ON_GROUND)


def test_stratos_chooses_a_target_evil_lyn_behind_he_man() -> None:
    """Rulebook, Cover: "The line between Stratos and Evil-Lyn passes through He-Man, so Evil-Lyn
    is in cover." Without He-Man there she is not."""
    f = field(COVER_ON_GROUND)
    verdict = f.cover(STRATOS, EVIL_LYN, ON_GROUND)
    assert verdict.in_cover
    assert verdict.by == (HE_MAN.hex,)
    assert "character at (1,5)" in verdict.reason
    assert f.in_cover(STRATOS, EVIL_LYN, ON_GROUND)
    without = [p for p in ON_GROUND if p != HE_MAN]
    assert not f.cover(STRATOS, EVIL_LYN, without).in_cover
    assert not f.in_cover(STRATOS, EVIL_LYN, without)


def test_obstacles_and_characters_adjacent_to_the_attacker_give_no_cover() -> None:
    """Rulebook, Cover: "excluding any characters or high or low obstacles that are adjacent to the
    attacker's hex". Stratos steps up to the low obstacle and next to He-Man."""
    f = field(COVER_ON_GROUND)
    behind_crate = Position(2, 3)  # adjacent to the crate (3,3)
    verdict = f.cover(behind_crate, TRAP_JAW, [behind_crate, TRAP_JAW])
    assert not verdict.in_cover
    beside_he_man = Position(1, 4)
    assert not f.cover(beside_he_man, EVIL_LYN, [beside_he_man, HE_MAN, EVIL_LYN]).in_cover
    assert not f.in_cover(beside_he_man, EVIL_LYN, [beside_he_man, HE_MAN, EVIL_LYN])
    # a high obstacle adjacent to the attacker does not count either
    stone = compose(9, 7, high=[(2, 3)])
    g = Battlefield.from_yaml(stone)
    assert not g.cover(STRATOS, TRAP_JAW).in_cover
    assert g.cover(Position(0, 3), TRAP_JAW).in_cover  # one hex further back it does


def test_obstacles_adjacent_to_the_target_do_give_cover() -> None:
    """Rulebook, Cover: only those adjacent to the *attacker's* hex are excluded; a target hiding
    right behind an obstacle is in cover."""
    f = field(COVER_ON_GROUND)
    assert f.cover(Position(0, 3), Position(4, 3)).in_cover  # crate (3,3) is next to the target
    menhir = f.cover(Position(7, 3), Position(4, 6))  # the menhir (5,5) is next to the target
    assert menhir.in_cover
    assert menhir.by == ((5, 5),)
    g = Battlefield.from_yaml(compose(9, 7, high=[(4, 3)]))
    assert g.cover(Position(0, 3), Position(5, 3)).in_cover


def test_difficult_terrain_and_ladders_give_no_cover() -> None:
    """Rulebook, Cover: "The target does not have cover if the line passes only through difficult
    terrain, ladders, or tokens." """
    f = field(COVER_ON_GROUND)
    target = Position(8, 1)
    assert (7, 1) in f.ladders
    assert (7, 1) in line_hexes(STRATOS.hex, target.hex)
    assert not f.cover(STRATOS, target, [STRATOS, target]).in_cover
    assert not f.in_cover(STRATOS, target, [STRATOS, target])
    # and the same lines with a low obstacle in place of the ladder / difficult terrain
    g = Battlefield.from_yaml(compose(9, 7, low=[(7, 1)]))
    assert g.cover(STRATOS, target).in_cover
    h = Battlefield.from_yaml(compose(9, 7, low=[(3, 1)]))
    assert h.cover(STRATOS, SKELETOR).in_cover


def test_a_line_running_along_an_edge_passes_through_both_hexes() -> None:
    """battleground.md §2: a line passes through a hex when it runs along one of its edges for a
    positive length. From (0,0) to (2,2) the centre line runs along the edge between (2,1) and
    (1,2): an obstacle on either side gives cover."""
    line = set(line_hexes((0, 0), (2, 2)))
    assert {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)} == line
    for h in [(2, 1), (1, 2)]:
        g = Battlefield.from_yaml(compose(9, 7, low=[h]))
        assert g.cover(Position(0, 0), Position(2, 2)).in_cover, h
    for h in [(1, 0), (0, 1)]:  # the same, next to the attacker: no cover
        g = Battlefield.from_yaml(compose(9, 7, low=[h]))
        assert not g.cover(Position(0, 0), Position(2, 2)).in_cover, h


def test_own_hexes_never_give_cover() -> None:
    """battleground.md §2, Cover: hexes other than the attacker's and the target's own."""
    f = field(SMALL_OPEN)
    a, b = Position(0, 3), Position(4, 3)
    assert not f.cover(a, b, [a, b]).in_cover
    assert not f.in_cover(a, b, [a, b])


# --- cover and elevation ---------------------------------------------------------------------


def test_an_attacker_lower_than_the_target_always_gives_cover() -> None:
    """Rulebook, Cover and Elevation: "If the attacking character is at a lower elevation than the
    target of an attack, the target is in cover." Even with nothing in between."""
    f = field(CLIMB)
    for attacker in [Position(3, 2), Position(7, 2), Position(4, 5), Position(5, 2)]:
        target = Position(5, 2, PLATFORM)
        verdict = f.cover(attacker, target)
        assert verdict.in_cover, attacker
        assert "lower" in verdict.reason
        assert f.in_cover(attacker, target)
    assert not f.cover(Position(5, 2, PLATFORM), Position(7, 2)).in_cover


STRATOS_UP = Position(1, 3, PLATFORM)
TRAP_JAW_LOW = Position(6, 3)
SKELETOR_LOW = Position(3, 5)
EVIL_LYN_LOW = Position(5, 1)


def test_from_a_platform_trap_jaw_behind_a_high_obstacle_is_in_cover() -> None:
    """Rulebook, Cover and Elevation: "Trap Jaw is in cover because the line between him and
    Stratos passes through a high obstacle." """
    f = field(COVER_FROM_PLATFORM)
    verdict = f.cover(STRATOS_UP, TRAP_JAW_LOW)
    assert verdict.in_cover
    assert verdict.by == ((4, 3),)
    assert "high obstacle at (4,3)" in verdict.reason
    assert f.in_cover(STRATOS_UP, TRAP_JAW_LOW)


def test_from_a_platform_high_obstacles_next_to_its_foot_give_no_cover() -> None:
    """Rulebook, Cover and Elevation: "The line between Stratos and Skeletor passes through a high
    obstacle as well, but since that obstacle is adjacent to the hexes below the platform that
    Stratos is on, it does not provide cover." The stone (2,4) borders (1,4), under the bastion;
    from
    the ground below the same line is covered by it."""
    f = field(COVER_FROM_PLATFORM)
    assert (2, 4) in line_hexes(STRATOS_UP.hex, SKELETOR_LOW.hex)
    assert not f.cover(STRATOS_UP, SKELETOR_LOW).in_cover
    assert not f.in_cover(STRATOS_UP, SKELETOR_LOW)
    assert f.cover(Position(1, 3), SKELETOR_LOW).in_cover


def test_from_a_platform_low_obstacles_give_no_cover() -> None:
    """Rulebook, Cover and Elevation: "Evil-Lyn is behind a low obstacle, which does not provide
    cover because Stratos is at a higher elevation than her." From the ground it would."""
    f = field(COVER_FROM_PLATFORM)
    assert (3, 2) in line_hexes(STRATOS_UP.hex, EVIL_LYN_LOW.hex)
    verdict = f.cover(STRATOS_UP, EVIL_LYN_LOW)
    assert not verdict.in_cover
    assert not f.in_cover(STRATOS_UP, EVIL_LYN_LOW)
    assert f.cover(Position(1, 3), EVIL_LYN_LOW).in_cover


def test_from_a_platform_characters_give_no_cover() -> None:
    """Rulebook, Cover and Elevation: characters at a lower elevation "only have cover if they are
    behind high obstacles": a character on the line does not cover them."""
    f = field(COVER_FROM_PLATFORM)
    in_between = Position(4, 2)
    assert in_between.hex in line_hexes(STRATOS_UP.hex, EVIL_LYN_LOW.hex)
    people = [STRATOS_UP, in_between, EVIL_LYN_LOW]
    assert not f.cover(STRATOS_UP, EVIL_LYN_LOW, people).in_cover
    assert not f.in_cover(STRATOS_UP, EVIL_LYN_LOW, people)
    assert f.cover(Position(1, 3), EVIL_LYN_LOW, [Position(1, 3), in_between]).in_cover


@pytest.mark.parametrize("target", [TRAP_JAW_LOW, SKELETOR_LOW, EVIL_LYN_LOW])
def test_cover_verdict_json_carries_the_answer(target: Position) -> None:
    """battleground.md §2: every geometry answer is available with its reason."""
    f = field(COVER_FROM_PLATFORM)
    verdict = cover_verdict(f, STRATOS_UP, target)
    data = verdict.to_json()
    assert data["cover"] is verdict.in_cover
    assert data["reason"] == verdict.reason
    assert data["by"] == [list(h) for h in verdict.by]


def test_empty_map_gives_no_cover_anywhere() -> None:
    """Rulebook, Cover: only characters and obstacles give cover on the same level."""
    f = field(SMALL_OPEN)
    positions = sorted(f.positions)
    for a in positions[::4]:
        for b in positions:
            assert not f.cover(a, b).in_cover
            assert not f.in_cover(a, b)


def test_both_on_platforms_only_platform_characters_and_free_high_obstacles_cover() -> None:
    """docs/geometry.md, Cover (decided): both on platforms, characters on platforms and high
    obstacles not under a platform give cover; low obstacles (and characters below) are under the
    line; high obstacles under a platform are its supports."""
    a, b = Position(1, 3, PLATFORM), Position(6, 3, PLATFORM)
    low = Battlefield.from_yaml(compose(9, 7, low=[(3, 3)], platform=[(1, 3), (6, 3)]))
    assert not low.cover(a, b).in_cover
    assert low.cover(a, b, [a, b, Position(4, 3, PLATFORM)]).in_cover
    assert not low.cover(a, b, [a, b, Position(4, 3)]).in_cover
    assert low.in_cover(a, b, [a, b, Position(4, 3, PLATFORM)])
    assert not low.in_cover(a, b, [a, b, Position(4, 3)])
    free = Battlefield.from_yaml(compose(9, 7, high=[(3, 3)], platform=[(1, 3), (6, 3)]))
    assert free.cover(a, b).in_cover
    support = Battlefield.from_yaml(compose(9, 7, high=[(3, 3)], platform=[(1, 3), (3, 3), (6, 3)]))
    assert not support.cover(a, b).in_cover
