"""A Battleground position read into a state: each part's fields one by one, defaults filled
in, references checked, every problem noted (core/position.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from rulekeeper.core import DataError, Deck, Reader, Step
from rulekeeper.core.flow import Flow
from rulekeeper.core.hexes import DIRECTION_NAMES, GROUND, Position, centre, neighbour
from rulekeeper.core.position import Problems, check_header, field_readers, read_record
from rulekeeper.core.record import plan_of, to_data
from rulekeeper.core.state import GameState
from rulekeeper.games.battleground import saves
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.content.effects import (
    COMMON_BUFFS,
    COMMON_DEBUFFS,
    Buff,
    Debuff,
)
from rulekeeper.games.battleground.content.pack import ContentPack
from rulekeeper.games.battleground.content.setups import FirstGameSide
from rulekeeper.games.battleground.model import (
    HAND_SIZE,
    Fighter,
    Mark,
    Placing,
    Side,
    Status,
    Turn,
)
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.combat import FISTS, AttackStep, knock_out_value
from rulekeeper.games.battleground.rules.deployment import FACTIONS
from rulekeeper.games.battleground.rules.round import PrepareStep, RoundStep
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP
from rulekeeper.games.battleground.rules.setup import ChooseFirstStep, DeployStep, RollOffStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundGame, BattlegroundState

    StateT = TypeVar("StateT", bound=BattlegroundState)
from rulekeeper.games.battleground.position.checks import check
from rulekeeper.games.battleground.position.fields import (
    CHARACTER_FIELDS,
    CHARACTER_SPECIAL,
    FORMAT,
    MAX_ROUNDS,
    MISSING,
    NULLABLE_TEXT,
    PHASES,
    PLAYER_FIELDS,
    PLAYER_SPECIAL,
    TOP_FIELDS,
    VERSIONS,
    Round,
    json_kind,
)
from rulekeeper.games.battleground.position.writing import procedure_phase, write_at


@dataclasses.dataclass
class Reading:
    """What the reading of a position found so far, and its problems."""

    game: BattlegroundGame
    doc: Mapping[str, Any]
    problems: Problems
    reader: Reader
    fighters: dict[str, Fighter] = dataclasses.field(default_factory=dict)
    listed: set[str] = dataclasses.field(default_factory=set)
    """The ids of the characters the position lists (their fields right or not)."""
    statuses: dict[str, list[dict[str, Any]]] = dataclasses.field(default_factory=dict)
    sides: list[Side] = dataclasses.field(default_factory=list)
    ordered: list[bool] = dataclasses.field(default_factory=list)
    dealt: list[bool] = dataclasses.field(default_factory=list)
    placing: dict[int, list[Placing]] = dataclasses.field(default_factory=dict)
    turns: list[Turn] = dataclasses.field(default_factory=list)
    marks: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    steps: list[Step[Any]] = dataclasses.field(default_factory=list)

    @property
    def field(self) -> Battlefield:
        return self.game.field

    @property
    def pack(self) -> ContentPack:
        return self.game.pack


def game_params(doc: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The game parameters a position sets (map, content, rounds), with their defaults. A bad
    header or parameter stops the reading here (with the unknown fields, every problem named)."""
    problems = Problems(source)
    if not isinstance(doc, Mapping):
        problems.add("<root>", "a position is an object")
        problems.check()
    check_header(doc, FORMAT, VERSIONS, problems)
    params: dict[str, Any] = {
        "map": doc.get("map", "first-game"),
        "content": doc.get("content"),
        "rounds": doc.get("rounds", 4),
    }
    if not isinstance(params["map"], str) or not params["map"]:
        problems.add("map", "a shipped map name or the path of a map file")
    if params["content"] is not None and not isinstance(params["content"], str):
        problems.add("content", "the path of a card folder, or null for the shipped cards")
    rounds = params["rounds"]
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        problems.add("rounds", f"an integer from 1 to {MAX_ROUNDS}")
    if problems:
        unknown_fields(doc, problems)
    problems.check()
    return params


def unknown_fields(
    entry: Mapping[str, Any], problems: Problems, known: Sequence[str] = TOP_FIELDS, path: str = ""
) -> None:
    """Note the fields of *entry* (at *path*; the top level by default) the format lacks."""
    for name in entry:
        if name not in known:
            where = f"{path}.{name}" if path else str(name)
            problems.add(where, f"unknown field (known: {', '.join(known)})")


def load(cls: type[StateT], game: BattlegroundGame, doc: Mapping[str, Any], seed: int) -> StateT:
    """The state *doc* describes, *seed* deciding what it leaves open; a PositionError names
    every problem of the position."""
    problems = Problems(game.position_source)
    reading = Reading(game, doc, problems, Reader(problems.source))
    unknown_fields(doc, problems)
    read_characters(reading)
    read_players(reading)
    read_turns(reading)
    read_marks(reading)
    read_procedure(reading, cls)
    state = build(cls, reading, seed)
    check_refs(state, reading)
    complete(state, reading)
    problems.check()
    check(state, problems)
    problems.check()
    return state


def check_refs(state: BattlegroundState, reading: Reading) -> None:
    """Note the references to nothing of this game (a character the position lists counts,
    even one whose own fields have problems)."""
    for ref in reading.reader.refs:
        if ref.kind == "character" and ref.value in reading.listed:
            continue
        problem = saves.ref_problem(state, ref)
        if problem is not None:
            reading.problems.add(ref.path, problem)


# --- characters


def read_characters(reading: Reading) -> None:
    """The ``characters``, in order (the order the rules go through them, e.g. discarding
    their cards at the clean-up): each on the battleground or knocked out."""
    raw = reading.doc.get("characters", [])
    problems = reading.problems
    if not isinstance(raw, list):
        problems.add("characters", "a list of characters: id, place, facing, ...")
        return
    places: dict[Position, str] = {}
    for index, entry in enumerate(raw):
        path = f"characters[{index}]"
        if not isinstance(entry, Mapping):
            problems.add(path, f"expected an object, got {json_kind(entry)}")
            continue
        key = entry.get("id")
        card = reading.pack.characters.get(key) if isinstance(key, str) else None
        if card is None or not isinstance(key, str):
            problems.add(f"{path}.id", f"unknown character {key!r}")
            continue
        if key in reading.listed:
            problems.add(f"{path}.id", f"{key} is there twice")
            continue
        reading.listed.add(key)
        owner = reading.game.owner_of_faction(card.faction)
        fighter = read_character(reading, key, owner, entry, path)
        if fighter is None:
            continue
        if not fighter.knocked_out:
            if fighter.position in places:
                problems.add(f"{path}.at", f"{places[fighter.position]} stands there")
            places[fighter.position] = key
        reading.fighters[key] = fighter


def read_character(
    reading: Reading, key: str, owner: int, entry: Mapping[str, Any], path: str
) -> Fighter | None:
    """One character, every bad field named; None if any was bad."""
    problems = reading.problems
    before = len(problems)
    unknown_fields(entry, problems, ("id", *CHARACTER_SPECIAL, *CHARACTER_FIELDS), path)
    readers = field_readers(Fighter)
    values: dict[str, Any] = {}
    for name, attribute in CHARACTER_FIELDS.items():
        if name in entry:
            read = readers[attribute][0]
            values[attribute] = read_value(reading, read, entry[name], f"{path}.{name}")
    if "weapons" not in entry:
        values["weapons"] = first_game_weapons(reading.pack, key)
    knocked_out = values.get("knocked_out") is True
    if "at" in entry:
        at = read_at(reading, entry["at"], f"{path}.at")
    elif knocked_out:
        at = min(reading.field.positions)
    else:
        problems.add(f"{path}.at", "missing: where the character stands, [q, r] or [q, r, level]")
        at = None
    facing = read_facing(reading, entry["facing"], f"{path}.facing") if "facing" in entry else None
    statuses = [
        status
        for slot in ("buff", "debuff")
        if slot in entry
        for status in [read_status(reading, slot, entry[slot], f"{path}.{slot}")]
        if status is not None
    ]
    if len(problems) > before or at is None:
        return None
    if facing is None:
        facing = facing_toward_enemy(reading.field, at, owner)
    fighter = Fighter(key, owner, at.q, at.r, at.level, facing, **values)
    for status in statuses:
        setattr(fighter, status["slot"], status["name"])
    if statuses:
        reading.statuses[key] = statuses
    return fighter


def read_value(
    reading: Reading, read: Callable[[Any, Reader, str], Any], value: Any, path: str
) -> Any:
    """*value* read by *read*, a field's read function (references noted for checking); a
    problem is noted."""
    try:
        return read(value, reading.reader, path)
    except DataError as error:
        reading.problems.note(error)
        return MISSING


def read_at(reading: Reading, value: Any, path: str) -> Position | None:
    """A place ``[q, r]`` (on the ground) or ``[q, r, level]`` of the battlefield."""
    ok = isinstance(value, list) and len(value) in (2, 3)
    if ok and not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        ok = False
    if not ok:
        reading.problems.add(path, f"a place is [q, r] or [q, r, level], not {value!r}")
        return None
    pos = Position(value[0], value[1], value[2] if len(value) == 3 else GROUND)
    if pos not in reading.field.positions:
        reading.problems.add(path, f"{write_at(pos)} is not a place of {reading.field.name}")
        return None
    return pos


def read_facing(reading: Reading, value: Any, path: str) -> int | None:
    """A direction: its name (E, NE, NW, W, SW, SE) or its number 0 to 5."""
    if isinstance(value, str) and value.upper() in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(value.upper())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5:
        return value
    names = ", ".join(DIRECTION_NAMES)
    reading.problems.add(path, f"a direction is one of {names} (or 0 to 5), not {value!r}")
    return None


def facing_toward_enemy(field: Battlefield, at: Position, owner: int) -> int:
    """The direction from *at* closest to the middle of the enemy's deployment zone."""
    enemy = sorted(field.zones.get(1 - owner, ()))
    if not enemy:
        return 0
    ex, ey = centre(enemy[len(enemy) // 2])

    def gap(direction: int) -> float:
        x, y = centre(neighbour(at.hex, direction))
        return (x - ex) ** 2 + (y - ey) ** 2

    return min(range(6), key=gap)


def first_game_weapons(pack: ContentPack, character: str) -> tuple[str, ...]:
    """The weapons the First Game Setup gives *character* (none if it is not in it)."""
    for side in pack.setups.first_game.sides:
        for entry in side.characters:
            if entry.character == character:
                return tuple(entry.weapons)
    return ()


def read_status(reading: Reading, slot: str, value: Any, path: str) -> dict[str, Any] | None:
    """A buff or debuff: a name, or ``{name, ongoing, on_removed}`` for a unique one; a unique
    one given by name alone carries the rules the cards give it."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        data: dict[str, Any] = {"name": value}
        if value not in (COMMON_BUFFS if slot == "buff" else COMMON_DEBUFFS):
            rules = unique_status_rules(reading.pack, slot, value)
            if not rules:
                common = ", ".join(COMMON_BUFFS if slot == "buff" else COMMON_DEBUFFS)
                reason = f"no {slot} {value!r} (common: {common}; or a unique one of the cards)"
                reading.problems.add(path, reason)
                return None
            data.update(rules)
    elif isinstance(value, Mapping):
        data = dict(value)
    else:
        reading.problems.add(path, f"a {slot} is a name, or an object with its name and rules")
        return None
    if "slot" in data:
        reading.problems.add(f"{path}.slot", "unknown field (the slot is where it is written)")
        return None
    status = read_record(Status, {"slot": slot, **data}, reading.problems, path, reading.reader)
    return None if status is None else to_data(status)


def unique_status_rules(pack: ContentPack, slot: str, name: str) -> dict[str, Any]:
    """The rules (``ongoing``, ``on_removed``) the pack gives the unique buff or debuff
    *name*, or nothing for a common one."""
    stack: list[Any] = [
        *pack.characters.values(),
        *pack.weapons.values(),
        *pack.items.values(),
        *pack.fate.values(),
        *pack.glory.values(),
    ]
    key = (slot, name)
    while stack:
        item = stack.pop()
        if isinstance(item, Buff | Debuff) and item.unique and (item.kind, item.name) == key:
            return status_rules(item)
        if isinstance(item, BaseModel):
            stack.extend(getattr(item, key) for key in type(item).model_fields)
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
    return {}


def status_rules(status: Buff | Debuff) -> dict[str, Any]:
    """The rules a unique status carries, as data (``ongoing``, ``on_removed``)."""
    rules: dict[str, Any] = {}
    if status.ongoing is not None:
        rules["ongoing"] = status.ongoing.model_dump(mode="json")
    if status.on_removed is not None:
        rules["on_removed"] = [effect.model_dump(mode="json") for effect in status.on_removed]
    return rules


# --- players


def read_players(reading: Reading) -> None:
    """The ``players``: two entries, player 0's and player 1's cards and score."""
    raw = reading.doc.get("players", [{}, {}])
    problems = reading.problems
    if not isinstance(raw, list) or len(raw) != 2:
        problems.add("players", "a list of two entries: player 0's, then player 1's")
        raw = [{}, {}]
    for player, entry in enumerate(raw):
        path = f"players[{player}]"
        if not isinstance(entry, Mapping):
            problems.add(path, f"expected an object, got {json_kind(entry)}")
            entry = {}
        reading.sides.append(read_player(reading, player, entry, path))
        reading.ordered.append(entry.get("draw_ordered") is True)
        reading.dealt.append("hand" not in entry)


def read_player(reading: Reading, player: int, entry: Mapping[str, Any], path: str) -> Side:
    """One player's side (its draw pile as given: defaults come once the state is built)."""
    problems = reading.problems
    unknown_fields(entry, problems, (*PLAYER_FIELDS, *PLAYER_SPECIAL), path)
    readers = field_readers(Side)
    values: dict[str, Any] = {}
    for name, attribute in PLAYER_FIELDS.items():
        if name not in entry:
            continue
        value = entry[name]
        if name in NULLABLE_TEXT and value is None:
            value = ""
        found = read_value(reading, readers[attribute][0], value, f"{path}.{name}")
        if found is not MISSING:
            values[attribute] = found
    cards = plan_of(list[str])
    draw = _read_cards(reading, cards, entry, "draw", path)
    discard = _read_cards(reading, cards, entry, "discard", path) or []
    ordered = entry.get("draw_ordered", False)
    if not isinstance(ordered, bool):
        problems.add(f"{path}.draw_ordered", "true (the draw pile is given top first) or false")
    elif ordered and "draw" not in entry:
        problems.add(f"{path}.draw_ordered", "no draw pile is given to keep in order")
    reading.placing[player] = read_placing(reading, entry.get("to_deploy", []), path)
    pile = default_draw(reading, player, entry) if draw is None else list(reversed(draw))
    return Side(Deck(pile, discard), **values)


def _read_cards(
    reading: Reading, plan: Any, entry: Mapping[str, Any], name: str, path: str
) -> list[str] | None:
    """A pile of fate cards (``draw`` or ``discard``), or None when it is not given."""
    if name not in entry:
        return None
    where = f"{path}.{name}"
    try:
        cards: list[str] = plan.read(entry[name], reading.reader, where)
    except DataError as error:
        reading.problems.note(error)
        return None
    bad = [i for i, card in enumerate(cards) if card not in reading.pack.fate]
    for index in bad:
        reading.problems.add(f"{where}[{index}]", f"unknown fate card {cards[index]!r}")
    return None if bad else cards


def read_placing(reading: Reading, raw: Any, path: str) -> list[Placing]:
    """Standard Setup: the characters a player has still to deploy, with their equipment."""
    if not isinstance(raw, list):
        reading.problems.add(f"{path}.to_deploy", "a list of {character, weapons, items}")
        return []
    out: list[Placing] = []
    for index, entry in enumerate(raw):
        where = f"{path}.to_deploy[{index}]"
        placing = read_record(Placing, entry, reading.problems, where, reading.reader)
        if placing is not None:
            out.append(placing)
    return out


def faction_side(reading: Reading, player: int) -> FirstGameSide | None:
    """The First Game Setup side of the faction that *player* plays on this map."""
    faction = reading.field.zone_factions.get(player) or FACTIONS[player]
    for side in reading.pack.setups.first_game.sides:
        if side.faction == faction:
            return side
    return None


def default_draw(reading: Reading, player: int, entry: Mapping[str, Any]) -> list[str]:
    """The draw pile of a player who gives none: their faction's First Game fate deck without
    the cards the position puts elsewhere (hand, discard, selected, played)."""
    side = faction_side(reading, player)
    if side is None:
        return []
    cards = [card for card, n in sorted(side.fate_deck.items()) for _ in range(n)]
    elsewhere = [*_strings(entry.get("hand")), *_strings(entry.get("discard"))]
    elsewhere += _strings([entry.get("selected")])
    elsewhere += _played_by(reading, player)
    for card in elsewhere:
        if card in cards:
            cards.remove(card)
    return cards


def _played_by(reading: Reading, player: int) -> list[str]:
    """Cards the position shows *player* played: on characters and in turns."""
    played: list[str] = []
    characters = reading.doc.get("characters")
    for entry in characters if isinstance(characters, list) else []:
        if isinstance(entry, Mapping):
            card = reading.pack.characters.get(str(entry.get("id")))
            if card is not None and reading.game.owner_of_faction(card.faction) == player:
                played += _strings(entry.get("played"))
    turns = reading.doc.get("turns")
    if isinstance(turns, list):
        for turn in turns:
            if isinstance(turn, Mapping):
                card = reading.pack.characters.get(str(turn.get("character")))
                if card is not None and reading.game.owner_of_faction(card.faction) == player:
                    played += _strings(turn.get("cards"))
    return played


def _strings(value: Any) -> list[str]:
    """The texts in *value* (a list), for defaults computed from fields not yet checked."""
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []


# --- turns, marks, procedure


def _objects(reading: Reading, name: str, expected: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Each object of the list *name* with its path; a problem noted for anything else."""
    raw = reading.doc.get(name, [])
    if not isinstance(raw, list):
        reading.problems.add(name, expected)
        return
    for index, entry in enumerate(raw):
        path = f"{name}[{index}]"
        if not isinstance(entry, Mapping):
            reading.problems.add(path, f"expected an object, got {json_kind(entry)}")
            continue
        yield path, entry


def read_turns(reading: Reading) -> None:
    """The ``turns``: the activation in progress, then the interruptions inside it."""
    for path, entry in _objects(reading, "turns", "a list: the activation, then its interruptions"):
        if "player" in entry:
            reading.problems.add(f"{path}.player", "unknown field (the character's player acts)")
            continue
        character = entry.get("character")
        card = reading.pack.characters.get(character) if isinstance(character, str) else None
        player = reading.game.owner_of_faction(card.faction) if card is not None else 0
        data = {**entry, "player": player}
        if data.get("interrupted") is None:
            data["interrupted"] = ""
        turn = read_record(Turn, data, reading.problems, path, reading.reader)
        if turn is not None:
            reading.turns.append(turn)


def read_marks(reading: Reading) -> None:
    """The ``marks`` on the battleground (rulebook: Marks)."""
    for path, entry in _objects(reading, "marks", "a list of marks"):
        if "customs" in entry:
            reading.problems.add(f"{path}.customs", "unknown field (it follows from effects)")
            continue
        data = dict(entry)
        if "at" in data:
            at = read_at(reading, data["at"], f"{path}.at")
            if at is None:
                continue
            data["at"] = list(at)
        effects = data.get("effects")
        data["customs"] = [
            e.get("id")
            for e in (effects if isinstance(effects, list) else [])
            if isinstance(e, Mapping) and e.get("kind") == "custom"
        ]
        mark = read_record(Mark, data, reading.problems, path, reading.reader)
        if mark is not None:
            reading.marks.append(to_data(mark))


def read_procedure(reading: Reading, cls: type[BattlegroundState]) -> None:
    """The pending steps, bottom first: given (``procedure``) or the phase's default."""
    doc, problems = reading.doc, reading.problems
    phase = doc.get("phase")
    if phase is not None and phase not in PHASES:
        problems.add("phase", f"one of {', '.join(PHASES)}, not {phase!r}")
        return
    if "procedure" not in doc:
        reading.steps = default_procedure(reading, phase or "activation")
        return
    raw = doc["procedure"]
    if not isinstance(raw, list):
        problems.add("procedure", "a list of steps, bottom first")
        return
    for index, entry in enumerate(raw):
        step = read_step(reading, cls, entry, f"procedure[{index}]")
        if step is not None:
            reading.steps.append(step)
    if len(reading.steps) != len(raw):
        return
    found = "over" if phase == "over" else procedure_phase(reading.steps)
    if phase is not None and phase != found:
        problems.add("phase", f"the procedure is in the {found} phase, not {phase}")


def read_step(
    reading: Reading, cls: type[BattlegroundState], entry: Any, path: str
) -> Step[Any] | None:
    """A step: its kind name, or an object with its kind and fields."""
    if isinstance(entry, str):
        entry = {"kind": entry}
    if not isinstance(entry, Mapping):
        reading.problems.add(path, "a step is its kind, or an object with its kind and fields")
        return None
    kind = entry.get("kind")
    step_class = cls.STEPS.get(kind) if isinstance(kind, str) else None
    if step_class is None:
        known = ", ".join(cls.STEPS.kinds)
        reading.problems.add(f"{path}.kind", f"unknown step kind {kind!r} (known: {known})")
        return None
    body = {k: v for k, v in entry.items() if k != "kind"}
    if step_class is AttackStep:
        body = {**attack_defaults(reading, body), **body}
    return read_record(step_class, body, reading.problems, path, reading.reader)


def attack_defaults(reading: Reading, body: Mapping[str, Any]) -> dict[str, Any]:
    """What an attack step leaves out when written by hand: it was just declared (Attack): the
    attack test comes next, against the target where it stands, in the turn on top."""
    out: dict[str, Any] = {
        "done": [],
        "hits": [],
        "stage": "attack-test",
        "focus": False,
        "attack_successes": 0,
        "defence_successes": 0,
        "interruption": reading.turns[-1].kind if reading.turns else "activation",
    }
    weapon = body.get("weapon")
    if weapon == FISTS:
        out["type"] = "melee"
    elif isinstance(weapon, str) and weapon in reading.pack.weapons:
        out["type"] = reading.pack.weapons[weapon].type
    target = body.get("target")
    if isinstance(target, str):
        out["initial"] = target
        if target in reading.fighters:
            out["origin"] = list(reading.fighters[target].position)
    return out


def default_procedure(reading: Reading, phase: str) -> list[Step[Any]]:
    """The procedure of a position that gives none: the start of its phase (the roll-off, or
    the deployment once the first player is known; both players preparing; the card
    selection), with an act step for each turn in progress."""
    first = reading.doc.get("first_player", 0)
    first = first if first in (0, 1) and not isinstance(first, bool) else 0
    if phase == "setup":
        if "first_player" in reading.doc and any(reading.placing.values()):
            return [RoundStep(), DeployStep(player=first)]
        return [RollOffStep(rolls=[])]
    if phase == "over":
        return []
    if phase == "preparation":
        return [RoundStep(), PrepareStep(player=1 - first), PrepareStep(player=first)]
    return [RoundStep(), *(ActStep(player=turn.player) for turn in reading.turns)]


# --- the state


def build(cls: type[StateT], reading: Reading, seed: int) -> StateT:
    """The state from what was read (not checked yet), *seed* giving its random stream."""
    doc, problems = reading.doc, reading.problems
    state = object.__new__(cls)
    GameState.__init__(state, reading.game, seed)
    state.phase = "over" if doc.get("phase") == "over" else "play"
    state.round = _top(reading, "round", 1, Round)
    if state.round > reading.game.rounds:
        problems.add("round", f"after the last round, {reading.game.rounds} (rounds)")
    setup = bool(reading.steps) and isinstance(reading.steps[0], RollOffStep | ChooseFirstStep)
    state.first_player = _seat(reading, "first_player", -1 if setup else 0)
    state.winner = _seat(reading, "winner", -1)
    state.result = _top(reading, "result", "", str)
    if state.phase != "over":
        for name in ("winner", "result"):
            if doc.get(name) not in (None, ""):
                problems.add(name, "only a game that is over has one (phase: over)")
    state.fighters = reading.fighters
    state.statuses = reading.statuses
    state.sides = reading.sides or [Side(Deck()), Side(Deck())]
    state.turns = reading.turns
    state.marks = reading.marks
    state.placing = {0: reading.placing.get(0, []), 1: reading.placing.get(1, [])}
    state.objectives = read_objectives(reading)
    state.flow = Flow(reading.steps)
    return state


def _top(reading: Reading, name: str, default: Any, tp: Any) -> Any:
    """A top-level field read as *tp*, or *default* when absent or bad (a problem noted)."""
    if name not in reading.doc:
        return default
    found = read_value(reading, plan_of(tp).read, reading.doc[name], name)
    return default if found is MISSING else found


def _seat(reading: Reading, name: str, default: int) -> int:
    """A top-level player field: 0, 1 or null (-1 in the state)."""
    value = reading.doc.get(name, MISSING)
    if value is MISSING:
        return default
    if value is None:
        return -1
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)
    reading.problems.add(name, f"0, 1 or null, not {value!r}")
    return default


def read_objectives(reading: Reading) -> dict[str, tuple[int, ...]]:
    """The objective tokens still on the battleground (default: those no player claimed)."""
    tokens = reading.field.objectives
    raw = reading.doc.get("objectives", MISSING)
    if raw is MISSING:
        claimed = {o for side in reading.sides for o in side.objectives}
        names = [name for name in sorted(tokens) if name not in claimed]
    elif isinstance(raw, list) and all(isinstance(v, str) for v in raw):
        names = []
        for index, name in enumerate(raw):
            if name not in tokens:
                reading.problems.add(f"objectives[{index}]", f"no objective {name!r} on the map")
            elif name in names:
                reading.problems.add(f"objectives[{index}]", f"{name} is there twice")
            else:
                names.append(name)
    else:
        reading.problems.add("objectives", "a list of the map's objective token ids")
        names = []
    return {name: tuple(tokens[name]) for name in sorted(names)}


def complete(state: BattlegroundState, reading: Reading) -> None:
    """Fill in the defaults that need the state: decks in order, hands, glory cards, victory
    points and activation counts."""
    for player, side in enumerate(state.sides):
        entry = _player_entry(reading, player)
        if not reading.ordered[player]:
            side.deck.shuffle(state.rng.derive(f"fate-{player}"))
        if reading.dealt[player]:
            side.hand = side.deck.draw(HAND_SIZE)
        if "glory" not in entry:
            side.glory = default_glory(reading, player, side)
        scored = score(state, player)
        if "vp" not in entry:
            side.vp = scored
        elif side.vp != scored:
            reading.problems.add(
                f"players[{player}].vp",
                f"{side.vp}, but the objectives, knock-outs and missions give {scored}",
            )
        if "activations" not in entry:
            side.activations = sum(
                f.activated and not f.knocked_out for f in state.on_board(player)
            ) + bool(state.turns and state.turns[0].player == player)


def _player_entry(reading: Reading, player: int) -> Mapping[str, Any]:
    """The position's entry of *player* (empty when it has none or a bad one)."""
    raw = reading.doc.get("players")
    if isinstance(raw, list) and len(raw) == 2 and isinstance(raw[player], Mapping):
        entry: Mapping[str, Any] = raw[player]
        return entry
    return {}


def default_glory(reading: Reading, player: int, side: Side) -> list[str]:
    """The glory cards of a player who gives none: their faction's First Game glory cards not
    played yet."""
    setup = faction_side(reading, player)
    if setup is None:
        return []
    gone = {*side.glory_used, *side.glory_done, side.selected}
    return [card for card in setup.glory if card not in gone]


def score(state: BattlegroundState, player: int) -> int:
    """Scoring: the victory points of what *player* claimed, knocked out and completed."""
    side = state.sides[player]
    knocked = [state.fighters[c] for c in side.knocked_out_enemies if c in state.fighters]
    return (
        OBJECTIVE_VP * len(side.objectives)
        + sum(knock_out_value(state, fighter) for fighter in knocked)
        + sum(state.pack.glory[card].vp for card in side.glory_done if card in state.pack.glory)
    )
