"""Hidden information in Battleground (issue 6 §4; rulebook: Select Cards, Preparation Phase).

What a seat receives (observation, events_for, history_for) must not depend on what is hidden
from it: a determinisation (``resample``) re-deals exactly that, so every view of the seat is the
same before and after, while the hidden cards differ, and the re-dealt state plays on."""

from __future__ import annotations

import random

import pytest
from game_helpers import play_randomly, random_step

from rulekeeper.core import SIMULTANEOUS, load_game
from rulekeeper.core.state import GameState


def _random_states(seed: int, every: int = 7) -> list[GameState]:
    """Snapshots along a random game (forfeits and draw offers left out)."""
    state = load_game("battleground").new_initial_state(seed=seed)
    chooser = random.Random(seed)
    snapshots: list[GameState] = []
    steps = 0
    while not state.is_terminal():
        was_chance = state.is_chance_node()
        random_step(state, chooser)
        if was_chance:
            continue
        steps += 1
        if steps % every == 0:
            snapshots.append(state.clone())
    return snapshots


def _views(state: GameState, seat: int) -> tuple[object, ...]:
    return (
        state.observation(seat),
        [e.to_data() for e in state.events_for(seat)],
        [e.to_json() for e in state.history_for(seat)],
        state.legal_actions(seat) if state.current_player() in (seat, SIMULTANEOUS) else None,
    )


def _hidden(state: GameState, seat: int) -> tuple[object, ...]:
    other = state.sides[1 - seat]  # type: ignore[attr-defined]
    return (sorted(other.hand), other.deck.draw_pile, other.selected)


@pytest.mark.parametrize("seed", [3, 4])
def test_resampled_states_look_the_same_to_the_seat_and_play_on(seed: int) -> None:
    rng = random.Random(seed)
    varied = 0
    for state in _random_states(seed):
        for seat in (0, 1):
            resampled = state.resample(seat, rng)
            assert _views(resampled, seat) == _views(state, seat)
            varied += _hidden(resampled, seat) != _hidden(state, seat)
            assert state.serialize() != "" and resampled.serialize() != ""
    assert varied > 0, "determinisation never changed a hidden card"
    # A re-dealt state plays on to the end under random play.
    last = _random_states(seed, every=40)
    for state in last[:2]:
        assert play_randomly(state.resample(0, rng), random.Random(seed)).is_terminal()


def test_the_secret_card_choice_is_hidden_from_the_other_player_in_the_log() -> None:
    """Select Cards: the choice is revealed only when both have chosen."""
    state = load_game("battleground").new_initial_state(seed=5)
    while not state.is_simultaneous_node():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.apply_action(state.legal_actions()[0])
    choice = state.legal_actions(0)[0]
    state.apply_action(choice, 0)
    mine, theirs = state.history_for(0)[-1], state.history_for(1)[-1]
    assert mine.action == choice
    assert theirs.action.kind == "hidden"
    assert str(choice.get("card")) not in str(theirs.to_json())


def test_resample_keeps_a_chosen_glory_card() -> None:
    """A glory card chosen in secret is not a fate card: resampling leaves the choice alone
    (it used to be swapped for a fate card, or to fail with an empty fate hand)."""
    import random as _random

    from rulekeeper.core import CHANCE as _CHANCE
    from rulekeeper.core import SIMULTANEOUS as _SIMULTANEOUS
    from rulekeeper.core import load_game as _load_game

    rng = _random.Random(3)
    found = 0
    for seed in range(40):
        state = _load_game("battleground").new_initial_state(seed=seed)
        while not state.is_terminal() and found < 5:
            seat = state.current_player()
            if seat == _CHANCE:
                state.resolve_chance()
                continue
            if seat == _SIMULTANEOUS:
                seat = next(s for s in (0, 1) if state.legal_actions(s))
            other = state.sides[1 - seat]  # type: ignore[attr-defined]
            if other.selected and other.selected in other.glory:
                again = state.resample(seat, _random.Random(seed))
                assert again.sides[1 - seat].selected == other.selected  # type: ignore[attr-defined]
                found += 1
            actions = state.legal_actions(seat)
            glory = [
                a
                for a in actions
                if a.kind == "select" and a.get("card") in getattr(state.sides[seat], "glory", [])
            ]  # type: ignore[attr-defined]
            state.apply_action(glory[0] if glory else rng.choice(actions), seat)
        if found >= 5:
            break
    assert found >= 1


def test_a_determinisation_gives_away_nothing_of_a_secret_card_choice() -> None:
    """Select Cards: a card chosen in secret is not known to the other player. Two games that
    differ only in which card seat 0 chose look the same to seat 1, and their determinisations
    deal the choice alike: each card as often in both (it used to stay the real choice whenever
    the deal put it back in the hand, about eight times too often)."""
    from rulekeeper.core import CHANCE

    state = load_game("battleground").new_initial_state(seed=2)
    while not state.is_simultaneous_node():
        if state.current_player() == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(state.legal_actions()[0])
    cards = sorted({a.str_param("card") for a in state.legal_actions(0) if a.kind == "select"})
    games = []
    for card in cards[:2]:
        game = state.clone()
        game.apply_action(next(a for a in game.legal_actions(0) if a.get("card") == card), 0)
        games.append(game)
    assert _views(games[0], 1) == _views(games[1], 1)
    watched = cards[0]
    share = []
    for game in games:
        rng = random.Random(11)
        dealt = [game.resample(1, rng).sides[0].selected for _ in range(600)]  # type: ignore[attr-defined]
        share.append(dealt.count(watched) / len(dealt))
    assert abs(share[0] - share[1]) < 0.06, share
