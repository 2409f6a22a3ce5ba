"""Helpers shared by the HoMM3 combat tests."""

from __future__ import annotations

from rulekeeper.games.homm3.battle.generate import random_battle

__all__ = ["random_battle"]
