"""The HoMM3 map board as data for a browser (issue 25 §1): what ``views/static/homm3-map.js``
draws for one seat, as JSON-safe values; docs/web-ui.md ("HoMM3 map") lists the keys.

    battlefield_board(state)     # the scenario's tile slots (never changes in a game)
    public_board(state)          # the map, players, round track, towns, a fight, the last fight
    seat_board(state, seat)      # the seat's moves with previews, the decision, towns, hand

Nothing a seat may not know is read for it: a face-down tile is its back, another seat's hand
is a count (panels.py), a spectator (seat None) gets no hand and no actions. No rule is written
here: moves are the seat's legal actions, the panels' choices carry theirs.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.views.web_map import panels
from rulekeeper.games.homm3.views.web_map.fight import fight_public, fight_seat, last_fight
from rulekeeper.games.homm3.views.web_map.moves import map_seat
from rulekeeper.games.homm3.views.web_map.tiles import map_layout, map_public

__all__ = ["battlefield_board", "board", "public_board", "seat_board"]


def board(state: Any, seat: int | None) -> JsonObject:
    """Everything the board script draws for *seat* (None: a spectator)."""
    return {**battlefield_board(state), **public_board(state), **seat_board(state, seat)}


def battlefield_board(state: Any) -> JsonObject:
    """The scenario's tile slots, their fields' hexes and backs (tiles.py ``map_layout``)."""
    return {"map_layout": map_layout(state)}


def public_board(state: Any) -> JsonObject:
    """What every seat and spectator sees alike: the map, the players, the round track, the
    towns, the fight in progress (the combat board's public part) and the last fight's result."""
    return {
        "map": map_public(state),
        "players": panels.players(state),
        "round": panels.round_track(state),
        "fight": fight_public(state),
        "last_fight": last_fight(state),
        "towns_public": panels.towns_public(state),
    }


def seat_board(state: Any, seat: int | None) -> JsonObject:
    """*seat*'s own: its moves with previews and the decision (moves.py), its town panels, its
    hand, and in a fight its part of the combat board (None: a spectator)."""
    return {
        "map_seat": map_seat(state, seat),
        "towns": panels.towns(state, seat),
        "hand": panels.hand(state, seat),
        "fight_seat": fight_seat(state, seat),
    }
