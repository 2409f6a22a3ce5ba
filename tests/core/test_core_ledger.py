"""core/ledger.py (issue 24 §2): resource ledgers whose amounts never go negative, costs, and a
refusal naming what is missing; any resource names, saved, read and cloned with a state's data."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core import DataError, Ledger, LedgerError, missing_words
from rulekeeper.core.record import MAX_INT, FieldSet, Reader

HOMM3 = ("gold", "materials", "valuables")
"""homm3.md §5.13.1: the map game's three resources."""

NAMES = st.sampled_from(HOMM3)
COSTS = st.dictionaries(NAMES, st.integers(0, 12), max_size=3)
LEDGERS = st.builds(Ledger.of, st.just(HOMM3), COSTS) | st.builds(Ledger, COSTS)


def test_pay_takes_the_cost_and_refuses_naming_what_is_missing_issue_24_2() -> None:
    """issue 24 §2: a payment takes the cost; one that cannot be made names what is missing."""
    purse = Ledger.of(HOMM3, {"gold": 10, "valuables": 1})
    purse.pay({"gold": 4, "valuables": 1})
    assert purse.amounts == {"gold": 6, "materials": 0, "valuables": 0}
    with pytest.raises(LedgerError, match="3 more gold and 1 more valuables") as refused:
        purse.pay({"gold": 9, "materials": 0, "valuables": 1})
    assert refused.value.missing == {"gold": 3, "valuables": 1}
    assert purse.amounts == {"gold": 6, "materials": 0, "valuables": 0}


def test_missing_words_use_display_names_issue_24_2() -> None:
    """issue 24 §2: the refusal's words name each missing resource with its amount."""
    names = {"gold": "Gold", "materials": "Materials", "valuables": "Valuables"}
    assert missing_words({"gold": 3, "valuables": 1}, names) == "3 more Gold and 1 more Valuables"
    assert missing_words({"gold": 1, "materials": 2, "valuables": 3}, names) == (
        "1 more Gold, 2 more Materials and 3 more Valuables"
    )
    assert missing_words({"mana": 2}) == "2 more mana"
    assert missing_words({}) == "nothing more"


def test_lose_goes_down_to_zero_and_says_what_was_lost_issue_24_2() -> None:
    """issue 24 §2 (contracts §D): "lose 5 Gold" with 3 leaves 0 and loses 3."""
    purse = Ledger.of(HOMM3, {"gold": 3, "materials": 2})
    assert purse.lose({"gold": 5, "valuables": 2, "materials": 1}) == {"gold": 3, "materials": 1}
    assert purse.amounts == {"gold": 0, "materials": 1, "valuables": 0}
    assert purse.total() == 1


def test_any_resource_names_for_another_game_issue_24_2() -> None:
    """issue 24 §2: a ledger without fixed names holds any resource (Fields of Eternia's own)."""
    pool = Ledger()
    pool.gain({"mana": 3, "essence": 0})
    assert pool.get("mana") == 3 and pool.get("anything") == 0
    pool.pay({"mana": 3})
    assert pool == Ledger() and pool.amounts == {}


@pytest.mark.parametrize(
    ("cost", "words"),
    [
        ({"gold": -1}, "outside 0"),
        ({"gold": 1.5}, "whole number"),
        ({"gold": True}, "whole number"),
        ({"gold": "3"}, "whole number"),
        ({"wood": 1}, "not one of gold, materials, valuables"),
        ({"": 1}, "non-empty"),
        ([("gold", 1)], "mapping"),
    ],
)
def test_a_bad_amount_is_refused_clearly_issue_24_2(cost: Any, words: str) -> None:
    """issue 24 §2: a negative, non-integer or unknown (fixed names) amount is refused."""
    purse = Ledger.of(HOMM3, {"gold": 5})
    for use in (purse.pay, purse.gain, purse.lose, purse.can_pay, purse.missing):
        with pytest.raises(ValueError, match=words):
            use(cost)
    assert purse.amounts == {"gold": 5, "materials": 0, "valuables": 0}


def test_a_bad_ledger_is_refused_when_made_issue_24_2() -> None:
    """issue 24 §2: a ledger cannot be made negative, with unknown or repeated names."""
    with pytest.raises(ValueError, match=r"amounts\.gold: -1 is outside"):
        Ledger({"gold": -1})
    with pytest.raises(ValueError, match=r"amounts\.wood: not one of gold"):
        Ledger({"wood": 1}, ("gold",))
    with pytest.raises(ValueError, match="named twice"):
        Ledger.of(("gold", "gold"))
    with pytest.raises(ValueError, match="'wood' is not one of"):
        Ledger.of(HOMM3).get("wood")
    with pytest.raises(ValueError, match="cannot be held"):
        Ledger({"gold": MAX_INT}).gain({"gold": 1, "mana": 1})


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"amounts": {"gold": -3}}, "purse.amounts.gold", "-3 is outside 0"),
        ({"amounts": {"gold": "3"}}, "purse.amounts.gold", "expected an integer"),
        ({"amounts": {"gold": 2**40}}, "purse.amounts.gold", "outside 0"),
        ({"amounts": {"wood": 1}, "names": ["gold"]}, "purse", "amounts.wood: not one of"),
        ({"amounts": {}, "names": ["gold", "gold"]}, "purse", "named twice"),
        ({"amounts": [], "names": []}, "purse.amounts", "expected an object"),
        ({"amount": {}}, "purse.amount", "unknown field"),
    ],
)
def test_a_bad_saved_ledger_names_its_field_issue_24_2(data: Any, field: str, words: str) -> None:
    """issue 24 §2: reading a saved ledger with a negative (or bad) amount fails naming it."""
    with pytest.raises(DataError, match=words) as refused:
        Ledger.from_data(data, "save.json", "purse")
    assert refused.value.field == field and refused.value.source == "save.json"


def test_ledgers_save_read_and_clone_with_a_state_s_data_issue_24_2() -> None:
    """issue 24 §2: ledgers declared as a state's data are copied, written and read with it."""

    class Holder:
        purses: dict[int, Ledger]

    fields = FieldSet({"purses": dict[int, Ledger]})
    state, copy, read = Holder(), Holder(), Holder()
    state.purses = {0: Ledger.of(HOMM3, {"gold": 4}), 1: Ledger({"mana": 2})}
    fields.copy_into(state, copy)
    copy.purses[0].pay({"gold": 4})
    assert state.purses[0].get("gold") == 4
    fields.read_into(read, fields.write(state), Reader("save.json"), "")
    assert read.purses == state.purses
    assert state.purses[1].clone() == state.purses[1]
    assert state.purses[1].clone() is not state.purses[1]


@settings(max_examples=60, deadline=None)
@given(LEDGERS, COSTS)
def test_paying_never_leaves_a_negative_amount_issue_24_2(
    purse: Ledger, cost: dict[str, int]
) -> None:
    """issue 24 §2: amounts never go negative, whether the payment is made or refused."""
    with contextlib.suppress(LedgerError):
        purse.pay(cost)
    assert all(amount >= 0 for amount in purse.amounts.values())


@settings(max_examples=60, deadline=None)
@given(LEDGERS, COSTS)
def test_a_refused_payment_leaves_the_ledger_as_it_was_issue_24_2(
    purse: Ledger, cost: dict[str, int]
) -> None:
    """issue 24 §2: a payment that cannot be made changes nothing and names each shortfall."""
    before = purse.clone()
    try:
        purse.pay(cost)
    except LedgerError as refused:
        assert purse == before
        assert refused.missing == {
            n: a - before.get(n) for n, a in cost.items() if a > before.get(n)
        }
    else:
        assert all(purse.get(n) == before.get(n) - cost.get(n, 0) for n in HOMM3)


@settings(max_examples=60, deadline=None)
@given(LEDGERS, COSTS)
def test_gain_then_pay_the_same_is_identity_issue_24_2(purse: Ledger, cost: dict[str, int]) -> None:
    """issue 24 §2: gaining a cost then paying it leaves the ledger as it was."""
    before = purse.clone()
    purse.gain(cost)
    assert purse.total() == before.total() + sum(cost.values())
    purse.pay(cost)
    assert purse == before


@settings(max_examples=60, deadline=None)
@given(LEDGERS, COSTS)
def test_missing_is_empty_iff_it_can_pay_issue_24_2(purse: Ledger, cost: dict[str, int]) -> None:
    """issue 24 §2: the fast check and the refusal agree: missing is empty iff can_pay."""
    assert (purse.missing(cost) == {}) == purse.can_pay(cost)
    assert purse.can_pay(cost) == all(purse.get(n) >= a for n, a in cost.items())


@settings(max_examples=60, deadline=None)
@given(LEDGERS)
def test_a_ledger_round_trips_through_its_data_issue_24_2(purse: Ledger) -> None:
    """issue 24 §2: to_data then from_data gives an equal ledger."""
    assert Ledger.from_data(purse.to_data(), "save.json") == purse
