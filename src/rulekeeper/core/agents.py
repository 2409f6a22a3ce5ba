"""Agents, the loop that lets them play a game to the end, and the built-in bots.

The loop is the one place that knows how the three kinds of node advance
(a seat acts, chance is sampled, several seats act at once), so simulations,
tests and AI opponents all drive games the same way.

The built-in bots (docs/bots.md) are seeded, each with its own stream (never the state's), and
fair: they read only ``state.observation(seat)``, ``state.legal_actions(seat)``, clones of
``state.resample(seat, rng)`` and the game's evaluation (``GameState.evaluate``).
:func:`make_agent` builds one from a spec such as ``mcts@3``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE, SIMULTANEOUS, GameState

__all__ = [
    "QUIET",
    "Agent",
    "GreedyAgent",
    "RandomAgent",
    "make_agent",
    "play_out",
    "playable",
]

QUIET = frozenset({"forfeit", "offer-draw", "accept-draw", "surrender", "flee", "retreat"})
"""Kinds of action a built-in bot takes only when it has no other choice (they end or stall
games: forfeiting, offering or accepting a draw; giving a battle up: surrendering, fleeing,
retreating)."""


@runtime_checkable
class Agent(Protocol):
    def choose(self, state: GameState, player: int) -> Action:
        """Pick one of ``state.legal_actions(player)``."""
        ...


def playable(actions: Sequence[Action]) -> list[Action]:
    """*actions* without the quiet ones (:data:`QUIET`), unless nothing else is left."""
    kept = [a for a in actions if a.kind not in QUIET]
    return kept if kept else list(actions)


def _legal(state: GameState, player: int) -> list[Action]:
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


class RandomAgent:
    """Uniformly random legal moves from its own seeded stream (never the state's); it never
    forfeits, offers or accepts a draw when it has another choice."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def choose(self, state: GameState, player: int) -> Action:
        return self.rng.choice(_legal(state, player))


# ---------------------------------------------------------------------------- lookahead


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
    its own (``Game.bot_logic``) decides instead, on the same determinisation (Battleground: the
    activation played out to its end, games/battleground/planning.py)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def values(self, state: GameState, seat: int) -> list[tuple[Action, float]]:
        """Each playable action of *seat* with its one-ply value."""
        legal = _legal(state, seat)
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        world = determinise(state, seat, self.rng)
        kinds = frozenset(a.kind for a in legal)
        return [(a, lookahead_value(world, a, seat, seat, kinds, self.rng)) for a in legal]

    def choose(self, state: GameState, player: int) -> Action:
        legal = _legal(state, player)
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


# ---------------------------------------------------------------------------- the loop


def _agent_for(agents: Mapping[int, Agent], player: int) -> Agent:
    try:
        return agents[player]
    except KeyError:
        raise KeyError(f"no agent for player {player}") from None


def play_out(
    state: GameState, agents: Mapping[int, Agent], max_actions: int = 100_000
) -> GameState:
    """Advance *state* in place until it is terminal and return it.

    Chance nodes are sampled from the state's own stream.  At a simultaneous
    node every seat with something to do is asked against the same state
    (so nobody sees the others' choices), then the choices are applied in
    seat order (a seat is asked again only if the choices before its own made
    its own illegal).  Raises RulekeeperError if the game has not ended after
    *max_actions* actions (a rules bug, or a game that can loop forever).
    """
    applied = 0
    while not state.is_terminal():
        if applied >= max_actions:
            raise RulekeeperError(f"game did not end within {max_actions} actions")
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
            applied += 1
        elif player == SIMULTANEOUS:
            pending = [p for p in range(state.num_players) if state.legal_actions(p)]
            if not pending:
                raise RulekeeperError("simultaneous node where no player can act")
            choices = {p: _agent_for(agents, p).choose(state, p) for p in pending}
            for i, p in enumerate(pending):
                if i > 0 and choices[p] not in state.legal_actions(p):
                    break  # an earlier choice made this one impossible: ask again
                state.apply_action(choices[p], p)
                applied += 1
        else:
            state.apply_action(_agent_for(agents, player).choose(state, player), player)
            applied += 1
    return state


# ---------------------------------------------------------------------------- specs

BUILT_IN = ("random", "greedy", "mcts", "legacy")
LEGACY = "rulekeeper.games.battleground.agents:SkirmishBot"
"""``legacy``: Battleground's first bot (attack when it can, close in), kept to compare with."""


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The bot a SPEC names, seeded with *seed* (docs/bots.md): ``random``, ``greedy``,
    ``mcts``, ``legacy`` or ``module:Class`` (your own bot, built as ``Class(seed=seed)``,
    or ``Class(seed=seed, level=LEVEL)`` with a level), each optionally ``@LEVEL`` (1 to 5;
    for ``mcts`` an iteration budget, ignored by ``random``, ``greedy`` and ``legacy``).
    A bad spec raises ValueError saying what is wrong."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(
            f"empty bot spec {spec!r}: use one of {', '.join(BUILT_IN)} or module:Class"
        )
    name, at, level_text = spec.strip().partition("@")
    level: int | None = None
    if at:
        if not level_text.isdigit():
            raise ValueError(f"bot spec {spec!r}: the level after '@' must be a number 1 to 5")
        level = int(level_text)
        from rulekeeper.core.mcts import LEVELS

        if level not in LEVELS:
            raise ValueError(f"bot spec {spec!r}: no level {level} (levels: 1 to {max(LEVELS)})")
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "mcts":
        from rulekeeper.core.mcts import DEFAULT_LEVEL, MCTSAgent

        return MCTSAgent(level=DEFAULT_LEVEL if level is None else level, seed=seed)
    if name == "legacy":
        name = LEGACY
    if ":" not in name:
        raise ValueError(
            f"unknown bot {name!r}: use one of {', '.join(BUILT_IN)}, or module:Class for your own"
        )
    return _load_class(spec, name, seed, level)


def _load_class(spec: str, name: str, seed: int, level: int | None) -> Agent:
    module_name, _, class_name = name.partition(":")
    if not module_name or not class_name:
        raise ValueError(f"bot spec {spec!r}: write module:Class (e.g. mybots:Cautious)")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(
            f"bot spec {spec!r}: cannot import module {module_name!r} ({exc})"
        ) from exc
    factory = getattr(module, class_name, None)
    if factory is None or not callable(factory):
        raise ValueError(f"bot spec {spec!r}: module {module_name!r} has no class {class_name!r}")
    build: Callable[..., object] = factory
    try:
        agent = build(seed=seed) if level is None else build(seed=seed, level=level)
    except TypeError as exc:
        raise ValueError(
            f"bot spec {spec!r}: {class_name} must accept seed= (and level= with @LEVEL): {exc}"
        ) from exc
    if not isinstance(agent, Agent):
        raise ValueError(f"bot spec {spec!r}: {class_name} has no choose(state, seat) method")
    return agent
