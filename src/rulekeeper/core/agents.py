"""Agents, and the loop that lets them play a game to the end.

The loop is the one place that knows how the three kinds of node advance
(a seat acts, chance is sampled, several seats act at once), so simulations,
tests and AI opponents all drive games the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import CHANCE, SIMULTANEOUS, GameState

__all__ = ["Agent", "RandomAgent", "play_out"]


@runtime_checkable
class Agent(Protocol):
    def choose(self, state: GameState, player: int) -> Action:
        """Pick one of ``state.legal_actions(player)``."""
        ...


class RandomAgent:
    """Uniformly random legal moves from its own seeded stream (never the state's)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed)

    def choose(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions(player)
        if not actions:
            raise RulekeeperError(f"player {player} has no legal action to choose from")
        return self.rng.choice(actions)


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
    seat order.  Raises RulekeeperError if the game has not ended after
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
                stale = not state.is_simultaneous_node() or choices[p] not in state.legal_actions(p)
                if i > 0 and stale:
                    break  # an earlier choice changed the situation; ask again
                state.apply_action(choices[p], p)
                applied += 1
        else:
            state.apply_action(_agent_for(agents, player).choose(state, player), player)
            applied += 1
    return state
