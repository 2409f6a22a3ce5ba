"""The fields of a scenario file, version 1 (docs/homm3-scenarios.md): names and vocabularies
(tiles, factions, buildings and optional rules are the content pack's)."""

from __future__ import annotations

from collections.abc import Mapping

FORMAT = "homm3-scenario"
VERSIONS = (1,)
TOP_FIELDS = (
    "format",
    "version",
    "id",
    "name",
    "mode",
    "rounds",
    "round_track",
    "difficulty",
    "options",
    "variants",
    "start",
    "victory",
    "at_limit",
    "victory_timing",
    "elimination_rounds",
    "defeat",
    "capture_income",
    "locations",
    "events",
    "rules",
    "ai_heroes",
    "source",
    "provisional",
)
VARIANT_FIELDS = ("players", "rounds", "tiles", "seats", "far_pool", "pools")
SLOT_FIELDS = ("at", "tile", "rotation", "face", "pool")
SEAT_FIELDS = (
    "start",
    "faction",
    "rotation",
    "resources",
    "income",
    "buildings",
    "army",
    "cards",
)
START_FIELDS = (
    "resources",
    "income",
    "buildings",
    "built_bonus",
    "army",
    "cards",
    "secondary_hero",
)
RESOURCES = ("gold", "materials", "valuables")
"""The three resources (homm3.md §5.13.1), in the order they are written."""
MODES = ("clash", "solo", "coop", "alliance")
"""Game modes (homm3.md §1.2); the map game plays Clash, solo and co-op (issues 24, 26)."""
TEAM_MODES = ("solo", "coop")
"""Modes where the players are one team against the AI heroes (homm3.md §1.2, §5.24)."""
AI_HERO_FIELDS = (
    "id",
    "name",
    "faction",
    "start",
    "army",
    "difficulty",
    "deck",
    "spells",
    "skill",
)
AI_CARD_TYPES = ("might", "magic", "skill")
"""The AI deck's card types; a scenario counts the cards of each (homm3.md §5.24)."""
PLAYER_COUNTS = (1, 2, 3, 4)
DIFFICULTIES = ("easy", "normal", "hard", "impossible")
"""Difficulty levels (homm3.md §5.23)."""
ANY_FACTION = "any"
"""A seat whose faction its player chooses at setup (homm3.md §3 step 2)."""
FACES = ("down", "up")
POOL_KINDS = ("far", "near", "center")
"""The tile kinds a slot may draw from by default (homm3.md §5.1); Starting tiles go to the
seats' starting slots, never into a pool."""
ROTATIONS = 6
VICTORY_KINDS: Mapping[str, tuple[str, ...]] = {
    "capture-all": ("what",),
    "cubes": ("count", "each"),
    "last-standing": (),
    "hold": ("location", "count", "rounds"),
    "grail": (),
    "defeat-ai-heroes": (),
}
"""Victory conditions and their fields: capture every enemy town and settlement (homm3.md §1.4;
``what: towns`` for towns only), collect faction cubes (``count`` in all, or ``each``: that many
from every enemy, §5.22), be the last player standing, hold ``count`` locations of a kind for
``rounds`` whole rounds, hold the Grail token, defeat every AI hero (solo and co-op).
In solo and co-op the players win together: one of them meeting a condition wins for all."""
CAPTURE_TARGETS = ("towns-and-settlements", "towns")
DEFEAT_KINDS = ("lose-start-town", "lose-main-hero")
"""Defeat conditions a scenario may add to elimination (homm3.md §1.4): a player loses when
its starting town is captured, or when its Main Hero is defeated; in solo and co-op the whole
team loses with it (map/victory.py)."""
AT_LIMIT = ("draw", "score", "defeat")
"""What the round limit gives: a draw, a winner by score (towns and settlements, then
faction cubes, then income; docs/homm3-scenarios.md), or, in solo and co-op, the players'
defeat."""
VICTORY_TIMING = ("end-of-round", "immediate")
EFFECT_KINDS: Mapping[str, tuple[str, ...]] = {
    "gain": RESOURCES,
    "lose": RESOURCES,
    "income": RESOURCES,
    "movement": ("amount",),
    "morale": ("value",),
    "search": ("deck", "amount", "times"),
    "experience": ("amount",),
    "resource-dice": ("amount",),
    "treasure-dice": ("amount",),
    "remove-card": (),
    "astrologers": (),
    "note": ("text",),
}
"""Effects of timed events and scenario locations, each with its fields: gain or lose
resources, change income for good, movement points this turn, a morale step, Search (X) a deck,
experience (Exp icons, ½ Level each), roll dice and resolve one, Remove a card from hand, draw
an Astrologers Proclaim card, and a ``note`` shown to the players (no rule)."""
MORALE = ("positive", "negative")
DECKS = ("artifact", "spell", "ability")
TRIGGER_KINDS = ("round", "rounds", "every", "level", "visited", "defeated")
"""When an event fires: at the start of a round, of each listed round, of every N-th round from
a round on, when a player's Main Hero reaches a Level (homm3.md §4.1, Timed Events); the first
time a player's hero enters a field (``visited: "q,r"``), or when an AI hero is beaten
(``defeated: ID``; solo and co-op). The last two fire once a game."""
EVENT_FIELDS = ("when", "who", "choose", "effects")
WHO = ("all", "first", "second", "third", "last", "actor")
"""Whom an event touches: every player, one by its place in the turn order, or (``actor``, a
``visited`` or ``defeated`` event) the player whose hero entered the field or won the fight."""
SCENARIO_RULES: Mapping[str, bool] = {
    "ai-flags": True,
    "ai-visits": True,
    "ai-moves-first": False,
}
"""The scenario's rules as named switches, with their defaults (homm3.md §5.24: "AI behaviour
may differ per scenario"): AI heroes flag the mines and settlements they enter (and go for
them, §5.24.2 step 2), mark the one-time locations they pass, and move after the players each
round (``ai-moves-first``: before them)."""
SCENARIO_LOCATIONS = ("obelisk", "dragon-utopia", "grail")
"""Locations whose effect the scenario defines (homm3.md §5.4)."""
LOCATION_FIELDS = ("choose", "effects")
MAX_LIST = 60
"""The most entries any list of a scenario may hold."""
MAX_AMOUNT = 999
MAX_ROUNDS = 99
