"""Record the baseline games of issue 21: bot games on the code before the refactor.

Usage: python tests/baseline/record_baseline.py [--jobs 2] [--out tests/baseline/games]
       [--only NAME-PREFIX --recorded-on COMMIT]

``--only`` records again only the games whose file name starts so, after a deliberate change of
the rules they play (``--recorded-on`` says on which commit; the games keep their seeds and
bots). Done once: the solo AI hero battle's 18 games on issue 26's code, when an AI hero's units
became placed by the placement rule instead of by the player (docs/homm3.md).

Each game is written as one gzipped JSON file: the game record (game, params, seed, every
action with its player), the final ``to_position()``, the final ``serialize()``d save, and a
save taken half-way through (``mid_save``, ``mid_actions``). The bots are the shipped ones:
random (which never forfeits or offers a draw), greedy and MCTS at a small iteration budget
(no wall clock, so a game is the same on any machine). ``test_baseline.py`` replays every file
through the converter of ``rulekeeper.core.convert`` and compares the final position.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rulekeeper.core import load_game
from rulekeeper.core.agents import GreedyAgent, RandomAgent, play_out
from rulekeeper.core.content import load_yaml
from rulekeeper.core.mcts import MCTSAgent
from rulekeeper.core.replay import record_of
from rulekeeper.games.homm3.game import shipped_battle, shipped_battles

BATTLEGROUND = (
    [("random", "random")] * 70
    + [("greedy", "random")] * 30
    + [("random", "greedy")] * 10
    + [("greedy", "greedy")] * 14
    + [("mcts", "random")] * 8
    + [("greedy", "mcts")] * 8
)
HOMM3 = [("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"),
         ("mcts", "random"), ("greedy", "mcts")]


def bot(spec: str, seed: int) -> object:
    if spec == "random":
        return RandomAgent(seed)
    if spec == "greedy":
        return GreedyAgent(seed)
    return MCTSAgent(iterations=6, seed=seed, rollout=2)


def one(job: tuple[str, int, str, str, str | None, str, str]) -> tuple[str, bool]:
    game, seed, a, b, battle, out, recorded_on = job
    if game == "battleground":
        g = load_game("battleground")
        name = f"bg-{seed:04d}-{a}-{b}"
    else:
        assert battle is not None
        data = load_yaml(shipped_battle(battle).read_text("utf-8"), battle)
        g = load_game("homm3-combat", battle=data)
        name = f"h3-{battle.removesuffix('.yaml')}-{seed:04d}-{a}-{b}"
    state = g.new_initial_state(seed=seed)
    agents = {0: bot(a, seed), 1: bot(b, seed + 7919)}
    agents = {p: agents[p % 2] for p in range(state.num_players)}
    play_out(state, agents)
    record = record_of(state)
    mid = len(record.actions) // 2
    replayed = g.new_initial_state(seed=seed)
    for entry in record.actions[:mid]:
        replayed.apply_action(entry.action, entry.player)
    final_round = bool(game == "battleground" and state.round >= g.rounds)
    doc = {
        "recorded_on": recorded_on,
        "bots": [a, b],
        "record": record.to_json(),
        "final_position": state.to_position(),
        "final_save": json.loads(state.serialize()),
        "mid_actions": mid,
        "mid_save": json.loads(replayed.serialize()),
        "final_round": final_round,
        "returns": state.returns(),
    }
    Path(out, name + ".json.gz").write_bytes(
        gzip.compress(json.dumps(doc, sort_keys=True).encode(), mtime=0)
    )
    return name, final_round


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=str(Path(__file__).parent / "games"))
    parser.add_argument("--only", default="", help="only the games whose name starts so")
    parser.add_argument("--recorded-on", default="4d919e2", help="the commit recorded on")
    args = parser.parse_args()
    Path(args.out).mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[str, int, str, str, str | None, str, str]] = []
    for i, (a, b) in enumerate(BATTLEGROUND):
        if f"bg-{1 + i:04d}-{a}-{b}".startswith(args.only):
            jobs.append(("battleground", 1 + i, a, b, None, args.out, args.recorded_on))
    seed = 1
    for battle in shipped_battles():
        for a, b in HOMM3 * 3:
            name = f"h3-{battle.removesuffix('.yaml')}-{seed:04d}-{a}-{b}"
            if name.startswith(args.only):
                jobs.append(("homm3", seed, a, b, battle, args.out, args.recorded_on))
            seed += 1
    finals = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for n, (name, final) in enumerate(pool.map(one, jobs), 1):
            finals += final
            print(f"{n}/{len(jobs)} {name} final_round={final}", file=sys.stderr, flush=True)
    print(f"{len(jobs)} games, {finals} Battleground games reached the final round")


if __name__ == "__main__":
    main()
