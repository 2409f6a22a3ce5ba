"""Morale on the map (issue 24 §2 "morale", §6 "morale transitions"; homm3.md §5.17, §8.23,
§8.55): gaining and losing as a table, Necropolis ignoring it, and spending the Positive token
outside combat: draw 1 card, discard any number and draw as many, or reroll a die."""

from __future__ import annotations

import pytest

from rulekeeper.core import Action, load_game
from rulekeeper.games.homm3.map import effects, morale, turn
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.turn import TurnStep

DRAW, CYCLE = Action.of("morale-draw"), Action.of("morale-cycle")


def at_turn(options: dict[str, str] | None = None) -> tuple[MapState, int]:
    """A fresh Clash game (no Starting Bonus) at the first player's actions."""
    game = load_game(
        "homm3",
        players=2,
        scenario="clash-2",
        difficulty="impossible",
        factions="castle,dungeon",
        options=options or {},
    )
    state = game.new_initial_state(seed=5)
    assert isinstance(state, MapState)
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat, draw = state.current_player(), Action.of("draw")  # a full hand
        legal = state.legal_actions(seat)  # else the first: a Starting tile unturned (§3 step 21)
        state.apply_action(draw if draw in legal else legal[0], seat)
    return state, state.current_player()


@pytest.mark.parametrize(
    ("before", "change", "after", "discards"),
    [
        (0, "gain", 1, False),
        (1, "gain", 1, False),  # §8.55: max one Positive token, nothing more
        (-1, "gain", 0, False),  # gaining with a Negative discards it
        (0, "lose", -1, False),
        (1, "lose", 0, False),  # losing discards the Positive token
        (-1, "lose", -1, True),  # a second Negative: the hand is discarded at the turn's end
    ],
)
def test_morale_transitions(before: int, change: str, after: int, discards: bool) -> None:
    """homm3.md §5.17, §8.55: the morale token table."""
    state, seat = at_turn()
    player = state.players[seat]
    player.morale = before
    getattr(morale, change)(state, seat)
    assert player.morale == after and player.discard_hand is discards


def test_second_negative_discards_the_hand_at_the_end_of_the_turn() -> None:
    """homm3.md §5.17, §4.3 step 3: the whole hand goes to the discard pile at the turn's end."""
    state, seat = at_turn()
    player = state.players[seat]
    player.morale = -1
    morale.lose(state, seat)
    hand = list(player.hand)
    assert hand
    turn.end_of_turn(state, seat)
    assert player.hand == [] and player.discard[-len(hand) :] == hand


def test_necropolis_ignores_morale() -> None:
    """homm3.md §5.17: Necropolis ignores all Morale effects."""
    state, seat = at_turn()
    player = state.players[seat]
    player.faction = "necropolis"
    morale.gain(state, seat)
    morale.lose(state, seat)
    morale.lose(state, seat)
    assert player.morale == 0 and not player.discard_hand


def test_positive_token_draws_one_card() -> None:
    """homm3.md §5.17 (a): spend the Positive token to draw 1 card."""
    state, seat = at_turn()
    player = state.players[seat]
    assert DRAW not in state.legal_actions(seat)
    refused = state.explain(DRAW, seat)
    assert not refused.legal and "§5.17" in refused.rule
    player.morale = 1
    assert DRAW in state.legal_actions(seat)
    size = len(player.hand)
    state.apply_action(DRAW, seat)
    assert player.morale == 0 and len(player.hand) == size + 1


def test_positive_token_discards_and_draws_as_many() -> None:
    """homm3.md §5.17 (b): discard any number of cards, then draw the same number."""
    state, seat = at_turn()
    player = state.players[seat]
    player.morale = 1
    hand = sorted(player.hand)
    assert len(hand) >= 2
    state.apply_action(CYCLE, seat)
    step = state.flow.top()
    assert isinstance(step, morale.MoraleCycleStep)
    for index in (0, 1):
        state.apply_action(Action.of("discard", item=step.options[index]), seat)
    state.apply_action(Action.of("done"), seat)
    assert player.morale == 0 and len(player.hand) == len(hand)
    assert player.discard[-2:] == hand[:2]


def test_reroll_with_morale_and_its_optional_rule() -> None:
    """homm3.md §5.17 (c) a die rerolled with the Positive token; §5.25 rule 6 forbids it."""
    state, seat = at_turn()
    player = state.players[seat]
    assert not morale.can_reroll(state, seat)
    player.morale = 1
    assert morale.can_reroll(state, seat)
    morale.spend_for_reroll(state, seat, "resource")
    assert player.morale == 0 and not morale.can_reroll(state, seat)
    with pytest.raises(ValueError, match="cannot reroll"):
        morale.spend_for_reroll(state, seat)
    state, seat = at_turn({"no-rerolls": "yes"})
    state.players[seat].morale = 1
    assert not morale.can_reroll(state, seat)
    assert effects.reroll_sources(state, seat, "resource") == []
