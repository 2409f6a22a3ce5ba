import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core import DataError, Decision, DecisionStack

decisions = st.builds(
    Decision,
    player=st.integers(0, 5),
    kind=st.sampled_from(["reroll", "reaction", "choose_target"]),
    context=st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
    prompt=st.text(max_size=20),
)


def test_stack_is_lifo_and_top_player_decides() -> None:
    stack = DecisionStack()
    assert stack.empty() and len(stack) == 0
    stack.push(Decision(0, "attack_target", {"unit": "he-man"}, "Choose a target"))
    # An interruption for another player goes on top and is answered first.
    stack.push(Decision(1, "reaction", {"card": "shield"}, "Play a reaction?"))
    assert len(stack) == 2 and not stack.empty()
    assert stack.top().player == 1
    assert stack.pop().kind == "reaction"
    assert stack.top().player == 0
    stack.pop()
    with pytest.raises(IndexError):
        stack.pop()
    with pytest.raises(IndexError):
        stack.top()


@given(st.lists(decisions, max_size=5))
def test_round_trip_through_json(items: list[Decision]) -> None:
    stack = DecisionStack(items)
    data = json.loads(json.dumps(stack.to_data()))
    restored = DecisionStack.from_data(data)
    assert restored == stack
    assert list(restored) == items


def test_clone_is_independent() -> None:
    stack = DecisionStack([Decision(0, "a")])
    copy = stack.clone()
    copy.push(Decision(1, "b"))
    assert len(stack) == 1 and len(copy) == 2


def test_decision_validates() -> None:
    with pytest.raises(ValueError):
        Decision(0, "")
    with pytest.raises(TypeError):
        Decision(0, "x", {"bad": {1, 2}})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        Decision("0", "x")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({}, "stack"),
        ([{"kind": "x", "context": {}, "prompt": ""}], "[0].player"),
        ([{"player": 0, "kind": "x", "context": [], "prompt": ""}], "[0].context"),
        ([{"player": 0, "kind": 5, "context": {}, "prompt": ""}], "[0].kind"),
    ],
)
def test_from_data_names_bad_field(data: object, field: str) -> None:
    with pytest.raises(DataError) as info:
        DecisionStack.from_data(data, source="save", path="stack")
    assert info.value.source == "save"
    assert info.value.field == ("stack" + field if field.startswith("[") else field)
