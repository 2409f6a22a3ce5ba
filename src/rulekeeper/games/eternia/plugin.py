"""Fields of Eternia declared to Rulekeeper (core/plugin.py): so far only its commands
(``rulekeeper eternia content check``); it declares no playable game yet (issue 27 §2 adds
``eternia-combat``). Imports nothing of the game; everything is named."""

from __future__ import annotations

from rulekeeper.core.plugin import Plugin

PACKAGE = "rulekeeper.games.eternia"

PLUGIN = Plugin(
    name="eternia",
    description="Masters of the Universe: Fields of Eternia (Archon Studio): its content so far.",
    games=(),
    commands=f"{PACKAGE}.cli:app",
)
