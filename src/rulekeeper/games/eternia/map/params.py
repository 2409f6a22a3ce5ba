"""The map game's parameters (docs/eternia.md, "The map game"): checked, with their defaults.

``players`` (2-6 seats), ``teams`` (each seat's team, 0 or 1: by default the seats alternate,
as they sit round the table), ``factions`` (each team's: MOTU and the Evil Warriors),
``heroes`` (each team's three, by default its faction's first three), ``controllers`` (hero ->
seat, within its team: by default the team's heroes dealt round its seats), ``mounted`` (hero
-> the beast its mounted miniature rides, at most one a team), ``options`` (the
optional rules), ``first_team`` (the team that starts; by default drawn by the state's stream),
``map`` (a shipped map's name or a map file), ``scenario`` (a shipped scenario's name or an
``eternia-scenario`` file; by default the mode's first), ``difficulty`` (solo and co-op: one of
the four levels, spec §3.2) and ``content``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core import DataError

__all__ = [
    "DEFAULT_SCENARIO",
    "DIFFICULTIES",
    "MODES",
    "OPTIONS",
    "PARAMS",
    "SOLO_MODES",
    "controllers",
    "heroes",
    "mounted",
    "options",
    "solo_lineup",
    "teams",
]

SOURCE = "eternia parameters"
PARAMS = (
    "mode",
    "scenario",
    "players",
    "teams",
    "factions",
    "heroes",
    "controllers",
    "mounted",
    "options",
    "first_team",
    "map",
    "content",
    "difficulty",
)
MODES = ("standard", "skirmish", "solo", "coop")
"""The modes (spec §1.2): a team game, a skirmish, one player or two or three sharing one team
against the game."""
SOLO_MODES = {"solo": (1, 1), "coop": (2, 3)}
"""The seats of the modes against the game (spec §1.2)."""
DIFFICULTIES = ("beginner", "novice", "advanced", "relentless")
DEFAULT_SCENARIO = {
    "standard": "fractures-in-time",
    "skirmish": "ritual-of-unlimited-power",
    "solo": "he-man-impostor",
    "coop": "he-man-impostor",
}
"""Each mode's scenario when none is named (scenarios/)."""
OPTIONS = {
    "first_game": "the first-game rules (spec §3.3): protection until Skull Event 2, no VP for a "
    "defeated hero, heroes start on their side's merchant outposts, losers retreat",
    "faster": "Faster Combat (spec §5.6.6): one round a hero combat",
    "initiative_matters": "Initiative Matters (spec §5.6.6)",
    "stronger_together": "Stronger Together (spec §5.6.6, A-31)",
    "dice_of_power": "Dice of Power (spec §5.7): the epic combats with wild dice",
    "free_heroes": "Free Heroes (skirmish, spec §3.4 item 1, §9.8): the teams draft heroes of any "
    "faction in turn",
}
"""The optional rules, each true or false (default false)."""
HEROES_PER_TEAM = 3
FACTIONS = ("motu", "evil-warriors")


def teams(raw: Any, players: int) -> list[int]:
    """Each seat's team: given, or alternating 0, 1, 0, ... (spec §4.2: clockwise)."""
    if raw is None:
        return [seat % 2 for seat in range(players)]
    if not isinstance(raw, list) or len(raw) != players:
        raise DataError(SOURCE, "teams", f"a list of {players} teams, one per seat")
    if any(team not in (0, 1) for team in raw) or set(raw) != {0, 1}:
        raise DataError(SOURCE, "teams", "each seat plays team 0 or 1, and each team has a seat")
    return [int(team) for team in raw]


def heroes(raw: Any, factions: Sequence[str], pack: Any) -> list[list[str]]:
    """Each team's three heroes, of its faction (spec §3.1 step 2), each in one team."""
    if raw is None:
        return [
            [h.id for h in pack.heroes.values() if h.faction == faction][:HEROES_PER_TEAM]
            for faction in factions
        ]
    if not isinstance(raw, list) or len(raw) != len(factions):
        raise DataError(SOURCE, "heroes", f"a list of {len(factions)} teams' heroes")
    found: list[list[str]] = []
    for index, (names, faction) in enumerate(zip(raw, factions, strict=True)):
        where = f"heroes[{index}]"
        if not isinstance(names, list) or len(names) != HEROES_PER_TEAM:
            raise DataError(SOURCE, where, "each team fields 3 heroes (spec §1.2)")
        for name in names:
            card = pack.heroes.get(name)
            if card is None:
                raise DataError(SOURCE, where, f"unknown hero {name!r}")
            if card.faction != faction:
                raise DataError(SOURCE, where, f"{name} is not a {faction} hero (spec §3.1)")
        found.append([str(name) for name in names])
    chosen = [name for names in found for name in names]
    if len(set(chosen)) != len(chosen):
        raise DataError(SOURCE, "heroes", "a hero plays once")
    return found


def controllers(raw: Any, heroes: Sequence[Sequence[str]], seats: Sequence[int]) -> dict[str, int]:
    """The seat playing each hero: given (a seat of the hero's team), or the team's heroes
    dealt round its seats in order (spec §3.1 step 2: the team decides)."""
    by_team = [[s for s, t in enumerate(seats) if t == team] for team in range(len(heroes))]
    found: dict[str, int] = {}
    for team, names in enumerate(heroes):
        for index, name in enumerate(names):
            if by_team[team]:  # (the enemy team against the game has no seat)
                found[name] = by_team[team][index % len(by_team[team])]
    if raw is None:
        return found
    if not isinstance(raw, Mapping):
        raise DataError(SOURCE, "controllers", "a mapping of hero to seat")
    for name, seat in raw.items():
        owner = next((t for t, names in enumerate(heroes) if name in names), None)
        if owner is None:
            raise DataError(SOURCE, f"controllers.{name}", "not a hero of this game")
        if not isinstance(seat, int) or seat not in by_team[owner]:
            reason = f"a seat of the hero's team ({', '.join(map(str, by_team[owner]))})"
            raise DataError(SOURCE, f"controllers.{name}", reason)
        found[str(name)] = seat
    return found


def options(raw: Any) -> dict[str, bool]:
    """The optional rules chosen: a mapping of name to true or false, or a text
    ``name,name=true,...`` (the command line's)."""
    if raw is None or raw == "":
        return {}
    if isinstance(raw, str):
        raw = dict(_option_word(word.strip()) for word in raw.split(",") if word.strip())
    if not isinstance(raw, Mapping):
        raise DataError(SOURCE, "options", "a mapping of option to true or false")
    for name, value in raw.items():
        if name not in OPTIONS:
            raise DataError(SOURCE, f"options.{name}", f"unknown (known: {', '.join(OPTIONS)})")
        if not isinstance(value, bool):
            raise DataError(SOURCE, f"options.{name}", "true or false")
    return {str(name): bool(value) for name, value in raw.items() if value}


def _option_word(word: str) -> tuple[str, Any]:
    """``name`` or ``name=true|false`` of the command line's options text."""
    name, sep, value = word.partition("=")
    if not sep:
        return name, True
    if value.lower() not in ("true", "false", "yes", "no", "on", "off"):
        return name, value
    return name, value.lower() in ("true", "yes", "on")


def mounted(raw: Any, heroes: Sequence[Sequence[str]], pack: Any) -> dict[str, str]:
    """The mounted heroes (spec §3.1, optional miniatures): hero -> the beast it starts with
    tamed (an epic beast or an encounter beast); at most one per team."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise DataError(SOURCE, "mounted", "a mapping of hero to the beast it rides")
    found: dict[str, str] = {}
    for name, beast in raw.items():
        team = next((t for t, names in enumerate(heroes) if name in names), None)
        if team is None:
            raise DataError(SOURCE, f"mounted.{name}", "not a hero of this game")
        if beast not in pack.epic_beasts and beast not in pack.beasts:
            raise DataError(SOURCE, f"mounted.{name}", f"unknown beast {beast!r}")
        if any(other in heroes[team] for other in found):
            raise DataError(SOURCE, f"mounted.{name}", "at most one mounted hero a team (§3.1)")
        found[str(name)] = str(beast)
    return found


def solo_lineup(
    raw: Any, scenario: Any, players: int, pack: Any
) -> tuple[list[str], list[list[str]]]:
    """The factions and heroes of a game against the game (spec §3.2): the players' team, of
    the scenario's faction (its three heroes given, or that faction's first three), and the
    enemy team, the scenario's enemy heroes."""
    mine = str(scenario.player_faction)
    factions = [mine, next(f for f in FACTIONS if f != mine)]
    enemies = list(scenario.enemy_heroes)
    if raw is not None:
        if not isinstance(raw, list) or len(raw) not in (1, 2):
            raise DataError(SOURCE, "heroes", "a list holding the players' team's 3 heroes")
        if len(raw) == 2 and raw[1] != enemies:
            raise DataError(SOURCE, "heroes[1]", f"the scenario's enemy heroes: {enemies}")
        raw = [raw[0], []]
    if raw is None:
        team = [h.id for h in pack.heroes.values() if h.faction == mine and h.id not in enemies]
        chosen = team[:HEROES_PER_TEAM]
    else:
        chosen = heroes([raw[0]], factions[:1], pack)[0]
    taken = [hero for hero in chosen if hero in enemies]
    if taken:
        raise DataError(SOURCE, "heroes", f"{taken[0]} is an enemy hero of the scenario")
    return factions, [chosen, enemies]
