"""Visiting fields (homm3.md §5.3–§5.5): what a location does to the hero that enters it.

(First version: the lead's placeholder; the location effects arrive with the visiting rules.)
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.map.model import MapHero

__all__ = ["visit"]


def visit(state: Any, item: MapHero, key: str) -> None:
    """Resolve *key*'s location for *item* (pushes the steps its choices need)."""
    state.events.append("visited", {"hero": item.id, "field": key})
