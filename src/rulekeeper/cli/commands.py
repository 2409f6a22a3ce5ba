"""What a person types at the terminal, turned into a legal action or a command (issue 9 §1).

Any game: the choices are the seat's legal actions, written by the game (``state.describe``).
A person may type

* a number from the list (the menu, kept as a fallback);
* words of the action they mean (``attack skeletor sword``, ``move b3``): the legal actions
  whose description holds every word, in any order; one is taken, several are listed;
* an action in the engine's own form (``attack target=griffins``);
* ``help``, ``undo`` (``u``), ``save``, ``odds WORDS``, ``why WORDS`` (why an action is or is
  not allowed, with the rule; WORDS may be a choice's number, issue 23 §2.5), ``quit`` (``q``):
  quitting, forfeiting and offering a draw ask for confirmation;
* the exact text of a choice, which always selects it (issue 23 §2.6), and several picks of a
  pick-at-a-time choice in one line (``reroll 2 5``: the dice showing 2 and 5, then done; issue
  23 §2.3), taken together after one confirmation.

Input of any kind (non-ASCII, stray symbols) gets a clear answer, never a crash.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulekeeper.core import Action, DataError, GameState, IllegalActionError
from rulekeeper.core.glossary import Entry, lookup, normal

HELP = """Type the number of a choice, or words of it ("attack skeletor sword", "move b3",
"move 4,-2"), or an action as the engine writes it ("attack target=griffins"). Commands:
  help           this text
  list [KIND]    every choice (or every choice of one kind: list move)
  odds WORDS     what that action would do: its odds, a move's path and risk (also: preview)
  why WORDS      why that action is or is not allowed, with the rule (odds 3, why 3: by number)
  help WORD      what a word of the rules means (flank, scope, knockdown, ...)
  log            what has happened lately
  undo, u        take back your last decision (not past a die or a card revealed)
  save           save the game now (it is also saved after every action)
  quit, q        leave the game (it stays saved; play --resume continues it)
Moves and attacks show what they risk and their odds before you confirm them."""
NAMES = ("help", "list", "odds", "preview", "why", "log", "undo", "save", "quit")
"""The commands, offered by completion."""
CONFIRM = frozenset({"forfeit", "offer-draw", "accept-draw"})
"""Actions a person confirms before they are taken."""


ENGINE_WORDS = frozenset({"core: legal", "core: offered"})
"""The rules the engine names when the game says nothing of a legal action: the preview (what
it would do) is told instead, when there is one."""


@dataclass(frozen=True)
class Answer:
    """What the person's line means: an action to take, a command, or a message to show."""

    action: Action | None = None
    command: str = ""
    argument: str = ""
    message: str = ""
    confirm: bool = False
    then: tuple[Action, ...] = ()
    """The actions taken after *action*, in order (several picks typed in one line)."""
    picks: bool = False
    """Picks typed in one line: what they come to is shown before they are taken."""


COORDINATES = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")


def _words(text: str) -> list[str]:
    """The words of *text*; a pair like ``4,-2`` is one word, written ``(4,-2)`` as games do."""
    return tokens(COORDINATES.sub(lambda m: f" ({m.group(1)},{m.group(2)}) ", text))


TOKEN = re.compile(r"\(-?\d+,-?\d+\)|[^\W_]+(?:['-][^\W_]+)*|[+-]?\d+")


def tokens(text: str) -> list[str]:
    """The words of a description: names, numbers and ``(q,r)`` places, case-folded."""
    return TOKEN.findall(text.casefold().replace(", ", ","))


def matches(state: GameState, legal: list[Action], text: str) -> list[Action]:
    """The legal actions whose description (or engine form) has, for every word of *text*, a
    word that starts with it; if several do, those where every word is whole, when any."""
    words = _words(text)
    if not words:
        return []
    found, whole = [], []
    for action in legal:
        said = tokens(f"{state.describe(action)} {action}")
        if all(any(t.startswith(w) for t in said) for w in words):
            found.append(action)
            if all(w in said for w in words):
                whole.append(action)
    return whole if len(found) > 1 and whole else found


def interpret(
    state: GameState, seat: int, line: str, known: Mapping[str, Action] | None = None
) -> Answer:
    """What *line* means for *seat* now (see the module doc). *known*: actions seen before,
    by their words, which ``why`` may name when they are not legal now."""
    text = "".join(ch for ch in line if unicodedata.category(ch)[0] != "C").strip()
    if not text:
        return Answer(message="type a number, words of a choice, or help")
    lowered = text.casefold()
    head, _, rest = lowered.partition(" ")
    if lowered in ("help", "h", "?"):
        return Answer(message=HELP)
    if lowered in ("u", "undo"):
        return Answer(command="undo")
    if lowered == "save":
        return Answer(command="save")
    if lowered in ("q", "quit", "exit"):
        return Answer(command="quit", confirm=True)
    if lowered == "log":
        return Answer(command="log")
    if head == "list":
        return Answer(command="list", argument=rest.strip())
    if head in ("help", "h", "?") and rest.strip():
        return Answer(command="help", argument=rest.strip())
    legal = state.legal_actions(seat)
    if head == "preview":
        head = "odds"
    if head in ("odds", "why") and rest:
        words = text.partition(" ")[2].strip()
        found = _numbered(legal, words)
        if found is None:
            found = _pick(state, seat, legal, words, allow_illegal=head == "why")
        if isinstance(found, str) and head == "why" and known:
            found = _known(state, known, words, found)
        if isinstance(found, str):
            return Answer(message=found)
        return Answer(command=head, argument=str(found))
    exact = [a for a in legal if state.describe(a).casefold() == lowered]
    if exact:
        return _chosen(exact[0])
    if text.isascii() and text.isdigit():
        number = _numbered(legal, text)
        assert number is not None
        return _chosen(number) if isinstance(number, Action) else Answer(message=number)
    picks = _picks(state, seat, legal, head, rest.split())
    if picks is not None:
        if isinstance(picks, str):
            return Answer(message=picks)
        return Answer(action=picks[0], then=tuple(picks[1:]), picks=True)
    found = _pick(state, seat, legal, text, allow_illegal=False)
    if isinstance(found, str):
        return Answer(message=found)
    return _chosen(found)


def _numbered(legal: list[Action], text: str) -> Action | str | None:
    """The choice numbered *text*, what to say when there is none, or None: not a number."""
    if not (text.isascii() and text.isdigit()):
        return None
    index = int(text)
    if index < len(legal):
        return legal[index]
    return f"{text} is not one of the numbers 0..{len(legal) - 1}"


def _known(state: GameState, known: Mapping[str, Action], words: str, said: str) -> Action | str:
    """An action seen before (not legal now) that *words* name, for ``why``; else *said*."""
    found = matches(state, list(known.values()), words)
    return found[0] if len(found) == 1 else said


def _picks(
    state: GameState, seat: int, legal: list[Action], verb: str, items: list[str]
) -> list[Action] | str | None:
    """Several picks of a pick-at-a-time choice (``reroll 2 5``: a pick of each item, in the
    rules' order, then ``done`` unless the last pick ended the choice), tried on a clone; None
    when *verb* is not such a choice's verb."""
    pickable = [a for a in legal if a.kind == verb and set(dict(a.params)) == {"item"}]
    if not items or not pickable or not any(a.kind == "done" for a in legal):
        return None
    trial = state.clone()
    taken: list[Action] = []
    order = [str(a.get("item")).casefold() for a in pickable]
    for item in sorted(items, key=lambda word: order.index(word) if word in order else 0):
        now = trial.legal_actions(seat) if trial.current_player() == seat else []
        found = [a for a in now if a.kind == verb and str(a.get("item")).casefold() == item]
        if taken and not any(a.kind == verb for a in now):
            return f"at most {len(taken)} may be picked here ({verb} {' '.join(items)})"
        if not found:
            shown = " ".join(str(a.get("item")) for a in pickable)
            return f"cannot {verb} {item!r} here (the choices: {shown}; picks go in their order)"
        taken.append(found[0])
        trial.apply_action(found[0], seat)
    done = [a for a in trial.legal_actions(seat) if a.kind == "done"]
    if trial.current_player() == seat and done:
        taken.append(done[0])
    return taken


def _chosen(action: Action) -> Answer:
    return Answer(action=action, confirm=action.kind in CONFIRM)


def _pick(
    state: GameState, seat: int, legal: list[Action], text: str, allow_illegal: bool
) -> Action | str:
    """The one action *text* names, or what to tell the person."""
    if "=" in text:
        try:
            action = Action.parse(text)
        except (DataError, ValueError) as error:
            return f"cannot read {text!r}: {error}"
        if action in legal or allow_illegal:
            return action
        verdict = state.explain(action, seat)  # the person at the screen plays this seat
        return f"{action} is not allowed: {verdict.reason} (rule: {verdict.rule})"
    exact = [a for a in legal if state.describe(a).casefold() == text.casefold().strip()]
    found = exact[:1] or matches(state, legal, text)
    if len(found) == 1:
        return found[0]
    if not found:
        shown = ", ".join(sorted({a.kind for a in legal}))
        return f"no choice matches {text!r} (you may: {shown}; type help)"
    listed = "\n".join(f"  {state.describe(a)}" for a in found[:12])
    more = f"\n  ... and {len(found) - 12} more" if len(found) > 12 else ""
    return f"{len(found)} choices match {text!r}; say more:\n{listed}{more}"


def define(entries: Sequence[Entry], word: str) -> str:
    """``help WORD``: the glossary's definition of *word* (issue 23 §2.4); an unknown word is
    said to be one, with the close matches."""
    entry = lookup(entries, word)
    if entry is not None:
        also = f" (also: {', '.join(entry.aliases)})" if entry.aliases else ""
        return f"{entry.term}{also}: {entry.text}"
    names = {normal(name): entry.term for entry in entries for name in entry.names()}
    wanted = normal(word)
    close = [names[n] for n in difflib.get_close_matches(wanted, list(names), n=8, cutoff=0.6)]
    close += [term for n, term in names.items() if wanted and wanted in n]
    close = list(dict.fromkeys(close))[:6]
    if not entries:
        return f"{word!r}: this game has no glossary (type help)"
    if close:
        return f"{word!r} is not in the glossary; close: {', '.join(close)}"
    shown = ", ".join(sorted(entry.term for entry in entries))
    return f"{word!r} is not in the glossary; it defines: {shown}"


def explain(state: GameState, seat: int, action: Action, does: str | None = None) -> str:
    """Why *action* is or is not allowed for *seat*, with the rule; a legal one with what it
    costs and does (*does*, the game's words), never the tautology "is legal (rule: core:
    legal)" (issue 23 §2.5)."""
    try:
        verdict = state.explain(action, seat)
    except (IllegalActionError, ValueError) as error:
        return str(error)
    said = state.describe(action)
    if not verdict.legal:
        return f"{said}: not allowed: {verdict.reason} (rule: {verdict.rule})"
    if verdict.rule not in ENGINE_WORDS and not verdict.reason.endswith("is legal"):
        return f"{said}: allowed now\n{verdict.reason} (rule: {verdict.rule})"  # the game's
    return f"{said}: allowed now\n{does or verdict.reason}"


def odds_text(state: GameState, seat: int, action: Action) -> str:
    """The exact odds of *action*, in words (or why there are none)."""
    try:
        found = state.odds(action, seat)
    except IllegalActionError as error:
        return str(error)
    if found is None:
        return f"{state.describe(action)}: no chance involved"
    lines = [f"{state.describe(action)}:"]
    for key, value in found.items():
        if isinstance(value, dict):
            parts = ", ".join(f"{k}: {v:.3f}" for k, v in value.items() if isinstance(v, float))
            lines.append(f"  {key}: {parts}")
        elif isinstance(value, float):
            lines.append(f"  {key}: {value:.3f}")
    return "\n".join(lines)
