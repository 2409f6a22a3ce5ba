"""A fight's odds before the move that starts it (issue 24 §5: "previews before a move ... the
fight's odds where the fight is known").

The battle is played out :data:`RUNS` times from the moving seat's point of view: each run
starts from ``state.resample(seat, ...)`` (the core deals again what the seat cannot know: the
enemy's hand and deck order, the neutral tier decks the Field Difficulty Table draws from, the
state's own stream for the rolls to come), applies the move, lets the other players pass what
comes before the battle (the Town-action window, §8.13) and plays the battle with the map
bot's policy in a fight (greedy.py: one ply, the combat's evaluation) for both sides, chance
sampled from the odds' own stream. That stream is seeded from public facts alone (a fixed
seed and the move's words), and what the seat cannot see is put in one fixed order before each
re-deal (the core deals from the order it finds), so the figure depends on nothing the seat
may not know.

A siege of a town or settlement no hero defends is not previewed (its owner's choice decides
whether a fight happens, §5.14.4); a run in which no battle begins (an enemy Secondary Hero
leaving the game instead, §5.6) counts among the others.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.lookahead import actor_of, determinise, playable, sample_chance
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE
from rulekeeper.games.homm3.map import board, greedy, movement
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.sieges import SiegeStep

__all__ = ["RUNS", "SEED", "FightOdds", "fight_odds", "wilson"]

RUNS = 8
"""Battles played out for one preview (a battle of greedy play takes about 0.1 s: 8 keep a
preview near a second)."""
SEED = 24
"""The odds' stream: this seed, its stream the move's words (public facts alone)."""
DECISIONS = 600
"""Decisions at most in one run (a battle ends long before)."""
Z = 1.96
"""The Wilson interval's z (95%)."""
WON = ("victory", "quick-combat")
POLICIES = {
    "greedy": "greedy play on both sides",
    "random": "greedy play for you, random play for the enemy",
}
"""How the enemy's side is played, in words."""


@dataclass(frozen=True)
class FightOdds:
    """How *runs* simulated battles of a move ended for the moving seat: ``wins``, ``losses``
    and ``others`` (a side fled or surrendered, or no battle began); the Wilson interval of
    the chance to win; the mean units each side lost in the battles fought."""

    runs: int
    wins: int
    losses: int
    others: int
    low: float
    high: float
    lost: float
    """Units the moving seat lost, on average."""
    enemy_lost: float
    """Units the enemy lost, on average."""
    policy: str = "greedy play on both sides"

    @property
    def share(self) -> float:
        """The share of runs won."""
        return self.wins / self.runs if self.runs else 0.0


def wilson(wins: int, runs: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a share *wins* / *runs* (0..1 for no runs)."""
    if runs <= 0:
        return 0.0, 1.0
    share = wins / runs
    denominator = 1 + z * z / runs
    centre = (share + z * z / (2 * runs)) / denominator
    spread = z * math.sqrt(share * (1 - share) / runs + z * z / (4 * runs * runs)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - spread)
    return low, 1.0 if wins >= runs else min(1.0, centre + spread)


def known_fight(state: Any, seat: int, action: Action) -> bool:
    """Whether *action* is a legal move of *seat* that starts a fight (not an undefended
    siege, whose owner decides)."""
    if action.kind != "move" or movement.move_refusal(state, seat, action) is not None:
        return False
    item = board.hero(state, str(action.get("hero")))
    if item is None:
        return False
    found = movement.encounter(state, item, str(action.get("to")))
    return found is not None and not isinstance(found, SiegeStep)


def fight_odds(
    state: Any, seat: int, action: Action, runs: int = RUNS, enemy: str = "greedy", seed: int = SEED
) -> FightOdds | None:
    """The odds of the fight *action* (a move of *seat*) starts, or None if it starts none;
    the enemy plays greedy (default) or, with *enemy* ``random``, at random (faster)."""
    if state.battle is not None or not known_fight(state, seat, action):
        return None
    rng = Pcg32(seed, zlib.crc32(str(action).encode("utf-8")))
    wins = losses = fought = 0
    lost = enemy_lost = 0
    known = state.clone()
    for _ in range(runs):
        world = determinise(known, seat, rng)
        ended = play_out(world, seat, action, rng, enemy)
        if ended is None:
            continue
        fought += 1
        sides = ended.get("sides") or [{}, {}]
        lost += len(sides[0].get("destroyed") or [])
        enemy_lost += len(sides[1].get("destroyed") or [])
        if ended.get("ending") in WON:
            wins += ended.get("winner") == "attacker"
            losses += ended.get("winner") == "defender"
    low, high = wilson(wins, runs)
    return FightOdds(
        runs=runs,
        wins=wins,
        losses=losses,
        others=runs - wins - losses,
        low=low,
        high=high,
        lost=lost / fought if fought else 0.0,
        enemy_lost=enemy_lost / fought if fought else 0.0,
        policy=POLICIES[enemy],
    )


def play_out(
    world: Any, seat: int, action: Action, rng: Pcg32, enemy: str = "greedy"
) -> dict[str, Any] | None:
    """Apply *action* on *world* and play until its battle ends: the battle's result (the
    ``battle-ends`` event's data), or None if no battle was fought."""
    start = world.events.last_seq
    world.apply_action(action, seat)
    for _ in range(DECISIONS):
        for event in world.events.since(start):
            if event.kind == "battle-ends":
                return dict(event.data)
        if world.is_terminal() or (world.battle is None and not _pending(world)):
            return None
        player = actor_of(world, seat)
        if player == CHANCE:
            sample_chance(world, rng)
            continue
        legal = playable(world.legal_actions(player))
        if enemy == "random" and player != seat and world.battle is not None:
            world.apply_action(rng.choice(legal), player)
        else:
            world.apply_action(_choice(world, player, legal, rng), player)
    return None


def _pending(world: Any) -> bool:
    """Whether a fight (or a siege) is still to come."""
    return any(isinstance(step, FightStep | SiegeStep) for step in world.flow.steps)


def _choice(world: Any, player: int, legal: list[Action], rng: Pcg32) -> Action:
    """In the battle, the map bot's greedy choice; before it, a pass (as greedy.py values a
    fight: the others wait for it, §8.13)."""
    if len(legal) == 1:
        return legal[0]
    if world.battle is None:
        passing = [a for a in legal if a.kind in greedy.PASSING]
        return passing[0] if passing else legal[0]
    return greedy.choose(world, player, legal, rng)
