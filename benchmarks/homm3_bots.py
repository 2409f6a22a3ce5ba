"""HoMM3 bot strength: on the combat's shipped battles (issue 9 §2) and on the map (issue 24 §5,
§6), with 95% Wilson intervals.

Usage: python benchmarks/homm3_bots.py [--part combat|map|all] [--games 20] [--jobs 2] [--seed 1]
       [--battles NAME ...] [--pairs mcts-random greedy-random mcts-greedy ...]
       [--map-games 100] [--selfplay-games 100] [--scenarios clash-2 clash-3]
       [--part map-mcts --mcts-games 100 --out results.jsonl] [--tally results.jsonl]

Combat: MCTS (default level) and greedy against random on every shipped battle.

Each match is a tournament pair (core/tournament.py): game seeds from --seed, sides alternating
where both sides are player seats, a win scoring 1 and a draw ½. In a one-seat battle (the other
side is the game's neutral or AI army) each bot plays the seeds alone, and both bots' scores
are printed (random's, for comparison). The target: MCTS at 90% or more on every battle.

Map (the game ``homm3``): greedy against random on ``clash-2``, seeds from --seed, sides
alternating (greedy is seat 0 on even game numbers), a win 1 (the only winner), a draw ½ (a
round-limit score shared by both), a loss 0; target: the Wilson lower bound at 80% or more over
100 games. Then greedy against greedy on each shipped scenario: how each game ended (a victory
condition before the round limit, or the round limit) and in which round; target: half of the
games or more end by a victory. The games of a match run on --jobs processes.

Map MCTS (``--part map-mcts``): MCTS at its default level against greedy on clash-2, seeds from
--seed, sides alternating (MCTS is seat 0 on even game numbers): score with its Wilson interval,
W/D/L, score by seat, how the games ended, and the CPU time (``time.process_time``, measured
inside the worker process) of each decision MCTS searches (``greedy.searched``): median, 90th
percentile and count. Target (issue 25 §2): a lower bound of 55%, a median of 1 s or less.
``--out`` appends each game's record as a JSON line as it finishes (a partial tally survives);
``--tally FILE`` prints the match's lines from such a file.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rulekeeper.core import load_game
from rulekeeper.core.actions import Action
from rulekeeper.core.agents import Agent, make_agent, play_out
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.mcts import DEFAULT_LEVEL, LEVELS
from rulekeeper.core.state import GameState
from rulekeeper.core.tournament import Standing, run, schedule, standings
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles
from rulekeeper.games.homm3.map.greedy import searched

GAME = "homm3-combat"
MAP_GAME = "homm3"
Z = 1.96
Result = dict[str, Any]
"""One map game's record (map_game)."""
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


def wilson(score: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a mean *score* over *games*."""
    if games == 0:
        return (0.0, 1.0)
    centre = (score + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * math.sqrt(score * (1 - score) / games + Z * Z / (4 * games * games))
    half /= 1 + Z * Z / games
    return (max(0.0, centre - half), min(1.0, centre + half))


class Timed:
    """An agent whose searched decisions (``greedy.searched``, more than one legal action) are
    timed in CPU seconds (``time.process_time``) into ``times``."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.times: list[float] = []

    def choose(self, state: GameState, player: int) -> Action:
        timed = searched(state, player) and len(state.legal_actions(player)) > 1
        started = time.process_time()
        action = self.agent.choose(state, player)
        if timed:
            self.times.append(time.process_time() - started)
        return action


def map_game(args: tuple[str, tuple[str, ...], int]) -> Result:
    """One map game of *scenario* with the bots *seats* from game seed *seed*: who won, how
    it ended, in which round, its length and time, and the CPU seconds of each searched decision
    of an MCTS seat (``cpu``)."""
    scenario, seats, seed = args
    game = load_game(MAP_GAME, players=len(seats), scenario=scenario)
    state: Any = game.new_initial_state(seed=seed)
    agents: dict[int, Any] = {
        s: make_agent(spec, seed=seed * 101 + s, game=game) for s, spec in enumerate(seats)
    }
    timed = {s: Timed(agents[s]) for s, spec in enumerate(seats) if spec.startswith("mcts")}
    agents.update(timed)
    started = time.perf_counter()
    try:
        play_out(state, agents)
    except RulekeeperError as exc:  # a rules bug: reported with the game's seed, not hidden
        state.winners, state.ending = [], f"error ({exc})"
    return {
        "seed": seed,
        "seats": list(seats),
        "winners": list(state.winners),
        "ending": state.ending,
        "round": state.round,
        "actions": state.actions_taken(),
        "seconds": time.perf_counter() - started,
        "cpu": [t for agent in timed.values() for t in agent.times],
    }


def map_games(
    jobs: list[tuple[str, tuple[str, ...], int]], workers: int, out: str | None = None
) -> list[Result]:
    """Play *jobs* on *workers* processes, results in seed order; each appended to *out* (JSON
    lines) as it finishes."""
    if workers <= 1:
        results = []
        for job in jobs:
            results.append(map_game(job))
            _save(out, results[-1])
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = []
        for result in pool.map(map_game, jobs):
            results.append(result)
            _save(out, result)
        return results


def _save(out: str | None, result: Result) -> None:
    """Append *result* to the file *out* as one JSON line (nothing without a file)."""
    if out:
        with open(out, "a", encoding="utf-8") as file:
            file.write(json.dumps(result) + "\n")


def quantile(values: list[float], q: float) -> float:
    """The *q* quantile of *values* (nearest rank; 0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def match_lines(title: str, bot: str, results: list[Result], seconds: float) -> list[str]:
    """*bot*'s record over map *results*: score, Wilson interval, W/D/L, by seat, endings, and
    the CPU time of its searched decisions; games stopped by a rules error listed apart."""
    errors = [r for r in results if str(r["ending"]).startswith("error")]
    played = [r for r in results if r not in errors]
    scores = [points(r, list(r["seats"]).index(bot)) for r in played]
    score = sum(scores) / max(1, len(scores))
    low, high = wilson(score, len(scores))
    wins, draws = scores.count(1.0), scores.count(0.5)
    by_seat = []
    for k in (0, 1):
        mine = [x for x, r in zip(scores, played, strict=True) if r["seats"].index(bot) == k]
        by_seat.append(f"{100 * sum(mine) / max(1, len(mine)):.0f}% of {len(mine)}")
    cpu = [t for r in played for t in r.get("cpu", [])]
    return [
        f"{title} {len(scores)} games  score {100 * score:5.1f}% "
        f"[{100 * low:5.1f}, {100 * high:5.1f}]  W{wins} D{draws} "
        f"L{len(scores) - wins - draws}  as seat 0 {by_seat[0]} / seat 1 {by_seat[1]}  "
        f"({seconds:.0f} s)",
        "  endings: " + (endings(played) if played else "none"),
        f"  {bot} searched decisions: {len(cpu)}, CPU median {quantile(cpu, 0.5):.2f} s, "
        f"90th percentile {quantile(cpu, 0.9):.2f} s, max {max(cpu, default=0.0):.2f} s",
        *[f"  seed {r['seed']}: {r['ending']}" for r in errors],
    ]


def mcts_against_greedy(games: int, seed: int, workers: int, out: str | None) -> list[str]:
    """MCTS (default level) against greedy on clash-2, sides alternating (module doc)."""
    pairs: list[tuple[str, ...]] = [
        ("mcts", "greedy") if n % 2 == 0 else ("greedy", "mcts") for n in range(games)
    ]
    started = time.perf_counter()
    jobs = [("clash-2", pair, seed + n) for n, pair in enumerate(pairs)]
    results = map_games(jobs, workers, out)
    title = "clash-2 mcts vs greedy"
    return match_lines(title, "mcts", results, time.perf_counter() - started)


def points(result: Result, seat: int) -> float:
    """*seat*'s score: 1 the only winner, ½ a shared win or a draw, 0 a loss."""
    winners: list[int] = result["winners"]
    if not winners:
        return 0.5
    if seat not in winners:
        return 0.0
    return 1.0 if len(winners) == 1 else 0.5


def greedy_against_random(games: int, seed: int, workers: int) -> list[str]:
    """Greedy against random on clash-2, sides alternating: its record and interval."""
    pairs = [("greedy", "random") if n % 2 == 0 else ("random", "greedy") for n in range(games)]
    started = time.perf_counter()
    results = map_games([("clash-2", pair, seed + n) for n, pair in enumerate(pairs)], workers)
    errors = [r for r in results if str(r["ending"]).startswith("error")]
    results = [r for r in results if r not in errors]
    games = len(results)
    pairs = [tuple(r["seats"]) for r in results]
    scores = [points(r, list(r["seats"]).index("greedy")) for r in results]
    score = sum(scores) / len(scores)
    low, high = wilson(score, len(scores))
    wins, draws = scores.count(1.0), scores.count(0.5)
    by_seat = [
        100
        * sum(x for x, pair in zip(scores, pairs, strict=True) if pair.index("greedy") == k)
        / max(1, sum(1 for pair in pairs if pair.index("greedy") == k))
        for k in (0, 1)
    ]
    return [
        f"clash-2 greedy vs random {games} games  score {100 * score:5.1f}% "
        f"[{100 * low:5.1f}, {100 * high:5.1f}]  W{wins} D{draws} L{len(scores) - wins - draws}  "
        f"as seat 0 {by_seat[0]:.0f}% / seat 1 {by_seat[1]:.0f}%  "
        f"({time.perf_counter() - started:.0f} s)",
        "  endings: " + endings(results + errors),
        *[f"  seed {r['seed']}: {r['ending']}" for r in errors],
    ]


def endings(results: list[Result]) -> str:
    """How the games ended: each kind with its count and rounds."""
    kinds = Counter(str(r["ending"]) for r in results)
    parts = []
    for kind, count in sorted(kinds.items()):
        rounds = sorted(int(r["round"]) for r in results if r["ending"] == kind)
        parts.append(
            f"{kind} {count} (rounds {rounds[0]}-{rounds[-1]}, median {rounds[len(rounds) // 2]})"
        )
    return ", ".join(parts)


def greedy_selfplay(scenario: str, games: int, seed: int, workers: int) -> list[str]:
    """Greedy in every seat of *scenario*: how many games a victory ends before the limit."""
    players = load_game(MAP_GAME, scenario=scenario).num_players
    seats = tuple(["greedy"] * players)
    started = time.perf_counter()
    results = map_games([(scenario, seats, seed + n) for n in range(games)], workers)
    early = [r for r in results if r["ending"] == "victory"]
    share = len(early) / len(results)
    low, high = wilson(share, len(results))
    winners = Counter(tuple(r["winners"]) for r in results)
    return [
        f"{scenario} greedy vs greedy {games} games  ended by a victory {len(early)} "
        f"({100 * share:.0f}% [{100 * low:.0f}, {100 * high:.0f}])  "
        f"({time.perf_counter() - started:.0f} s)",
        "  endings: " + endings(results),
        "  winners: " + ", ".join(f"{list(k)} {n}" for k, n in sorted(winners.items())),
        *[
            f"  seed {r['seed']}: {r['ending']}"
            for r in results
            if str(r["ending"]).startswith("error")
        ],
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--battles", nargs="*", default=None, help="e.g. siege.yaml")
    parser.add_argument("--pairs", nargs="*", default=PAIRS, help="e.g. mcts-greedy mcts@5-random")
    parser.add_argument("--part", choices=("combat", "map", "map-mcts", "all"), default="all")
    parser.add_argument("--mcts-games", type=int, default=100, help="mcts vs greedy on the map")
    parser.add_argument("--out", default=None, help="map-mcts: append each game as JSON lines")
    parser.add_argument("--tally", default=None, help="print the map-mcts tally of an --out file")
    parser.add_argument("--map-games", type=int, default=100, help="greedy vs random on the map")
    parser.add_argument("--selfplay-games", type=int, default=100, help="greedy vs greedy")
    parser.add_argument("--scenarios", nargs="*", default=["clash-2", "clash-3"])
    args = parser.parse_args()
    if args.tally:
        with open(args.tally, encoding="utf-8") as file:
            results = [json.loads(text) for text in file if text.strip()]
        for text in match_lines(f"{args.tally}: mcts vs greedy", "mcts", results, 0.0):
            print(text)
        return
    if args.part == "map-mcts":
        print(f"HoMM3 map (homm3): mcts (level {DEFAULT_LEVEL}) against greedy", flush=True)
        for text in mcts_against_greedy(args.mcts_games, args.seed, args.jobs, args.out):
            print(text, flush=True)
        return
    if args.part in ("map", "all"):
        print("HoMM3 map (homm3): greedy against random, then greedy against greedy", flush=True)
        if args.map_games:
            for text in greedy_against_random(args.map_games, args.seed, args.jobs):
                print(text, flush=True)
        for scenario in args.scenarios if args.selfplay_games else []:
            for text in greedy_selfplay(scenario, args.selfplay_games, args.seed, args.jobs):
                print(text, flush=True)
    if args.part == "map":
        return
    level = f"default level {DEFAULT_LEVEL}: {LEVELS[DEFAULT_LEVEL]} iterations"
    print(f"HoMM3 combat, shipped battles: {', '.join(args.pairs)}; MCTS at its {level}")
    for battle in args.battles or shipped_battles():
        for name in args.pairs:
            first, second = name.split("-")
            for text in measure(battle, (first, second), args.games, args.seed, args.jobs):
                print(text, flush=True)


if __name__ == "__main__":
    main()
