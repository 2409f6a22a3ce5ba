"""Who is on whose side (homm3.md §1.2; docs/homm3.md "Solo and co-op").

In Clash every player is alone. In solo and co-op the players are one team against the AI
heroes: a teammate's hero is never fought, a teammate's town or settlement is never besieged,
and a mine or settlement a teammate flagged counts as the team's (a visit does not take it
over; our reading, docs/homm3.md).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.scenario.fields import TEAM_MODES

__all__ = ["allied", "team_mode"]


def team_mode(state: Any) -> bool:
    """Whether the players are one team against the AI heroes (solo, co-op)."""
    return state.game.scenario.mode in TEAM_MODES


def allied(state: Any, seat: int, other: int) -> bool:
    """Whether seats *seat* and *other* are on one side (the same seat, or teammates)."""
    return seat == other or (seat >= 0 and other >= 0 and team_mode(state))
