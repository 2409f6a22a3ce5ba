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
import random

from playouts import time_files
from rulekeeper.games.eternia.combat.generate import random_combat
from rulekeeper.games.eternia.content.pack import load_content_pack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--combats", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    pack = load_content_pack()
    rng = random.Random(2027)
    combats = [random_combat(pack, rng) for _ in range(args.combats)]
    time_files("eternia-combat", "combat", combats, args.repeat, "Fields of Eternia combats")


if __name__ == "__main__":
    main()
