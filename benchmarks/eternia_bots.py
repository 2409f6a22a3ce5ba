"""Fields of Eternia map-game bot strength, with 95% Wilson intervals (issue 28 §3).

Usage: python benchmarks/eternia_bots.py [--pair greedy-random] [--games 100] [--jobs 2]
       [--seed 1] [--players 2]

A match: the two bots of --pair play --games games of the standard game, game seeds from
--seed, the first bot on team 0 on even game numbers and on team 1 on odd ones (every seat of a
team is its bot's). A win scores 1 (its team the only winner), a tie ½, a loss 0. Printed: the
score with its Wilson interval, W/T/L, how the games ended, the game length, and for an MCTS
bot the CPU time (``time.process_time`` in the worker) of each of its decisions with more than
one choice: median and 90th percentile. Targets (issue 28 §3): greedy against random a lower
bound of 80% or more, MCTS against greedy 55% or more, MCTS at 1 s or less per decision.
Each game's score (and the MCTS bot's median CPU per decision in it) goes to stderr as it ends,
in order, so a run stopped early still tells its games.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from homm3_bots import quantile, wilson
from rulekeeper.core import load_game
from rulekeeper.core.agents import make_agent, play_out

Result = dict[str, Any]


class Clocked:
    """An agent whose decisions with more than one choice are timed in CPU seconds."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.times: list[float] = []

    def choose(self, state: Any, player: int) -> Any:
        many = len(state.legal_actions(player)) > 1
        started = time.process_time()
        action = self.agent.choose(state, player)
        if many:
            self.times.append(time.process_time() - started)
        return action


def one_game(args: tuple[str, str, int, int]) -> Result:
    """Game *seed*: bot *first* on team ``seed % 2``, bot *second* on the other."""
    first, second, players, seed = args
    game: Any = load_game("eternia", players=players)
    state: Any = game.new_initial_state(seed=seed)
    mine = seed % 2
    agents: dict[int, Any] = {}
    for seat, team in enumerate(game.seat_teams):
        spec = first if team == mine else second
        agents[seat] = make_agent(spec, seed=seed * 101 + seat, game=game)
        if spec.startswith("mcts") and team == mine:
            agents[seat] = Clocked(agents[seat])
    started = time.perf_counter()
    play_out(state, agents)
    cpu = [t for agent in agents.values() if isinstance(agent, Clocked) for t in agent.times]
    won = mine in state.winners
    return {
        "points": 1.0 if won else 0.5 if not state.winners else 0.0,
        "ending": state.ending,
        "actions": state.actions_taken(),
        "seconds": time.perf_counter() - started,
        "cpu": cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", default="greedy-random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    first, second = args.pair.split("-")
    jobs = [(first, second, args.players, args.seed + k) for k in range(args.games)]
    started = time.perf_counter()
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for job, result in zip(jobs, pool.map(one_game, jobs), strict=True):
            results.append(result)
            cpu = result["cpu"]
            median = f", CPU median {statistics.median(cpu):.2f} s of {len(cpu)}" if cpu else ""
            print(f"game {job[3]}: {result['points']}{median}", file=sys.stderr, flush=True)
    points = [r["points"] for r in results]
    score = sum(points) / len(points)
    low, high = wilson(score, len(points))
    counts = Counter("win" if p == 1 else "tie" if p == 0.5 else "loss" for p in points)
    print(f"{first} against {second}, {args.games} games, {args.players} players")
    print(f"score {score:.1%}  (95% Wilson interval {low:.1%} to {high:.1%})")
    print(f"W/T/L {counts['win']}/{counts['tie']}/{counts['loss']}")
    ends = Counter(r["ending"] for r in results)
    print("endings: " + ", ".join(f"{k} {v}" for k, v in ends.items()))
    print(f"actions per game: {statistics.median(r['actions'] for r in results):.0f} (median)")
    cpu = [t for r in results for t in r["cpu"]]
    if cpu:
        print(
            f"{first} CPU per decision: median {statistics.median(cpu):.2f} s, "
            f"90th percentile {quantile(cpu, 0.9):.2f} s, {len(cpu)} decisions"
        )
    print(f"wall time: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
