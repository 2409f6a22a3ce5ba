"""Texts of Battleground's board data (issue 23 §2.12 and §2.4): the phase in words with its
step apart, obstacle hexes in words, plurals, and the objectives' scoring with a preview."""

from __future__ import annotations

from pathlib import Path

from game_helpers import arena, attack, dice, put, start
from small_maps import SMALL_OPEN, field
from test_game_actions import masters_turn

from rulekeeper.core import load_game
from rulekeeper.core.events import Event
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement_effects import displace
from rulekeeper.games.battleground.rules.dicetest import start_test
from rulekeeper.games.battleground.views import log, web


def test_the_phase_is_in_words_and_the_step_apart() -> None:
    """issue 23 §2.12: not "First Game Setup, step 7" as the phase."""
    state = load_game("battleground").new_initial_state(seed=1)
    status = web.board(state, 0)["status"]
    assert status["phase_name"] == "First Game Setup"  # type: ignore[index]
    assert status["step_text"] == "roll off for the first player (step 7)"  # type: ignore[index]


def test_an_obstacle_hex_is_said_in_words() -> None:
    """issue 23 §2.12: hovering an obstacle hex does not say "(0,5) is not a position"."""
    state = load_game("battleground").new_initial_state(seed=1)
    field = state.field  # type: ignore[attr-defined]
    high = next(h for h in sorted(field.board) if field.obstacle_height.get(h) == "high")
    low = next(h for h in sorted(field.board) if field.obstacle_height.get(h) == "low")
    for h, word in ((high, "impassable"), (low, "obstacle")):
        text = web.sight_query(state, None, **{"from": "4,1,0", "to": f"{h[0]},{h[1]}"})["text"]
        assert "is not a position" not in str(text) and word in str(text)
        assert "no character can stand there" in str(text)


def test_one_is_singular(tmp_path: Path) -> None:
    """issue 23 §2.12: "1 success", "the full hex"."""
    test = start_test(0, "He-Man strength", 1)
    test.initial, test.stage, test.to_roll = [5], "done", []
    assert test.summary().endswith("= 1 success (scope 4+)")
    assert "successes" not in test.summary()
    (pushed,) = displace(field(SMALL_OPEN), (1, 3), Position(2, 3), 1, [])
    push = Event(1, "push", {"character": "he-man", "to": [3, 3, 0], "why": pushed.stopped})
    line = log.event_line(start(arena(tmp_path)), push)
    assert line.endswith("(moved the full hex)"), line


def test_objectives_score_at_the_end_of_the_round_with_a_preview(tmp_path: Path) -> None:
    """issue 23 §2.4: the board says when objectives score and who would score now."""
    game = arena(tmp_path, objectives=[{"id": "obj-1", "at": [6, 7]}])
    state = start(game)
    info = web.board(state, 0)["objectives_info"]
    assert "end of each round" in info["text"]  # type: ignore[index]
    assert info["preview"] == [] and "nobody" in info["now"]  # type: ignore[index]
    put(state, "he-man", 5, 7, facing=0)
    info = web.board(state, 1)["objectives_info"]
    assert info["preview"] == [  # type: ignore[index]
        {
            "player": 0,
            "vp": 20,
            "objectives": ["obj-1"],
            "text": "Player 0 would claim obj-1 with He-Man (+20 VP)",
        }
    ]
    put(state, "skeletor", 7, 7, facing=3)  # an enemy next to the token: nobody claims it
    assert web.board(state, 0)["objectives_info"]["preview"] == []  # type: ignore[index]


def test_the_last_attack_is_in_the_board_data(tmp_path: Path) -> None:
    """issue 23 §2.2: the newest resolved attack's dice, result row and wounds, to show in
    place: He-Man's sword on Skeletor, 4 4 4 1 1 against 1 2 4 (kept): net 2."""
    state = start(arena(tmp_path))
    put(state, "he-man", 5, 7, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    masters_turn(state, "he-man")
    assert web.board(state, 0)["last_attack"] is None
    attack(state, "sword-of-power", "skeletor")
    dice(state, 4, 4, 4, 1, 1)
    dice(state, 1, 2, 4)
    found = web.board(state, 1)["last_attack"]
    assert isinstance(found, dict)
    assert (found["attacker_name"], found["target_name"]) == ("He-Man", "Skeletor")
    assert found["weapon_name"] == "Sword of Power" and found["net"] == 2
    tests = found["tests"]
    assert [t["role"] for t in tests] == ["attack", "defence"]  # type: ignore[union-attr, index]
    assert tests[0]["final"] == [4, 4, 4, 1, 1] and tests[0]["successes"] == 3  # type: ignore[index]
    assert tests[1]["final"] == [1, 2, 4] and tests[1]["successes"] == 1  # type: ignore[index]
    assert (
        found["row"] == "1+ (1 wound)" and found["wounds"] == 1 == state.fighters["skeletor"].wounds
    )
    assert not found["knocked_out"] and isinstance(found["seq"], int)
