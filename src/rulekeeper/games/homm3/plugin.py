"""Heroes of Might and Magic III: The Board Game declared to Rulekeeper (core/plugin.py): its
combat as a game of its own, with its parameters, views, odds and commands. Imports nothing of
the game; everything is named."""

from __future__ import annotations

from rulekeeper.core.plugin import Board, Campaigns, GameInfo, Param, Plugin

PACKAGE = "rulekeeper.games.homm3"

COMBAT = GameInfo(
    name="homm3-combat",
    game=f"{PACKAGE}.game:Homm3CombatGame",
    description="Heroes of Might and Magic III: The Board Game, one battle on the combat board.",
    players=(1, 2),
    params=(
        Param(
            "battle",
            "file",
            "A battle file, or a shipped battle's name (docs/homm3-battle.md); default: the "
            "hero battle.",
            format="battle",
            shipped=f"{PACKAGE}.game:shipped_battle_files",
            excludes=("position",),
        ),
        Param("content", "file", "Your own card values (a content pack folder).", format="content"),
        Param(
            "position",
            "file",
            "The same as battle: a battle file is the game's position.",
            format="position",
            excludes=("battle",),
        ),
    ),
    screen=f"{PACKAGE}.views.terminal:SCREEN",
    board=Board(data=f"{PACKAGE}.views.web", script="homm3.js"),
    odds=f"{PACKAGE}.cli:odds",
    glossary=f"{PACKAGE}.glossary:GLOSSARY",
)

MAP = GameInfo(
    name="homm3",
    game=f"{PACKAGE}.map.game:Homm3Game",
    description="Heroes of Might and Magic III: The Board Game on the map: a Clash game for 2 or "
    "3 players, a solo game against the AI heroes or a co-op game for 2 or 3, every fight "
    "played on the combat board.",
    players=(1, 2, 3),
    params=(
        Param(
            "mode",
            "str",
            "Clash, solo (against the AI heroes) or coop (a team against them); it picks the "
            "default scenario: clash-2, solo-1, coop-2.",
            choices=("clash", "solo", "coop"),
        ),
        Param(
            "scenario",
            "file",
            "A scenario file, or a shipped scenario's name (docs/homm3-scenarios.md); default: "
            "clash-2.",
            format="scenario",
            shipped=f"{PACKAGE}.map.params:shipped_scenario_files",
            by_name=True,
        ),
        Param("players", "int", "How many players: 1 (solo), 2 or 3.", minimum=1, maximum=3),
        Param(
            "difficulty",
            "str",
            "Easy, normal, hard or impossible (default: the scenario's).",
            choices=("easy", "normal", "hard", "impossible"),
        ),
        Param("factions", "str", "One faction a seat, in seat order: castle,dungeon,necropolis."),
        Param("heroes", "str", "One Main Hero a seat, in seat order (hero ids of heroes.yaml)."),
        Param("options", "str", "Optional rules: name=value,... (docs/homm3.md)."),
        Param("content", "file", "Your own card values (a content pack folder).", format="content"),
        Param(
            "position",
            "file",
            "Play on from a position (docs/homm3-positions.md), which says the scenario, "
            "players, factions, heroes, difficulty and options.",
            format="position",
            excludes=("mode", "scenario", "players", "difficulty", "factions", "heroes", "options"),
        ),
    ),
    screen=f"{PACKAGE}.views.map_terminal:SCREEN",
    board=Board(data=f"{PACKAGE}.views.web_map", script="homm3-map.js"),
    campaigns=Campaigns(
        open=f"{PACKAGE}.campaign.chain:open_campaign",
        shipped=f"{PACKAGE}.campaign.reading:shipped_campaigns",
    ),
)

PLUGIN = Plugin(
    name="homm3",
    description="Heroes of Might and Magic III: The Board Game (Archon Studio).",
    games=(COMBAT, MAP),
    commands=f"{PACKAGE}.cli:app",
    static=f"{PACKAGE}.views",
)
