"""Who acts: the special seat numbers of the state contract (core/state.py re-exports them).

Same values as OpenSpiel's kChancePlayerId, kSimultaneousPlayerId and kTerminalPlayerId, so
tooling written against OpenSpiel reads our logs."""

from __future__ import annotations

__all__ = ["CHANCE", "SIMULTANEOUS", "SPECTATOR", "TERMINAL"]

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4
SPECTATOR = -100
"""The seat of someone watching: no seat's secrets are theirs
(:meth:`GameState.spectator_observation`)."""
