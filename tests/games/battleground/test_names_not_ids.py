"""Names, not ids, in Battleground's texts (issue 23 §2.8): skills, cards and items in action
words, menus and the log."""

from __future__ import annotations

import re
from pathlib import Path

from game_helpers import act, arena, play_round, put, start, top
from test_game_actions import TREACHERY, evil_turn, masters_turn

from rulekeeper.core import Action
from rulekeeper.games.battleground.views import log

ID = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+){1,}\b")


def test_a_skill_is_used_by_name_in_the_menu_and_the_log(tmp_path: Path) -> None:
    """issue 23 §2.8: 'use skeletor-dark-teleport' is 'use Dark Teleport'."""
    state = start(arena(tmp_path))
    put(state, "skeletor", 5, 7, facing=0, mana=3)
    evil_turn(state, "skeletor", card=TREACHERY, ap=5)
    since = state.events.last_seq
    skill = Action.of("skill", skill="skeletor-dark-teleport")
    assert state.describe(skill) == "use Dark Teleport"
    act(state, "skill", skill="skeletor-dark-teleport")
    lines, _ = log.news(state, since)
    assert any("uses Dark Teleport" in line for line in lines), lines
    assert not any("skeletor-dark-teleport" in line for line in lines), lines


def test_a_discard_names_the_card() -> None:
    """issue 23 §2.8: 'discard masters-battle-cry' is 'discard <the card's name>'."""
    state = start()
    play_round(state, ["he-man", "stratos"], ["skeletor"])
    assert top(state).kind == "discard"
    seat = top(state).seat
    for action in state.legal_actions(seat):
        said = state.describe(action)
        assert not ID.search(said), said
        if action.kind == "discard":
            assert said == f"discard {state.play_card(str(action.get('item'))).name}"
    first = next(a for a in state.legal_actions(seat) if a.kind == "discard")
    state.apply_action(first, seat)
    done = state.describe(Action.of("done"))
    assert done == f"discard {state.play_card(str(first.get('item'))).name}"


def test_a_refusal_names_the_characters_and_the_cards(tmp_path: Path) -> None:
    """issue 23 §2.8: 'he-man has no arm-cannon equipped' is 'He-Man has no Arm Cannon ...'."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 9, 7, facing=3)
    masters_turn(state, "he-man")
    verdict = state.explain(Action.of("attack", weapon="arm-cannon", target="skeletor"), 0)
    assert not verdict.legal and "He-Man has no Arm Cannon" in verdict.reason
    assert not ID.search(verdict.reason) and "he-man" not in verdict.reason
