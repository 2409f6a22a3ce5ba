"""Battleground in the terminal (core/plugin.py ``Screen``): the screen, the log, previews of
moves and attacks, and the ``los`` command at the prompt."""

from __future__ import annotations

from rulekeeper.core.plugin import Screen
from rulekeeper.games.battleground.views import log, preview, screen, sight

SCREEN = Screen(
    screen.render,
    log.news,
    preview.preview,
    details=frozenset({"bonus", "reroll", "done", "interrupt"}),
    command=sight.command,
    help=f"  {sight.USAGE}",
)
