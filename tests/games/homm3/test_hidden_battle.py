"""What a seat sees of a battle (issue 8: observations hide hands and deck orders): the
other hero's hand and every deck's order are hidden, and a determinised state
(``resample``) keeps the seat's observation and legal actions."""

from __future__ import annotations

import random

from battle_helpers import random_battle

from rulekeeper.core import CHANCE, load_game
from rulekeeper.games.homm3.game import CombatState


def test_hands_decks_and_ai_decks_are_hidden() -> None:
    doc = random_battle(random.Random(1))
    doc["mode"] = "clash"
    doc["attacker"] = {**doc["attacker"], "kind": "hero"}  # type: ignore[dict-item]
    doc["defender"] = {
        "kind": "hero",
        "hero": {
            "name": "Sandro",
            "faction": "necropolis",
            "hand": ["magic-arrow", "attack"],
            "deck": ["power", "haste"],
        },
        "units": ["skeletons", "zombies"],
    }
    state = load_game("homm3-combat", battle=doc).new_initial_state(seed=1)
    seen = state.observation(0)
    assert seen["defender"]["hero"]["hand"] == 2  # type: ignore[index]
    assert seen["defender"]["hero"]["deck"] == 2  # type: ignore[index]
    own = state.observation(1)["defender"]["hero"]  # type: ignore[index]
    assert own["hand"] == ["magic-arrow", "attack"] and own["deck"] == 2  # type: ignore[index]
    assert "magic-arrow" not in str(seen)


def test_resample_keeps_what_the_seat_knows() -> None:
    rng = random.Random(4)
    checked = 0
    for index in range(30):
        state = load_game("homm3-combat", battle=random_battle(rng)).new_initial_state(seed=index)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            if rng.random() < 0.2:
                other = state.resample(seat, random.Random(index))
                assert isinstance(other, CombatState)
                assert other.observation(seat) == state.observation(seat)
                assert other.legal_actions(seat) == state.legal_actions(seat)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    assert checked > 50
