"""Masters of the Universe: Battleground.

The public home of the battlefield's geometry (the classes and functions the README uses);
the package is laid out by concept: ``board/`` (hexes, line of sight, cover, facing, movement,
maps), ``rules/`` (the procedure's steps and the rules they apply), ``content/`` (the card data),
``views/`` (descriptions, explanations, odds, hidden information); ``game.py`` wires them, and
``plugin.py`` declares the game to Rulekeeper (core/plugin.py).

The names below are imported when first used, so that reading the declaration imports nothing
of the game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekeeper.games.battleground.board.battlefield import Battlefield
    from rulekeeper.games.battleground.board.facing import facings_toward, flank_verdict
    from rulekeeper.games.battleground.board.massive import Base, massive_reach
    from rulekeeper.games.battleground.board.measures import Position
    from rulekeeper.games.battleground.board.movement import (
        Occupancy,
        movement_points,
        reachable,
    )
    from rulekeeper.games.battleground.board.movement_effects import (
        can_switch,
        charge,
        displace,
        towards,
    )

_HOMES = {
    "Battlefield": "board.battlefield",
    "facings_toward": "board.facing",
    "flank_verdict": "board.facing",
    "Base": "board.massive",
    "massive_reach": "board.massive",
    "Position": "board.measures",
    "Occupancy": "board.movement",
    "movement_points": "board.movement",
    "reachable": "board.movement",
    "can_switch": "board.movement_effects",
    "charge": "board.movement_effects",
    "displace": "board.movement_effects",
    "towards": "board.movement_effects",
}

__all__ = [
    "Base",
    "Battlefield",
    "Occupancy",
    "Position",
    "can_switch",
    "charge",
    "displace",
    "facings_toward",
    "flank_verdict",
    "massive_reach",
    "movement_points",
    "reachable",
    "towards",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
