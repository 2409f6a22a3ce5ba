import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core import Action, DataError

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
# Lists (nested) but never objects: actions refuse dict parameters.
param_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=10)
names = st.text(min_size=1, max_size=10).filter(lambda s: s != "kind")
kinds = st.text(min_size=1, max_size=12) | st.sampled_from(["move", "attack", "end_turn"])
actions = st.builds(
    lambda kind, params: Action(kind, tuple(params.items())),
    kinds,
    st.dictionaries(names, param_values, max_size=4),
)


def exact(value: Any) -> str:
    """JSON text: distinguishes 1, 1.0 and true, which == does not."""
    return json.dumps(value, sort_keys=True)


@given(actions)
def test_json_round_trip_is_exact(action: Action) -> None:
    data = action.to_json()
    text = json.dumps(data)
    restored = Action.from_json(json.loads(text))
    assert restored == action
    assert hash(restored) == hash(action)
    assert exact(restored.to_json()) == exact(data)


@given(actions)
def test_text_round_trip_is_exact(action: Action) -> None:
    text = str(action)
    parsed = Action.parse(text)
    assert parsed == action
    assert exact(parsed.to_json()) == exact(action.to_json())
    assert str(parsed) == text


@given(actions)
def test_params_sorted_and_hashable(action: Action) -> None:
    keys = [name for name, _ in action.params]
    assert keys == sorted(keys)
    assert {action: 1}[action] == 1


def test_readable_text() -> None:
    assert str(Action.of("move", to=[3, -2, 0])) == "move to=[3, -2, 0]"
    assert str(Action.of("end_turn")) == "end_turn"
    assert str(Action.of("play", card="fireball", n=2)) == "play card=fireball n=2"
    # Strings that could be misread are quoted.
    quoted = Action.of("say", text="two words", word="true")
    assert str(quoted) == 'say text="two words" word="true"'


def test_parse_accepts_extra_whitespace_and_quoted_names() -> None:
    assert Action.parse("  move   to=[3,-2,0]  ") == Action.of("move", to=[3, -2, 0])
    assert Action.parse('"odd kind" "a b"=1') == Action("odd kind", (("a b", 1),))


@pytest.mark.parametrize(
    "text",
    ["", "   ", "move to=", "move =3", "move to", "move to=[1, 2", "move to=1x", "true", "m x=NaN"],
)
def test_parse_rejects_malformed_text(text: str) -> None:
    with pytest.raises(DataError):
        Action.parse(text)


def test_of_is_keyword_order_independent_and_freezes_lists() -> None:
    a = Action.of("move", unit="orc", to=[1, [2, 3]])
    b = Action.of("move", to=(1, (2, 3)), unit="orc")
    assert a == b
    assert a.params == (("to", (1, (2, 3))), ("unit", "orc"))
    assert a.param("to") == (1, (2, 3))
    assert a.to_json() == {"kind": "move", "to": [1, [2, 3]], "unit": "orc"}


def test_equality_is_type_strict() -> None:
    # A client sending true or 1.0 where 1 is expected must not match.
    assert Action.of("x", n=1) != Action.of("x", n=True)
    assert Action.of("x", n=1) != Action.of("x", n=1.0)
    assert Action.of("x", n=[1]) != Action.of("x", n=[True])
    assert Action.of("x", n=1) == Action.of("x", n=1)
    assert Action.of("x") != Action.of("y")


def test_param_accessors() -> None:
    action = Action.of("attack", target="orc")
    assert action.param("target") == "orc"
    assert action.get("missing", 5) == 5
    with pytest.raises(KeyError):
        action.param("missing")


def test_typed_param_accessors() -> None:
    action = Action.of("move", to=[3, -2, 0], n=2, unit="orc", flag=True)
    assert action.ints_param("to") == (3, -2, 0)
    assert action.int_param("n") == 2
    assert action.str_param("unit") == "orc"
    assert action.bool_param("flag") is True
    with pytest.raises(TypeError, match="'unit' must be an integer"):
        action.int_param("unit")
    with pytest.raises(TypeError):
        action.int_param("flag")  # a bool is not a count
    with pytest.raises(TypeError):
        action.str_param("n")
    with pytest.raises(TypeError):
        action.bool_param("n")
    with pytest.raises(TypeError):
        Action.of("move", to=[1, True]).ints_param("to")
    with pytest.raises(TypeError):
        action.ints_param("n")
    with pytest.raises(KeyError):
        action.int_param("missing")


def test_rejects_dicts_and_bad_values() -> None:
    with pytest.raises(TypeError, match="dict"):
        Action.of("move", to={"q": 1})
    with pytest.raises(TypeError):
        Action.of("move", to={1, 2})
    with pytest.raises(ValueError):
        Action.of("move", to=float("nan"))
    with pytest.raises(ValueError):
        Action.of("")
    with pytest.raises(ValueError):
        Action("move", (("kind", 1),))
    with pytest.raises(ValueError):
        Action("move", (("a", 1), ("a", 2)))


def test_is_immutable() -> None:
    action = Action.of("move")
    with pytest.raises(AttributeError):
        action.kind = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({}, "kind"),
        ({"kind": ""}, "kind"),
        ({"kind": 3}, "kind"),
        ([], "<root>"),
        ({"kind": "move", "to": {"q": 1}}, "move"),
    ],
)
def test_from_json_rejects_malformed(data: Any, field: str) -> None:
    with pytest.raises(DataError) as info:
        Action.from_json(data)
    assert info.value.field == field
    assert isinstance(info.value, ValueError)
