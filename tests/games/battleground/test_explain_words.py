"""Battleground's `why` in words (issue 23 §2.5) and facing with a reason (§2.9)."""

from __future__ import annotations

from pathlib import Path

from game_helpers import act, arena, put, start
from test_game_actions import masters_turn

from rulekeeper.core import Action
from rulekeeper.games.battleground.views import facing, web


def scene(tmp_path: Path):  # type: ignore[no-untyped-def]
    """He-Man at (5,7) with 3 AP, Skeletor east at (9,7), Mer-Man south-west at (3,9), Trap Jaw
    further east at (10,9)."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 9, 7, facing=3)
    put(state, "mer-man", 3, 9, facing=3)
    put(state, "trap-jaw", 10, 9, facing=3)
    masters_turn(state, "he-man")
    return state


def test_a_legal_action_is_answered_with_what_it_costs_and_does(tmp_path: Path) -> None:
    """issue 23 §2.5: never "is legal (rule: core: legal)"; the AP, the path, the odds."""
    state = scene(tmp_path)
    legal = state.legal_actions(0)
    for action in legal[:40]:
        verdict = state.explain(action, 0)
        assert verdict.legal and verdict.rule != "core: legal", action
        assert "is legal" not in verdict.reason and verdict.reason, action
    focus = state.explain(Action.of("focus"), 0)
    assert focus.rule == "Focus" and "costs 1 AP" in focus.reason
    move = next(a for a in legal if a.kind == "move")
    assert "AP" in state.explain(move, 0).reason and "Path" in state.explain(move, 0).reason
    act(state, "move", to=[8, 7, 0], focus=False)
    while state.flow.top().kind == "face":
        act(state, "face", direction=0)
    hit = next(a for a in state.legal_actions(0) if a.kind == "attack")
    said = state.explain(hit, 0)
    assert said.rule == "Attack" and "Knock-out" in said.reason and "%" in said.reason


def test_each_offered_facing_says_what_it_changes(tmp_path: Path) -> None:
    """issue 23 §2.9: which enemies a facing leaves behind (flank open), the enemy it faces,
    and which facing leaves no flank open; in the board's hints and in `why`."""
    state = scene(tmp_path)
    act(state, "move", to=[6, 7, 0], focus=False)
    assert state.flow.top().kind == "face"
    legal = state.legal_actions(0)
    infos = {a.int_param("direction"): facing.facing_info(state, 0, a) for a in legal}
    assert infos[0]["toward"] == "Skeletor" and not infos[0]["safe"]
    assert "Mer-Man" in infos[0]["rear"] and "flank open" in str(infos[0]["text"])
    assert infos[4]["toward"] == "Mer-Man"
    safe = [d for d, info in infos.items() if info["safe"]]
    assert safe == [5] and "no flank open" in str(infos[5]["text"])
    hints = [h for h in web.board(state, 0)["actions"] if h["kind"] == "face"]  # type: ignore[union-attr, index]
    assert [h["facing"] for h in hints] == [infos[d] for d in sorted(infos)]  # type: ignore[index]
    why = state.explain(Action.of("face", direction=0), 0)
    assert why.rule == "Facing" and why.reason == infos[0]["text"]
