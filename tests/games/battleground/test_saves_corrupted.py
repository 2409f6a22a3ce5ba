"""Corrupted saves (issue 6 §3, "State records"): a saved Battleground state that was tampered
with is either refused with a DataError naming the field, or it is a state the rules can play on
from without any other exception (and whose later states, saved on the way, are read back): 40
random actions on, or to the end with RULEKEEPER_LONG=1.

States are sampled from a few random games on a crowded map (the First Game Setup, and a
Standard Setup whose players deploy), at random moments and at each kind of step, then corrupted
at random, seeded, once or a few times: a field dropped, an unknown one added, a value of
another type, numbers huge, negative or small, booleans flipped, list items duplicated or
removed, deep nesting, a 100 000-item list, another step kind, unknown or swapped character and
card ids, positions off the battlefield or where one cannot stand.
"""

from __future__ import annotations

import copy
import json
import os
import random
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.core import CHANCE, SIMULTANEOUS, DataError, GameState, load_game
from rulekeeper.games.battleground.content.pack import load_content_pack
from rulekeeper.games.battleground.game import STEPS, BattlegroundGame, BattlegroundState

PACK = load_content_pack()
CORRUPTIONS = 700
SAMPLES_PER_GAME = 6
MAX_ACTIONS = 5000
LONG = bool(os.environ.get("RULEKEEPER_LONG"))
FUTURE = MAX_ACTIONS if LONG else 40
"""Random actions played on from a loaded save (to the end with RULEKEEPER_LONG=1)."""
QUIET = frozenset({"forfeit", "offer-draw"})


def _deck(faction: str) -> list[str]:
    cards: list[str] = []
    for card in sorted(PACK.fate.values(), key=lambda c: c.id):
        if card.faction in (faction, "neutral"):
            cards += [card.id] * min(2, card.count)
    return cards[:20]


def _glory(faction: str) -> list[str]:
    return sorted(c.id for c in PACK.glory.values() if c.faction == faction)[:2]


FORCES: list[dict[str, Any]] = [
    {
        "faction": "masters",
        "characters": [
            {
                "character": "he-man",
                "weapons": ["sword-of-power"],
                "items": ["grayskull-ring", "healing-draught"],
            },
            {"character": "orko", "weapons": ["mystic-mischief"], "items": ["mana-crystal"]},
            {"character": "ram-man", "weapons": ["battering-helmet"]},
        ],
        "fate_deck": _deck("masters"),
        "glory": _glory("masters"),
    },
    {
        "faction": "evil",
        "characters": [
            {"character": "skeletor", "weapons": ["havoc-staff"], "items": ["smoke-bomb"]},
            {"character": "evil-lyn", "weapons": ["fireball"], "items": ["elixir-of-speed"]},
            {"character": "tri-klops"},
        ],
        "fate_deck": _deck("evil"),
        "glory": _glory("evil"),
    },
]


# A crowded map (terrain of every kind, a platform with a ladder, objectives) where the forces
# meet at once: the First Game Setup's characters stand where it says, a standard force is
# deployed by its player in the zones.
SKIRMISH = {
    "name": "corrupt-skirmish",
    "title": "Corruption skirmish",
    "board": {"columns": 10, "rows": 8},
    "terrain": [
        {"id": "rock", "kind": "high", "hexes": [[4, 3]]},
        {"id": "fence", "kind": "low", "hexes": [[1, 4], [2, 4]]},
        {"id": "bog", "kind": "difficult", "hexes": [[6, 4], [6, 5]]},
    ],
    "platforms": [{"id": "tower", "hexes": [[7, 3], [8, 3], [7, 4]]}],
    "ladders": [{"id": "tower-ladder", "at": [6, 3], "platform": "tower"}],
    "deployment_zones": [{"player": 0, "rows": [0, 1]}, {"player": 1, "rows": [6, 7]}],
    "objectives": [{"id": "west", "at": [0, 4]}, {"id": "centre", "at": [3, 4]}],
    "deployments": [
        {"character": "he-man", "at": [3, 1], "facing": 5},
        {"character": "stratos", "at": [5, 1], "facing": 5},
        {"character": "man-at-arms", "at": [7, 1], "facing": 4},
        {"character": "skeletor", "at": [2, 6], "facing": 1},
        {"character": "mer-man", "at": [4, 5], "facing": 2},
        {"character": "trap-jaw", "at": [5, 6], "facing": 2},
    ],
}


@cache
def games() -> tuple[BattlegroundGame, ...]:
    """The First Game Setup and a Standard Setup on the skirmish map (written once per run)."""
    path = Path(tempfile.mkdtemp(prefix="corrupt-")) / "corrupt-skirmish.yaml"
    path.write_text(yaml.safe_dump(SKIRMISH, sort_keys=False), encoding="utf-8")
    first = load_game("battleground", map=str(path))
    standard = load_game("battleground", map=str(path), setup="standard", forces=FORCES)
    assert isinstance(first, BattlegroundGame) and isinstance(standard, BattlegroundGame)
    return first, standard


def step(state: GameState, rng: random.Random) -> None:
    """One random move: a chance outcome, or a random legal action (never a forfeit; now and
    then a draw offer, which the other player accepts or declines)."""
    player = state.current_player()
    if player == CHANCE:
        state.resolve_chance()
        return
    seats = [0, 1] if player == SIMULTANEOUS else [player]
    rng.shuffle(seats)
    if rng.random() < 0.003:
        for seat in seats:
            offer = [a for a in state.anytime_actions(seat) if a.kind == "offer-draw"]
            if offer:
                state.apply_action(offer[0], seat)
                return
    for seat in seats:
        options = [a for a in state.legal_actions(seat) if a.kind not in QUIET]
        if options:
            state.apply_action(rng.choice(options), seat)
            return
    raise AssertionError(f"nobody can act at {state!r}")


@cache
def samples() -> tuple[tuple[int, str], ...]:
    """Saved states from a few random games: (index of the game, serialized state), taken at
    random moments and whenever a step the game had not yet waited at is on top."""
    out: list[tuple[int, str]] = []
    for index, game in enumerate(games()):
        for seed in range(4):
            rng = random.Random(100 * index + seed)
            state = game.new_initial_state(seed=seed)
            assert isinstance(state, BattlegroundState)
            marks = sorted(rng.sample(range(1, 160), SAMPLES_PER_GAME))
            seen: set[str] = set()
            for count in range(MAX_ACTIONS):
                if state.is_terminal():
                    break
                top = state.flow.steps[-1].kind
                if (marks and count == marks[0]) or top not in seen:
                    if marks and count == marks[0]:
                        marks.pop(0)
                    seen.add(top)
                    out.append((index, state.serialize()))
                step(state, rng)
            out.append((index, state.serialize()))
    return tuple(out)


# === corruptions ===============================================================================

Where = tuple[Any, ...]


def paths(value: Any, test: Callable[[Any], bool], trail: Where = ()) -> list[Where]:
    """The paths (after *trail*) of the values inside *value* that pass *test*, depth first and
    in order (*value* itself left out): one walk, a path built only for a value that passes."""
    found: list[Where] = []
    _gather(value, list(trail), test, found)
    return found


def _gather(value: Any, trail: list[Any], test: Callable[[Any], bool], found: list[Where]) -> None:
    if not isinstance(value, dict | list):
        return
    children = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in children:
        trail.append(key)
        if test(item):
            found.append(tuple(trail))
        if item and isinstance(item, dict | list):
            _gather(item, trail, test, found)
        trail.pop()


def at(doc: Any, path: Where) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def parent(doc: Any, path: Where) -> Any:
    return at(doc, path[:-1])


def pick(rng: random.Random, doc: Any, test: Callable[[Any], bool]) -> Where | None:
    """A random path in the state's data (now and then in the whole document) whose value
    passes *test* (never the document or the data itself)."""
    root: Where = ("data",) if rng.random() < 0.9 else ()
    found = paths(doc["data"], test, root) if root else paths(doc, test)
    return rng.choice(found) if found else None


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


DEEP = "@deep@"
CHARACTERS = sorted(PACK.characters)
CARDS = sorted(PACK.fate) + sorted(PACK.glory)
OTHERS = [None, True, False, 0, 1, -1, 2.5, "", "he-man", "zz-unknown", [], {}, [0], {"a": 1}]


def corrupt(rng: random.Random, doc: dict[str, Any]) -> tuple[str, dict[str, Any], int]:
    """One random corruption of *doc* (in place): its description, the document and how deep a
    nesting to put where the value ``DEEP`` stands (0: none)."""
    kind = rng.choice(
        [
            "drop",
            "add",
            "retype",
            "number",
            "number",
            "small-number",
            "small-number",
            "flip",
            "list",
            "deep",
            "long",
            "step-kind",
            "step-kind",
            "character",
            "character",
            "card",
            "position",
            "position",
        ]
    )
    depth = 0
    if kind == "drop":
        path = pick(rng, doc, lambda v: isinstance(v, dict) and bool(v))
        if path is not None:
            target = at(doc, path)
            key = rng.choice(sorted(target))
            del target[key]
            path = (*path, key)
    elif kind == "add":
        path = pick(rng, doc, lambda v: isinstance(v, dict))
        if path is not None:
            at(doc, path)["unknown_field"] = rng.choice(OTHERS)
    elif kind == "retype":
        path = pick(rng, doc, lambda v: True)
        if path is not None:
            old = at(doc, path)
            parent(doc, path)[path[-1]] = rng.choice(
                [v for v in OTHERS if type(v) is not type(old)]
            )
    elif kind == "number":
        path = pick(rng, doc, is_int)
        if path is not None:
            parent(doc, path)[path[-1]] = rng.choice(
                [10**30, -(10**30), 2**31, 2**53 + 1, -1, -7, 10**6, 99]
            )
    elif kind == "small-number":
        path = pick(rng, doc, is_int)
        if path is not None:
            parent(doc, path)[path[-1]] = rng.choice([0, 1, 2, 3, 4, 5, 6, 7])
    elif kind == "flip":
        path = pick(rng, doc, lambda v: isinstance(v, bool))
        if path is not None:
            parent(doc, path)[path[-1]] = not at(doc, path)
    elif kind == "list":
        path = pick(rng, doc, lambda v: isinstance(v, list) and bool(v))
        if path is not None:
            items = at(doc, path)
            index = rng.randrange(len(items))
            if rng.random() < 0.5:
                items.insert(index, copy.deepcopy(items[index]))
            else:
                del items[index]
    elif kind == "deep":
        path = pick(rng, doc, lambda v: True)
        if path is not None:
            parent(doc, path)[path[-1]] = DEEP
            depth = rng.choice([30, 300, 3000, 100_000])
    elif kind == "long":
        path = pick(rng, doc, lambda v: isinstance(v, list))
        if path is not None:
            items = at(doc, path)
            filler = items[0] if items and not isinstance(items[0], list | dict) else 0
            parent(doc, path)[path[-1]] = [filler] * 100_000
    elif kind == "step-kind":
        steps = doc["data"]["flow"]["steps"]
        path = None
        if steps:
            index = rng.randrange(len(steps))
            steps[index]["kind"] = rng.choice([*STEPS.kinds, "no-such-step"])
            path = ("data", "flow", "steps", index, "kind")
    elif kind == "character":
        path = pick(rng, doc, lambda v: v in CHARACTERS)
        if path is not None:
            parent(doc, path)[path[-1]] = rng.choice(["zz-unknown", *CHARACTERS])
    elif kind == "card":
        path = pick(rng, doc, lambda v: v in CARDS)
        if path is not None:
            parent(doc, path)[path[-1]] = rng.choice(["zz-card", *CARDS])
    else:  # a position off the battlefield, or on a hex one cannot stand on
        path = pick(
            rng,
            doc,
            lambda v: (isinstance(v, dict) and is_int(v.get("q"))) or _is_position(v),
        )
        if path is not None:
            target = at(doc, path)
            q, r = rng.choice([(40, 40), (-3, 2), (0, -1), (5, 99), (4, 4), (2, 3)])
            if isinstance(target, dict):
                target["q"], target["r"] = q, r
            else:
                target[0], target[1] = q, r
    return f"{kind} at {'.'.join(map(str, path)) if path else '-'}", doc, depth


def _is_position(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 3 and all(is_int(v) for v in value)


def corrupted(rng: random.Random, text: str) -> tuple[str, str]:
    """A saved state with one corruption, now and then two or three: what, and the text."""
    doc = json.loads(text)
    done, depth = [], 0
    for count in range(rng.choice([1, 1, 1, 1, 2, 3])):
        try:
            what, doc, deep = corrupt(rng, doc)
        except (KeyError, TypeError, IndexError, AttributeError):
            if not count:
                raise
            break  # an earlier corruption broke what this one looks for
        done.append(what)
        depth = depth or deep
    text = json.dumps(doc)
    if depth:
        text = text.replace(json.dumps(DEEP), "[" * depth + "]" * depth, 1)
    return "; ".join(done), text


# === the test ==================================================================================


def outcome(game: BattlegroundGame, text: str, rng: random.Random) -> str:
    """'refused' (a DataError naming a field) or 'played' (:data:`FUTURE` random actions, or to
    the end, with no exception)."""
    try:
        state = game.deserialize_state(text)
    except DataError as exc:
        # Not just "data": that is where an unforeseen exception of the rules is reported.
        assert exc.field not in ("", "<root>", "data"), f"the refusal names no field: {exc}"
        return "refused"
    for _ in range(FUTURE):
        if state.is_terminal():
            return "played"
        step(state, rng)
        if rng.random() < 0.02:  # saved and read again on the way
            state = game.deserialize_state(state.serialize())
    assert FUTURE < MAX_ACTIONS, "the game does not end"
    state = game.deserialize_state(state.serialize())  # where it stopped, saved and read again
    return "played"


@pytest.mark.parametrize("block", range(2))
def test_corrupted_saves_are_refused_or_play_on(block: int) -> None:
    """Each corrupted save is refused with a DataError naming the field, or plays on under
    random play without any other exception (to the end with RULEKEEPER_LONG=1)."""
    states = samples()
    counts = {"refused": 0, "played": 0}
    for number in range(block * CORRUPTIONS // 2, (block + 1) * CORRUPTIONS // 2):
        rng = random.Random(number)
        index, text = rng.choice(states)
        what, text = corrupted(rng, text)
        try:
            counts[outcome(games()[index], text, rng)] += 1
        except Exception as exc:
            raise AssertionError(f"corruption {number} ({what}): {exc!r}") from exc
    assert counts["refused"] and counts["played"], counts


def test_the_samples_cover_the_procedure() -> None:
    """The sampled states reach the standard deployment, selections, activations, attacks and
    tests, so the corruptions reach the steps that hold them."""
    kinds = {
        item["kind"] for _, text in samples() for item in json.loads(text)["data"]["flow"]["steps"]
    }
    assert {"deploy", "select", "act", "test", "attack", "face", "opportunity"} <= kinds, kinds


def test_an_unchanged_save_is_read() -> None:
    for index, text in samples():
        assert games()[index].deserialize_state(text).serialize() == text
