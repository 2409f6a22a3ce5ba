"""Old code against new, timed interleaved in one process: the speed check of issue 21 §3.

Usage: python benchmarks/compare_versions.py [--base 4d919e2] [--games 60] [--battles 60]
                                            [--repeat 5]

The figures of issue 21's closing note: --games 100 --battles 300 --repeat 15.

The package as it was at commit BASE (``git archive``) and the working tree's are copied into
a temporary folder and renamed ``rulekeeper_base`` and ``rulekeeper_tree`` (every ``rulekeeper.``
in their sources renamed), so both versions load side by side in this process, the same way
(timing a renamed copy against the installed package measured the same code 8% apart). This
machine's runs of the same code spread by 25% either way: use many repeats.

Each repeat times, for the old code and then the new (the order alternating from repeat to
repeat), random first-game Battleground playouts (``playouts.py``'s random players) and random
HoMM3 battles (``battles.py``'s generated battle files), the same seeds for both versions.
Prints the median rates and the median over the runs of the speed ratio new/old on the same
seeds (issue 21: at least 0.95); a warm-up run of each version is not counted.

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


def _copy(data: bytes, relative: Path, folder: Path, name: str) -> None:
    """Write one file of the package into *folder* under the package name *name*."""
    target = folder / name / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(NAME.sub(name.encode(), data) if target.suffix == ".py" else data)


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
            extracted = tar.extractfile(member) if member.isfile() else None
            if extracted is not None:
                relative = Path(member.name).relative_to("src/rulekeeper")
                _copy(extracted.read(), relative, folder, "rulekeeper_base")
    return "rulekeeper_base"


def load_tree(folder: Path) -> str:
    """Copy the working tree's package into *folder* as ``rulekeeper_tree``; its name (both
    versions then load the same way, from renamed copies)."""
    source = ROOT / "src" / "rulekeeper"
    for path in source.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            _copy(path.read_bytes(), path.relative_to(source), folder, "rulekeeper_tree")
    return "rulekeeper_tree"


class Version:
    """One version of the package: what the benchmark calls."""

    def __init__(self, package: str) -> None:
        self.core: ModuleType = importlib.import_module(f"{package}.core")
        generate = importlib.import_module(f"{package}.games.homm3.battle.generate")
        pack = importlib.import_module(f"{package}.games.homm3.content.pack")
        # The game classes themselves: a renamed copy has no entry points to be found by.
        battleground = importlib.import_module(f"{package}.games.battleground.game")
        homm3 = importlib.import_module(f"{package}.games.homm3.game")
        self.battleground_game: Any = battleground.BattlegroundGame
        self.homm3_game: Any = homm3.Homm3CombatGame
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
        game = self.battleground_game()
        started = time.perf_counter()
        for seed in range(first_seed, first_seed + games):
            self.playout(game.new_initial_state(seed=seed), self.core.Pcg32(seed))
        return time.perf_counter() - started

    def homm3(self, battles: int, first_seed: int) -> float:
        """Seconds to play *battles* random generated battles (loading not timed)."""
        rng = random.Random(2026 + first_seed)
        docs = [self.random_battle(rng, self.pack) for _ in range(battles)]
        games = [self.homm3_game(battle=doc) for doc in docs]
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
        sys.path.insert(0, folder)
        old = Version(load_base(args.base, Path(folder)))
        new = Version(load_tree(Path(folder)))
        for version in (old, new):  # warm-up, not counted: first imports, tables, caches
            version.battleground(2, 0)
            version.homm3(2, 0)
        times: dict[tuple[str, str], list[float]] = {}
        for k in range(args.repeat):
            order = [("old", old), ("new", new)]
            if k % 2:
                order.reverse()
            for label, version in order:
                seed = 1 + 1000 * k
                times.setdefault(("battleground", label), []).append(
                    version.battleground(args.games, seed)
                )
                times.setdefault(("homm3", label), []).append(version.homm3(args.battles, seed))
            print(f"run {k + 1}/{args.repeat} done", file=sys.stderr, flush=True)
    print(f"base {args.base} against the working tree, {args.repeat} interleaved runs")
    for bench, count in (("battleground", args.games), ("homm3", args.battles)):
        olds, news = times[(bench, "old")], times[(bench, "new")]
        ratios = sorted(o / n for o, n in zip(olds, news, strict=True))
        print(
            f"{bench:13} old {count / statistics.median(olds):7.2f} games/s   "
            f"new {count / statistics.median(news):7.2f} games/s   "
            f"new/old: median {statistics.median(ratios):.3f} of runs on the same seeds "
            f"({', '.join(f'{r:.2f}' for r in ratios)})"
        )


if __name__ == "__main__":
    main()
