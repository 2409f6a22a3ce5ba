"""core/control.py (issue 24 §2): which seat controls each piece, several pieces per seat (heroes,
towns), at most one owner per piece, saved, read and cloned with a state's data."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core import Control, DataError
from rulekeeper.core.record import FieldSet, Reader

PIECES = st.sampled_from(["hero-a", "hero-b", "hero-c", "town-1", "town-2", "mine-1"])
OPS = st.lists(
    st.tuples(st.sampled_from(["assign", "release"]), PIECES, st.integers(0, 3)), max_size=20
)


def play(ops: list[tuple[str, str, int]]) -> Control:
    """A control record after assigning and releasing pieces as *ops* say."""
    control = Control()
    for op, piece, seat in ops:
        if op == "assign":
            control.assign(piece, seat)
        else:
            control.release(piece)
    return control


def test_a_seat_controls_several_pieces_in_the_order_assigned_issue_24_2() -> None:
    """issue 24 §2: a seat may control several heroes; its pieces keep their order."""
    control = Control()
    assert control.assign("main-hero", 0) is None
    control.assign("rival", 1)
    control.assign("second-hero", 0)
    assert control.pieces(0) == ["main-hero", "second-hero"]
    assert control.owner("rival") == 1 and control.owner("nobody") is None
    assert control.controls(0, "second-hero") and not control.controls(1, "second-hero")
    assert control.seats() == [0, 1]


def test_assigning_a_piece_takes_it_from_its_owner_issue_24_2() -> None:
    """issue 24 §2: a piece has one owner; a town captured changes hands."""
    control = Control({"town": 0, "hero": 0})
    assert control.assign("town", 1) == 0
    assert control.pieces(0) == ["hero"] and control.pieces(1) == ["town"]
    assert control.assign("hero", 0) == 0 and control.pieces(0) == ["hero"]
    assert control.release("town") == 1 and control.release("town") is None
    assert control.owner("town") is None and control.pieces(1) == []


def test_teams_are_optional_issue_24_2() -> None:
    """issue 24 §2: seats may play on one side (alliance); by default each for itself."""
    control = Control({"a": 0, "b": 1, "c": 2}, teams=((0, 2), (1,)))
    assert control.team_of(2) == (0, 2) and control.team_of(3) == (3,)
    assert control.allied(0, "c") and not control.allied(0, "b") and not control.allied(0, "x")
    assert Control({"a": 0}).team_of(0) == (0,)


@pytest.mark.parametrize(
    ("made", "words"),
    [
        (lambda: Control().assign("", 0), "non-empty"),
        (lambda: Control().assign("hero", -1), "seat"),
        (lambda: Control().assign("hero", True), "seat"),
        (lambda: Control({"hero": 100}), "seat"),
        (lambda: Control(teams=((0, 1), (1, 2))), "more than one team"),
    ],
)
def test_a_bad_piece_or_seat_is_refused_issue_24_2(made: Any, words: str) -> None:
    """issue 24 §2: a piece is a non-empty id, a seat a small number, a seat in one team."""
    with pytest.raises(ValueError, match=words):
        made()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"owners": {"hero": -1}}, "control.owners.hero"),
        ({"owners": {"hero": "0"}}, "control.owners.hero"),
        ({"owners": {"": 0}}, "control"),
        ({"owners": {}, "teams": [[0, 1], [1]]}, "control"),
        ({"owners": {}, "teams": [[0, 200]]}, "control.teams[0][1]"),
        ({"owner": {}}, "control.owner"),
    ],
)
def test_a_bad_saved_control_names_its_field_issue_24_2(data: Any, field: str) -> None:
    """issue 24 §2: reading a bad saved control record fails naming the field."""
    with pytest.raises(DataError) as refused:
        Control.from_data(data, "save.json", "control")
    assert refused.value.field == field


def test_control_saves_reads_and_clones_with_a_state_s_data_issue_24_2() -> None:
    """issue 24 §2: a control record declared as a state's data is copied, written and read."""

    class Holder:
        control: Control

    fields = FieldSet({"control": Control})
    state, copy, read = Holder(), Holder(), Holder()
    state.control = Control({"hero-b": 1, "hero-a": 0}, teams=((0, 1),))
    fields.copy_into(state, copy)
    copy.control.assign("hero-b", 0)
    assert state.control.owner("hero-b") == 1
    fields.read_into(read, fields.write(state), Reader("save.json"), "")
    assert read.control == state.control and read.control.pieces(1) == ["hero-b"]


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_a_piece_has_at_most_one_owner_issue_24_2(ops: list[tuple[str, str, int]]) -> None:
    """issue 24 §2: after any assignments, each piece is among exactly its owner's pieces."""
    control = play(ops)
    for piece, seat in control.owners.items():
        assert [s for s in range(4) if piece in control.pieces(s)] == [seat]
    last = {piece: (op, seat) for op, piece, seat in ops}
    for piece, (op, seat) in last.items():
        assert control.owner(piece) == (seat if op == "assign" else None)


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_pieces_keep_a_stable_order_through_saves_issue_24_2(
    ops: list[tuple[str, str, int]],
) -> None:
    """issue 24 §2: a seat's pieces are in the order assigned (a piece changing hands goes
    last), the same after a round trip and a clone."""
    control = play(ops)
    again = Control.from_data(control.to_data(), "save.json")
    assert again == control
    order: list[str] = []
    owners: dict[str, int] = {}
    for op, piece, seat in ops:
        if op == "release" or owners.get(piece) != seat:
            order = [p for p in order if p != piece]
            owners.pop(piece, None)
        if op == "assign" and piece not in owners:
            order.append(piece)
            owners[piece] = seat
    for seat in range(4):
        expected = [piece for piece in order if owners[piece] == seat]
        assert again.pieces(seat) == control.pieces(seat) == control.clone().pieces(seat)
        assert control.pieces(seat) == expected
