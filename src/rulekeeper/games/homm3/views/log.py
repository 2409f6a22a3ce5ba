"""The battle's news in words (issue 9 §1): one readable line per public event, with units,
heroes and cards by name and one line per attack with its dice, its Attack and Defence and the
damage.

    lines, seen = news(state, seen)

An attack is logged by the combat once it is resolved (its ``attack`` event carries every die),
so no line waits for a pending decision: each event is told as it comes. A unit is named by its
card and the side of the card showing *when the event happened* ("Zombies (Pack)" before the
attack that flips them, "Zombies (Few)" after), so asking after every action gives the same
lines as asking once at the end. Units of the same card in one battle are told apart by who
leads them ("Alamar's Minotaurs (Few)", "neutral Minotaurs (Few)"). Unknown event kinds get a
generic line (kind and data, ids replaced by names), never an error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rulekeeper.games.homm3.combat import ai_hero, board, neutral_ai
from rulekeeper.games.homm3.combat.model import SIDES, TOWER
from rulekeeper.games.homm3.combat.stats import card
from rulekeeper.games.homm3.views.words import card_name

if TYPE_CHECKING:
    from rulekeeper.core.events import Event
    from rulekeeper.games.homm3.combat.stats import BattleState

__all__ = ["COVERED", "PRIVATE", "event_line", "in_attack_line", "news", "told"]

PRIVATE = frozenset({"drew"})
"""Events only their seat sees (the cards drawn): never in the public news; ``drew-count``
tells everyone how many."""

Faces = dict[str, str]
"""The side of each unit's card showing ("few" or "pack"), by unit id, at one point of the log."""
Data = Mapping[str, Any]
MODES = {"clash": "clash: two players", "solo": "solo", "coop": "cooperative"}


# ---------------------------------------------------------------------------- the news


def news(state: BattleState, since: int) -> tuple[list[str], int]:
    """Lines for the public events after ``since``, and the sequence number to pass next. An
    attack's own dice are told once, in the attack's line (issue 23 §2.8): their ``rolled``
    events get no line of their own."""
    lines = [line for event, line in told(state, since) if not in_attack_line(event)]
    return lines, state.events.last_seq


def in_attack_line(event: Event) -> bool:
    """An Attack die or a Defense token die rolled for an attack: the attack's line tells it."""
    return event.kind == "rolled" and event.data.get("purpose") in ("attack", "defence")


def told(state: BattleState, since: int) -> list[tuple[Event, str]]:
    """Each public event after ``since`` with its line (every event, the dice too: the board
    shows them in place)."""
    events = state.events.public(0)  # a unit's side at an event needs the log from its start
    faces = starting_faces(state, events)
    labels = unit_labels(state)
    found: list[tuple[Event, str]] = []
    attacked: set[str] = set()
    for event in events:
        if event.seq > since:
            line = event_line(state, event, faces, labels, frozenset(attacked))
            found.append((event, line[:1].upper() + line[1:]))
        turn_card(faces, event)
        follow_attacks(attacked, event)
    return found


def follow_attacks(attacked: set[str], event: Event) -> None:
    """The units that have attacked in their activation so far (a move after it is the
    return of ``return-after-attack``, or a ranged unit's step, not the rules' choice)."""
    if event.kind == "activation":
        attacked.discard(str(event.data.get("unit")))
    elif event.kind == "attack" and event.data.get("kind") == "attack":
        attacked.add(str(event.data.get("attacker")))


def starting_faces(state: BattleState, events: list[Event]) -> Faces:
    """Each unit's side before the first event: today's side, with the log's flips undone."""
    faces = {uid: unit.face for uid, unit in state.battle.units.items()}
    for event in reversed(events):
        uid = str(event.data.get("unit"))
        if event.kind == "damage" and event.data.get("flipped"):
            faces[uid] = "pack"
        elif event.kind == "reinforced":
            faces[uid] = "few"
    return faces


def turn_card(faces: Faces, event: Event) -> None:
    """Follow the flips of *event* (§5.15 Damage and flipping; Necromancy's reinforcement)."""
    uid = str(event.data.get("unit"))
    if event.kind == "damage" and event.data.get("flipped"):
        faces[uid] = "few"
    elif event.kind == "reinforced":
        faces[uid] = "pack"


def unit_labels(state: BattleState) -> dict[str, str]:
    """Each unit's card name, with who leads it when another unit of the battle shares the name
    (and a number when the same side has two)."""
    battle = state.battle
    names = {uid: card(state, unit).name for uid, unit in battle.units.items()}
    shared = Counter(names.values())
    per_side = Counter((unit.side, names[uid]) for uid, unit in battle.units.items())
    seen: Counter[tuple[int, str]] = Counter()
    labels: dict[str, str] = {}
    for uid, unit in battle.units.items():
        name = names[uid]
        if shared[name] > 1:
            key = (unit.side, name)
            seen[key] += 1
            if per_side[key] > 1:
                name = f"{name} {seen[key]}"
            name = f"{owner(state, unit.side)} {name}"
        labels[uid] = name
    return labels


def owner(state: BattleState, side: int) -> str:
    """Who leads *side*, as a possessive ("Catherine's", "neutral", "the defender's")."""
    army = state.battle.armies[side]
    if army.hero is not None:
        return f"{army.hero.name}'s"
    return "neutral" if army.kind == "neutral" else f"the {SIDES[side]}'s"


# ---------------------------------------------------------------------------- words


class Teller:
    """What one line needs: the state, the units' sides at the event, their labels."""

    def __init__(
        self,
        state: BattleState,
        faces: Faces,
        labels: Mapping[str, str],
        attacked: frozenset[str] = frozenset(),
    ) -> None:
        self.state = state
        self.faces = faces
        self.labels = labels
        self.attacked = attacked
        """Units that attacked earlier in the activation under way at the event."""

    def unit(self, uid: object) -> str:
        """A unit by name and the side of its card then showing: "Griffins (Pack)"."""
        unit = self.state.battle.units.get(str(uid))
        if unit is None:
            return str(uid)
        label = self.labels.get(unit.id, unit.id)
        if not card(self.state, unit).two_sided:
            return label
        return f"{label} ({self.faces.get(unit.id, unit.face).capitalize()})"

    def many(self, uid: object) -> bool:
        """The unit's name is a plural ("Marksmen attack"): every troop, not the Arrow Tower
        ("attacks")."""
        unit = self.state.battle.units.get(str(uid))
        return unit is None or card(self.state, unit).faction != "siege"

    def does(self, uid: object, verb: str, singular: str = "") -> str:
        """The unit and its verb in agreement: "Griffins attack", "Arrow Tower attacks"."""
        if self.many(uid):
            return f"{self.unit(uid)} {verb}"
        return f"{self.unit(uid)} {singular or verb + 's'}"

    def why(self, attacker: object, target: object) -> str:
        """Which rule chose the target of an attack by a unit the rules drive, or a neutral
        unit bound by them (issue 23 §1); "" for a player's free choice."""
        units = self.state.battle.units
        unit, aimed = units.get(str(attacker)), units.get(str(target))
        if unit is None or aimed is None or not neutral_ai.rules_driven(self.state, unit):
            return ""
        return neutral_ai.why_target(self.state, unit, aimed)

    def why_moved(self, uid: object) -> str:
        """ " — why (rule)" after a move of a unit the rules drive or bind; "" otherwise (and
        after its attack: an ability's return, not a choice of the rules)."""
        unit = self.state.battle.units.get(str(uid))
        if unit is None or str(uid) in self.attacked:
            return ""
        if not neutral_ai.rules_driven(self.state, unit):
            return ""
        return f" — {neutral_ai.why_move(self.state, unit)}"

    def side(self, side: object) -> str:
        """Who leads a side: the hero's name, "the neutral units" or "the defending army"."""
        if not isinstance(side, int) or side not in (0, 1):
            return f"side {side}"
        army = self.state.battle.armies[side]
        if army.hero is not None:
            return army.hero.name
        if army.kind == "neutral":
            return "the neutral units"
        return f"the {'attacking' if side == 0 else 'defending'} army"

    def side_does(self, side: object, verb: str) -> str:
        """A side and its verb in agreement: "Catherine wins", "the neutral units win"."""
        army = self.state.battle.armies[side] if side in (0, 1) else None
        many = army is not None and army.hero is None and army.kind == "neutral"
        return f"{self.side(side)} {verb if many else verb + 's'}"

    def card(self, card_id: object) -> str:
        """A Might & Magic card, an AI card or a unit card by name."""
        pack = self.state.game.pack
        found = card_name(self.state, card_id)
        if found != str(card_id):
            return found
        if str(card_id) in pack.ai_cards:
            return str(pack.ai_cards[str(card_id)].name)
        try:
            return str(pack.unit(str(card_id)).name)
        except KeyError:
            return str(card_id)

    def cause(self, cause: object) -> str:
        """Why something happened: a card by name, else an ability kind in words."""
        named = self.card(cause)
        return named if named != str(cause) else str(cause).replace("-", " ")

    def value(self, value: object) -> str:
        """A value of an unknown event: unit ids and card ids by name."""
        if isinstance(value, str):
            return self.unit(value) if value in self.state.battle.units else self.card(value)
        if isinstance(value, list):
            return "[" + ", ".join(self.value(v) for v in value) + "]"
        return str(value)


def field(value: object) -> str:
    """A combat field as players write it ("b3"), or as given when it is not a field number."""
    if isinstance(value, int) and 0 <= value < board.ROWS * board.COLUMNS:
        return board.name(value)
    return "the tower" if value == -2 else str(value)


def signed(value: object) -> str:
    """A die face: "+1", "+0", "-1"."""
    return f"{value:+d}" if isinstance(value, int) else str(value)


def event_line(
    state: BattleState,
    event: Event,
    faces: Faces | None = None,
    labels: Mapping[str, str] | None = None,
    attacked: frozenset[str] = frozenset(),
) -> str:
    """One event in words; unknown kinds get a generic line. *faces*: the units' sides at the
    event (today's by default); *attacked*: the units that attacked earlier in their
    activation."""
    if faces is None:
        faces = {uid: unit.face for uid, unit in state.battle.units.items()}
    teller = Teller(state, faces, unit_labels(state) if labels is None else labels, attacked)
    telling = LINES.get(event.kind)
    if telling is not None:
        return telling(teller, event.data)
    details = ", ".join(f"{k}={teller.value(v)}" for k, v in event.data.items())
    return f"{event.kind}: {details}" if details else event.kind


# ---------------------------------------------------------------------------- attacks


def attack_line(t: Teller, d: Data) -> str:
    """homm3.md §5.18.6 steps 4–5: the die added to Attack (two dice, the lower, under the
    combat penalty; −1 through a Wall), a Defense token's die (+1 Defence on "+1", §5.18.5),
    damage = Attack − Defence; a retaliation (step 6) is told as such."""
    attacker, target = d.get("attacker"), d.get("target")
    kind = d.get("kind")
    if kind == "retaliation":
        head = f"{t.does(attacker, 'retaliate')} against {t.unit(target)}"
    elif kind == "second":
        head = f"{t.does(attacker, 'attack')} {t.unit(target)} again (second attack)"
    elif kind == "splash":
        head = f"the attack of {t.unit(attacker)} also hits {t.unit(target)}"
    else:
        head = f"{t.does(attacker, 'attack')} {t.unit(target)}"
    line = f"{head}: {dice_words(d)}, attack {d.get('attack')} against defence " + (
        f"{d.get('defence')}: {d.get('damage')} damage"
    )
    why = t.why(attacker, target) if kind == "attack" else ""
    return line + (f" — {why}" if why else "")


def dice_words(d: Data) -> str:
    """The attack dice, the one that counts and the Defense token's die."""
    dice = d.get("dice") or []
    die = signed(d.get("die"))
    if len(dice) > 1:
        why = " (combat penalty)" if d.get("penalty") else ""
        text = f"dice {' and '.join(signed(f) for f in dice)}{why}, {die} counts"
    elif dice and dice[0] != d.get("die"):
        text = f"die {signed(dice[0])}, counting as {die}"
    else:
        text = f"die {die}"
    if d.get("walled"):
        text += ", -1 through the wall"
    defence_die = d.get("defence_die") or []
    if defence_die:
        bonus = " (+1 Defence)" if defence_die[0] == 1 else ""
        text += f", Defense token die {signed(defence_die[0])}{bonus}"
    return text


def rolled_line(t: Teller, d: Data) -> str:
    """A die rolled: an attack's (§5.18.6 step 4), a Defense token's (§5.18.5), a morale roll
    or a unit ability's."""
    purpose = d.get("purpose")
    why = {"attack": "attack", "defence": "Defense token", "morale-roll": "morale roll"}.get(
        str(purpose), t.cause(purpose)
    )
    return f"the die shows {signed(d.get('face'))} ({why})"


def rerolled_line(t: Teller, d: Data) -> str:
    """homm3.md §5.17, §8.50: a die of the attack rolled again (the attack dice first, then the
    Defense token's)."""
    index = d.get("die")
    number = index + 1 if isinstance(index, int) else index
    return f"die {number} is rerolled: {signed(d.get('was'))} becomes {signed(d.get('face'))}"


def damage_line(t: Teller, d: Data) -> str:
    """homm3.md §5.15 Damage and flipping: a Pack card flips to Few with the excess, a Few card
    (or a one-sided one) is destroyed when its damage reaches its HP."""
    uid = d.get("unit")
    cause = str(d.get("cause", ""))
    why = "" if cause in ("attack", "retaliation", "second", "splash") else t.cause(cause)
    text = t.does(uid, "take", "takes") + f" {d.get('amount')} damage"
    flipped, destroyed = bool(d.get("flipped")), bool(d.get("destroyed"))
    left = d.get("damage")
    if flipped and destroyed:
        text += ", flip to Few and are destroyed"
    elif flipped:
        text += " and flip to Few" + (f", {left} damage on that side" if left else "")
    elif destroyed:
        text += " and are destroyed" if t.many(uid) else " and is destroyed"
    else:
        why = f"{why}; {left} on the card" if why else f"{left} on the card"
    return text + (f" ({why})" if why else "")


# ---------------------------------------------------------------------------- the rest


def battle_end_line(t: Teller, d: Data) -> str:
    """homm3.md §5.20 End of combat, §5.19 Experience: who won, how, and the levels gained."""
    winner = side_index(d.get("winner"))
    loser = side_index(d.get("loser"))
    ending = d.get("ending")
    rounds = d.get("rounds")
    if ending == "quick-combat":
        text = f"the battle is settled by Quick Combat: {t.side_does(winner, 'win')}"
    else:
        text = f"the battle is over after {rounds} round{'s' if rounds != 1 else ''}: "
        if ending == "flee":
            text += f"{t.side_does(loser, 'flee')}, {t.side_does(winner, 'win')}"
        elif ending == "surrender":
            text += f"{t.side_does(loser, 'surrender')}, {t.side_does(winner, 'win')}"
        else:
            text += t.side_does(winner, "win")
    for side in d.get("sides") or []:
        if isinstance(side, Mapping) and side.get("experience"):
            text += f"; {side.get('hero')} gains {side.get('experience')} Exp"
            if side.get("level") != side.get("level_before"):
                text += f" (now level {side.get('level')})"
    return text


def side_index(name: object) -> int | None:
    """0 for "attacker", 1 for "defender"."""
    return SIDES.index(str(name)) if name in SIDES else None


def extended_line(t: Teller, d: Data) -> str:
    """homm3.md §5.18.2: against Bronze–Gold neutrals, 1 MP (free under optional rule 9) buys
    another round."""
    free = t.state.battle.options.get("free-extension", "no") == "yes"
    cost = "free under optional rule 9" if free else "1 MP"
    return f"{t.side(0)} fights on into round {d.get('round')} ({cost})"


def morale_line(t: Teller, d: Data) -> str:
    """homm3.md §5.17: a hero holds one Positive or one Negative Morale token, or none."""
    morale = d.get("morale")
    token = {"1": "a Positive Morale token", "-1": "a Negative Morale token"}.get(
        str(morale), "no Morale token"
    )
    return f"{t.side(d.get('side'))} now holds {token}"


def morale_spent_line(t: Teller, d: Data) -> str:
    """homm3.md §5.17, §8.50: the Positive Morale token spent to draw, to cycle, or to reroll."""
    what = {"morale-draw": "to draw a card", "morale-cycle": "to cycle cards"}.get(
        str(d.get("for")), "to reroll a die"
    )
    return f"{t.side(d.get('side'))} spends the Positive Morale token {what}"


def played_line(t: Teller, d: Data) -> str:
    """A card played from hand (§5.18.7), with its use and the unit it is played on."""
    use = str(d.get("use", "")).replace("-", " ").capitalize()
    on = f" on {t.unit(d['unit'])}" if d.get("unit") is not None else ""
    return f"{t.side(d.get('side'))} plays {t.card(d.get('card'))} ({use}){on}"


def empowered_line(t: Teller, d: Data) -> str:
    """homm3.md §5.11: a card played or discarded to raise a spell's power."""
    how = "discarded" if d.get("use") == "discard" else str(d.get("use")).capitalize()
    return (
        f"{t.side(d.get('side'))} empowers the spell with {t.card(d.get('card'))} ({how}): "
        f"power {d.get('power')}"
    )


def spell_line(t: Teller, d: Data) -> str:
    """homm3.md §5.11, §5.18.7: a spell takes effect on its target unit or fields."""
    if d.get("fields") is not None:
        where = " and ".join(str(d.get("fields")).split())
    else:
        where = t.unit(d.get("unit"))
    return (
        f"{t.side(d.get('side'))} casts {t.card(d.get('card'))} on {where} (power {d.get('power')})"
    )


def siege_line(t: Teller, d: Data) -> str:
    """homm3.md §5.14.4, §9.3: the Gate and three Walls fill the middle row."""
    return f"the Gate stands at {field(d.get('gate'))}, Walls fill the rest of the middle row"


def recovered_line(t: Teller, d: Data) -> str:
    who = t.side(d.get("side"))
    taken = f"takes {t.card(d['card'])} back from the discard pile and " if d.get("card") else ""
    return f"{who} {taken}shuffles the discard pile into the deck"


def cards_words(t: Teller, cards: object) -> str:
    """Card ids by name, joined."""
    return ", ".join(t.card(c) for c in cards) if isinstance(cards, list) and cards else "nothing"


def plural(count: object, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


Line = Callable[[Teller, Data], str]

LINES: dict[str, Line] = {
    # the battle and its rounds (§5.18.2, §5.18.6 step 8, §5.20)
    "battle-starts": lambda t, d: (
        f"the battle begins ({MODES.get(str(d.get('mode')), str(d.get('mode')))})"
    ),
    "siege-works": siege_line,
    "placed": lambda t, d: (
        f"{t.does(d.get('unit'), 'are', 'is')} placed at {field(d.get('field'))}"
    ),
    "round-starts": lambda t, d: f"round {d.get('round')} begins",
    "round-ends": lambda t, d: f"round {d.get('round')} ends",
    "extended": extended_line,
    "battle-ends": battle_end_line,
    # activations (§5.18.5, §5.18.6)
    "activation": lambda t, d: (
        t.does(d.get("unit"), "activate")
        + (f" at {field(d.get('field'))}" if d.get("field") != TOWER else "")
    ),
    "paralysis-ends": lambda t, d: (
        f"{t.does(d.get('unit'), 'are', 'is')} paralysed: the activation is skipped and the "
        "Paralysis token discarded"
    ),
    "moved": lambda t, d: (
        f"{t.does(d.get('unit'), 'move')} from {field(d.get('from'))} to {field(d.get('to'))}"
        + t.why_moved(d.get("unit"))
    ),
    "pushed": lambda t, d: (
        f"{t.does(d.get('unit'), 'are', 'is')} pushed from {field(d.get('from'))} to "
        f"{field(d.get('to'))}"
    ),
    "teleported": lambda t, d: (
        f"{t.does(d.get('unit'), 'teleport')} from {field(d.get('from'))} to {field(d.get('to'))}"
    ),
    "swapped": lambda t, d: " and ".join(t.unit(u) for u in d.get("units") or []) + " swap fields",
    "defends": lambda t, d: f"{t.does(d.get('unit'), 'defend')} (a Defense token)",
    "breached": lambda t, d: (
        f"{t.does(d.get('unit'), 'break')} the {str(d.get('obstacle')).capitalize()} at "
        f"{field(d.get('field'))}"
    ),
    "tower-falls": lambda t, d: "the Arrow Tower falls: no Wall or Gate is left standing",
    # attacks (§5.18.5, §5.18.6 steps 4–6, §5.15)
    "rolled": rolled_line,
    "rerolled": rerolled_line,
    "die-ignored": lambda t, d: (
        f"the attack die against {t.unit(d.get('unit'))} is ignored (a card discarded)"
    ),
    "attack": attack_line,
    "attack-cancelled": lambda t, d: (
        f"the attack of {t.unit(d.get('attacker'))} on {t.unit(d.get('target'))} is cancelled"
    ),
    "guarded": lambda t, d: (
        f"{t.does(d.get('unit'), 'guard')} {t.unit(d.get('target'))} (guardian): the attack "
        "is cancelled"
    ),
    "damage": damage_line,
    "healed": lambda t, d: (
        f"{t.does(d.get('unit'), 'heal')} {d.get('amount')} damage ({t.cause(d.get('cause'))})"
    ),
    "paralysed": lambda t, d: (
        f"{t.does(d.get('unit'), 'are', 'is')} paralysed ({t.cause(d.get('cause'))})"
    ),
    "reinforced": lambda t, d: (
        f"{t.does(d.get('unit'), 'flip')} to Pack ({t.cause(d.get('cause'))})"
    ),
    "overlay": lambda t, d: f"{t.card(d.get('card'))} is laid on {t.unit(d.get('unit'))}",
    "overlay-gone": lambda t, d: (
        f"{t.card(d.get('card'))} on {t.unit(d.get('unit'))} is spent and discarded"
    ),
    "saves": lambda t, d: (
        f"{t.side(d.get('side'))} plays {t.card(d.get('card'))} to save {t.unit(d.get('unit'))}"
    ),
    "saved": lambda t, d: (
        f"{t.card(d.get('card'))} saves {t.unit(d.get('unit'))}: the attack is cancelled"
    ),
    # morale (§5.17)
    "morale": morale_line,
    "morale-spent": morale_spent_line,
    "morale-lost": lambda t, d: (
        f"{t.side(d.get('side'))} loses the Positive Morale token ({t.cause(d.get('cause'))})"
    ),
    # cards and spells (§5.8, §5.11, §5.18.7)
    "played": played_line,
    "casts": lambda t, d: f"{t.side(d.get('side'))} starts casting {t.card(d.get('card'))}",
    "empowered": empowered_line,
    "spell": spell_line,
    "fizzles": lambda t, d: f"{t.side(d.get('side'))}'s {t.card(d.get('card'))} fizzles",
    "countered": lambda t, d: f"{t.side(d.get('side'))}'s {t.card(d.get('card'))} is countered",
    "gained": lambda t, d: f"{t.side(d.get('side'))} gains {d.get('amount')} {d.get('resource')}",
    "drew-count": lambda t, d: f"{t.side(d.get('side'))} draws {plural(d.get('count'), 'card')}",
    "discarded": lambda t, d: f"{t.side(d.get('side'))} discards {t.card(d.get('card'))}",
    "back-to-hand": lambda t, d: (
        f"{t.side(d.get('side'))} takes {cards_words(t, d.get('cards'))} back into hand"
    ),
    "reshuffled": lambda t, d: f"{t.side(d.get('side'))} shuffles the discard pile into a new deck",
    "recovered": recovered_line,
    # an AI hero (§5.24)
    "ai-card": lambda t, d: (
        f"{t.side(d.get('side'))} draws the AI card {t.card(d.get('card'))} as its unit "
        f"activates ({ai_hero.RULE_ITEM})"
    ),
    "ai-casts": lambda t, d: (
        f"{t.side(d.get('side'))} casts {t.card(d.get('card'))} from the AI Spell deck "
        f"(power {d.get('power')}) — {ai_hero.SPELL_WHY}"
    ),
    "ai-skill": lambda t, d: (
        f"{t.side(d.get('side'))} uses the Ability card {t.card(d.get('card'))}"
    ),
}
"""Each event kind the combat appends, in words."""

COVERED = frozenset(LINES)
