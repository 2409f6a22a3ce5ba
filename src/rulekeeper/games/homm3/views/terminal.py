"""HoMM3 combat in the terminal (core/plugin.py ``Screen``): the battle as text, the log, and
the odds of an attack before it is confirmed."""

from __future__ import annotations

from rulekeeper.core.plugin import Screen
from rulekeeper.games.homm3.views.log import news
from rulekeeper.games.homm3.views.odds import preview
from rulekeeper.games.homm3.views.text import render

SCREEN = Screen(render, news, preview)
