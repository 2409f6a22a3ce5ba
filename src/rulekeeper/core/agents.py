"""Agents, the loop that lets them play a game to the end, and the built-in bots.

The loop is the one place that knows how the three kinds of node advance
(a seat acts, chance is sampled, several seats act at once), so simulations,
tests and AI opponents all drive games the same way.

The built-in bots (docs/bots.md; what they share is in core/lookahead.py, the search in
core/mcts.py) are seeded, each with its own stream (never the state's), and
fair: they read only ``state.observation(seat)``, ``state.legal_actions(seat)``, clones of
``state.resample(seat, rng)`` and the game's evaluation (``GameState.evaluate``).
:func:`make_agent` builds one from a spec such as ``mcts@3``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError, UnknownGameError
from rulekeeper.core.gamelike import GameLike
from rulekeeper.core.lookahead import (
    QUIET,
    GreedyAgent,
    actor_of,
    advisor,
    determinise,
    legal_choices,
    lookahead_value,
    playable,
    python_random,
    resolve,
    sample_chance,
)
from rulekeeper.core.mcts import DEFAULT_LEVEL, LEVELS, MCTSAgent
from rulekeeper.core.registry import game_info
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE, SIMULTANEOUS, GameState

__all__ = [
    "BUILT_IN",
    "QUIET",
    "Agent",
    "GreedyAgent",
    "RandomAgent",
    "actor_of",
    "advisor",
    "bot_names",
    "determinise",
    "lookahead_value",
    "make_agent",
    "own_bots",
    "play_out",
    "playable",
    "python_random",
    "resolve",
    "sample_chance",
]


@runtime_checkable
class Agent(Protocol):
    def choose(self, state: GameState, player: int) -> Action:
        """Pick one of ``state.legal_actions(player)``."""
        ...


class RandomAgent:
    """Uniformly random legal moves from its own seeded stream (never the state's); it never
    forfeits, offers or accepts a draw when it has another choice."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def choose(self, state: GameState, player: int) -> Action:
        return self.rng.choice(legal_choices(state, player))


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

BUILT_IN = ("random", "greedy", "mcts")
"""The bots every game offers; a game adds its own by name in its declaration
(core/plugin.py ``GameInfo.bots``)."""


def own_bots(game: GameLike | None) -> Mapping[str, str]:
    """*game*'s own bots, name -> ``module:Class``, from its declaration (none for a game
    that is not registered)."""
    if game is None:
        return {}
    try:
        return game_info(game.name).bots
    except UnknownGameError:
        return {}


def bot_names(game: GameLike | None = None) -> tuple[str, ...]:
    """The bots a spec may name without ``module:Class``: the built-in ones, then *game*'s own."""
    return (*BUILT_IN, *sorted(own_bots(game)))


def make_agent(spec: str, seed: int = 0, game: GameLike | None = None) -> Agent:
    """The bot a SPEC names, seeded with *seed* (docs/bots.md): ``random``, ``greedy``,
    ``mcts``, one of *game*'s own bots (its declaration's, by name) or ``module:Class`` (your own
    bot, built as ``Class(seed=seed)``, or ``Class(seed=seed, level=LEVEL)`` with a level), each
    optionally ``@LEVEL`` (1 to 5; for ``mcts`` an iteration budget, ignored by ``random``,
    ``greedy`` and a game's own bots). A bad spec raises ValueError saying what is wrong."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(
            f"empty bot spec {spec!r}: use one of {', '.join(bot_names(game))} or module:Class"
        )
    name, at, level_text = spec.strip().partition("@")
    level: int | None = None
    if at:
        if not level_text.isdigit():
            raise ValueError(f"bot spec {spec!r}: the level after '@' must be a number 1 to 5")
        level = int(level_text)
        if level not in LEVELS:
            raise ValueError(f"bot spec {spec!r}: no level {level} (levels: 1 to {max(LEVELS)})")
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "mcts":
        return MCTSAgent(level=DEFAULT_LEVEL if level is None else level, seed=seed)
    own = own_bots(game)
    if name in own:
        return _load_class(spec, own[name], seed, None)
    if ":" not in name:
        raise ValueError(
            f"unknown bot {name!r}: use one of {', '.join(bot_names(game))}, or module:Class "
            "for your own"
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
