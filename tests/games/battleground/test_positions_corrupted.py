"""Corrupted Battleground positions (issue 20 §2, Acceptance): a position (docs/positions.md)
that was tampered with is either refused with a PositionError naming the field, or it loads,
and then its save reads back the same, its own position loads back the same, and random play
goes on from it without any other exception.

Positions are written at random moments of a few random games on a crowded map (the First Game
Setup and a Standard Setup, test_saves_corrupted.py), then corrupted at random, seeded, once or
a few times: a field dropped, an unknown one added, a value of another type, numbers huge,
negative or small, booleans flipped, list items duplicated or removed, deep nesting, a
100,000-item list, unknown or swapped character and card ids, hexes off the battlefield or
where one cannot stand.

Sizes: 80 corruptions in a quick run, 400 with RULEKEEPER_SLOW=1 (``./rk test``; with the HoMM3
battle files and saves of tests/games/homm3/test_corrupted_inputs.py, 1,500 in all), 8,000 with
RULEKEEPER_LONG=1 (each loaded position then played to the end).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from test_saves_corrupted import (
    CARDS,
    CHARACTERS,
    DEEP,
    OTHERS,
    Where,
    at,
    games,
    is_int,
    parent,
    paths,
    step,
)

from rulekeeper.core import DataError, load_game
from rulekeeper.games.battleground.game import BattlegroundState

SLOW = bool(os.environ.get("RULEKEEPER_SLOW"))
LONG = bool(os.environ.get("RULEKEEPER_LONG"))
CORRUPTIONS = 8000 if LONG else 400 if SLOW else 80
BLOCKS = 4
MAX_ACTIONS = 5000
FUTURE = MAX_ACTIONS if LONG else 10
"""Random actions played on from a loaded position (to the end with RULEKEEPER_LONG=1)."""


@cache
def samples() -> tuple[str, ...]:
    """Positions (JSON text) written at random moments of random games."""
    out: list[str] = []
    for index, game in enumerate(games()):
        for seed in range(3):
            rng = random.Random(200 + 10 * index + seed)
            state = game.new_initial_state(seed=seed)
            marks = sorted(rng.sample(range(0, 160), 8))
            for count in range(MAX_ACTIONS):
                if state.is_terminal() or not marks:
                    break
                if count == marks[0]:
                    marks.pop(0)
                    assert isinstance(state, BattlegroundState)
                    out.append(json.dumps(state.to_position()))
                step(state, rng)
    return tuple(out)


def pick(rng: random.Random, doc: Any, test: Callable[[Any], bool]) -> Where | None:
    """A random path in *doc* whose value passes *test* (never the document itself)."""
    found = paths(doc, test)
    return rng.choice(found) if found else None


def is_hex(value: Any) -> bool:
    return isinstance(value, list) and len(value) in (2, 3) and all(is_int(v) for v in value)


def corrupt(rng: random.Random, doc: dict[str, Any]) -> tuple[str, int]:
    """One random corruption of the position *doc* (in place): what, and how deep a nesting to
    put where the value ``DEEP`` stands (0: none)."""
    kind = rng.choice([*_TARGETS, "hex"])
    depth = 0
    path = pick(rng, doc, _TARGETS[kind])
    if path is None:
        return f"{kind} at -", 0
    value = at(doc, path)
    if kind == "drop":
        key = rng.choice(sorted(value))
        del value[key]
        path = (*path, key)
    elif kind == "add":
        value["unknown_field"] = rng.choice(OTHERS)
    elif kind == "retype":
        parent(doc, path)[path[-1]] = rng.choice([v for v in OTHERS if type(v) is not type(value)])
    elif kind == "number":
        big = [10**30, -(10**30), 2**31, 2**53 + 1, -1, -7, 10**6, 99]
        parent(doc, path)[path[-1]] = rng.choice(big)
    elif kind == "small-number":
        parent(doc, path)[path[-1]] = rng.randint(0, 7)
    elif kind == "flip":
        parent(doc, path)[path[-1]] = not value
    elif kind == "list":
        index = rng.randrange(len(value))
        if rng.random() < 0.5:
            value.insert(index, copy.deepcopy(value[index]))
        else:
            del value[index]
    elif kind == "deep":
        parent(doc, path)[path[-1]] = DEEP
        depth = rng.choice([30, 300, 3000, 100_000])
    elif kind == "long":
        filler = value[0] if value and not isinstance(value[0], list | dict) else 0
        parent(doc, path)[path[-1]] = [filler] * 100_000
    elif kind == "character":
        parent(doc, path)[path[-1]] = rng.choice(["zz-unknown", *CHARACTERS])
    elif kind == "card":
        parent(doc, path)[path[-1]] = rng.choice(["zz-card", *CARDS])
    else:  # a hex off the battlefield, or where one cannot stand
        value[0], value[1] = rng.choice([(40, 40), (-3, 2), (0, -1), (5, 99), (4, 4), (2, 3)])
    return f"{kind} at {'.'.join(map(str, path))}", depth


_TARGETS: dict[str, Callable[[Any], bool]] = {
    "drop": lambda v: isinstance(v, dict) and bool(v),
    "add": lambda v: isinstance(v, dict),
    "retype": lambda v: True,
    "number": is_int,
    "small-number": is_int,
    "flip": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list) and bool(v),
    "deep": lambda v: True,
    "long": lambda v: isinstance(v, list),
    "character": lambda v: isinstance(v, str) and v in CHARACTERS,
    "card": lambda v: isinstance(v, str) and v in CARDS,
    "hex": is_hex,
}


def corrupted(rng: random.Random, text: str) -> tuple[str, str]:
    """The position *text* with one corruption, now and then two or three."""
    doc = json.loads(text)
    done, depth = [], 0
    for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
        what, deep = corrupt(rng, doc)
        done.append(what)
        depth = depth or deep
    text = json.dumps(doc)
    if depth:
        text = text.replace(json.dumps(DEEP), "[" * depth + "]" * depth, 1)
    return "; ".join(done), text


def outcome(text: str, rng: random.Random) -> str:
    """'refused' (naming the field) or 'loaded': then read back and played on."""
    try:
        doc = json.loads(text)
    except RecursionError:
        return "refused"  # too deep for Python's own reader: it cannot be given as data
    try:
        game = load_game("battleground", position=doc)
        state = game.new_initial_state(seed=rng.randrange(99))
    except DataError as error:
        whole = error.field == "<root>" and error.reason.startswith("more than")
        assert whole or error.field not in ("", "<root>"), f"names no field: {error}"
        return "refused"
    assert isinstance(state, BattlegroundState)
    assert game.deserialize_state(state.serialize()).serialize() == state.serialize()
    position = state.to_position()
    assert load_game("battleground", position=position).new_initial_state(1).to_position() == (
        position
    )
    for _ in range(FUTURE):
        if state.is_terminal():
            return "loaded"
        step(state, rng)
    assert FUTURE < MAX_ACTIONS, "the game does not end"
    return "loaded"


@pytest.mark.parametrize("block", range(BLOCKS))
def test_corrupted_positions_are_refused_or_play_on(block: int) -> None:
    """Issue 20 §2: each corrupted position is refused naming the field, or loads, round-trips
    and plays on without any other exception."""
    counts = {"refused": 0, "loaded": 0}
    size = CORRUPTIONS // BLOCKS
    for number in range(block * size, (block + 1) * size):
        rng = random.Random(30_000 + number)
        what, text = corrupted(rng, rng.choice(samples()))
        try:
            counts[outcome(text, rng)] += 1
        except Exception as exc:
            raise AssertionError(f"corruption {number} ({what}): {exc!r}") from exc
    assert counts["refused"] and counts["loaded"], counts
