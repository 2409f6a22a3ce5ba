"""Reading an ``eternia-scenario`` file (docs/eternia-scenarios.md): :func:`check_scenario` names
every problem as (field, reason), area ids checked against the scenario's map; :func:`read_scenario`
builds a :class:`Scenario` from a shipped scenario's name, a path or parsed data, or raises the
core's DataError naming ``file: field: reason``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import DataError
from rulekeeper.core.content import first_problem, read_named, shipped_file, shipped_names
from rulekeeper.games.eternia.board.map import EterniaMap, load_map
from rulekeeper.games.eternia.content.pack import ContentPack, load_content_pack
from rulekeeper.games.eternia.scenario import solo
from rulekeeper.games.eternia.scenario.checks import (
    Problem,
    check_area,
    check_areas,
    check_ids,
    check_switches,
    is_int,
)
from rulekeeper.games.eternia.scenario.model import (
    EFFECTS,
    FACTIONS,
    MODES,
    RULES,
    SCENARIO_DECKS,
    SCORING,
    VICTORIES,
    Scenario,
    Switch,
    Victory,
    Zone,
)

__all__ = ["check_scenario", "read_scenario", "shipped_scenarios"]

FORMAT = "eternia-scenario"
VERSIONS = (1,)
SHIPPED = "rulekeeper.games.eternia.scenarios"
COMMON = (
    "format",
    "version",
    "id",
    "name",
    "mode",
    "source",
    "map",
    "provisional",
    "epic_beasts",
    "special_rules",
    "victory",
    "skull_events",
    "bases",
)
ONLY = {
    "standard": ("scenario_deck", "mission_tokens", "victory_cards"),
    "skirmish": (
        "deployment_zones",
        "soldiers",
        "hero_locations",
        "mission_tokens_per_team",
        "rounds",
        "scoring",
    ),
    "solo": solo.FIELDS,
}
"""The fields only one mode has."""
REQUIRED = {
    "skirmish": ("deployment_zones", "soldiers", "hero_locations", "rounds", "scoring"),
    "solo": solo.REQUIRED,
}
ZONE_FIELDS = ("id", "name", "areas", "side")
SIDES = (*FACTIONS, "none")
SKULLS = (1, 2, 3, 4)
SOLDIER_SUPPLY = 15
"""Each faction's soldiers (spec §5.3)."""
OUTPOST_SOLDIERS = 3
"""A team's most soldiers in one outpost (spec §5.3)."""
MISSION_TOKENS = 14
"""Mission tokens in the box (spec §2.5)."""
VINES = 12
"""Vine tokens in the box (spec §2.5)."""


def shipped_scenarios() -> dict[str, str]:
    """The scenarios shipped with the game, name -> path."""
    return {name: str(shipped_file(SHIPPED, name)) for name in shipped_names(SHIPPED)}


def _skulls(
    raw: Any, board: EterniaMap | None, out: list[Problem]
) -> dict[int, tuple[Switch, ...]]:
    """Skull number (1-4) -> its effects (spec §4.1 step 3)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        out.append(("skull_events", "a mapping of skull number (1-4) to a list of effects"))
        return {}
    found: dict[int, tuple[Switch, ...]] = {}
    for key, effects in raw.items():
        number = int(key) if isinstance(key, str) and key.isdigit() else key
        if number not in SKULLS:
            out.append((f"skull_events.{key}", "a skull number: 1, 2, 3 or 4"))
            continue
        found[int(number)] = check_switches(effects, EFFECTS, board, f"skull_events.{key}", out)
        for index, effect in enumerate(found[int(number)]):
            _vines(effect, f"skull_events.{key}[{index}]", out)
    return found


def _vines(effect: Switch, where: str, out: list[Problem]) -> None:
    """A ``vines`` effect places at most the box's 12 vines, one in each area it lists."""
    if effect.kind != "vines":
        return
    if effect.count > VINES:
        out.append((f"{where}.count", f"at most {VINES} vine tokens (spec §2.5)"))
    if effect.areas is not None and len(effect.areas) != effect.count:
        out.append((f"{where}.areas", f"one vine an area: {effect.count} areas"))


def _victory(raw: Any, out: list[Problem]) -> Victory:
    """The victory condition: ``{kind, boss_loses?}``."""
    if raw is None:
        return Victory()
    if not isinstance(raw, Mapping):
        out.append(("victory", "a mapping: {kind: most-vp}"))
        return Victory()
    for key in raw:
        if key not in ("kind", "boss_loses"):
            out.append((f"victory.{key}", "unknown field (known: kind, boss_loses)"))
    kind = raw.get("kind", "most-vp")
    if kind not in VICTORIES:
        out.append(("victory.kind", f"one of {', '.join(VICTORIES)}"))
    loses = raw.get("boss_loses", True)
    if not isinstance(loses, bool):
        out.append(("victory.boss_loses", "true or false"))
    return Victory(str(kind), bool(loses))


def _bases(raw: Any, board: EterniaMap | None, out: list[Problem]) -> dict[str, str]:
    """Each faction's base: a base area of the map (spec §3.1 step 3)."""
    found = {"motu": "castle-grayskull", "evil-warriors": "temple-of-serpos"}
    if raw is None:
        return found
    if not isinstance(raw, Mapping):
        out.append(("bases", "a mapping of faction to base area id"))
        return found
    for faction, area in raw.items():
        where = f"bases.{faction}"
        if faction not in FACTIONS:
            out.append((where, f"a faction: {', '.join(FACTIONS)}"))
            continue
        check_area(area, board, where, out)
        if board is not None and area in board.areas and board.kind(area) != "base":
            out.append((where, f"{area} is not a base (spec §3.1 step 3)"))
        found[str(faction)] = str(area)
    if len(set(found.values())) < len(found):
        out.append(("bases", "each faction has its own base"))
    return found


def _zone(raw: Any, board: EterniaMap | None, where: str, out: list[Problem]) -> Zone | None:
    """A deployment zone: its areas on its side, with an outpost for soldiers (spec §3.4)."""
    if not isinstance(raw, Mapping):
        out.append((where, "a zone is a mapping: {id, name, areas, side}"))
        return None
    for key in raw:
        if key not in ZONE_FIELDS:
            out.append((f"{where}.{key}", f"unknown field (known: {', '.join(ZONE_FIELDS)})"))
    ident, name, side = raw.get("id"), raw.get("name", raw.get("id")), raw.get("side", "none")
    if not isinstance(ident, str) or not ident:
        out.append((f"{where}.id", "a zone has an id"))
    if not isinstance(name, str):
        out.append((f"{where}.name", "a text"))
    if side not in SIDES:
        out.append((f"{where}.side", f"one of {', '.join(SIDES)}"))
    areas = check_areas(raw.get("areas"), board, f"{where}.areas", out)
    if board is not None and areas and all(a in board.areas for a in areas):
        for index, area in enumerate(areas):
            if side in FACTIONS and board.areas[area].get("side") != side:
                out.append((f"{where}.areas[{index}]", f"{area} is not on the {side} side"))
        if not any(board.kind(a) == "outpost" for a in areas):
            out.append((f"{where}.areas", "a zone has an outpost for its soldiers (spec §3.4)"))
    if not isinstance(ident, str) or not ident:
        return None
    return Zone(ident, str(name), tuple(areas), str(side))


def _zones(raw: Any, board: EterniaMap | None, out: list[Problem]) -> tuple[Zone, ...]:
    """The deployment zones: two at least, one on each faction's side, ids unique."""
    if not isinstance(raw, list) or len(raw) < 2:
        out.append(("deployment_zones", "a list of 2 zones or more, one per team at least"))
        return ()
    found: list[Zone] = []
    for index, item in enumerate(raw):
        zone = _zone(item, board, f"deployment_zones[{index}]", out)
        if zone is None:
            continue
        if any(z.id == zone.id for z in found):
            out.append((f"deployment_zones[{index}].id", f"{zone.id} is listed twice"))
        found.append(zone)
    for faction in FACTIONS:
        if found and not any(z.side == faction for z in found):
            out.append(("deployment_zones", f"no zone on the {faction} side"))
    return tuple(found)


def _soldiers(
    raw: Any, zones: tuple[Zone, ...], board: EterniaMap | None, out: list[Problem]
) -> int:
    """How many soldiers each team deploys: from its supply, room for them in every zone."""
    if not is_int(raw) or raw > SOLDIER_SUPPLY:
        out.append(("soldiers", f"a whole number, 0 to {SOLDIER_SUPPLY} (spec §5.3)"))
        return 0
    for index, zone in enumerate(zones):
        if board is None or not all(a in board.areas for a in zone.areas):
            continue
        room = OUTPOST_SOLDIERS * sum(1 for a in zone.areas if board.kind(a) == "outpost")
        if raw > room:
            reason = f"{raw} soldiers do not fit: {room} places (3 an outpost, spec §5.3)"
            out.append((f"deployment_zones[{index}].areas", reason))
    return int(raw)


def _heroes(raw: Any, board: EterniaMap | None, out: list[Problem]) -> str | tuple[str, ...]:
    """Where heroes start in a skirmish: ``zone`` or a list of area ids (spec §3.4 item 6)."""
    if raw == "zone":
        return "zone"
    if not isinstance(raw, list):
        out.append(("hero_locations", "zone, or a list of area ids"))
        return "zone"
    return tuple(check_areas(raw, board, "hero_locations", out))


def _tokens_per_team(raw: Any, board: EterniaMap | None, out: list[Problem]) -> int:
    """Mission tokens per team (spec §3.4 item 7: 5 unless the scenario says otherwise)."""
    if not is_int(raw):
        out.append(("mission_tokens_per_team", "a whole number, 0 or more"))
        return 5
    if 2 * raw > MISSION_TOKENS:
        out.append(("mission_tokens_per_team", f"{MISSION_TOKENS} tokens in the box (spec §2.5)"))
        return int(raw)
    wilds = 0 if board is None else sum(1 for a in board.areas if board.is_wild(a))
    if board is not None and 2 * raw > wilds:
        reason = f"{2 * raw} tokens, one a wild region: map {board.name} has {wilds}"
        out.append(("mission_tokens_per_team", reason))
    return int(raw)


def _text(doc: Mapping[str, Any], key: str, out: list[Problem], required: bool = True) -> str:
    value = doc.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value:
        out.append((key, "a non-empty text"))
        return ""
    return value


def _board(
    doc: Mapping[str, Any], board: EterniaMap | None, out: list[Problem]
) -> EterniaMap | None:
    """The scenario's map (a shipped map's name or a path), or None: area ids go unchecked."""
    if board is not None:
        return board
    name = doc.get("map", "demo")
    if not isinstance(name, str) or not name:
        out.append(("map", "a shipped map's name or a map file"))
        return None
    try:
        return load_map(name)
    except DataError as error:
        out.append(("map", f"cannot load {name}: {error.field}: {error.reason}"))
        return None


def _build(doc: Mapping[str, Any], board: EterniaMap | None, out: list[Problem]) -> Scenario:
    """Every field checked into a scenario (used only when *out* stays empty)."""
    mode = doc.get("mode")
    if mode not in MODES:
        out.append(("mode", f"one of {', '.join(MODES)}"))
        mode = "standard"
    known = (*COMMON, *ONLY[str(mode)])
    for key in doc:
        if key not in known:
            other = next((m for m, keys in ONLY.items() if key in keys), None)
            reason = (
                f"a {other} field, not used in a {mode} scenario"
                if other
                else f"unknown field (known: {', '.join(known)})"
            )
            out.append((str(key), reason))
    for key in REQUIRED.get(str(mode), ()):
        if key not in doc:
            out.append((key, f"a {mode} scenario names its {key}"))
    provisional = check_ids(doc.get("provisional"), "provisional", out)
    for index, path in enumerate(provisional):
        head = path.split(".")[0].split("[")[0]
        if head not in known:
            out.append((f"provisional[{index}]", f"no field {head!r} in a {mode} scenario"))
    fields: dict[str, Any] = {
        "id": _text(doc, "id", out),
        "name": _text(doc, "name", out),
        "mode": str(mode),
        "source": _text(doc, "source", out),
        "map": str(doc.get("map", "demo")),
        "provisional": provisional,
        "epic_beasts": check_ids(doc.get("epic_beasts"), "epic_beasts", out),
        "special_rules": check_switches(
            doc.get("special_rules"), RULES, board, "special_rules", out
        ),
        "victory": _victory(doc.get("victory"), out),
        "skull_events": _skulls(doc.get("skull_events"), board, out),
        "bases": _bases(doc.get("bases"), board, out),
    }
    if mode == "standard":
        fields.update(_standard(doc, board, out))
    elif mode == "solo":
        fields.update(solo.solo_fields(doc, board, out))
        if "victory" not in doc:
            fields["victory"] = Victory("objective")
    else:
        fields.update(_skirmish(doc, board, out))
    return Scenario(**fields)


def _standard(
    doc: Mapping[str, Any], board: EterniaMap | None, out: list[Problem]
) -> dict[str, Any]:
    """The standard game's own fields (spec §3.1 steps 7-8, §5.16)."""
    deck = doc.get("scenario_deck")
    if deck is not None and deck not in SCENARIO_DECKS:
        out.append(("scenario_deck", f"one of {', '.join(SCENARIO_DECKS)}, or none"))
    tokens: tuple[str, ...] = ()
    if doc.get("mission_tokens") is not None:
        tokens = tuple(check_areas(doc["mission_tokens"], board, "mission_tokens", out))
        if len(tokens) > MISSION_TOKENS:
            out.append(("mission_tokens", f"at most {MISSION_TOKENS} tokens (spec §2.5)"))
    cards = doc.get("victory_cards", True)
    if not isinstance(cards, bool):
        out.append(("victory_cards", "true or false"))
    if deck is None and tokens:
        out.append(("mission_tokens", "mission tokens need a scenario deck to draw from"))
    return {
        "scenario_deck": deck,
        "mission_tokens": tokens,
        "victory_cards": bool(cards),
    }


def _skirmish(
    doc: Mapping[str, Any], board: EterniaMap | None, out: list[Problem]
) -> dict[str, Any]:
    """A skirmish's own fields (spec §3.4, §5.18)."""
    zones = _zones(doc.get("deployment_zones"), board, out) if "deployment_zones" in doc else ()
    rounds = doc.get("rounds")
    if "rounds" in doc and not is_int(rounds, 1):
        out.append(("rounds", "how many rounds: 1 or more"))
    scoring = check_switches(doc.get("scoring"), SCORING, board, "scoring", out)
    if "scoring" in doc and not scoring:
        out.append(("scoring", "a skirmish scores something (spec §5.18.1)"))
    return {
        "deployment_zones": zones,
        "soldiers": _soldiers(doc.get("soldiers", 0), zones, board, out),
        "hero_locations": _heroes(doc.get("hero_locations", "zone"), board, out),
        "mission_tokens_per_team": _tokens_per_team(
            doc.get("mission_tokens_per_team", 5), board, out
        ),
        "rounds": rounds if is_int(rounds, 1) else None,
        "scoring": scoring,
    }


def _content(scenario: Scenario, pack: ContentPack, out: list[Problem]) -> None:
    """The epic beasts and bosses a scenario names are cards of the content pack."""
    for index, beast in enumerate(scenario.epic_beasts):
        if beast not in pack.epic_beasts:
            out.append((f"epic_beasts[{index}]", f"no epic beast {beast!r} in the content pack"))
    for hero in scenario.enemy_heroes:
        if hero not in pack.heroes:
            out.append((f"enemy_heroes.{hero}", f"no hero {hero!r} in the content pack"))
    bosses = getattr(pack, "bosses", None)
    for number, effects in scenario.skull_events.items():
        for index, effect in enumerate(effects):
            if effect.kind == "boss-enters" and bosses is not None and effect.boss not in bosses:
                where = f"skull_events.{number}[{index}].boss"
                out.append((where, f"no boss {effect.boss!r} in the content pack"))


def _parse(
    doc: Any, board: EterniaMap | None, pack: ContentPack | None = None
) -> tuple[Scenario | None, list[Problem]]:
    """The scenario and every problem of *doc*."""
    if not isinstance(doc, Mapping):
        return None, [("(file)", "a scenario file is a mapping")]
    out: list[Problem] = []
    if doc.get("format") != FORMAT:
        out.append(("format", f"must be {FORMAT}"))
    if doc.get("version") not in VERSIONS:
        out.append(("version", f"one of {', '.join(map(str, VERSIONS))}"))
    scenario = _build(doc, _board(doc, board, out), out)
    _content(scenario, pack or load_content_pack(), out)
    return (None if out else scenario), out


def check_scenario(
    doc: Any, board: EterniaMap | None = None, pack: ContentPack | None = None
) -> list[Problem]:
    """Every problem of *doc* as (field, reason); area ids are checked against *board* or the
    scenario's own ``map``, card ids against *pack* or the shipped content."""
    return _parse(doc, board, pack)[1]


def read_scenario(source: Any) -> Scenario:
    """A scenario from a shipped scenario's name, a path or parsed data; a DataError names the
    first problem (``scenario check`` lists them all)."""
    where, doc = read_named(source, shipped_scenarios(), "scenario")
    scenario, problems = _parse(doc, None)
    if scenario is None:
        raise first_problem(where, problems)
    return scenario
