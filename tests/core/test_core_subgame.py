"""Sub-games (issue 21 §1 "Sub-games and their results"; core/subgame.py): a host runs a
sub-game's procedure on its own stack with a seat map and a decider, and takes back a typed
result. The toy use is the league (tests/core/toy_league.py): two contests in a row, each
result applied."""

from __future__ import annotations

import pytest
from toy_league import (
    AUTOMATON_BID,
    PURSE,
    Bid,
    BreakTie,
    Contest,
    ContestResult,
    League,
    LeagueState,
)

from rulekeeper.core import (
    AUTO,
    CHANCE,
    NO_SEAT,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    DataError,
    RandomAgent,
    Seating,
    SubGame,
    load_game,
    play_out,
)
from rulekeeper.core.subgame import read_result


def _bid(state: LeagueState, amount: int) -> None:
    state.apply_action(Action.of("bid", amount=amount), state.current_player())


def _league() -> LeagueState:
    state = load_game("toy_league").new_initial_state(seed=0)
    assert isinstance(state, LeagueState)
    return state


def test_no_seat_is_none_of_the_cores_actors() -> None:
    """Issue 21 §1: the seat of a side the rules play is distinct from chance (and every
    other value ``current_player`` can return)."""
    assert NO_SEAT not in (CHANCE, SIMULTANEOUS, AUTO, TERMINAL)
    assert NO_SEAT < 0


def test_a_seating_maps_seats_both_ways() -> None:
    """Issue 21 §1: the seat map (host seat → sub-game seat) and its inverse; an unplayed seat
    and the core's markers pass through."""
    seating = Seating([2, NO_SEAT], decider=1)
    assert seating.host(0) == 2 and seating.host(1) == NO_SEAT
    assert seating.host(CHANCE) == CHANCE and seating.host(AUTO) == AUTO
    assert seating.sub(2) == 0 and seating.sub(1) is None and seating.sub(NO_SEAT) is None
    assert seating.players() == [2]
    assert Seating.alone(3) == Seating([0, 1, 2], decider=0)


@pytest.mark.parametrize("seats", [[1, 1], [0, CHANCE], [0, SIMULTANEOUS], [0, 64]])
def test_a_seating_refuses_a_host_seat_twice_or_a_non_seat(seats: list[int]) -> None:
    """Issue 21 §1: each sub-game seat is played by one host seat, or by nobody (NO_SEAT)."""
    with pytest.raises((ValueError, DataError)):
        Seating(seats)
    with pytest.raises(DataError):
        read_result(Seating, {"seats": seats, "decider": 0})


def test_the_first_contest_is_played_by_the_mapped_host_seats() -> None:
    """Issue 21 §1: host seat 1 plays the contest's seat 0, host seat 2 its seat 1; host seat
    0 plays no part unless there is a tie."""
    state = _league()
    assert [step.kind for step in state.flow] == ["league", "contest", "bid"]
    assert state.current_player() == 1
    assert state.legal_actions(0) == state.legal_actions(2) == []
    _bid(state, 2)
    assert state.current_player() == 2
    _bid(state, 1)  # seat 1 wins 2 against 1: no tie, the next contest starts
    assert state.points == [0, 1, 0] and state.purses == [3, 1, 2]
    contest = state.flow.find(Contest)
    assert contest is not None and contest.purses == [3, PURSE]
    assert state.current_player() == 0  # host seat 0 plays the second contest's seat 0


def test_a_tie_is_broken_by_the_hosts_decider() -> None:
    """Issue 21 §1: the decider comes from the host: seat 0 in the first contest, seat 2 in
    the second (where seat 0 bids against the automaton)."""
    state = _league()
    _bid(state, 1)
    _bid(state, 1)
    assert isinstance(state.flow.steps[-1], BreakTie) and state.current_player() == 0
    state.apply_action(Action.of("winner", side=1), 0)  # seat 2 wins the tie
    assert state.points == [0, 0, 1] and state.results[0]["tie_broken_by"] == 0
    _bid(state, AUTOMATON_BID)  # seat 0 against the automaton's bid of 2: a tie
    assert isinstance(state.flow.steps[-1], BreakTie) and state.current_player() == 2
    state.apply_action(Action.of("winner", side=1), 2)  # the automaton wins
    assert state.is_terminal()
    assert state.points == [0, 0, 1] and state.purses == [1, 2, 2]
    assert state.results[1] == {"winner": 1, "bids": [2, 2], "tie_broken_by": 2}


def test_the_host_takes_the_result_typed() -> None:
    """Issue 21 §1: the host is resumed with the sub-game's typed result record; a result
    whose data breaks the record is refused naming the field."""
    taken: list[object] = []

    class Recording(League):
        def take(self, state: object, result: ContestResult) -> None:
            taken.append(result)
            super().take(state, result)

    state = _league()
    state.flow.steps[0] = Recording()
    _bid(state, 3)
    _bid(state, 0)
    assert taken == [ContestResult(winner=0, bids=[3, 0])]
    with pytest.raises(DataError, match=r"result\.winner"):
        state.flow.steps[0].resume(state, {"winner": 5, "bids": [0, 0], "tie_broken_by": -1})


def test_a_host_refuses_a_sub_game_of_another_result() -> None:
    """Issue 21 §1: a host step takes one kind of result; starting another sub-game is an
    error, not a result it cannot read."""

    class Other(SubGame[Seating]):
        result_type = Seating

    with pytest.raises(TypeError, match="takes ContestResult"):
        League().play(_league(), Other(), Seating.alone(2))


def test_a_league_saved_inside_a_contest_plays_on_the_same() -> None:
    """Issue 21 §1: the seating and the pending contest are records: a save in the middle of
    the second contest loads back and plays on the same."""
    state = _league()
    _bid(state, 2)
    _bid(state, 2)
    text = state.serialize()
    loaded = state.game.deserialize_state(text)
    assert loaded.serialize() == text
    assert isinstance(loaded.flow.steps[-1], BreakTie) and loaded.current_player() == 0
    for one in (state, loaded):
        one.apply_action(Action.of("winner", side=0), 0)
        _bid(one, 1)  # type: ignore[arg-type]
    assert loaded.serialize() == state.serialize() and loaded.returns() == state.returns()


def test_random_leagues_apply_each_result() -> None:
    """Issue 21 §1: over random play, each contest's result is applied as the league's rules
    say: the winner's host seat scores, every seat pays its bid, the second contest's seat 0
    bids only what seat 0 kept."""
    for seed in range(40):
        state = load_game("toy_league").new_initial_state(seed=seed)
        assert isinstance(state, LeagueState)
        play_out(state, {seat: RandomAgent(seed * 3 + seat) for seat in range(3)})
        first, second = state.results
        assert first["bids"][0] <= PURSE and first["bids"][1] <= PURSE
        assert second["bids"][1] == AUTOMATON_BID
        paid = [0, first["bids"][0], first["bids"][1]]
        paid[0] += second["bids"][0]
        assert state.purses == [PURSE - amount for amount in paid]
        assert second["bids"][0] <= PURSE  # seat 0 paid nothing before
        winners = [(1, 2)[first["winner"]], (0, NO_SEAT)[second["winner"]]]
        expected = [sum(1 for w in winners if w == seat) for seat in range(3)]
        assert state.points == expected
        for result, decider in ((first, 0), (second, 2)):
            tie = result["bids"][0] == result["bids"][1]
            assert result["tie_broken_by"] == (decider if tie else -1)


def test_the_contest_alone_is_a_game_whose_result_is_the_records_data() -> None:
    """Issue 21 §1: the same procedure alone on the stack (Seating.alone) is a game of its
    own; its finished result is the record's data."""
    state = load_game("toy_contest").new_initial_state(seed=0)
    assert [step.kind for step in state.flow] == ["contest", "bid"]  # type: ignore[attr-defined]
    state.apply_action(Action.of("bid", amount=1), 0)
    state.apply_action(Action.of("bid", amount=3), 1)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    result = state.flow.result  # type: ignore[attr-defined]
    assert read_result(ContestResult, result) == ContestResult(winner=1, bids=[1, 3])


def test_bid_steps_ask_the_host_seat_not_the_contests() -> None:
    """Issue 21 §1: a sub-game's step asks the host seat its seating maps (here the second
    contest's seat 0 is host seat 0, its seat 1 nobody: the automaton bids by its rule)."""
    state = _league()
    _bid(state, 0)
    _bid(state, 3)
    assert state.flow.find(Contest).seating == Seating([0, NO_SEAT], decider=2)  # type: ignore[union-attr]
    assert isinstance(state.flow.steps[-1], Bid) and state.current_player() == 0
    assert state.flow.steps[-1].side == 0  # type: ignore[attr-defined]
