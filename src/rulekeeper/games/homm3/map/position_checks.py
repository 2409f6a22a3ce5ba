"""What a ``homm3-position`` must hold beyond its fields' types (position.py): each problem
named by its field (homm3.md §3, §5.1–§5.6, §5.14; issue 24 §3).

The kits (a faction and a hero of it per seat), the map (tiles on slots, each tile once, no
two on a slot, face-down slots apart from face-up tiles), the heroes (known, one Main Hero a
player, at most one Secondary Hero, on face-up open fields), the towns (on a printed Town
field), the sites, the decks and the procedure (the map game's root at the bottom); then
:func:`continue_from`: the rules run the automatic steps and must be able to go on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulekeeper.core import DataError, PositionError
from rulekeeper.core.graph import key_hex
from rulekeeper.core.position import Problems, continue_from
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.map import board, geometry
from rulekeeper.games.homm3.map.model import AI_SEAT, MAIN, NOBODY_SEAT, SECONDARY
from rulekeeper.games.homm3.map.rounds import GameStep
from rulekeeper.games.homm3.scenario import load_scenario, shipped_scenarios
from rulekeeper.games.homm3.scenario.fields import TEAM_MODES

__all__ = [
    "FACTIONS",
    "continue_from",
    "map_problems",
    "player_kits",
    "printed",
    "scenario_problem",
    "tile_problems",
]

FACTIONS = ("castle", "dungeon", "necropolis")
RULE_SETUP = "homm3.md §3"


def player_kits(
    players: Sequence[Mapping[str, Any]], content: Any, problems: Problems
) -> list[Any]:
    """Each seat's Main Hero (default: its faction's first, as the game's parameter); each
    faction one of the three, each once, and each hero one of its faction."""
    try:
        pack = load_content_pack(Path(content) if isinstance(content, str) and content else None)
    except DataError as error:
        problems.add("content", str(error))
        return []
    heroes: list[Any] = []
    factions: Counter[str] = Counter()
    for seat, entry in enumerate(players):
        faction = entry.get("faction")
        if faction not in FACTIONS:
            problems.add(f"players[{seat}].faction", f"one of {', '.join(FACTIONS)}")
            heroes.append(entry.get("hero"))
            continue
        factions[faction] += 1
        if factions[faction] == 2:
            problems.add(f"players[{seat}].faction", f"{faction} is another seat's faction")
        hero = entry.get("hero")
        if hero is None:
            hero = next(h for h in sorted(pack.heroes) if pack.heroes[h].faction == faction)
        card = pack.heroes.get(hero) if isinstance(hero, str) else None
        if card is None or card.faction != faction:
            problems.add(f"players[{seat}].hero", f"{hero!r} is not a {faction} hero")
        heroes.append(hero)
    return heroes


def scenario_problem(scenario: Any, players: int, content: Any, problems: Problems) -> None:
    """Note a scenario that is neither a shipped one's name, a file nor a scenario's data, one
    that does not read, or one not for *players* players (0: not known)."""
    before = len(problems)
    if isinstance(scenario, Mapping):
        pass
    elif not isinstance(scenario, str) or not scenario:
        problems.add("scenario", "a shipped scenario's name, a scenario file or its data")
    elif Path(scenario).suffix:
        if not Path(scenario).is_file():
            problems.add("scenario", f"no such file {scenario!r}")
    elif scenario not in shipped_scenarios():
        problems.add(
            "scenario", f"no shipped scenario {scenario!r} ({', '.join(shipped_scenarios())})"
        )
    if len(problems) > before:
        return
    try:
        pack = load_content_pack(Path(content) if isinstance(content, str) and content else None)
        found = load_scenario(scenario, pack)
    except DataError as error:
        inner = error.problems if isinstance(error, PositionError) else [error]
        for problem in inner:
            problems.add("scenario", f"{problem.field}: {problem.reason}")
        return
    if players and players not in found.players:
        counts = " or ".join(str(n) for n in found.players)
        problems.add("players", f"{players} players: the scenario is for {counts}")


def printed(state: Any, key: str) -> Any:
    """The printed field on board field *key*, None when no face-up tile has it (or *key* is
    no field)."""
    q, sep, r = key.partition(",")
    if not sep or not q.lstrip("-").isdigit() or not r.lstrip("-").isdigit():
        return None
    return board.field_at(state, key)


def map_problems(state: Any, doc: Mapping[str, Any], problems: Problems) -> None:
    """Note every problem of the map, the heroes, the towns, the sites and the procedure."""
    tile_problems(state, problems)
    if problems:
        return
    _hero_problems(state, problems)
    _ai_hero_problems(state, problems)
    _town_problems(state, problems)
    _site_problems(state, problems)
    _card_problems(state, problems)
    _procedure_problems(state, doc, problems)


def tile_problems(state: Any, problems: Problems) -> None:
    pack = state.game.pack
    slots: set[tuple[int, int]] = set()
    seen: Counter[str] = Counter()
    for index, placement in enumerate(state.placements):
        path = f"tiles[{index}]"
        if placement.tile not in pack.tiles:
            problems.add(f"{path}.tile", f"unknown tile {placement.tile!r}")
            continue
        seen[placement.tile] += 1
        if not geometry.is_slot(placement.anchor):
            problems.add(f"{path}.at", "not the centre of a tile slot (homm3.md §5.1)")
        elif placement.anchor in slots:
            problems.add(f"{path}.at", "another tile lies on this slot")
        slots.add(placement.anchor)
    for index, slot in enumerate(state.face_down):
        at = key_hex(slot.at)
        if not geometry.is_slot(at):
            problems.add(f"face_down[{index}].at", "not the centre of a tile slot (homm3.md §5.1)")
        elif at in slots:
            problems.add(f"face_down[{index}].at", "another tile lies on this slot")
        slots.add(at)
    for tiles in state.tiles_down.values():
        seen.update(tiles)
    for seat, player in enumerate(state.players):
        for index, tile in enumerate(player.far_pool):
            seen[tile] += 1
            if tile not in pack.tiles or pack.tiles[tile].kind != "far":
                problems.add(f"players[{seat}].far_pool[{index}]", f"{tile!r} is no Far tile")
    for tile, count in sorted(seen.items()):
        if count > 1:
            problems.add("tiles", f"tile {tile} is in {count} places (one copy of each)")


def _open_field(state: Any, key: str) -> str | None:
    """Why a figure cannot stand on *key* (None: it can)."""
    if printed(state, key) is None:
        return f"{key} is no field of a face-up tile (homm3.md §5.1)"
    if key in state.tilemap().graph.closed:
        return f"{key} is a blocked field (homm3.md §5.1)"
    return None


def _hero_problems(state: Any, problems: Problems) -> None:
    pack, count = state.game.pack, len(state.players)
    ids: Counter[str] = Counter()
    roles: Counter[tuple[int, str]] = Counter()
    for index, item in enumerate(state.heroes):
        path = f"heroes[{index}]"
        ids[item.id] += 1
        if item.id not in pack.heroes:
            problems.add(f"{path}.id", f"unknown hero {item.id!r}")
        elif ids[item.id] > 1:
            problems.add(f"{path}.id", f"{item.id} is on the map twice")
        if not 0 <= item.seat < count:
            problems.add(f"{path}.seat", f"a seat from 0 to {count - 1}")
            continue
        roles[(item.seat, item.role)] += 1
        player = state.players[item.seat]
        if item.role == MAIN and item.id != player.hero:
            problems.add(f"{path}.id", f"player {item.seat}'s Main Hero is {player.hero}")
        if item.id in pack.heroes and pack.heroes[item.id].faction != player.faction:
            problems.add(f"{path}.id", f"{item.id} is no {player.faction} hero")
        if item.field:
            reason = _open_field(state, item.field)
            if reason is not None:
                problems.add(f"{path}.field", reason)
    for seat in range(count):
        if roles[(seat, MAIN)] != 1:
            problems.add("heroes", f"player {seat} has {roles[(seat, MAIN)]} Main Heroes, not 1")
        if roles[(seat, SECONDARY)] > 1:
            problems.add("heroes", f"player {seat} has more than one Secondary Hero (§5.6)")


def _ai_hero_problems(state: Any, problems: Problems) -> None:
    """The AI heroes (solo and co-op scenarios only): each id once, on an open face-up field
    unless beaten; their cards known AI cards and spells."""
    pack = state.game.pack
    if state.ai_heroes and state.game.scenario.mode not in TEAM_MODES:
        problems.add("ai_heroes", "only a solo or co-op game has AI heroes")
    seen: set[str] = set()
    for index, item in enumerate(state.ai_heroes):
        path = f"ai_heroes[{index}]"
        if item.id in seen or item.id in pack.heroes:
            problems.add(f"{path}.id", "listed twice, or a hero the players may play")
        seen.add(item.id)
        if item.field and not item.defeated:
            reason = _open_field(state, item.field)
            if reason is not None:
                problems.add(f"{path}.field", reason)
        for number, card in enumerate(item.ai_deck):
            if card not in pack.ai_cards:
                problems.add(f"{path}.ai_deck[{number}]", f"unknown AI card {card!r}")
        for number, card in enumerate(item.spells):
            if card not in pack.spells:
                problems.add(f"{path}.spells[{number}]", f"unknown spell {card!r}")


def _owner_problem(state: Any, value: int) -> str | None:
    """Why *value* is no owner of a town or site: a seat, -1 nobody, -2 an AI hero (solo and
    co-op only)."""
    count = len(state.players)
    lowest = AI_SEAT if state.game.scenario.mode in TEAM_MODES else NOBODY_SEAT
    if lowest <= value < count:
        return None
    ai = ", or -2 (an AI hero's)" if lowest == AI_SEAT else ""
    return f"a seat from 0 to {count - 1}, or -1{ai}"


def _town_problems(state: Any, problems: Problems) -> None:
    count = len(state.players)
    fields: set[str] = set()
    for index, town in enumerate(state.towns):
        path = f"towns[{index}]"
        found = printed(state, town.field)
        if found is None or found.location != "town":
            problems.add(f"{path}.field", f"{town.field!r} is no Town field of a face-up tile")
        elif found.faction != town.faction:
            problems.add(f"{path}.faction", f"the town on {town.field} is {found.faction}")
        if town.field in fields:
            problems.add(f"{path}.field", "another town stands there")
        fields.add(town.field)
        if not -1 <= town.seat < count:
            problems.add(f"{path}.seat", f"a seat from 0 to {count - 1}, or -1")
        reason = _owner_problem(state, town.owner)
        if reason is not None:
            problems.add(f"{path}.owner", reason)
        faction_town = state.game.pack.towns.get(town.faction)
        names = (
            {n for b in faction_town.buildings for n in (b.id, b.role)} if faction_town else set()
        )
        for number, building in enumerate(town.buildings):
            if faction_town is not None and building not in names:
                problems.add(f"{path}.buildings[{number}]", f"no {town.faction} building")


def _site_problems(state: Any, problems: Problems) -> None:
    for index, key in enumerate(state.sites):
        site = state.sites[key]
        if printed(state, key) is None:
            problems.add(f"sites[{index}].field", f"{key} is no field of a face-up tile")
        reason = _owner_problem(state, site.owner)
        if reason is not None:
            problems.add(f"sites[{index}].owner", reason)


def _card_problems(state: Any, problems: Problems) -> None:
    pack = state.game.pack
    if state.astrologers and state.astrologers not in pack.astrologers:
        problems.add("astrologers", f"unknown Astrologers Proclaim card {state.astrologers!r}")
    for index, seat in enumerate(state.order):
        if not 0 <= seat < len(state.players):
            problems.add(f"order[{index}]", "no such seat")


def _procedure_problems(state: Any, doc: Mapping[str, Any], problems: Problems) -> None:
    """The procedure: the map game's root at the bottom; a game over says its ending."""
    raw = doc.get("procedure")
    if raw == [] and not doc.get("ending"):
        problems.add("ending", "a game over (no pending step) says how it ended")
    if raw:
        first = raw[0]
        kind = first if isinstance(first, str) else first.get("kind")
        if kind != GameStep.kind:
            problems.add("procedure[0]", f"the bottom step is {GameStep.kind!r}, not {kind!r}")
