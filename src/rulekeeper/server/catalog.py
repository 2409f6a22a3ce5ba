"""What a server can host (``GET /api/catalog``, docs/protocol.md): every installed game as its
declaration says (core/plugin.py ``GameInfo``): description, player counts, parameters (with
the names of their shipped files), whether it has a board and which script draws it, its
queries, and the bots offered for it."""

from __future__ import annotations

import logging
from typing import Any

import rulekeeper
from rulekeeper.core.agents import bot_names
from rulekeeper.core.mcts import LEVELS
from rulekeeper.core.plugin import GameInfo
from rulekeeper.core.registry import game_info, list_games
from rulekeeper.server.views import PROTOCOL, board_script

__all__ = ["catalog", "game_entry", "offered_bots"]

LOG = logging.getLogger("rulekeeper.server")


def offered_bots(info: GameInfo) -> list[str]:
    """The bots a seat of the game may be given by name: the built-in ones, then the game's own
    (its declaration's ``bots``): no other game's bot."""
    return [*bot_names(), *sorted(info.bots)]


def game_entry(name: str) -> dict[str, Any]:
    """The catalog's entry for game *name*: its declaration as data, with the bots offered for
    it and the URL of its board's script (null: the generic view)."""
    info = game_info(name)
    return {**info.to_json(), "board_script": board_script(name), "bots": offered_bots(info)}


def catalog() -> dict[str, Any]:
    """What can be hosted: each installed game (one whose declaration cannot be read is left
    out, and logged), and the built-in bots with the levels a spec may add (``mcts@3``)."""
    games = []
    for name in list_games():
        try:
            games.append(game_entry(name))
        except Exception as error:  # one broken game leaves the others offered
            LOG.warning("game left out of the catalog", extra={"kind": name, "error": str(error)})
    return {
        "protocol": PROTOCOL,
        "rulekeeper": rulekeeper.__version__,
        "games": games,
        "bots": list(bot_names()),
        "levels": sorted(LEVELS),
    }
