"""Random complete Fields of Eternia combats per second on one core, against a plain-Python
reference (issue 27 §4).

Usage: python benchmarks/eternia_combats.py [--combats 300] [--repeat 5]

Each run plays the same random combat files (benchmarks' own stream; mostly epic combats of
random heroes of both factions or an epic beast with random damage, soldiers, Eternium and
options including Dice of Power, and wilds, soldier and area combats;
rulekeeper.games.eternia.combat.generate) to their end, random legal actions through the public,
checked API (``legal_actions`` then ``apply_action``; chance sampled from ``chance_outcomes``).
The same run times the plain-Python tic-tac-toe reference (playouts.py), so "combats/s per 100k
tic-tac-toe moves/s" compares machines fairly. Prints medians of the repeats.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from playouts import playout, reference_rate
from rulekeeper.core import Pcg32, load_game
from rulekeeper.games.eternia.combat.generate import random_combat
from rulekeeper.games.eternia.content.pack import load_content_pack


def one_run(combats: list[dict[str, object]], first_seed: int) -> tuple[float, int]:
    """Seconds and actions to play *combats* (games loaded beforehand: only play is timed)."""
    games = [load_game("eternia-combat", combat=doc) for doc in combats]
    started = time.perf_counter()
    total = 0
    for index, game in enumerate(games):
        seed = first_seed + index
        total += playout(game.new_initial_state(seed=seed), Pcg32(seed))
    return time.perf_counter() - started, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--combats", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    pack = load_content_pack()
    rng = random.Random(2027)
    combats = [random_combat(pack, rng) for _ in range(args.combats)]
    rates, actions, references, ratios = [], [], [], []
    played = 0
    for k in range(args.repeat):
        before = reference_rate(0.5)
        seconds, total = one_run(combats, 1000 * (k + 1))
        reference = (before + reference_rate(0.5)) / 2
        rates.append(args.combats / seconds)
        actions.append(total / seconds)
        references.append(reference)
        ratios.append(args.combats / seconds / reference * 1e5)
        played += total
    print(f"{args.combats} random Fields of Eternia combats, median of {args.repeat} runs")
    print(f"machine:             {platform.machine()}, Python {platform.python_version()}")
    print(f"combats per second:  {statistics.median(rates):.1f}")
    print(f"actions per second:  {statistics.median(actions):,.0f}")
    print(f"actions per combat:  {played / (args.combats * args.repeat):.1f}")
    print(f"tic-tac-toe moves/s (plain Python, same runs): {statistics.median(references):,.0f}")
    print(
        f"combats/s per 100k tic-tac-toe moves/s: {statistics.median(ratios):.1f}   "
        f"(runs: {', '.join(f'{r:.1f}' for r in ratios)})"
    )


if __name__ == "__main__":
    main()
