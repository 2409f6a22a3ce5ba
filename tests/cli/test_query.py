"""The JSON-lines geometry query protocol (rulekeeper.games.battleground.cli.query), on a small
hand-made map."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.cli.query import OPS, answer, run_queries

# r  q0  columns 0..9 (odd rows shifted right)
# 1   0   . ~ . . # . . . . .      bog (1,1) difficult; wall (4,1) high
# 2  -1  . . . . . # . . . .       wall (4,2) high
# 3  -1   . . . . # . * . . .      wall (3,3) high; objective "centre" at (5,3)
# 5  -2   . . . . o . = n n .      fence (2,5) low; ladder (4,5); platform "tower" (5,5) (6,5)
TINY = """
name: tiny
title: Tiny test field
board: {columns: 10, rows: 8}
terrain:
  - {id: wall, kind: high, hexes: [[4, 1], [4, 2], [3, 3]]}
  - {id: fence, kind: low, hexes: [[2, 5]]}
  - {id: bog, kind: difficult, hexes: [[1, 1]]}
platforms:
  - {id: tower, hexes: [[5, 5], [6, 5]]}
ladders:
  - {id: tower-ladder, at: [4, 5], platform: tower}
deployment_zones:
  - {player: 0, faction: masters, rows: [0, 0]}
  - {player: 1, faction: evil, rows: [7, 7]}
objectives:
  - {id: centre, at: [5, 3]}
"""


@pytest.fixture(scope="module")
def field() -> Battlefield:
    return Battlefield.from_yaml(TINY, "tiny.yaml")


def ask(field: Battlefield, **request: Any) -> dict[str, Any]:
    result = answer(field, request)
    # Every answer must survive the trip through JSON unchanged.
    assert json.loads(json.dumps(result, allow_nan=False)) == result
    return result


def ok(field: Battlefield, **request: Any) -> dict[str, Any]:
    result = ask(field, **request)
    assert result["ok"] is True, result
    assert result["op"] == request["op"]
    return result


def failure(field: Battlefield, **request: Any) -> dict[str, Any]:
    result = ask(field, **request)
    assert result["ok"] is False, result
    assert isinstance(result["error"], str) and result["error"]
    return result


def run(field: Battlefield, *lines: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in run_queries(field, lines)]


# --- distance ---------------------------------------------------------------------------------


def test_distance_in_hexes_and_inches(field: Battlefield) -> None:
    result = ok(field, op="distance", **{"from": [0, 4, 0], "to": [5, 4, 0]})
    assert result["hexes"] == 5
    assert result["inches"] == 4.0
    assert "5 hex steps" in result["reason"]
    assert "levels ignored" in result["reason"]


def test_distance_between_adjacent_hexes_is_zero_inches(field: Battlefield) -> None:
    result = ok(field, op="distance", **{"from": [0, 4], "to": [1, 4]})
    assert (result["hexes"], result["inches"]) == (1, 0.0)


def test_distance_exact_inches(field: Battlefield) -> None:
    """Exact gaps come out exact (hexes.gap_between rounds away float noise)."""
    assert field.range_inches((1, 2), (3, 2)) == 1.0
    result = ok(field, op="distance", **{"from": [1, 2], "to": [3, 2]})
    assert result["hexes"] == 2
    assert result["inches"] == 1.0


def test_distance_ignores_levels(field: Battlefield) -> None:
    result = ok(field, op="distance", **{"from": [5, 5, 1], "to": [5, 4, 0]})
    assert (result["hexes"], result["inches"]) == (1, 0.0)


def test_id_is_echoed(field: Battlefield) -> None:
    for request_id in ("a-1", 7, 2.5, None):
        result = ok(field, op="distance", id=request_id, **{"from": [0, 4], "to": [1, 4]})
        assert "id" in result
        assert result["id"] == request_id
    assert "id" not in ok(field, op="distance", **{"from": [0, 4], "to": [1, 4]})


# --- hexes ------------------------------------------------------------------------------------


def test_hexes_without_at_summarises_the_board(field: Battlefield) -> None:
    result = ok(field, op="hexes")
    assert result["name"] == "tiny"
    assert result["title"] == "Tiny test field"
    assert (result["columns"], result["rows"], result["hexes"]) == (10, 8, 80)
    assert result["terrain"] == {
        "pieces": 3,
        "high": 3,
        "low": 1,
        "difficult": 1,
        "platform": 2,
        "ladders": 1,
    }
    # 80 hexes less 3 high, 1 low and 1 ladder hex on the ground; 2 platform hexes above.
    assert result["positions"] == {"ground": 75, "platform": 2}
    assert result["platforms"] == {"tower": 2}
    assert result["ladders"] == {"tower-ladder": [4, 5, "tower"]}
    assert result["zones"] == {
        "0": {"faction": "masters", "hexes": 10},
        "1": {"faction": "evil", "hexes": 10},
    }
    assert result["objectives"] == {"centre": [5, 3]}


def test_hexes_at_a_high_obstacle(field: Battlefield) -> None:
    result = ok(field, op="hexes", at=[4, 2])
    assert result["at"] == [4, 2]
    assert result["description"] == "high obstacle (wall)"
    assert result["terrain"] == "high"
    assert result["piece"] == "wall"
    assert result["positions"] == []
    assert result["offset"] == {"column": 5, "row": 2}


def test_hexes_at_a_platform_lists_both_levels(field: Battlefield) -> None:
    result = ok(field, op="hexes", at=[5, 5])
    assert result["platform"] == "tower"
    assert result["positions"] == [[5, 5, 0], [5, 5, 1]]
    assert "under platform tower" in result["description"]


def test_hexes_at_a_ladder_an_objective_and_a_zone(field: Battlefield) -> None:
    ladder = ok(field, op="hexes", at=[4, 5])
    assert ladder["ladder"] == "tower-ladder"
    assert ladder["positions"] == []
    objective = ok(field, op="hexes", at=[5, 3])
    assert objective["objective"] == "centre"
    assert objective["positions"] == [[5, 3, 0]]
    zone = ok(field, op="hexes", at=[-3, 7])
    assert zone["zone"] == 1
    assert zone["description"] == "deployment zone of player 1"
    bog = ok(field, op="hexes", at=[1, 1])
    assert (bog["terrain"], bog["piece"]) == ("difficult", "bog")


def test_hexes_at_off_the_board(field: Battlefield) -> None:
    result = failure(field, op="hexes", at=[20, 2])
    assert result["field"] == "at"
    assert "off the 10x8 board" in result["error"]


# --- line of sight ----------------------------------------------------------------------------


def test_los_blocked_names_the_blocking_hexes(field: Battlefield) -> None:
    result = ok(field, op="los", **{"from": [2, 2, 0], "to": [6, 1, 0]})
    assert result["visible"] is False
    assert result["blockers"] == [[4, 1], [4, 2]]
    assert "(4,1)" in result["reason"] and "(4,2)" in result["reason"]
    assert result["reason"].startswith("blocked")
    assert result["lines"] == []


def test_los_clear_gives_two_lines(field: Battlefield) -> None:
    result = ok(field, op="los", **{"from": [-2, 6], "to": [6, 6]})
    assert result["visible"] is True
    assert result["blockers"] == []
    assert len(result["lines"]) == 2
    assert result["reason"] == "clear: no high obstacle counts on the way"


def test_los_past_a_high_obstacle(field: Battlefield) -> None:
    result = ok(field, op="los", **{"from": [0, 4], "to": [7, 4]})
    assert result["visible"] is True
    assert result["blockers"] == [[3, 3]]
    assert result["lines"] == [["SE", "SE"], ["SE", "S"]]
    assert "pass the high obstacles at (3,3)" in result["reason"]


def test_los_low_obstacle_does_not_block(field: Battlefield) -> None:
    result = ok(field, op="los", **{"from": [0, 5], "to": [4, 4]})
    assert result["visible"] is True


def test_los_between_a_platform_and_the_ground_under_it(field: Battlefield) -> None:
    result = ok(field, op="los", **{"from": [6, 5, 1], "to": [5, 5, 0]})
    assert result["visible"] is False
    assert "under platform 'tower'" in result["reason"]


def test_los_from_the_ground_up_to_the_platform(field: Battlefield) -> None:
    result = ok(field, op="los", **{"from": [5, 4, 0], "to": [5, 5, 1]})
    assert result["visible"] is True
    assert "different elevation" in result["reason"]


# --- cover ------------------------------------------------------------------------------------


def test_cover_by_a_low_obstacle(field: Battlefield) -> None:
    result = ok(field, op="cover", **{"from": [0, 5], "to": [3, 5]})
    assert result["cover"] is True
    assert result["by"] == [[2, 5]]
    assert "low obstacle at (2,5)" in result["reason"]


def test_cover_by_a_character_and_none_without_it(field: Battlefield) -> None:
    bare = ok(field, op="cover", **{"from": [0, 4], "to": [3, 4]})
    assert bare["cover"] is False
    assert bare["by"] == []
    screened = ok(field, op="cover", characters=[[2, 4, 0]], **{"from": [0, 4], "to": [3, 4]})
    assert screened["cover"] is True
    assert screened["by"] == [[2, 4]]
    assert "character at (2,4)" in screened["reason"]


def test_cover_ignores_hexes_adjacent_to_the_attacker(field: Battlefield) -> None:
    result = ok(field, op="cover", characters=[[1, 4]], **{"from": [0, 4], "to": [3, 4]})
    assert result["cover"] is False


def test_cover_when_the_attacker_is_lower(field: Battlefield) -> None:
    result = ok(field, op="cover", **{"from": [2, 6], "to": [6, 5, 1]})
    assert result["cover"] is True
    assert "lower" in result["reason"]


# --- flank ------------------------------------------------------------------------------------


def test_flank_from_the_rear(field: Battlefield) -> None:
    result = ok(field, op="flank", target=[2, 4], facing=0, **{"from": [1, 4]})
    assert (result["flank"], result["arc"]) == (True, "rear")
    assert "faces E" in result["reason"]


def test_flank_from_the_front_and_halfway(field: Battlefield) -> None:
    front = ok(field, op="flank", target=[2, 4], facing=0, **{"from": [3, 4]})
    assert (front["flank"], front["arc"]) == (False, "front")
    halfway = ok(field, op="flank", target=[2, 4], facing=0, **{"from": [1, 6]})
    assert (halfway["flank"], halfway["arc"]) == (False, "halfway")


def test_flank_facing_by_name(field: Battlefield) -> None:
    result = ok(field, op="flank", target=[2, 4], facing="w", **{"from": [1, 4]})
    assert result["arc"] == "front"


# --- reach ------------------------------------------------------------------------------------


def _routes(result: dict[str, Any]) -> dict[tuple[int, ...], dict[str, Any]]:
    return {tuple(route["to"]): route for route in result["reachable"]}


def test_reach_lists_positions_with_cost_and_path(field: Battlefield) -> None:
    result = ok(field, op="reach", speed=4, **{"from": [3, 6, 0]})
    assert result["points"] == 4
    assert result["notes"] == ["speed 4"]
    routes = _routes(result)
    assert result["count"] == len(routes)
    assert (3, 6, 0) not in routes
    step = routes[(4, 6, 0)]
    assert step["cost"] == 1
    assert step["steps"] == [{"kind": "step", "to": [4, 6, 0], "cost": 1}]
    # Up the ladder at (4,5) onto the platform: 2 movement points.
    up = routes[(5, 5, 1)]
    assert up["cost"] == 2
    assert up["steps"] == [{"kind": "ladder", "to": [5, 5, 1], "cost": 2, "via": [4, 5]}]
    assert all(route["cost"] <= 4 for route in result["reachable"])
    costs = [route["cost"] for route in result["reachable"]]
    assert costs == sorted(costs)


def test_reach_over_a_low_obstacle(field: Battlefield) -> None:
    # Friends stand on both ways around the fence at (2,5).
    result = ok(field, op="reach", speed=3, friends=[[2, 4], [2, 6]], **{"from": [1, 5]})
    over = _routes(result)[(3, 5, 0)]
    assert over["cost"] == 3
    assert over["steps"] == [{"kind": "over-low", "to": [3, 5, 0], "cost": 3, "via": [2, 5]}]


def test_reach_with_focus_quickness_and_cripple(field: Battlefield) -> None:
    result = ok(
        field,
        op="reach",
        speed=5,
        focused_speed=8,
        use_focus=True,
        quickness=True,
        cripple=True,
        **{"from": [3, 6]},
    )
    assert result["points"] == 8
    assert result["notes"] == [
        "focused speed 8 (Spending Focus)",
        "+2: quickness (Buffs and Debuffs)",
        "-2: cripple (Buffs and Debuffs)",
    ]


def test_reach_from_difficult_terrain(field: Battlefield) -> None:
    result = ok(field, op="reach", speed=5, **{"from": [1, 1]})
    assert result["points"] == 3
    assert any("difficult terrain" in note for note in result["notes"])


def test_reach_stops_next_to_enemies_and_avoids_friends(field: Battlefield) -> None:
    result = ok(
        field,
        op="reach",
        speed=3,
        friends=[[2, 6]],
        enemies=[[5, 6]],
        **{"from": [3, 6]},
    )
    routes = _routes(result)
    assert (2, 6, 0) not in routes and (5, 6, 0) not in routes
    assert routes[(4, 6, 0)]["stopped_by_enemy"] is True
    assert routes[(3, 5, 0)]["stopped_by_enemy"] is False
    # Nothing is reached through the hex next to the enemy.
    for route in result["reachable"]:
        for step in route["steps"][:-1]:
            assert step["to"] != [4, 6, 0]


def test_reach_jump_passes_obstacles(field: Battlefield) -> None:
    walk = _routes(ok(field, op="reach", speed=2, **{"from": [3, 2]}))
    jump = ok(field, op="reach", speed=2, style="jump", **{"from": [3, 2]})
    assert jump["style"] == "jump"
    assert (5, 2, 0) not in walk
    assert _routes(jump)[(5, 2, 0)]["cost"] == 2


# --- bad lines ----------------------------------------------------------------------------------


def test_every_op_is_documented_here() -> None:
    assert set(OPS) == {"distance", "hexes", "los", "cover", "flank", "reach"}


def test_not_json_then_the_next_line_is_answered(field: Battlefield) -> None:
    answers = run(field, "{not json", '{"op": "hexes", "at": [1, 1]}')
    assert answers[0]["ok"] is False
    assert answers[0]["error"].startswith("not JSON")
    assert answers[0]["line"] == 1
    assert answers[1]["ok"] is True
    assert "line" not in answers[1]


def test_not_an_object(field: Battlefield) -> None:
    for text, kind in (("[1, 2]", "an array"), ('"los"', "a string"), ("3", "a number")):
        (result,) = run(field, text)
        assert result == {
            "ok": False,
            "error": f"a request must be a JSON object, got {kind}",
            "line": 1,
        }


def test_unknown_and_missing_op(field: Battlefield) -> None:
    unknown = failure(field, op="teleport", id="q")
    assert unknown["field"] == "op"
    assert unknown["id"] == "q"
    assert "unknown op" in unknown["error"] and "distance" in unknown["error"]
    missing = failure(field, id=3)
    assert missing["field"] == "op"
    assert "missing field 'op'" in missing["error"]
    assert failure(field, op=5)["field"] == "op"


def test_missing_field(field: Battlefield) -> None:
    result = failure(field, op="los", **{"from": [0, 4]})
    assert result["field"] == "to"
    assert result["error"] == "missing field 'to' (op 'los')"
    assert failure(field, op="reach", **{"from": [0, 4]})["field"] == "speed"
    assert failure(field, op="flank", target=[2, 4], **{"from": [1, 4]})["field"] == "facing"


def test_unknown_field_is_refused(field: Battlefield) -> None:
    result = failure(field, op="cover", charcters=[], **{"from": [0, 4], "to": [3, 4]})
    assert result["field"] == "charcters"
    assert "unknown field 'charcters'" in result["error"]
    assert "from, to, characters" in result["error"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0,4", 'expected a position [q, r, level], got a string "0,4"'),
        ({"q": 0}, "expected a position [q, r, level], got an object"),
        ([0], "expected [q, r] or [q, r, level], got 1 item [0]"),
        ([0, 4, 0, 1], "got 4 items"),
        ([0, "4"], 'r must be an integer, got "4"'),
        ([0.5, 4], "q must be an integer, got 0.5"),
        ([True, 4], "q must be an integer, got true"),
        ([0, 4, 2], "level must be 0 (ground) or 1 (platform), got 2"),
        ([0, 4, -1], "level must be 0 (ground) or 1 (platform), got -1"),
        ([30, 4], "hex (30,4) is off the 10x8 board of map 'tiny'"),
        ([4, 2], "(4,2) is not a position one can stand on: the hex holds high obstacle (wall)"),
        ([4, 5], "the hex holds ladder (tower-ladder)"),
        ([0, 4, 1], "(0,4)^ is not a position one can stand on: there is no platform at (0,4)"),
    ],
)
def test_malformed_position(field: Battlefield, value: Any, message: str) -> None:
    result = failure(field, op="distance", to=[1, 4], **{"from": value})
    assert result["field"] == "from"
    assert result["error"].startswith("field 'from': ")
    assert message in result["error"]


def test_malformed_position_in_a_list(field: Battlefield) -> None:
    result = failure(
        field, op="cover", characters=[[1, 4], [4, 2]], **{"from": [0, 4], "to": [3, 4]}
    )
    assert result["field"] == "characters[1]"
    assert "(4,2) is not a position" in result["error"]
    not_a_list = failure(field, op="reach", speed=3, enemies=[1, 4], **{"from": [0, 4]})
    assert not_a_list["field"] == "enemies[0]"
    assert failure(field, op="reach", speed=3, friends="x", **{"from": [0, 4]})["field"] == (
        "friends"
    )


@pytest.mark.parametrize(
    ("fields", "culprit", "message"),
    [
        ({"speed": "5"}, "speed", 'expected an integer, got a string "5"'),
        ({"speed": True}, "speed", "expected an integer, got a boolean true"),
        ({"speed": 2.5}, "speed", "expected an integer, got a number 2.5"),
        ({"speed": -1}, "speed", "must be at least 0, got -1"),
        ({"speed": 5, "use_focus": 1}, "use_focus", "expected true or false"),
        ({"speed": 5, "use_focus": True}, "focused_speed", "use_focus needs it"),
        ({"speed": 5, "focused_speed": "8"}, "focused_speed", "expected an integer"),
        ({"speed": 5, "style": "fly"}, "style", "expected one of move, jump, teleport"),
    ],
)
def test_malformed_reach_fields(
    field: Battlefield, fields: dict[str, Any], culprit: str, message: str
) -> None:
    result = failure(field, op="reach", **{"from": [3, 6]}, **fields)
    assert result["field"] == culprit
    assert culprit in result["error"]
    assert message in result["error"]


def test_malformed_facing(field: Battlefield) -> None:
    for facing in (6, -1, "north", 1.5, None):
        result = failure(field, op="flank", target=[2, 4], facing=facing, **{"from": [1, 4]})
        assert result["field"] == "facing"
        assert "expected a direction 0..5 (0=E, 1=NE" in result["error"]


def test_bad_id_is_refused_and_not_echoed(field: Battlefield) -> None:
    result = failure(field, op="hexes", id=[1])
    assert result["field"] == "id"
    assert "id" not in result


def test_answer_refuses_a_non_object() -> None:
    field = Battlefield.from_yaml(TINY)
    result = answer(field, [1, 2])  # type: ignore[arg-type]
    assert result == {"ok": False, "error": "a request must be a JSON object, got an array"}


def test_a_stream_of_good_bad_and_blank_lines(field: Battlefield) -> None:
    lines = [
        '{"op": "distance", "from": [0, 4], "to": [5, 4], "id": 1}',
        "",
        "   ",
        '{"op": "los", "from": [2, 2], "to": [9, 9], "id": 2}',
        "[]",
        '{"op": "reach", "from": [3, 6], "speed": 1, "id": 3}\r\n',
        '{"op": "flank"',
    ]
    answers = run(field, *lines)
    assert [a.get("id") for a in answers] == [1, 2, None, 3, None]
    assert [a["ok"] for a in answers] == [True, False, False, True, False]
    # Blank lines are skipped but counted, so "line" points at the input line.
    assert [a.get("line") for a in answers] == [None, 4, 5, None, 7]
    assert answers[1]["field"] == "to"
    assert "off the 10x8 board" in answers[1]["error"]


def test_run_queries_is_lazy(field: Battlefield) -> None:
    def lines() -> Any:
        yield '{"op": "hexes", "at": [0, 0]}'
        raise AssertionError("read ahead of the answers")

    stream = run_queries(field, lines())
    assert json.loads(next(stream))["ok"] is True


def test_an_engine_error_is_answered_and_the_stream_goes_on(
    field: Battlefield, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(field, "line_of_sight", broken)
    answers = run(
        field,
        '{"op": "los", "from": [0, 4], "to": [1, 4], "id": "x"}',
        '{"op": "distance", "from": [0, 4], "to": [1, 4]}',
    )
    assert answers[0] == {
        "ok": False,
        "error": "internal error: RuntimeError: boom",
        "id": "x",
        "line": 1,
    }
    assert answers[1]["ok"] is True


def test_answers_are_single_lines_of_json(field: Battlefield) -> None:
    for line in run_queries(field, ['{"op": "reach", "from": [3, 6], "speed": 3}', "nope"]):
        assert "\n" not in line
        json.loads(line)
