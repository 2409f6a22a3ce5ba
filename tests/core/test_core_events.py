import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core import DataError, EventLog


def sample_log() -> EventLog:
    log = EventLog()
    log.append("turn_started", {"player": 0})
    log.append("card_drawn", {"card": "fireball"}, visible_to=[0])
    log.append("card_drawn", {"card": "heal"}, visible_to=[1])
    log.append("both_see", {"x": 1}, visible_to=[1, 0])
    return log


def test_sequence_numbers_start_at_one() -> None:
    log = sample_log()
    assert [e.seq for e in log] == [1, 2, 3, 4]
    assert log.last_seq == 4
    assert EventLog().last_seq == 0


def test_visibility() -> None:
    log = sample_log()
    mine = log.for_player(0)
    assert [e.seq for e in mine] == [1, 2, 4]
    assert all("heal" not in json.dumps(e.to_data()) for e in mine)
    assert [e.seq for e in log.for_player(1)] == [1, 3, 4]
    assert [e.seq for e in log.for_player(2)] == [1]
    assert [e.seq for e in log.public()] == [1]
    assert log[3].visible_to == (0, 1)  # normalised: sorted, deduplicated


def test_since() -> None:
    log = sample_log()
    assert [e.seq for e in log.since(0)] == [1, 2, 3, 4]
    assert [e.seq for e in log.since(2)] == [3, 4]
    assert log.since(4) == []
    assert [e.seq for e in log.for_player(0, since=1)] == [2, 4]


def test_append_copies_and_validates_data() -> None:
    log = EventLog()
    payload = {"cards": ["a"]}
    log.append("x", payload)
    payload["cards"].append("b")
    assert log[0].data == {"cards": ["a"]}
    with pytest.raises(TypeError):
        log.append("x", {"bad": object()})  # type: ignore[dict-item]
    with pytest.raises(ValueError):
        log.append("x", {"bad": float("inf")})
    with pytest.raises(ValueError):
        log.append("", {})
    assert len(log) == 1  # failed appends leave no trace


def test_clone_is_independent() -> None:
    log = sample_log()
    copy = log.clone()
    copy.append("more")
    assert len(log) == 4 and len(copy) == 5


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a", "b"]),
            st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
            st.none() | st.lists(st.integers(0, 3), max_size=3),
        ),
        max_size=8,
    )
)
def test_round_trip(entries: list[tuple[str, dict[str, int], list[int] | None]]) -> None:
    log = EventLog()
    for kind, data, visible in entries:
        log.append(kind, dict(data), visible)
    restored = EventLog.from_data(json.loads(json.dumps(log.to_data())))
    assert restored == log
    assert restored.to_data() == log.to_data()


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d[1].update(seq=5), "log[1].seq"),
        (lambda d: d[0].pop("kind"), "log[0].kind"),
        (lambda d: d[0].update(visible_to=["x"]), "log[0].visible_to[0]"),
        (lambda d: d[0].update(data=[]), "log[0].data"),
    ],
)
def test_from_data_names_bad_field(mutate: object, field: str) -> None:
    data = sample_log().to_data()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(DataError) as info:
        EventLog.from_data(data, source="save", path="log")
    assert info.value.field == field
