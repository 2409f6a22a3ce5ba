"""The ``eternia-position`` format, version 1: a map game written down (docs/eternia-positions.md).

A position is the whole table of a game on the map (issue 28 §2): the game's parameters
(``game``), then the state's own fields by their names (teams, heroes, soldiers, round, decks,
discards, offers, missions, a combat under way in ``epic`` and ``area``, ...) as the state
declares them (game.py ``MapState``; read from the class at run time, so a field the engine
adds is written and read without a change here), and the pending steps (``procedure``, bottom
first, in the saved-state step vocabulary). No random state and no history: a field left out
takes the setup's value (spec §3.1) for the seed the position is started with.

:func:`write` writes a state; :func:`game_params` turns a position into the game's parameters;
:func:`read` builds the state, every problem noted with its field (a ``PositionError``), and a
position the rules cannot continue from is refused. The checks are in position_checks.py.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, get_type_hints

from rulekeeper.core import DataError, JsonObject, Reader
from rulekeeper.core.flow import Flow, Step, write_step
from rulekeeper.core.position import Problems, check_header
from rulekeeper.core.record import plan_of, to_data
from rulekeeper.games.eternia.map import params as map_params
from rulekeeper.games.eternia.map import position_checks
from rulekeeper.games.eternia.map.model import POOL
from rulekeeper.games.eternia.map.rounds import GameStep

__all__ = ["FORMAT", "VERSIONS", "game_params", "read", "write"]

FORMAT = "eternia-position"
VERSIONS = (1,)
HEAD = ("format", "version", "game", "procedure")
"""The top-level fields that are not the state's own."""
PATHS = ("map", "content", "scenario")
"""The game's parameters that may name a file (read beside the position file)."""


def _texts_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _ints_list(value: Any) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)


SHAPES: dict[str, tuple[Any, str]] = {
    "factions": (_texts_list, "a list of faction ids"),
    "heroes": (
        lambda v: isinstance(v, list) and all(_texts_list(t) for t in v),
        "each team's list of hero ids",
    ),
    "teams": (_ints_list, "each seat's team, 0 or 1"),
    "controllers": (
        lambda v: isinstance(v, dict) and all(type(s) is int for s in v.values()),
        "hero id to seat",
    ),
    "options": (
        lambda v: isinstance(v, dict) and all(isinstance(b, bool) for b in v.values()),
        "option name to true or false",
    ),
    "mounted": (
        lambda v: isinstance(v, dict) and all(isinstance(b, str) for b in v.values()),
        "hero id to the beast it rides",
    ),
}
"""The shape of the game's parameters that the parameters' own checks take for granted."""

# ---------------------------------------------------------------------------------- writing


def write(state: Any) -> JsonObject:
    """*state* as an ``eternia-position`` (every field; a hero's at their default left out)."""
    doc: JsonObject = {"format": FORMAT, "version": VERSIONS[-1]}
    params = state.game.params
    params.pop("position", None)
    doc["game"] = params
    data = type(state).fieldset().write(state)
    data["teams"] = [_team(team) for team in data["teams"]]
    data["heroes"] = [
        _pruned(hero, record) for hero, record in zip(data["heroes"], state.heroes, strict=True)
    ]
    if not state.epic.fighters and data["epic"] == _empty_epic(state):
        data.pop("epic")
    if state.area is None:
        data.pop("area")
    doc.update(data)
    doc["procedure"] = [_step(step) for step in state.flow.steps]
    return doc


def _team(data: JsonObject) -> JsonObject:
    """A team's data with its pool as ``{eternium, vp}``."""
    pool: Any = data["pool"]
    return {**data, "pool": dict(pool["amounts"])}


def _pruned(data: JsonObject, record: Any) -> JsonObject:
    """A record's data without the fields at their dataclass default."""
    out = dict(data)
    for item in dataclasses.fields(record):
        if item.default is not dataclasses.MISSING:
            default: Any = item.default
        elif item.default_factory is not dataclasses.MISSING:
            default = item.default_factory()
        else:
            continue
        if out.get(item.name) == default:
            out.pop(item.name, None)
    return out


def _empty_epic(state: Any) -> Any:
    """No combat's ``epic`` as data."""
    return to_data(type(state.epic)(fighters=[]))


def _step(step: Step[Any]) -> Any:
    """A pending step: its kind alone when it has no fields, else its kind and fields."""
    data = write_step(step)
    return data["kind"] if len(data) == 1 else data


# ---------------------------------------------------------------------------------- the game


def game_params(params: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The game's parameters a position says (its ``game``; the hero line-ups its heroes say
    when ``game`` does not); a parameter given beside it must agree."""
    doc = params["position"]
    problems = Problems(source)
    check_header(doc, FORMAT, VERSIONS, problems)
    raw = doc.get("game", {})
    if not isinstance(raw, Mapping):
        problems.add("game", "an object: the game's parameters")
        raw = {}
    implied = dict(raw)
    for key in implied:
        if key not in map_params.PARAMS:
            problems.add(
                f"game.{key}", f"unknown parameter (known: {', '.join(map_params.PARAMS)})"
            )
    for key, (check, words) in SHAPES.items():
        if key in implied and not check(implied[key]):
            problems.add(f"game.{key}", words)
    for key in PATHS:
        if isinstance(implied.get(key), str):
            implied[key] = _beside(source, implied[key])
    if "heroes" not in implied:
        lineup = _lineup(doc.get("heroes"))
        if lineup is not None:
            implied["heroes"] = lineup
    for key, value in params.items():
        if key == "position" or value is None:
            continue
        if implied.get(key) != value:
            problems.add(key, f"the position says {implied.get(key)!r}: give it there only")
    problems.check()
    return implied


def _beside(source: str, value: str) -> str:
    """*value*, a relative file name found beside the position file *source*, as its path."""
    folder = Path(source).parent
    if not value or Path(value).is_absolute() or not Path(source).is_file():
        return value
    candidate = folder / value
    return str(candidate) if candidate.exists() else value


def _lineup(heroes: Any) -> list[list[str]] | None:
    """Each team's hero ids in the position's ``heroes`` (None: not two teams of three)."""
    if not isinstance(heroes, list) or not all(isinstance(h, Mapping) for h in heroes):
        return None
    teams: list[list[str]] = [[], []]
    for hero in heroes:
        team, name = hero.get("team"), hero.get("id")
        if team not in (0, 1) or isinstance(team, bool) or not isinstance(name, str):
            return None
        teams[team].append(name)
    return teams if all(len(t) == map_params.HEROES_PER_TEAM for t in teams) else None


# ---------------------------------------------------------------------------------- reading


def read(cls: type[Any], game: Any, doc: Mapping[str, Any], seed: int) -> Any:
    """The map state *doc* describes (``MapState.from_position``): the setup's state for
    *seed*, each field the position gives in place of the setup's; a PositionError names
    every problem, and a position the rules cannot continue from is refused."""
    source = game.position_source
    problems = Problems(source)
    reader = Reader(source)
    names = cls.fieldset().names
    for key in doc:
        if key not in HEAD and key not in names:
            known = ", ".join((*HEAD, *names))
            problems.add(str(key), f"unknown field (known: {known})")
    state = cls(game, seed)
    defaults = type(state).fieldset().write(state)
    before = _held_elsewhere(state)
    given = {name: doc[name] for name in names if name in doc}
    if "teams" in given:
        given["teams"] = _teams(given["teams"], defaults["teams"], problems)
    if "heroes" in given:
        given["heroes"] = _heroes(given["heroes"], state, problems)
    for name in ("decks", "discards"):
        if isinstance(given.get(name), Mapping):
            given[name] = {**defaults[name], **given[name]}
    hints = get_type_hints(cls, include_extras=True)
    values: dict[str, Any] = {}
    for name, raw in given.items():
        try:
            values[name] = plan_of(hints[name]).read(raw, reader, name)
        except DataError as error:
            problems.note(error)
        except (TypeError, ValueError) as exc:
            problems.add(name, str(exc))
    steps = _procedure(doc, cls, problems, reader)
    problems.check()
    state.__dict__.update(values)
    _fill_defaults(state, doc, given, before)
    if steps is not None:
        state.flow = Flow(steps)
    elif given:
        state.flow = Flow([GameStep(stage="activate", started=True)])
    position_checks.state_problems(state, problems)
    problems.check()
    position_checks.continue_from(state, reader)
    return state


def _teams(raw: Any, defaults: list[Any], problems: Problems) -> Any:
    """Each team entry over the setup's (its pool given as ``{eternium, vp}``)."""
    if not isinstance(raw, list):
        return raw  # the field's reader names it
    out: list[Any] = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            out.append(entry)
            continue
        merged = {**(defaults[index] if index < len(defaults) else {}), **entry}
        pool = merged.get("pool")
        if isinstance(pool, Mapping) and "amounts" not in pool:
            for key in pool:
                if key not in POOL:
                    problems.add(f"teams[{index}].pool.{key}", f"one of {', '.join(POOL)}")
            amounts = {k: pool.get(k, 0) for k in POOL}
            merged["pool"] = {"amounts": amounts, "names": list(POOL)}
        out.append(merged)
    return out


def _heroes(raw: Any, state: Any, problems: Problems) -> Any:
    """The hero entries; a hero's team defaults to the team fielding it, its area to that
    team's base."""
    if not isinstance(raw, list):
        return raw
    lineup = {name: team for team, names in enumerate(state.game.heroes) for name in names}
    out: list[Any] = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            out.append(entry)
            continue
        hero = dict(entry)
        team = hero.get("team", lineup.get(str(hero.get("id"))))
        if team is None:
            problems.add(f"heroes[{index}].team", "missing (the hero is in no team's line-up)")
            out.append(hero)
            continue
        hero["team"] = team
        if "area" not in hero and team in (0, 1):
            hero["area"] = state.board.base_of(state.game.factions[team])
        out.append(hero)
    return out


def _procedure(
    doc: Mapping[str, Any], cls: type[Any], problems: Problems, reader: Reader
) -> list[Step[Any]] | None:
    """The pending steps, bottom first (None: not given)."""
    raw = doc.get("procedure")
    if raw is None:
        return None
    if not isinstance(raw, list):
        problems.add("procedure", "a list of steps, bottom first")
        return None
    out = []
    for index, entry in enumerate(raw):
        data = {"kind": entry} if isinstance(entry, str) else entry
        try:
            out.append(cls.STEPS.read_step(data, reader, f"procedure[{index}]"))
        except DataError as error:
            problems.note(error)
    return out


def _fill_defaults(
    state: Any, doc: Mapping[str, Any], given: Mapping[str, Any], before: Counter[str]
) -> None:
    """What follows from the fields given: the active team is the first; a team's soldiers
    not on the map the rest of its supply; a deck not given lacks the cards the position puts
    elsewhere (*before*: those the setup put elsewhere)."""
    if "first" in given and "active_team" not in given:
        state.active_team = state.first
    raw_teams = doc.get("teams")
    written: list[Any] = raw_teams if isinstance(raw_teams, list) else []
    supply = state.number("soldiers")
    for index, team in enumerate(state.teams):
        entry = written[index] if index < len(written) else {}
        if "soldiers" in given and not (isinstance(entry, Mapping) and "soldiers" in entry):
            placed = sum(c[index] for c in state.soldiers.values() if index < len(c))
            team.soldiers = max(0, supply - placed)
    decks = doc.get("decks")
    raw_decks: Mapping[str, Any] = decks if isinstance(decks, Mapping) else {}
    held = _held_elsewhere(state) - before
    for name, cards in state.decks.items():
        if name in raw_decks:
            continue
        kept = []
        for card in cards:
            if held[card]:
                held[card] -= 1
            else:
                kept.append(card)
        state.decks[name] = kept


def _held_elsewhere(state: Any) -> Counter[str]:
    """Every text in the state's fields but its decks (the cards held, offered, discarded,
    dealt: whatever field the state keeps them in)."""
    data = type(state).fieldset().write(state)
    data.pop("decks", None)
    held: Counter[str] = Counter()
    _texts(data, held)
    return held


def _texts(value: Any, out: Counter[str]) -> None:
    """Count every text inside *value* (JSON data)."""
    if isinstance(value, str):
        out[value] += 1
    elif isinstance(value, Mapping):
        for item in value.values():
            _texts(item, out)
    elif isinstance(value, list):
        for item in value:
            _texts(item, out)
