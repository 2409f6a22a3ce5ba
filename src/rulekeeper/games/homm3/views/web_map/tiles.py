"""The HoMM3 map as every seat sees it (issue 25 §1): the tile slots of the scenario, the face-up
tiles with their seven fields (location, terrain, what a visit does), the face-down tiles as
backs, heroes, flags, guards, visited one-time locations and towns, as JSON-safe data; in solo
and co-op (issue 26) the AI heroes too, their AI and Spell decks by count only (homm3.md §5.24).

A field is named ``"q,r"`` (core/graph.py ``hex_key``) and carries its axial ``q`` and ``r``
(the script draws it at x = q + r/2, y = r·√3/2, pointy-topped, core/hexes.py). A face-down
tile shows only its kind (§5.1): its tile is never read here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.core.graph import hex_key
from rulekeeper.core.hexes import Hex
from rulekeeper.games.homm3.map import board, geometry
from rulekeeper.games.homm3.map.model import AI_SEAT, MAIN, NOBODY_SEAT
from rulekeeper.games.homm3.views import map_text
from rulekeeper.games.homm3.views.map_terminal import field_text, neutral_draw
from rulekeeper.games.homm3.views.map_words import (
    KIND_NAMES,
    faction_name,
    hero_name,
    location_name,
    place,
    unit_name,
)

__all__ = ["AI_COLOUR", "FACTION_COLOURS", "ai_heroes", "colour_of", "map_layout", "map_public"]

FACTION_COLOURS: Mapping[str, str] = {
    "castle": "#2f6fd0",
    "dungeon": "#9b3fb5",
    "necropolis": "#2e8b57",
}
"""A faction's colour on the board (its heroes, flags and towns; the terminal's colours)."""
NEUTRAL_COLOUR = "#777777"
AI_COLOUR = "#c62828"
"""The AI heroes' colour (their figures, and the flags and towns they hold; the terminal's red)."""


def colour_of(state: Any, seat: int) -> str:
    """The colour of *seat*'s faction (red for the AI, grey for nobody)."""
    if seat == AI_SEAT:
        return AI_COLOUR
    if 0 <= seat < len(state.players):
        return FACTION_COLOURS.get(state.players[seat].faction, NEUTRAL_COLOUR)
    return NEUTRAL_COLOUR


def _place(h: Hex) -> JsonObject:
    return {"key": hex_key(h), "q": h[0], "r": h[1]}


def map_layout(state: Any) -> JsonObject:
    """The scenario's tile slots (what never changes in a game): each slot's centre, the kind
    of tile it starts with and its seven fields (an explored tile may add a slot: the public
    part lists every tile laid)."""
    layout = state.game.scenario.layout(state.num_players)
    pack = state.game.pack
    slots = []
    for entry in layout.tiles:
        tile = pack.tiles.get(entry.tile) if entry.tile else None
        kind = tile.kind if tile is not None else entry.pool
        slots.append(
            {
                "at": hex_key(entry.at),
                "kind": kind,
                "fields": [_place(h) for h in geometry.slot_fields(entry.at)],
            }
        )
    starts = [hex_key(seat.start) for seat in layout.seats]
    return {"slots": slots, "starts": starts, "hex": "pointy", "x": "q + r/2", "y": "r*sqrt(3)/2"}


def map_public(state: Any) -> JsonObject:
    """The map as every seat sees it (module doc)."""
    return {
        "tiles": [_tile(state, index) for index in range(len(state.placements))],
        "backs": [_back(slot) for slot in state.face_down],
        "heroes": _heroes(state),
        "flags": _flags(state),
        "guards": _guards(state),
        "visited": _visited(state),
        "towns": _towns(state),
        "ai_heroes": ai_heroes(state),
        "legend": map_text.legend(state),
        "difficulty": state.difficulty,
    }


def _tile(state: Any, index: int) -> JsonObject:
    """A face-up tile as placed: its id, kind, terrain, rotation and fields (by board hex)."""
    placement = state.placements[index]
    tile = state.game.pack.tiles[placement.tile]
    centre = (placement.q, placement.r)
    fields = []
    for position, printed in enumerate(tile.fields):
        h = geometry.position_hex(centre, position, placement.rotation)
        fields.append(_field(state, h, position, printed))
    walls = []
    for a, b in tile.walls:
        ha = geometry.position_hex(centre, a, placement.rotation)
        hb = geometry.position_hex(centre, b, placement.rotation)
        walls.append([hex_key(ha), hex_key(hb)])
    return {
        "tile": tile.id,
        "kind": tile.kind,
        "kind_name": KIND_NAMES.get(tile.kind, tile.kind),
        "terrain": tile.terrain,
        "at": hex_key(centre),
        "rotation": placement.rotation,
        "fields": fields,
        "walls": walls,
    }


def _field(state: Any, h: Hex, position: int, printed: Any) -> JsonObject:
    """One printed field: its location with its code and name, and what it does (the hover
    title: views/map_terminal.py ``field_text``)."""
    key = hex_key(h)
    location = state.game.pack.locations.get(printed.location)
    return {
        **_place(h),
        "position": position,
        "location": printed.location,
        "category": location.category if location is not None else "none",
        "code": "" if printed.location == "empty" else map_text.location_code(state, printed),
        "name": location_name(state, printed),
        "blocked": printed.location == "blocked",
        "resource": printed.resource,
        "faction": printed.faction,
        "printed_difficulty": printed.difficulty,
        "title": field_text(state, key),
    }


def _back(slot: Any) -> JsonObject:
    """A face-down tile: its slot and the kind on its back, nothing else (§5.1)."""
    return {
        "at": slot.at,
        "kind": slot.kind,
        "kind_name": KIND_NAMES.get(slot.kind, slot.kind),
        "fields": [_place(h) for h in geometry.slot_fields(slot.at)],
    }


def _heroes(state: Any) -> list[JsonObject]:
    """Every hero figure: whose, Main or Secondary, where (off the map: field "") and its MP."""
    return [
        {
            "id": item.id,
            "name": hero_name(state, item.id),
            "seat": item.seat,
            "faction": state.players[item.seat].faction,
            "colour": colour_of(state, item.seat),
            "role": item.role,
            "main": item.role == MAIN,
            "field": item.field,
            "mp": item.mp,
        }
        for item in state.heroes
    ]


def ai_heroes(state: Any) -> list[JsonObject]:
    """Each AI hero as every seat sees it (homm3.md §5.24): name, faction, field and MP, its
    units, its AI deck and Spell deck by count only; a beaten one is marked ``defeated``."""
    return [
        {
            "id": item.id,
            "name": item.name,
            "short": map_text.ai_short(item),
            "faction": item.faction,
            "faction_name": faction_name(item.faction),
            "colour": AI_COLOUR,
            "field": item.field if item.on_map else "",
            "place": place(state, item.field) if item.on_map else "off the map",
            "mp": item.mp,
            "units": [
                {
                    "card": t.card,
                    "name": unit_name(state, t.card),
                    "side": t.side,
                    "side_name": t.side.capitalize(),
                }
                for t in item.units
            ],
            "ai_deck": len(item.ai_deck),
            "spells": len(item.spells),
            "defeated": item.defeated,
        }
        for item in state.ai_heroes
    ]


def _flags(state: Any) -> list[JsonObject]:
    """The faction cubes on mines and settlements (a town's owner is under ``towns``)."""
    found: list[JsonObject] = []
    for key, site in sorted(state.sites.items()):
        if site.owner == NOBODY_SEAT or board.town_at(state, key) is not None:
            continue
        ai = site.owner == AI_SEAT
        faction = "ai" if ai else state.players[site.owner].faction
        found.append(
            {
                "field": key,
                "seat": site.owner,
                "faction": faction,
                "faction_name": "the AI" if ai else faction_name(faction),
                "colour": colour_of(state, site.owner),
            }
        )
    return found


def _guards(state: Any) -> list[JsonObject]:
    """The guards still on the map: field, Field Difficulty and what it draws (§5.23)."""
    found: list[JsonObject] = []
    for placement in state.placements:
        tile = state.game.pack.tiles[placement.tile]
        for position, printed in enumerate(tile.fields):
            key = hex_key(
                geometry.position_hex((placement.q, placement.r), position, placement.rotation)
            )
            level = map_text.guard_level(state, key, printed)
            if level:
                found.append(
                    {"field": key, "difficulty": level, "draws": neutral_draw(state, level)}
                )
    return found


def _visited(state: Any) -> list[str]:
    """The one-time locations used (their black cube, §5.3, §8.22)."""
    found = []
    for key, site in sorted(state.sites.items()):
        printed = board.field_at(state, key) if site.visited else None
        if printed is None:
            continue
        location = state.game.pack.locations.get(printed.location)
        if location is not None and location.category == "one-time":
            found.append(key)
    return found


def _towns(state: Any) -> list[JsonObject]:
    """Each town on the map: field, faction, the seat it started with and who holds it."""
    found: list[JsonObject] = [
        {
            "field": town.field,
            "faction": town.faction,
            "faction_name": faction_name(town.faction),
            "seat": town.seat,
            "owner": town.owner,
            "colour": colour_of(state, town.owner),
        }
        for town in state.towns
    ]
    return found
