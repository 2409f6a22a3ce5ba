"""The serialized text written from the logs' kept text (issue 25, test speed): it is the same
canonical JSON as the state's document, for a state, its clones and the states after them."""

from __future__ import annotations

import random

import pytest

from rulekeeper.core import CHANCE, SIMULTANEOUS, Action, load_game
from rulekeeper.core.jsonvalue import canonical_dumps


@pytest.mark.parametrize("name", ["battleground", "homm3-combat"])
def test_serialize_is_the_canonical_text_of_the_document(name: str) -> None:
    """core/state.py (serialize: canonical JSON text; equal states give identical text):
    ``serialize()`` is ``canonical_dumps(to_document())`` along a random game and for every
    clone taken on the way, after the original went on."""
    state = load_game(name).new_initial_state(seed=3)
    rng = random.Random(3)
    clones = []
    for count in range(150):
        if state.is_terminal():
            break
        if count % 9 == 0:
            text = state.serialize()
            assert text == canonical_dumps(state.to_document())
            clones.append((state.clone(), text))
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        if seat == SIMULTANEOUS:
            seat = next(p for p in range(4) if state.legal_actions(p))
        legal = state.legal_actions(seat)
        calm = [a for a in legal if a.kind not in ("forfeit", "offer-draw", "retreat")]
        state.apply_action(rng.choice(calm or legal), seat)
    assert len(clones) > 5
    for clone, text in clones:
        assert clone.serialize() == text == canonical_dumps(clone.to_document())


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        ((("to", [3, -2, 0]), ("focus", False)), (("focus", False), ("to", (3, -2, 0)))),
        ([("b", None), ("a", "x")], (("a", "x"), ("b", None))),
        ((("card", ("x", "y")),), (("card", ("x", "y")),)),
        ((("odds", 0.5), ("a", 1)), (("a", 1), ("odds", 0.5))),
        ((("deep", [[1], {"a": 1}]),), None),
    ],
)
def test_an_action_is_frozen_and_sorted_on_either_path(raw: object, plain: object) -> None:
    """core/actions.py (parameters sorted by name, lists frozen into tuples; the quick path of
    the usual parameters gives what the careful one does)."""
    if plain is None:
        with pytest.raises(TypeError):
            Action("x", raw)  # type: ignore[arg-type]
        return
    action = Action("x", raw)  # type: ignore[arg-type]
    assert action.params == plain
    assert action == Action.of("x", **dict(plain))


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ((("a", 1), ("a", 2)), "given twice"),
        ((("kind", 1),), "cannot be a parameter"),
        ((("", 1),), "non-empty"),
        ((("a", [1.0, float("nan")]),), "not representable"),
    ],
)
def test_a_malformed_action_is_refused_on_either_path(raw: object, reason: str) -> None:
    """core/actions.py (an action's parameters are distinct non-empty names other than
    ``kind`` holding JSON): the quick path leaves a fault to the careful one, which names it."""
    with pytest.raises(ValueError, match=reason):
        Action("x", raw)  # type: ignore[arg-type]
