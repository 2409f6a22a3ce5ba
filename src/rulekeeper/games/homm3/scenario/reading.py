"""Reading a scenario file (docs/homm3-scenarios.md) into a :class:`Scenario`; every problem is
noted with its field, and nothing is built from a file with problems."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from rulekeeper.core import DataError
from rulekeeper.core.content import shipped_file, shipped_names
from rulekeeper.core.position import PositionError, Problems, check_header, read_position
from rulekeeper.games.homm3.battle.checks import might_and_magic
from rulekeeper.games.homm3.content.pack import ContentPack, load_content_pack
from rulekeeper.games.homm3.map.geometry import is_slot
from rulekeeper.games.homm3.scenario import ai, checks, parts
from rulekeeper.games.homm3.scenario import fields as F
from rulekeeper.games.homm3.scenario.model import Layout, Scenario, Seat, SlotEntry, Start

SHIPPED = "rulekeeper.games.homm3.scenarios"


class ScenarioError(PositionError):
    """A scenario with problems: ``problems`` holds every one, each naming its field."""


def shipped_scenario(name: str) -> Path:
    """The path of a scenario shipped with the game (``scenarios/<name>.yaml``)."""
    return shipped_file(SHIPPED, name)


def shipped_scenarios() -> list[str]:
    """The names of the shipped scenarios (without ``.yaml``)."""
    return shipped_names(SHIPPED)


def _army(value: Any, problems: Problems, path: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """Per faction, its units: a card id (its Few side) or ``{card, side}``."""
    found: dict[str, tuple[tuple[str, str], ...]] = {}
    for faction, units in parts.mapping(value, problems, path).items():
        listed = []
        for index, raw in enumerate(parts.items(units, problems, f"{path}.{faction}")):
            where = f"{path}.{faction}[{index}]"
            unit = (
                {"card": raw}
                if isinstance(raw, str)
                else parts.mapping(raw, problems, where, ("card", "side"))
            )
            if not isinstance(unit.get("card"), str):
                problems.add(f"{where}.card", "a unit is a card id or {card, side}")
                continue
            side = parts.choice(unit.get("side", "few"), ("few", "pack"), problems, f"{where}.side")
            listed.append((str(unit["card"]), side))
        found[str(faction)] = tuple(listed)
    return found


def _cards(value: Any, pack: ContentPack, problems: Problems, path: str) -> tuple[str, ...]:
    """Might & Magic card ids of the pack."""
    found = parts.items(value, problems, path)
    for index, card_id in enumerate(found):
        if not isinstance(card_id, str) or not might_and_magic(pack, card_id):
            problems.add(f"{path}[{index}]", f"unknown Might & Magic card {card_id!r}")
    return tuple(str(c) for c in found)


def _start(
    value: Any, pack: ContentPack, problems: Problems, path: str, base: Start | None = None
) -> Start:
    """What a player starts with; with *base*, a seat's overrides of the scenario's ``start``."""
    known = F.START_FIELDS if base is None else F.SEAT_FIELDS
    doc = parts.mapping(value, problems, path, known)
    start = base or Start()
    changes: dict[str, Any] = {}
    if "resources" in doc:
        changes["resources"] = parts.resources(doc["resources"], problems, f"{path}.resources")
    if "income" in doc:
        changes["income"] = parts.resources(doc["income"], problems, f"{path}.income")
    if "buildings" in doc:
        listed = parts.items(doc["buildings"], problems, f"{path}.buildings")
        changes["buildings"] = tuple(str(b) for b in listed)
        requires = checks.town_requires(pack)
        for where, reason in checks.building_problems(
            changes["buildings"], requires, f"{path}.buildings"
        ):
            problems.add(where, reason)
    if "army" in doc:
        army = _army(doc["army"], problems, f"{path}.army")
        for where, reason in checks.army_problems(Start(army=army), pack, path):
            problems.add(where, reason)
        changes["army"] = {**start.army, **army}
    if "cards" in doc:
        changes["cards"] = _cards(doc["cards"], pack, problems, f"{path}.cards")
    for name in ("built_bonus", "secondary_hero"):
        if name in doc:
            changes[name] = parts.flag(doc[name], problems, f"{path}.{name}")
    return replace(start, **changes)


def _slot(raw: Any, problems: Problems, path: str) -> SlotEntry | None:
    """One slot of the layout: ``{at, tile, rotation, face}`` or ``{at, pool, face}``."""
    doc = parts.mapping(raw, problems, path, F.SLOT_FIELDS)
    at = parts.slot_hex(doc.get("at"), problems, f"{path}.at")
    tile = doc.get("tile", "")
    pool = doc.get("pool", "")
    if not isinstance(tile, str) or not isinstance(pool, str):
        problems.add(path, "tile and pool are ids")
        return None
    if "rotation" in doc and not tile:
        problems.add(f"{path}.rotation", "a drawn tile is rotated when revealed (§9.13)")
    rotation = parts.whole(doc.get("rotation", 0), 0, F.ROTATIONS - 1, problems, f"{path}.rotation")
    face = parts.choice(
        doc.get("face", "up" if tile else "down"), F.FACES, problems, f"{path}.face"
    )
    if at is None:
        return None
    return SlotEntry(at=at, tile=tile, pool=pool, rotation=rotation, face=face)


def _seat(raw: Any, start: Start, pack: ContentPack, problems: Problems, path: str) -> Seat | None:
    """One seat: its starting slot, its faction (or ``any``), its Starting tile's rotation if
    fixed, and its overrides."""
    doc = parts.mapping(raw, problems, path)
    at = parts.slot_hex(doc.get("start"), problems, f"{path}.start")
    allowed = (F.ANY_FACTION, *checks.factions(pack))
    faction = parts.choice(doc.get("faction", F.ANY_FACTION), allowed, problems, f"{path}.faction")
    overrides = {k: v for k, v in doc.items() if k not in ("start", "faction", "rotation")}
    setup = _start(overrides, pack, problems, path, start)
    rotation = None
    if "rotation" in doc:  # fixed by the scenario; else chosen at setup (§3 step 21)
        rotation = parts.whole(doc["rotation"], 0, F.ROTATIONS - 1, problems, f"{path}.rotation")
    if at is None:
        return None
    if not is_slot(at):
        problems.add(f"{path}.start", f"{at[0]},{at[1]} is not a slot centre: {checks.LATTICE}")
    return Seat(start=at, faction=faction, setup=setup, rotation=rotation)


def _seat_problems(
    seats: list[tuple[int, Seat]], pack: ContentPack, path: str, problems: Problems
) -> None:
    """Distinct starts and factions; an army for every faction a seat may play, and each of
    its starting buildings in that faction's town."""
    for number, (index, seat) in enumerate(seats):
        where = f"{path}.seats[{index}]"
        before = [other for _, other in seats[:number]]
        if seat.start in [s.start for s in before]:
            problems.add(f"{where}.start", "two seats start in one slot")
        if seat.faction != F.ANY_FACTION and seat.faction in [s.faction for s in before]:
            problems.add(f"{where}.faction", "two seats play one faction (§3 step 2)")
        playable = checks.factions(pack) if seat.faction == F.ANY_FACTION else (seat.faction,)
        roles = checks.town_roles(pack)
        known = {role for found in roles.values() for role in found}
        for faction in playable:
            if not seat.setup.army.get(faction):
                problems.add(f"{where}.army", f"no starting army for {faction} (start.army)")
            for role in seat.setup.buildings:
                if role in known and role not in roles.get(faction, ()):
                    problems.add(f"{where}.buildings", f"the {faction} town has no {role}")


def _variant(
    raw: Any,
    scenario_rounds: int,
    start: Start,
    mode: str,
    pack: ContentPack,
    problems: Problems,
    path: str,
) -> Layout | None:
    """One player count's layout and seats."""
    doc = parts.mapping(raw, problems, path, F.VARIANT_FIELDS)
    allowed = checks.MODE_PLAYERS[mode]
    players = doc.get("players")
    if players not in allowed:
        counts = ", ".join(str(n) for n in allowed)
        problems.add(
            f"{path}.players", f"a {mode} scenario is for {counts} players, not {players!r}"
        )
        return None
    rounds = parts.whole(
        doc.get("rounds", scenario_rounds), 0, F.MAX_ROUNDS, problems, f"{path}.rounds"
    )
    entries = [
        _slot(r, problems, f"{path}.tiles[{i}]")
        for i, r in enumerate(parts.items(doc.get("tiles"), problems, f"{path}.tiles"))
    ]
    tiles = [e for e in entries if e is not None]
    raw_seats = parts.items(doc.get("seats"), problems, f"{path}.seats")
    if len(raw_seats) != players:
        problems.add(f"{path}.seats", f"one seat per player: {players}, not {len(raw_seats)}")
    seats = [_seat(r, start, pack, problems, f"{path}.seats[{i}]") for i, r in enumerate(raw_seats)]
    placed = [(index, seat) for index, seat in enumerate(seats) if seat is not None]
    _seat_problems(placed, pack, path, problems)
    far_pool = parts.whole(doc.get("far_pool", 0), 0, 9, problems, f"{path}.far_pool")
    given = {}
    for name, listed in parts.mapping(doc.get("pools"), problems, f"{path}.pools").items():
        if not isinstance(name, str) or not parts.SLUG.match(name):
            problems.add(f"{path}.pools.{name}", "a pool's name is an id (a-z, 0-9, -)")
        found = parts.items(listed, problems, f"{path}.pools.{name}")
        given[str(name)] = tuple(str(t) for t in found)
    kinds = checks.tile_kinds(pack)
    starting = sum(kind == "starting" for kind in kinds.values())
    if players > starting:
        problems.add(f"{path}.players", f"the pack has {starting} Starting tiles, one a player")
    for where, reason in checks.slot_problems(tiles, kinds, f"{path}.tiles"):
        problems.add(where, reason)
    pools, found_problems = checks.pool_problems(tiles, given, far_pool, players, kinds, path)
    for where, reason in found_problems:
        problems.add(where, reason)
    laid = [e.at for e in tiles]
    for index, seat in placed:
        if seat.start in laid:
            problems.add(f"{path}.seats[{index}].start", "a tile of tiles[] lies in this slot")
        elif laid and not checks.touches(seat.start, laid):
            problems.add(
                f"{path}.seats[{index}].start", "the starting slot touches no tile of the map"
            )
    if not far_pool and not checks.connected([*laid, *(s.start for _, s in placed)]):
        problems.add(
            f"{path}.tiles", "the tiles form separate groups and no Far pool can join them"
        )
    return Layout(players, rounds, tuple(tiles), tuple(s for _, s in placed), far_pool, pools)


def _options(value: Any, pack: ContentPack, problems: Problems) -> dict[str, str]:
    """Every rules option with its value (the default unless the file switches it)."""
    allowed = checks.option_values(pack)
    doc = parts.mapping(value, problems, "options", tuple(allowed))
    found: dict[str, str] = {}
    for key, values in allowed.items():
        given = doc.get(key, values[0])
        if isinstance(given, bool):
            given = "yes" if given else "no"
        found[key] = parts.choice(given, values, problems, f"options.{key}")
    return found


def _marks(doc: Mapping[str, Any], problems: Problems) -> tuple[dict[str, str], tuple[str, ...]]:
    """``source`` (field -> where its values come from) and ``provisional`` (fields invented),
    each naming a top-level field of the file."""
    source = parts.mapping(doc.get("source"), problems, "source")
    provisional = parts.items(doc.get("provisional"), problems, "provisional")
    for where, names in (("source", list(source)), ("provisional", provisional)):
        for index, name in enumerate(names):
            top = str(name).split(".")[0].split("[")[0]
            if top not in F.TOP_FIELDS or top not in doc:
                problems.add(
                    f"{where}[{index}]" if where == "provisional" else f"source.{name}",
                    f"{name!r} is not a field of the file",
                )
    for name, value in source.items():
        parts.text(value, problems, f"source.{name}", 300)
    return {str(k): str(v) for k, v in source.items()}, tuple(str(p) for p in provisional)


def _read(doc: Mapping[str, Any], pack: ContentPack, problems: Problems) -> Scenario:
    """The scenario *doc* describes, every problem noted."""
    check_header(doc, F.FORMAT, F.VERSIONS, problems)
    for key in doc:
        if key not in F.TOP_FIELDS:
            problems.add(str(key), f"unknown field (known: {', '.join(F.TOP_FIELDS)})")
    scenario_id = str(doc.get("id", ""))
    if not parts.SLUG.match(scenario_id):
        problems.add("id", "an id of a-z, 0-9 and - (at most 40 characters)")
    name = parts.text(doc.get("name"), problems, "name")
    mode = parts.choice(doc.get("mode", "clash"), F.MODES, problems, "mode")
    rounds = parts.whole(doc.get("rounds", 0), 0, F.MAX_ROUNDS, problems, "rounds")
    start = _start(doc.get("start"), pack, problems, "start")
    variants: dict[int, Layout] = {}
    raw_variants = parts.items(doc.get("variants"), problems, "variants")
    if not raw_variants:
        problems.add("variants", "at least one variant (a layout for a player count)")
    for index, raw in enumerate(raw_variants):
        layout = _variant(raw, rounds, start, mode, pack, problems, f"variants[{index}]")
        if layout is not None and layout.players in variants:
            problems.add(f"variants[{index}].players", f"a second variant for {layout.players}")
        elif layout is not None:
            variants[layout.players] = layout
    limit = max([rounds, *(v.rounds for v in variants.values())])
    if any(v.rounds == 0 for v in variants.values()):
        limit = 0
    victory = tuple(
        parts.condition(raw, checks.holdable(pack), problems, f"victory[{i}]")
        for i, raw in enumerate(parts.items(doc.get("victory"), problems, "victory"))
    )
    if not victory:
        problems.add("victory", "at least one victory condition (§1.4)")
    defeat = parts.items(doc.get("defeat"), problems, "defeat")
    for index, kind in enumerate(defeat):
        parts.choice(kind, F.DEFEAT_KINDS, problems, f"defeat[{index}]")
    if mode not in F.TEAM_MODES and any(c.kind == "defeat-ai-heroes" for c in victory):
        problems.add("victory", "defeat-ai-heroes is a solo and co-op condition")
    at_limit = parts.choice(doc.get("at_limit", "draw"), F.AT_LIMIT, problems, "at_limit")
    if at_limit == "defeat" and mode not in F.TEAM_MODES:
        problems.add("at_limit", "defeat at the round limit is a solo and co-op ending")
    source, provisional = _marks(doc, problems)
    heroes = ai.ai_heroes(doc.get("ai_heroes"), mode, variants, pack, problems)
    timed = parts.events(doc.get("events"), limit, problems, "events")
    for index, event in enumerate(timed):
        if event.when.kind == "defeated" and event.when.target not in [h.id for h in heroes]:
            problems.add(f"events[{index}].when.defeated", "no AI hero of the scenario")
    return Scenario(
        id=scenario_id,
        name=name,
        mode=mode,
        players=tuple(sorted(variants)),
        rounds=rounds,
        round_track=parts.round_track(doc.get("round_track"), limit, problems, "round_track"),
        difficulty=parts.choice(
            doc.get("difficulty", "normal"), F.DIFFICULTIES, problems, "difficulty"
        ),
        options=_options(doc.get("options"), pack, problems),
        start=start,
        variants=variants,
        victory=victory,
        at_limit=at_limit,
        victory_timing=parts.choice(
            doc.get("victory_timing", "end-of-round"), F.VICTORY_TIMING, problems, "victory_timing"
        ),
        elimination_rounds=parts.whole(
            doc.get("elimination_rounds", 3), 1, F.MAX_ROUNDS, problems, "elimination_rounds", 3
        ),
        defeat=tuple(str(k) for k in defeat),
        capture_income=parts.resources(doc.get("capture_income"), problems, "capture_income"),
        locations=parts.locations(doc.get("locations"), problems, "locations"),
        events=timed,
        source=source,
        provisional=provisional,
        ai_heroes=heroes,
        rules=parts.rules(doc.get("rules"), problems, "rules"),
    )


def scenario_problems(
    doc: Mapping[str, Any], pack: ContentPack | None = None, source: str = F.FORMAT
) -> list[DataError]:
    """Every problem of the scenario *doc* (none: it reads), each naming its field."""
    problems = Problems(source)
    _read(doc, pack or load_content_pack(), problems)
    return list(problems.items)


def read_scenario(
    doc: Mapping[str, Any], pack: ContentPack | None = None, source: str = F.FORMAT
) -> Scenario:
    """The scenario *doc* describes; raises a :class:`ScenarioError` naming every problem."""
    problems = Problems(source)
    scenario = _read(doc, pack or load_content_pack(), problems)
    if problems:
        raise ScenarioError(problems.items)
    return scenario


def load_scenario(value: object, pack: ContentPack | None = None) -> Scenario:
    """A scenario from data, a file path (YAML or JSON) or a shipped scenario's name."""
    if isinstance(value, str) and value.removesuffix(".yaml") in shipped_scenarios():
        value = shipped_scenario(value)
    try:
        doc, source = read_position(value, F.FORMAT)
    except PositionError as error:
        raise ScenarioError(error.problems) from None
    return read_scenario(doc, pack, source)


def check_scenario_file(value: object, pack: ContentPack | None = None) -> list[DataError]:
    """Every problem of the scenario file (or data) *value*: none when it reads."""
    try:
        load_scenario(value, pack)
    except PositionError as error:
        return list(error.problems)
    return []
