"""Corrupted HoMM3 inputs (issue 20 §2 and its Acceptance): a battle file or a saved state that
was tampered with is either refused with a DataError (a PositionError for a battle file) naming
the field, or it loads, and then its save reads back the same, its own battle file loads back the
same, and random play goes on from it to the end without any other exception.

The samples: random battle files (games/homm3/battle/generate.py: neutral fights, hero battles,
sieges), the shipped battles, and battle files and saves written at random moments of random
battles. Each is corrupted at random, seeded, once or a few times: a field dropped, an unknown one
added, a value of another type, numbers huge, negative or small, booleans flipped, list items
duplicated or removed, deep nesting, a 100,000-item list, another step kind, unknown or swapped
unit, card and unit-card ids, fields off the board or taken.

Sizes: 110 battle files and 110 saves in a quick run; 550 of each with RULEKEEPER_SLOW=1
(``./rk test``; with the 400 Battleground positions of
tests/games/battleground/test_positions_corrupted.py, 1,500 in all); 11,000 of each, each
loaded state played to the end, with RULEKEEPER_LONG=1.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
import yaml

from rulekeeper.core import CHANCE, DataError, Game, GameState, load_game
from rulekeeper.games.homm3.battle.generate import random_battle
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.game import STEPS, CombatState, shipped_battle, shipped_battles

SLOW = bool(os.environ.get("RULEKEEPER_SLOW"))
LONG = bool(os.environ.get("RULEKEEPER_LONG"))
SCALE = 100 if LONG else 5 if SLOW else 1
BATTLE_CORRUPTIONS = 110 * SCALE
SAVE_CORRUPTIONS = 110 * SCALE
BLOCKS = 4
MAX_ACTIONS = 3000
FUTURE = MAX_ACTIONS if LONG else 12
"""Random actions played on from a loaded state (to the end with RULEKEEPER_LONG=1)."""
PACK = load_content_pack()

# === samples =================================================================================


def random_action(state: GameState, rng: random.Random) -> None:
    """One random move: a chance outcome by its weight, or a random legal action."""
    seat = state.current_player()
    if seat == CHANCE:
        outcomes = state.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    else:
        action = rng.choice(state.legal_actions(seat))
    state.apply_action(action, seat)


@cache
def samples() -> tuple[tuple[str, str, str], ...]:
    """(battle file, the battle file of the game saved, saved state) as JSON texts: random
    battles and the shipped ones at their start, and at random moments of random play."""
    docs: list[dict[str, Any]] = [random_battle(random.Random(n), PACK) for n in range(24)]
    for name in shipped_battles():
        docs.append(yaml.safe_load(shipped_battle(name).read_text(encoding="utf-8")))
    out: list[tuple[str, str, str]] = []
    for number, doc in enumerate(docs):
        game = load_game("homm3-combat", battle=doc)
        state = game.new_initial_state(seed=number)
        start = json.dumps(doc)
        out.append((start, start, state.serialize()))
        rng = random.Random(number)
        marks = sorted(rng.sample(range(1, 60), 3))
        for count in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            if marks and count == marks[0]:
                marks.pop(0)
                out.append((json.dumps(state.to_position()), start, state.serialize()))
            random_action(state, rng)
        out.append((json.dumps(state.to_position()), start, state.serialize()))
    return tuple(out)


# === corruptions =============================================================================

Where = tuple[Any, ...]
DEEP = "@deep@"
UNIT_CARDS = [*sorted(PACK.units), PACK.tower.id]
CARDS = sorted(
    {c for table in (PACK.stats, PACK.abilities, PACK.spells, PACK.artifacts) for c in table}
    | set(PACK.specialties)
    | set(PACK.ai_cards)
)
FIELDS = [*board.NAMES, "tower", "z9", "", 7]
OTHERS = [None, True, False, 0, 1, -1, 2.5, "", "a1", "zz-unknown", [], {}, [0], {"a": 1}]
KINDS = [
    "drop",
    "add",
    "retype",
    "number",
    "small-number",
    "small-number",
    "flip",
    "list",
    "deep",
    "long",
    "step-kind",
    "unit-card",
    "card",
    "unit-id",
    "field",
    "field",
]


def nodes(value: Any, path: Where = ()) -> Iterator[tuple[Where, Any]]:
    """Every value inside *value*, with its path of keys and indexes (depth first, in order;
    a stack, not nested generators, which cost a step per level for every value)."""
    stack: list[tuple[Where, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        yield where, item
        if isinstance(item, dict):
            stack.extend([((*where, key), inner) for key, inner in reversed(item.items())])
        elif isinstance(item, list):
            stack.extend([((*where, index), item[index]) for index in range(len(item) - 1, -1, -1)])


def at(doc: Any, path: Where) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def put(doc: Any, path: Where, value: Any) -> None:
    at(doc, path[:-1])[path[-1]] = value


def pick(rng: random.Random, doc: Any, root: Where, test: Callable[[Any], bool]) -> Where | None:
    """A random path under *root* (now and then anywhere) whose value passes *test*."""
    base: Where = root if rng.random() < 0.9 else ()
    found: list[Where] = []
    _gather(at(doc, base), list(base), test, found)
    return rng.choice(found) if found else None


def _gather(value: Any, trail: list[Any], test: Callable[[Any], bool], found: list[Where]) -> None:
    """The paths (from *trail*, kept as one list) of the values inside *value* that pass
    *test*, depth first and in order, as :func:`nodes` lists them (*value* itself left out)."""
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


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def unit_ids(doc: Any) -> list[str]:
    """The unit ids a document names (a battle file's units, a save's unit table)."""
    found = {v["id"] for _, v in nodes(doc) if isinstance(v, dict) and isinstance(v.get("id"), str)}
    return sorted(found) or ["zz-unit"]


def corrupt(rng: random.Random, doc: Any, root: Where) -> tuple[str, int]:
    """One random corruption of *doc* under *root* (in place): its description and how deep a
    nesting to put where the value ``DEEP`` stands (0: none)."""
    kind = rng.choice(KINDS)
    depth = 0
    path: Where | None
    if kind == "drop":
        path = pick(rng, doc, root, lambda v: isinstance(v, dict) and bool(v))
        if path is not None:
            key = rng.choice(sorted(at(doc, path)))
            del at(doc, path)[key]
            path = (*path, key)
    elif kind == "add":
        path = pick(rng, doc, root, lambda v: isinstance(v, dict))
        if path is not None:
            at(doc, path)["unknown_field"] = rng.choice(OTHERS)
    elif kind == "retype":
        path = pick(rng, doc, root, lambda v: True)
        if path is not None:
            old = at(doc, path)
            put(doc, path, rng.choice([v for v in OTHERS if type(v) is not type(old)]))
    elif kind in ("number", "small-number"):
        path = pick(rng, doc, root, is_int)
        if path is not None:
            big = [10**30, -(10**30), 2**31, 2**53 + 1, -1, -7, 10**6, 99]
            put(doc, path, rng.choice(big if kind == "number" else list(range(8))))
    elif kind == "flip":
        path = pick(rng, doc, root, lambda v: isinstance(v, bool))
        if path is not None:
            put(doc, path, not at(doc, path))
    elif kind == "list":
        path = pick(rng, doc, root, lambda v: isinstance(v, list) and bool(v))
        if path is not None:
            items = at(doc, path)
            index = rng.randrange(len(items))
            if rng.random() < 0.5:
                items.insert(index, copy.deepcopy(items[index]))
            else:
                del items[index]
    elif kind == "deep":
        path = pick(rng, doc, root, lambda v: True)
        if path is not None:
            put(doc, path, DEEP)
            depth = rng.choice([30, 300, 3000, 100_000])
    elif kind == "long":
        path = pick(rng, doc, root, lambda v: isinstance(v, list))
        if path is not None:
            items = at(doc, path)
            filler = items[0] if items and not isinstance(items[0], list | dict) else 0
            put(doc, path, [filler] * 100_000)
    elif kind == "step-kind":
        path = pick(rng, doc, root, lambda v: isinstance(v, dict) and "kind" in v)
        if path is not None:
            at(doc, path)["kind"] = rng.choice([*STEPS.kinds, "no-such-step"])
    elif kind == "unit-card":
        path = pick(rng, doc, root, lambda v: v in UNIT_CARDS)
        if path is not None:
            put(doc, path, rng.choice(["", "zz-unit", *UNIT_CARDS]))
    elif kind == "card":
        path = pick(rng, doc, root, lambda v: v in CARDS)
        if path is not None:
            put(doc, path, rng.choice(["", "zz-card", *CARDS]))
    elif kind == "unit-id":
        ids = unit_ids(at(doc, root))
        path = pick(rng, doc, root, lambda v: v in ids)
        if path is not None:
            put(doc, path, rng.choice(["", "zz-unit", *ids]))
    else:  # a field off the board, taken, or of another kind
        path = pick(
            rng,
            doc,
            root,
            lambda v: (isinstance(v, str) and v in board.NAMES) or (is_int(v) and -2 <= v < 20),
        )
        if path is not None:
            old = at(doc, path)
            put(doc, path, rng.choice(FIELDS) if isinstance(old, str) else rng.randint(-3, 21))
    return f"{kind} at {'.'.join(map(str, path)) if path else '-'}", depth


def corrupted(rng: random.Random, text: str, root: Where) -> tuple[str, str]:
    """The JSON *text* with one corruption, now and then two or three: what, and the text."""
    doc = json.loads(text)
    done, depth = [], 0
    for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
        what, deep = corrupt(rng, doc, root)
        done.append(what)
        depth = depth or deep
    text = json.dumps(doc)
    if depth:
        text = text.replace(json.dumps(DEEP), "[" * depth + "]" * depth, 1)
    return "; ".join(done), text


# === what a loaded state must do ==============================================================


def goes_on(state: CombatState, rng: random.Random) -> None:
    """*state* reads back from its save and from its battle file the same, and random play
    goes on from it for FUTURE actions or to the end (saving and reading back on the way)."""
    game = state.game
    assert game.deserialize_state(state.serialize()).serialize() == state.serialize()
    position = state.to_position()
    again = load_game("homm3-combat", battle=position).new_initial_state(seed=1)
    assert isinstance(again, CombatState)
    assert again.to_position() == position
    for _ in range(FUTURE):
        if state.is_terminal():
            return
        random_action(state, rng)
        if LONG and rng.random() < 0.05:
            state = game.deserialize_state(state.serialize())  # type: ignore[assignment]
    assert FUTURE < MAX_ACTIONS, "the battle does not end"


def refused(error: DataError) -> str:
    """'refused', once the refusal is seen to name a field (or the document's size limit)."""
    whole = error.field == "<root>" and error.reason.startswith("more than")
    assert whole or error.field not in ("", "<root>", "data"), f"names no field: {error}"
    return "refused"


def battle_outcome(text: str, rng: random.Random) -> str:
    """'refused' or 'loaded' (and gone on from) for the battle file *text*."""
    try:
        doc = json.loads(text)
    except RecursionError:
        return "refused"  # too deep for Python's own reader: it cannot be given as data
    try:
        state = load_game("homm3-combat", battle=doc).new_initial_state(seed=rng.randrange(99))
    except DataError as error:
        return refused(error)
    assert isinstance(state, CombatState)
    goes_on(state, rng)
    return "loaded"


@cache
def game_of(battle: str) -> Game:
    """The game of the battle file *battle* (JSON text), loaded once."""
    return load_game("homm3-combat", battle=json.loads(battle))


def save_outcome(battle: str, text: str, rng: random.Random) -> str:
    """'refused' or 'loaded' (and gone on from) for the saved state *text* of *battle*."""
    game = game_of(battle)
    try:
        state = game.deserialize_state(text)
    except DataError as error:
        return refused(error)
    assert isinstance(state, CombatState)
    goes_on(state, rng)
    return "loaded"


# === the tests ===============================================================================


def run(count: int, block: int, check: Callable[[random.Random], str]) -> dict[str, int]:
    counts = {"refused": 0, "loaded": 0}
    size = count // BLOCKS
    for number in range(block * size, (block + 1) * size):
        rng = random.Random(number)
        counts[check(rng)] += 1
    return counts


@pytest.mark.parametrize("block", range(BLOCKS))
def test_corrupted_battle_files_are_refused_or_play_on(block: int) -> None:
    """Issue 20 §2: each corrupted battle file is refused naming the field, or loads, round-trips
    and plays to the end without any other exception."""

    def check(rng: random.Random) -> str:
        battle, _, _ = rng.choice(samples())
        what, text = corrupted(rng, battle, ())
        try:
            return battle_outcome(text, rng)
        except Exception as exc:
            raise AssertionError(f"{what}: {exc!r}\n{text[:3000]}") from exc

    counts = run(BATTLE_CORRUPTIONS, block, check)
    assert counts["refused"] and counts["loaded"], counts


@pytest.mark.parametrize("block", range(BLOCKS))
def test_corrupted_saves_are_refused_or_play_on(block: int) -> None:
    """Issue 20 §2 (HoMM3 saved states): each corrupted save is refused naming the field, or
    reads, round-trips and plays to the end without any other exception."""

    def check(rng: random.Random) -> str:
        _, battle, save = rng.choice(samples())
        what, text = corrupted(rng, save, ("data",))
        try:
            return save_outcome(battle, text, rng)
        except Exception as exc:
            raise AssertionError(f"{what}: {exc!r}") from exc

    counts = run(SAVE_CORRUPTIONS, 10 + block, check)
    assert counts["refused"] and counts["loaded"], counts


def test_unchanged_inputs_load() -> None:
    """Issue 20 §2: every sample (every fourth in a quick run), uncorrupted, loads (battle file
    and save) and goes on."""
    for number, (battle, start, save) in enumerate(samples()[:: 1 if SLOW else 4]):
        assert battle_outcome(battle, random.Random(number)) == "loaded"
        assert save_outcome(start, save, random.Random(number)) == "loaded"


def test_the_samples_reach_sieges_and_the_fight() -> None:
    """The samples hold sieges and battles in their fight, so the corruptions reach walls, the
    Arrow Tower and pending activations."""
    texts = [battle for battle, _, _ in samples()]
    assert any('"citadel": true' in text for text in texts)
    assert any('"kind": "activation"' in text for text in texts)
    assert any('"kind": "attack"' in text for text in texts)
