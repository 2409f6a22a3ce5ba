"""A fight's odds in the move preview (issue 24 §5: "previews before a move (MP cost, what will
be visited or fought, the fight's odds where the fight is known)"; map/fight_odds.py).

The battle is played out from the moving seat's point of view: each run re-deals what the seat
cannot see (``state.resample``), the stream is seeded from public facts alone.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from rulekeeper.core import CHANCE, Action, load_game
from rulekeeper.games.homm3.map import fight_odds
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN, Troop
from rulekeeper.games.homm3.map.turn import TurnStep
from rulekeeper.games.homm3.views import map_terminal

RUNS = 6


@functools.cache
def _turn(difficulty: str) -> tuple[MapState, int]:
    """A fresh 2-player Clash game at the first player's actions (first choices taken)."""
    state = load_game("homm3", players=2, difficulty=difficulty).new_initial_state(1)
    assert isinstance(state, MapState)
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        legal = state.legal_actions(seat)
        state.apply_action(Action.of("keep") if Action.of("keep") in legal else legal[0], seat)
    return state, state.current_player()


def at_turn(difficulty: str = "normal") -> tuple[MapState, int, Action]:
    """A copy of the game at its first turn, and a move of the seat onto a guarded field."""
    state, seat = _turn(difficulty)
    state = state.clone()
    move = next(a for a in state.legal_actions(seat) if fight_odds.known_fight(state, seat, a))
    return state, seat, move


def army(state: MapState, seat: int, *units: tuple[str, str]) -> None:
    """Give *seat* the army *units* (card, side)."""
    state.players[seat].units = [Troop(card, side) for card, side in units]


def test_a_strong_army_against_weak_neutrals_has_high_odds() -> None:
    """issue 24 §5: Archangels, Champions and Zealots (Pack) against the one Bronze neutral of
    a Field Difficulty I guard on Normal win nearly always."""
    state, seat, move = at_turn("normal")
    army(state, seat, ("archangels", "pack"), ("champions", "pack"), ("zealots", "pack"))
    odds = fight_odds.fight_odds(state, seat, move, runs=RUNS)
    assert odds is not None and odds.runs == RUNS
    assert odds.wins + odds.losses + odds.others == RUNS
    assert odds.share >= 0.8 and odds.losses == 0
    assert odds.low <= odds.share <= odds.high


def test_a_lone_weak_unit_against_strong_neutrals_has_low_odds() -> None:
    """issue 24 §5: a lone Few Halberdiers against the three Bronze neutrals of a Field
    Difficulty I guard on Impossible (homm3.md §5.23) rarely wins."""
    state, seat, move = at_turn("impossible")
    army(state, seat, ("halberdiers", "few"))
    odds = fight_odds.fight_odds(state, seat, move, runs=RUNS)
    assert odds is not None and odds.share <= 0.34


def test_the_odds_depend_on_nothing_the_seat_cannot_know() -> None:
    """issue 24 §4, §5: two states differing only in what the seat cannot see (the enemy's
    hand and deck, the order of the neutral tier decks) give the same odds."""
    state, seat, move = at_turn("normal")
    other = state.clone()
    enemy = next(p for p in state.players if p.seat != seat)
    theirs = next(p for p in other.players if p.seat != seat)
    enemy.hand, enemy.deck = enemy.deck[:4], enemy.deck[4:]
    theirs.hand, theirs.deck = theirs.deck[-4:], theirs.deck[:-4]
    assert sorted(enemy.hand) != sorted(theirs.hand)
    other.decks["neutral-bronze"].reverse()
    first = fight_odds.fight_odds(state, seat, move, runs=3)
    assert first is not None and first == fight_odds.fight_odds(other, seat, move, runs=3)
    assert first == fight_odds.fight_odds(state, seat, move, runs=3)  # the state is unchanged


def test_no_odds_without_a_fight() -> None:
    """issue 24 §5: a move onto a field nobody guards, or another action, has no odds."""
    state, seat, _ = at_turn("normal")
    calm = next(
        a
        for a in state.legal_actions(seat)
        if a.kind == "move" and not fight_odds.known_fight(state, seat, a)
    )
    assert fight_odds.fight_odds(state, seat, calm) is None
    assert fight_odds.fight_odds(state, seat, Action.of("end")) is None


@pytest.mark.parametrize(
    ("wins", "runs", "low", "high"),
    [(0, 10, 0.0, 0.278), (5, 10, 0.237, 0.763), (8, 8, 0.676, 1.0)],
)
def test_the_wilson_interval(wins: int, runs: int, low: float, high: float) -> None:
    """issue 24 §5: the win share's 95% Wilson score interval."""
    found = fight_odds.wilson(wins, runs)
    assert found == pytest.approx((low, high), abs=1e-3)


def test_the_move_preview_tells_the_odds() -> None:
    """issue 24 §5: the terminal's move preview says the fight's odds, how they were found and
    what was dealt at random."""
    state, seat, move = at_turn("normal")
    army(state, seat, ("archangels", "pack"))
    shown: Any = map_terminal.move_preview(state, seat, move)
    assert shown is not None and "odds: about " in shown and "% to win" in shown
    assert "simulated battles, greedy play on both sides" in shown
    assert "neutral units drawn at random" in shown
    hero = next(h for h in state.heroes if h.seat == seat and h.role == MAIN)
    assert hero.field != str(move.get("to"))  # nothing moved on the previewed state
