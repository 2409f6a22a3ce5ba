"""All reachable positions of a speed-8 character on the first-game map.

Usage: python benchmarks/movement.py [--map first-game] [--speed 8] [--samples 200]

Target (issue 2): under 2 ms median. The start positions are spread over the whole map (a fixed
sample), with the first-game forces standing where the map deploys them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement import Occupancy, reachable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="first-game")
    parser.add_argument("--speed", type=int, default=8)
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()
    field = Battlefield.load(args.map)
    deployed = [Position(d.at[0], d.at[1], d.level) for d in field.data.deployments]
    half = len(deployed) // 2
    free = sorted(field.positions - set(deployed))
    starts = random.Random(11).sample(free, min(args.samples, len(free)))
    occupancy = Occupancy.of(deployed[:half], deployed[half:])
    for start in starts[:10]:
        reachable(field, start, args.speed, occupancy)  # warm the map's terrain-move cache
    timings = []
    sizes = []
    for start in starts:
        began = time.perf_counter()
        routes = reachable(field, start, args.speed, occupancy)
        timings.append(time.perf_counter() - began)
        sizes.append(len(routes))
    timings.sort()
    print(f"map {args.map}, speed {args.speed}, {len(starts)} start positions")
    print(f"reachable positions: median {statistics.median(sizes):.0f}, max {max(sizes)}")
    print(f"median time: {statistics.median(timings) * 1000:.3f} ms   (target: under 2 ms)")
    print(f"90th percentile: {timings[int(len(timings) * 0.9)] * 1000:.3f} ms")
    print(f"slowest: {timings[-1] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
