"""The quick paths of the hot spots the test suite's fuzzes spend their time in give exactly what
the careful paths give (issue 21 §3: behaviour does not change; Acceptance: ``./rk test``
within 10 minutes): an action's text (core/actions.py) and a saved event read back
(core/events.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rulekeeper.core import DataError
from rulekeeper.core import events as events_module
from rulekeeper.core.actions import Action, _render
from rulekeeper.core.events import Event, EventLog
from rulekeeper.core.jsonvalue import freeze, thaw


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value an action parameter may hold (no objects)."""
    roll = rng.random()
    if roll < 0.2:
        return rng.choice([True, False, None])
    if roll < 0.45:
        return rng.randint(-(10 ** rng.randint(0, 30)), 10 ** rng.randint(0, 30))
    if roll < 0.55:
        return rng.choice([0.5, -2.25, 1e300, 3.0])
    if roll < 0.7:
        return rng.choice(["move", "he-man", "two words", "true", "null", "é", ""])
    if depth > 2:
        return []
    return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]


def test_an_action_text_writes_values_as_json_does() -> None:
    """Issue 21 §3: truth values, integers and integer lists written directly are the JSON text
    ``json.dumps`` writes, and every action's text reads back as the same action."""
    rng = random.Random(21)
    for _ in range(3000):
        value = freeze(random_value(rng))
        if not isinstance(value, str):
            assert _render(value) == json.dumps(thaw(value), ensure_ascii=False)
        action = Action.of("act", value=thaw(value), to=[rng.randint(-9, 9) for _ in range(3)])
        assert Action.parse(str(action)) == action


def careful(data: Any) -> Event:
    """The event as the careful reader reads it (the quick look left out)."""
    quick = events_module._plain_event
    events_module._plain_event = lambda _data: None
    try:
        return Event.from_data(data)
    finally:
        events_module._plain_event = quick


@pytest.mark.parametrize(
    "data",
    [
        {"seq": 1, "kind": "move", "data": {"to": [1, 2, 0], "who": "he-man"}, "visible_to": None},
        {"seq": 2, "kind": "draw", "data": {"cards": ["a", "b"], "player": 0}, "visible_to": [0]},
        {"seq": 3, "kind": "x", "data": {}, "visible_to": [1, 0]},
        {"seq": 4, "kind": "x", "data": {"nested": {"a": [1, [2]]}}, "visible_to": None},
        {"seq": 5, "kind": "x", "data": {"f": 1.5, "n": None, "t": True}, "visible_to": None},
    ],
)
def test_a_saved_event_reads_back_the_same_either_way(data: dict[str, Any]) -> None:
    """Issue 21 §3: the quick look at a usual saved event gives the careful reader's event."""
    event = Event.from_data(json.loads(json.dumps(data)))
    assert event == careful(data)  # lists stay lists: a tuple would not be equal


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"seq": True, "kind": "x", "data": {}, "visible_to": None}, "seq"),
        ({"seq": 1, "kind": 5, "data": {}, "visible_to": None}, "kind"),
        ({"seq": 1, "kind": "x", "data": [], "visible_to": None}, "data"),
        ({"seq": 1, "kind": "x", "data": {}}, "visible_to"),
        ({"seq": 1, "kind": "x", "data": {}, "visible_to": [True]}, "visible_to[0]"),
        ({"seq": 1, "kind": "x", "data": {"v": float("nan")}, "visible_to": None}, "data"),
    ],
)
def test_a_broken_saved_event_is_still_refused_naming_the_field(
    data: dict[str, Any], field: str
) -> None:
    """Issue 21 §3: what the quick look does not take is refused as before, naming the field."""
    with pytest.raises(DataError) as refusal:
        EventLog.from_data([data])
    assert refusal.value.field == f"[0].{field}"
