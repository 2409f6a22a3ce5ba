"""The HoMM3 map board's panels as data (issue 25 §1): the players, the round track, the towns
and the seat's hand, JSON-safe, for views/static/homm3-map-panels.js.

    players(state)        # public, per seat: faction, colour, resources, income, level, army
    round_track(state)    # the round (of the limit), its kind, whose turn, the Astrologers card
    towns_public(state)   # every town: field, faction, owner, buildings built
    towns(state, seat)    # the seat's own town panels, each choice with `action` / `refusal`
    hand(state, seat)     # the seat's own hand with card texts and the plays legal now

Nothing a seat may not know is read for another seat (a hand is a count); no rule is written
here: ``action`` is a legal action's string (server/views.py ``entries``), ``refusal`` the
rule's own words (map/town_actions.py ``RULES``).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.map import economy
from rulekeeper.games.homm3.map.model import RESOURCES
from rulekeeper.games.homm3.views.card_text import text_of
from rulekeeper.games.homm3.views.map_words import card_name, faction_name, hero_name, unit_name
from rulekeeper.games.homm3.views.web_map.tiles import colour_of

__all__ = ["hand", "players", "round_track", "towns", "towns_public"]


def players(state: Any) -> list[JsonObject]:
    """Every seat as all may see it (hand contents never)."""
    out: list[JsonObject] = []
    for player in state.players:
        out.append(
            {
                "seat": player.seat,
                "faction": player.faction,
                "name": faction_name(player.faction),
                "colour": colour_of(state, player.seat),
                "resources": {n: player.resources.amounts.get(n, 0) for n in RESOURCES},
                "income": dict(economy.income(state, player.seat)),
                "level": player.level,
                "morale": player.morale,
                "hand": len(player.hand),
                "deck": len(player.deck),
                "discard": len(player.discard),
                "army": [
                    {"card": t.card, "name": unit_name(state, t.card), "side": t.side}
                    for t in player.units
                ],
                "heroes": [
                    {"id": h.id, "name": hero_name(state, h.id), "role": h.role, "field": h.field}
                    for h in state.heroes
                    if h.seat == player.seat
                ],
            }
        )
    return out


def round_track(state: Any) -> JsonObject:
    """The round, its limit and kind, whose turn, the Astrologers card in force."""
    card = state.astrologers
    return {
        "round": state.round,
        "limit": state.rounds_limit(),
        "turn": state.players_turn(),
        "astrologers": {"card": card, "name": card_name(state, card)} if card else None,
    }


def towns_public(state: Any) -> list[JsonObject]:
    """Every town: its field, faction, owner and buildings built."""
    return [
        {"field": t.field, "faction": t.faction, "owner": t.owner, "buildings": list(t.buildings)}
        for t in state.towns
    ]


def towns(state: Any, seat: int | None) -> list[JsonObject]:
    """*seat*'s own town panels (a spectator: none)."""
    if seat is None or not 0 <= seat < len(state.players):
        return []
    return [entry for entry in towns_public(state) if entry["owner"] == seat]


def hand(state: Any, seat: int | None) -> JsonObject:
    """*seat*'s own hand, card by card with its text (a spectator: {})."""
    if seat is None or not 0 <= seat < len(state.players):
        return {}
    player = state.players[seat]
    cards = [
        {"card": c, "name": card_name(state, c), "text": text_of(state.game.pack, c)}
        for c in player.hand
    ]
    return {"cards": cards, "deck": len(player.deck), "discard": len(player.discard)}
