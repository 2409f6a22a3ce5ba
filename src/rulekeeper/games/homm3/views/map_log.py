"""The map game's news in words (issue 24 §5): one line per public event, heroes, factions,
places, tiles and cards by name.

    lines, seen = news(state, seen)

A fight's events (from ``battle-starts`` to ``battle-ends``) are told by the combat's own log
(views/log.py): while the battle is on, with the battle itself; a battle already over (its last
events, told after the action that ended it) with the units and heroes its ``battle-ends``
event lists. An event kind not known here gets a generic line with its ids named, never an
error: other rule modules are still adding theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from rulekeeper.games.homm3.combat.model import Army, Battle, Hero, Site, Unit
from rulekeeper.games.homm3.views import log as battle_log
from rulekeeper.games.homm3.views.map_words import (
    RESOURCE_NAMES,
    building_name,
    card_name,
    choice_words,
    cost_words,
    face_words,
    faction_name,
    field_name,
    hero_name,
    place,
    seat_name,
    tile_words,
    unit_name,
)

if TYPE_CHECKING:
    from rulekeeper.core.events import Event

__all__ = ["LINES", "event_line", "news"]

Data = Mapping[str, Any]
RESOURCE_KEYS = ("gold", "materials", "valuables")


def news(state: Any, since: int) -> tuple[list[str], int]:
    """Lines for the public events after *since*, and the sequence number to pass next."""
    events = state.events.public(0)
    lines: list[str] = []
    start = -1
    for index, event in enumerate(events):
        if event.kind == "battle-starts":
            start = index
        if start < 0:
            if event.seq > since:
                line = event_line(state, event)
                if line:  # a quiet event (a window opened) has no line
                    lines.append(_capital(line))
            continue
        if event.kind == "battle-ends" or index == len(events) - 1:
            segment = events[start : index + 1]
            if segment[-1].seq > since:
                lines += _battle_lines(state, segment, since)
            if event.kind == "battle-ends":
                start = -1
    return lines, state.events.last_seq


def _capital(line: str) -> str:
    return line[:1].upper() + line[1:]


# ---------------------------------------------------------------------------- battles


def _battle_lines(state: Any, segment: Sequence[Event], since: int) -> list[str]:
    """The lines of one battle's events after *since* (module doc)."""
    ended = segment[-1].kind == "battle-ends"
    if not ended and state.battle is not None:
        teller_state: Any = state
        teller_class: type[battle_log.Teller] = battle_log.Teller
    else:
        battle = past_battle(state, segment[-1].data) if ended else None
        if battle is None:
            return [_capital(generic(state, e)) for e in segment if e.seq > since]
        teller_state = SimpleNamespace(game=state.game, battle=battle, flow=state.flow)
        teller_class = PastTeller
    faces = battle_log.starting_faces(teller_state, list(segment))
    labels = battle_log.unit_labels(teller_state)
    attacked: set[str] = set()
    lines = []
    for event in segment:
        if event.seq > since and not battle_log.in_attack_line(event):
            teller = teller_class(teller_state, faces, labels, frozenset(attacked))
            telling = battle_log.LINES.get(event.kind)
            line = telling(teller, event.data) if telling else generic(state, event)
            lines.append("  " + _capital(line))
        battle_log.turn_card(faces, event)
        battle_log.follow_attacks(attacked, event)
    return lines


class PastTeller(battle_log.Teller):
    """The combat's words for a battle that is over: no reasons of the neutral units' rules
    (their board is gone)."""

    def why(self, attacker: object, target: object) -> str:
        return ""

    def why_moved(self, uid: object) -> str:
        return ""


def past_battle(state: Any, data: Data) -> Battle | None:
    """The battle a ``battle-ends`` event reports, rebuilt enough to name its units and sides
    (None when the event does not say)."""
    units: dict[str, Unit] = {}
    armies = []
    try:
        for index, side in enumerate(data.get("sides") or []):
            ids = []
            for key, destroyed in (("surviving", False), ("destroyed", True)):
                for entry in side.get(key) or []:
                    uid = str(entry["unit"])
                    face = str(entry.get("side") or "few")
                    units[uid] = Unit(uid, str(entry["card"]), index, face, destroyed=destroyed)
                    ids.append(uid)
            named = side.get("hero")
            hero = Hero(name=str(named)) if named else None
            armies.append(Army(kind=str(side.get("kind")), seat=index, units=ids, hero=hero))
        options = dict(state.battle_options()) if hasattr(state, "battle_options") else {}
        return Battle("clash", state.difficulty, options, Site(), armies, units)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


# ---------------------------------------------------------------------------- the map


def event_line(state: Any, event: Event) -> str:
    """One map event in words; unknown kinds get a generic line."""
    telling = LINES.get(event.kind)
    return telling(state, event.data) if telling else generic(state, event)


def generic(state: Any, event: Event) -> str:
    """An event of a kind not told here: its kind and data, ids by name."""
    parts = [f"{k} {_value(state, k, v)}" for k, v in event.data.items()]
    said = event.kind.replace("-", " ")
    return f"{said}: {', '.join(parts)}" if parts else said


def _value(state: Any, name: str, value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_value(state, name, v) for v in value) + "]"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(state, k, v)}" for k, v in value.items())
    if name == "seat" and isinstance(value, int):
        return seat_name(state, value)
    text = str(value)
    if text in state.game.pack.heroes:
        return hero_name(state, text)
    if name in ("field", "to", "from", "at"):
        return place(state, text)
    if text in state.game.pack.tiles:
        return tile_words(state, text)
    return card_name(state, text)


def _bonus(state: Any, option: object) -> str:
    """A Starting Bonus option of the game's difficulty in words (board.yaml)."""
    try:
        choice = state.game.pack.board.bonuses[state.difficulty].one_of[option]
    except (KeyError, IndexError, TypeError, AttributeError):
        return f"option {option}"
    return choice_words(choice)


def _signed(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def _gains(data: Data) -> str:
    return cost_words({k: int(data[k]) for k in RESOURCE_KEYS if isinstance(data.get(k), int)})


def _cards(state: Any, cards: object) -> str:
    if not isinstance(cards, list) or not cards:
        return "nothing"
    return ", ".join(card_name(state, c) for c in cards)


def _fight_start(state: Any, d: Data) -> str:
    who = hero_name(state, d.get("hero"))
    against = d.get("against")
    neutrals = d.get("neutrals") or []
    if against == "neutral":
        foe = "the neutral units guarding it: " + _cards(state, neutrals)
    elif against == "army":
        foe = "the army transported to defend it"
    elif against == "siege":
        foe = "its defenders (a siege)"
    else:
        foe = "the hero standing there"
    return f"{who} fights at {place(state, d.get('field'))} against {foe}"


def _fight_end(state: Any, d: Data) -> str:
    who = hero_name(state, d.get("hero"))
    won = d.get("winner") == "attacker"
    how = {"flee": "by flight", "surrender": "by surrender", "quick-combat": "by Quick Combat"}
    ending = how.get(str(d.get("ending")), "")
    verdict = "wins" if won else "loses"
    return f"{who} {verdict} the fight at {place(state, d.get('field'))}" + (
        f" ({ending})" if ending else ""
    )


def _game_end(state: Any, d: Data) -> str:
    winners = d.get("winners") or []
    names = " and ".join(seat_name(state, s) for s in winners)
    ending = str(d.get("ending", "")).replace("-", " ")
    if not winners:
        return f"the game ends in a draw ({ending})"
    return f"the game ends: {names} win{'s' if len(winners) == 1 else ''} ({ending})"


Line = Callable[[Any, Data], str]

LINES: dict[str, Line] = {
    "first-player": lambda s, d: f"{seat_name(s, d.get('seat'))} plays first",
    "round-starts": lambda s, d: f"— round {d.get('round')} begins —",
    "turn-starts": lambda s, d: f"{seat_name(s, d.get('seat'))}'s turn begins",
    "turn-ends": lambda s, d: f"{seat_name(s, d.get('seat'))}'s turn ends",
    "hero-moves": lambda s, d: (
        f"{hero_name(s, d.get('hero'))} moves from ({d.get('from')}) to {place(s, d.get('to'))}"
    ),
    "visited": lambda s, d: (
        ""  # an empty field: nothing to tell
        if field_name(s, str(d.get("field"))) == "empty"
        else f"{hero_name(s, d.get('hero'))} visits {place(s, d.get('field'))}"
    ),
    "fight-starts": _fight_start,
    "fight-ends": _fight_end,
    "hero-goes-back": lambda s, d: (
        f"{hero_name(s, d.get('hero'))} goes back to {place(s, d.get('to'))}"
    ),
    "hero-goes-home": lambda s, d: (
        f"{hero_name(s, d.get('hero'))} goes home to {place(s, d.get('to'))}"
    ),
    "hero-homeless": lambda s, d: (
        f"{hero_name(s, d.get('hero'))} has no town or settlement to go to: off the map"
    ),
    "tile-revealed": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} reveals {tile_words(s, d.get('tile'))} at ({d.get('at')})"
    ),
    "tile-drawn": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} draws {tile_words(s, d.get('tile'))} from its Far pool"
    ),
    "tile-fits-nowhere": lambda s, d: (
        f"{tile_words(s, d.get('tile'))} fits nowhere: back to the bottom of the Far pool"
    ),
    "tile-laid": lambda s, d: (
        f"{tile_words(s, d.get('tile'))} is laid at ({d.get('at')}), turned {d.get('rotation')}"
    ),
    "income": lambda s, d: f"{seat_name(s, d.get('seat'))} gains its income: {_gains(d)}",
    "astrologers": lambda s, d: f"the Astrologers proclaim {card_name(s, d.get('card'))}",
    "cards-drawn": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} draws {d.get('count')} card"
        + ("s" if d.get("count") != 1 else "")
    ),
    "cards-discarded": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} discards {_cards(s, d.get('cards'))}"
    ),
    "hand-discarded": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} discards the whole hand (a second Negative Morale): "
        f"{_cards(s, d.get('cards'))}"
    ),
    "deck-reshuffled": lambda s, d: (
        f"{seat_name(s, d['seat'])} shuffles the discard pile into a new deck"
        if "seat" in d
        else f"the {d.get('deck')} discard pile is shuffled into a new deck"
    ),
    "card-gained": lambda s, d: f"{seat_name(s, d.get('seat'))} gains a card",
    "level-up": lambda s, d: (
        f"{seat_name(s, d.get('seat'))}'s Main Hero rises to Level {d.get('to')}"
    ),
    "specialty-added": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} shuffles the Specialty card "
        f"{card_name(s, d.get('card'))} into the deck"
    ),
    "army-restored": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} has no unit left: the starting army comes back"
    ),
    "captured": lambda s, d: f"{seat_name(s, d.get('seat'))} captures {place(s, d.get('field'))}",
    "cube-taken": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} takes a {faction_name(d.get('faction'))} faction cube"
    ),
    "army-transported": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} pays 8 Gold to transport its army to "
        f"{place(s, d.get('field'))}"
    ),
    "elimination-clock": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} holds no town or settlement: 3 rounds to take one back"
    ),
    "eliminated": lambda s, d: f"{seat_name(s, d.get('seat'))} is eliminated",
    "game-ends": _game_end,
    "starting-bonus": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} takes a Starting Bonus: {_bonus(s, d.get('option'))}"
    ),
    "die-rolled": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} rolls the {d.get('die')} die: {face_words(d.get('face'))}"
    ),
    "resources-gained": lambda s, d: f"{seat_name(s, d.get('seat'))} gains {_gains(d)}",
    "resources": lambda s, d: f"{seat_name(s, d.get('seat'))} gains {_gains(d)}",
    "paid": lambda s, d: f"{seat_name(s, d.get('seat'))} pays {_gains(d)}",
    "token-used": lambda s, d: f"{seat_name(s, d.get('seat'))} flips its {d.get('token')} token",
    "built": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} builds {building_name(s, d.get('building'))}"
    ),
    "building-used": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} uses its {building_name(s, d.get('building'))}"
    ),
    "card-played": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} plays {card_name(s, d.get('card'))} ({d.get('use')})"
    ),
    "empowers": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} empowers the spell with {card_name(s, d.get('card'))}"
    ),
    "spell-cast": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} casts {card_name(s, d.get('card'))} "
        f"(power {d.get('power')})"
    ),
    "hero-teleports": lambda s, d: (
        f"{hero_name(s, d.get('hero'))} teleports from ({d.get('from')}) to {place(s, d.get('to'))}"
    ),
    "secondary-hero": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} recruits {hero_name(s, d.get('hero'))} as its Secondary "
        f"Hero at {place(s, d.get('field'))}"
    ),
    "hero-removed": lambda s, d: f"{hero_name(s, d.get('hero'))} leaves the map",
    "town-window": lambda s, d: "",
    "proclaimed": lambda s, d: (
        f"{card_name(s, d.get('card'))} is in force ({str(d.get('duration')).replace('-', ' ')})"
    ),
    "recruited": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} recruits {unit_name(s, d.get('unit'))}"
    ),
    "weakened": lambda s, d: (
        f"{seat_name(s, d.get('seat'))}'s {unit_name(s, d.get('unit'))} flip to Few"
    ),
    "flagged": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} flags {place(s, d.get('field'))}"
        + (" (the first flag)" if d.get("first") else "")
    ),
    "spell-bought": lambda s, d: f"{seat_name(s, d.get('seat'))} buys a spell at its Mage Guild",
    "card-removed": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} removes {card_name(s, d.get('card'))} from the game"
    ),
    "movement-gained": lambda s, d: f"{hero_name(s, d.get('hero'))} gains {d.get('mp')} MP",
    "traded": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} trades {d.get('paid')} "
        f"{RESOURCE_NAMES.get(str(d.get('give')), d.get('give'))} for {d.get('got')} "
        f"{RESOURCE_NAMES.get(str(d.get('get')), d.get('get'))}"
    ),
    "timed-event": lambda s, d: (
        f"the scenario's event of round {d.get('round')} for "
        + (" and ".join(seat_name(s, x) for x in d.get("seats") or []) or "nobody")
    ),
    "reroll": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} rerolls the {d.get('die')} die ({d.get('by')})"
    ),
    "astrologers-movement": lambda s, d: (
        f"{card_name(s, d.get('card'))}: heroes' MP {_signed(d.get('mp'))} this round"
    ),
    "shuffled-back": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} shuffles {d.get('count')} cards back into the deck"
    ),
    "black-cubes-removed": lambda s, d: (
        f"the black cubes come off {len(d.get('fields') or [])} fields: their locations may be "
        "visited again"
    ),
    "card-recovered": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} takes {card_name(s, d.get('card'))} back from the "
        "discard pile"
    ),
    "neutrals-drawn": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} plays {card_name(s, d.get('card'))}: "
        f"{_cards(s, d.get('cards'))} drawn"
    ),
    "hero-flies": lambda s, d: (
        f"{hero_name(s, d.get('hero'))} flies from ({d.get('from')}) to {place(s, d.get('to'))}"
    ),
    "settlement-reward": lambda s, d: (
        f"the Settlement at ({d.get('field')}) now gives "
        f"{RESOURCE_NAMES.get(str(d.get('resource')), d.get('resource'))}"
    ),
    "visit-declined": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} declines the visit at {place(s, d.get('field'))}"
    ),
}
"""Each map event kind, in words."""
