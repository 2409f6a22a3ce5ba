"""The exact odds (views/odds.py) against the engine's own dice test played out at random
(issue 9 §3): for several tests, the frequencies of 20,000 random runs of ``DiceTest`` (rerolls
spent on failed initial dice, free ones first, the odds' assumption) agree with the exact
distribution within 5 standard deviations, and a small case matches a hand count."""

from __future__ import annotations

import math
import random

import pytest

from rulekeeper.games.battleground.rules.dicetest import face_succeeds, start_test
from rulekeeper.games.battleground.views import odds

RUNS = 20_000


def _run(dice: int, scope_bonus: int, free: int, mana: int, rng: random.Random) -> int:
    test = start_test(0, "test", dice, free_rerolls=free, mana=mana)
    test.scope += scope_bonus
    while not test.is_done():
        if test.is_chance():
            test.apply_roll(rng.randint(1, 6))
        else:
            failed = [f for f in test.initial if not face_succeeds(f, test.scope)]
            test.apply_reroll(failed[: test.reroll_limit()])
    return test.successes()


@pytest.mark.parametrize(
    ("dice", "scope_bonus", "free", "mana"),
    [(3, 0, 0, 0), (5, 0, 1, 0), (4, -1, 0, 2), (6, 1, 2, 1)],
)
def test_the_odds_match_the_engine_played_at_random(
    dice: int, scope_bonus: int, free: int, mana: int
) -> None:
    rng = random.Random(dice * 100 + free * 10 + mana)
    counts: dict[int, int] = {}
    for _ in range(RUNS):
        k = _run(dice, scope_bonus, free, mana, rng)
        counts[k] = counts.get(k, 0) + 1
    exact = odds.success_distribution(dice, 4 + scope_bonus, free_rerolls=free, mana_rerolls=mana)
    for k in set(counts) | set(exact):
        p = exact.get(k, 0.0)
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / RUNS)
        assert abs(counts.get(k, 0) / RUNS - p) <= 5 * sigma + 1e-9, (k, p)


def test_one_die_by_hand() -> None:
    """One die at scope 4: a 4 or 5 is one success (2/6), a 6 is one plus its chain; a 1–3
    is none (1/2)."""
    found = odds.success_distribution(1, 4)
    assert found[0] == pytest.approx(1 / 2)
    # exactly one: a 4 or a 5, or a 6 whose first exploded die is 1–4
    assert found[1] == pytest.approx(2 / 6 + (1 / 6) * (4 / 6))
