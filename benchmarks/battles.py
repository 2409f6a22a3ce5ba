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
import random

from playouts import time_files
from rulekeeper.games.homm3.battle.generate import random_battle
from rulekeeper.games.homm3.content.pack import load_content_pack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    pack = load_content_pack()
    rng = random.Random(2026)
    battles = [random_battle(rng, pack) for _ in range(args.battles)]
    time_files("homm3-combat", "battle", battles, args.repeat, "HoMM3 battles")


if __name__ == "__main__":
    main()
