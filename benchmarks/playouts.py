"""Complete first-game playouts with random legal actions, against a plain-Python reference.

Usage: python benchmarks/playouts.py [--games 200] [--repeat 5]

Random players pick uniformly among ``legal_actions(seat)`` (never forfeiting, offering or
accepting a draw, which would end games at once) and play through the public, checked
``apply_action(action, seat)``; chance nodes are resolved by sampling ``chance_outcomes()``
with the benchmark's own stream. Nothing interpreter-wide is changed (no ``gc.freeze`` or
``gc.disable``): the garbage collector runs as it would in any program.

The same run times a plain-Python random tic-tac-toe loop, so the figure "games/s per 100k
tic-tac-toe moves/s" compares machines and Python versions fairly (target, issue 7: at least
15; 7.1-8.0 before it). Prints medians of the repeats.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Sequence

from rulekeeper.core import CHANCE, SIMULTANEOUS, GameState, Pcg32, load_game

QUIET = frozenset({"forfeit", "offer-draw", "accept-draw"})
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def playout(state: GameState, rng: Pcg32) -> int:
    """Play *state* to the end at random; return the number of actions (chance included)."""
    actions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            index = rng.weighted_index([p for _, p in outcomes])
            state.apply_action(outcomes[index][0], CHANCE)
        else:
            seats = range(state.num_players) if player == SIMULTANEOUS else (player,)
            for seat in seats:
                options = state.legal_actions(seat)
                if any(a.kind not in QUIET for a in options):
                    # Uniform among the others: draw again when a quiet action comes up.
                    action = options[rng.below(len(options))]
                    while action.kind in QUIET:
                        action = options[rng.below(len(options))]
                    state.apply_action(action, seat)
                    break
        actions += 1
    return actions


def tic_tac_toe(rng: random.Random) -> int:
    """One random game of tic-tac-toe on a list board; return the moves made."""
    board = [0] * 9
    player = 1
    moves = 0
    while True:
        empty = [i for i in range(9) if not board[i]]
        if not empty:
            return moves
        board[empty[rng.randrange(len(empty))]] = player
        moves += 1
        if any(board[a] == board[b] == board[c] == player for a, b, c in LINES):
            return moves
        player = 3 - player


def reference_rate(seconds: float = 1.0) -> float:
    """Random tic-tac-toe moves per second over about *seconds*."""
    rng = random.Random(1)
    moves = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for _ in range(100):
            moves += tic_tac_toe(rng)
    return moves / elapsed


def time_files(game: str, param: str, docs: Sequence[object], repeat: int, what: str) -> None:
    """Play *docs* (each the file of one *game*, given as *param*) to their end *repeat* times,
    random legal actions through the public API, and print the medians: *what* per second,
    actions per second and per game, and the per-100k-reference rate of the same runs."""
    rates, actions, references, ratios = [], [], [], []
    played = 0
    for k in range(repeat):
        games = [load_game(game, **{param: doc}) for doc in docs]  # loading is not timed
        before = reference_rate(0.5)
        started = time.perf_counter()
        total = 0
        for index, loaded in enumerate(games):
            seed = 1000 * (k + 1) + index
            total += playout(loaded.new_initial_state(seed=seed), Pcg32(seed))
        seconds = time.perf_counter() - started
        reference = (before + reference_rate(0.5)) / 2
        rates.append(len(docs) / seconds)
        actions.append(total / seconds)
        references.append(reference)
        ratios.append(len(docs) / seconds / reference * 1e5)
        played += total
    print(f"{len(docs)} random {what}, median of {repeat} runs")
    print(f"machine:             {platform.machine()}, Python {platform.python_version()}")
    print(f"{what.split()[-1]} per second:  {statistics.median(rates):.1f}")
    print(f"actions per second:  {statistics.median(actions):,.0f}")
    print(f"actions per game:    {played / (len(docs) * repeat):.1f}")
    print(f"tic-tac-toe moves/s (plain Python, same runs): {statistics.median(references):,.0f}")
    print(
        f"{what.split()[-1]}/s per 100k tic-tac-toe moves/s: {statistics.median(ratios):.1f}   "
        f"(runs: {', '.join(f'{r:.1f}' for r in ratios)})"
    )


def one_run(games: int, first_seed: int) -> tuple[float, int]:
    """Seconds and actions for *games* playouts from seed *first_seed* on."""
    game = load_game("battleground")
    playout(game.new_initial_state(seed=first_seed - 1), Pcg32(0))  # load the map and cards
    started = time.perf_counter()
    total = 0
    for seed in range(first_seed, first_seed + games):
        total += playout(game.new_initial_state(seed=seed), Pcg32(seed))
    return time.perf_counter() - started, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rates, actions, references, ratios = [], [], [], []
    actions_played = games_played = 0
    for k in range(args.repeat):
        # The reference is timed right before and after each run, so a machine that slows
        # down or speeds up meanwhile moves both figures alike.
        before = reference_rate(0.5)
        seconds, total = one_run(args.games, 1000 * (k + 1))
        reference = (before + reference_rate(0.5)) / 2
        rates.append(args.games / seconds)
        actions.append(total / seconds)
        references.append(reference)
        ratios.append(args.games / seconds / reference * 1e5)
        games_played = args.games * (k + 1)
        actions_played = actions_played + total if k else total
    print(f"{args.games} random first-game playouts, median of {args.repeat} runs")
    print(f"machine:            {platform.machine()}, Python {platform.python_version()}")
    print(f"games per second:   {statistics.median(rates):.1f}")
    print(f"actions per second: {statistics.median(actions):,.0f}")
    print(f"actions per game:   {actions_played / games_played:.1f}")
    print(f"tic-tac-toe moves/s (plain Python, same runs): {statistics.median(references):,.0f}")
    print(
        f"games/s per 100k tic-tac-toe moves/s: {statistics.median(ratios):.1f}   (target: 15; "
        f"runs: {', '.join(f'{r:.1f}' for r in ratios)})"
    )


if __name__ == "__main__":
    main()
