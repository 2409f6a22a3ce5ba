"""The odds of a reroll before it is confirmed (issue 23 §2.3): views/reroll.py, the ``reroll``
query, the seat's board data for the pending reroll and the terminal's preview."""

from __future__ import annotations

import random

import pytest
from game_helpers import arena, attack, put, roll, start
from test_game_actions import masters_turn

from rulekeeper.core import Action
from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.rules.dicetest import face_succeeds
from rulekeeper.games.battleground.views import odds, preview, reroll, web


def test_rerolling_every_die_is_a_fresh_test() -> None:
    """issue 23 §2.3: the kept dice stay, the rerolled are fresh, sixes explode."""
    for dice, scope, later in ((3, 4, 0), (4, 3, 2), (2, 5, 1)):
        initial = [1] * dice
        fresh = odds.reroll_distribution(initial, initial, scope, later)
        whole = odds.success_distribution(dice, scope, mana_rerolls=later)
        for k in set(fresh) | set(whole):
            assert fresh.get(k, 0.0) == pytest.approx(whole.get(k, 0.0), abs=1e-12)
    kept = odds.reroll_distribution([5, 5, 1], [], 4)
    assert kept == pytest.approx({2: 1.0})


def test_a_reroll_distribution_matches_a_simulation() -> None:
    """issue 23 §2.3: reroll a 1 and keep a 6 and a 4 at scope 4: the 6 explodes."""
    exact = odds.reroll_distribution([6, 4, 1], [1], 4)
    rng, trials, counts = random.Random(5), 60_000, {}  # type: ignore[var-annotated]
    for _ in range(trials):
        faces = [6, 4, rng.randint(1, 6)]
        wins = sum(face_succeeds(f, 4) for f in faces)
        chain = sum(1 for f in faces if f == 6)
        while chain:
            face = rng.randint(1, 6)
            wins += face_succeeds(face, 4, exploded=True)
            chain += (face == 6) - 1
        counts[wins] = counts.get(wins, 0) + 1
    for k, p in exact.items():
        assert counts.get(k, 0) / trials == pytest.approx(p, abs=0.01)


def defence_reroll(tmp_path):  # type: ignore[no-untyped-def]
    """Skeletor (3 mana) choosing mana rerolls of his defence against He-Man's sword: He-Man
    rolled 4 4 4 1 1 (3 successes), Skeletor 1 2 4."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3, mana=3)
    masters_turn(state, "he-man")
    attack(state, "sword-of-power", "skeletor")
    roll(state, 4, 4, 4, 1, 1)
    while state.flow.top().kind == "reroll":
        state.apply_action(Action.of("done"), state.current_player())
    roll(state, 1, 2, 4)
    assert state.flow.top().kind == "reroll" and state.current_player() == 1
    return state


def test_the_reroll_query_gives_the_attack_result_and_the_mana(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """issue 23 §2.3: the odds of the attack's result if the defender rerolls 1 and 2, for
    2 mana; keeping the dice is certain."""
    state = defence_reroll(tmp_path)
    keep = reroll.reroll_query(state, 1, faces="")
    assert keep["mana"] == 0 and keep["knockout"] is not None
    assert sum(o["p"] for o in keep["outcomes"]) == pytest.approx(1.0)
    assert max(o["p"] for o in keep["outcomes"]) == pytest.approx(1.0)  # 3 - 1: certain
    both = reroll.reroll_query(state, 0, faces="1,2")
    assert both["faces"] == [1, 2] and both["mana"] == 2
    assert sum(s["p"] for s in both["successes"]) == pytest.approx(1.0)
    assert sum(o["p"] for o in both["outcomes"]) == pytest.approx(1.0)
    assert "reroll 1 2 (2 mana)" in both["text"] and "knock-out" in both["text"]
    assert reroll.reroll_query(state, None, faces=[1, 2]) == both  # public: any seat
    for bad in ("7", "3", "1,2,4,4"):
        with pytest.raises(DataError):
            reroll.reroll_query(state, 1, faces=bad)
    with pytest.raises(DataError):
        reroll.reroll_query(state, 1, dice="1")


def test_the_board_and_the_preview_show_the_pending_reroll(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """issue 23 §2.3: board.tests tells the picks, the limit and the mana each; the terminal's
    preview of a pick gives the odds of the dice picked so far."""
    state = defence_reroll(tmp_path)
    state.apply_action(Action.of("reroll", item="1"), 1)
    test = web.board(state, 1)["tests"][-1]
    assert (test["picked"], test["limit"], test["cost_each"]) == ([1], 3, 1)
    shown = preview.preview(state, 1, Action.of("reroll", item="2"))
    assert shown is not None and "Odds: " in shown and "reroll 1 2 (2 mana)" in shown
    with pytest.raises(ValueError):
        reroll.reroll_odds(start(arena(tmp_path, name="other")), [])
