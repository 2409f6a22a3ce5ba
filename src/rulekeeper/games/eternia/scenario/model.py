"""The ``eternia-scenario`` model (docs/eternia-scenarios.md): a checked scenario file, typed.

A scenario is a mode's setup and rules as data (spec §3.1 step 8, §3.4, §4.1 step 3, §5.16,
§5.18): the standard game's scenario deck, mission tokens, bases, victory cards and skull events;
a skirmish's deployment zones, soldiers, hero locations, mission tokens, rounds and scoring; and
in both, special rules and the victory condition. Skull events, special rules and scoring rules
are *switches*: a kind from a small vocabulary (:data:`EFFECTS`, :data:`RULES`, :data:`SCORING`)
with its parameters; the engine implements each kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DIFFICULTIES",
    "EFFECTS",
    "FACTIONS",
    "MODES",
    "OBJECTIVES",
    "RULES",
    "SCENARIO_DECKS",
    "SCORING",
    "VICTORIES",
    "Scenario",
    "SoloSetup",
    "Switch",
    "Victory",
    "Zone",
]

MODES = ("standard", "skirmish", "solo")
"""A solo scenario is played solo or co-op (spec §1.2: co-op is solo with the heroes shared)."""
DIFFICULTIES = ("beginner", "novice", "advanced", "relentless")
"""The solo mode's difficulty levels (spec §3.2 step 1), easiest first."""
FACTIONS = ("motu", "evil-warriors")
SCENARIO_DECKS = ("fractures-in-time", "evil-seed")
"""The two scenario decks of the box (spec §2.4); a plain standard game names none."""
Params = Mapping[str, str]
"""A switch's parameters: name -> type (``int``, ``area``, ``areas``, ``id``, ``text``); a
name ending in ``?`` is optional."""

EFFECTS: Mapping[str, tuple[Params, str]] = {
    "place-mission-tokens": (
        {"areas": "areas"},
        "a mission token goes in each listed area that has none (spec §5.16)",
    ),
    "shuffle-scenario-deck": (
        {},
        "the scenario discard pile is shuffled back into the scenario deck (spec §3.1 step 8)",
    ),
    "boss-enters": (
        {"boss": "id", "area": "area"},
        "the boss comes into play in area; from then on the boss rule holds (spec §1.3)",
    ),
    "vines": (
        {"count": "int", "areas?": "areas"},
        "count vine tokens (12 in the box, spec §2.5) are placed: one in each listed area, else "
        "each in an area bordering the boss's or a vine's (spec §5.16)",
    ),
    "epic-beast-appears": (
        {"area": "area"},
        "the scenario deck's first epic beast is put in area; a hero there fights it as on a "
        "quest (spec §5.6.4)",
    ),
    "all-teams-gain-eternium": (
        {"amount": "int"},
        "every team gains amount Eternium from the bank (spec §5.14)",
    ),
    "replace-enemy-soldiers": (
        {"areas": "areas"},
        "against the game: each listed outpost the players do not hold gets back the enemy "
        "soldiers of the difficulty's setup (ignored at Beginner, spec §5.17.2)",
    ),
}
"""Skull events (spec §4.1 step 3): what happens in the preparation of a skull round."""

RULES: Mapping[str, tuple[Params, str]] = {
    "vines-drain-eternium": (
        {"amount": "int"},
        "in a day round an outpost with a vine token yields amount Eternium less, never below "
        "0 (the Evil Seed's draining plants)",
    ),
}
"""Special rules: switches that change a rule for the whole game."""

SCORING: Mapping[str, tuple[Params, str]] = {
    "vp-per-enemy-hero-defeated": (
        {},
        "defeating an enemy hero scores its VP as in the standard game (spec §5.13)",
    ),
    "vp-per-epic-beast-defeated": (
        {},
        "defeating an epic beast scores its card's VP (spec §5.6.4)",
    ),
    "vp-per-outpost-held-at-end": (
        {"amount": "int", "areas?": "areas"},
        "at the end, amount VP for each outpost the team controls (of areas, if listed; bases "
        "never count)",
    ),
    "vp-per-artifact-at-end": (
        {"amount": "int"},
        "at the end, amount VP for each artifact the team's heroes hold (spec §5.11.1)",
    ),
    "vp-per-tamed-beast-at-end": (
        {"amount": "int"},
        "at the end, amount VP for each beast or epic beast the team's heroes have tamed",
    ),
    "vp-per-soldier-at-end": (
        {"amount": "int"},
        "at the end, amount VP for each of the team's soldiers on the map",
    ),
}
"""A skirmish's VP sources (spec §5.18.1): only these score; other VP become 2 Eternium each."""

VICTORIES: Mapping[str, tuple[Params, str]] = {
    "most-vp": (
        {},
        "the team with the most VP after the last round wins, with the tie-breaks of spec §1.3",
    ),
    "objective": (
        {},
        "solo and co-op: the team wins by completing the scenario's objective before the round "
        "limit (spec §5.17.5)",
    ),
}
"""Victory conditions."""

OBJECTIVES: Mapping[str, tuple[Params, str]] = {
    "defeat-enemy-heroes": (
        {"heroes": "ids"},
        "each listed enemy hero is defeated in an epic combat (it leaves the map)",
    ),
    "control-outposts": (
        {"areas": "areas"},
        "the team controls every listed outpost at the end of one of its heroes' turns",
    ),
    "complete-missions": (
        {"count": "int"},
        "the team completes count missions of the scenario deck (spec §5.16)",
    ),
}
"""A solo scenario's objectives (spec §5.17.5): completed, the scenario ends in a win."""


@dataclass(frozen=True)
class Switch:
    """A skull event, special rule or scoring rule: its kind and parameters (read as
    attributes: ``rule.amount``; a parameter not given reads as None)."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return self.params.get(name)


@dataclass(frozen=True)
class Zone:
    """A skirmish deployment zone (spec §3.4 item 4): its areas, on one side of the map."""

    id: str
    name: str
    areas: tuple[str, ...]
    side: str = "none"


@dataclass(frozen=True)
class SoloSetup:
    """A solo scenario's setup at one difficulty (spec §3.2 step 2): the enemy soldiers in each
    outpost and the mission tokens."""

    enemy_soldiers: Mapping[str, int] = field(default_factory=dict)
    mission_tokens: tuple[str, ...] = ()


@dataclass(frozen=True)
class Victory:
    """How the game is won; ``boss_loses``: a boss in play at the end makes every team lose
    (spec §1.3)."""

    kind: str = "most-vp"
    boss_loses: bool = True


@dataclass(frozen=True)
class Scenario:
    """A checked ``eternia-scenario``; fields of the other mode keep their defaults."""

    id: str
    name: str
    mode: str
    source: str = ""
    map: str = "demo"
    provisional: tuple[str, ...] = ()
    epic_beasts: tuple[str, ...] = ()
    special_rules: tuple[Switch, ...] = ()
    victory: Victory = Victory()
    skull_events: Mapping[int, tuple[Switch, ...]] = field(default_factory=dict)
    bases: Mapping[str, str] = field(
        default_factory=lambda: {"motu": "castle-grayskull", "evil-warriors": "temple-of-serpos"}
    )
    scenario_deck: str | None = None
    mission_tokens: tuple[str, ...] = ()
    victory_cards: bool = True
    deployment_zones: tuple[Zone, ...] = ()
    soldiers: int = 0
    hero_locations: str | tuple[str, ...] = "zone"
    mission_tokens_per_team: int = 5
    rounds: int | None = None
    scoring: tuple[Switch, ...] = ()
    player_faction: str = "motu"
    """Solo: the players' team's faction; the enemy team is the other."""
    enemy_heroes: Mapping[str, str] = field(default_factory=dict)
    """Solo: each enemy hero's area (spec §7.14: the enemy stays where the scenario puts it)."""
    start: str | tuple[str, ...] = ""
    """Solo: where the players' heroes start: an area ("" their base), or the areas of a
    deployment zone where the team places them at setup."""
    setups: Mapping[str, SoloSetup] = field(default_factory=dict)
    """Solo: the setup of each difficulty (spec §3.2 step 2)."""
    objective: Switch | None = None

    def rule(self, kind: str) -> Switch | None:
        """The special rule *kind*, if the scenario has it."""
        return next((r for r in self.special_rules if r.kind == kind), None)

    def skull(self, number: int) -> tuple[Switch, ...]:
        """The effects of skull event *number* (none: nothing happens)."""
        return tuple(self.skull_events.get(number, ()))
