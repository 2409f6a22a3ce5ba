"""Tests step by step (dicetest.py). Sources: rulebook *Tests*, *Scope*, *Defence Tests*,
*Test Example*, *Ranged Attack Example*; battleground.md §3."""

from __future__ import annotations

import pytest

from rulekeeper.games.battleground.rules.dicetest import (
    DiceTest,
    Modifier,
    net_successes,
    start_test,
)


def roll(test: DiceTest, *faces: int) -> None:
    for face in faces:
        assert test.is_chance(), f"no die waits for {face}"
        test.apply_roll(face)


def test_ram_man_strength_test_example() -> None:
    """Rulebook, Test Example: Ram Man (strength 4) rolls 3, 4, 6, 2; spends 1 mana to reroll
    the 2 (a 3); the 6 explodes into a 5: 3 successes."""
    test = start_test(0, "Ram Man strength", 4, mana=2)
    roll(test, 3, 4, 6, 2)
    assert test.successes() == 2
    assert test.awaiting_choice() and test.stage == "mana"
    test.apply_reroll([2])
    assert test.mana_spent == 1 and test.mana == 1
    roll(test, 3)
    assert test.stage == "explode"
    roll(test, 5)
    assert test.is_done()
    assert test.initial == [3, 4, 6, 3] and test.exploded == [5]
    assert test.successes() == 3


def test_the_log_records_a_finished_test_with_the_mana_it_spent() -> None:
    """Rulebook, Tests (mana rerolls), Test Example: the "test result" event of any test, an
    attack's or a skill's, tells its dice, successes and the mana spent on rerolls."""
    test = start_test(0, "Ram Man strength", 4, mana=2)
    roll(test, 3, 4, 6, 2)
    test.apply_reroll([2])
    roll(test, 3, 5)
    assert test.result() == {
        "label": "Ram Man strength",
        "initial": [3, 4, 6, 3],
        "exploded": [5],
        "successes": 3,
        "mana spent": 1,
    }


def test_arm_cannon_example_attack_and_defence() -> None:
    """Rulebook, Ranged Attack Example: Man-At-Arms (perception 4) rolls 4, 1, 3, 5 (2
    successes); Skeletor (toughness 3) defends with 3, 1, 4 (1 success); 1 success remains."""
    attack = start_test(0, "Man-At-Arms perception", 4)
    roll(attack, 4, 1, 3, 5)
    defence = start_test(1, "Skeletor toughness", 3)
    roll(defence, 3, 1, 4)
    assert attack.is_done() and defence.is_done()
    assert (attack.successes(), defence.successes()) == (2, 1)
    assert net_successes(attack, defence) == 1


def test_scope_modifiers_are_cumulative_and_six_always_one_never() -> None:
    """Rulebook, Scope: +1 scope makes 3+ succeed; cumulative; a 6 always succeeds and a 1
    never does, whatever the scope."""
    easy = start_test(
        0,
        "easy",
        3,
        scope_modifiers=[
            Modifier(1, "flank"),
            Modifier(1, "focus"),
            Modifier(1, "enhancement"),
            Modifier(1, "x"),
        ],
    )
    assert easy.scope == 0
    roll(easy, 1, 2, 2)
    assert easy.successes() == 2
    hard = start_test(0, "hard", 3, scope_modifiers=[Modifier(-1, "cover"), Modifier(-2, "blind")])
    assert hard.scope == 7
    roll(hard, 5, 5, 6)
    roll(hard, 1)  # the 6 explodes
    assert hard.successes() == 1


def test_dice_modifiers_change_the_number_of_dice() -> None:
    """Rulebook, Tests step 2: "Test strength +1" adds a die; never fewer than none."""
    assert start_test(0, "t", 5, [Modifier(1, "Trident")]).dice == 6
    nothing = start_test(0, "t", 1, [Modifier(-2, "weapon")])
    assert nothing.dice == 0 and nothing.is_done() and nothing.successes() == 0


def test_exploded_dice_succeed_on_five_whatever_the_scope() -> None:
    """Rulebook, Tests step 9: exploded dice succeed on 5 or 6; this cannot be modified."""
    test = start_test(0, "t", 1, scope_modifiers=[Modifier(2, "generous")])
    roll(test, 6, 6, 4)
    assert test.exploded == [6, 4]
    assert test.successes() == 2  # the initial 6 and the exploded 6; the exploded 4 fails


def test_free_rerolls_come_before_mana_rerolls() -> None:
    """Rulebook, Tests steps 6 and 7: free rerolls at once, then mana rerolls at once."""
    test = start_test(0, "t", 3, free_rerolls=1, mana=1)
    roll(test, 1, 2, 5)
    assert test.stage == "free"
    test.apply_reroll([1])
    roll(test, 2)
    assert test.stage == "mana" and test.initial == [2, 2, 5]
    test.apply_reroll([2])
    roll(test, 4)
    assert test.is_done() and test.initial == [4, 2, 5] and test.successes() == 2


def test_mana_rerolls_are_limited_to_five_and_the_mana_held() -> None:
    """Rulebook, Tests step 7: up to five mana, one die each."""
    rich = start_test(0, "t", 7, mana=5)
    roll(rich, 1, 1, 1, 1, 1, 1, 1)
    assert rich.reroll_limit() == 5
    assert rich.refusal([1] * 6) == "at most 5 mana rerolls here (5 mana, at most 5 per test)"
    poor = start_test(0, "t", 3, mana=1)
    roll(poor, 1, 2, 3)
    assert poor.refusal([1, 2]) is not None
    assert poor.refusal([6]) == "no die shows [6] among [1, 2, 3]"
    with pytest.raises(ValueError):
        poor.apply_reroll([1, 2])


def test_reroll_choices_are_every_distinct_set_of_faces() -> None:
    """battleground.md §3: which dice to reroll is the player's choice (each distinct set of
    faces once; the rules ask it one die at a time, issue 21 §1)."""
    test = start_test(0, "t", 3, mana=2)
    roll(test, 2, 2, 5)
    assert test.choices() == [(), (2,), (5,), (2, 2), (2, 5)]


def test_keeping_every_die_skips_to_the_explosions() -> None:
    test = start_test(0, "t", 2, mana=3)
    roll(test, 6, 3)
    test.apply_reroll([])
    assert test.mana == 3 and test.stage == "explode"
    roll(test, 2)
    assert test.is_done() and test.successes() == 1


def test_round_trip_as_data() -> None:
    test = start_test(1, "t", 4, [Modifier(1, "x")], mana=2)
    roll(test, 6, 2, 3)
    again = DiceTest.from_data(test.to_data())
    assert again == test
