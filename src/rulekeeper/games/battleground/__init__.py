"""Masters of the Universe: Battleground.

The public home of the battlefield's geometry (the classes and functions the README uses);
the package is laid out by concept: ``board/`` (hexes, line of sight, cover, facing, movement,
maps), ``rules/`` (the procedure's steps and the rules they apply), ``content/`` (the card data),
``views/`` (descriptions, explanations, odds, hidden information); ``game.py`` wires them.
"""

from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.facing import facings_toward, flank_verdict
from rulekeeper.games.battleground.board.massive import Base, massive_reach
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement import Occupancy, movement_points, reachable
from rulekeeper.games.battleground.board.movement_effects import (
    can_switch,
    charge,
    displace,
    towards,
)

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
