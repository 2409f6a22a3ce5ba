"""The ``rulekeeper`` command line, run through typer's test runner and once as a real process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.battleground.board.battlefield import Battlefield, shipped_maps
from rulekeeper.games.battleground.board.measures import Position

runner = CliRunner()

SMALL_MAP = """
name: small
title: Small field
board: {columns: 8, rows: 6}
terrain:
  - {id: wall, kind: high, hexes: [[3, 1], [3, 2]]}
  - {id: fence, kind: low, hexes: [[1, 4]]}
platforms:
  - {id: tower, hexes: [[4, 4], [5, 4]]}
ladders:
  - {id: tower-ladder, at: [3, 4], platform: tower}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [5, 5]}
"""


@pytest.fixture
def small_map(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_MAP, encoding="utf-8")
    return path


def answers(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


# --- top level --------------------------------------------------------------------------------


def test_help_lists_the_battleground_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "battleground" in result.stdout
    assert "--version" in result.stdout
    nested = runner.invoke(app, ["battleground", "--help"])
    assert nested.exit_code == 0
    assert "query" in nested.stdout and "map" in nested.stdout
    maps = runner.invoke(app, ["battleground", "map", "--help"])
    for command in ("list", "show", "check", "schema"):
        assert command in maps.stdout


def test_no_arguments_shows_help() -> None:
    result = runner.invoke(app, [])
    assert "Usage" in result.output
    assert "battleground" in result.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith("rulekeeper ")
    assert result.stdout.strip().split()[-1][0].isdigit()


# --- map list / show / check / schema ---------------------------------------------------------


def test_map_list_shows_every_shipped_map_with_its_title() -> None:
    result = runner.invoke(app, ["battleground", "map", "list"])
    assert result.exit_code == 0, result.output
    names = shipped_maps()
    assert "first-game" in names
    for name in names:
        assert name in result.stdout
        assert Battlefield.load(name).title in result.stdout


def test_map_show_draws_the_map(small_map: Path) -> None:
    result = runner.invoke(app, ["battleground", "map", "show", str(small_map)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Small field (small)" in out
    assert "Legend:" in out
    assert "#" in out and "=" in out and "n" in out
    assert "@" not in out
    assert "axial (q, r)" in out  # coordinates are on by default


def test_map_show_shipped_map_without_coordinates() -> None:
    result = runner.invoke(app, ["battleground", "map", "show", "first-game", "--no-coords"])
    assert result.exit_code == 0, result.output
    assert "first-game" in result.stdout
    assert "axial (q, r)" not in result.stdout


def test_map_show_with_line_of_sight(small_map: Path) -> None:
    result = runner.invoke(
        app, ["battleground", "map", "show", str(small_map), "--los", "1,2", "--plain"]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "@" in out
    assert "x" in out  # the wall hides the hexes behind it
    assert "sight from (1,2) on the ground" in out
    field = Battlefield.from_yaml(SMALL_MAP)
    viewer = Position(1, 2, 0)
    seen = sum(1 for p in field.positions if p != viewer and field.has_line_of_sight(viewer, p))
    assert f"{seen} of {len(field.positions) - 1} other positions are visible from (1,2)" in out


def test_map_show_los_with_a_negative_q(small_map: Path) -> None:
    # Axial q is negative on the left of lower rows; "-1,3" must not be taken for an option.
    result = runner.invoke(
        app, ["battleground", "map", "show", str(small_map), "--los", "-1,3", "--no-coords"]
    )
    assert result.exit_code == 0, result.output
    assert "sight from (-1,3) on the ground" in result.stdout


def test_map_show_in_colour(small_map: Path) -> None:
    result = runner.invoke(
        app,
        ["battleground", "map", "show", str(small_map), "--los", "4,4,1"],
        env={"FORCE_COLOR": "1", "NO_COLOR": None, "TERM": "xterm-256color"},
    )
    assert result.exit_code == 0, result.output
    assert "\x1b[" in result.stdout
    assert "sight from (4,4)^ on the platform" in result.stdout


@pytest.mark.parametrize(
    ("los", "message"),
    [
        ("5", "expected Q,R or Q,R,LEVEL"),
        ("a,b", "expected integers"),
        ("1,2,3", "LEVEL must be 0 (ground) or 1 (platform)"),
        ("3,1", "not a position one can stand on"),
        ("1,2,1", "there is no platform at (1,2)"),
    ],
)
def test_map_show_bad_los(small_map: Path, los: str, message: str) -> None:
    result = runner.invoke(app, ["battleground", "map", "show", str(small_map), "--los", los])
    assert result.exit_code == 2
    assert "--los" in result.output
    assert message in " ".join(result.output.replace("│", " ").split())


def test_map_show_unknown_map() -> None:
    result = runner.invoke(app, ["battleground", "map", "show", "no-such-map"])
    assert result.exit_code == 2
    assert "no such map file or shipped map" in result.stderr
    assert "first-game" in result.stderr


def test_map_check_good_file(small_map: Path) -> None:
    result = runner.invoke(app, ["battleground", "map", "check", str(small_map)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("OK: ")
    assert "Small field" in result.stdout


def test_map_check_broken_file_names_file_and_field(tmp_path: Path, small_map: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(SMALL_MAP.replace("platform: tower", "platform: castle"), encoding="utf-8")
    result = runner.invoke(app, ["battleground", "map", "check", str(small_map), str(broken)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("OK: ")
    # file: field: reason
    assert lines[1].startswith(f"{broken}: ladders")
    assert lines[1].endswith(".platform: no platform with id 'castle'")


def test_map_check_schema_and_yaml_errors(tmp_path: Path) -> None:
    bad_schema = tmp_path / "schema.yaml"
    bad_schema.write_text(SMALL_MAP.replace("rows: 6", "rows: 0"), encoding="utf-8")
    result = runner.invoke(app, ["battleground", "map", "check", str(bad_schema)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{bad_schema}: board.rows: ")
    bad_yaml = tmp_path / "yaml.yaml"
    bad_yaml.write_text("name: [unclosed\n", encoding="utf-8")
    result = runner.invoke(app, ["battleground", "map", "check", str(bad_yaml)])
    assert result.exit_code == 1
    assert "not valid YAML" in result.stdout
    missing = tmp_path / "missing.yaml"
    result = runner.invoke(app, ["battleground", "map", "check", str(missing)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{missing}: (file): cannot read")


def test_map_schema_is_json() -> None:
    result = runner.invoke(app, ["battleground", "map", "schema"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "Rulekeeper Battleground map"
    assert "deployment_zones" in schema["properties"]


# --- query ------------------------------------------------------------------------------------


def test_query_mixed_good_and_bad_lines(small_map: Path) -> None:
    stdin = "\n".join(
        [
            '{"op": "distance", "from": [0, 2, 0], "to": [5, 2, 0], "id": "d"}',
            "this is not json",
            "",
            '{"op": "los", "from": [1, 2], "to": [5, 1]}',
            '{"op": "los", "from": [1, 2], "to": [3, 1]}',
            '{"op": "dance"}',
            '{"op": "flank", "target": [2, 3], "facing": 0, "from": [1, 3]}',
        ]
    )
    result = runner.invoke(app, ["battleground", "query", "--map", str(small_map)], input=stdin)
    assert result.exit_code == 0, result.output
    got = answers(result.stdout)
    assert len(got) == 6
    assert got[0] == {
        "ok": True,
        "id": "d",
        "op": "distance",
        "hexes": 5,
        "inches": 4.0,
        "reason": got[0]["reason"],
    }
    assert got[1]["ok"] is False and got[1]["line"] == 2
    assert got[2]["ok"] is True and got[2]["visible"] is False
    assert [3, 1] in got[2]["blockers"]  # type: ignore[operator]
    assert got[3] == {
        "ok": False,
        "op": "los",
        "error": "field 'to': (3,1) is not a position one can stand on: "
        "the hex holds high obstacle (wall)",
        "field": "to",
        "line": 5,
    }
    assert got[4]["ok"] is False and got[4]["line"] == 6
    assert got[5]["ok"] is True and got[5]["flank"] is True
    assert result.stderr == ""


def test_query_from_an_input_file(tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_text(
        '{"op": "hexes"}\n{"op": "reach", "from": [5, 3], "speed": 2}\n', encoding="utf-8"
    )
    result = runner.invoke(
        app, ["battleground", "query", "--map", "first-game", "--input", str(requests)]
    )
    assert result.exit_code == 0, result.output
    summary, reach = answers(result.stdout)
    assert summary["name"] == "first-game"
    assert reach["ok"] is True and reach["points"] == 2


def test_query_with_a_map_that_cannot_be_loaded(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: Broken\n", encoding="utf-8")
    result = runner.invoke(app, ["battleground", "query", "--map", str(broken)], input="{}\n")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {broken}: ")


def test_query_needs_a_map() -> None:
    result = runner.invoke(app, ["battleground", "query"], input="{}\n")
    assert result.exit_code == 2
    assert "--map" in result.output


# --- the installed console script ---------------------------------------------------------------


def _console_script() -> str | None:
    # The interpreter's own bin folder first, so a stale install elsewhere on PATH is not used.
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return shutil.which("rulekeeper", path=search)


def test_console_script_answers_queries() -> None:
    script = _console_script()
    if script is None:
        pytest.skip("the rulekeeper console script is not installed")
    stdin = (
        '{"op": "distance", "from": [5, 3, 0], "to": [3, 9, 0], "id": 1}\n'
        '{"op": "los", "from": [5, 3, 0], "to": [99, 0, 0], "id": 2}\n'
    )
    done = subprocess.run(
        [script, "battleground", "query", "--map", "first-game"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, second = answers(done.stdout)
    assert first["ok"] is True and first["id"] == 1 and first["hexes"] == 6
    assert second["ok"] is False and second["id"] == 2 and second["line"] == 2
    assert "off the 30x25 board" in str(second["error"])
