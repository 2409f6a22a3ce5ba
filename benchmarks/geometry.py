"""Line of sight and cover for every ordered pair of positions, then cached queries.

Usage: python benchmarks/geometry.py [--map first-game] [--repeat 3]

Targets (issue 2): the whole table in at most 5 s on one core, then at least 500,000 cached
queries per second. Each figure is the median of ``--repeat`` runs in fresh processes' worth of
state (each run loads a new battlefield, which owns its own segment-pattern tables).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rulekeeper.games.battleground.board.battlefield import Battlefield


def one_run(map_name: str, queries: int) -> tuple[float, float, float, float, int]:
    field = Battlefield.load(map_name)  # a new battlefield owns new, empty pattern tables
    started = time.perf_counter()
    field.sight.build()
    sight_seconds = time.perf_counter() - started
    started = time.perf_counter()
    field.cover_table.build()
    cover_seconds = time.perf_counter() - started

    positions = sorted(field.positions)
    chooser = random.Random(7)
    pairs = [(chooser.choice(positions), chooser.choice(positions)) for _ in range(queries)]
    visible = field.has_line_of_sight
    started = time.perf_counter()
    for a, b in pairs:
        visible(a, b)
    sight_rate = queries / (time.perf_counter() - started)
    in_cover = field.in_cover
    started = time.perf_counter()
    for a, b in pairs:
        in_cover(a, b)
    cover_rate = queries / (time.perf_counter() - started)
    return sight_seconds, cover_seconds, sight_rate, cover_rate, len(positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="first-game")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--queries", type=int, default=500_000)
    args = parser.parse_args()
    runs = [one_run(args.map, args.queries) for _ in range(args.repeat)]
    sight = statistics.median(r[0] for r in runs)
    cover = statistics.median(r[1] for r in runs)
    count = runs[0][4]
    print(f"map {args.map}: {count} positions, {count * count:,} ordered pairs")
    print(f"line-of-sight table: {sight:.2f} s (median of {args.repeat})")
    print(f"cover table:         {cover:.2f} s")
    print(f"both tables:         {sight + cover:.2f} s   (target: at most 5 s)")
    print(f"cached line-of-sight queries: {statistics.median(r[2] for r in runs):,.0f} per second")
    print(f"cached cover queries:         {statistics.median(r[3] for r in runs):,.0f} per second")
    print("(target: at least 500,000 cached queries per second)")


if __name__ == "__main__":
    main()
