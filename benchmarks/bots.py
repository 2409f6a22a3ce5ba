"""Bot strength and speed: matches between the built-in bots, with 95% intervals.

Usage: python benchmarks/bots.py [--games 40] [--homm3-games 10] [--jobs 2] [--only NAME ...]

Battleground (first game): seeds 1..N, sides alternating (the first bot plays seat 0 on odd
seeds), a win scoring 1 and a draw ½: MCTS (default level) against greedy and random, greedy
against random and against ``legacy`` (the first SkirmishBot). HoMM3 combat: MCTS against
random on every shipped battle (sides alternating where both sides have a seat; against the
game's own neutral or AI side, the bot's win rate, with random's on the same seeds for
comparison). Then the median decision time of MCTS at the default level on one core.
Intervals are Wilson score intervals on the mean score.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from rulekeeper.core import CHANCE, SIMULTANEOUS, GameState, load_game
from rulekeeper.core.agents import make_agent, play_out
from rulekeeper.core.mcts import DEFAULT_LEVEL, LEVELS
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

Z = 1.96


def new_state(game: str, seed: int) -> GameState:
    if game == "battleground":
        return load_game("battleground").new_initial_state(seed=seed)
    return load_game("homm3-combat", battle=str(shipped_battle(game))).new_initial_state(seed=seed)


def one_game(args: tuple[str, str, str, int]) -> float:
    """The first bot's score (1, ½, 0) in one game; it plays seat 0 on odd seeds."""
    game, first, second, seed = args
    state = new_state(game, seed)
    seats = state.num_players
    me = 0 if seats == 1 or seed % 2 else 1
    agents = {me: make_agent(first, seed)}
    if seats > 1:
        agents[1 - me] = make_agent(second, seed + 100_000)
    play_out(state, agents)
    return (state.returns()[me] + 1) / 2


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean score and its 95% Wilson interval."""
    n = len(scores)
    p = sum(scores) / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def match(pool: ProcessPoolExecutor, game: str, first: str, second: str, games: int) -> str:
    started = time.perf_counter()
    scores = list(pool.map(one_game, [(game, first, second, s) for s in range(1, games + 1)]))
    p, lo, hi = interval(scores)
    wins = sum(1 for s in scores if s == 1.0)
    draws = sum(1 for s in scores if s == 0.5)
    line = (
        f"{game:20} {first:8} vs {second:8} {games:4} games  score {100 * p:5.1f}% "
        f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  W{wins} D{draws} L{games - wins - draws}  "
        f"({time.perf_counter() - started:.0f} s)"
    )
    print(line, flush=True)
    return line


def decision_times(decisions: int = 60) -> list[float]:
    """Seconds per MCTS decision at the default level (seat 0 against greedy; decisions with a
    single legal action, which cost nothing, are not counted)."""
    times: list[float] = []
    seed = 1
    while len(times) < decisions:
        state = new_state("battleground", seed)
        bot, other = make_agent("mcts", seed), make_agent("greedy", seed)
        while not state.is_terminal() and len(times) < decisions:
            player = state.current_player()
            if player == CHANCE:
                state.resolve_chance()
                continue
            if player == SIMULTANEOUS:
                player = next(p for p in range(state.num_players) if state.legal_actions(p))
            agent: Callable[[GameState, int], object] = other.choose
            if player == 0 and len(state.legal_actions(0)) > 1:
                started = time.perf_counter()
                action = bot.choose(state, 0)
                times.append(time.perf_counter() - started)
            else:
                action = agent(state, player)
            state.apply_action(action, player)  # type: ignore[arg-type]
        seed += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--homm3-games", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None, help="match names: e.g. greedy-random")
    args = parser.parse_args()
    battleground = [
        ("mcts-greedy", "mcts", "greedy"),
        ("mcts-random", "mcts", "random"),
        ("greedy-random", "greedy", "random"),
        ("greedy-legacy", "greedy", "legacy"),
    ]
    level = f"default level {DEFAULT_LEVEL}: {LEVELS[DEFAULT_LEVEL]} iterations"
    print(f"Bots, first-game Battleground and the shipped HoMM3 battles; MCTS at its {level}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name, first, second in battleground:
            if args.only is None or name in args.only:
                match(pool, "battleground", first, second, args.games)
        if args.only is None or "homm3" in args.only:
            for battle in shipped_battles():
                match(pool, battle, "mcts", "random", args.homm3_games)
                if load_game("homm3-combat", battle=str(shipped_battle(battle))).num_players == 1:
                    match(pool, battle, "random", "random", args.homm3_games)
    if args.only is None or "time" in args.only:
        times = decision_times()
        print(
            f"MCTS decision time at the default level (one core): median "
            f"{statistics.median(times):.3f} s, 90th percentile "
            f"{sorted(times)[int(0.9 * len(times))]:.3f} s over {len(times)} decisions"
        )


if __name__ == "__main__":
    main()
