"""Soldier combat as pure functions (spec §5.9, A-2, A-38). Seed lines refer to
../shared/seeds/fields-of-eternia-rulebook-it.txt."""

from __future__ import annotations

import pytest

from rulekeeper.games.eternia.combat.soldiers import (
    Allocation,
    SoldierResult,
    allocate,
    allocations,
    hero_vs_soldiers,
    soldiers_vs_hero,
    soldiers_vs_soldiers,
)


def test_soldiers_one_for_one() -> None:
    """§5.9 (seed l.2169-2173): one of each side removed at a time until one side is left."""
    assert soldiers_vs_soldiers(3, 2) == SoldierResult(2, 2)
    assert soldiers_vs_soldiers(2, 2) == SoldierResult(2, 2)
    assert soldiers_vs_soldiers(1, 3) == SoldierResult(1, 1)


def test_soldiers_against_a_hero_stop_at_zero() -> None:
    """§5.9 (seed l.2202-2210): each removed soldier deals 1; only the soldiers needed to bring
    the hero to exactly 0 are removed, the rest stay; no VP."""
    assert soldiers_vs_hero(2, 5) == SoldierResult(2, 0, (2,), ())
    result = soldiers_vs_hero(5, 3)
    assert result == SoldierResult(3, 0, (3,), (0,))
    assert result.vp == 0


def test_hero_into_soldiers_outpost() -> None:
    """§5.9 [INTERP], A-2: the mirror; each defending soldier removed deals 1 to the hero,
    stopping at 0 HP (the extra soldiers stay), no VP."""
    assert hero_vs_soldiers(4, 2) == SoldierResult(0, 2, (2,), ())
    assert hero_vs_soldiers(2, 3) == SoldierResult(0, 2, (2,), (0,))


def test_rulebook_example_heroes_and_soldiers() -> None:
    """§5.9 example (seed l.2180-2194): 3 MOTU soldiers against Skeletor, Evil-Lyn and 2 Evil
    soldiers; Evil gives 2 damage to Skeletor and sacrifices 1 soldier; all 3 MOTU soldiers
    return to supply, Evil-Lyn is untouched."""
    skeletor, evil_lyn = 12, 10
    chosen = Allocation((2, 0), 1)
    assert chosen in allocations(3, (skeletor, evil_lyn), 2)
    result = allocate(3, (skeletor, evil_lyn), 2, chosen)
    assert result == SoldierResult(3, 1, (2, 0), ())
    assert result.vp == 0


def test_allocations_canonical_and_complete() -> None:
    """A-38: each entering soldier's 1 damage goes to a hero's HP or removes one defending
    soldier; the defender may not decline; canonical (lexicographic) order."""
    found = allocations(2, (1, 5), 1)
    assert found == [
        Allocation((0, 1), 1),
        Allocation((0, 2), 0),
        Allocation((1, 0), 1),
        Allocation((1, 1), 0),
    ]
    with pytest.raises(ValueError, match="A-38"):
        allocate(2, (1, 5), 1, Allocation((0, 1), 0))
    with pytest.raises(ValueError, match="A-38"):
        allocate(2, (1, 5), 1, Allocation((2, 0), 0))


def test_defenders_absorb_what_they_can() -> None:
    """§5.9 (seed l.2207-2209) extended: HP never below 0; soldiers beyond what heroes and
    soldiers can absorb stay in the area; heroes at 0 are defeated, no VP."""
    assert allocations(6, (2,), 1) == [Allocation((2,), 1)]
    result = allocate(6, (2,), 1, Allocation((2,), 1))
    assert result == SoldierResult(3, 1, (2,), (0,))
