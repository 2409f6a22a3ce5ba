"""What the sight and cover rules read of a battlefield (a Protocol, so that los.py and cover.py
need not import battlefield.py, which builds their tables; issue 21 §2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from rulekeeper.core.hexes import Hex
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.segments import SegmentTables


class Terrain(Protocol):
    """A battlefield's terrain as the line-of-sight and cover rules see it."""

    @property
    def name(self) -> str:
        """The map's name."""

    @property
    def positions(self) -> frozenset[Position]:
        """Every position of the battlefield."""

    @property
    def segments(self) -> SegmentTables:
        """The battlefield's corner-segment tables."""

    @property
    def obstacle_height(self) -> Mapping[Hex, str]:
        """Each obstacle hex with its height (low or high)."""

    @property
    def high_obstacles(self) -> frozenset[Hex]:
        """The hexes holding a high obstacle."""

    @property
    def platforms(self) -> Mapping[str, frozenset[Hex]]:
        """Each platform's hexes by its id."""

    @property
    def platform_of(self) -> Mapping[Hex, str]:
        """The platform id of each platform hex."""
