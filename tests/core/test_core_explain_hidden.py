"""Hidden information in the core (issue 20 §1): ``explain`` tells an asker only what it may
know, and a response window passes a seat by itself only for a public reason.

* ``explain(action, seat)`` is judged from what *seat* may know; ``explain(action, None)`` (a
  spectator, an administrator) from what everyone sees: an action whose judgement reads what the
  acting seat hides gets one fixed "not judged" text, whatever its cards (the audit read a hand
  through ``explain(play card=X, None)`` for every X).
* ``ResponseWindow.public_pass``: a seat holding hidden cards is asked (if only to pass) even
  when none of them can be played, so whether the window waits for it tells nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from test_core_hidden import VARIANTS, playthrough
from toy_game import ToyGame, ToyState

from rulekeeper.core import AUTO, Action, ProcedureState, ResponseWindow

HIDDEN_RULE = "core: hidden information"

CARD_KINDS = (("pick", "card"), ("put_back", "item"))
"""The toy's action kinds that name a card, with the parameter that names it."""


def probes(state: ToyState) -> list[Action]:
    """Every card id of the game with every action kind that names a card."""
    cards = sorted({card for zone in state.zones() for card in zone.cards})
    return [Action.of(kind, **{param: card}) for kind, param in CARD_KINDS for card in cards]


@pytest.mark.parametrize("params", VARIANTS[:3])  # co-op: no seat hides cards from another
def test_explain_to_no_seat_is_the_same_whatever_the_acting_seat_holds(
    params: dict[str, Any],
) -> None:
    """issue 20 §1 bullet 1: ``explain(action, None)`` never depends on the acting seat's
    hidden cards: re-dealing them (a resample for another seat) changes no answer; an action
    that reads them is answered with the fixed text."""
    redealt = covered = 0
    for seed in range(2):
        for index, state in enumerate(playthrough(params, seed)):
            actor = state.current_player()
            if not 0 <= actor < len(state.hands):  # chance, or the referee (no hand)
                continue
            others = [s for s in range(state.num_players) if s not in state.game.sight_of(actor)]
            for seat in others:
                other = state.resample(seat, random.Random(index))
                redealt += other.hands[actor] != state.hands[actor]
                asked = probes(state) + state.legal_actions(actor)
                told = [state.explain(action, None) for action in asked]
                assert [other.explain(action, None) for action in asked] == told
                for action, said in zip(asked, told, strict=True):
                    if not said.judged:
                        covered += 1
                        assert said == state.explain(Action.of(action.kind, x="?"), None)
                        assert (said.legal, said.rule) == (False, HIDDEN_RULE)
                        assert (
                            said.reason == f"not judged: depends on player {actor}'s hidden cards"
                        )
    assert redealt > 10 and covered > 100


@pytest.mark.parametrize("params", VARIANTS[:4])
def test_explain_to_a_seat_is_judged_from_what_it_knows(params: dict[str, Any]) -> None:
    """issue 20 §1 bullet 1: ``explain(action, seat)`` is the same whatever that seat cannot
    see (a resample for it), for every card with every kind and for the acting seat's own
    legal actions; the acting seat itself is judged on its own hand."""
    for index, state in enumerate(playthrough(params, 3)):
        for seat in range(state.num_players):
            other = state.resample(seat, random.Random(index))
            asked = probes(state) + state.legal_actions(seat)
            assert [other.explain(a, seat) for a in asked] == [
                state.explain(a, seat) for a in asked
            ]
            for action in state.legal_actions(seat):
                assert state.explain(action, seat).legal


@dataclass
class HandWindow(ResponseWindow[ProcedureState]):
    """A window whose response is playing a card of one's hand that beats the face: only an
    ``a`` card (what the hand holds is hidden from the other seat)."""

    kind = "hand-window"

    def responses(self, state: ProcedureState, seat: int) -> list[Action]:
        assert isinstance(state, ToyState)
        return [Action.of("counter", card=c) for c in sorted(state.hands[seat]) if c[0] == "a"]


def window_on(state: ToyState, hand: list[str]) -> ToyState:
    """*state* with player 1 holding *hand* and a :class:`HandWindow` open for it."""
    state = state.clone()
    state.hands[1][:] = hand
    state.flow.push(HandWindow(seats=[1]))
    return state


def test_a_window_passes_a_seat_by_itself_only_for_a_public_reason() -> None:
    """issue 20 §1 bullet 2, docs/architecture.md (response windows and hidden information):
    player 1 is asked whether or not its hidden hand holds a response (player 0 cannot tell the
    two apart); with an empty hand, a public reason, it is passed for by itself."""
    start = ToyGame().new_initial_state(5)
    assert isinstance(start, ToyState)
    playable = window_on(start, ["a1", "b2"])
    useless = window_on(start, ["b1", "b2"])
    assert playable.flow.steps[-1].actor(playable) == 1
    assert useless.flow.steps[-1].actor(useless) == 1  # asked, only to pass
    assert useless.legal_actions(1) == [Action.of("pass")]
    assert playable.observation(0) == useless.observation(0)
    assert playable.current_player() == useless.current_player() == 1
    empty = window_on(start, [])
    assert empty.flow.steps[-1].actor(empty) == AUTO
