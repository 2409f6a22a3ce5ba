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
    if event.kind == "fight-ends" and "ai" in event.data:
        return _ai_fight_end(state, event)
    sentence = LINES.get(event.kind)
    return generic(state, event) if sentence is None else _said(sentence, state, event.data)


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
    elif against == "ai-hero":
        foe = f"the AI hero {hero_name(state, d.get('ai'))} (its AI deck plays it, §5.24.1)"
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


def _ai_fight_end(state: Any, event: Event) -> str:
    """The end of a fight against an AI hero, said from the player's hero's side: it attacked
    when it moved onto the field last (ai_fights.py ``AiFightStep``)."""
    d = event.data
    field = d.get("field")
    moves = ("hero-moves", "hero-teleports", "hero-flies", "ai-hero-moves")
    last = None
    for earlier in state.events.public(0):
        if earlier.seq >= event.seq:
            break
        if earlier.kind in moves and earlier.data.get("to") == field:
            last = earlier.kind
    player_side = "defender" if last == "ai-hero-moves" else "attacker"
    verdict = "wins" if d.get("winner") == player_side else "loses"
    who, ai = hero_name(state, d.get("hero")), hero_name(state, d.get("ai"))
    return f"{who} {verdict} the fight against {ai} at {place(state, field)}"


def _ai_words(template: str) -> Line:
    """A sentence about an AI hero's automatic step, with the rule that chose it."""

    def said(state: Any, d: Data) -> str:
        line = _said(template, state, d)
        return f"{line} ({d['rule']})" if d.get("rule") else line

    return said


def _ai_flags(state: Any, d: Data) -> str:
    before = d.get("from")
    was = (
        f", taking it from {seat_name(state, before)}"
        if isinstance(before, int) and before >= 0
        else ""
    )
    return _said("{hero} flags {field_place} for the AI", state, d) + was + f" ({RULE_FLAG})"


def _ai_captures(state: Any, d: Data) -> str:
    before = d.get("from")
    was = f" from {seat_name(state, before)}" if isinstance(before, int) and before >= 0 else ""
    return _said("{hero} takes {field_place}", state, d) + was + " for the AI: nobody defends it"


def _team_defeated(state: Any, d: Data) -> str:
    return f"the AI heroes win: {d.get('why')}"


RULE_FLAG = "homm3.md §5.24.2 step 2"


def _game_end(state: Any, d: Data) -> str:
    winners = d.get("winners") or []
    names = " and ".join(seat_name(state, s) for s in winners)
    ending = str(d.get("ending", "")).replace("-", " ")
    if d.get("ending") == "defeat":
        return "the game ends: the AI heroes win (defeat)"
    if not winners:
        return f"the game ends in a draw ({ending})"
    return f"the game ends: {names} win{'s' if len(winners) == 1 else ''} ({ending})"


Line = Callable[[Any, Data], str]

FILLERS: Mapping[str, Line] = {
    "seat": lambda s, d: seat_name(s, d.get("seat")),
    "hero": lambda s, d: hero_name(s, d.get("hero")),
    "card": lambda s, d: card_name(s, d.get("card")),
    "cards": lambda s, d: _cards(s, d.get("cards")),
    "unit": lambda s, d: unit_name(s, d.get("unit")),
    "tile": lambda s, d: tile_words(s, d.get("tile")),
    "building": lambda s, d: building_name(s, d.get("building")),
    "faction": lambda s, d: faction_name(d.get("faction")),
    "field_place": lambda s, d: place(s, d.get("field")),
    "to_place": lambda s, d: place(s, d.get("to")),
    "gains": lambda s, d: _gains(d),
    "bonus": lambda s, d: _bonus(s, d.get("option")),
    "face": lambda s, d: face_words(d.get("face")),
}
"""What a sentence's ``{name}`` says, by name; any other ``{name}`` is the event's value."""


class _Words(dict[str, str]):
    """An event's values by name for a sentence (:data:`FILLERS` first)."""

    def __init__(self, state: Any, data: Data) -> None:
        super().__init__()
        self.state, self.data = state, data

    def __missing__(self, name: str) -> str:
        filler = FILLERS.get(name)
        return filler(self.state, self.data) if filler else str(self.data.get(name))


def _said(sentence: str | Line, state: Any, data: Data) -> str:
    """*sentence* for an event's *data*: a template filled in (:class:`_Words`) or a function."""
    if isinstance(sentence, str):
        return sentence.format_map(_Words(state, data))
    return sentence(state, data)


def _visited(s: Any, d: Data) -> str:
    if field_name(s, str(d.get("field"))) == "empty":
        return ""  # an empty field: nothing to tell
    return _said("{hero} visits {field_place}", s, d)


def _plural(count: object, noun: str) -> str:
    return f"{count} {noun}" + ("s" if count != 1 else "")


def _resource(name: object) -> str:
    return str(RESOURCE_NAMES.get(str(name), name))


LINES: dict[str, str | Line] = {
    "first-player": "{seat} plays first",
    "round-starts": "— round {round} begins —",
    "turn-starts": "{seat}'s turn begins",
    "turn-ends": "{seat}'s turn ends",
    "hero-moves": "{hero} moves from ({from}) to {to_place}",
    "hero-teleports": "{hero} teleports from ({from}) to {to_place}",
    "hero-flies": "{hero} flies from ({from}) to {to_place}",
    "visited": _visited,
    "fight-starts": _fight_start,
    "fight-ends": _fight_end,
    "hero-goes-back": "{hero} goes back to {to_place}",
    "hero-goes-home": "{hero} goes home to {to_place}",
    "hero-homeless": "{hero} has no town or settlement to go to: off the map",
    "hero-removed": "{hero} leaves the map",
    "tile-revealed": "{seat} reveals {tile} at ({at})",
    "tile-drawn": "{seat} draws {tile} from its Far pool",
    "tile-fits-nowhere": "{tile} fits nowhere: back to the bottom of the Far pool",
    "tile-laid": "{tile} is laid at ({at}), turned {rotation}",
    "income": "{seat} gains its income: {gains}",
    "astrologers": "the Astrologers proclaim {card}",
    "cards-drawn": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} draws " + _plural(d.get("count"), "card")
    ),
    "cards-discarded": "{seat} discards {cards}",
    "hand-discarded": "{seat} discards the whole hand (a second Negative Morale): {cards}",
    "deck-reshuffled": lambda s, d: _said(
        "{seat} shuffles the discard pile into a new deck"
        if "seat" in d
        else "the {deck} discard pile is shuffled into a new deck",
        s,
        d,
    ),
    "card-gained": "{seat} gains a card",
    "level-up": "{seat}'s Main Hero rises to Level {to}",
    "specialty-added": "{seat} shuffles the Specialty card {card} into the deck",
    "army-restored": "{seat} has no unit left: the starting army comes back",
    "captured": "{seat} captures {field_place}",
    "cube-taken": "{seat} takes a {faction} faction cube",
    "army-transported": "{seat} pays 8 Gold to transport its army to {field_place}",
    "elimination-clock": "{seat} holds no town or settlement: 3 rounds to take one back",
    "eliminated": "{seat} is eliminated",
    "game-ends": _game_end,
    "starting-bonus": "{seat} takes a Starting Bonus: {bonus}",
    "die-rolled": "{seat} rolls the {die} die: {face}",
    "resources-gained": "{seat} gains {gains}",
    "resources": "{seat} gains {gains}",
    "paid": "{seat} pays {gains}",
    "token-used": "{seat} flips its {token} token",
    "built": "{seat} builds {building}",
    "building-used": "{seat} uses its {building}",
    "card-played": "{seat} plays {card} ({use})",
    "empowers": "{seat} empowers the spell with {card}",
    "spell-cast": "{seat} casts {card} (power {power})",
    "secondary-hero": "{seat} recruits {hero} as its Secondary Hero at {field_place}",
    "town-window": "",
    "proclaimed": lambda s, d: (
        f"{card_name(s, d.get('card'))} is in force ({str(d.get('duration')).replace('-', ' ')})"
    ),
    "recruited": "{seat} recruits {unit}",
    "weakened": "{seat}'s {unit} flip to Few",
    "flagged": lambda s, d: _said(
        "{seat} flags {field_place}" + (" (the first flag)" if d.get("first") else ""), s, d
    ),
    "spell-bought": "{seat} buys a spell at its Mage Guild",
    "card-removed": "{seat} removes {card} from the game",
    "movement-gained": "{hero} gains {mp} MP",
    "traded": lambda s, d: (
        f"{seat_name(s, d.get('seat'))} trades {d.get('paid')} {_resource(d.get('give'))} for "
        f"{d.get('got')} {_resource(d.get('get'))}"
    ),
    "timed-event": lambda s, d: (
        f"the scenario's event of round {d.get('round')} for "
        + (" and ".join(seat_name(s, x) for x in d.get("seats") or []) or "nobody")
    ),
    "reroll": "{seat} rerolls the {die} die ({by})",
    "astrologers-movement": lambda s, d: (
        f"{card_name(s, d.get('card'))}: heroes' MP {_signed(d.get('mp'))} this round"
    ),
    "shuffled-back": "{seat} shuffles {count} cards back into the deck",
    "black-cubes-removed": lambda s, d: (
        f"the black cubes come off {len(d.get('fields') or [])} fields: their locations may be "
        "visited again"
    ),
    "card-recovered": "{seat} takes {card} back from the discard pile",
    "neutrals-drawn": "{seat} plays {card}: {cards} drawn",
    "settlement-reward": lambda s, d: (
        f"the Settlement at ({d.get('field')}) now gives {_resource(d.get('resource'))}"
    ),
    "visit-declined": "{seat} declines the visit at {field_place}",
    "ai-hero-moves": _ai_words("{hero} (AI) moves from ({from}) to {to_place}"),
    "ai-reveals": _ai_words("{hero} (AI) turns up the face-down tile at ({at}) for 1 MP"),
    "ai-stays": _ai_words("{hero} (AI) has no field to go to and stays"),
    "ai-flags": _ai_flags,
    "ai-captures": _ai_captures,
    "ai-beats-neutrals": (
        "{hero} (AI) beats the neutral units at {field_place} at once (homm3.md §5.24.2: the "
        "AI wins every fight against neutral units)"
    ),
    "ai-visits": "{hero} (AI) visits {field_place}: a black cube on it, and it gains nothing",
    "ai-hero-defeated": lambda s, d: (
        f"{hero_name(s, d.get('hero'))} (AI) is defeated by {hero_name(s, d.get('by'))} and "
        "leaves the map"
    ),
    "team-defeated": _team_defeated,
    "ai-reward": lambda s, d: (
        _said("{hero} (AI) takes the Settlement's reward at {field_place}: ", s, d)
        + (
            f"{unit_name(s, d.get('unit'))} reinforced to Pack"
            if d.get("unit")
            else "no unit to reinforce"
            if d.get("reward") == "reinforce"
            else f"{_resource(d.get('reward'))} (the AI has no resources: nothing)"
        )
        + " (homm3.md §9.13)"
    ),
    "scenario-note": lambda s, d: (
        f"the scenario tells {seat_name(s, d.get('seat'))}: {d.get('text')}"
        if isinstance(d.get("seat"), int) and d.get("seat", -1) >= 0
        else f"the scenario: {d.get('text')}"
    ),
}
"""Each map event kind, in words."""
