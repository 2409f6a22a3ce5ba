"""Facing, front and rear arcs, flank attacks, and turning to face a ranged target.

Sources: rulebook *Model* (front and rear arcs; facing one border of the hex), *Flank Attacks*
(halfway hexes), *Ranged Attack* (face the adjacent hex closest to the target, measured from that
hex's centre; a tie lets the player choose) and battleground.md §2 (Facing).
"""

from __future__ import annotations

import math

import pytest

from rulekeeper.core.hexes import DIRECTIONS, centre, neighbour, within
from rulekeeper.games.battleground.board.facing import (
    arc_of,
    facings_toward,
    facings_toward_any,
    flank_verdict,
    in_front_arc,
    rear_neighbours,
)

HERE = (2, 3)


@pytest.mark.parametrize("facing", range(6))
def test_exactly_three_neighbours_are_in_the_rear_arc(facing: int) -> None:
    """Rulebook, Model (front and rear arcs) / battleground.md §2: the rear arc is strictly behind
    the line through the centre perpendicular to the facing: of the six neighbours, the three
    across from the faced edge (facing+2, +3, +4); the other three are in front."""
    rear = rear_neighbours(HERE, facing)
    assert len(rear) == 3
    assert set(rear) == {neighbour(HERE, (facing + k) % 6) for k in (2, 3, 4)}
    for k in (0, 1, 5):
        assert arc_of(HERE, facing, neighbour(HERE, (facing + k) % 6)) == "front"


@pytest.mark.parametrize("facing", range(6))
def test_an_attack_from_behind_is_a_flank_attack(facing: int) -> None:
    """Rulebook, Flank Attacks: "Any attack that originates from a hex that is within a character's
    rear arc is called a flank attack, all other attacks are called frontal attacks." """
    behind = neighbour(HERE, (facing + 3) % 6)
    two_behind = neighbour(behind, (facing + 3) % 6)
    ahead = neighbour(HERE, facing)
    for attacker in (behind, two_behind):
        verdict = flank_verdict(HERE, facing, attacker)
        assert verdict.flank
        assert verdict.arc == "rear"
        assert verdict.reason.startswith("flank")
    verdict = flank_verdict(HERE, facing, ahead)
    assert not verdict.flank
    assert verdict.arc == "front"
    assert verdict.reason.startswith("frontal")


@pytest.mark.parametrize("facing", range(6))
def test_halfway_hexes_are_not_flank(facing: int) -> None:
    """Rulebook, Flank Attacks: "Hexes that are halfway between a character's front and rear arcs
    are not part of that character's flank." battleground.md §2: hexes whose centre lies exactly on
    the perpendicular line. Facing direction k, those are the hexes k+1 then k+2 away (and the
    opposite ones), e.g. (1,-2) and (-1,2) for a model at (0,0) facing East."""
    for side in (1, -1):
        step_a = DIRECTIONS[(facing + side) % 6]
        step_b = DIRECTIONS[(facing + 2 * side) % 6]
        for n in (1, 2, 3):
            h = (HERE[0] + n * (step_a[0] + step_b[0]), HERE[1] + n * (step_a[1] + step_b[1]))
            assert arc_of(HERE, facing, h) == "halfway"
            verdict = flank_verdict(HERE, facing, h)
            assert not verdict.flank
            assert verdict.arc == "halfway"
            assert "halfway" in verdict.reason


def test_halfway_line_for_a_model_facing_east() -> None:
    """battleground.md §2: facing East the perpendicular line is vertical through the centre; the
    hexes (1,-2) and (-1,2) have their centres on it."""
    assert arc_of((0, 0), 0, (1, -2)) == "halfway"
    assert arc_of((0, 0), 0, (-1, 2)) == "halfway"
    assert arc_of((0, 0), 0, (1, -1)) == "front"
    assert arc_of((0, 0), 0, (0, -1)) == "rear"
    assert arc_of((0, 0), 0, (2, -3)) == "front"
    assert arc_of((0, 0), 0, (0, 2)) == "front"
    assert arc_of((0, 0), 0, (-1, 1)) == "rear"


@pytest.mark.parametrize("facing", range(6))
def test_arcs_follow_the_sign_along_the_facing(facing: int) -> None:
    """battleground.md §2: rear = centre strictly behind the perpendicular line, front = strictly in
    front, halfway = on it; checked against the dot product for every hex within 4."""
    fx, fy = centre(DIRECTIONS[facing])
    cx, cy = centre(HERE)
    for h in within(HERE, 4):
        if h == HERE:
            continue
        hx, hy = centre(h)
        ahead = (hx - cx) * fx + (hy - cy) * fy
        expected = "front" if ahead > 1e-9 else "rear" if ahead < -1e-9 else "halfway"
        assert arc_of(HERE, facing, h) == expected, h


def test_a_base_is_in_the_front_arc_when_any_point_of_it_is() -> None:
    """battleground.md §2: a base is "within the front arc" when any point of its hex is: a halfway
    hex is, a rear neighbour is not (its nearest corners touch the line, not cross it)."""
    assert in_front_arc((0, 0), 0, [(1, -2)])  # halfway
    assert in_front_arc((0, 0), 0, [(1, 0)])
    assert not in_front_arc((0, 0), 0, [(-1, 0)])
    assert not in_front_arc((0, 0), 0, [(-1, 1)])  # its corner (0, 0.58) lies on the line
    assert not in_front_arc((0, 0), 0, [(0, -1)])
    assert in_front_arc((0, 0), 0, [(-1, 0), (1, -2)])  # a massive base: one hex suffices


def test_facing_toward_an_adjacent_target_faces_it() -> None:
    """Rulebook, Ranged Attack: the model faces the adjacent hex closest to the target — for an
    adjacent target, the target's own hex."""
    for d in range(6):
        assert facings_toward(HERE, neighbour(HERE, d)) == [d]


def test_facing_toward_a_target_in_a_straight_line() -> None:
    """Rulebook, Ranged Attack: "The model must face the adjacent hex that is closest to the target,
    measuring from that hex's centre." """
    assert facings_toward((0, 0), (4, 0)) == [0]
    assert facings_toward((0, 0), (0, -3)) == [2]
    assert facings_toward((0, 0), (-3, 3)) == [4]
    assert facings_toward((0, 0), (3, 1)) == [0]
    assert facings_toward((0, 0), (1, 3)) == [5]


def test_facing_toward_a_tie_returns_both_hexes() -> None:
    """Rulebook, Ranged Attack: "If two hexes are at the same distance, the model can face either
    hex of the controlling player's choice." Target (1,1) is exactly between E (1,0) and SE (0,1),
    both 1" from its centre."""
    assert facings_toward((0, 0), (1, 1)) == [0, 5]
    assert facings_toward((0, 0), (2, 2)) == [0, 5]
    assert facings_toward((0, 0), (-1, -1)) == [2, 3]
    assert facings_toward((0, 0), (2, -4)) == [1, 2]


def test_facings_toward_minimise_the_distance_from_the_neighbour_centre() -> None:
    """Rulebook, Ranged Attack: the chosen neighbours are exactly those at the least distance."""
    for target in within(HERE, 6):
        if target == HERE:
            continue
        tx, ty = centre(target)
        dist = [math.dist(centre(neighbour(HERE, d)), (tx, ty)) for d in range(6)]
        best = min(dist)
        expected = [d for d in range(6) if dist[d] - best < 1e-9]
        assert facings_toward(HERE, target) == expected, target
        assert 1 <= len(expected) <= 2


def test_facing_a_massive_target_any_of_its_hexes_may_be_faced() -> None:
    """Rulebook, Massive Models, Facing: "When a character attacks a massive model, they can face
    any hex occupied by that model." """
    assert facings_toward_any((0, 0), [(3, 0), (0, 3)]) == [0, 5]
    assert facings_toward_any((0, 0), [(3, 0)]) == [0]


def test_flank_verdict_json() -> None:
    """battleground.md §2: every geometry answer (flank) is available with its reason."""
    data = flank_verdict((0, 0), 0, (-2, 0)).to_json()
    assert data == {
        "flank": True,
        "arc": "rear",
        "reason": data["reason"],
    }
    assert "Flank Attacks" in str(data["reason"])
