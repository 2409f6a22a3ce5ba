"""The Battleground position format, version 1: its name, versions, fields and the step
vocabulary (docs/positions.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from rulekeeper.core import Bounds

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

    StateT = TypeVar("StateT", bound=BattleState)


FORMAT = "battleground-position"
VERSION = 1
VERSIONS = (1,)
PHASES = ("setup", "preparation", "activation", "over")
"""The phases a position can be in (``phase``): before the first round (roll-off, choosing
the first player, deployment), preparing a round, activations (card selection included), or
the game over."""
TOP_FIELDS = (
    "format",
    "version",
    "map",
    "content",
    "rounds",
    "round",
    "phase",
    "first_player",
    "winner",
    "result",
    "objectives",
    "characters",
    "players",
    "turns",
    "marks",
    "procedure",
)
GAME_FIELDS = ("map", "content", "rounds")
"""Fields of a position that are parameters of the game (the others describe the state)."""

CHARACTER_FIELDS: dict[str, str] = {
    "weapons": "weapons",
    "items": "items",
    "wounds": "wounds",
    "mana": "mana",
    "focused": "focused",
    "overwatch": "overwatch",
    "played": "cards",
    "activated": "activated",
    "knocked_out": "knocked_out",
    "used_items": "used_items",
    "used_once": "used_once",
}
"""A character's plain fields: position name to the name in the state (model.Fighter); ``at``,
``facing``, ``buff`` and ``debuff`` are read on their own."""
CHARACTER_SPECIAL = ("at", "facing", "buff", "debuff")

PLAYER_FIELDS: dict[str, str] = {
    "hand": "hand",
    "glory": "glory",
    "glory_played": "glory_used",
    "missions_done": "glory_done",
    "selected": "selected",
    "passed": "passed",
    "vp": "vp",
    "objectives": "objectives",
    "enemies_knocked_out": "knocked_out_enemies",
    "activations": "activations",
    "last_activated": "last_activated",
    "last_of_previous_round": "previous_last",
}
"""A player's plain fields: position name to the name in the state (model.Side); the piles
(``draw``, ``draw_ordered``, ``discard``) and ``to_deploy`` are read on their own."""
PLAYER_SPECIAL = ("draw", "draw_ordered", "discard", "to_deploy")
NULLABLE_TEXT = frozenset({"selected", "last_activated", "last_of_previous_round"})
"""Texts of a player written as null when empty."""

STEP_VOCABULARY: dict[str, tuple[str, ...]] = {
    "roll-off": ("rolls",),
    "choose-first": ("player",),
    "deploy": ("player",),
    "round": (),
    "select": ("players", "chosen"),
    "activate": ("player", "card"),
    "prepare": ("player",),
    "discard": ("seat", "options", "picked", "least", "most"),
    "clean-up": (),
    "bonus": ("player", "card", "start"),
    "act": ("player",),
    "end-turn": ("fired",),
    "draw-offer": ("player", "by"),
    "before-interruption": ("player", "character"),
    "continue-move": ("player", "character", "to", "focus", "started", "steps", "pushes", "origin"),
    "push": ("player", "character", "options"),
    "face": ("player", "character", "options"),
    "after-move": ("mover",),
    "overwatch-order": ("player", "mover", "characters"),
    "opportunity": ("player", "mover", "characters"),
    "attack": (
        "attacker",
        "weapon",
        "type",
        "target",
        "initial",
        "origin",
        "done",
        "stage",
        "focus",
        "interruption",
        "attack_successes",
        "defence_successes",
        "hits",
        "net",
    ),
    "test": ("test", "role"),
    "reroll": ("seat", "options", "picked", "least", "most"),
    "area-target": ("player", "characters"),
    "ability-target": ("player", "character", "source", "ability", "characters"),
    "effect-move": ("player", "character", "style", "points", "toward"),
    "place-mark": ("player", "character", "mark", "options"),
    "push-line": ("player", "character", "effect", "options"),
    "order-effects": ("player", "character", "trigger", "remaining"),
    "skill-test": (
        "character",
        "target",
        "effect",
        "stage",
        "owner_successes",
        "defence_successes",
    ),
    "switch": ("first", "second"),
}
"""Version 1's step vocabulary: every step kind and its fields, bottom of the procedure first in
a position. Part of the versioned format: a change to a step's kind or fields is a new version
(tests/games/battleground/test_positions.py compares this with the game's steps)."""

MISSING: Any = object()
MAX_ROUNDS = 10
"""The most rounds a game has (as game.py's parameters allow)."""
Round = Annotated[int, Bounds(1, MAX_ROUNDS)]
"""A round number (the game's ``rounds`` bounds it further)."""


def json_kind(value: object) -> str:
    """The JSON kind of *value*, for problems."""
    return "null" if value is None else type(value).__name__
