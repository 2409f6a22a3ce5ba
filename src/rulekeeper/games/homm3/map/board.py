"""What lies where on the map: tiles, fields, heroes, towns (homm3.md §5.1–§5.5).

Queries every rule module shares. A board field is named ``"q,r"`` (core/graph.py
``hex_key``); the face-up tiles form a core ``TileMap``, which the state builds once per
change of its placements (``MapLike.tilemap``). A field's printed content is the content
pack's ``MapField`` of its tile at its position; what happened there since is its ``Site``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.graph import TileMap, key_hex
from rulekeeper.games.homm3.map.model import NOBODY_SEAT, FaceDown, MapHero, Site, Town

if TYPE_CHECKING:
    from rulekeeper.games.homm3.content.tiles import MapField
    from rulekeeper.games.homm3.map.protocols import MapLike

__all__ = [
    "face_down_tile",
    "field_at",
    "hero",
    "heroes_at",
    "neighbour_fields",
    "put_face_down",
    "site",
    "site_owner",
    "take_face_down",
    "town_at",
]


def field_at(state: MapLike, key: str) -> MapField | None:
    """The printed field on board field *key* (None: no face-up tile covers it)."""
    spot = state.tilemap().at(key_hex(key))
    if spot is None:
        return None
    placement = state.placements[spot.placement]
    tile = state.game.pack.tiles[placement.tile]
    found: MapField = tile.fields[int(spot.field.name)]
    return found


def site(state: MapLike, key: str) -> Site:
    """What happened on *key* (a fresh, unlisted record if nothing has)."""
    return state.sites.get(key) or Site(field=key)


def touch(state: MapLike, key: str) -> Site:
    """The site of *key*, listed in the state so that a change to it is kept."""
    found = state.sites.get(key)
    if found is None:
        found = state.sites[key] = Site(field=key)
    return found


def site_owner(state: MapLike, key: str) -> int:
    """The seat whose cube flags *key* (-1: nobody)."""
    found = state.sites.get(key)
    return NOBODY_SEAT if found is None else found.owner


def hero(state: MapLike, hero_id: str) -> MapHero | None:
    """The hero called *hero_id*, on the map or not (None if there is none)."""
    for item in state.heroes:
        if item.id == hero_id:
            return item
    return None


def heroes_at(state: MapLike, key: str) -> list[MapHero]:
    """The heroes standing on *key*."""
    return [item for item in state.heroes if item.field == key]


def town_at(state: MapLike, key: str) -> Town | None:
    """The town on *key*, if any."""
    for town in state.towns:
        if town.field == key:
            return town
    return None


def neighbour_fields(tilemap: TileMap, key: str) -> tuple[str, ...]:
    """The face-up fields one step from *key* (no printed border between), blocked ones too."""
    return tilemap.graph.neighbours(key)


def face_down_tile(state: MapLike, at: str) -> str:
    """The hidden tile of the face-down slot *at* (KeyError: none there)."""
    index = _down_index(state, at)
    kind = state.face_down[index].kind
    return state.tiles_down[kind][_kind_index(state, index)]


def take_face_down(state: MapLike, at: str) -> str:
    """Turn the face-down slot *at* up: its tile, no longer hidden (the slot is gone)."""
    index = _down_index(state, at)
    kind = state.face_down[index].kind
    tile = state.tiles_down[kind].pop(_kind_index(state, index))
    del state.face_down[index]
    return tile


def put_face_down(state: MapLike, at: str, kind: str, tile: str) -> None:
    """A tile laid face down on slot *at* (setup)."""
    state.face_down.append(FaceDown(at=at, kind=kind))
    state.tiles_down.setdefault(kind, []).append(tile)


def _down_index(state: MapLike, at: str) -> int:
    for index, slot in enumerate(state.face_down):
        if slot.at == at:
            return index
    raise KeyError(f"no face-down tile at {at}")


def _kind_index(state: MapLike, index: int) -> int:
    kind = state.face_down[index].kind
    return sum(1 for slot in state.face_down[:index] if slot.kind == kind)
