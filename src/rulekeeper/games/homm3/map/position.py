"""The ``homm3-position`` format, version 1: a map game written down (docs/homm3-positions.md).

A position is the whole table of a game on the map (issue 24 §3): the scenario it plays, the
round, the turn order, each player's board (faction, hero, level, resources, units, cards,
tokens, cubes, Far pool), the heroes, the towns, the tiles face up with their rotation and the
face-down slots with their tiles, what happened on the fields, the shared decks and discards,
the Astrologers card in force and the pending steps; a position in the middle of a fight nests
the battle as a battle file (docs/homm3-battle.md) with its seating. No random state and no
history: the seed decides what the position leaves open (a deck not given).

:func:`write` writes a state; :func:`game_params` turns a position into the game's parameters;
:func:`read` builds the state, every problem noted with its field (a ``PositionError``), and
a position the rules cannot continue from is refused. The checks are in position_checks.py.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rulekeeper.core import DataError, JsonObject, Ledger, PositionError, Reader, Seating
from rulekeeper.core.flow import Flow, Step, StepKinds, write_step
from rulekeeper.core.graph import Placement, hex_key, key_hex
from rulekeeper.core.position import Problems, check_header, read_record
from rulekeeper.core.record import to_data
from rulekeeper.core.state import GameState
from rulekeeper.games.homm3.battle.checks import seats_of
from rulekeeper.games.homm3.battle.neutrals import tier_deck
from rulekeeper.games.homm3.battle.reading import read_battle
from rulekeeper.games.homm3.battle.writing import write_battle
from rulekeeper.games.homm3.combat.model import AI
from rulekeeper.games.homm3.map import position_checks, setup
from rulekeeper.games.homm3.map.fights import FIGHT_STEPS
from rulekeeper.games.homm3.map.model import (
    RESOURCES,
    SECONDARY,
    AiHero,
    FaceDown,
    MapHero,
    Player,
    Site,
)
from rulekeeper.games.homm3.map.model import Town as MapTown
from rulekeeper.games.homm3.map.rounds import MAIN_MP, SECONDARY_MP, GameStep, RoundStep

__all__ = ["FORMAT", "GAME_FIELDS", "TOP_FIELDS", "VERSIONS", "game_params", "read", "write"]

FORMAT = "homm3-position"
VERSIONS = (1,)
GAME_FIELDS = ("scenario", "content", "difficulty", "options")
"""The fields that say the game (its parameters); the players' factions and heroes too."""
STATE_FIELDS = (
    "round",
    "order",
    "players",
    "heroes",
    "ai_heroes",
    "towns",
    "tiles",
    "face_down",
    "sites",
    "decks",
    "discards",
    "astrologers",
    "triggered",
    "winners",
    "ending",
    "procedure",
    "battle",
    "seating",
)
TOP_FIELDS = ("format", "version", *GAME_FIELDS, *STATE_FIELDS)
DECKS = (
    "ability",
    "artifact",
    "spell",
    *(f"neutral-{tier}" for tier in setup.TIERS),
    "astrologers",
)
"""The shared decks and their discard piles (§3 steps 14–18, §5.16, §4.1)."""
SHARED = ("ability", "artifact", "spell")


# ---------------------------------------------------------------------------------- writing


def _pruned(record: Any, keep: tuple[str, ...] = (), drop: tuple[str, ...] = ()) -> JsonObject:
    """*record* as data without the fields at their default (but those in *keep*)."""
    data = to_data(record)
    for item in dataclasses.fields(record):
        if item.name in drop:
            data.pop(item.name, None)
            continue
        if item.name in keep:
            continue
        if item.default is not dataclasses.MISSING:
            default: Any = item.default
        elif item.default_factory is not dataclasses.MISSING:
            default = item.default_factory()
        else:
            continue
        if data.get(item.name) == to_data_value(default):
            data.pop(item.name, None)
    return data


def to_data_value(value: Any) -> Any:
    """A default field value as data (records through to_data)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_data(value)
    return value


def _player(player: Player) -> JsonObject:
    entry = _pruned(player, keep=("hand", "deck", "discard"), drop=("seat", "resources"))
    entry["resources"] = {k: v for k, v in player.resources.amounts.items() if v}
    return entry


def _step(step: Step[Any]) -> Any:
    """A pending step: its kind alone when it has no fields, else its kind and fields."""
    data = write_step(step)
    return data["kind"] if len(data) == 1 else data


def write(state: Any) -> JsonObject:
    """*state* as a ``homm3-position`` (every field; a fight's battle as a battle file)."""
    params = state.game.params
    doc: JsonObject = {"format": FORMAT, "version": VERSIONS[-1]}
    doc["scenario"] = params["scenario"]
    if params.get("content"):
        doc["content"] = params["content"]
    doc["difficulty"] = state.difficulty
    if params.get("options"):
        doc["options"] = params["options"]
    doc["round"] = state.round
    doc["order"] = list(state.order)
    doc["players"] = [_player(p) for p in state.players]
    doc["heroes"] = [_pruned(h, keep=("mp",)) for h in state.heroes]
    if state.ai_heroes:
        doc["ai_heroes"] = [_pruned(a, keep=("mp", "ai_deck")) for a in state.ai_heroes]
    doc["towns"] = [_pruned(t) for t in state.towns]
    doc["tiles"] = [
        {"tile": p.tile, "at": hex_key((p.q, p.r)), "rotation": p.rotation}
        for p in state.placements
    ]
    seen: Counter[str] = Counter()
    face_down: list[JsonObject] = []
    for slot in state.face_down:
        face_down.append({"at": slot.at, "tile": state.tiles_down[slot.kind][seen[slot.kind]]})
        seen[slot.kind] += 1
    doc["face_down"] = face_down
    doc["sites"] = [_pruned(state.sites[key]) for key in sorted(state.sites)]
    names = [*DECKS, *(name for name in state.decks if name not in DECKS)]
    doc["decks"] = {name: list(state.decks.get(name, [])) for name in names}
    doc["discards"] = {name: list(cards) for name, cards in state.discards.items() if cards}
    if state.astrologers:
        doc["astrologers"] = state.astrologers
    if state.triggered:
        doc["triggered"] = list(state.triggered)
    if state.winners:
        doc["winners"] = list(state.winners)
    if state.ending:
        doc["ending"] = state.ending
    steps = list(state.flow.steps)
    if state.battle is not None:
        index = max(i for i, step in enumerate(steps) if step.kind in FIGHT_STEPS)
        steps, above = steps[: index + 1], steps[index + 1 :]
        content = params.get("content")
        battle = write_battle(state.battle, above, content if isinstance(content, str) else None)
        battle.pop("decider", None)  # a host seat: the seating says it
        doc["battle"] = battle
        doc["seating"] = to_data(_seating(state.battle))
    doc["procedure"] = [_step(step) for step in steps]
    return doc


def _seating(battle: Any) -> Seating:
    """Which seat plays each of the battle's player seats, and its decider (core/subgame.py)."""
    kinds = (battle.armies[0].kind, battle.armies[1].kind)
    battle_seats = seats_of(battle.mode, kinds)
    seats = [0] * sum(1 for seat in battle_seats if seat != AI)
    for army, seat in zip(battle.armies, battle_seats, strict=True):
        if seat != AI:
            seats[seat] = army.seat
    return Seating(seats=seats, decider=battle.decider)


# ---------------------------------------------------------------------------------- the game


def game_params(params: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The game's parameters a position says (its scenario, content, difficulty, options, the
    players' factions and heroes); a parameter given beside it must agree."""
    doc = params["position"]
    problems = Problems(source)
    check_header(doc, FORMAT, VERSIONS, problems)
    for key in doc:
        if key not in TOP_FIELDS:
            problems.add(str(key), f"unknown field (known: {', '.join(TOP_FIELDS)})")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
        problems.add("players", "a list of players, one object a seat")
        players = []
    implied: dict[str, Any] = {
        "scenario": doc.get("scenario", "clash-2"),
        "content": doc.get("content"),
        "options": doc.get("options", {}),
    }
    position_checks.scenario_problem(
        implied["scenario"], len(players), implied["content"], problems
    )
    if "difficulty" in doc:
        implied["difficulty"] = doc["difficulty"]
    elif params.get("difficulty") is not None:  # a position without one: the game's
        implied["difficulty"] = params["difficulty"]
    if players:
        implied["players"] = len(players)
        implied["factions"] = [p.get("faction") for p in players]
        implied["heroes"] = position_checks.player_kits(players, doc.get("content"), problems)
    for key, value in params.items():
        if key == "position" or value is None:
            continue
        if key not in implied or implied[key] != value:
            problems.add(key, f"the position says {implied.get(key)!r}: give it there only")
    problems.check()
    return {**implied, "position": doc}


# ---------------------------------------------------------------------------------- reading


def read(cls: type[Any], game: Any, doc: Mapping[str, Any], seed: int) -> Any:
    """The map state *doc* describes (``MapState.from_position``); a PositionError names
    every problem, and a position the rules cannot continue from is refused."""
    source = game.position_source
    problems = Problems(source)
    reader = Reader(source)
    state = object.__new__(cls)
    GameState.__init__(state, game, seed)
    state._tilemap = None
    state.round = _int(doc.get("round", 1), 0, 999, problems, "round")
    state.difficulty = game.difficulty
    count = game.num_players
    state.order = _order(doc.get("order", list(range(count))), count, problems)
    state.players = _players(doc, game, state.rng, problems, reader)
    state.heroes = _heroes(doc, state.players, problems, reader)
    state.ai_heroes = _records(AiHero, doc.get("ai_heroes", []), "ai_heroes", problems, reader)
    events = len(game.scenario.events)
    state.triggered = [
        _int(n, 0, events - 1, problems, "triggered")
        for n in _list(doc.get("triggered", []), problems, "triggered")
    ]
    state.towns = _records(MapTown, doc.get("towns", []), "towns", problems, reader)
    state.placements = _records(Placement, _tiles(doc, problems), "tiles", problems, reader)
    state.face_down, state.tiles_down = _face_down(doc, game.pack, problems)
    sites = _records(Site, doc.get("sites", []), "sites", problems, reader)
    state.sites = {s.field: s for s in sites}
    state.discards = _piles(doc.get("discards", {}), "discards", problems)
    state.astrologers = _text(doc.get("astrologers", ""), problems, "astrologers")
    state.decks = _decks(doc, game.pack, state, problems)
    state.winners = _seats(doc.get("winners", []), count, problems, "winners")
    state.ending = _text(doc.get("ending", ""), problems, "ending")
    state.battle = None
    steps = _procedure(doc, cls.STEPS, problems, reader)
    _check_refs(state, [ref for ref in reader.refs if ref.kind != "unit"], reader, problems)
    if problems:  # the map's own problems too, before giving up
        position_checks.tile_problems(state, problems)
    problems.check()
    position_checks.map_problems(state, doc, problems)
    problems.check()
    battle_steps = _battle(state, doc, cls.STEPS, steps, problems, reader)
    problems.check()
    state.flow = Flow([*steps, *battle_steps])
    _check_refs(state, reader.refs, reader, problems)
    problems.check()
    position_checks.continue_from(state, reader)
    return state


def _check_refs(state: Any, refs: list[Any], reader: Reader, problems: Problems) -> None:
    """Note the first reference to a field, tile, card or unit the game does not know."""
    try:
        state._check_refs(refs, reader)
    except DataError as error:
        problems.note(error)


def _int(value: Any, lo: int, hi: int, problems: Problems, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        problems.add(path, f"must be a whole number from {lo} to {hi}")
        return lo
    return value


def _text(value: Any, problems: Problems, path: str) -> str:
    if not isinstance(value, str):
        problems.add(path, "must be a text")
        return ""
    return value


def _list(value: Any, problems: Problems, path: str) -> list[Any]:
    if not isinstance(value, list):
        problems.add(path, "must be a list")
        return []
    return value


def _seats(value: Any, count: int, problems: Problems, path: str) -> list[int]:
    out = []
    for index, seat in enumerate(_list(value, problems, path)):
        out.append(_int(seat, 0, count - 1, problems, f"{path}[{index}]"))
    return out


def _order(value: Any, count: int, problems: Problems) -> list[int]:
    order = _seats(value, count, problems, "order")
    if sorted(order) != list(range(count)):
        problems.add("order", f"every seat 0 to {count - 1} once, not {value!r}")
    return order


def _records(cls: type[Any], raw: Any, path: str, problems: Problems, reader: Reader) -> list[Any]:
    out = []
    for index, entry in enumerate(_list(raw, problems, path)):
        found = read_record(cls, entry, problems, f"{path}[{index}]", reader)
        if found is not None:
            out.append(found)
    return out


def _players(
    doc: Mapping[str, Any], game: Any, rng: Any, problems: Problems, reader: Reader
) -> list[Player]:
    """Each seat's board; a player with no cards given has the hero's starting deck."""
    out = []
    for seat, raw in enumerate(doc.get("players", [])):
        path = f"players[{seat}]"
        entry = dict(raw)
        entry["seat"] = seat
        entry.setdefault("hero", game.heroes[seat])
        resources = entry.pop("resources", {})
        if not isinstance(resources, Mapping):
            problems.add(f"{path}.resources", "an object: gold, materials, valuables")
            resources = {}
        for name, amount in resources.items():
            if name not in RESOURCES:
                problems.add(f"{path}.resources.{name}", f"one of {', '.join(RESOURCES)}")
            elif isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                problems.add(f"{path}.resources.{name}", "a whole number, 0 or more")
        entry["resources"] = {"amounts": {}, "names": list(RESOURCES)}
        if not any(name in entry for name in ("hand", "deck", "discard")):
            hero = entry["hero"]
            if hero in game.pack.heroes:
                deck = setup.starting_deck(game.pack, hero)
                rng.shuffle(deck)
                entry["deck"] = deck
        player = read_record(Player, entry, problems, path, reader)
        if player is not None:
            amounts = {k: v for k, v in resources.items() if k in RESOURCES and isinstance(v, int)}
            player.resources = Ledger.of(RESOURCES, {k: max(0, int(v)) for k, v in amounts.items()})
            out.append(player)
    return out


def _heroes(
    doc: Mapping[str, Any], players: list[Player], problems: Problems, reader: Reader
) -> list[MapHero]:
    """The heroes; a hero's MP default to its role's (§5.2). Default: each Main Hero on its
    player's first town's field."""
    raw = doc.get("heroes")
    if raw is None:
        towns = doc.get("towns", [])
        fields = {
            t.get("seat"): t.get("field")
            for t in (towns if isinstance(towns, list) else [])
            if isinstance(t, Mapping) and isinstance(t.get("seat"), int)
        }
        raw = [
            {"id": p.hero, "seat": p.seat, "field": fields.get(p.seat, "")}
            for p in reversed(players)
        ][::-1]
    out = []
    for index, entry in enumerate(_list(raw, problems, "heroes")):
        if isinstance(entry, Mapping) and "mp" not in entry:
            mp = SECONDARY_MP if entry.get("role") == SECONDARY else MAIN_MP
            entry = {**entry, "mp": mp}
        found = read_record(MapHero, entry, problems, f"heroes[{index}]", reader)
        if found is not None:
            out.append(found)
    return out


def _tiles(doc: Mapping[str, Any], problems: Problems) -> list[Any]:
    """The face-up tiles as Placement data (``at`` a board field "q,r")."""
    out: list[Any] = []
    for index, entry in enumerate(_list(doc.get("tiles", []), problems, "tiles")):
        at = entry.get("at") if isinstance(entry, Mapping) else None
        hexed = _key(at)
        if hexed is None:
            problems.add(f"tiles[{index}].at", f"a board field 'q,r', not {at!r}")
            out.append(None)
            continue
        body = {k: v for k, v in entry.items() if k != "at"}
        out.append({**body, "q": hexed[0], "r": hexed[1]})
    return out


def _key(value: Any) -> tuple[int, int] | None:
    """The hex of a board field "q,r" (None: not one)."""
    if not isinstance(value, str):
        return None
    q, sep, r = value.partition(",")
    if not sep or not q.strip().lstrip("-").isdigit() or not r.strip().lstrip("-").isdigit():
        return None
    return key_hex(value.replace(" ", ""))


def _face_down(
    doc: Mapping[str, Any], pack: Any, problems: Problems
) -> tuple[list[FaceDown], dict[str, list[str]]]:
    slots: list[FaceDown] = []
    tiles: dict[str, list[str]] = {}
    for index, entry in enumerate(_list(doc.get("face_down", []), problems, "face_down")):
        path = f"face_down[{index}]"
        if not isinstance(entry, Mapping):
            problems.add(path, "an object: at, tile")
            continue
        for key in entry:
            if key not in ("at", "tile"):
                problems.add(f"{path}.{key}", "unknown field (known: at, tile)")
        at, tile = entry.get("at"), entry.get("tile")
        if _key(at) is None:
            problems.add(f"{path}.at", f"a board field 'q,r', not {at!r}")
            continue
        if not isinstance(tile, str) or tile not in pack.tiles:
            problems.add(f"{path}.tile", f"unknown tile {tile!r}")
            continue
        kind = pack.tiles[tile].kind
        slots.append(FaceDown(at=hex_key(_key(at) or (0, 0)), kind=kind))
        tiles.setdefault(kind, []).append(str(tile))
    return slots, tiles


def _piles(raw: Any, path: str, problems: Problems) -> dict[str, list[str]]:
    """Decks or discard piles by name (top last); every shared one is there, empty or not."""
    if not isinstance(raw, Mapping):
        problems.add(path, f"an object: {', '.join(DECKS)}")
        return {name: [] for name in DECKS}
    out: dict[str, list[str]] = {name: [] for name in DECKS}
    for name, cards in raw.items():
        where = f"{path}.{name}"
        if name not in DECKS:
            problems.add(where, f"unknown deck (known: {', '.join(DECKS)})")
        elif not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            problems.add(where, "a list of card ids, top last")
        else:
            out[name] = list(cards)
    return out


def _decks(
    doc: Mapping[str, Any], pack: Any, state: Any, problems: Problems
) -> dict[str, list[str]]:
    """The shared decks; one not given holds every card of its kind found nowhere else,
    shuffled by the seed."""
    given = _piles(doc.get("decks", {}), "decks", problems)
    raw = doc.get("decks", {})
    raw = raw if isinstance(raw, Mapping) else {}
    held: Counter[str] = Counter()
    for player in state.players:
        held.update([*player.hand, *player.deck, *player.discard])
    for name in DECKS:
        if name in raw:
            continue
        elsewhere = held + Counter(state.discards.get(name, []))
        if name in SHARED:
            full = setup.shared_deck(pack, name, Counter())
        elif name == "astrologers":
            full = [c.id for c in pack.astrologers.values() for _ in range(c.copies)]
            elsewhere[state.astrologers] += 1
        else:
            full = tier_deck(pack, name.removeprefix("neutral-"))
        pile = []
        for card in full:
            if elsewhere[card]:
                elsewhere[card] -= 1
            else:
                pile.append(card)
        state.rng.shuffle(pile)
        given[name] = pile
    return given


def _procedure(
    doc: Mapping[str, Any], steps: StepKinds, problems: Problems, reader: Reader
) -> list[Step[Any]]:
    """The pending steps of the map, bottom first. Default: the first turn of ``round`` about
    to start (a game over, with ``ending`` given: none)."""
    raw = doc.get("procedure")
    if raw is None:
        return [] if doc.get("ending") else [GameStep(), RoundStep()]
    out = []
    for index, entry in enumerate(_list(raw, problems, "procedure")):
        data = {"kind": entry} if isinstance(entry, str) else entry
        try:
            out.append(steps.read_step(data, reader, f"procedure[{index}]"))
        except DataError as error:
            problems.note(error)
    return out


def _battle(
    state: Any,
    doc: Mapping[str, Any],
    kinds: StepKinds,
    steps: list[Step[Any]],
    problems: Problems,
    reader: Reader,
) -> list[Step[Any]]:
    """The fight in progress (the battle file, its seating) on *state*; its pending steps."""
    fighting = (
        bool(steps) and steps[-1].kind in FIGHT_STEPS and getattr(steps[-1], "started", False)
    )
    raw, seating_raw = doc.get("battle"), doc.get("seating")
    if not fighting:
        for key in ("battle", "seating"):
            if doc.get(key) is not None:
                problems.add(key, "only in the middle of a fight (a started fight on top)")
        return []
    if not isinstance(raw, Mapping):
        problems.add("battle", "a started fight needs its battle file")
        return []
    seating = read_record(Seating, seating_raw, problems, "seating")
    if seating is None:
        return []
    try:
        battle, pending = read_battle(
            raw, state.game.pack, state.rng, kinds, state.game.position_source, reader, seating
        )
    except PositionError as error:
        for problem in error.problems:
            problems.add(f"battle.{problem.field}", problem.reason)
        return []
    if raw.get("pending") is None:
        problems.add("battle.pending", "a fight in progress lists its pending steps")
        return []
    state.battle = battle
    return pending
