"""The card of an epic combat's beast side: an epic beast, or a boss (spec §5.6.4, §1.3)."""

from __future__ import annotations

from typing import Any

__all__ = ["beast_card"]


def beast_card(pack: Any, name: str) -> Any:
    """The epic beast or boss *name* of *pack* (KeyError: neither)."""
    found = pack.epic_beasts.get(name)
    return found if found is not None else pack.bosses[name]
