"""Fields of Eternia declared to Rulekeeper (core/plugin.py): its epic combat as a game of its
own (``eternia-combat``) and its commands (``rulekeeper eternia content check``). Imports nothing
of the game; everything is named."""

from __future__ import annotations

from rulekeeper.core.plugin import GameInfo, Param, Plugin

PACKAGE = "rulekeeper.games.eternia"

COMBAT = GameInfo(
    name="eternia-combat",
    game=f"{PACKAGE}.game:EterniaCombatGame",
    description="Masters of the Universe: Fields of Eternia, one epic combat: hero against hero "
    "or against an epic beast.",
    players=(1, 2),
    screen=f"{PACKAGE}.views.terminal:SCREEN",
    params=(
        Param(
            "combat",
            "file",
            "A combat file, or a shipped combat's name (docs/eternia-combat.md); default: the "
            "rulebook's Teela against Evil-Lyn.",
            format="position",
            shipped=f"{PACKAGE}.game:shipped_combat_files",
            excludes=("position",),
        ),
        Param("content", "file", "Your own card values (a content pack folder).", format="content"),
        Param(
            "position",
            "file",
            "The same as combat: a combat file is the game's position.",
            format="position",
            excludes=("combat",),
        ),
    ),
)

PLUGIN = Plugin(
    name="eternia",
    description="Masters of the Universe: Fields of Eternia (Archon Studio): its epic combat.",
    games=(COMBAT,),
    commands=f"{PACKAGE}.cli:app",
)
