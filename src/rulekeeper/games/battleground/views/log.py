"""The game's news in words (issue 9 §1): one readable line per public event worth telling, with
character and card names, and one line per attack with both tests' dice, scope and causes and
the result row.

    lines, seen = news(state, seen)

An attack is told once it is resolved: while its tests are still running (a reroll waits for a
decision), the lines from its declaration on are held back and ``news`` returns the sequence
number just before it, so the next call tells the whole attack. Unknown event kinds get a
generic line (kind and data, ids replaced by names), never an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.rules.combat import FISTS, AttackStep
from rulekeeper.games.battleground.rules.dicetest import DiceTestStep
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP
from rulekeeper.games.battleground.rules.skill_tests import SkillTestStep
from rulekeeper.games.battleground.views import card_text

if TYPE_CHECKING:
    from rulekeeper.core.events import Event
    from rulekeeper.games.battleground.game import BattlegroundState

__all__ = ["QUIET", "event_line", "news"]

QUIET = frozenset({"card selected", "move declared", "face", "setup", "draw count"})
"""Events told by another line (the move, the attack) or by the board: no line of their own."""

_TEST_KINDS = frozenset({"test", "reroll", "test result"})
_OPEN_STEPS = (AttackStep, DiceTestStep, SkillTestStep)


@dataclass
class _Test:
    """One test as its events tell it."""

    label: str
    notes: list[str]
    rerolled: list[int] = field(default_factory=list)
    result: Mapping[str, Any] | None = None


@dataclass
class _Pending:
    """An attack or skill being told: its declaration and its tests so far."""

    start: int
    attack: Mapping[str, Any] | None = None
    tests: list[_Test] = field(default_factory=list)


def news(state: BattlegroundState, since: int) -> tuple[list[str], int]:
    """Lines for the public events after ``since``, and the sequence number to pass next."""
    events = state.events.public(0)  # an attack's line needs its declaration, maybe older
    told: list[tuple[int, str]] = []
    pending: _Pending | None = None
    reveals: list[Event] = []
    moves: dict[str, bool] = {}
    for event in events:
        if reveals and event.kind != "reveal":
            told.append((reveals[-1].seq, _initiative(state, reveals)))
            reveals = []
        kind, data = event.kind, event.data
        if kind == "reveal":
            reveals.append(event)
            told.append((event.seq, event_line(state, event)))
        elif kind == "attack":
            pending = _Pending(event.seq, attack=data)
        elif kind == "skill":
            pending = _Pending(event.seq + 1)
            told.append((event.seq, event_line(state, event)))
        elif kind in _TEST_KINDS:
            if pending is None:
                pending = _Pending(event.seq)
            _test_event(pending, kind, data)
        elif kind == "attack result" and pending is not None:
            told.append((event.seq, _attack_line(state, pending, data)))
            pending.tests = []
            pending.start = event.seq + 1
        elif kind == "skill test result" and pending is not None:
            told.append((event.seq, _skill_line(state, pending, data)))
            pending = None
        elif kind == "move declared":
            moves[str(data.get("character"))] = bool(data.get("focus"))
        elif kind == "move":
            focus = moves.pop(str(data.get("character")), False)
            told.append((event.seq, event_line(state, event) + (" (focus spent)" if focus else "")))
        else:
            if kind in ("end activation", "interruption ends"):
                pending = None
            line = event_line(state, event)
            if line:
                told.append((event.seq, line))
    if reveals:
        told.append((reveals[-1].seq, _initiative(state, reveals)))
    last = state.events.last_seq
    if pending is not None and _resolving(state):
        last = min(last, pending.start - 1)
    if last < since:  # the caller's sequence is past the held-back attack already
        last = since
    return [line[:1].upper() + line[1:] for seq, line in told if since < seq <= last], last


def _resolving(state: BattlegroundState) -> bool:
    """Whether an attack or a test is being resolved now (its line is not complete yet)."""
    return any(isinstance(step, _OPEN_STEPS) for step in state.flow.steps)


def _test_event(pending: _Pending, kind: str, data: Mapping[str, Any]) -> None:
    if kind == "test":
        pending.tests.append(_Test(str(data.get("label", "test")), list(data.get("notes", []))))
        return
    if not pending.tests:  # pragma: no cover - a test's events start with "test"
        pending.tests.append(_Test(str(data.get("label", data.get("test", "test"))), []))
    test = pending.tests[-1]
    if kind == "reroll":
        test.rerolled.extend(int(f) for f in data.get("faces", []))
    else:
        test.result = data


def _name(state: BattlegroundState, character: object) -> str:
    card = state.pack.characters.get(str(character))
    return card.name if card is not None else str(character)


def _card_name(state: BattlegroundState, card_id: object) -> str:
    found = state.pack.fate.get(str(card_id)) or state.pack.glory.get(str(card_id))
    return found.name if found is not None else str(card_id)


def _weapon_name(state: BattlegroundState, weapon_id: object) -> str:
    if weapon_id == FISTS:
        return "fists"
    weapon = state.weapon(str(weapon_id))
    return weapon.name if weapon is not None else str(weapon_id)


def _at(value: object) -> str:
    if isinstance(value, list | tuple) and len(value) == 3:
        return str(Position(*(int(v) for v in value)))
    return str(value)


def _id_name(state: BattlegroundState, key: object) -> str:
    """A card, skill, item or status by name, not id (issue 23 §2.8): ``stratos-dive-attack``
    is "Dive Attack"; ``skill:...`` and other sources with ids in them are made readable."""
    text = str(key)
    return card_text.name_of(state.pack, text) or card_text.readable(state.pack, text)


def _count(n: object, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _successes(n: object) -> str:
    return f"{n} success" if n == 1 else f"{n} successes"


def _player(value: object) -> str:
    return f"player {value}"


def _dice(faces: object) -> str:
    return " ".join(str(f) for f in faces) if isinstance(faces, list | tuple) and faces else "-"


def dice_line(state: BattlegroundState, test: _Test) -> str:
    """A test: its dice and scope with the causes, what was rolled and the successes."""
    causes = [card_text.readable(state.pack, note) for note in test.notes[1:-1]]
    summary = test.notes[-1] if test.notes else ""
    if summary.startswith("1 dice"):  # the rules' note, in the singular (issue 23 §2.12)
        summary = "1 die" + summary[len("1 dice") :]
    text = f"{test.label} {summary.split(' (scope')[0]}" if summary else test.label
    if causes:
        text += f" [{'; '.join(causes)}]"
    result = test.result
    if result is None:
        return text + ": not rolled yet"
    text += f": rolled {_dice(result.get('initial'))}"
    if test.rerolled:
        text += f" (rerolled {_dice(test.rerolled)})"
    if result.get("exploded"):
        text += f" + exploded {_dice(result.get('exploded'))}"
    if result.get("mana spent"):
        text += f" ({result['mana spent']} mana spent on rerolls)"
    return text + f" = {_successes(result.get('successes', 0))}"


def _attack_line(state: BattlegroundState, pending: _Pending, data: Mapping[str, Any]) -> str:
    attack = pending.attack or {}
    attacker = _name(state, attack.get("attacker", "?"))
    target = _name(state, data.get("target", attack.get("target", "?")))
    weapon_id = attack.get("weapon", "?")
    extra = [str(attack.get("type", "?"))]
    if attack.get("focus"):
        extra.append("focus spent")
    head = f"{attacker} attacks {target} with {_weapon_name(state, weapon_id)} ({', '.join(extra)})"
    tests = [dice_line(state, t) for t in pending.tests]
    if len(pending.tests) == 1:
        tests.append("no defence test")
    net = int(data.get("successes", 0) or 0)
    row = data.get("row")
    return f"{head}: {'; '.join(tests)}; net {_successes(net)}: {_row(state, weapon_id, row)}"


def _row(state: BattlegroundState, weapon_id: object, row: object) -> str:
    if row is None:
        return "no effect"
    weapon = state.weapon(str(weapon_id))
    if weapon is None:
        return "1+ row, 1 wound" if weapon_id == FISTS else f"row {row}+"
    for outcome in weapon.results:
        if outcome.successes == row:
            return f"{row}+ row, " + ", ".join(card_text.effect_text(e) for e in outcome.effects)
    return f"row {row}+"


def _skill_line(state: BattlegroundState, pending: _Pending, data: Mapping[str, Any]) -> str:
    who = _name(state, data.get("character", "?"))
    tests = "; ".join(dice_line(state, t) for t in pending.tests)
    row = data.get("row")
    result = "no effect" if row is None else f"the {row}+ row applies"
    net = _successes(data.get("successes", 0))
    return f"{who}'s skill test: {tests}; net {net}: {result}"


def _initiative(state: BattlegroundState, reveals: list[Event]) -> str:
    """Select Cards: the highest initiative activates first, the first player breaks ties."""
    if len(reveals) == 1:
        alone = _player(reveals[0].data.get("player"))
        return f"{alone} has the initiative (the other player has passed)"
    ranked = sorted(
        reveals,
        key=lambda e: (
            -int(str(e.data.get("initiative", 0) or 0)),
            0 if e.data.get("player") == state.first_player else 1,
        ),
    )
    first, second = ranked[0].data, ranked[1].data
    tie = first.get("initiative") == second.get("initiative")
    why = " (a tie: the first player goes first)" if tie else ""
    return (
        f"{_player(first.get('player'))} wins the initiative, "
        f"{first.get('initiative')} against {second.get('initiative')}{why}"
    )


def event_line(state: BattlegroundState, event: Event) -> str:
    """One event in words ('' for the quiet ones); unknown kinds get a generic line."""
    kind, d = event.kind, event.data
    if kind in QUIET:
        return ""
    who = _name(state, d.get("character", "?"))
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return str(simple(state, d, who))
    details = ", ".join(f"{k}={_value(state, k, v)}" for k, v in d.items())
    return f"{kind}: {details}" if details else kind


def _value(state: BattlegroundState, key: str, value: Any) -> str:
    if isinstance(value, str) and value in state.pack.characters:
        return _name(state, value)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return ", ".join(_value(state, key, v) for v in value)
    return str(value)


def _bonus(state: BattlegroundState, d: Mapping[str, Any], who: str) -> str:
    choice = d.get("choice")
    card_id = str(d.get("card"))
    card = state.pack.fate.get(card_id) or state.pack.glory.get(card_id)
    if choice == "mana":
        what = "+1 mana"
    elif choice == "ap":
        what = "+1 AP"
    elif choice == "ability" and card is not None and hasattr(card, "ability"):
        what = card.text_override or card_text.ability_text(card.ability)
    elif choice == "mission" and card is not None and hasattr(card, "mission"):
        mission = card.text_override or card_text.mission_text(card.mission)
        what = f"the side mission ({getattr(card, 'vp', '?')} VP): {mission}"
    else:
        what = str(choice)
    return f"{_player(d.get('player'))} takes the bonus of {_card_name(state, card_id)}: {what}"


def _activate(state: BattlegroundState, d: Mapping[str, Any], who: str) -> str:
    if "card" not in d:
        return f"{_player(d.get('player'))} activates {who} ({d.get('ap')} AP)"
    return (
        f"{_player(d.get('player'))} activates {who} with {_card_name(state, d['card'])}: "
        f"{d.get('ap')} AP, +{d.get('mana', 0)} mana"
    )


def _wounds(state: BattlegroundState, d: Mapping[str, Any], who: str) -> str:
    amount = int(d.get("amount", 0) or 0)
    why = f" ({d['why']})" if d.get("why") else ""
    fighter = state.fighters.get(str(d.get("character")))
    health = f"/{state.stat(fighter, 'health')}" if fighter is not None else ""
    plural = "wound" if amount == 1 else "wounds"
    return f"{who} takes {amount} {plural}{why}: {d.get('total', '?')}{health} wounds"


def _singular(text: str) -> str:
    """A rules' reason with one hex said in the singular (issue 23 §2.12): "moved the full 1
    hexes" is "moved the full hex" (the event keeps the rules' words: saved games replay it)."""
    return text.replace("the full 1 hexes", "the full hex").replace(" of 1 hexes", " of 1 hex")


def _moved(verb: str) -> Any:
    def line(state: BattlegroundState, d: Mapping[str, Any], who: str) -> str:
        why = f" ({_singular(str(d['why']))})" if d.get("why") else ""
        start = f" from {_at(d['from'])}" if "from" in d else ""
        return f"{who} {verb}{start} to {_at(d.get('to'))}{why}"

    return line


def _game_end(state: BattlegroundState, d: Mapping[str, Any], who: str) -> str:
    vp = d.get("vp") or ["?", "?"]
    winner = d.get("winner")
    head = "draw" if winner == -1 else f"{_player(winner)} wins"
    return f"Game over: {head} ({d.get('result')}); VP {vp[0]} to {vp[1]}"


_SIMPLE: dict[str, Any] = {
    "roll": lambda s, d, w: f"{_player(d.get('player'))} rolls {d.get('face')} for {d.get('for')}",
    "first player": lambda s, d, w: (
        f"{_player(d.get('player'))} is the first player (breaks initiative ties)"
    ),
    "round": lambda s, d, w: f"--- round {d.get('round')} ---",
    "reveal": lambda s, d, w: (
        f"{_player(d.get('player'))} reveals {_card_name(s, d.get('card'))} "
        f"(initiative {d.get('initiative')})"
    ),
    "pass": lambda s, d, w: (
        f"{_player(d.get('player'))} passes" + (f" ({d['why']})" if d.get("why") else "")
    ),
    "activate": _activate,
    "bonus": _bonus,
    "move": _moved("moves"),
    "push": _moved("is pushed"),
    "pull": _moved("is pulled"),
    "teleport": _moved("teleports"),
    "jump": _moved("jumps"),
    "towards": _moved("moves"),
    "charge": _moved("charges"),
    "move blocked": lambda s, d, w: f"{w}'s move to {_at(d.get('to'))} is blocked: it stays",
    "end activation": lambda s, d, w: f"{w} ends its activation ({d.get('unspent ap')} AP unspent)",
    "interruption": lambda s, d, w: (
        f"{w} interrupts {_name(s, d.get('interrupts'))} "
        + ("(attack of opportunity)" if d.get("kind") == "opportunity" else f"({d.get('kind')})")
    ),
    "interruption ends": lambda s, d, w: f"{w}'s interruption ends",
    "focus": lambda s, d, w: f"{w} focuses",
    "overwatch": lambda s, d, w: f"{w} goes on overwatch",
    "overwatch ends": lambda s, d, w: f"{w}'s overwatch ends",
    "play card": lambda s, d, w: f"{_player(d.get('player'))} plays {_card_name(s, d.get('card'))}",
    "skill": lambda s, d, w: (
        f"{w} uses {_id_name(s, d.get('skill'))} ({d.get('ap')} AP, {d.get('mana')} mana)"
    ),
    "disposable": lambda s, d, w: f"{w} uses {_id_name(s, d.get('item'))} (discarded)",
    "once per game": lambda s, d, w: f"{w} uses {_id_name(s, d.get('item'))} (once per game)",
    "wounds": _wounds,
    "heal": lambda s, d, w: (
        f"{w} removes {_count(d.get('amount'), 'wound')}"
        + (f" ({d['why']})" if d.get("why") else "")
    ),
    "gain mana": lambda s, d, w: f"{w} gains {d.get('amount')} mana",
    "lose mana": lambda s, d, w: f"{w} loses {d.get('amount')} mana",
    "gain ap": lambda s, d, w: f"{w} gains {d.get('amount')} AP",
    "buff": lambda s, d, w: f"{w} gains the {_id_name(s, d.get('name'))} buff",
    "debuff": lambda s, d, w: f"{w} gains the {_id_name(s, d.get('name'))} debuff",
    "buff removed": lambda s, d, w: f"{w} loses the {_id_name(s, d.get('name'))} buff",
    "debuff removed": lambda s, d, w: f"{w} loses the {_id_name(s, d.get('name'))} debuff",
    "not moved": lambda s, d, w: f"{w} is not moved ({d.get('why')})",
    "switch": lambda s, d, w: (
        " and ".join(_name(s, c) for c in d.get("characters", [])) + " switch places"
    ),
    "mark": lambda s, d, w: (
        f"{_name(s, d.get('by'))} places the {_id_name(s, d.get('mark'))} mark at "
        f"{_at(d.get('at'))}"
    ),
    "extra effect": lambda s, d, w: (
        f"{_id_name(s, d.get('source'))}: extra effect ({_successes(d.get('successes'))})"
    ),
    "effect": lambda s, d, w: (
        f"{_id_name(s, d.get('source'))} takes effect on {w} ({d.get('when')})"
    ),
    "no target": lambda s, d, w: f"{_id_name(s, d.get('source'))}: no target",
    "knocked out": lambda s, d, w: (
        f"{w} is knocked out: +{d.get('vp')} VP to {_player(d.get('to'))}"
    ),
    "claim": lambda s, d, w: (
        f"{_player(d.get('player'))} claims {d.get('objective')} with {_name(s, d.get('by'))} "
        f"(+{OBJECTIVE_VP} VP)"
    ),
    "side mission": lambda s, d, w: (
        f"{_player(d.get('player'))} completes the side mission "
        f"{_card_name(s, d.get('card'))} (+{d.get('vp')} VP)"
    ),
    "discard": lambda s, d, w: (
        f"{_player(d.get('player'))} discards "
        + (", ".join(_card_name(s, c) for c in d.get("cards", [])) or "nothing")
    ),
    "deploy": lambda s, d, w: f"{_player(d.get('player'))} deploys {w} at {_at(d.get('at'))}",
    "game end": _game_end,
    "draw offered": lambda s, d, w: f"{_player(d.get('player'))} offers a draw",
    "draw declined": lambda s, d, w: f"{_player(d.get('player'))} declines the draw",
}
