"""Morale on the map (homm3.md §5.17, §8.23, §8.55).

A player holds at most one morale token: Positive (+1) or Negative (-1). Gaining morale with
a Negative token discards it; otherwise it gives the Positive token (nothing more if held,
§8.55). Losing morale discards the Positive token; otherwise it gives the Negative token; a
second Negative instead discards the whole hand at the end of the turn. Necropolis ignores
every morale effect (§1.3).
"""

from __future__ import annotations

from typing import Any

__all__ = ["gain", "lose"]

RULE_MORALE = "homm3.md §5.17 morale (rulebook p. 10, back cover)"


def gain(state: Any, seat: int) -> None:
    """*seat* gains morale (§5.17)."""
    player = state.players[seat]
    if player.faction == "necropolis":
        return
    player.morale = min(1, player.morale + 1)
    state.events.append("morale", {"seat": seat, "morale": player.morale})


def lose(state: Any, seat: int) -> None:
    """*seat* loses morale (§5.17): a second Negative discards the hand at the turn's end."""
    player = state.players[seat]
    if player.faction == "necropolis":
        return
    if player.morale < 0:
        player.discard_hand = True
    player.morale = max(-1, player.morale - 1)
    state.events.append("morale", {"seat": seat, "morale": player.morale})
