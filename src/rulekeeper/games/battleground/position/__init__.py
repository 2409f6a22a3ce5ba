"""Battleground positions: a game situation as readable, versioned data (docs/positions.md).

:func:`write` turns a state into a position (``state.to_position()``); :func:`load` builds the
state a position describes (``load_game("battleground", position=P)`` then
``new_initial_state(seed=S)``), with ``S`` deciding what the position leaves open: the order of
a draw pile not given in order, hands not given, and every later roll. A position carries no
random state and no history.

Loading names every problem at once (core/position.py, :class:`PositionError`): the fields of
each part are read one by one, the references checked, then the state is given the checks of a
saved state (saves.py), settled (automatic steps run) and probed, so a position that loads is
one the rules can play on from.
"""

from rulekeeper.games.battleground.position.fields import (
    FORMAT,
    PHASES,
    STEP_VOCABULARY,
    TOP_FIELDS,
    VERSION,
    VERSIONS,
)
from rulekeeper.games.battleground.position.loading import game_params, load
from rulekeeper.games.battleground.position.writing import phase_of, write

__all__ = [
    "FORMAT",
    "PHASES",
    "STEP_VOCABULARY",
    "TOP_FIELDS",
    "VERSION",
    "VERSIONS",
    "game_params",
    "load",
    "phase_of",
    "write",
]
