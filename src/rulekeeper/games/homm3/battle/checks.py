"""What a battle read from outside (a battle file or a saved state) must satisfy beyond the
types of its fields: every unit a known unit card under its own id, in its side's army once, on
a field of its own (a destroyed unit off the board, the Arrow Tower beside it in a siege), at
most 5 units a side on the board (homm3.md §5.15), damage below the HP of the face showing, each
card a card of the pack, each side decided by the seat its kind gives it, the rules options all
given, and the pending steps naming sides, seats, units, cards and fields of this battle. A
battle that breaks one is refused with the field named, instead of being accepted and failing
later (issue 20 §2). Battle files (game.py, ``from_position``) and saves (``_check_state``) are
checked alike."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from rulekeeper.core.record import record_fields
from rulekeeper.games.homm3.battle.fields import OPTIONS
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import AI, SIDES, TOWER, Battle, Unit
from rulekeeper.games.homm3.combat.stats import BattleState, max_hp
from rulekeeper.games.homm3.content.locations import RESOURCES
from rulekeeper.games.homm3.content.pack import ContentPack

MAX_ON_BOARD = 5
"""Units of one side on the combat board at any time (homm3.md §5.15)."""

Problem = tuple[str, str]
"""A problem found: the field (dotted path) and the reason."""


def seats_of(mode: str, kinds: tuple[str, str]) -> tuple[int, int]:
    """Which seat decides for each side: the players' sides get seats 0, 1 in order; neutral
    units in solo and co-op and AI heroes are driven by the rules (docs/homm3-battle.md)."""
    seats: list[int] = []
    for kind in kinds:
        by_rules = kind == "ai-hero" or (kind == "neutral" and mode != "clash")
        seats.append(AI if by_rules else len([s for s in seats if s != AI]))
    return seats[0], seats[1]


def known_card(pack: ContentPack, card_id: str) -> bool:
    """Whether *card_id* is a card a battle may name: a Might & Magic card or an AI card."""
    return might_and_magic(pack, card_id) or card_id in pack.ai_cards


def overlay_card(pack: ContentPack, card_id: str) -> bool:
    """Whether *card_id* is a card that may be laid on a unit (a Specialty with an overlay)."""
    card = pack.specialties.get(card_id)
    return card is not None and any(e.kind == "overlay" for e in card.play.effects)


def pack_of(state: BattleState) -> ContentPack:
    """The content pack of *state*'s game."""
    pack: ContentPack = state.game.pack
    return pack


def known_unit_card(pack: ContentPack, card_id: str) -> bool:
    """Whether *card_id* is a unit card of the pack or the Arrow Tower."""
    return card_id in pack.units or card_id == pack.tower.id


@dataclass(frozen=True)
class Where:
    """How the parts of a battle are named in the document it was read from."""

    unit: Callable[[str], str]
    """The path of a unit, by its key."""
    army: Callable[[int], str]
    """The path of a side's army, by its index."""
    prefix: str
    """What comes before the battle's own fields (``obstacles``)."""
    per_side: Callable[[str, int], str]
    """The path of a battle's list per side (``played``) for one side."""
    step: Callable[[int], str]
    """The path of a pending step, by its index (root first)."""


SAVE_PATHS = Where(
    unit=lambda key: f"data.battle.units.{key}",
    army=lambda index: f"data.battle.armies[{index}]",
    prefix="data.battle.",
    per_side=lambda name, index: f"data.battle.{name}[{index}]",
    step=lambda index: f"data.flow.steps[{index}]",
)
"""Where a saved state holds a battle's parts."""


def file_paths(battle: Battle) -> Where:
    """Where a battle file holds the parts of *battle* (a unit by its place in its side's
    list)."""

    def unit(key: str) -> str:
        found = battle.units.get(key)
        units = battle.armies[found.side].units if found is not None else []
        if found is None or key not in units:
            return f"units.{key}"
        return f"{SIDES[found.side]}.units[{units.index(key)}]"

    return Where(
        unit=unit,
        army=lambda index: SIDES[index],
        prefix="",
        per_side=lambda name, index: f"{SIDES[index]}.{name}",
        step=lambda index: f"pending[{index}]",
    )


def battle_problems(
    state: BattleState, where: Where, pending: Collection[str] = ()
) -> list[Problem]:
    """Every problem of the battle of *state* with its *pending* step kinds, each at its path
    in the document (*where*)."""
    battle, pack = state.battle, pack_of(state)
    found = list(_per_side_problems(battle, pack, where))
    if found:
        return found
    found += _option_problems(battle, where)
    found += _seat_problems(state, where)
    found += _army_problems(battle, pack, where)
    found += _card_problems(battle, pack, where)
    for key, unit in battle.units.items():
        found += _unit_problems(key, unit, state, where.unit(key))
    if not found:
        found += _board_problems(battle, where, "set-gate" in pending)
    if not found:
        found += _step_problems(state, where)
    return found


UNIT_FIELDS = frozenset({"unit", "attacker", "target"})
"""Fields of the steps that name a unit of the battle (or none, empty)."""
MAX_POWER = 99
"""The most power a spell or a save in progress may have gathered."""
FIELD_FIELDS = frozenset({"around", "origin"})
"""Fields of the steps that hold a field of the board (or none: -1; the tower: -2)."""


def _step_problems(state: BattleState, where: Where) -> Iterator[Problem]:
    """The pending steps' references: sides, seats, units, cards, fields, picks."""
    steps = state.flow.steps
    for index, step in enumerate(steps):
        if step.kind == "swap-units" and not _two_units(state, step):
            yield f"{where.step(index)}.options", "a swap exchanges two units of the battle"
        if step.kind == "empower" and (index == 0 or not hasattr(steps[index - 1], "power")):
            yield where.step(index), "empowers the spell or save below it, and there is none"
        values = {name: getattr(step, name) for name in record_fields(type(step))}
        for name, value in values.items():
            problem = _step_value(state, name, value, values)
            if problem is not None:
                yield f"{where.step(index)}.{name}", problem


def _two_units(state: BattleState, step: Any) -> bool:
    """Whether a swap (Tactics) picks two of its options, each a unit of the battle."""
    units = state.battle.units
    return step.least == step.most == 2 and all(uid in units for uid in step.options)


def _step_value(state: BattleState, name: str, value: Any, values: dict[str, Any]) -> str | None:
    """What is wrong with the value of one field of a step, if anything."""
    seats = range(state.num_players)
    if name == "side" and value not in (0, 1):
        return "a side is 0 (the attacker) or 1 (the defender)"
    if (name == "seat" and value not in seats) or (
        name == "seats" and not all(seat in seats for seat in value)
    ):
        return f"not a seat of this battle (0 to {state.num_players - 1})"
    if name in UNIT_FIELDS and value and value not in state.battle.units:
        return f"no unit {value!r}"
    if name == "hit" and not all(uid in state.battle.units for uid in value):
        return "names a unit not in the battle"
    if name == "card" and value and not known_card(pack_of(state), value):
        return f"unknown card {value!r}"
    if name in FIELD_FIELDS and not TOWER <= value < len(board.FIELDS):
        return f"{value} is not a field of the board"
    if name in ("power", "needed") and not 0 <= value <= MAX_POWER:
        return f"must be from 0 to {MAX_POWER}"
    if name == "picked" and not all(0 <= i < len(values.get("options", ())) for i in value):
        return "picks a card that is not offered"
    return None


def is_siege(battle: Battle) -> bool:
    """Whether the battle is fought for a town with a Citadel (homm3.md §9.3)."""
    site = battle.site
    return site.kind == "town" and site.citadel and not site.captured


def _seat_problems(state: BattleState, where: Where) -> Iterator[Problem]:
    """Each side decided by the seat its kind and the battle's mode give it (reading.py)."""
    armies = state.battle.armies
    seats = seats_of(state.battle.mode, (armies[0].kind, armies[1].kind))
    for index, army in enumerate(armies):
        if army.seat != seats[index] or (army.seat >= state.num_players):
            yield f"{where.army(index)}.seat", f"this side's seat is {seats[index]}"
    if state.battle.decider >= max(1, state.num_players):  # who breaks the AI's ties
        yield f"{where.prefix}decider", f"not a seat of this battle (0 to {state.num_players - 1})"


def _army_problems(battle: Battle, pack: ContentPack, where: Where) -> Iterator[Problem]:
    """Each unit listed once, in the army of its own side; the Arrow Tower in a siege."""
    listed: dict[str, int] = {}
    for index, army in enumerate(battle.armies):
        for uid in army.units:
            if uid in listed:
                yield f"{where.army(index)}.units", f"unit {uid!r} is listed twice"
            listed[uid] = index
    for key, unit in battle.units.items():
        if listed.get(key) != unit.side:
            yield f"{where.unit(key)}.side", f"unit {key!r} is not in its side's army"
    towers = [u for u in battle.units.values() if u.card == pack.tower.id]
    if len(towers) > 1:
        yield f"{where.army(1)}.units", "a siege has one Arrow Tower, the defender's (§9.3)"


PER_SIDE = (
    "played",
    "drawn",
    "discarded",
    "removed",
    "last_cast",
    "mp_spent",
    "gold_paid",
    "card_gains",
)
"""The battle's lists holding one entry per side."""


def _per_side_problems(battle: Battle, pack: ContentPack, where: Where) -> Iterator[Problem]:
    """One entry per side in each per-side list; each card of them a card of the pack."""
    for name in PER_SIDE:
        entries = getattr(battle, name)
        if len(entries) != 2:
            yield f"{where.prefix}{name}", "one entry per side, attacker first"
        elif isinstance(entries[0], list):
            for index, cards in enumerate(entries):
                yield from _unknown(cards, partial(known_card, pack), where.per_side(name, index))
        elif isinstance(entries[0], dict):
            for index, gains in enumerate(entries):
                for resource in gains:
                    if resource not in RESOURCES:
                        path = f"{where.per_side(name, index)}.{resource}"
                        yield path, f"not a resource (known: {', '.join(RESOURCES)})"


def _unknown(cards: list[str], known: Callable[[str], bool], path: str) -> Iterator[Problem]:
    """Each card of *cards* that is not *known*, at its index under *path*."""
    for index, card_id in enumerate(cards):
        if not known(card_id):
            yield f"{path}[{index}]", f"unknown card {card_id!r}"


def _card_problems(battle: Battle, pack: ContentPack, where: Where) -> Iterator[Problem]:
    """A hero's piles of Might & Magic cards; an AI hero's AI deck, spells and skill."""
    for index, army in enumerate(battle.armies):
        path = where.army(index)
        if army.hero is not None:
            for pile in ("hand", "deck", "discard"):
                cards = getattr(army.hero, pile)
                yield from _unknown(cards, partial(might_and_magic, pack), f"{path}.hero.{pile}")
        for pile in ("ai_deck", "ai_discard"):
            yield from _unknown(getattr(army, pile), pack.ai_cards.__contains__, f"{path}.{pile}")
        yield from _unknown(army.ai_spells, pack.spells.__contains__, f"{path}.ai_spells")
        if army.ai_skill and army.ai_skill not in pack.abilities:
            yield f"{path}.ai_skill", f"unknown Ability card {army.ai_skill!r}"
        if army.kind != "ai-hero" and (army.ai_deck or army.ai_spells or army.ai_skill):
            yield path, "only an AI hero has an AI deck, spells and skill"


def might_and_magic(pack: ContentPack, card_id: str) -> bool:
    """Whether *card_id* is a Might & Magic card of the pack."""
    tables = (pack.stats, pack.abilities, pack.spells, pack.artifacts, pack.specialties)
    return any(card_id in table for table in tables)


def _unit_problems(key: str, unit: Unit, state: BattleState, path: str) -> list[Problem]:
    """One unit's problems: its id, card, face, damage, overlay and field."""
    battle, pack = state.battle, pack_of(state)
    if unit.id != key:
        return [(f"{path}.id", f"{unit.id!r} differs from its key {key!r}")]
    if not known_unit_card(pack, unit.card):
        return [(f"{path}.card", f"unknown unit card {unit.card!r}")]
    card = pack.unit(unit.card)
    found: list[Problem] = []
    if unit.face == "pack" and not card.two_sided:
        found.append((f"{path}.face", f"{card.name} has no Pack side"))
        return found
    hp = card.side(unit.face).hp
    if unit.overlay:
        if not overlay_card(pack, unit.overlay):
            found.append((f"{path}.overlay", f"unknown card {unit.overlay!r} laid on the unit"))
            return found
        if unit.under_damage >= hp:
            found.append((f"{path}.under_damage", f"{card.name} has {hp} HP"))
    found += _place_problems(unit, battle, pack, path)
    if not found and not unit.destroyed and unit.damage >= max_hp(state, unit):
        found.append((f"{path}.damage", f"not less than the {max_hp(state, unit)} HP it has"))
    return found


def _place_problems(unit: Unit, battle: Battle, pack: ContentPack, path: str) -> list[Problem]:
    """Where the unit stands: a destroyed unit off the board, the Arrow Tower at 'tower', the
    defender's, in a siege; no other unit there."""
    tower = unit.card == pack.tower.id
    if tower != (unit.field == TOWER):
        return [(f"{path}.field", "the Arrow Tower, and only it, stands at 'tower'")]
    if tower and (unit.side != 1 or not is_siege(battle)):
        return [(f"{path}.side", "the Arrow Tower fights for the defender of a siege")]
    if unit.destroyed and (unit.field >= 0 or unit.damage):
        return [(f"{path}.field", "a destroyed unit is off the board, with no damage")]
    return []


def _board_problems(battle: Battle, where: Where, walls_to_set: bool) -> Iterator[Problem]:
    """One unit a field, none on a standing wall or the gate (nor in the middle row while the
    defender is to set them), at most 5 a side on the board."""
    taken: dict[int, str] = {}
    counts = [0, 0]
    for key, unit in battle.units.items():
        if unit.field < 0 or unit.destroyed:
            continue
        counts[unit.side] += 1
        if unit.field in taken:
            yield f"{where.unit(key)}.field", f"{taken[unit.field]!r} already stands there"
        elif battle.obstacle_at(unit.field) is not None:
            yield f"{where.unit(key)}.field", "a wall or the gate stands there"
        elif walls_to_set and board.row_of(unit.field) == board.MIDDLE_ROW:
            yield f"{where.unit(key)}.field", "the defender is to set the walls in this row"
        taken[unit.field] = key
    for side, count in enumerate(counts):
        if count > MAX_ON_BOARD:
            yield (
                f"{where.army(side)}.units",
                f"more than {MAX_ON_BOARD} units on the board (§5.15)",
            )
    seen: set[int] = set()
    for index, obstacle in enumerate(battle.obstacles):
        path = f"{where.prefix}obstacles[{index}].field"
        if obstacle.field < 0 or board.row_of(obstacle.field) != board.MIDDLE_ROW:
            yield path, "walls and the gate stand in the middle row"
        elif obstacle.field in seen:
            yield path, "two obstacles on one field"
        seen.add(obstacle.field)


def _option_problems(battle: Battle, where: Where) -> Iterator[Problem]:
    """Every rules option given, with one of its values (battle/fields.py)."""
    path = f"{where.prefix}options"
    if set(battle.options) != set(OPTIONS):
        yield path, f"the options are {', '.join(OPTIONS)}"
        return
    for key, allowed in OPTIONS.items():
        if battle.options[key] not in allowed:
            yield f"{path}.{key}", f"must be one of {', '.join(allowed)}"
