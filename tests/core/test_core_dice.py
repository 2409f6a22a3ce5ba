from collections import Counter

import pytest

from rulekeeper.core import D6, Action, Die, Pcg32, roll_outcome_actions

ETERNIA = Die("eternia", ("blank", "blank", "success", "success", "double_success", "reroll"))


def test_outcomes_merge_duplicates_in_first_appearance_order() -> None:
    assert ETERNIA.outcomes() == [
        ("blank", 2 / 6),
        ("success", 2 / 6),
        ("double_success", 1 / 6),
        ("reroll", 1 / 6),
    ]
    die = Die("odd", ("b", "a", "b"))
    assert [face for face, _ in die.outcomes()] == ["b", "a"]


def test_d6() -> None:
    assert D6.outcomes() == [(face, 1 / 6) for face in range(1, 7)]
    assert sum(p for _, p in D6.outcomes()) == pytest.approx(1.0)


def test_faces_of_different_types_stay_distinct() -> None:
    die = Die("mixed", (1, True, 1.0))
    assert len(die.outcomes()) == 3


def test_roll_frequencies() -> None:
    rng = Pcg32(11)
    counts = Counter(ETERNIA.roll(rng) for _ in range(30_000))
    assert set(counts) == {"blank", "success", "double_success", "reroll"}
    assert 0.31 < counts["blank"] / 30_000 < 0.36
    assert 0.15 < counts["reroll"] / 30_000 < 0.185


def test_roll_is_deterministic_per_seed() -> None:
    first = [D6.roll(Pcg32(5)) for _ in range(3)]
    assert first == [D6.roll(Pcg32(5))] * 3
    rng = Pcg32(5)
    assert len({D6.roll(rng) for _ in range(100)}) == 6


def test_roll_outcome_actions() -> None:
    outcomes = roll_outcome_actions(ETERNIA)
    assert outcomes[0] == (Action.of("roll", face="blank"), 2 / 6)
    assert [a.param("face") for a, _ in outcomes] == [
        "blank",
        "success",
        "double_success",
        "reroll",
    ]
    tagged = roll_outcome_actions(D6, kind="attack_roll", die="red")
    assert tagged[5][0] == Action.of("attack_roll", face=6, die="red")


def test_invalid_dice() -> None:
    with pytest.raises(ValueError):
        Die("empty", ())
    with pytest.raises(TypeError):
        Die("nested", ([1, 2],))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Die("nan", (float("nan"),))
