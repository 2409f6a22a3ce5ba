import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core import DataError, Deck, Pcg32


def test_draw_takes_from_the_top_in_order() -> None:
    deck = Deck(["bottom", "middle", "top"])
    assert deck.draw(2) == ["top", "middle"]
    assert deck.size == 1
    assert deck.draw(5) == ["bottom"]  # fewer than asked when it runs out
    assert deck.draw(1) == []
    assert deck.draw(0) == []
    with pytest.raises(ValueError):
        deck.draw(-1)


def test_draw_does_not_reshuffle_but_draw_with_reshuffle_does() -> None:
    deck = Deck(["a"], discard=["x", "y"])
    assert deck.draw(3) == ["a"]
    assert deck.discard_size == 2

    deck = Deck(["a"], discard=["x", "y"])
    drawn = deck.draw_with_reshuffle(3, Pcg32(1))
    assert drawn[0] == "a"
    assert sorted(drawn[1:]) == ["x", "y"]
    assert deck.size == 0 and deck.discard_size == 0
    assert deck.draw_with_reshuffle(2, Pcg32(1)) == []


def test_draw_with_reshuffle_only_when_needed() -> None:
    deck = Deck(["a", "b"], discard=["x"])
    assert deck.draw_with_reshuffle(1, Pcg32(1)) == ["b"]
    assert deck.discard_pile == ("x",)


def test_put_on_top_and_bottom() -> None:
    deck = Deck(["m"])
    deck.put_on_top(["t1", "t2"])
    deck.put_on_bottom(["b1", "b2"])
    deck.put_on_top("solo")  # a lone string is one card
    assert deck.draw(6) == ["solo", "t1", "t2", "m", "b1", "b2"]


def test_discard_and_remove() -> None:
    deck = Deck(["a", "b", "a"])
    deck.discard(["x", "y"])
    deck.discard("z")
    assert deck.discard_pile == ("x", "y", "z")
    deck.remove("a")
    assert deck.draw_pile == ("a", "b")  # the copy nearest the top went
    deck.remove("y")
    assert list(deck.discard_pile) == ["x", "z"]
    assert "b" in deck and "x" in deck and "q" not in deck
    with pytest.raises(ValueError, match="q"):
        deck.remove("q")
    with pytest.raises(TypeError):
        deck.discard([1])  # type: ignore[list-item]


def test_public_view_hides_draw_pile() -> None:
    deck = Deck(["secret1", "secret2"], discard=["shown"])
    view = deck.public_view()
    assert view == {"draw_count": 2, "discard_count": 1, "discard": ["shown"]}
    assert "secret" not in json.dumps(view)


@given(st.integers(0, 2**32), st.lists(st.text(max_size=3), max_size=20))
def test_shuffle_is_deterministic_permutation(seed: int, cards: list[str]) -> None:
    a, b = Deck(cards), Deck(cards)
    a.shuffle(Pcg32(seed))
    b.shuffle(Pcg32(seed))
    assert a == b
    assert sorted(a.draw_pile) == sorted(cards)


def test_shuffle_changes_order() -> None:
    cards = [f"c{i}" for i in range(20)]
    deck = Deck(cards)
    deck.shuffle(Pcg32(3))
    assert list(deck.draw_pile) != cards


@given(st.lists(st.text(max_size=3), max_size=8), st.lists(st.text(max_size=3), max_size=8))
def test_round_trip(draw: list[str], discard: list[str]) -> None:
    deck = Deck(draw, discard)
    restored = Deck.from_data(json.loads(json.dumps(deck.to_data())))
    assert restored == deck
    clone = deck.clone()
    clone.put_on_top("new")
    assert clone != deck


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"draw": []}, "deck.discard"),
        ({"draw": [1], "discard": []}, "deck.draw[0]"),
        ({"draw": "abc", "discard": []}, "deck.draw"),
        ({"draw": [], "discard": [], "extra": 1}, "deck.extra"),
    ],
)
def test_from_data_names_bad_field(data: object, field: str) -> None:
    with pytest.raises(DataError) as info:
        Deck.from_data(data, source="save", path="deck")
    assert info.value.field == field


def test_deck_over_moves_the_very_lists_it_was_given() -> None:
    """Issue 21 §1: a game keeping its piles in its own fields (HoMM3's heroes) draws,
    discards and reshuffles through the core's deck, a live view of those lists."""
    draw, discard = ["a", "b"], ["x", "y", "z"]
    deck = Deck.over(draw, discard)
    reshuffled = deck_order(["x", "y", "z"], 3)  # the discard pile shuffled, bottom first
    assert deck.draw_with_reshuffle(4, Pcg32(3)) == ["b", "a", reshuffled[2], reshuffled[1]]
    assert draw == reshuffled[:1] and discard == []
    deck.discard(["q"])
    assert discard == ["q"]
    deck.shuffle_in_discard(Pcg32(1))
    assert draw == deck_order([reshuffled[0], "q"], 1) and discard == []


def deck_order(cards: list[str], seed: int) -> list[str]:
    """*cards* shuffled by ``Pcg32(seed)`` (bottom first, as a draw pile)."""
    pile = list(cards)
    Pcg32(seed).shuffle(pile)
    return pile


@given(
    st.lists(st.sampled_from("abcdef"), max_size=6),
    st.lists(st.sampled_from("uvwxyz"), max_size=6),
    st.integers(0, 9),
    st.integers(0, 2**32),
)
def test_draw_reshuffling_is_draw_with_reshuffle_and_counts_the_reshuffles(
    draw: list[str], discard: list[str], count: int, seed: int
) -> None:
    """Issue 21 §1: the counting draw (HoMM3 announces each reshuffle, homm3.md §5.8) draws the
    same cards with the same random stream as ``draw_with_reshuffle``; it reshuffles only when
    the draw pile runs out with cards left to draw and a discard pile to take."""
    plain, counted = Deck(draw, discard), Deck(draw, discard)
    rng_plain, rng_counted = Pcg32(seed), Pcg32(seed)
    drawn = plain.draw_with_reshuffle(count, rng_plain)
    again, reshuffles = counted.draw_reshuffling(count, rng_counted)
    assert again == drawn and counted == plain and rng_counted == rng_plain
    assert reshuffles == (1 if count > len(draw) and discard else 0)


@given(
    st.lists(st.sampled_from("abcdef"), max_size=6),
    st.lists(st.sampled_from("uvwxyz"), max_size=6),
    st.integers(0, 2**32),
)
def test_shuffle_in_discard_shuffles_both_piles_together(
    draw: list[str], discard: list[str], seed: int
) -> None:
    """Issue 21 §1 (HoMM3's Recover Spell, "shuffle your discard pile into your deck"): the
    discard goes on the draw pile and the two are shuffled as one, by the given stream."""
    deck = Deck(draw, discard)
    deck.shuffle_in_discard(Pcg32(seed))
    assert deck.draw_pile == tuple(deck_order([*draw, *discard], seed))
    assert deck.discard_size == 0
