"""The wild dice as pure functions (spec §2.2, §5.7, §5.8, A-20, A-34, §9.6, §9.15): faces,
rerolls, exact distributions by enumeration, the Dice of Power cap and initiative. Seed lines
refer to ../shared/seeds/fields-of-eternia-rulebook-it.txt. The dice here are built in the tests
(faces are provisional, §9.10); only ``test_shipped_die`` reads the content pack."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulekeeper.core.dice import Die
from rulekeeper.games.eternia.combat.wild_dice import (
    apply_cap,
    cap_placements,
    cap_removals,
    check_reroll,
    counts_of,
    excess_dice,
    face_value,
    final_counts,
    initiative_result,
    reroll,
    success_distribution,
    successes,
    wild_die,
)
from rulekeeper.games.eternia.content.pack import load_content_pack

DIE = Die("test", ("blank", "blank", "success", "success", "double", "reroll"))
ODD = Die("odd", ("blank", "success", "double", "double", "reroll", "reroll"))


def test_shipped_die() -> None:
    """§2.2: a faction's wild die record becomes a core Die with its six faces."""
    record = load_content_pack().dice.wild_dice[0]
    die = wild_die(record)
    assert die.faces == tuple(record.faces)
    assert sum(p for _, p in die.outcomes()) == pytest.approx(1)


def test_face_values() -> None:
    """§5.7 item 5 (seed l.1937): success 1, double 2, blank 0, a reroll left standing 0."""
    assert [face_value(f) for f in ("blank", "success", "double", "reroll")] == [0, 1, 2, 0]
    assert successes(("double", "reroll", "success", "blank")) == 3
    assert counts_of(("double", "reroll", "success", "blank", "double")) == (1, 1, 2, 1)


def test_reroll_all_reroll_faces_plus_one() -> None:
    """§5.8 step 1, A-20 (seed l.1999-2002): every reroll face together, plus at most one other
    die, or stop; a reroll with no reroll face showing is refused."""
    faces = ("reroll", "blank", "reroll", "success")
    assert check_reroll(faces, [0, 2]) is None
    assert check_reroll(faces, [0, 1, 2]) is None
    assert check_reroll(faces, []) is None
    assert "together" in (check_reroll(faces, [0]) or "")
    assert "one other" in (check_reroll(faces, [0, 1, 2, 3]) or "")
    assert "no die" in (check_reroll(("blank",), [0]) or "")
    assert reroll(faces, [0, 1, 2], ["double", "reroll", "success"]) == (
        "double",
        "reroll",
        "success",
        "success",
    )
    with pytest.raises(ValueError, match="A-20"):
        reroll(faces, [1], ["double"])


def test_one_die_distributions() -> None:
    """Policy "reroll" (docs/eternia.md): a reroll face is rolled until it stops, so one die
    ends blank 2/5, success 2/5, double 1/5; policy "stand" keeps the reroll at 0."""
    assert final_counts(DIE, 1) == {
        (1, 0, 0, 0): Fraction(2, 5),
        (0, 1, 0, 0): Fraction(2, 5),
        (0, 0, 1, 0): Fraction(1, 5),
    }
    assert success_distribution(DIE, 1) == {0: Fraction(2, 5), 1: Fraction(2, 5), 2: Fraction(1, 5)}
    assert success_distribution(DIE, 1, "stand") == {
        0: Fraction(1, 2),
        1: Fraction(1, 3),
        2: Fraction(1, 6),
    }


def test_two_dice_by_hand() -> None:
    """Two dice of ODD (blank 1/4, success 1/4, double 1/2 once rerolls stop), by hand."""
    dist = success_distribution(ODD, 2)
    q = {0: Fraction(1, 4), 1: Fraction(1, 4), 2: Fraction(1, 2)}
    by_hand: dict[int, Fraction] = {}
    for a, pa in q.items():
        for b, pb in q.items():
            by_hand[a + b] = by_hand.get(a + b, Fraction(0)) + pa * pb
    assert dist == by_hand
    assert dist[4] == Fraction(1, 4)
    assert final_counts(ODD, 2)[(1, 1, 0, 0)] == Fraction(1, 8)
    assert final_counts(ODD, 2, "stand")[(0, 0, 0, 2)] == Fraction(1, 9)


def test_ten_dice_sum_to_one() -> None:
    """Counts, not products: 10 dice enumerate to 66 outcomes summing to exactly 1."""
    counts = final_counts(DIE, 10)
    assert len(counts) == 66
    assert sum(counts.values()) == 1
    assert sum(success_distribution(DIE, 10, "stand").values()) == 1
    mean = sum(k * p for k, p in success_distribution(DIE, 10).items())
    assert mean == 10 * Fraction(4, 5)


def test_cap_counts_all_three_zones() -> None:
    """§5.7 item 4, §9.15 (seed l.1850-1855): 10 dice over the three zones together; the
    player picks which zones' extra dice become automatic successes and places them freely."""
    dice = {"initiative": 3, "attack": 6, "defense": 4}
    assert excess_dice(dice) == 3
    assert excess_dice({"initiative": 3, "attack": 4, "defense": 3}) == 0
    removals = cap_removals(dice)
    assert removals[0] == {"initiative": 0, "attack": 0, "defense": 3}
    assert {"initiative": 3, "attack": 0, "defense": 0} in removals
    assert all(sum(r.values()) == 3 for r in removals)
    assert len(cap_placements(3)) == 10
    left, auto = apply_cap(dice, {"attack": 3}, {"defense": 2, "initiative": 1})
    assert left == {"initiative": 3, "attack": 3, "defense": 4}
    assert auto == {"initiative": 1, "attack": 0, "defense": 2}
    with pytest.raises(ValueError, match="remove exactly the dice above 10"):
        apply_cap(dice, {"attack": 2}, {"defense": 2})
    with pytest.raises(ValueError, match="one automatic success"):
        apply_cap(dice, {"attack": 3}, {"defense": 2})


def test_initiative_adds_base() -> None:
    """§5.7 item 5, A-22 (seed l.1937): 3 Initiative = 1 from the roll + 2 base."""
    assert initiative_result(1, 2) == 3
