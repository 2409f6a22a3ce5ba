"""Old code against new, timed interleaved in one process: the speed check of issue 21 §3.

Usage: python benchmarks/compare_versions.py [--base 4d919e2] [--games 60] [--battles 60]
                                            [--repeat 5]

The package as it was at commit BASE (``git archive``) is copied into a temporary folder and
renamed ``rulekeeper_base`` (every ``rulekeeper.`` in its sources becomes ``rulekeeper_base.``), so
both versions load side by side in this process. Each repeat times, for the old code and then
the new (the order alternating from repeat to repeat, so neither always runs on a warmer
machine): random first-game Battleground playouts (``playouts.py``'s random players) and random
HoMM3 battles (``battles.py``'s generated battle files), the same seeds for both versions.
Prints the medians and the ratio new/old of games per second (issue 21: at least 0.95).

Random players pick among the legal actions, so where the two versions offer different actions
(issue 21 changed subset choices into one pick at a time) the games differ; over enough games
the rate compares the engines, not the games.
"""

from __future__ import annotations

import argparse
import importlib
import io
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from playouts import QUIET

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(rb"\brulekeeper(?=[.:\"'\s])")


def load_base(commit: str, folder: Path) -> str:
    """Extract ``src/rulekeeper`` at *commit* into *folder* as ``rulekeeper_base``; its name."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "src/rulekeeper"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            extracted = tar.extractfile(member)
            assert extracted is not None
            data = extracted.read()
            relative = Path(member.name).relative_to("src/rulekeeper")
            target = folder / "rulekeeper_base" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.suffix == ".py":
                data = NAME.sub(b"rulekeeper_base", data)
            target.write_bytes(data)
    sys.path.insert(0, str(folder))
    return "rulekeeper_base"


class Version:
    """One version of the package: what the benchmark calls."""

    def __init__(self, package: str) -> None:
        self.core: ModuleType = importlib.import_module(f"{package}.core")
        generate = importlib.import_module(f"{package}.games.homm3.battle.generate")
        pack = importlib.import_module(f"{package}.games.homm3.content.pack")
        self.random_battle: Any = generate.random_battle
        self.pack: Any = pack.load_content_pack()

    def playout(self, state: Any, rng: Any) -> int:
        """``playouts.py``'s random playout, with this version's constants."""
        chance, simultaneous = self.core.CHANCE, self.core.SIMULTANEOUS
        actions = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == chance:
                outcomes = state.chance_outcomes()
                index = rng.weighted_index([p for _, p in outcomes])
                state.apply_action(outcomes[index][0], chance)
            else:
                seats = range(state.num_players) if player == simultaneous else (player,)
                for seat in seats:
                    options = state.legal_actions(seat)
                    if any(a.kind not in QUIET for a in options):
                        action = options[rng.below(len(options))]
                        while action.kind in QUIET:
                            action = options[rng.below(len(options))]
                        state.apply_action(action, seat)
                        break
            actions += 1
        return actions

    def battleground(self, games: int, first_seed: int) -> float:
        """Seconds to play *games* random first games."""
        game = self.core.load_game("battleground")
        started = time.perf_counter()
        for seed in range(first_seed, first_seed + games):
            self.playout(game.new_initial_state(seed=seed), self.core.Pcg32(seed))
        return time.perf_counter() - started

    def homm3(self, battles: int, first_seed: int) -> float:
        """Seconds to play *battles* random generated battles (loading not timed)."""
        rng = random.Random(2026 + first_seed)
        docs = [self.random_battle(rng, self.pack) for _ in range(battles)]
        games = [self.core.load_game("homm3-combat", battle=doc) for doc in docs]
        started = time.perf_counter()
        for index, game in enumerate(games):
            seed = first_seed + index
            self.playout(game.new_initial_state(seed=seed), self.core.Pcg32(seed))
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="4d919e2")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--battles", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        old = Version(load_base(args.base, Path(folder)))
        new = Version("rulekeeper")
        times: dict[tuple[str, str], list[float]] = {}
        for k in range(args.repeat):
            order = [("old", old), ("new", new)]
            if k % 2:
                order.reverse()
            for label, version in order:
                seed = 1 + 1000 * k
                bg = version.battleground(args.games, seed)
                h3 = version.homm3(args.battles, seed)
                times.setdefault(("battleground", label), []).append(bg)
                times.setdefault(("homm3", label), []).append(h3)
            print(f"run {k + 1}/{args.repeat} done", file=sys.stderr, flush=True)
    print(f"base {args.base} against the working tree, median of {args.repeat} interleaved runs")
    for bench, count in (("battleground", args.games), ("homm3", args.battles)):
        old_s = statistics.median(times[(bench, "old")])
        new_s = statistics.median(times[(bench, "new")])
        print(
            f"{bench:13} old {count / old_s:7.2f} games/s   new {count / new_s:7.2f} games/s   "
            f"new/old {old_s / new_s:.3f}"
        )


if __name__ == "__main__":
    main()
