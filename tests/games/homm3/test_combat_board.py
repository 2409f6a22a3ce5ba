"""The HoMM3 combat board (homm3.md §5.18.2, §5.18.5, §5.18.6)."""

from __future__ import annotations

from rulekeeper.games.homm3.combat.board import (
    FIELDS,
    NEIGHBOURS,
    adjacent,
    deployment_fields,
    destinations,
    on_board,
)


def test_the_board_has_four_columns_and_five_rows() -> None:
    """§5.18.2 [EXT]: 4 × 5 fields; back, front, middle, front, back."""
    assert len(FIELDS) == 20
    assert all(on_board(field) for field in FIELDS)
    assert not on_board((5, 0)) and not on_board((0, 4)) and not on_board((-1, 2))


def test_adjacency_is_orthogonal_never_diagonal() -> None:
    """§5.18.2: adjacent = directly in front, behind or beside, never diagonal."""
    assert adjacent((2, 1), (1, 1)) and adjacent((2, 1), (3, 1))
    assert adjacent((2, 1), (2, 0)) and adjacent((2, 1), (2, 2))
    assert not adjacent((2, 1), (1, 2)) and not adjacent((2, 1), (3, 0))
    assert not adjacent((2, 1), (2, 1))
    assert len(NEIGHBOURS[(0, 0)]) == 2 and len(NEIGHBOURS[(2, 1)]) == 4
    assert all(adjacent(b, a) for a in FIELDS for b in NEIGHBOURS[a])


def test_each_side_deploys_in_its_first_and_second_line() -> None:
    """§5.18.3: units go in the first and second line of their side; never the middle row."""
    attacker = deployment_fields("attacker")
    defender = deployment_fields("defender")
    assert {row for row, _ in attacker} == {0, 1}
    assert {row for row, _ in defender} == {3, 4}
    assert len(attacker) == len(defender) == 8


def test_ground_units_walk_three_fields_around_obstacles() -> None:
    """§5.18.5 and §5.18.6: ground units move up to 3 fields; every card blocks their way."""
    free = destinations((1, 0), "ground")
    assert free[(4, 0)] == 3 and (4, 1) not in free  # 4 steps away
    wall = [(2, 0), (2, 1), (2, 2)]
    blocked = destinations((1, 0), "ground", occupied=wall)
    assert (3, 0) not in blocked  # the way round through (2, 3) is longer than 3 steps
    assert all(field not in blocked for field in wall)
    assert blocked[(1, 3)] == 3


def test_flying_units_pass_over_cards_but_not_onto_them() -> None:
    """§5.18.5: only non-flying units are blocked by cards on the board."""
    wall = [(2, 0), (2, 1), (2, 2), (2, 3)]
    flying = destinations((1, 0), "flying", occupied=wall)
    assert flying[(3, 0)] == 2 and flying[(4, 0)] == 3
    assert all(field not in flying for field in wall)
    assert (4, 2) not in flying  # 5 steps away


def test_ranged_units_move_one_field() -> None:
    """§5.18.6 step 2: a ranged unit attacks and then moves 1 (or only moves 1)."""
    assert set(destinations((0, 1), "ranged")) == {(0, 0), (0, 2), (1, 1)}
    assert set(destinations((0, 1), "ranged", occupied=[(1, 1)])) == {(0, 0), (0, 2)}
