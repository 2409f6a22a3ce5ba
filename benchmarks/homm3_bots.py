"""HoMM3 combat bot strength: MCTS (default level) and greedy against random on every shipped
battle, with 95% Wilson intervals (issue 9 §2).

Usage: python benchmarks/homm3_bots.py [--games 20] [--jobs 2] [--seed 1] [--battles NAME ...]
       [--pairs mcts-random greedy-random mcts-greedy ...]

Each match is a tournament pair (core/tournament.py): game seeds from --seed, sides alternating
where both sides are player seats, a win scoring 1 and a draw ½. In a one-seat battle (the other
side is the game's neutral or AI army) each bot plays the seeds alone, and both bots' scores
are printed (random's, for comparison). The target: MCTS at 90% or more on every battle.
"""

from __future__ import annotations

import argparse
import time

from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.mcts import DEFAULT_LEVEL, LEVELS
from rulekeeper.core.tournament import Standing, run, schedule, standings
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

GAME = "homm3-combat"
PAIRS = ["mcts-random", "greedy-random"]
"""The matches played by default: the first bot's score against the second."""


def line(battle: str, row: Standing, against: str, seconds: float) -> str:
    """One bot's record as a line: score, interval, W/D/L, its score by seat, the time."""
    low, high = row.interval()
    seats = [s for s in (row.first, row.second) if s]
    sides = " / ".join(f"{100 * sum(s) / len(s):3.0f}%" for s in seats)
    return (
        f"{battle:20} {row.bot:6} vs {against:6} {row.games:3} games  "
        f"score {100 * row.score:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]  "
        f"W{row.wins} D{row.draws} L{row.losses}  by seat {sides:11}  ({seconds:.0f} s)"
    )


def measure(battle: str, pair: tuple[str, str], games: int, seed: int, jobs: int) -> list[str]:
    """Play *pair* on *battle*; the first bot's line (both bots' when each plays alone)."""
    params: JsonObject = {"battle": str(shipped_battle(battle))}
    started = time.perf_counter()
    results = run(schedule(GAME, params, list(pair), games, seed), workers=jobs)
    rows = {row.bot: row for row in standings(results)}
    seconds = time.perf_counter() - started
    alone = len(results[0]["seats"]) == 1  # type: ignore[arg-type]
    shown = [rows[pair[0]]] + ([rows[pair[1]]] if alone else [])
    return [line(battle, row, "(alone)" if alone else pair[1], seconds) for row in shown]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--battles", nargs="*", default=None, help="e.g. siege.yaml")
    parser.add_argument("--pairs", nargs="*", default=PAIRS, help="e.g. mcts-greedy mcts@5-random")
    args = parser.parse_args()
    level = f"default level {DEFAULT_LEVEL}: {LEVELS[DEFAULT_LEVEL]} iterations"
    print(f"HoMM3 combat, shipped battles: {', '.join(args.pairs)}; MCTS at its {level}")
    for battle in args.battles or shipped_battles():
        for name in args.pairs:
            first, second = name.split("-")
            for text in measure(battle, (first, second), args.games, args.seed, args.jobs):
                print(text, flush=True)


if __name__ == "__main__":
    main()
