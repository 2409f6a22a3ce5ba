"""Information-set Monte Carlo tree search (single observer), for every game (docs/bots.md).

Each iteration starts from a fresh determinisation, ``state.resample(seat, rng)``: the search
never sees what its seat cannot. The tree is the seat's: a node is a sequence of actions, its
children the actions seen there in some determinisation (UCT counts how often each was
available, so an action legal in few worlds is not favoured). Chance nodes are sampled from
the bot's own stream; at a simultaneous node the bot's seat is taken to choose first (the others
then answer as if they knew, a cautious reading). Rollouts are short: a few random decisions,
then the game's evaluation, ``state.evaluate(seat)``. At the root, each action starts with the
greedy bot's one-ply value as a prior worth a few visits.

Levels are iteration budgets, so a given seed plays the same on any machine; ``think`` (seconds)
is an optional wall-clock budget for interactive play only.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from rulekeeper.core.actions import Action
from rulekeeper.core.agents import (
    GreedyAgent,
    actor_of,
    determinise,
    playable,
    sample_chance,
)
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE, GameState

__all__ = ["DEFAULT_LEVEL", "LEVELS", "MCTSAgent"]

LEVELS = {1: 25, 2: 50, 3: 100, 4: 200, 5: 400}
"""Iterations per decision at each level."""
DEFAULT_LEVEL = 3


@dataclass
class Node:
    """A node of the search tree: who acts there, and its children by action."""

    player: int = CHANCE
    children: dict[Action, Child] = field(default_factory=dict)


@dataclass
class Child:
    """An edge: its statistics, from the point of view of the player who takes it."""

    node: Node = field(default_factory=Node)
    visits: float = 0.0
    total: float = 0.0
    available: float = 0.0


class MCTSAgent:
    """ISMCTS with UCT selection, truncated random rollouts evaluated by ``state.evaluate``.

    ``iterations`` (or ``level``, :data:`LEVELS`) is the budget per decision; ``think`` adds a
    wall-clock limit in seconds (interactive play only: results then depend on the machine).
    ``rollout`` is the number of decisions played at random before the evaluation;
    ``exploration`` the UCT constant; ``prior`` the visits the greedy value at the root is worth
    (0: no prior)."""

    def __init__(
        self,
        iterations: int | None = None,
        seed: int = 0,
        *,
        level: int | None = None,
        think: float | None = None,
        rollout: int = 4,
        exploration: float = 0.7,
        prior: float = 4.0,
    ) -> None:
        if iterations is None:
            iterations = LEVELS[DEFAULT_LEVEL if level is None else level]
        if iterations < 1:
            raise ValueError("an MCTS bot needs at least one iteration")
        self.iterations = iterations
        self.think = think
        self.rollout = rollout
        self.exploration = exploration
        self.prior = prior
        self.rng = Pcg32(seed)
        self.greedy = GreedyAgent(0)
        self.greedy.rng = self.rng  # one stream for the whole bot

    def choose(self, state: GameState, player: int) -> Action:
        legal = playable(state.legal_actions(player))
        if not legal:
            raise RulekeeperError(f"player {player} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        root = Node(player=player)
        if self.prior > 0:
            for action, value in self.greedy.values(state, player):
                root.children[action] = Child(
                    visits=self.prior, total=self.prior * value, available=self.prior
                )
        deadline = None if self.think is None else time.perf_counter() + self.think
        for _ in range(self.iterations):
            world = determinise(state, player, self.rng)
            self._iterate(root, world, player)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(
            legal,
            key=lambda a: (
                root.children[a].visits if a in root.children else -1.0,
                root.children[a].total if a in root.children else 0.0,
            ),
        )
        return best

    # -------------------------------------------------------------------------- search

    def _iterate(self, root: Node, world: GameState, seat: int) -> None:
        path: list[tuple[Child, int]] = []
        node = root
        expanded = False
        while not world.is_terminal():
            player = actor_of(world, seat)
            if player == CHANCE:
                outcomes = world.chance_outcomes()
                outcome = outcomes[self.rng.weighted_index([p for _, p in outcomes])][0]
                world.apply_action(outcome, CHANCE)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = Child(node=Node())
                node = child.node
                continue
            node.player = player
            actions = playable(world.legal_actions(player))
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = self.rng.choice(untried)
                child = node.children[action] = Child()
                for other in actions:
                    if other in node.children:
                        node.children[other].available += 1.0
                world.apply_action(action, player)
                path.append((child, player))
                expanded = True
                break
            action, child = self._select(node, actions)
            world.apply_action(action, player)
            path.append((child, player))
            node = child.node
        if expanded:
            self._rollout(world, seat)
        value = world.evaluate(seat)
        teams = world.game.teams
        for child, player in path:
            child.visits += 1.0
            child.total += value if _same_team(teams, player, seat) else -value

    def _select(self, node: Node, actions: list[Action]) -> tuple[Action, Child]:
        best: tuple[Action, Child] | None = None
        best_score = -math.inf
        c = self.exploration
        for action in actions:
            child = node.children[action]
            child.available += 1.0
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best_score, best = score, (action, child)
        assert best is not None
        return best

    def _rollout(self, world: GameState, seat: int) -> None:
        """A few random decisions (chance sampled), then the chance pending is resolved."""
        decisions = 0
        while not world.is_terminal():
            player = actor_of(world, seat)
            if player == CHANCE:
                sample_chance(world, self.rng)
                continue
            if decisions >= self.rollout:
                return
            actions = playable(world.legal_actions(player))
            world.apply_action(self.rng.choice(actions), player)
            if len(actions) > 1:
                decisions += 1


def _same_team(teams: Sequence[Sequence[int]], player: int, seat: int) -> bool:
    return player == seat or any(player in team and seat in team for team in teams)
