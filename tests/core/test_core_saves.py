"""Corrupted saved states of the toy games: each is refused with a DataError naming the field,
or it is a state the rules can play on from, to the end, under random play. No other exception.

Saved states come from random games of every variant; each is corrupted at random (a seeded
loop): fields dropped, replaced, duplicated or moved, types changed, huge numbers, deep nesting,
long lists, unknown step kinds, values swapped between places (cards between zones, seats)."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from toy_game import ShowdownGame, ToyGame

from rulekeeper.core import DataError, Game, GameState, RandomAgent, play_out

GAMES: list[Game] = [
    ToyGame(),
    ToyGame(redraw=True, hand_size=2, rounds=5),
    ToyGame(referee=True, redraw=True),
    ToyGame(coop=True, redraw=True, rounds=4),
    ShowdownGame(referee=True),
]
SLOW_BLOCKS = 20 if os.environ.get("RULEKEEPER_LONG") else 1
"""Blocks of :func:`test_corrupted_saves_many_more`."""
DEEP = "__deep__"
JUNK: list[Any] = [
    None,
    True,
    False,
    -1,
    0,
    1,
    2,
    3,
    7,
    2**31,
    10**30,
    -(10**30),
    1.5,
    float("1e300"),
    "",
    "x",
    "a1",
    "b6",
    "c3",
    "showdown",
    "pass",
    [],
    {},
    [0],
    ["a1"],
    {"kind": "roll"},
    {"kind": "teleport"},
    {"kind": "showdown", "attack": 3, "defence": 9},
]


def saved_states(game: Game, seed: int) -> list[dict[str, Any]]:
    """Every state of one random game, saved."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    docs = [json.loads(state.serialize())]
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            seat = state.current_player()
            if seat < 0:
                seat = rng.choice([p for p in range(game.num_players) if state.legal_actions(p)])
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        docs.append(json.loads(state.serialize()))
    return docs


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every value inside a JSON document."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def corrupt(doc: dict[str, Any], rng: random.Random) -> None:
    """One random corruption, in place (mostly of the game's own data)."""
    data = doc.get("data")
    inside = isinstance(data, dict) and rng.random() < 0.85
    paths = [("data", *p) for p in places(data)] if inside else places(doc)
    if not paths:
        return
    path = rng.choice(paths)
    parent, key = get(doc, path[:-1]), path[-1]
    value = parent[key]
    how = rng.randrange(10)
    if how == 0:  # drop
        del parent[key]
    elif how == 1:  # junk of any type (a fresh copy: the junk list stays as it is)
        parent[key] = json.loads(json.dumps(rng.choice(JUNK)))
    elif how == 2 and isinstance(parent, list):  # duplicate
        parent.insert(key, json.loads(json.dumps(value)))
    elif how == 3:  # change the type
        parent[key] = rng.choice([[value], {"value": value}, str(value), None])
    elif how == 4:  # deep nesting
        parent[key] = DEEP
    elif how == 5:  # a long list (of small items: the document stays a few megabytes)
        scalar = value is None or isinstance(value, int | float) or len(str(value)) < 20
        scalar = scalar and not isinstance(value, list | dict) and value != DEEP
        item = value if scalar else rng.choice(JUNK[:12])  # one object, repeated: a scalar
        parent[key] = [item] * rng.choice([10_001, 100_000])
    elif how == 6:  # an unknown step kind, or a known one out of place
        steps = [get(doc, p) for p in paths if p[-2:-1] == ("steps",)]
        steps = [step for step in steps if isinstance(step, dict)]
        if steps:
            step = rng.choice(steps)
            step["kind"] = rng.choice(["teleport", "roll", "match", "round", "reactions"])
    elif how == 7 and isinstance(value, int) and not isinstance(value, bool):  # a nearby number
        parent[key] = value + rng.choice([-2, -1, 1, 2])
    else:  # swap with another value of the same type (a card between zones, a seat...)
        same = [p for p in paths if type(get(doc, p)) is type(value) and p != path]
        same = [p for p in same if p[: len(path)] != path and path[: len(p)] != p]
        if same:
            other = rng.choice(same)
            other_parent = get(doc, other[:-1])
            parent[key], other_parent[other[-1]] = other_parent[other[-1]], value


def text_of(doc: dict[str, Any]) -> str:
    text = json.dumps(doc).replace(json.dumps(DEEP), "[" * 5_000 + "]" * 5_000, 3)
    assert len(text) < 20_000_000  # the corruptions themselves stay of a sensible size
    return text


def check(game: Game, text: str) -> str:
    """'refused' or 'played': anything else raises."""
    try:
        state: GameState = game.deserialize_state(text)
    except DataError:
        return "refused"
    agents = {seat: RandomAgent(seat) for seat in range(game.num_players)}
    play_out(state, agents, max_actions=20_000)
    assert state.is_terminal()
    assert len(state.returns()) == game.num_players
    again = game.deserialize_state(state.serialize())
    assert again.serialize() == state.serialize()
    return "played"


def run(block: int, per_game: int) -> dict[str, int]:
    rng = random.Random(block)
    outcomes = {"refused": 0, "played": 0}
    for game in GAMES:
        docs = saved_states(game, block)
        for _ in range(per_game):
            doc = json.loads(json.dumps(rng.choice(docs)))
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                corrupt(doc, rng)
            outcomes[check(game, text_of(doc))] += 1
    return outcomes


@pytest.mark.parametrize("block", range(4))
def test_corrupted_saves_are_refused_or_play_on(block: int) -> None:
    outcomes = run(block, 60)
    assert outcomes["refused"] > 0 and outcomes["played"] > 0, outcomes


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("RULEKEEPER_SLOW"),
    reason="the long fuzz runs with RULEKEEPER_SLOW=1 (pytest -m slow)",
)
@pytest.mark.parametrize("block", range(4, 4 + SLOW_BLOCKS))
def test_corrupted_saves_many_more(block: int) -> None:
    """The slow run: 1,250 more corrupted saves per block (about 9 CPU seconds), 1 block with
    RULEKEEPER_SLOW=1 (``./rk test``), 20 with RULEKEEPER_LONG=1."""
    run(block, 250)


def steps(doc: dict[str, Any]) -> list[Any]:
    found: list[Any] = doc["data"]["flow"]["steps"]
    return found


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d["data"]["hands"][0].append("a1"), "data.decks[0]"),  # a card twice
        (lambda d: d["data"]["hands"][0].append("zz"), "data.hands[0][3]"),  # no such card
        (lambda d: d["data"].update(round=10**30), "data.round"),
        (lambda d: steps(d).append({"kind": "nope"}), "data.flow.steps[3].kind"),
        (lambda d: steps(d)[2].update(seats=[0, 5]), "data.flow.steps[2].seats[1]"),
        (lambda d: steps(d)[2].update(seats=[0, 0]), "data.flow.steps[2]"),
        (lambda d: steps(d)[2].update(seats=[0] * 10**5), "data.flow.steps[2].seats"),
        (lambda d: d["data"]["flow"].update(steps=[{"kind": "round"}] * 1001), "data.flow.steps"),
    ],
)
def test_corruptions_are_refused_naming_the_field(edit: Any, field: str) -> None:
    game = ToyGame()
    doc = json.loads(game.new_initial_state(1).serialize())
    edit(doc)
    with pytest.raises(DataError) as info:
        game.deserialize_state(json.dumps(doc))
    assert info.value.field == field, info.value


def test_deeply_nested_text_is_refused() -> None:
    game = ToyGame()
    doc = json.loads(game.new_initial_state(1).serialize())
    for where in ("history", "events", "data", "rng"):
        broken = dict(doc)
        broken[where] = DEEP
        with pytest.raises(DataError):
            game.deserialize_state(text_of(broken))
    shallow_enough = dict(doc)  # deep, but within what the JSON parser takes
    shallow_enough["events"] = json.loads(json.dumps(doc["events"]))
    nested: Any = 0
    for _ in range(900):
        nested = [nested]
    shallow_enough["events"][0]["data"]["x"] = nested
    with pytest.raises(DataError) as info:
        game.deserialize_state(json.dumps(shallow_enough))
    assert info.value.field.startswith("events")  # now the event named: events[0].data
