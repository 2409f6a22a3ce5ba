"""A solo scenario's own fields in an ``eternia-scenario`` file (docs/eternia-scenarios.md,
"Solo and co-op"; spec §3.2, §5.17, §7.14): the players' faction, the enemy heroes and where they
stand, where the players' heroes start, the setup of each difficulty (enemy soldiers, mission
tokens), the round limit and the objective."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.games.eternia.board.map import EterniaMap
from rulekeeper.games.eternia.scenario.checks import (
    Problem,
    check_area,
    check_areas,
    check_switch,
    is_int,
)
from rulekeeper.games.eternia.scenario.model import (
    DIFFICULTIES,
    FACTIONS,
    OBJECTIVES,
    SCENARIO_DECKS,
    SoloSetup,
)

__all__ = ["FIELDS", "REQUIRED", "solo_fields"]

FIELDS = (
    "scenario_deck",
    "player_faction",
    "enemy_heroes",
    "start",
    "setups",
    "rounds",
    "objective",
)
"""The fields only a solo scenario has."""
REQUIRED = ("enemy_heroes", "setups", "rounds", "objective")
SOLDIER_SUPPLY = 15
OUTPOST_SOLDIERS = 3
ENEMY_HEROES = 3
"""At most a team's three heroes (spec §1.2)."""


def _enemy(raw: Any, board: EterniaMap | None, out: list[Problem]) -> dict[str, str]:
    """Enemy hero id -> the area it stands in."""
    if not isinstance(raw, Mapping) or not raw:
        out.append(("enemy_heroes", "a mapping of enemy hero id to its area"))
        return {}
    if len(raw) > ENEMY_HEROES:
        out.append(("enemy_heroes", f"at most {ENEMY_HEROES} enemy heroes (spec §1.2)"))
    for hero, area in raw.items():
        check_area(area, board, f"enemy_heroes.{hero}", out)
    return {str(hero): str(area) for hero, area in raw.items()}


def _setup(raw: Any, board: EterniaMap | None, where: str, out: list[Problem]) -> SoloSetup:
    """One difficulty's setup: ``enemy_soldiers`` (outpost -> 1-3) and ``mission_tokens``."""
    if not isinstance(raw, Mapping):
        out.append((where, "a mapping: {enemy_soldiers, mission_tokens}"))
        return SoloSetup()
    for key in raw:
        if key not in ("enemy_soldiers", "mission_tokens"):
            out.append((f"{where}.{key}", "unknown field (known: enemy_soldiers, mission_tokens)"))
    soldiers = raw.get("enemy_soldiers", {})
    if not isinstance(soldiers, Mapping):
        out.append((f"{where}.enemy_soldiers", "a mapping of outpost to soldiers"))
        soldiers = {}
    for area, count in soldiers.items():
        place = f"{where}.enemy_soldiers.{area}"
        check_area(area, board, place, out)
        if board is not None and area in board.areas and board.kind(area) != "outpost":
            out.append((place, f"{area} is no outpost: soldiers stand in outposts (spec §5.3)"))
        if not is_int(count, 1) or count > OUTPOST_SOLDIERS:
            out.append((place, f"1 to {OUTPOST_SOLDIERS} soldiers an outpost (spec §5.3)"))
    total = sum(c for c in soldiers.values() if is_int(c))
    if total > SOLDIER_SUPPLY:
        out.append((f"{where}.enemy_soldiers", f"{total} soldiers; a faction has {SOLDIER_SUPPLY}"))
    tokens: tuple[str, ...] = ()
    if raw.get("mission_tokens") is not None:
        tokens = tuple(check_areas(raw["mission_tokens"], board, f"{where}.mission_tokens", out))
    return SoloSetup(
        enemy_soldiers={str(a): int(c) for a, c in soldiers.items() if is_int(c)},
        mission_tokens=tokens,
    )


def _setups(raw: Any, board: EterniaMap | None, out: list[Problem]) -> dict[str, SoloSetup]:
    """The setup of every difficulty (spec §3.2 step 2)."""
    if not isinstance(raw, Mapping):
        out.append(("setups", f"a mapping of each difficulty ({', '.join(DIFFICULTIES)})"))
        return {}
    found: dict[str, SoloSetup] = {}
    for level in DIFFICULTIES:
        if level not in raw:
            out.append((f"setups.{level}", "the scenario's setup at this difficulty is missing"))
    for level, setup in raw.items():
        if level not in DIFFICULTIES:
            out.append((f"setups.{level}", f"one of {', '.join(DIFFICULTIES)}"))
            continue
        found[str(level)] = _setup(setup, board, f"setups.{level}", out)
    return found


def solo_fields(
    doc: Mapping[str, Any], board: EterniaMap | None, out: list[Problem]
) -> dict[str, Any]:
    """A solo scenario's own fields, checked (spec §3.2, §5.17.5)."""
    deck = doc.get("scenario_deck", "fractures-in-time")  # spec §3.2 step 5
    if deck not in SCENARIO_DECKS:
        out.append(("scenario_deck", f"one of {', '.join(SCENARIO_DECKS)}"))
    faction = doc.get("player_faction", "motu")
    if faction not in FACTIONS:
        out.append(("player_faction", f"one of {', '.join(FACTIONS)}"))
    enemies = _enemy(doc.get("enemy_heroes"), board, out) if "enemy_heroes" in doc else {}
    start = doc.get("start", "")
    if isinstance(start, list):
        start = tuple(check_areas(start, board, "start", out))
    elif start:
        check_area(start, board, "start", out)
    rounds = doc.get("rounds")
    if "rounds" in doc and not is_int(rounds, 1):
        out.append(("rounds", "the round limit: 1 or more (spec §5.17.5)"))
    objective = None
    if "objective" in doc:
        objective = check_switch(doc["objective"], OBJECTIVES, board, "objective", out)
    if objective is not None and objective.kind == "defeat-enemy-heroes":
        for index, hero in enumerate(objective.heroes):
            if hero not in enemies:
                out.append(
                    (f"objective.heroes[{index}]", f"{hero} is no enemy hero of enemy_heroes")
                )
    victory = doc.get("victory")
    if isinstance(victory, Mapping) and victory.get("kind", "most-vp") != "objective":
        out.append(("victory.kind", "a solo scenario is won by its objective (spec §5.17.5)"))
    return {
        "scenario_deck": deck if deck in SCENARIO_DECKS else None,
        "player_faction": str(faction),
        "enemy_heroes": enemies,
        "start": start if isinstance(start, tuple) else str(start or ""),
        "setups": _setups(doc.get("setups"), board, out) if "setups" in doc else {},
        "rounds": rounds if is_int(rounds, 1) else None,
        "objective": objective,
    }
