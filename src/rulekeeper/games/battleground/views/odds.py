"""Exact odds of tests, defence and weapon outcomes, by enumeration and convolution.

The same reading of the rules as dicetest.py: initial dice succeed at the scope or above (a 6
always, a 1 never); rerolls (free first, then mana) go to failed initial dice, which is the best
a player can do; every 6 left on the initial dice explodes into a chain where each die succeeds
on 5+ and a 6 rolls again. A chain from one six gives k successes with probability
``(1/6)^k · 10/6`` for k ≥ 1 and ``4/6`` for none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb

Distribution = dict[int, float]

# Beyond this many successes the probability is below 6^-60: dropped, its mass folded back.
_CAP = 60


def _clamped(scope: int) -> int:
    return max(2, min(6, scope))


def _categories(scope: int) -> tuple[float, float, float]:
    """(fail, success other than 6, six) for one initial die."""
    successes = 6 - _clamped(scope) + 1
    return ((6 - successes) / 6, (successes - 1) / 6, 1 / 6)


def _convolve(a: Mapping[int, float], b: Mapping[int, float]) -> Distribution:
    out: Distribution = {}
    for i, p in a.items():
        for j, q in b.items():
            k = min(i + j, _CAP)
            out[k] = out.get(k, 0.0) + p * q
    return out


_ONE_CHAIN: Distribution = {0: 4 / 6, **{k: (1 / 6) ** k * 10 / 6 for k in range(1, _CAP)}}
"""Extra successes from the explosion chain of one six (a constant table, computed once)."""


def _chains(sixes: int) -> tuple[tuple[int, float], ...]:
    """Successes from the explosion chains of ``sixes`` sixes (excluding the sixes themselves)."""
    total: Distribution = {0: 1.0}
    for _ in range(sixes):
        total = _convolve(total, _ONE_CHAIN)
    return tuple(sorted(total.items()))


def _reroll(
    state: Mapping[tuple[int, int, int], float], count: int, cats: tuple[float, float, float]
) -> dict[tuple[int, int, int], float]:
    """Reroll up to ``count`` failed dice of each (fails, successes, sixes) state."""
    if count <= 0:
        return dict(state)
    pf, ps, px = cats
    out: dict[tuple[int, int, int], float] = {}
    for (f, s, x), p in state.items():
        n = min(f, count)
        for rf in range(n + 1):
            for rs in range(n - rf + 1):
                rx = n - rf - rs
                q = comb(n, rf) * comb(n - rf, rs) * pf**rf * ps**rs * px**rx
                key = (f - n + rf, s + rs, x + rx)
                out[key] = out.get(key, 0.0) + p * q
    return out


def _test(
    dice: int, scope: int, free_rerolls: int, mana_rerolls: int
) -> tuple[tuple[int, float], ...]:
    if dice <= 0:
        return ((0, 1.0),)
    cats = _categories(scope)
    pf, ps, px = cats
    state: dict[tuple[int, int, int], float] = {}
    for f in range(dice + 1):
        for s in range(dice - f + 1):
            x = dice - f - s
            state[(f, s, x)] = comb(dice, f) * comb(dice - f, s) * pf**f * ps**s * px**x
    state = _reroll(state, free_rerolls, cats)
    state = _reroll(state, min(mana_rerolls, 5), cats)
    result: Distribution = {}
    for (_, s, x), p in state.items():
        for extra, q in _chains(x):
            k = min(s + x + extra, _CAP)
            result[k] = result.get(k, 0.0) + p * q
    return tuple(sorted(result.items()))


def success_distribution(
    dice: int, scope: int = 4, *, free_rerolls: int = 0, mana_rerolls: int = 0
) -> Distribution:
    """Probability of each number of successes of one test."""
    return dict(_test(dice, scope, free_rerolls, mana_rerolls))


def net_distribution(attack: Mapping[int, float], defence: Mapping[int, float]) -> Distribution:
    """Successes left after the defence test cancels one per defence success."""
    out: Distribution = {}
    for a, p in attack.items():
        for d, q in defence.items():
            k = max(0, a - d)
            out[k] = out.get(k, 0.0) + p * q
    return out


def outcome_distribution(
    net: Mapping[int, float], thresholds: Sequence[int]
) -> dict[int | None, float]:
    """Which weapon result applies: the greatest threshold not above the successes (rulebook:
    Attacks — only the outcome needing the most successes reachable is resolved); None when no
    result is reached."""
    ordered = sorted(thresholds)
    out: dict[int | None, float] = {}
    for successes, p in net.items():
        reached = [t for t in ordered if t <= successes]
        key = reached[-1] if reached else None
        out[key] = out.get(key, 0.0) + p
    return out


def at_least(distribution: Mapping[int, float], n: int) -> float:
    return sum(p for k, p in distribution.items() if k >= n)


def expected(distribution: Mapping[int, float]) -> float:
    return sum(k * p for k, p in distribution.items())
