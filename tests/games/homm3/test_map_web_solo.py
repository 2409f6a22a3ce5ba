"""The HoMM3 map board's data in solo and co-op (issue 26 Acceptance; homm3.md §5.24, §9.13):
the AI heroes with their decks by count, the AI's flags and towns in its colour, the seat's
choice of an AI hero's next field as the fields to click, and the result when the game ends."""

from __future__ import annotations

import functools
import json
from typing import Any

from rulekeeper.core import CHANCE, RandomAgent, load_game
from rulekeeper.games.homm3.map.model import AI_SEAT
from rulekeeper.games.homm3.views.web_map import board
from rulekeeper.games.homm3.views.web_map.tiles import AI_COLOUR


@functools.cache
def game_of(mode: str) -> Any:
    return load_game("homm3", mode=mode, difficulty="hard")


def boards(mode: str, seed: int) -> Any:
    """Each decision of a random game with the deciding seat's and a spectator's boards (as
    JSON, as the server sends them), then the end."""
    state = game_of(mode).new_initial_state(seed)
    agent = RandomAgent(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        yield state, seat, json.loads(json.dumps(board(state, seat))), board(state, None)
        state.apply_action(agent.choose(state, seat), seat)
    yield state, None, board(state, 0), board(state, None)


def test_the_ai_heroes_their_flags_and_the_choice_of_their_next_field() -> None:
    """Homm3.md §5.24, §9.13: every board lists the AI hero (decks as counts, never cards); the
    AI's flags are the AI's, in its colour; the fields to click for the AI hero's next field are
    exactly the seat's legal ``ai-step`` actions, offered to that seat only; at the end the
    decision says the result."""
    chose = flagged = 0
    for state, seat, mine, watching in boards("solo", 1):
        (item,) = mine["map"]["ai_heroes"]
        assert item["name"] == "The Warlord" and item["colour"] == AI_COLOUR
        assert isinstance(item["ai_deck"], int) and isinstance(item["spells"], int)
        for flag in mine["map"]["flags"]:
            if flag["seat"] == AI_SEAT:
                assert (flag["faction_name"], flag["colour"]) == ("the AI", AI_COLOUR)
                flagged += 1
        if seat is None:
            outcome = state.outcome()
            assert mine["map_seat"]["decision"]["prompt"] == f"The game is over: {outcome.text}"
            continue
        legal = [str(a) for a in state.legal_actions(seat) if a.kind == "ai-step"]
        assert [s["action"] for s in mine["map_seat"]["ai_steps"]] == legal
        assert watching["map_seat"]["ai_steps"] == []
        if legal:
            chose += 1
            assert mine["map_seat"]["decision"]["step"] == "ai-choice"
            assert all(
                s["text"].startswith("The Warlord goes to") for s in mine["map_seat"]["ai_steps"]
            )
    assert chose and flagged


def test_a_coop_board_shows_both_ai_heroes() -> None:
    """Issue 26 §2: the co-op scenario's two AI heroes are on every seat's board."""
    state, seat, mine, _ = next(boards("coop", 2))
    assert state.num_players == 2 and seat in (0, 1)
    assert len(mine["map"]["ai_heroes"]) == 2
