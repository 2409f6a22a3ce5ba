"""How long the exact odds of one attack take, uncached (issue 9 §3: under 1 ms).

Usage: python benchmarks/odds.py [--repeat 5]

For every attack test from 1 to 8 dice, scopes 2–6, 0–2 free and 0–2 mana rerolls, against a
defence of 0–4 dice: the attack's successes, the defence's, the net successes and the Sword of
Power's result row (views/odds.py), each computed from scratch (nothing is cached between
calls). Prints the median time of one full attack's odds and the same run's plain-Python
tic-tac-toe reference (playouts.py).
"""

from __future__ import annotations

import argparse
import statistics
import time

from playouts import reference_rate
from rulekeeper.games.battleground.content.pack import load_content_pack
from rulekeeper.games.battleground.views import odds


def one_attack(dice: int, scope: int, free: int, mana: int, defence: int, rows: list[int]) -> None:
    attack = odds.success_distribution(dice, scope, free_rerolls=free, mana_rerolls=mana)
    against = odds.success_distribution(defence, 4)
    net = odds.net_distribution(attack, against)
    odds.outcome_distribution(net, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = [row.successes for row in load_content_pack().weapons["sword-of-power"].results]
    cases = [
        (d, s, f, m, e)
        for d in range(1, 9)
        for s in range(2, 7)
        for f in range(3)
        for m in range(3)
        for e in range(5)
    ]
    medians = []
    for _ in range(args.repeat):
        times = []
        for case in cases:
            started = time.perf_counter()
            one_attack(*case, rows)
            times.append(time.perf_counter() - started)
        medians.append(statistics.median(times))
    reference = reference_rate(0.5)
    print(f"{len(cases)} attacks (1-8 dice, scope 2-6, rerolls, defence 0-4), uncached")
    print(f"median time of one attack's full odds: {statistics.median(medians) * 1000:.3f} ms")
    print(f"slowest case median: {max(times) * 1000:.3f} ms")
    print(f"tic-tac-toe moves/s (plain Python, same run): {reference:,.0f}")


if __name__ == "__main__":
    main()
