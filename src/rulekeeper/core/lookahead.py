"""What the built-in bots share: which actions they play, determinisations, chance sampled from
their own stream, the one-ply lookahead and the greedy bot (docs/bots.md).

Both :mod:`rulekeeper.core.agents` (the loop and the bot specs) and :mod:`rulekeeper.core.mcts`
(the search) build on this module, so neither imports the other's internals.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE, SIMULTANEOUS, GameState

__all__ = [
    "QUIET",
    "GreedyAgent",
    "actor_of",
    "advisor",
    "determinise",
    "legal_choices",
    "lookahead_value",
    "playable",
    "python_random",
    "resolve",
    "sample_chance",
]

QUIET = frozenset({"forfeit", "offer-draw", "accept-draw", "surrender", "flee", "retreat"})
"""Kinds of action a built-in bot takes only when it has no other choice (they end or stall
games: forfeiting, offering or accepting a draw; giving a battle up: surrendering, fleeing,
retreating)."""


def playable(actions: Sequence[Action]) -> list[Action]:
    """*actions* without the quiet ones (:data:`QUIET`), unless nothing else is left."""
    kept = [a for a in actions if a.kind not in QUIET]
    return kept if kept else list(actions)


def legal_choices(state: GameState, player: int) -> list[Action]:
    """The playable actions of *player* (:func:`playable`); RulekeeperError if it has none."""
    actions = state.legal_actions(player)
    if not actions:
        raise RulekeeperError(f"player {player} has no legal action to choose from")
    return playable(actions)


def python_random(rng: Pcg32) -> random.Random:
    """A ``random.Random`` seeded from *rng* (what ``resample`` takes)."""
    return random.Random((rng.next_u32() << 32) | rng.next_u32())


def determinise(state: GameState, seat: int, rng: Pcg32) -> GameState:
    """``state.resample(seat, ...)`` seeded from *rng*: a state the seat cannot tell from this
    one (a game that cannot deal one has a bug, which is raised, never hidden)."""
    return state.resample(seat, python_random(rng))


def sample_chance(state: GameState, rng: Pcg32) -> Action:
    """Apply one outcome of the chance node *state*, sampled from *rng* (not the state's), and
    return it."""
    outcomes = state.chance_outcomes()
    outcome = outcomes[rng.weighted_index([p for _, p in outcomes])][0]
    state.apply_action(outcome, CHANCE)
    return outcome


def actor_of(state: GameState, seat: int) -> int:
    """Who decides next in *state*: the player to act, or at a simultaneous node *seat* when it
    has something to do, else the first seat that has; CHANCE at a chance node."""
    player = state.current_player()
    if player != SIMULTANEOUS:
        return player
    if state.legal_actions(seat):
        return seat
    for other in range(state.num_players):
        if state.legal_actions(other):
            return other
    raise RulekeeperError("simultaneous node where no player can act")


def resolve(state: GameState, seat: int, kinds: frozenset[str], rng: Pcg32, limit: int) -> None:
    """Play on from *state* (just after an action whose result depends on chance) until the
    outcome is settled: chance is sampled, and a decision whose actions share no kind with
    *kinds* (a reroll, a reaction inside the attack) is taken at random, up to *limit* steps.
    Stops at the first decision of a kind in *kinds* (the next real choice) or at the end."""
    for _ in range(limit):
        if state.is_terminal():
            return
        player = actor_of(state, seat)
        if player == CHANCE:
            sample_chance(state, rng)
            continue
        actions = playable(state.legal_actions(player))
        if any(a.kind in kinds for a in actions):
            return
        state.apply_action(rng.choice(actions), player)


def lookahead_value(
    state: GameState,
    action: Action,
    player: int,
    seat: int,
    kinds: frozenset[str],
    rng: Pcg32,
    limit: int = 40,
) -> float:
    """The evaluation for *seat* of taking *action* (by *player*) in a clone of *state*; when
    the action leads to a chance node, the expectation over its outcomes (one level, each
    followed by one sampled resolution, :func:`resolve`)."""
    after = state.clone()
    after.apply_action(action, player)
    if not after.is_chance_node():
        return after.evaluate(seat)
    total = 0.0
    for outcome, p in after.chance_outcomes():
        if p <= 0.0:
            continue
        branch = after.clone()
        branch.apply_action(outcome, CHANCE)
        resolve(branch, seat, kinds, rng, limit)
        total += p * branch.evaluate(seat)
    return total


def advisor(world: GameState) -> object | None:
    """The bot-logic module of *world*'s game (``Game.bot_logic``), or None."""
    name = world.game.bot_logic
    return None if name is None else importlib.import_module(name)


class GreedyAgent:
    """One-ply lookahead with the game's evaluation (``state.evaluate``), on a determinisation
    of the state (``resample``): the action whose result looks best for its seat; an action
    leading to chance is valued by the expectation over the outcomes (one level, each resolved
    by one sampled continuation). Ties are broken by its own stream. A game with bot logic of
    its own (``Game.bot_logic``) decides instead, on the same determinisation (for instance by
    playing a whole turn out to its end)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def values(self, state: GameState, seat: int) -> list[tuple[Action, float]]:
        """Each playable action of *seat* with its one-ply value."""
        legal = legal_choices(state, seat)
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        world = determinise(state, seat, self.rng)
        kinds = frozenset(a.kind for a in legal)
        return [(a, lookahead_value(world, a, seat, seat, kinds, self.rng)) for a in legal]

    def choose(self, state: GameState, player: int) -> Action:
        legal = legal_choices(state, player)
        if len(legal) == 1:
            return legal[0]
        world = determinise(state, player, self.rng)
        logic = advisor(world)
        if logic is not None:
            action: Action = logic.choose(world, player, legal, self.rng)  # type: ignore[attr-defined]
            return action
        kinds = frozenset(a.kind for a in legal)
        scored = [(a, lookahead_value(world, a, player, player, kinds, self.rng)) for a in legal]
        best = max(value for _, value in scored)
        top = [action for action, value in scored if value >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)
