"""Zones: what each seat (or team) sees of a zone, and re-dealing what it does not see; the
core's re-deal of a state from its zones and the hidden data its pending steps declare
(core/hidden.py ``redeal_hidden``, issue 21 §1)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core import PickSubset, Step, Zone, redeal
from rulekeeper.core.hidden import redeal_hidden
from rulekeeper.core.zones import EVERYONE, NOBODY


def table() -> list[Zone]:
    """Two players' hands and decks (one pool each), a face-up discard and a hidden stock."""
    return [
        Zone("hand0", ["a1", "a2"], (0,), "side0"),
        Zone("deck0", ["a3", "a4", "a5"], NOBODY, "side0"),
        Zone("hand1", ["b1", "b2", "b3"], (1,), "side1"),
        Zone("deck1", ["b4", "b5", "b6"], NOBODY, "side1"),
        Zone("discard", ["c1"], EVERYONE),
        Zone("stock", ["s1", "s2", "s3", "s4"], NOBODY),
    ]


def test_view_per_seat_and_per_team() -> None:
    hand0, deck0, hand1, _, discard, _ = table()
    assert hand0.view([0]) == {"cards": ["a1", "a2"], "count": 2}
    assert hand0.view([1]) == {"count": 2}
    assert hand0.view([1, 0]) == hand0.view([0])  # seat 1 seeing through a team with seat 0
    assert deck0.view([0]) == {"count": 3} and deck0.view([0, 1]) == {"count": 3}
    assert discard.view([1]) == {"cards": ["c1"], "count": 1}
    view = hand1.view([1])
    assert isinstance(view["cards"], list)
    view["cards"].append("x")  # a view is a copy
    assert hand1.cards == ["b1", "b2", "b3"]


def test_redeal_keeps_what_the_seat_sees_and_every_size_and_pool() -> None:
    zones = table()
    before = {zone.name: list(zone.cards) for zone in zones}
    redeal(zones, [0], random.Random(3))
    after = {zone.name: zone.cards for zone in zones}
    assert after["hand0"] == before["hand0"] and after["discard"] == before["discard"]
    assert {name: len(cards) for name, cards in after.items()} == {
        name: len(cards) for name, cards in before.items()
    }
    for pool in (("deck0",), ("hand1", "deck1"), ("stock",)):
        assert Counter(c for name in pool for c in after[name]) == Counter(
            c for name in pool for c in before[name]
        )


def test_redeal_varies_hidden_cards_with_the_rng() -> None:
    hands = set()
    orders = set()
    for seed in range(30):
        zones = table()
        redeal(zones, [0], random.Random(seed))
        hands.add(tuple(sorted(zones[2].cards)))
        orders.add(tuple(zones[1].cards))
    assert len(hands) > 5 and len(orders) > 3
    again = [table(), table()]
    for zones in again:
        redeal(zones, [0], random.Random(7))
    assert [z.cards for z in again[0]] == [z.cards for z in again[1]]


def test_a_redeal_depends_on_nothing_the_seat_may_not_know() -> None:
    """Hidden information is a promise (the brief): with the same random stream, two tables
    that differ only in the order of hidden cards are dealt the same (issue 24 §5: a fight's
    odds, estimated on re-deals, must not tell the enemy's hand)."""
    one, two = table(), table()
    for zone in two:
        if not zone.visible_for([0]):
            zone.cards.reverse()
    assert [z.cards for z in one] != [z.cards for z in two]
    redeal(one, [0], random.Random(5))
    redeal(two, [0], random.Random(5))
    assert [z.cards for z in one] == [z.cards for z in two]


def test_redeal_for_a_team_keeps_both_hands() -> None:
    zones = table()
    redeal(zones, [0, 1], random.Random(1))
    assert zones[0].cards == ["a1", "a2"] and zones[2].cards == ["b1", "b2", "b3"]
    assert sorted(zones[3].cards) == ["b4", "b5", "b6"]  # the deck's order is hidden still


def test_cards_a_seat_was_shown_stay_in_place() -> None:
    for seed in range(20):
        zones = table()
        zones[3].seen = {"b5": (0,)}  # seat 0 looked at b5 in player 1's deck
        redeal(zones, [0], random.Random(seed))
        assert zones[3].cards[1] == "b5"
        assert "b5" not in zones[2].cards


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=1, max_size=8),
    st.integers(0, 3),
    st.integers(0, 2**32),
)
def test_redeal_preserves_pools_for_any_layout(sizes: list[int], seat: int, seed: int) -> None:
    zones = []
    for i, size in enumerate(sizes):
        visible = EVERYONE if i % 3 == 0 else (i % 4,) if i % 3 == 1 else NOBODY
        zones.append(Zone(f"z{i}", [f"c{i}_{k}" for k in range(size)], visible, f"p{i % 2}"))
    before = {z.name: list(z.cards) for z in zones}
    redeal(zones, [seat], random.Random(seed))
    for zone in zones:
        assert len(zone.cards) == len(before[zone.name])
        if zone.visible_for([seat]):
            assert zone.cards == before[zone.name]
    for pool in ("p0", "p1"):
        members = [z for z in zones if z.pool == pool and not z.visible_for([seat])]
        assert Counter(c for z in members for c in z.cards) == Counter(
            c for z in members for c in before[z.name]
        )


@pytest.mark.parametrize("sight", [[0], [1], [0, 1], [5]])
def test_visibility_rules(sight: list[int]) -> None:
    everyone = Zone("x", [], EVERYONE)
    nobody = Zone("y", [], NOBODY)
    mine = Zone("z", [], (1,))
    assert everyone.visible_for(sight) and not nobody.visible_for(sight)
    assert mine.visible_for(sight) == (1 in sight)


# ---------------------------------------------- the core's re-deal of a state (core/hidden.py)


@dataclass
class Choosing(Step[object]):
    """A pending step declaring what hidden data it holds (core/flow.py ``Step``)."""

    kind = "choosing"
    held: list[str] = field(default_factory=list)
    shown: list[tuple[str, str]] = field(default_factory=list)
    secret: list[tuple[str, str]] = field(default_factory=list)
    told: list[tuple[str, str]] = field(default_factory=list)

    def held_zones(self, state: object) -> list[str]:
        return self.held

    def shown_cards(self, state: object) -> list[tuple[str, str]]:
        return self.shown

    def secret_picks(self, state: object) -> list[tuple[str, str]]:
        return self.secret

    def repick(self, state: object, zone: str, card: str) -> None:
        self.told.append((zone, card))
        self.secret = [(zone, card)]


@dataclass
class HandPicks(PickSubset[object]):
    """A pick among all the cards of player 1's hand (``options_zone``)."""

    kind = "hand-picks"

    def options_zone(self, state: object) -> str:
        return "hand1"


@dataclass
class OpenHandPicks(HandPicks):
    """The same, each pick seen by everyone (an open discard)."""

    kind = "open-hand-picks"
    open_picks = True


def test_redeal_hidden_keeps_a_zone_a_pending_step_chooses_from() -> None:
    """Issue 21 §1: a step that holds hidden data declares it (``Step.held_zones``: a seat is
    choosing from that hand); the core's re-deal keeps it, and deals the rest of its pool."""
    decks = set()
    for seed in range(20):
        zones = table()
        redeal_hidden(object(), zones, [Choosing(held=["hand1"])], [0], random.Random(seed))
        assert zones[2].cards == ["b1", "b2", "b3"]
        assert sorted(zones[3].cards) == ["b4", "b5", "b6"]
        decks.add(tuple(zones[3].cards))
    assert len(decks) > 1


def test_redeal_hidden_keeps_zones_dealt_once_and_cards_shown_to_everyone() -> None:
    """Issue 21 §1: a zone dealt once (``Zone.redealt`` False: Battleground's glory cards)
    stays as it is though hidden; a card a step showed everyone (``Step.shown_cards``: picked
    in the open) stays in its place, the others of the zone are dealt again."""
    hands = set()
    for seed in range(30):
        zones = table()
        zones[5].redealt = False
        zones[2].seen = {"b1": (1,)}  # the game's own record of what was seen: not to change
        step = Choosing(shown=[("hand1", "b2")])
        redeal_hidden(object(), zones, [step], [0], random.Random(seed))
        assert zones[5].cards == ["s1", "s2", "s3", "s4"]
        assert zones[2].cards[1] == "b2"
        hands.add(tuple(zones[2].cards))
    assert len(hands) > 3
    assert table()[2].seen == {}


def test_redeal_hidden_chooses_a_secret_pick_again_without_giving_it_away() -> None:
    """Issue 21 §1 (Battleground: Select Cards): a card chosen in secret from a re-dealt zone
    (``Step.secret_picks``) is chosen again among the zone's new cards (``Step.repick``), so
    two tables differing only in which card was chosen re-deal the choice alike."""
    counts = []
    for chosen in ("b1", "b2"):
        seen: Counter[str] = Counter()
        rng = random.Random(4)
        for _ in range(1500):
            zones = table()
            step = Choosing(secret=[("hand1", chosen)])
            redeal_hidden(object(), zones, [step], [0], rng)
            zone, card = step.told[0]
            assert zone == "hand1" and card in zones[2].cards
            seen[card] += 1
        counts.append(seen)
    for card in ("b1", "b2", "b6"):
        assert abs(counts[0][card] - counts[1][card]) < 90, (card, counts)
    # The seat's own pick, in a zone it sees, and a pick from a zone dealt once, stay.
    step = Choosing(secret=[("hand0", "a1"), ("stock", "s1")])
    zones = table()
    zones[5].redealt = False
    redeal_hidden(object(), zones, [step], [0], random.Random(1))
    assert step.told == []


def test_a_pick_among_a_zones_cards_offers_the_new_cards_after_a_redeal() -> None:
    """Issue 21 §1 (``PickSubset.options_zone``): after a re-deal the options are the zone's
    new cards in canonical order; picks made in the open (``open_picks``) stay on the same
    cards, which the re-deal kept in the hand; secret picks stay on the same places."""
    for seed in range(20):
        zones = table()
        step = HandPicks(seat=1, options=["b1", "b2", "b3"], picked=[1], most=3)
        redeal_hidden(object(), zones, [step], [0], random.Random(seed))
        assert step.options == sorted(zones[2].cards) and step.picked == [1]
    opened = set()
    for seed in range(20):
        zones = table()
        step = OpenHandPicks(seat=1, options=["b1", "b2", "b3"], picked=[2], most=3)
        redeal_hidden(object(), zones, [step], [0], random.Random(seed))
        assert "b3" in zones[2].cards and step.options == sorted(zones[2].cards)
        assert [step.options[i] for i in step.picked] == ["b3"]
        opened.add(tuple(step.options))
    assert len(opened) > 3
