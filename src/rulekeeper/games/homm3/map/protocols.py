"""What the map's rule modules read of the state (a Protocol, so that they name it without
importing game.py, which imports them): ``MapState`` in game.py is the one implementation."""

from __future__ import annotations

from typing import Any, Protocol

from rulekeeper.core import EventLog, Pcg32
from rulekeeper.core.flow import Flow
from rulekeeper.core.graph import Placement, TileMap
from rulekeeper.games.homm3.map.model import FaceDown, MapHero, Player, Site, Town

__all__ = ["MapLike"]


class MapLike(Protocol):
    """The map game's state as its rules see it (game.py ``MapState``; contracts in its doc)."""

    round: int
    order: list[int]
    players: list[Player]
    heroes: list[MapHero]
    towns: list[Town]
    placements: list[Placement]
    face_down: list[FaceDown]
    tiles_down: dict[str, list[str]]
    sites: dict[str, Site]
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    flow: Flow
    events: EventLog
    rng: Pcg32

    @property
    def game(self) -> Any: ...

    def tilemap(self) -> TileMap: ...

    def option(self, name: str) -> bool: ...
