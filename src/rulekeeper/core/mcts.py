"""Information-set Monte Carlo tree search (single observer), for every game (docs/bots.md).

Each iteration starts from a fresh determinisation, ``state.resample(seat, rng)``: the search
never sees what its seat cannot. Chance is sampled from the bot's own stream. Two ways to
search, by game:

* **Generic** (any game): the tree is the seat's: a node is a sequence of actions, its children
  the actions seen there in some determinisation (UCT counts how often each was available, so
  an action legal in few worlds is not favoured). At a simultaneous node the bot's seat is taken
  to choose first (the others then answer as if they knew, a cautious reading). Rollouts are
  short: a few random decisions, then the game's evaluation, ``state.evaluate(seat)``. At the
  root, each action starts with the greedy bot's one-ply value as a prior worth a few visits.
* **Advised** (a game with bot logic of its own, ``Game.bot_logic``): the search
  is at the root, over the candidates the game's greedy logic proposes (best first, at most
  ``breadth``), by *sequential halving* with common random numbers: in each round every
  candidate still in the race is simulated from the same determinisation with the same stream
  of dice (the game's ``simulate``: its quick policy plays both seats to a horizon, where the
  evaluation scores the result), and after each phase the worse half drops out. The greedy
  value of a candidate counts as one simulation more. The simulations of one decision share a
  ``memo`` (a dict that lives for that decision), where the game keeps what they would
  otherwise work out again. Decisions the game does not search
  (``searched``) are the greedy logic's, but where the game's ``tree_measure(world, seat)``
  gives a value function (a battle fought inside a bigger game: its evaluation, who won once it
  is over) the generic search decides, scored by that function and with the game's own
  candidates' values as the root's prior: a fight inside a bigger game is searched as the
  combat game's bots search it.

Levels are iteration budgets (the game's own ``LEVELS`` for an advised search), so a given seed
plays the same on any machine; ``think`` (seconds) is an optional wall-clock budget for
interactive play only.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.lookahead import (
    GreedyAgent,
    actor_of,
    advisor,
    determinise,
    playable,
    sample_chance,
)
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE, GameState

__all__ = ["DEFAULT_LEVEL", "LEVELS", "MCTSAgent"]

LEVELS = {1: 25, 2: 50, 3: 100, 4: 200, 5: 400}
"""Iterations per decision at each level (generic search). A game whose bot logic has levels
of its own (its ``LEVELS``: a game whose simulations cost far more) uses those."""
DEFAULT_LEVEL = 3
Measure = Callable[[GameState], float]
"""A value for the searching seat of a state reached in the search (``tree_measure``)."""


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
    """ISMCTS evaluated by ``state.evaluate`` (see the module docstring).

    ``iterations`` (or ``level``: :data:`LEVELS`, or the game's own) is the budget per decision;
    ``think`` adds a wall-clock limit in seconds (interactive play only: results then depend on
    the machine). Generic search: ``rollout`` is the number of decisions played at random before
    the evaluation, ``exploration`` the UCT constant, ``prior`` the visits the greedy value at
    the root is worth (0: no prior). Advised search: ``horizon`` the activations (or the game's
    unit) simulated after the seat's own before the evaluation, ``breadth`` the candidates at
    most (4: with a budget of 40, each is simulated 5 times before half drop out; with 8 they
    would be once, and a good candidate is dropped on one unlucky simulation)."""

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
        horizon: int = 1,
        breadth: int = 4,
    ) -> None:
        self.level = DEFAULT_LEVEL if level is None else level
        self.fixed = iterations is not None
        if iterations is None:
            iterations = LEVELS[self.level]
        if iterations < 1:
            raise ValueError("an MCTS bot needs at least one iteration")
        self.iterations = iterations
        self.think = think
        self.rollout = rollout
        self.exploration = exploration
        self.prior = prior
        self.horizon = horizon
        self.breadth = breadth
        self.rng = Pcg32(seed)
        self.greedy = GreedyAgent(0)
        self.greedy.rng = self.rng  # one stream for the whole bot

    def budget(self, logic: Any) -> int:
        """Iterations per decision: as given, or the level's (the game's own levels when its bot
        logic has them)."""
        levels = getattr(logic, "LEVELS", None)
        if self.fixed or levels is None:
            return self.iterations
        return int(levels[self.level])

    def choose(self, state: GameState, player: int) -> Action:
        legal = playable(state.legal_actions(player))
        if not legal:
            raise RulekeeperError(f"player {player} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.think is None else time.perf_counter() + self.think
        world = determinise(state, player, self.rng)
        logic = self._logic(world)
        tree = getattr(logic, "tree_measure", None)
        measure: Measure | None = None if tree is None else tree(world, player)
        if logic is not None and measure is None:
            return self._advised(state, player, legal, world, logic, deadline)
        root = Node(player=player)
        if self.prior > 0:
            if measure is None:
                values = self.greedy.values(state, player)
            else:  # the game's own one-ply values, on the scale of its measure
                values = logic.candidates(world, player, legal, self.rng)
            for action, value in values:
                root.children[action] = Child(
                    visits=self.prior, total=self.prior * value, available=self.prior
                )
        for index in range(self.iterations):
            if index:
                world = determinise(state, player, self.rng)
            self._iterate(root, world, player, measure)
            if deadline is not None and time.perf_counter() > deadline:
                break
        return max(
            legal,
            key=lambda a: (
                root.children[a].visits if a in root.children else -1.0,
                root.children[a].total if a in root.children else 0.0,
            ),
        )

    def _logic(self, world: GameState) -> Any:
        """The game's bot logic (``lookahead.advisor``), or None for the generic search."""
        return advisor(world)

    # -------------------------------------------------------------------------- generic

    def _iterate(
        self, root: Node, world: GameState, seat: int, measure: Measure | None = None
    ) -> None:
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
        value = world.evaluate(seat) if measure is None else measure(world)
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

    # -------------------------------------------------------------------------- advised

    def _advised(
        self,
        state: GameState,
        seat: int,
        legal: list[Action],
        world: GameState,
        logic: Any,
        deadline: float | None,
    ) -> Action:
        """Sequential halving over the game's candidates, with common random numbers."""
        if not logic.searched(world, seat):
            quick: Action = logic.choose(world, seat, legal, self.rng)
            return quick  # not a decision the search is for: the game's greedy choice
        ranked = logic.candidates(world, seat, legal, self.rng)[: self.breadth]
        if len(ranked) == 1:
            first: Action = ranked[0][0]
            return first
        totals = {action: value for action, value in ranked}  # the greedy value: one more
        counts = dict.fromkeys(totals, 1.0)
        alive: list[Action] = [action for action, _ in ranked]
        phases = max(1, math.ceil(math.log2(len(alive))))
        budget = self.budget(logic)
        spent = 0
        memo: dict[Any, Any] = {}  # the game's, for this decision's simulations only
        for phase in range(phases):
            rounds = max(1, (budget - spent) // (phases - phase) // len(alive))
            for _ in range(rounds):
                base = determinise(state, seat, self.rng)
                common = self.rng.next_u32()
                for action in alive:
                    value = logic.simulate(
                        base.clone(), seat, action, Pcg32(common), self.horizon, memo
                    )
                    totals[action] += value
                    counts[action] += 1.0
                    spent += 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
            alive.sort(key=lambda a: -totals[a] / counts[a])
            if deadline is not None and time.perf_counter() > deadline:
                break
            if phase < phases - 1:
                alive = alive[: max(1, math.ceil(len(alive) / 2))]
        return alive[0]


def _same_team(teams: Sequence[Sequence[int]], player: int, seat: int) -> bool:
    return player == seat or any(player in team and seat in team for team in teams)
