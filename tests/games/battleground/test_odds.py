"""Exact odds (odds.py) against a brute-force enumeration of the same rules (rulebook: Tests)."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from rulekeeper.games.battleground.views.odds import (
    at_least,
    expected,
    net_distribution,
    outcome_distribution,
    success_distribution,
)


@cache
def chain(depth: int = 0) -> dict[int, float]:
    """Successes of one exploded die and whatever it explodes into, enumerated face by face."""
    if depth > 25:
        return {0: 1.0}
    out: dict[int, float] = {}
    for face in range(1, 7):
        if face == 6:
            for k, p in chain(depth + 1).items():
                out[k + 1] = out.get(k + 1, 0.0) + p / 6
        else:
            k = 1 if face == 5 else 0
            out[k] = out.get(k, 0.0) + 1 / 6
    return out


def brute(dice: int, scope: int, rerolls: int) -> dict[int, float]:
    def ok(face: int) -> bool:
        return face == 6 or (face != 1 and face >= scope)

    out: dict[int, float] = {}
    for first in product(range(1, 7), repeat=dice):
        failed = [i for i, f in enumerate(first) if not ok(f)][:rerolls]
        for again in product(range(1, 7), repeat=len(failed)):
            faces = list(first)
            for i, f in zip(failed, again, strict=True):
                faces[i] = f
            p0 = (1 / 6) ** (dice + len(failed))
            base = sum(ok(f) for f in faces)
            dist = {0: 1.0}
            for _ in range(faces.count(6)):
                nxt: dict[int, float] = {}
                for a, p in dist.items():
                    for b, q in chain().items():
                        nxt[a + b] = nxt.get(a + b, 0.0) + p * q
                dist = nxt
            for k, p in dist.items():
                out[base + k] = out.get(base + k, 0.0) + p0 * p
    return out


@pytest.mark.parametrize(
    ("dice", "scope", "rerolls"),
    [(1, 4, 0), (2, 4, 0), (3, 4, 0), (2, 3, 1), (3, 5, 2), (2, 7, 0), (2, 1, 1), (3, 4, 3)],
)
def test_exact_odds_match_brute_force(dice: int, scope: int, rerolls: int) -> None:
    exact = success_distribution(dice, scope, mana_rerolls=rerolls)
    slow = brute(dice, scope, rerolls)
    for k in set(exact) | set(slow):
        assert exact.get(k, 0.0) == pytest.approx(slow.get(k, 0.0), abs=1e-9), k


def test_distributions_sum_to_one() -> None:
    for dice in range(0, 9):
        assert sum(success_distribution(dice, 4, mana_rerolls=2).values()) == pytest.approx(1.0)


def test_one_die_at_scope_four() -> None:
    """A single die: 4 or 5 succeed, a 6 succeeds and explodes (5+ on the new die)."""
    dist = success_distribution(1, 4)
    assert dist[0] == pytest.approx(3 / 6)
    assert at_least(dist, 2) == pytest.approx(1 / 6 * (1 - 4 / 6))


def test_net_and_weapon_outcomes() -> None:
    """Rulebook, Attacks: only the result needing the most successes reached is resolved;
    Sword of Power thresholds 1, 3, 5."""
    net = net_distribution({3: 1.0}, {1: 0.5, 4: 0.5})
    assert net == {2: 0.5, 0: 0.5}
    outcomes = outcome_distribution({0: 0.1, 2: 0.2, 3: 0.3, 6: 0.4}, [1, 3, 5])
    assert outcomes == {None: 0.1, 1: 0.2, 3: 0.3, 5: 0.4}
    assert expected({1: 0.5, 3: 0.5}) == 2.0
