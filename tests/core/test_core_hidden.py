"""Hidden information, over many random toy games: nothing hidden from a seat reaches it, and
determinisation (``resample``) keeps what the seat knows, varies the rest, and plays on.

The leak check is generic: it knows nothing of the toy's rules, only its zones
(``state.zones()``: which cards are where, and who sees them) and ``Game.sight_of``. A card
counts as hidden from a seat when it is in a zone the seat does not see and has never been in
one it saw; such a card's name must not appear in anything the seat receives: its observation,
``events_for`` and ``history_for``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from toy_game import Redraw, ToyGame, ToyState

from rulekeeper.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    GameState,
    JsonObject,
    Pcg32,
    RandomAgent,
    play_out,
)

VARIANTS: list[dict[str, Any]] = [
    {},
    {"redraw": True},
    {"referee": True, "redraw": True},
    {"coop": True, "redraw": True},
    {"rounds": 8, "hand_size": 2, "redraw": True},  # decks run out: cards come back
    {"rounds": 6, "hand_size": 5},
]


def step_random(state: GameState, rng: Pcg32) -> None:
    player = state.current_player()
    if player == CHANCE:
        state.resolve_chance()
    elif player == SIMULTANEOUS:
        pending = [p for p in range(state.num_players) if state.legal_actions(p)]
        seat = rng.choice(pending)
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def playthrough(params: dict[str, Any], seed: int) -> list[ToyState]:
    """Every state of one random game, from the start to the end."""
    state = ToyGame(**params).new_initial_state(seed)
    assert isinstance(state, ToyState)
    rng = Pcg32(seed, 7)
    states = [state.clone()]
    while not state.is_terminal():
        step_random(state, rng)
        states.append(state.clone())
    return states


def received(state: GameState, seat: int) -> str:
    """Everything *seat* is given, as text."""
    return json.dumps(
        [
            state.observation(seat),
            [event.to_data() for event in state.events_for(seat)],
            [entry.to_json() for entry in state.history_for(seat)],
        ]
    )


def hidden_cards(states: list[ToyState], seat: int) -> Iterator[tuple[ToyState, set[str]]]:
    """Each state with the cards hidden from *seat* there, never having been seen by it."""
    known: set[str] = set()
    for state in states:
        sight = state.game.sight_of(seat)
        zones = state.zones()
        for zone in zones:
            if zone.visible_for(sight):
                known.update(zone.cards)
        hidden = {c for zone in zones if not zone.visible_for(sight) for c in zone.cards}
        yield state, hidden - known


def leaks(states: list[ToyState], seat: int) -> list[tuple[int, str]]:
    """(action count, card) of every hidden card that *seat* was given."""
    found = []
    for state, hidden in hidden_cards(states, seat):
        text = received(state, seat)
        found += [(len(state.history()), card) for card in sorted(hidden) if f'"{card}"' in text]
    return found


@pytest.mark.parametrize("params", VARIANTS)
@pytest.mark.parametrize("seed", range(8))
def test_nothing_hidden_from_a_seat_reaches_it(params: dict[str, Any], seed: int) -> None:
    states = playthrough(params, seed)
    checked = 0
    for seat in range(states[0].num_players):
        assert leaks(states, seat) == []
        checked += sum(len(hidden) for _, hidden in hidden_cards(states, seat))
    assert checked > 0  # there was something to hide


class HistoryLeak(ToyState):
    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        return None  # forgets that picks are secret


class ObservationLeak(ToyState):
    def _observation(self, player: int) -> JsonObject:
        obs = super()._observation(player)
        obs["debug"] = {"deck": list(self.decks[player])}  # the order of one's own deck
        return obs


class HistoryLeakGame(ToyGame):
    name = "toy_history_leak"
    state_class = HistoryLeak


class ObservationLeakGame(ToyGame):
    name = "toy_observation_leak"
    state_class = ObservationLeak


@pytest.mark.parametrize("game", [HistoryLeakGame(), ObservationLeakGame()])
def test_the_leak_check_catches_leaks(game: ToyGame) -> None:
    # Guards the guard: each of these bugs is found by the check above.
    state = game.new_initial_state(1)
    assert isinstance(state, ToyState)
    states = [state.clone()]
    state.apply_action(state.legal_actions(1)[0], 1)
    states.append(state.clone())
    assert leaks(states, 0) != []


# --------------------------------------------------------------------------- resample


def logs_keep_only_what_the_seat_sees(state: GameState, seat: int) -> bool:
    sight = state.game.sight_of(seat)
    events = all(
        event.visible_to is None
        or any(s in event.visible_to for s in sight)
        or (event.kind == "hidden" and event.data == {})
        for event in state.events
    )
    history = all(
        entry.visible_for(sight) or entry.action.kind == "hidden" for entry in state.history()
    )
    return events and history


@pytest.mark.parametrize("params", VARIANTS)
def test_resample_keeps_everything_the_seat_knows(params: dict[str, Any]) -> None:
    for seed in range(3):
        for index, state in enumerate(playthrough(params, seed)):
            for seat in range(state.num_players):
                other = state.resample(seat, random.Random(index * 10 + seat))
                assert other.observation(seat) == state.observation(seat)
                assert other.events_for(seat) == state.events_for(seat)
                assert other.history_for(seat) == state.history_for(seat)
                assert other.current_player() == state.current_player()
                assert other.legal_actions(seat) == state.legal_actions(seat)
                assert logs_keep_only_what_the_seat_sees(other, seat)
                # A consistent state: it passes every check of a saved state.
                text = other.serialize()
                assert other.game.deserialize_state(text).serialize() == text


def test_resample_varies_what_is_hidden_with_the_rng() -> None:
    state = ToyGame().new_initial_state(3)
    assert isinstance(state, ToyState)
    others = [state.resample(0, random.Random(k)) for k in range(20)]
    assert all(other.hands[0] == state.hands[0] for other in others)
    assert len({tuple(sorted(other.hands[1])) for other in others}) > 3  # the opponent's hand
    assert len({tuple(other.decks[0]) for other in others}) > 3  # one's own deck order
    same = [state.resample(0, random.Random(5)).serialize() for _ in range(2)]
    assert same[0] == same[1]
    # A secret pick is hidden too, and so are the rolls to come.
    state.apply_action(state.legal_actions(1)[0], 1)
    assert len({tuple(state.resample(0, random.Random(k)).played[1]) for k in range(20)}) > 1
    state.apply_action(state.legal_actions(0)[0], 0)
    assert state.is_chance_node()
    faces = set()
    for k in range(20):
        other = state.resample(0, random.Random(k))
        assert other.rng != state.rng
        faces.add(other.resolve_chance())
    assert len(faces) > 1
    # In the co-op game the partner's hand is seen: only decks are dealt again.
    coop = ToyGame(coop=True).new_initial_state(2)
    assert isinstance(coop, ToyState)
    again = [coop.resample(1, random.Random(k)) for k in range(10)]
    assert all(other.hands == coop.hands for other in again)
    assert len({tuple(other.decks[2]) for other in again}) > 1  # the automaton's deck


def test_resample_forgets_secret_entries_of_others() -> None:
    state = ToyGame(redraw=True).new_initial_state(4)
    while state.current_player() != 1 or state.legal_actions()[0].kind != "put_back":
        step_random(state, Pcg32(1))
    state.apply_action(state.legal_actions()[0])
    assert not logs_keep_only_what_the_seat_sees(state, 0)  # the real log tells
    other = state.resample(0, random.Random(1))
    assert logs_keep_only_what_the_seat_sees(other, 0)
    assert other.history()[-1].action == Action.of(
        "hidden", text="player 1 chooses a card to put back"
    )
    # The seat's own secrets stay.
    mine = state.resample(1, random.Random(1))
    assert mine.history()[-1] == state.history()[-1]


@pytest.mark.parametrize("params", VARIANTS)
def test_every_resampled_state_plays_on_to_the_end(params: dict[str, Any]) -> None:
    for seed in range(3):
        for index, state in enumerate(playthrough(params, seed)):
            seat = index % state.num_players
            other = state.resample(seat, random.Random(index))
            agents = {p: RandomAgent(index + p) for p in range(state.num_players)}
            play_out(other, agents, max_actions=2_000)
            assert other.is_terminal()
            assert len(other.returns()) == state.num_players


def test_a_pending_redraw_offers_the_redealt_hand() -> None:
    """Issue 21 §1 (toy use): the toy re-deals only through the core (no ``_resample`` of its
    own); its pending redraw declares that its options are the hand (``options_zone``), so a
    re-deal for the other seat offers the new hand, the secret put-backs on the same places."""
    assert not hasattr(ToyState, "_resample") and ToyState.resample is GameState.resample
    state = ToyGame(redraw=True).new_initial_state(4)
    while state.current_player() != 1 or state.legal_actions()[0].kind != "put_back":
        step_random(state, Pcg32(1))
    state.apply_action(state.legal_actions()[0])
    assert isinstance(state, ToyState)
    offered = set()
    for seed in range(20):
        other = state.resample(0, random.Random(seed))
        top = other.flow.steps[-1]
        assert isinstance(top, Redraw) and top.seat == 1
        assert top.options == sorted(other.hands[1]) and top.picked == [0]
        offered.add(tuple(top.options))
    assert len(offered) > 3
    mine = state.resample(1, random.Random(1)).flow.steps[-1]
    assert isinstance(mine, Redraw) and mine.options == sorted(state.hands[1])
