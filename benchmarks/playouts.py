"""Complete first-game playouts with random legal actions.

Usage: python benchmarks/playouts.py [--games 200] [--repeat 3]

Target (issue 3): at least 50 games per second on one core. Random players pick uniformly among
the legal actions (never forfeiting or offering a draw, which would end games at once); chance
nodes are resolved from each state's own stream. Prints games per second, engine actions per
second and the mean number of actions per game (chance outcomes included), medians of repeats.
After a warm-up game, long-lived data is frozen out of the garbage collector (``gc.freeze``),
which is worth about a quarter of the time; ``--no-freeze`` measures without it.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

from rulekeeper.core import CHANCE, SIMULTANEOUS, GameState, Pcg32, load_game

QUIET = frozenset({"forfeit", "offer-draw", "accept-draw"})


def playout(state: GameState, rng: Pcg32) -> int:
    actions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
        else:
            seats = (0, 1) if player == SIMULTANEOUS else (player,)
            for seat in seats:
                options = [a for a in state.legal_actions(seat) if a.kind not in QUIET]
                if options:
                    state.apply_action(options[rng.below(len(options))], seat)
                    break
        actions += 1
    return actions


def one_run(games: int, first_seed: int, freeze: bool = True) -> tuple[float, int]:
    game = load_game("battleground")
    playout(game.new_initial_state(seed=first_seed - 1), Pcg32(0))  # warm the map's caches
    # The map's geometry tables and the card data live as long as the process: move them out of
    # the cyclic garbage collector's way, as a long-running server or bot would.
    if freeze:
        gc.collect()
        gc.freeze()
    started = time.perf_counter()
    total = 0
    for seed in range(first_seed, first_seed + games):
        total += playout(game.new_initial_state(seed=seed), Pcg32(seed))
    return time.perf_counter() - started, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-freeze", action="store_true", help="leave the collector alone")
    args = parser.parse_args()
    runs = [one_run(args.games, 1000 * (k + 1), not args.no_freeze) for k in range(args.repeat)]
    seconds = statistics.median(r[0] for r in runs)
    actions = statistics.median(r[1] for r in runs)
    print(f"{args.games} random first-game playouts, median of {args.repeat} runs")
    print(f"games per second:   {args.games / seconds:.1f}   (target: at least 50)")
    print(f"actions per second: {actions / seconds:,.0f}")
    print(f"actions per game:   {actions / args.games:.1f}")


if __name__ == "__main__":
    main()
