"""The public pieces of the HoMM3 combat board (issue 23 §1): the battle, the siege works, the
fields, the units with their cards, the heroes, the activation order and the latest results;
the same for every seat and spectator (views/web/__init__.py ``public_board``)."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import JsonObject, JsonValue
from rulekeeper.games.homm3.combat import board as grid
from rulekeeper.games.homm3.combat import order, spells
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.model import AI, ATTACKER, DEFENDER, SIDES, TOWER, Unit
from rulekeeper.games.homm3.combat.stats import (
    boost,
    card,
    face,
    hp_left,
    initiative,
    max_hp,
    side_holder,
)
from rulekeeper.games.homm3.views.card_text import ability_record, unit_card_words, unit_names_of
from rulekeeper.games.homm3.views.log import owner, told, unit_labels

__all__ = [
    "battle_info",
    "battle_result",
    "field_records",
    "heroes",
    "order_strip",
    "recent_results",
    "siege_info",
    "unit_record",
    "unit_records",
]

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII")
LINES = ("attacker back", "attacker front", "middle", "defender front", "defender back")
"""Each row's line, from the attacker's back line (§5.18.2)."""
KIND_WORDS = {
    "hero": "hero",
    "secondary-hero": "Secondary Hero",
    "army": "army sent to defend the town",
    "neutral": "neutral units",
    "ai-hero": "AI hero",
}
EFFECT_WORDS = {
    "attack": "Attack",
    "defence": "Defence",
    "initiative": "Initiative",
    "max-hp": "maximum HP",
    "bless": "Attack, no Attack die (blessed)",
    "no-abilities": "abilities do not count",
    "spell-shield": "no spell may target it",
    "fire-shield": "fire shield",
    "cancel-lethal": "an attack that would destroy it is cancelled",
    "retaliate-again": "may retaliate again",
    "archery": "Attack for Ranged units against distant targets",
    "no-escape": "can neither retreat nor surrender",
    "reroll-any": "may reroll each die it rolls once",
    "extra-spell": "one more spell this round",
}
"""A card effect in force on a unit, in words (the amount before it where it has one)."""
SIGNED = frozenset({"attack", "defence", "initiative", "max-hp", "bless", "archery"})
MORALE = {1: "Positive Morale", 0: "no morale token", -1: "Negative Morale"}
RESULT_KINDS = frozenset(
    {
        "rolled",
        "rerolled",
        "attack",
        "damage",
        "breached",
        "tower-falls",
        "paralysed",
        "healed",
        "spell",
        "fizzles",
        "countered",
        "guarded",
        "saved",
        "attack-cancelled",
        "die-ignored",
        "reinforced",
        "pushed",
        "morale",
    }
)
"""Events the board shows in place for a moment: dice, attacks, damage, flips and effects."""


def where(unit: Unit) -> str:
    """A unit's place in words: its field's name, "tower", "reserve" or "destroyed"."""
    if unit.destroyed:
        return "destroyed"
    if unit.field == TOWER:
        return "tower"
    return grid.name(unit.field) if unit.field >= 0 else "reserve"


def side_name(state: Any, side: int) -> str:
    """Who leads a side: the hero's name, "neutral units", "the defending army"."""
    army = state.battle.armies[side]
    if army.hero is not None:
        return str(army.hero.name)
    if army.kind == "neutral":
        return "neutral units"
    return f"the {'attacking' if side == ATTACKER else 'defending'} army"


# ---------------------------------------------------------------------------- the battle


def battle_info(state: Any) -> JsonObject:
    """Round, mode, where the battle is fought, the optional rules in force, and each side."""
    battle = state.battle
    site = battle.site
    place = site.kind if site.kind != "field" else "an open field"
    if site.kind == "field" and site.difficulty:
        place = f"a field of difficulty {NUMERALS[site.difficulty - 1]}"
    elif site.kind == "town":
        place = "a town" + (" with a Citadel" if site.citadel else "")
    return {
        "round": battle.round,
        "mode": battle.mode,
        "difficulty": battle.difficulty,
        "site": {"kind": site.kind, "difficulty": site.difficulty, "citadel": site.citadel},
        "site_text": f"Battle at {place}",
        "options": dict(battle.options),
        "sides": [
            {
                "side": SIDES[side],
                "index": side,
                "kind": army.kind,
                "kind_text": KIND_WORDS.get(army.kind, army.kind),
                "seat": army.seat if army.seat != AI else None,
                "ai": army.seat == AI,
                "name": side_name(state, side),
            }
            for side, army in enumerate(battle.armies)
        ],
        "over": state.flow.result is not None,
    }


def siege_info(state: Any) -> JsonObject | None:
    """The siege works in the middle row (§5.14.4, homm3.md §9.3): each Wall and the Gate with
    its field and state (standing or breached), and the Arrow Tower (standing with its HP, or
    destroyed); None outside a siege."""
    battle = state.battle
    tower = next((u for u in battle.units.values() if card(state, u).faction == "siege"), None)
    if not battle.obstacles and tower is None:
        return None
    works: list[JsonValue] = [
        {
            "kind": obstacle.kind,
            "name": obstacle.kind.capitalize(),
            "field": obstacle.field,
            "field_name": grid.name(obstacle.field),
            "intact": obstacle.intact,
            "state": "standing" if obstacle.intact else "breached",
        }
        for obstacle in battle.obstacles
    ]
    found: JsonObject = {
        "works": works,
        "breached": [w["field_name"] for w in works if isinstance(w, dict) and not w["intact"]],
        "tower": None,
    }
    if tower is not None:
        found["tower"] = {
            "unit": tower.id,
            "name": card(state, tower).name,
            "destroyed": tower.destroyed,
            "state": "destroyed" if tower.destroyed else "standing",
            "hp": max_hp(state, tower),
            "hp_left": 0 if tower.destroyed else hp_left(state, tower),
        }
    return found


def field_records(state: Any) -> list[JsonObject]:
    """Each of the 20 fields: the unit on it (an id) and the Wall or Gate standing or breached
    on it."""
    battle = state.battle
    walls = {obstacle.field: obstacle for obstacle in battle.obstacles}
    found = []
    for number in range(grid.ROWS * grid.COLUMNS):
        unit = battle.at(number)
        obstacle = walls.get(number)
        row = number // grid.COLUMNS
        found.append(
            {
                "index": number,
                "name": grid.name(number),
                "row": row,
                "col": number % grid.COLUMNS,
                "line": LINES[row],
                "unit": unit.id if unit is not None else None,
                "obstacle": (
                    None if obstacle is None else {"kind": obstacle.kind, "intact": obstacle.intact}
                ),
                "work": obstacle.kind if obstacle is not None else None,
                "work_state": (
                    None if obstacle is None else "standing" if obstacle.intact else "breached"
                ),
            }
        )
    return found


# ---------------------------------------------------------------------------- units


def unit_record(
    state: Any, unit: Unit, labels: dict[str, str], names: dict[str, str]
) -> JsonObject:
    """One unit card as the table shows it: name, side of the card, statistics as they stand,
    type, abilities in words, tokens and marks, owner and field."""
    printed = card(state, unit)
    side = face(state, unit)
    two_sided = printed.two_sided
    record: JsonObject = {
        "id": unit.id,
        "card": unit.card,
        "name": printed.name,
        "label": labels.get(unit.id, printed.name),
        "tier": printed.tier,
        "faction": printed.faction,
        "side": unit.side,
        "side_name": SIDES[unit.side],
        "owner": side_name(state, unit.side),
        "owner_label": owner(state, unit.side),
        "face": unit.face,
        "face_text": unit.face.capitalize() if two_sided else "",
        "two_sided": two_sided,
        "attack": side.attack,
        "defence": side.defence,
        "attack_bonus": boost(state, unit, "attack") + boost(state, unit, "bless"),
        "defence_bonus": boost(state, unit, "defence"),
        "hp": max_hp(state, unit),
        "hp_left": 0 if unit.destroyed else hp_left(state, unit),
        "damage": unit.damage,
        "initiative": initiative(state, unit),
        "type": side.type,
        "abilities": [ability_record(a, names) for a in side.abilities],
        "field": -1 if unit.destroyed else unit.field,
        "field_name": grid.name(unit.field) if unit.field >= 0 and not unit.destroyed else None,
        "where": where(unit),
        "destroyed": unit.destroyed,
        "tower": unit.field == TOWER,
        "tokens": {
            "damage": unit.damage,
            "defense": unit.defending,
            "paralysis": unit.paralysed,
        },
        "defending": unit.defending,
        "paralysed": unit.paralysed,
        "effects": effects_on(state, unit),
        "activated": unit.activated,
        "retaliated": unit.retaliations > 0,
        "retaliations": unit.retaliations,
        "overlay": unit.overlay or None,
    }
    record["summary"] = unit_summary(record)
    record["card_text"] = unit_card_words(state.game.pack, unit.card)
    return record


def effects_on(state: Any, unit: Unit | None, side: int = 0) -> list[JsonValue]:
    """The card effects in force on *unit* (None: on its whole *side*), in words ("+1 Attack
    (Bless)")."""
    holder = unit.id if unit is not None else side_holder(side)
    found: list[JsonValue] = []
    for effect in state.battle.lasting:
        if effect.holder != holder:
            continue
        words = EFFECT_WORDS.get(effect.kind, effect.kind.replace("-", " "))
        if effect.kind == "bless" and not effect.amount:
            words = "no Attack die (blessed)"
        amount = f"{effect.amount:+d} " if effect.amount and effect.kind in SIGNED else ""
        cause = card_title(state, effect.source)
        found.append(f"{amount}{words}" + (f" ({cause})" if cause else ""))
    return found


def card_title(state: Any, card_id: str) -> str:
    """A card's name, or an ability kind in words, or "" for none."""
    if not card_id:
        return ""
    if card_id == "ai-card":
        return "AI card"
    pack = state.game.pack
    try:
        return str(pack.card(card_id).name)
    except KeyError:
        pass
    if card_id in getattr(pack, "ai_cards", {}):
        return str(pack.ai_cards[card_id].name)
    return card_id.replace("-", " ")


def unit_summary(record: JsonObject) -> str:
    """A unit in one line: "Griffins (Pack): Attack 3, Defence 0, HP 4 of 4, Initiative 9,
    flying"."""
    face_text = f" ({record['face_text']})" if record["face_text"] else ""
    return (
        f"{record['name']}{face_text}: Attack {record['attack']}, Defence {record['defence']}, "
        f"HP {record['hp_left']} of {record['hp']}, Initiative {record['initiative']}, "
        f"{record['type']}"
    )


def unit_records(state: Any) -> list[JsonObject]:
    """Every unit of both sides (on the board, in reserve, destroyed; the Arrow Tower), side by
    side in the order the battle lists them."""
    battle = state.battle
    labels = unit_labels(state)
    names = unit_names_of(state.game.pack)
    return [
        unit_record(state, battle.units[uid], labels, names)
        for army in battle.armies
        for uid in army.units
    ]


def order_strip(state: Any) -> JsonObject:
    """The activation order of this round (§5.18.6 step 1): the unit activating now, then the
    units still to activate, highest Initiative first, equal Initiative alternating sides from
    the attacker (``tie``: units of one side with equal Initiative, their controller picks);
    and the units that have activated."""
    battle = state.battle
    step = state.flow.find(ActivationStep)
    active = step.unit if step is not None else None
    left = [u for u in order.waiting(state) if u.id != active]
    last_initiative, last_side = battle.last_initiative, battle.last_side
    upcoming: list[JsonValue] = []
    while left:
        top = max(initiative(state, u) for u in left)
        tied = [u for u in left if initiative(state, u) == top]
        sides = {u.side for u in tied}
        if len(sides) == 1:
            side = tied[0].side
        elif last_initiative == top and last_side in (ATTACKER, DEFENDER):
            side = 1 - last_side
        else:
            side = ATTACKER
        mine = [u for u in tied if u.side == side]
        upcoming.append(
            {"unit": mine[0].id, "initiative": top, "side": SIDES[side], "tie": len(mine) > 1}
        )
        left.remove(mine[0])
        last_initiative, last_side = top, side
    done = [
        u.id
        for army in battle.armies
        for uid in army.units
        if (u := battle.units[uid]).activated and not u.destroyed and u.id != active
    ]
    return {"round": battle.round, "active": active, "next": upcoming, "done": done}


# ---------------------------------------------------------------------------- heroes


def heroes(state: Any) -> list[JsonObject]:
    """Each side and its leader: name, level, morale, the counts of hand, deck and discard
    (never the cards: a seat's own hand is in its part, ``combat_seat.hand``), the spells cast
    this round and the limit; an AI hero's deck counts; neutral units have no hero (None)."""
    battle = state.battle
    found = []
    for side, army in enumerate(battle.armies):
        name = side_name(state, side)
        entry: JsonObject = {
            "side": side,
            "side_name": SIDES[side],
            "name": f"{SIDES[side].capitalize()}: {name}",
            "leader": name,
            "kind": army.kind,
            "kind_text": KIND_WORDS.get(army.kind, army.kind),
            "seat": army.seat if army.seat != AI else None,
            "ai": army.seat == AI,
            "spells_cast": army.spells_cast,
            "spell_limit": spells.spell_limit(state, side),
            "spell_text": f"spells this round: {army.spells_cast} of "
            f"{spells.spell_limit(state, side)}",
            "effects": effects_on(state, None, side),
            "hero": None,
        }
        hero = army.hero
        if hero is not None:
            entry["hero"] = {
                "name": hero.name,
                "faction": hero.faction,
                "level": hero.level,
                "morale": hero.morale,
                "morale_text": MORALE[hero.morale],
                "hand": None,
                "mp": hero.mp,
                "gold": hero.gold,
                "expert_uses": hero.expert_uses,
                "hand_count": len(hero.hand),
                "deck_count": len(hero.deck),
                "discard_count": len(hero.discard),
            }
        if army.kind == "ai-hero":
            entry["ai_deck_count"] = len(army.ai_deck)
            entry["ai_discard_count"] = len(army.ai_discard)
            entry["ai_spells_count"] = len(army.ai_spells)
        found.append(entry)
    return found


# ---------------------------------------------------------------------------- recent results


def battle_result(state: Any) -> str | None:
    """How the battle ended, in the log's words (its last ``battle-ends`` event), or None."""
    ends = [e for e in state.events.public(0) if e.kind == "battle-ends"]
    if not ends:
        return None
    lines = {event.seq: line for event, line in told(state, ends[-1].seq - 1)}
    return lines.get(ends[-1].seq)


def recent_results(state: Any, sides: list[int] | None = None) -> JsonObject:
    """The dice and results of the latest activation (and of the one before, when the current
    one has shown none yet) — or, for a seat playing *sides*, everything since its side's last
    activation before the one under way (since its last decision): each public result event
    with its sequence number, kind, the units it concerns, the die face, damage and flip, and
    its log line. The board shows those it has not shown yet in place for a moment (``seq``
    grows)."""
    events = state.events.public(0)
    starts = [i for i, event in enumerate(events) if event.kind == "activation"]
    begin = starts[-2] if len(starts) >= 2 else 0
    if sides:
        units = state.battle.units
        own = [
            i
            for i in starts
            if (unit := units.get(str(events[i].data.get("unit")))) is not None
            and unit.side in sides
        ]
        if own and own[-1] == (starts[-1] if starts else None):
            own = own[:-1]  # the activation under way is the seat's own: the one before it
        if own:
            begin = min(begin, own[-1])
    since = events[begin].seq - 1 if begin < len(events) else state.events.last_seq
    lines = {event.seq: line for event, line in told(state, since)}  # sides as they were then
    found: list[JsonValue] = []
    for event in events[begin:]:
        if event.kind not in RESULT_KINDS:
            continue
        data = event.data
        item: JsonObject = {
            "seq": event.seq,
            "kind": event.kind,
            "text": lines[event.seq],
        }
        for key in ("unit", "attacker", "target", "face", "die", "dice", "damage", "amount"):
            if key in data:
                item[key] = data[key]
        if event.kind == "damage":
            item["flipped"] = bool(data.get("flipped"))
            item["destroyed"] = bool(data.get("destroyed"))
        if event.kind in ("breached",) and isinstance(data.get("field"), int):
            item["field_name"] = grid.name(int(data["field"]))
        found.append(item)
    return {"since": since + 1, "items": found, "last": last_attack(found)}


def last_attack(items: list[JsonValue]) -> JsonObject | None:
    """The newest attack among *items* with its die and what it did to the target: ``seq``
    (of the attack), attacker, target, the die face that counted, damage, flip, destruction."""
    attack = next(
        (i for i in reversed(items) if isinstance(i, dict) and i["kind"] == "attack"), None
    )
    if attack is None:
        return None
    hurt = next(
        (
            i
            for i in items
            if isinstance(i, dict)
            and i["kind"] == "damage"
            and i["seq"] > attack["seq"]
            and i.get("unit") == attack.get("target")
        ),
        None,
    )
    return {
        "seq": attack["seq"],
        "attacker": attack.get("attacker"),
        "target": attack.get("target"),
        "face": attack.get("die"),
        "dice": attack.get("dice"),
        "damage": attack.get("damage"),
        "flipped": bool(hurt and hurt.get("flipped")),
        "destroyed": bool(hurt and hurt.get("destroyed")),
        "text": attack["text"],
    }
