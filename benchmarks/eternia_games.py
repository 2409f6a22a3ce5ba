"""Complete random Fields of Eternia map games per second on one core, every combat played out,
against a plain-Python reference (issue 28 §4).

Usage: python benchmarks/eternia_games.py [--games 40] [--repeat 3] [--options first_game]

Random players pick uniformly among ``legal_actions(seat)`` through the public, checked
``apply_action`` (chance sampled from ``chance_outcomes``): 2 to 6 players in turn, every
meeting's combats, wilds combats, merchants and soldiers to the end of the round track. The same
run times the plain-Python tic-tac-toe reference (playouts.py), so "games/s per 100k tic-tac-toe
moves/s" compares machines fairly; the actions a game takes are printed too. Prints medians of
the repeats.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from playouts import playout, reference_rate
from rulekeeper.core import Pcg32, load_game


def one_run(games: int, first_seed: int, options: str) -> tuple[float, int]:
    """Seconds and actions to play *games* random games (each game loaded beforehand)."""
    loaded = [load_game("eternia", players=2 + i % 5, options=options) for i in range(games)]
    started = time.perf_counter()
    total = 0
    for index, game in enumerate(loaded):
        seed = first_seed + index
        total += playout(game.new_initial_state(seed=seed), Pcg32(seed))
    return time.perf_counter() - started, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--options", default="", help="optional rules, comma separated")
    args = parser.parse_args()
    rates, actions, references, ratios, per_game = [], [], [], [], []
    for k in range(args.repeat):
        before = reference_rate(0.5)
        seconds, total = one_run(args.games, 1000 * (k + 1), args.options)
        reference = (before + reference_rate(0.5)) / 2
        rates.append(args.games / seconds)
        actions.append(total / seconds)
        references.append(reference)
        ratios.append(args.games / seconds / reference * 1e5)
        per_game.append(total / args.games)
    what = f"options {args.options}" if args.options else "standard"
    print(f"{args.games} random Fields of Eternia games, 2-6 players ({what})")
    print(f"median of {args.repeat} runs")
    print(f"machine:               {platform.machine()}, Python {platform.python_version()}")
    print(f"games per second:      {statistics.median(rates):.2f}")
    print(f"actions per game:      {statistics.median(per_game):,.0f}")
    print(f"actions per second:    {statistics.median(actions):,.0f}")
    print(f"reference moves/s:     {statistics.median(references):,.0f} (tic-tac-toe)")
    print(f"games/s per 100k reference moves/s: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
