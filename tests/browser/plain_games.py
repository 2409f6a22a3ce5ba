"""A game drawn by the generic view on purpose: HoMM3 combat declared again without its board
(``homm3-plain``), so the generic view's tests play a real game with odds, hidden hands and
folded groups of choices whatever boards the shipped games bring. Declared to the registry of
this process only (``add_plugin``: the live server runs in it), for hotseat games (a bot's
worker process would not know it)."""

from __future__ import annotations

from rulekeeper.core.plugin import GameInfo, Plugin
from rulekeeper.core.registry import default_registry, game_info
from rulekeeper.games.homm3.game import Homm3CombatGame

NAME = "homm3-plain"


class PlainHomm3(Homm3CombatGame):
    """HoMM3 combat under another name, for the generic view."""

    name = NAME


def declare() -> str:
    """Declares ``homm3-plain`` (once a process) and answers its name."""
    if NAME not in default_registry.known_names():
        combat = game_info("homm3-combat")
        info = GameInfo(
            name=NAME,
            game=f"{__name__}:PlainHomm3",
            description="HoMM3 combat without its board (the generic view's tests).",
            players=combat.players,
            params=combat.params,
            screen=combat.screen,
        )
        default_registry.add_plugin(Plugin(name="plain-games", games=(info,)))
    return NAME
