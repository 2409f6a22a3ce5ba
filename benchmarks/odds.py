"""How long the exact odds of one attack take, uncached (issue 9 §3: under 1 ms).

Usage: python benchmarks/odds.py [--repeat 5] [--homm3 60]

For every attack test from 1 to 8 dice, scopes 2–6, 0–2 free and 0–2 mana rerolls, against a
defence of 0–4 dice: the attack's successes, the defence's, the net successes and the Sword of
Power's result row (views/odds.py), each computed from scratch (nothing is cached between
calls). Prints the median time of one full attack's odds (the median of each run's median),
the slowest case (the case whose median over the runs is the highest, with that median) and the
same run's plain-Python tic-tac-toe reference (playouts.py).

Then HoMM3's odds of a whole attack action (combat/odds.py: both attacks, added attacks, the
retaliation, by enumerating the engine's chance nodes) for ``--homm3`` attacks met in random
battles (the same ones each time): the median time of one and the slowest case's median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from playouts import reference_rate
from rulekeeper.core import CHANCE, Action, GameState, load_game
from rulekeeper.games.battleground.content.pack import load_content_pack
from rulekeeper.games.battleground.views import odds
from rulekeeper.games.homm3.battle.generate import random_battle


def one_attack(dice: int, scope: int, free: int, mana: int, defence: int, rows: list[int]) -> None:
    attack = odds.success_distribution(dice, scope, free_rerolls=free, mana_rerolls=mana)
    against = odds.success_distribution(defence, 4)
    net = odds.net_distribution(attack, against)
    odds.outcome_distribution(net, rows)


def homm3_attacks(count: int) -> list[tuple[GameState, Action, int]]:
    """*count* attacks met in random HoMM3 battles (seeded), each with its state and seat."""
    rng = random.Random(9)
    found: list[tuple[GameState, Action, int]] = []
    battle = 0
    while len(found) < count:
        state = load_game("homm3-combat", battle=random_battle(rng)).new_initial_state(battle)
        battle += 1
        while not state.is_terminal() and len(found) < count:
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            legal = state.legal_actions(seat)
            attacks = [a for a in legal if a.kind == "attack"]
            if attacks and rng.random() < 0.3:
                found.append((state.clone(), rng.choice(attacks), seat))
            state.apply_action(rng.choice(legal), seat)
    return found


def time_homm3(count: int, repeat: int) -> None:
    """The median and slowest-case median time of HoMM3's whole-attack odds."""
    cases = homm3_attacks(count)
    per_case: list[list[float]] = [[] for _ in cases]
    for _ in range(repeat):
        for index, (state, action, seat) in enumerate(cases):
            started = time.perf_counter()
            state.odds(action, seat)
            per_case[index].append(time.perf_counter() - started)
    medians = [statistics.median(spent) for spent in per_case]
    print(f"HoMM3: {count} attack actions from random battles (both attacks, retaliation)")
    print(f"median time of one attack action's odds: {statistics.median(medians) * 1000:.1f} ms")
    print(f"slowest case, its median over {repeat} runs: {max(medians) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--homm3", type=int, default=60, help="HoMM3 attacks to time (0: none)")
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
    per_case: list[list[float]] = [[] for _ in cases]
    for _ in range(args.repeat):
        times = []
        for index, case in enumerate(cases):
            started = time.perf_counter()
            one_attack(*case, rows)
            spent = time.perf_counter() - started
            times.append(spent)
            per_case[index].append(spent)
        medians.append(statistics.median(times))
    case_medians = [statistics.median(spent) for spent in per_case]
    slowest = max(range(len(cases)), key=lambda i: case_medians[i])
    reference = reference_rate(0.5)
    print(f"{len(cases)} attacks (1-8 dice, scope 2-6, rerolls, defence 0-4), uncached")
    print(f"median time of one attack's full odds: {statistics.median(medians) * 1000:.3f} ms")
    dice, scope, free, mana, defence = cases[slowest]
    print(
        f"slowest case, its median over {args.repeat} runs: {case_medians[slowest] * 1000:.3f} ms"
        f" ({dice} dice, scope {scope}, {free} free and {mana} mana rerolls, defence {defence})"
    )
    print(f"tic-tac-toe moves/s (plain Python, same run): {reference:,.0f}")
    if args.homm3:
        time_homm3(args.homm3, args.repeat)


if __name__ == "__main__":
    main()
