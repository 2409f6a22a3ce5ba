"""The toy showdown (one attack roll with responses), as the core's tests import it: the toy
plug-in's module (tests/plugins/toy), with its game ``toy_showdown`` registered by name (the
plug-in declares the duel only)."""

from __future__ import annotations

import toy_game  # noqa: F401  (says plainly when the plug-in is not installed)
from rulekeeper_toy.showdown import *  # noqa: F403  (the same names, one copy)
from rulekeeper_toy.showdown import ShowdownGame

from rulekeeper.core import register_game

register_game(ShowdownGame)
