"""The long HoMM3 combat fuzz (issue 8): 10,000 random battles checked after every action.

Usage: python benchmarks/battle_fuzz.py [--battles 10000] [--seed 1]

Random battle files (neutral fights in solo and Clash, hero battles, sieges, AI heroes; random
armies, hands and options) played to their end with random legal actions. After every action
the battle's invariants hold (combat/invariants.py: at most 5 units a side, one unit a field,
no negative damage, damage below HP, one retaliation a round unless an ability allows more, the
spell limit); at the end the event log shows one activation per unit per round; every 50th
battle also checks that a saved state reads back equal and that a battle file written at its
middle loads to the same legal actions. Prints the number of battles and actions, the endings,
and every problem found (exit code 1 if any).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from rich.progress import track

from rulekeeper.core import CHANCE, load_game
from rulekeeper.games.homm3.battle.generate import random_battle
from rulekeeper.games.homm3.combat import invariants
from rulekeeper.games.homm3.content.pack import load_content_pack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pack = load_content_pack()
    rng = random.Random(args.seed)
    endings: Counter[str] = Counter()
    problems: list[str] = []
    actions = 0
    started = time.perf_counter()
    for index in track(range(args.battles), description="battles"):
        doc = random_battle(rng, pack)
        game = load_game("homm3-combat", battle=doc)
        state = game.new_initial_state(seed=index)
        steps = 0
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply_action(action, seat)
            steps += 1
            found = invariants.problems(state)  # type: ignore[arg-type]
            if index % 50 == 0 and steps == 10 and not state.is_terminal():
                if game.deserialize_state(state.serialize()).serialize() != state.serialize():
                    found.append("a saved state does not read back equal")
                loaded = load_game("homm3-combat", battle=state.to_position())
                again = loaded.new_initial_state(seed=index)
                player = state.current_player()
                if player >= 0 and again.legal_actions(player) != state.legal_actions(player):
                    found.append("a battle file written mid-battle loads to other actions")
            if found or steps > 5_000:
                problems.append(f"battle {index}: {found or ['does not end']}")
                break
        else:
            problems += [f"battle {index}: {p}" for p in invariants.log_problems(state)]  # type: ignore[arg-type]
            result = state.flow.result or {}  # type: ignore[attr-defined]
            endings[str(result.get("ending"))] += 1
        actions += steps
    seconds = time.perf_counter() - started
    print(f"{args.battles} battles, {actions:,} actions in {seconds:.0f} s")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in endings.most_common()))
    for problem in problems[:50]:
        print(problem)
    print(f"{len(problems)} problem(s)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
