"""Fields of Eternia declared to Rulekeeper (core/plugin.py): its epic combat as a game of its
own (``eternia-combat``) and its commands (``rulekeeper eternia content check``). Imports nothing
of the game; everything is named."""

from __future__ import annotations

from rulekeeper.core.plugin import Board, GameInfo, Param, Plugin

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

MAP_GAME = GameInfo(
    name="eternia",
    game=f"{PACKAGE}.map.game:EterniaGame",
    description="Masters of the Universe: Fields of Eternia, the team game on the map of "
    "Eternia: two teams of three heroes, 2 to 6 players; or one team against the game, solo "
    "or 2-3 players in co-op.",
    players=(1, 2, 3, 4, 5, 6),
    screen=f"{PACKAGE}.views.map_terminal:SCREEN",
    board=Board(data=f"{PACKAGE}.views.web_map", script="eternia-map.js"),
    params=(
        Param(
            "mode",
            "str",
            "Standard (the team game to the 4th skull), skirmish (spec §5.18), solo or coop "
            "(one team against the game, spec §5.17); it picks the default scenario: "
            "fractures-in-time, ritual-of-unlimited-power, he-man-impostor.",
            choices=("standard", "skirmish", "solo", "coop"),
        ),
        Param(
            "difficulty",
            "str",
            "Solo and co-op: beginner, novice, advanced or relentless (spec §5.17.2); default: "
            "beginner.",
            choices=("beginner", "novice", "advanced", "relentless"),
        ),
        Param(
            "scenario",
            "file",
            "A scenario file, or a shipped scenario's name (docs/eternia-scenarios.md); default: "
            "the mode's.",
            format="scenario",
            shipped=f"{PACKAGE}.scenario.reading:shipped_scenarios",
            by_name=True,
        ),
        Param(
            "players",
            "int",
            "How many players: 2 to 6 in two teams; solo 1; co-op 2 or 3.",
            minimum=1,
            maximum=6,
        ),
        Param(
            "options",
            "str",
            "Optional rules: first_game, faster, initiative_matters, stronger_together, "
            "dice_of_power, free_heroes (skirmish) (comma separated; docs/eternia.md).",
        ),
        Param("first_team", "int", "The team that starts: 0 or 1 (default: drawn).", maximum=1),
        Param(
            "map",
            "file",
            "A map file or a shipped map's name (docs/eternia-map.md); default: demo.",
            format="map",
            shipped=f"{PACKAGE}.board.map:shipped_maps",
            by_name=True,
        ),
        Param("content", "file", "Your own card values (a content pack folder).", format="content"),
    ),
)

PLUGIN = Plugin(
    name="eternia",
    description="Masters of the Universe: Fields of Eternia (Archon Studio): the team game on "
    "the map and its epic combat.",
    games=(MAP_GAME, COMBAT),
    static=f"{PACKAGE}.views",
    commands=f"{PACKAGE}.cli:app",
)
