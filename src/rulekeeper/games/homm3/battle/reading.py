"""Reading a battle file (docs/homm3-battle.md) into a battle and its pending steps; every
problem is noted with its field, and nothing is built from a file with problems."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from rulekeeper.core import NO_SEAT, DataError, JsonObject, Pcg32, Reader, Seating
from rulekeeper.core.flow import Step, StepKinds
from rulekeeper.core.lasting import Lasting
from rulekeeper.core.position import Problems, check_header, read_record
from rulekeeper.core.record import from_data
from rulekeeper.games.homm3.battle import neutrals
from rulekeeper.games.homm3.battle.checks import known_card, overlay_card, seats_of
from rulekeeper.games.homm3.battle.fields import (
    FORMAT,
    MAX_CARDS,
    MAX_UNITS,
    OPTIONS,
    SIDE_FIELDS,
    SINCE_VERSION_2,
    TOP_FIELDS,
    UNIT_FIELDS,
    VERSIONS,
)
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import (
    AI,
    ARMY_KINDS,
    MODES,
    OFF_BOARD,
    TOWER,
    Army,
    Battle,
    Hero,
    Obstacle,
    Site,
    Unit,
)
from rulekeeper.games.homm3.combat.result import CombatResult, result_data
from rulekeeper.games.homm3.combat.rounds import BattleStep
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING
from rulekeeper.games.homm3.content.locations import RESOURCES
from rulekeeper.games.homm3.content.pack import ContentPack


def _choice(
    doc: Mapping[str, Any], key: str, allowed: tuple[str, ...], problems: Problems, default: str
) -> str:
    value = doc.get(key, default)
    if value not in allowed:
        problems.add(key, f"must be one of {', '.join(allowed)}, not {value!r}")
        return default
    return str(value)


def _int(value: Any, lo: int, hi: int, problems: Problems, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        problems.add(path, f"must be an integer from {lo} to {hi}")
        return lo
    return value


def _flag(value: Any, problems: Problems, path: str) -> bool:
    if not isinstance(value, bool):
        problems.add(path, "must be true or false")
        return False
    return value


def _ids(value: Any, problems: Problems, path: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.add(path, "must be a list of card ids")
        return []
    if len(value) > MAX_CARDS:
        problems.add(path, f"more than {MAX_CARDS} cards")
        return []
    return list(value)


def _cards(value: Any, known: Callable[[str], bool], problems: Problems, path: str) -> list[str]:
    """A list of card ids, each one *known* (every unknown one noted)."""
    found = _ids(value, problems, path)
    for index, card_id in enumerate(found):
        if not known(card_id):
            problems.add(f"{path}[{index}]", f"unknown card {card_id!r}")
    return found


def _text(value: Any, problems: Problems, path: str) -> str:
    """A short text (an id), or "" with the problem noted."""
    if not isinstance(value, str) or len(value) > 60:
        problems.add(path, "must be a text of at most 60 characters")
        return ""
    return value


def _gains(value: Any, problems: Problems, path: str) -> dict[str, int]:
    """Resources by name (Gold, Building Materials, Valuables), each an amount from 0 to 999."""
    if not isinstance(value, Mapping):
        problems.add(path, f"must be an object of resources ({', '.join(RESOURCES)})")
        return {}
    found: dict[str, int] = {}
    for name, amount in value.items():
        if name not in RESOURCES:
            problems.add(f"{path}.{name}", f"not a resource (known: {', '.join(RESOURCES)})")
        else:
            found[name] = _int(amount, 0, 999, problems, f"{path}.{name}")
    return {name: found[name] for name in RESOURCES if found.get(name)}


def version_1_problems(doc: Mapping[str, Any], problems: Problems) -> None:
    """Note each field of *doc* that version 2 added, if *doc* says it is version 1."""
    if doc.get("version") != 1:
        return
    for side in ("attacker", "defender"):
        side_doc = doc.get(side)
        if not isinstance(side_doc, Mapping):
            continue
        hero = side_doc.get("hero")
        found = [f"{side}.{key}" for key in SINCE_VERSION_2["side"] if key in side_doc]
        if isinstance(hero, Mapping):
            found += [f"{side}.hero.{key}" for key in SINCE_VERSION_2["hero"] if key in hero]
        for path in found:
            problems.add(path, "a field of version 2 (the file says version 1)")
    result = doc.get("result")
    sides = result.get("sides") if isinstance(result, Mapping) else None
    for index, side_result in enumerate(sides if isinstance(sides, list) else []):
        if isinstance(side_result, Mapping) and "card_gains" in side_result:
            where = f"result.sides[{index}].card_gains"
            problems.add(where, "a field of version 2 (the file says version 1)")


def version_2(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A version-1 battle file as the same battle in version 2, as the engine writes it: every
    hero holds no Building Materials or Valuables."""
    if doc.get("version") != 1:
        return dict(doc)
    found: dict[str, Any] = {**doc, "version": 2}
    for side in ("attacker", "defender"):
        side_doc = found.get(side)
        if isinstance(side_doc, Mapping) and isinstance(side_doc.get("hero"), Mapping):
            hero = {"materials": 0, "valuables": 0, **side_doc["hero"]}
            found[side] = {**side_doc, "hero": hero}
    return found


def _unit(
    raw: Any, side: int, pack: ContentPack, problems: Problems, path: str, taken: set[str]
) -> Unit | None:
    if isinstance(raw, str):
        raw = {"card": raw}
    if not isinstance(raw, Mapping):
        problems.add(path, "a unit is a card id or an object with a card")
        return None
    for key in raw:
        if key not in UNIT_FIELDS:
            problems.add(f"{path}.{key}", f"unknown field (known: {', '.join(UNIT_FIELDS)})")
    card_id = raw.get("card")
    if not isinstance(card_id, str) or (card_id not in pack.units and card_id != pack.tower.id):
        problems.add(f"{path}.card", f"unknown unit card {card_id!r}")
        return None
    card = pack.unit(card_id)
    face = raw.get("side", "few")
    if face not in ("few", "pack") or (face == "pack" and not card.two_sided):
        problems.add(f"{path}.side", f"{card.name} has no {face!r} side")
        face = "few"
    uid = raw.get("id")
    if uid is None:
        uid, n = card_id, 2
        while uid in taken:
            uid, n = f"{card_id}-{n}", n + 1
    if not isinstance(uid, str) or not uid or len(uid) > 60 or uid in taken:
        problems.add(f"{path}.id", f"{uid!r} is not a new unit id")
        return None
    taken.add(uid)
    number = _field(raw.get("field"), card_id == pack.tower.id, side, problems, f"{path}.field")
    unit = Unit(
        id=uid,
        card=card_id,
        side=side,
        face=face,
        damage=_int(raw.get("damage", 0), 0, 999, problems, f"{path}.damage"),
        field=number,
        destroyed=_flag(raw.get("destroyed", False), problems, f"{path}.destroyed"),
        defending=_flag(raw.get("defending", False), problems, f"{path}.defending"),
        paralysed=_flag(raw.get("paralysed", False), problems, f"{path}.paralysed"),
        activated=_flag(raw.get("activated", False), problems, f"{path}.activated"),
        retaliations=_int(raw.get("retaliations", 0), 0, 999, problems, f"{path}.retaliations"),
        was_pack=_flag(raw.get("was_pack", face == "pack"), problems, f"{path}.was_pack"),
        used=_ids(raw.get("used", []), problems, f"{path}.used"),
        overlay=_text(raw.get("overlay", ""), problems, f"{path}.overlay"),
        under_damage=_int(raw.get("under_damage", 0), 0, 999, problems, f"{path}.under_damage"),
    )
    if unit.overlay and not overlay_card(pack, unit.overlay):
        problems.add(f"{path}.overlay", f"unknown card {unit.overlay!r} laid on the unit")
    if unit.destroyed and number >= 0:
        problems.add(f"{path}.field", "a destroyed unit is off the board")
    return unit


def _field(value: Any, tower: bool, side: int, problems: Problems, path: str) -> int:
    """The field a unit stands on: a1 to d5, 'tower' for the Arrow Tower, or none (off the
    board)."""
    if value == "tower" or tower:
        if value != "tower" or not tower or side != 1:
            problems.add(path, "the Arrow Tower is the defender's, at field 'tower'")
        return TOWER
    if value is None:
        return OFF_BOARD
    if not isinstance(value, str) or value not in board.NAMES:
        problems.add(path, f"{value!r} is not a field (a1 to d5)")
        return OFF_BOARD
    return board.NAMES[value]


def _side(
    doc: Any,
    index: int,
    battle_doc: Mapping[str, Any],
    pack: ContentPack,
    rng: Pcg32,
    problems: Problems,
    taken: set[str],
) -> tuple[Army, list[Unit]] | None:
    name = ("attacker", "defender")[index]
    if not isinstance(doc, Mapping):
        problems.add(name, "missing, or not an object")
        return None
    for key in doc:
        if key not in SIDE_FIELDS:
            problems.add(f"{name}.{key}", f"unknown field (known: {', '.join(SIDE_FIELDS)})")
    kind = doc.get("kind")
    if kind not in ARMY_KINDS:
        problems.add(f"{name}.kind", f"must be one of {', '.join(ARMY_KINDS)}")
        return None
    hero = None
    if "hero" in doc:
        hero = read_record(Hero, doc["hero"], problems, f"{name}.hero", Reader(problems.source))
    if hero is not None:
        for pile in ("hand", "deck", "discard"):
            for position, card_id in enumerate(getattr(hero, pile)):
                try:
                    pack.card(card_id)
                except KeyError:
                    where = f"{name}.hero.{pile}[{position}]"
                    problems.add(where, f"unknown Might & Magic card {card_id!r}")
    raw_units = doc.get("units", [])
    if doc.get("draw", False) is True:
        site = battle_doc.get("site") or {}
        level = site.get("difficulty") if isinstance(site, Mapping) else None
        if kind != "neutral" or raw_units:
            problems.add(f"{name}.draw", "only neutral units with no units listed are drawn")
        elif not isinstance(level, int) or not 1 <= level <= 7:
            problems.add(f"{name}.draw", "drawing needs site.difficulty from 1 to 7")
        else:
            difficulty = battle_doc.get("difficulty", "normal")
            if difficulty in neutrals.DIFFICULTIES:
                raw_units = neutrals.draw(pack, level, difficulty, rng)
    if not isinstance(raw_units, list):
        problems.add(f"{name}.units", "must be a list")
        raw_units = []
    if len(raw_units) > MAX_UNITS:
        problems.add(f"{name}.units", f"more than {MAX_UNITS} units (the size limit of a side)")
        raw_units = []
    units = []
    for position, raw in enumerate(raw_units):
        unit = _unit(raw, index, pack, problems, f"{name}.units[{position}]", taken)
        if unit is not None:
            units.append(unit)
    mode = battle_doc.get("mode", "clash")
    try:
        army = Army(
            kind=str(kind),
            seat=0,
            units=[u.id for u in units],
            hero=hero,
            spells_cast=_int(doc.get("spells_cast", 0), 0, 999, problems, f"{name}.spells_cast"),
            ai_discard=_ids(doc.get("ai_discard", []), problems, f"{name}.ai_discard"),
            ai_spells=_ids(doc.get("ai_spells", []), problems, f"{name}.ai_spells"),
            ai_skill=_text(doc.get("ai_skill", ""), problems, f"{name}.ai_skill"),
        )
        if "ai_deck" in doc:
            army.ai_deck = _ids(doc["ai_deck"], problems, f"{name}.ai_deck")
        elif kind == "ai-hero":  # the whole AI deck, shuffled by the seed
            army.ai_deck = [c.id for c in pack.ai_cards.values() for _ in range(c.copies)]
            rng.shuffle(army.ai_deck)
        for field_name in ("ai_deck", "ai_discard"):
            for card_id in getattr(army, field_name):
                if card_id not in pack.ai_cards:
                    problems.add(f"{name}.{field_name}", f"unknown AI card {card_id!r}")
        for card_id in army.ai_spells:
            if card_id not in pack.spells:
                problems.add(f"{name}.ai_spells", f"unknown spell {card_id!r}")
        if army.ai_skill and army.ai_skill not in pack.abilities:
            problems.add(f"{name}.ai_skill", f"unknown Ability card {army.ai_skill!r}")
        if kind != "ai-hero" and (army.ai_deck or army.ai_spells or army.ai_skill):
            problems.add(name, "only an AI hero has an AI deck, spells and skill")
    except ValueError as error:
        problems.add(name, str(error))
        return None
    del mode
    return army, units


def _list(doc: Mapping[str, Any], key: str, problems: Problems) -> list[Any]:
    """The list at *key* (none if it is missing or null)."""
    found = doc.get(key) or []
    if not isinstance(found, list):
        problems.add(key, "must be a list")
        return []
    return found


def read_result(doc: Mapping[str, Any], problems: Problems, reader: Reader) -> JsonObject | None:
    """A finished battle's ``result``: a combat result (result.py :class:`CombatResult`, every
    field checked) as data, or None."""
    raw = doc.get("result")
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        problems.add("result", "must be an object")
        return None
    try:
        return result_data(from_data(CombatResult, raw, reader, "result"))
    except DataError as error:
        problems.note(error)
        return None


def seat_sides(
    armies: list[Army], mode: str, seating: Seating | None, decider: int, problems: Problems
) -> int:
    """Seat the two sides: the players' sides by the mode (checks.py ``seats_of``), each
    played by the seat the *seating* maps it to (none: the combat game's own seats, the
    battle file's *decider*); the seat that breaks the AI's ties."""
    battle_seats = seats_of(mode, (armies[0].kind, armies[1].kind))
    players = sum(1 for seat in battle_seats if seat != AI)
    seating = seating or Seating.alone(players, decider)
    if len(seating.seats) != players or NO_SEAT in seating.seats:
        problems.add("mode", f"the battle has {players} players; the host seats {seating.seats}")
        return seating.decider
    for army, seat in zip(armies, battle_seats, strict=True):
        army.seat = AI if seat == AI else seating.host(seat)
    return seating.decider


def read_battle(
    doc: Mapping[str, Any],
    pack: ContentPack,
    rng: Pcg32,
    steps: StepKinds,
    source: str,
    reader: Reader | None = None,
    seating: Seating | None = None,
) -> tuple[Battle, list[Step[Any]]]:
    """The battle *doc* describes and its pending steps; raises a PositionError naming every
    problem. *rng* draws what the file leaves open (neutral units by the table); the references
    the steps make go to *reader* (the game checks them against the battle). A host game gives
    its *seating* (core/subgame.py): who plays the battle's player seats 0 and 1, and who
    breaks the AI's ties (it replaces the file's ``decider``)."""
    # A finished battle's ``result`` is read by the game (game.py), with its pending steps [].
    problems = Problems(source)
    check_header(doc, FORMAT, VERSIONS, problems)
    version_1_problems(doc, problems)
    for key in doc:
        if key not in TOP_FIELDS:
            problems.add(str(key), f"unknown field (known: {', '.join(TOP_FIELDS)})")
    mode = _choice(doc, "mode", MODES, problems, "clash")
    difficulty = _choice(doc, "difficulty", neutrals.DIFFICULTIES, problems, "normal")
    options_doc = doc.get("options", {})
    options: dict[str, str] = {}
    if not isinstance(options_doc, Mapping):
        problems.add("options", "must be an object")
        options_doc = {}
    for key in options_doc:
        if key not in OPTIONS:
            problems.add(f"options.{key}", f"unknown option (known: {', '.join(OPTIONS)})")
    for key, allowed in OPTIONS.items():
        value = options_doc.get(key, allowed[0])
        if isinstance(value, bool):
            value = "yes" if value else "no"
        if value not in allowed:
            problems.add(f"options.{key}", f"must be one of {', '.join(allowed)}")
            value = allowed[0]
        options[key] = str(value)
    site = read_record(Site, doc.get("site", {}), problems, "site") or Site()
    taken: set[str] = set()
    attacker = _side(doc.get("attacker"), 0, doc, pack, rng, problems, taken)
    defender = _side(doc.get("defender"), 1, doc, pack, rng, problems, taken)
    obstacles = []
    for index, raw in enumerate(_list(doc, "obstacles", problems)):
        if isinstance(raw, Mapping) and isinstance(raw.get("field"), str):
            raw = {**raw, "field": board.NAMES.get(raw["field"], -99)}
        found = read_record(Obstacle, raw, problems, f"obstacles[{index}]")
        if found is not None:
            if board.row_of(found.field) != board.MIDDLE_ROW:
                problems.add(
                    f"obstacles[{index}].field", "walls and the gate stand in the middle row"
                )
            obstacles.append(found)
    problems.check()
    assert attacker is not None and defender is not None
    armies = [attacker[0], defender[0]]
    decider = _int(doc.get("decider", 0), 0, 1, problems, "decider")
    decider = seat_sides(armies, mode, seating, decider, problems)
    units = {u.id: u for u in [*attacker[1], *defender[1]]}
    siege = site.kind == "town" and site.citadel and not site.captured
    if siege and pack.tower.id not in units and not doc.get("pending"):
        units[pack.tower.id] = Unit(id=pack.tower.id, card=pack.tower.id, side=1, field=TOWER)
        armies[1].units.append(pack.tower.id)
    battle = Battle(
        mode=mode,
        difficulty=difficulty,
        options=options,
        site=site,
        armies=armies,
        units=units,
        obstacles=obstacles,
        round=_int(doc.get("round", 0), 0, 999, problems, "round"),
        extensions=_int(doc.get("extensions", 0), 0, 999, problems, "extensions"),
        last_initiative=_int(doc.get("last_initiative", -1), -1, 99, problems, "last_initiative"),
        last_side=_int(doc.get("last_side", -1), -1, 1, problems, "last_side"),
        decider=decider,
    )
    for index, key in ((0, "attacker"), (1, "defender")):
        side_doc = doc.get(key) or {}
        for name in ("played", "drawn", "discarded", "removed", "last_cast"):
            getattr(battle, name)[index] = _cards(
                side_doc.get(name, []), partial(known_card, pack), problems, f"{key}.{name}"
            )
        battle.mp_spent[index] = _int(
            side_doc.get("mp_spent", 0), 0, 999, problems, f"{key}.mp_spent"
        )
        battle.gold_paid[index] = _int(
            side_doc.get("gold_paid", 0), 0, 999, problems, f"{key}.gold_paid"
        )
        battle.card_gains[index] = _gains(
            side_doc.get("card_gains", {}), problems, f"{key}.card_gains"
        )
    for index, raw in enumerate(_list(doc, "lasting", problems)):
        effect = read_record(Lasting, raw, problems, f"lasting[{index}]")
        if effect is None:
            continue
        refused = COMBAT_TIMING.problem(effect)
        if refused is not None:
            problems.add(f"lasting[{index}].until", refused)
        else:
            battle.lasting.append(effect)
    pending: list[Step[Any]] = []
    raw_pending = doc.get("pending")
    if raw_pending is None:
        pending = [BattleStep()]
    elif not isinstance(raw_pending, list):
        problems.add("pending", "a list of steps")
    elif not raw_pending and not isinstance(doc.get("result"), Mapping):
        problems.add("pending", "a finished battle (no pending step) gives its result")
    else:
        reader = reader or Reader(source)
        for index, raw in enumerate(raw_pending):
            try:
                pending.append(steps.read_step(raw, reader, f"pending[{index}]"))
            except Exception as error:  # a DataError naming the field
                problems.add(f"pending[{index}]", str(error))
    problems.check()
    return battle, pending
