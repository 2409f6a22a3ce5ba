"""Bot strength and speed: matches between the built-in bots, with 95% intervals.

Usage: python benchmarks/bots.py [--games 40] [--full] [--match NAME=GAMES ...] [--jobs 1]
                                 [--only NAME ...] [--homm3-games 10] [--decisions 60]
                                 [--out results.json] [--no-progress] [--first-seed 1]

Battleground (first game): seeds 1..N (``--first-seed`` to go on from a match already run),
sides alternating (the first bot plays seat 0 on odd seeds), a win scoring 1 and a draw ½: MCTS
(default level) against greedy and random, greedy against random and against ``legacy`` (the
first SkirmishBot). ``--games`` sets every match's size; ``--full`` the sizes issue 9 asks for
(MCTS–greedy 200, MCTS–random 100, greedy–random 100, greedy–legacy 200); ``--match
mcts-greedy=120`` one match's. HoMM3 combat: MCTS against random on every shipped battle (sides
alternating where both sides have a seat; against the game's own neutral or AI side, the bot's
win rate, with random's on the same seeds for comparison). Then the decision time of MCTS at the
default level against greedy: CPU time of one core (``time.process_time``: what the machine's
other work does not change) and wall time, over decisions with more than one legal action.

A progress bar (stderr) shows each match as it goes, with its score so far (without a
terminal, a line every tenth of a match). Intervals are Wilson score intervals on the mean
score. Run it with ``nice`` on a shared machine; ``--jobs`` plays games in parallel processes
(the results do not depend on it).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from rulekeeper.core import CHANCE, SIMULTANEOUS, GameState, load_game
from rulekeeper.core.agents import advisor, make_agent, play_out
from rulekeeper.core.mcts import DEFAULT_LEVEL, MCTSAgent
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

Z = 1.96
BATTLEGROUND = {
    "mcts-greedy": ("mcts", "greedy"),
    "mcts-random": ("mcts", "random"),
    "greedy-random": ("greedy", "random"),
    "greedy-legacy": ("greedy", "legacy"),
}
FULL = {"mcts-greedy": 200, "mcts-random": 100, "greedy-random": 100, "greedy-legacy": 200}
"""The sample sizes issue 9 asks for (greedy's are ours: as large as MCTS's)."""


def new_state(game: str, seed: int) -> GameState:
    if game == "battleground":
        return load_game("battleground").new_initial_state(seed=seed)
    return load_game("homm3-combat", battle=str(shipped_battle(game))).new_initial_state(seed=seed)


def one_game(args: tuple[str, str, str, int]) -> tuple[float, float | None]:
    """The first bot's score (1, ½, 0) in one game, and on Battleground its final lead in VP
    (a finer measure than the score, to compare two versions of a bot in fewer games); it
    plays seat 0 on odd seeds."""
    game, first, second, seed = args
    state = new_state(game, seed)
    seats = state.num_players
    me = 0 if seats == 1 or seed % 2 else 1
    agents = {me: make_agent(first, seed, state.game)}
    if seats > 1:
        agents[1 - me] = make_agent(second, seed + 100_000, state.game)
    play_out(state, agents)
    margin = None
    if isinstance(state, BattlegroundState):
        margin = float(state.sides[me].vp - state.sides[1 - me].vp)
    return (state.returns()[me] + 1) / 2, margin


def default_budget(game: str) -> int:
    """Iterations (simulations, for Battleground) per decision of MCTS at its default level on
    *game*: the budget the bot actually uses (the game's own levels when it has them)."""
    bot = make_agent("mcts", 1)
    assert isinstance(bot, MCTSAgent)
    return bot.budget(advisor(new_state(game, 1)))


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean score and its 95% Wilson interval."""
    n = len(scores)
    p = sum(scores) / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


class Progress:
    """How a match goes, on stderr: *mode* "bar" (a one-line bar, on a terminal), "lines" (a
    plain line every tenth of the match, so a log shows it) or "none"."""

    def __init__(self, label: str, total: int, mode: str) -> None:
        self.label, self.total, self.enabled = label, total, mode == "bar"
        self.lines = mode == "lines"
        self.started = time.perf_counter()
        self.step = max(1, total // 10)

    def update(self, scores: list[float]) -> None:
        done = len(scores)
        if not self.enabled:
            if self.lines and done % self.step == 0 and done < self.total:
                elapsed = time.perf_counter() - self.started
                wins = scores.count(1.0)
                draws = scores.count(0.5)
                sys.stderr.write(
                    f"{self.label}: {done}/{self.total} games, score "
                    f"{100 * sum(scores) / done:.1f}% (W{wins} D{draws} L{done - wins - draws}),"
                    f" {elapsed:.0f} s\n"
                )
                sys.stderr.flush()
            return
        width = 30
        filled = width * done // self.total
        elapsed = time.perf_counter() - self.started
        eta = elapsed / done * (self.total - done) if done else 0.0
        mean = 100 * sum(scores) / done if done else 0.0
        sys.stderr.write(
            f"\r{self.label:28} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
            f"score {mean:5.1f}%  {elapsed:5.0f}s, ~{eta:4.0f}s left "
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 100 + "\r")
            sys.stderr.flush()


def _results(
    pool: ProcessPoolExecutor | None, jobs: list[tuple[str, str, str, int]]
) -> Iterator[tuple[float, float | None]]:
    if pool is None:
        return map(one_game, jobs)
    return pool.map(one_game, jobs)


def match(
    pool: ProcessPoolExecutor | None,
    game: str,
    first: str,
    second: str,
    games: int,
    progress: str,
    first_seed: int = 1,
) -> dict[str, object]:
    started = time.perf_counter()
    bar = Progress(f"{game[:14]} {first} vs {second}", games, progress)
    scores: list[float] = []
    margins: list[float] = []
    seeds = range(first_seed, first_seed + games)
    for score, margin in _results(pool, [(game, first, second, s) for s in seeds]):
        scores.append(score)
        if margin is not None:
            margins.append(margin)
        bar.update(scores)
    bar.close()
    p, lo, hi = interval(scores)
    wins = sum(1 for s in scores if s == 1.0)
    draws = sum(1 for s in scores if s == 0.5)
    seconds = time.perf_counter() - started
    lead = ""
    if len(margins) > 1:
        mean = statistics.fmean(margins)
        half = Z * statistics.stdev(margins) / math.sqrt(len(margins))
        lead = f"  lead {mean:+.1f} VP [{mean - half:+.1f}, {mean + half:+.1f}]"
    print(
        f"{game:20} {first:8} vs {second:8} {games:4} games  score {100 * p:5.1f}% "
        f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  W{wins} D{draws} L{games - wins - draws}{lead}  "
        f"({seconds:.0f} s)",
        flush=True,
    )
    return {
        "game": game,
        "first": first,
        "second": second,
        "games": games,
        "score": p,
        "interval": [lo, hi],
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "seconds": seconds,
        "first_seed": first_seed,
        "scores": scores,  # the first bot's, game by game from first_seed on (to pair runs)
        "margins": margins,  # its final lead in VP, the same way (Battleground)
    }


def decision_times(decisions: int = 60) -> tuple[list[float], list[float]]:
    """CPU and wall seconds per MCTS decision at the default level (seat 0 against greedy;
    decisions with a single legal action, which cost nothing, are not counted)."""
    cpu: list[float] = []
    wall: list[float] = []
    seed = 1
    while len(cpu) < decisions:
        state = new_state("battleground", seed)
        bot, other = make_agent("mcts", seed), make_agent("greedy", seed)
        while not state.is_terminal() and len(cpu) < decisions:
            player = state.current_player()
            if player == CHANCE:
                state.resolve_chance()
                continue
            if player == SIMULTANEOUS:
                player = next(p for p in range(state.num_players) if state.legal_actions(p))
            if player == 0 and len(state.legal_actions(0)) > 1:
                started, clock = time.perf_counter(), time.process_time()
                action = bot.choose(state, 0)
                cpu.append(time.process_time() - clock)
                wall.append(time.perf_counter() - started)
            else:
                action = other.choose(state, player)
            state.apply_action(action, player)
        seed += 1
    return cpu, wall


def sizes(args: argparse.Namespace) -> dict[str, int]:
    out = {name: (FULL[name] if args.full else args.games) for name in BATTLEGROUND}
    for item in args.match or []:
        name, _, count = item.partition("=")
        if name not in BATTLEGROUND or not count.isdigit():
            raise SystemExit(
                f"--match {item!r}: use NAME=GAMES with NAME one of {list(BATTLEGROUND)}"
            )
        out[name] = int(count)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per Battleground match")
    parser.add_argument("--full", action="store_true", help="the sizes issue 9 asks for")
    parser.add_argument("--match", nargs="*", help="one match's size: e.g. mcts-greedy=120")
    parser.add_argument("--homm3-games", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--only", nargs="*", default=None, help="e.g. greedy-random homm3 time")
    parser.add_argument("--decisions", type=int, default=60, help="decisions timed")
    parser.add_argument("--out", help="write the results as JSON to this file")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument(
        "--first-seed",
        type=int,
        default=1,
        help="Battleground matches play seeds from this one on (to extend a match run before)",
    )
    args = parser.parse_args()
    wanted = sizes(args)
    progress = "none" if args.no_progress else "bar" if sys.stderr.isatty() else "lines"
    simulations = default_budget("battleground")
    iterations = default_budget(shipped_battles()[0])
    print(
        f"Bots, first-game Battleground and the shipped HoMM3 battles; MCTS at its default level "
        f"{DEFAULT_LEVEL}: {simulations} simulations per decision on Battleground, {iterations} "
        "iterations on HoMM3 combat"
    )
    results: dict[str, object] = {
        "level": DEFAULT_LEVEL,
        "battleground_simulations": simulations,
        "homm3_iterations": iterations,
    }
    matches: list[dict[str, object]] = []
    pool = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        for name, (first, second) in BATTLEGROUND.items():
            if args.only is None or name in args.only:
                matches.append(
                    match(
                        pool, "battleground", first, second, wanted[name], progress, args.first_seed
                    )
                )
        if args.only is None or "homm3" in args.only:
            for battle in shipped_battles():
                matches.append(match(pool, battle, "mcts", "random", args.homm3_games, progress))
                if load_game("homm3-combat", battle=str(shipped_battle(battle))).num_players == 1:
                    matches.append(
                        match(pool, battle, "random", "random", args.homm3_games, progress)
                    )
    finally:
        if pool is not None:
            pool.shutdown()
    results["matches"] = matches
    if args.only is None or "time" in args.only:
        cpu, wall = decision_times(args.decisions)
        p90 = int(0.9 * len(cpu))
        print(
            f"MCTS decision time at the default level: median {statistics.median(cpu):.3f} s "
            f"CPU on one core (90th percentile {sorted(cpu)[p90]:.3f} s), median "
            f"{statistics.median(wall):.3f} s wall, over {len(cpu)} decisions"
        )
        results["decision_seconds"] = {
            "cpu_median": statistics.median(cpu),
            "cpu_p90": sorted(cpu)[p90],
            "wall_median": statistics.median(wall),
            "decisions": len(cpu),
        }
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2)


if __name__ == "__main__":
    main()
