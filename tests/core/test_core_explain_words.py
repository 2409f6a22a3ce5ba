"""A legal action explained in words (issue 23 §2.5): the game's ``_explain_legal`` hook says what
it costs and does; a game without one gets an honest default, never "X is legal"."""

from __future__ import annotations

from toy_game import ToyGame

from rulekeeper.core import CHANCE


def _decision(seed: int = 1):  # type: ignore[no-untyped-def]
    state = ToyGame(rounds=3, hand_size=3).new_initial_state(seed)
    while state.current_player() < 0:
        current = state.current_player()
        if current == CHANCE:
            state.apply_action(state.legal_actions(CHANCE)[0])
        else:  # simultaneous: each seat with a choice takes its first
            seat = next(s for s in (0, 1) if state.legal_actions(s))
            state.apply_action(state.legal_actions(seat)[0], seat)
    return state


def test_the_default_is_honest_and_no_tautology() -> None:
    """issue 23 §2.5: the toy game has no hook: the answer says how many choices there are."""
    state = _decision()
    seat = state.current_player()
    legal = state.legal_actions(seat)
    verdict = state.explain(legal[0], seat)
    assert verdict.legal and verdict.rule != "core: legal"
    assert "is legal" not in verdict.reason
    count = len(legal)
    assert ("the only choice" if count == 1 else f"one of the {count} choices") in verdict.reason


def test_a_game_hook_gives_the_words() -> None:
    """issue 23 §2.5: a state's ``_explain_legal`` hook answers with its rule and words."""
    state = _decision()
    seat = state.current_player()
    action = state.legal_actions(seat)[0]
    state._explain_legal = lambda a, p: ("Toy: play", f"{a} costs nothing")  # type: ignore[method-assign]
    verdict = state.explain(action, seat)
    assert (verdict.rule, verdict.reason) == ("Toy: play", f"{action} costs nothing")
