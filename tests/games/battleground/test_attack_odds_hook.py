"""``state.odds(attack)`` for Battleground (issue 9 §1 and §3): the tests as the rules set
them, the distributions, the weapon's row and the knock-out odds, before anything is rolled."""

from __future__ import annotations

import random

import pytest

from rulekeeper.core import CHANCE, SIMULTANEOUS, load_game
from rulekeeper.games.battleground.views import odds


def test_attack_odds_match_the_tests_the_rules_then_roll() -> None:
    rng = random.Random(2)
    checked = 0
    for seed in range(6):
        state = load_game("battleground").new_initial_state(seed=seed)
        while not state.is_terminal() and checked < 12:
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            if seat == SIMULTANEOUS:
                seat = next(s for s in (0, 1) if state.legal_actions(s))
            legal = state.legal_actions(seat)
            attacks = [a for a in legal if a.kind == "attack"]
            if attacks:
                action = attacks[0]
                found = state.odds(action, seat)
                assert found is not None
                assert sum(found["net"].values()) == pytest.approx(1.0)
                assert sum(found["outcome"].values()) == pytest.approx(1.0)
                assert 0.0 <= found["knockout"] <= 1.0
                dice, scope = found["attack"]["dice"], found["attack"]["scope"]
                test = found["attack"]
                again = odds.success_distribution(
                    dice,
                    scope,
                    free_rerolls=test["free_rerolls"],
                    mana_rerolls=test["mana_rerolls"],
                )
                assert found["attack_successes"] == {str(k): v for k, v in sorted(again.items())}
                before = len(state.events)
                state.apply_action(action, seat)
                tests = [e for e in list(state.events)[before:] if e.kind == "test"]
                if tests:  # the test the rules started: the same dice and scope
                    assert f"{dice} dice" in " ".join(tests[0].data["notes"])
                checked += 1
                continue
            calm = [a for a in legal if a.kind not in ("forfeit", "offer-draw", "accept-draw")]
            state.apply_action(rng.choice(calm or legal), seat)
    assert checked >= 5
    assert state.odds(state.legal_actions(0)[0], 0) is None if state.legal_actions(0) else True
