"""The Might & Magic hand on the map (issue 24 §2 "Heroes", §6 "hand refresh", "level-up
rewards (several levels at once)"; homm3.md §4.3 step 1, §5.7, §5.8, §5.9, §8.29): the
start-of-turn refresh, drawing from an empty deck, Levels and their rewards, Search (X) and the
faction-bound Ability swap."""

from __future__ import annotations

import pytest

from rulekeeper.core import Action, load_game
from rulekeeper.games.homm3.map import experience, hand, search
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.hand import DrawChoiceStep, RefreshStep
from rulekeeper.games.homm3.map.search import SearchStep

TAKE_DISCARD = Action.of("take-discard")


def new_state(seed: int = 2, factions: str = "castle,dungeon") -> MapState:
    """A fresh Clash game without Starting Bonus, at the first turn's hand refresh."""
    game = load_game(
        "homm3", players=2, scenario="clash-2", difficulty="impossible", factions=factions
    )
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    while state.flow.top().kind in ("start-rotation", "event-choice"):
        seat = state.current_player()  # the Starting tiles unturned (§3 step 21); the first
        state.apply_action(state.legal_actions(seat)[0], seat)  # of a timed event's choices
    return state


def test_first_refresh_draws_up_to_the_hand_limit() -> None:
    """homm3.md §4.3 step 1, §5.7: with an empty hand, draw up to the Level I limit (4)."""
    state = new_state()
    seat = state.current_player()
    assert isinstance(state.flow.top(), DrawChoiceStep)
    state.apply_action(Action.of("draw"), seat)
    player = state.players[seat]
    assert len(player.hand) == hand.hand_limit(state, player) == 4
    assert len(player.deck) == 9 - 4


@pytest.mark.parametrize(("held", "least"), [(6, 2), (4, 0), (2, 0)])
def test_refresh_must_discard_down_to_the_limit(held: int, least: int) -> None:
    """homm3.md §4.3 step 1: more cards than the limit must be discarded down to it; fewer may
    be kept or topped up after any discards."""
    state = new_state()
    seat = state.current_player()
    state.flow.pop()  # the pending draw choice: refresh again with a hand of *held* cards
    player = state.players[seat]
    player.hand = [player.deck.pop() for _ in range(held)]
    hand.refresh(state, seat)
    step = state.flow.top()
    assert isinstance(step, RefreshStep) and step.least == least and step.most == held
    if least:
        assert not state.explain(Action.of("done"), seat).legal
    for index in range(least):
        state.apply_action(Action.of("discard", item=step.options[index]), seat)
    if least < step.most:
        state.apply_action(Action.of("done"), seat)
    assert len(player.hand) == min(held, 4)
    if held < 4:
        assert isinstance(state.flow.top(), DrawChoiceStep)
        state.apply_action(Action.of("draw"), seat)
        assert len(player.hand) == 4


def test_draw_from_an_empty_deck_shuffles_the_discard_pile() -> None:
    """homm3.md §5.8: a draw from an empty deck shuffles the discard pile into a new deck."""
    state = new_state()
    player = state.players[state.current_player()]
    player.discard, player.deck = list(player.deck), []
    drawn = hand.draw(state, player, 3)
    assert len(drawn) == 3 and len(player.deck) == 6 and player.discard == []
    assert any(e.kind == "deck-reshuffled" for e in state.events)


def test_hand_zone_is_one_of_the_states_zones() -> None:
    """issue 24 §4: the refresh's options are the hand zone the state declares (a re-deal for a
    bot keeps them in step)."""
    state = new_state()
    names = {zone.name for zone in state.zones()}
    assert {hand.hand_zone(0), hand.hand_zone(1)} <= names


@pytest.mark.parametrize(
    ("exp", "level", "searches", "specialties"),
    [(1, 1, 0, 0), (2, 2, 1, 0), (4, 3, 2, 0), (6, 4, 2, 1), (10, 6, 3, 2), (30, 7, 4, 2)],
)
def test_several_levels_at_once(exp: int, level: int, searches: int, specialties: int) -> None:
    """homm3.md §5.7: 2 Exp a Level, Level VII the top; each Level reached gives its reward:
    II, III, V, VII a Search (2) of the Ability deck, IV and VI the next Specialty card into
    the deck."""
    state = new_state()
    seat = state.current_player()
    player = state.players[seat]
    deck = len(player.deck)
    experience.gain(state, seat, exp)
    assert player.level == level
    assert player.experience == (0 if level == 7 else exp % 2)
    assert len(player.deck) == deck + specialties
    step = state.flow.top()
    if searches:
        assert isinstance(step, SearchStep) and step.deck == "ability"
        assert step.times == searches and step.count == 2
    else:
        assert not isinstance(step, SearchStep)


def test_search_takes_one_of_the_top_cards_the_rest_discarded() -> None:
    """homm3.md §5.8 Search (X): look at the top X, take one into the hand, the rest go to the
    deck's discard pile."""
    state = new_state()
    seat = state.current_player()
    top = state.decks["spell"][-3:]
    discards = len(state.discards["spell"])
    search.search(state, seat, "spell", 3)
    step = state.flow.top()
    assert isinstance(step, SearchStep) and sorted(step.seen) == sorted(top)
    state.apply_action(Action.of("take", card=top[0]), seat)
    assert state.players[seat].hand[-1] == top[0]
    assert len(state.discards["spell"]) == discards + 2


def test_search_may_take_the_discard_piles_top_card() -> None:
    """homm3.md §5.8: or take the top card of that deck's discard pile."""
    state = new_state()
    seat = state.current_player()
    top_discard = state.discards["artifact"][-1]
    search.search(state, seat, "artifact", 2)
    state.apply_action(TAKE_DISCARD, seat)
    assert state.players[seat].hand[-1] == top_discard
    assert state.discards["artifact"][-2:] != [top_discard]


def test_a_faction_bound_ability_of_another_faction_may_be_swapped() -> None:
    """homm3.md §5.9: a found Ability card bound to another faction may be shown, discarded and
    replaced by the next card; one's own faction's may not."""
    state = new_state()
    seat = state.current_player()
    assert state.players[seat].faction != "necropolis"
    state.decks["ability"].append("necromancy")
    search.search(state, seat, "ability", 2)
    swap = Action.of("swap", card="necromancy")
    assert swap in state.legal_actions(seat)
    below = state.decks["ability"][-1]
    state.apply_action(swap, seat)
    step = state.flow.top()
    assert isinstance(step, SearchStep) and "necromancy" not in step.seen and below in step.seen
    assert state.discards["ability"][-1] == "necromancy"
    other = next(c for c in step.seen if c != "necromancy")
    refused = state.explain(Action.of("swap", card=other), seat)
    assert not refused.legal and "§5.9" in refused.rule
    necro = new_state(factions="necropolis,castle")
    assert necro.players[0].faction == "necropolis"
    necro.decks["ability"].append("necromancy")
    search.search(necro, 0, "ability", 2)
    assert swap not in necro.legal_actions(0) and Action.of("take", card="necromancy") in (
        necro.legal_actions(0)
    )
