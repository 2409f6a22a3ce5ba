"""Battleground declared to Rulekeeper (core/plugin.py): its two games, their parameters, views,
odds, bots, queries and commands. Imports nothing of the game; everything is named."""

from __future__ import annotations

from rulekeeper.core.plugin import Board, GameInfo, Param, Plugin

PACKAGE = "rulekeeper.games.battleground"
MAX_ROUNDS = 10
"""The most rounds a game may be set to (game.py checks it again)."""

MAP = Param(
    "map",
    "file",
    "A shipped map's name or a map file (docs/maps.md).",
    default="first-game",
    format="map",
    shipped=f"{PACKAGE}.board.battlefield:shipped_map_files",
    by_name=True,
)
ROUNDS = Param(
    "rounds", "int", "Rounds to play (the rulebook: 4).", default=4, minimum=1, maximum=MAX_ROUNDS
)
BOARD = Board(data=f"{PACKAGE}.views.web", script="battleground.js")
SCREEN = f"{PACKAGE}.views.terminal:SCREEN"
BOTS = {"legacy": f"{PACKAGE}.agents:SkirmishBot"}
QUERIES = {
    "sight": f"{PACKAGE}.views.web:sight_query",
    "reroll": f"{PACKAGE}.views.reroll:reroll_query",
}
GLOSSARY = f"{PACKAGE}.views.glossary:GLOSSARY"

BATTLEGROUND = GameInfo(
    name="battleground",
    game=f"{PACKAGE}.game:BattlegroundGame",
    description="Masters of the Universe: Battleground, the complete two-player skirmish.",
    players=(2,),
    params=(
        MAP,
        ROUNDS,
        Param(
            "setup",
            "str",
            "first-game (the rulebook's first game) or standard (with forces).",
            default="first-game",
            choices=("first-game", "standard"),
        ),
        Param("forces", "file", "The Standard Setup's forces file.", format="forces"),
        Param("points_limit", "int", "Standard Setup: the most a force may cost.", minimum=1),
        Param(
            "deployment",
            "str",
            "Who places the characters: the map, the players in zones, or the players.",
            choices=("map", "zones", "players"),
        ),
        Param("content", "file", "Your own card values (a content pack folder).", format="content"),
        Param(
            "position",
            "file",
            "Play on from a position (docs/positions.md), which says its map and rounds.",
            format="position",
            excludes=("map", "rounds", "setup"),
        ),
    ),
    screen=SCREEN,
    board=BOARD,
    odds=f"{PACKAGE}.cli.odds:odds",
    bots=BOTS,
    queries=QUERIES,
    glossary=GLOSSARY,
)

MOVEMENT = GameInfo(
    name="battleground-movement",
    game=f"{PACKAGE}.variants:MovementGame",
    description="Battleground's movement alone: learn to move, test bots (the demo's game).",
    players=(2,),
    params=(
        MAP,
        ROUNDS,
        Param("ap", "int", "Action points per activation.", default=3, minimum=1, maximum=99),
    ),
    screen=SCREEN,
    board=BOARD,
    bots=BOTS,
    queries=QUERIES,
    glossary=GLOSSARY,
)

PLUGIN = Plugin(
    name="battleground",
    description="Masters of the Universe: Battleground (Archon Studio).",
    games=(BATTLEGROUND, MOVEMENT),
    commands=f"{PACKAGE}.cli:app",
    demo=f"{PACKAGE}.cli.demo:demo",
    static=f"{PACKAGE}.views",
)
