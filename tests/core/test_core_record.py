"""Records: fields declared once give copy, write and read; reading untrusted data is bounded."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Annotated, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core import Bounds, DataError, Deck, JsonValue, Ref
from rulekeeper.core.record import (
    MAX_ITEMS,
    Reader,
    clone_record,
    from_data,
    record_fields,
    to_data,
)


@dataclass
class Unit:
    name: Annotated[str, Ref("unit")]
    wounds: Annotated[int, Bounds(0, 9)] = 0
    tags: tuple[str, ...] = ()


@dataclass
class Side:
    units: list[Unit] = field(default_factory=list)
    by_hex: dict[int, str] = field(default_factory=dict)
    notes: dict[str, list[int]] = field(default_factory=dict)
    leader: Unit | None = None
    morale: float = 1.0
    ready: bool = False
    extra: JsonValue = None
    deck: Deck = field(default_factory=Deck)


@dataclass
class Node:
    """A record holding records of its own kind (a tree)."""

    value: int
    children: list[Node] = field(default_factory=list)


def read(cls: type[Any], data: Any) -> Any:
    return from_data(cls, data, "save", "side")


def sample() -> Side:
    return Side(
        units=[Unit("he-man", 2, ("hero",)), Unit("skeletor")],
        by_hex={3: "he-man", -4: "skeletor"},
        notes={"rounds": [1, 2]},
        leader=Unit("man-at-arms", 1),
        morale=0.5,
        ready=True,
        extra={"free": [1, {"json": None}]},
        deck=Deck(["a", "b"], discard=["c"]),
    )


def test_round_trip_through_json() -> None:
    side = sample()
    data = json.loads(json.dumps(to_data(side)))
    assert data["by_hex"] == {"3": "he-man", "-4": "skeletor"}  # int keys as text
    back = read(Side, data)
    assert back == side
    assert to_data(back) == data
    assert list(record_fields(Unit)) == ["name", "wounds", "tags"]


def mutable_ids(value: Any, out: set[int]) -> set[int]:
    """Ids of every mutable object inside *value* (lists, dicts, records, decks)."""
    if isinstance(value, list | dict) or hasattr(value, "__dict__"):
        out.add(id(value))
    items: Any = ()
    if isinstance(value, list | tuple):
        items = value
    elif isinstance(value, dict):
        items = value.values()
    elif hasattr(value, "__dict__"):
        items = vars(value).values()
    elif hasattr(value, "__slots__"):
        items = [getattr(value, name) for name in value.__slots__]
    for item in items:
        mutable_ids(item, out)
    return out


def test_clone_shares_nothing_mutable() -> None:
    side = sample()
    copy = clone_record(side)
    assert copy == side
    assert not mutable_ids(side, set()) & mutable_ids(copy, set())
    copy.units[0].wounds = 5
    copy.notes["rounds"].append(3)
    assert side.units[0].wounds == 2 and side.notes["rounds"] == [1, 2]


def test_records_may_hold_their_own_kind() -> None:
    tree = Node(1, [Node(2, [Node(3)]), Node(4)])
    data = to_data(tree)
    assert data == {
        "value": 1,
        "children": [
            {"value": 2, "children": [{"value": 3, "children": []}]},
            {"value": 4, "children": []},
        ],
    }
    assert read(Node, data) == tree
    copy = clone_record(tree)
    assert copy == tree and copy.children[0] is not tree.children[0]


@pytest.mark.parametrize(
    ("edit", "path", "reason"),
    [
        (lambda d: d["units"][1].update(wounds=10**30), "side.units[1].wounds", "outside"),
        (lambda d: d["units"][1].update(wounds=10), "side.units[1].wounds", "outside 0..9"),
        (lambda d: d["units"][0].update(wounds=True), "side.units[0].wounds", "integer"),
        (lambda d: d["units"][0].update(speed=3), "side.units[0].speed", "unknown field"),
        (lambda d: d["units"][0].pop("name"), "side.units[0].name", "missing"),
        (lambda d: d.update(by_hex={"x": "a"}), "side.by_hex.x", "integer"),
        (lambda d: d.update(by_hex={"07": "a"}), "side.by_hex.07", "integer"),
        (lambda d: d.update(morale=float("inf")), "side.morale", "finite"),
        (lambda d: d.update(leader=[]), "side.leader", "object"),
        (lambda d: d.update(ready=1), "side.ready", "true or false"),
        (lambda d: d.update(extra={"n": 2**60}), "side.extra.n", "too large"),
        (lambda d: d["deck"].update(draw=[1]), "side.deck.draw[0]", ""),
    ],
)
def test_bad_fields_are_named(edit: Any, path: str, reason: str) -> None:
    data = to_data(sample())
    edit(data)
    with pytest.raises(DataError) as info:
        read(Side, data)
    assert info.value.field == path and info.value.source == "save"
    assert reason in info.value.reason


def quickly_refused(cls: type[Any], data: Any) -> DataError:
    start = time.perf_counter()
    with pytest.raises(DataError) as info:
        read(cls, data)
    assert time.perf_counter() - start < 0.5  # no work proportional to the data's numbers
    return info.value


def test_huge_numbers_deep_nesting_and_long_lists_are_refused_quickly() -> None:
    data = to_data(sample())
    data["units"][0]["wounds"] = 10**30
    assert quickly_refused(Side, data).field == "side.units[0].wounds"

    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    data = to_data(sample())
    data["extra"] = deep
    error = quickly_refused(Side, data)
    assert error.field.startswith("side.extra[0]") and "deeper" in error.reason

    tree: Any = {"value": 0, "children": []}
    for _ in range(100_000):
        tree = {"value": 0, "children": [tree]}
    error = quickly_refused(Node, tree)
    assert error.field.startswith("side.children[0]") and "nested deeper" in error.reason

    data = to_data(sample())
    data["units"] = [{"name": "x"}] * 10**6
    error = quickly_refused(Side, data)
    assert error.field == "side.units" and str(MAX_ITEMS) in error.reason
    data = to_data(sample())
    data["extra"] = list(range(10**6))
    assert quickly_refused(Side, data).field == "side.extra"


def test_refs_are_collected_for_the_owner() -> None:
    reader = Reader("save")
    from_data(Side, to_data(sample()), reader, "side")
    assert [(ref.kind, ref.value, ref.path) for ref in reader.refs] == [
        ("unit", "he-man", "side.units[0].name"),
        ("unit", "skeletor", "side.units[1].name"),
        ("unit", "man-at-arms", "side.leader.name"),
    ]


units = st.builds(
    Unit,
    name=st.text(max_size=8),
    wounds=st.integers(0, 9),
    tags=st.lists(st.text(max_size=3), max_size=3).map(tuple),
)
sides = st.builds(
    Side,
    units=st.lists(units, max_size=4),
    by_hex=st.dictionaries(st.integers(-100, 100), st.text(max_size=4), max_size=3),
    notes=st.dictionaries(st.text(max_size=4), st.lists(st.integers(-5, 5), max_size=3)),
    leader=st.none() | units,
    morale=st.floats(-1e6, 1e6),
    ready=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(sides)
def test_round_trip_and_clone_of_any_record(side: Side) -> None:
    data = json.loads(json.dumps(to_data(side)))
    assert read(Side, data) == side
    copy = clone_record(side)
    assert copy == side
    assert not mutable_ids(side, set()) & mutable_ids(copy, set())
