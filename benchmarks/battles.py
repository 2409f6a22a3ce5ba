"""Random complete HoMM3 battles per second on one core, against a plain-Python reference.

Usage: python benchmarks/battles.py [--battles 300] [--repeat 5]

Each run plays the same random battle files (benchmarks' own stream: random armies, hands,
sites, modes and options; rulekeeper.games.homm3.battle.generate) to their end, random legal
actions through the public, checked API (``legal_actions`` then ``apply_action``; chance sampled
from ``chance_outcomes``). The same run times Battleground's plain-Python tic-tac-toe reference
(playouts.py), so "battles/s per 100k tic-tac-toe moves/s" compares machines fairly. Prints
medians of the repeats.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from playouts import playout, reference_rate
from rulekeeper.core import Pcg32, load_game
from rulekeeper.games.homm3.battle.generate import random_battle
from rulekeeper.games.homm3.content.pack import load_content_pack


def one_run(battles: list[dict[str, object]], first_seed: int) -> tuple[float, int]:
    """Seconds and actions to play *battles* (games loaded beforehand: only play is timed)."""
    games = [load_game("homm3-combat", battle=doc) for doc in battles]
    started = time.perf_counter()
    total = 0
    for index, game in enumerate(games):
        seed = first_seed + index
        total += playout(game.new_initial_state(seed=seed), Pcg32(seed))
    return time.perf_counter() - started, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    pack = load_content_pack()
    rng = random.Random(2026)
    battles = [random_battle(rng, pack) for _ in range(args.battles)]
    rates, actions, references, ratios = [], [], [], []
    played = 0
    for k in range(args.repeat):
        before = reference_rate(0.5)
        seconds, total = one_run(battles, 1000 * (k + 1))
        reference = (before + reference_rate(0.5)) / 2
        rates.append(args.battles / seconds)
        actions.append(total / seconds)
        references.append(reference)
        ratios.append(args.battles / seconds / reference * 1e5)
        played += total
    print(f"{args.battles} random HoMM3 battles, median of {args.repeat} runs")
    print(f"machine:             {platform.machine()}, Python {platform.python_version()}")
    print(f"battles per second:  {statistics.median(rates):.1f}")
    print(f"actions per second:  {statistics.median(actions):,.0f}")
    print(f"actions per battle:  {played / (args.battles * args.repeat):.1f}")
    print(f"tic-tac-toe moves/s (plain Python, same runs): {statistics.median(references):,.0f}")
    print(
        f"battles/s per 100k tic-tac-toe moves/s: {statistics.median(ratios):.1f}   "
        f"(runs: {', '.join(f'{r:.1f}' for r in ratios)})"
    )


if __name__ == "__main__":
    main()
