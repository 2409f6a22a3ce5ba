"""Town actions (homm3.md §5.14.2): building, recruiting and reinforcing, the Secondary Hero,
buying spells; in one's own turn or, at the window points, in another player's.

(First version: the lead's placeholder; the town rules arrive with their module.)
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.map.actions import Rule

__all__ = ["RULES", "open_window"]

RULES: tuple[Rule, ...] = ()


def open_window(state: Any, active: int, point: str) -> None:
    """Let the players other than *active* take Town actions at *point* (§8.13)."""
