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

from rulekeeper.games.battleground.rules.dicetest import EXPLODES, face_succeeds

Distribution = dict[int, float]

# Beyond this many successes the probability is below 6^-60: dropped, its mass folded back.
_CAP = 60
_NEGLIGIBLE = 1e-18
"""Chain probabilities below this are folded into the cap (their sum stays far below 1e-12)."""


def _categories(scope: int) -> tuple[float, float, float]:
    """(fail, success other than a 6, six) for one initial die, from the engine's own rule
    (rules/dicetest.py :func:`face_succeeds`)."""
    wins = [face for face in range(1, 7) if face_succeeds(face, scope)]
    return ((6 - len(wins)) / 6, (len(wins) - 1) / 6, 1 / 6)


_EXPLODED = [face for face in range(1, 7) if face_succeeds(face, 4, exploded=True)]
if _EXPLODED != [5, EXPLODES]:  # pragma: no cover - the closed form below assumes it
    raise AssertionError("an exploded die succeeds on 5 and 6: _chains assumes it")


def _chains(sixes: int) -> tuple[tuple[int, float], ...]:
    """Successes from the explosion chains of ``sixes`` sixes (excluding the sixes themselves),
    in closed form: each chain rolls until a die is not a 6, so its sixes J are geometric and
    the chains' sixes together negative-binomial, NB(sixes, 5/6); each chain's last die is a 5
    (one more success) with probability 1/5 whatever J, so the fives F are Binomial(sixes,
    1/5), independent of J. The extra successes are J + F (the convolution of ``sixes``
    copies of one chain's distribution, without the convolutions)."""
    if sixes == 0:
        return ((0, 1.0),)
    stop = (5 / 6) ** sixes
    fives = [comb(sixes, f) * (1 / 5) ** f * (4 / 5) ** (sixes - f) for f in range(sixes + 1)]
    total: Distribution = {}
    for k in range(_CAP + 1):
        p = 0.0
        for f in range(min(k, sixes) + 1):
            j = k - f
            p += fives[f] * comb(j + sixes - 1, j) * (1 / 6) ** j * stop
        if p > _NEGLIGIBLE:
            total[k] = p
        elif k > sixes:  # past the peak, the terms only shrink
            break
    folded = 1.0 - sum(total.values())  # the mass beyond: folded into the cap, as before
    total[_CAP] = total.get(_CAP, 0.0) + max(0.0, folded)
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
    chains: dict[int, tuple[tuple[int, float], ...]] = {}
    for (_, s, x), p in state.items():
        if x not in chains:
            chains[x] = _chains(x)
        for extra, q in chains[x]:
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


def reroll_distribution(
    initial: Sequence[int], faces: Sequence[int], scope: int, later_rerolls: int = 0
) -> Distribution:
    """Successes of a test whose initial dice show *initial* if the dice showing *faces* are
    rerolled now (issue 23 §2.3): the kept dice as they are, the rerolled ones fresh; then
    ``later_rerolls`` more rerolls (the mana rerolls after the free ones) spent on failed
    dice, and every 6 explodes. *faces* must be among *initial*."""
    kept = list(initial)
    for face in faces:
        kept.remove(face)  # ValueError: no die shows it
    fails = sum(1 for face in kept if not face_succeeds(face, scope))
    sixes = sum(1 for face in kept if face == EXPLODES)
    others = len(kept) - fails - sixes
    cats = _categories(scope)
    pf, ps, px = cats
    fresh = len(faces)
    state: dict[tuple[int, int, int], float] = {}
    for rf in range(fresh + 1):
        for rs in range(fresh - rf + 1):
            rx = fresh - rf - rs
            q = comb(fresh, rf) * comb(fresh - rf, rs) * pf**rf * ps**rs * px**rx
            key = (fails + rf, others + rs, sixes + rx)
            state[key] = state.get(key, 0.0) + q
    state = _reroll(state, later_rerolls, cats)
    result: Distribution = {}
    for (_, s, x), p in state.items():
        for extra, q in _chains(x):
            k = min(s + x + extra, _CAP)
            result[k] = result.get(k, 0.0) + p * q
    return dict(sorted(result.items()))
