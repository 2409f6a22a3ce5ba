"""The position convention of the core (issue 7 §1; core/position.py, docs/architecture.md,
*Positions*): a game with a position format takes ``position=`` (data, or a YAML or JSON file
relative to the current folder), ``new_initial_state(seed)`` returns that position, and a bad
position raises one ``PositionError`` naming every problem with its file and field.

The game here is the smallest one with a position format: a counter that one player raises to
three (its position: the count, a label, and a notes file named relative to the position).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Self

import pytest
from toy_game import ToyGame

from rulekeeper.core import (
    TERMINAL,
    Action,
    Bounds,
    DataError,
    Game,
    GameState,
    JsonObject,
    PositionError,
    load_game,
)
from rulekeeper.core.position import Problems, check_header, read_position, read_record

FORMAT = "count-position"


@dataclass
class CountPosition:
    """The fields of a counter's position (a record: read field by field)."""

    count: Annotated[int, Bounds(0, 3)] = 0
    label: str = ""
    notes: str = ""
    tags: list[str] = field(default_factory=list)


class CountState(GameState):
    """Player 0 adds one until the count is three."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.count = 0
        self.label = ""
        self.notes = ""

    def _current_player(self) -> int:
        return TERMINAL if self.count >= 3 else 0

    def _legal_actions(self, player: int) -> Sequence[Action]:
        return [Action.of("add")]

    def _apply(self, action: Action, player: int) -> None:
        self.count += 1

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return ()

    def _returns(self) -> Sequence[float]:
        return [1.0 if self.count >= 3 else 0.0]

    def _observation(self, player: int) -> JsonObject:
        return {"count": self.count}

    def _to_data(self) -> JsonObject:
        return {"count": self.count, "label": self.label, "notes": self.notes}

    def _from_data(self, data: Mapping[str, Any]) -> None:
        self.count, self.label, self.notes = data["count"], data["label"], data["notes"]

    @classmethod
    def from_position(cls, game: Game, position: Mapping[str, Any], seed: int) -> Self:
        problems = Problems(game.position_source)
        check_header(position, FORMAT, game.position_versions, problems)
        body = {k: v for k, v in position.items() if k not in ("format", "version")}
        read = read_record(CountPosition, body, problems, "")
        problems.check()
        assert read is not None
        state = cls(game, seed)
        state.count, state.label, state.notes = read.count, read.label, read.notes
        return state

    def to_position(self) -> JsonObject:
        return {"format": FORMAT, "version": 1, "count": self.count, "label": self.label}


class CountGame(Game):
    name = "count"
    state_class = CountState
    position_format = FORMAT
    position_paths = ("notes",)

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        for key in params:
            if key != "position":
                raise DataError("count parameters", key, "unknown parameter")
        return dict(params)

    @property
    def num_players(self) -> int:
        return 1


def count(position: Any, seed: int = 0) -> CountState:
    state = CountGame(position=position).new_initial_state(seed)
    assert isinstance(state, CountState)
    return state


def test_a_position_given_as_data() -> None:
    """Issue 7 §1: new_initial_state returns the position; to_position writes it back."""
    position = {"format": FORMAT, "version": 1, "count": 2, "label": "almost"}
    state = count(position, seed=9)
    assert (state.count, state.label, state.seed) == (2, "almost", 9)
    assert count(state.to_position()).to_position() == state.to_position()
    state.apply_action(Action.of("add"))
    assert state.is_terminal()
    assert CountGame(position=position).params["position"] == position


def test_a_position_file_relative_to_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 7 §1: a path (str or Path) to a YAML or JSON file, read from the current folder;
    a file the position names (``position_paths``) is taken beside the position file."""
    folder = tmp_path / "positions"
    folder.mkdir()
    (folder / "notes.txt").write_text("hello", encoding="utf-8")
    (folder / "p.yaml").write_text(
        "format: count-position\nversion: 1\ncount: 1\nnotes: notes.txt\n", encoding="utf-8"
    )
    (folder / "p.json").write_text(
        '{"format": "count-position", "version": 1, "count": 2, "notes": "elsewhere.txt"}',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    for given in ("positions/p.yaml", Path("positions/p.yaml")):
        state = count(given)
        assert state.count == 1
        assert Path(state.notes) == Path("positions/notes.txt")
    assert count("positions/p.json").notes == "elsewhere.txt"  # no such file there: as written


def test_every_problem_is_named_at_once(tmp_path: Path) -> None:
    """Issue 7 §1: a DataError naming every problem (file, field, reason), raised when the
    game is made (nothing half-built)."""
    path = tmp_path / "bad.yaml"
    path.write_text(
        "format: count-position\nversion: 7\ncount: 12\nlabel: [1]\ncolour: red\n",
        encoding="utf-8",
    )
    with pytest.raises(PositionError) as caught:
        CountGame(position=path)
    error = caught.value
    assert isinstance(error, DataError)
    assert [(p.source, p.field) for p in error.problems] == [
        (str(path), "version"),
        (str(path), "colour"),
        (str(path), "count"),
        (str(path), "label"),
    ]
    lines = str(error).splitlines()
    assert lines[0] == "4 problems:"
    assert f"{path}: count: 12 is outside 0..3" in lines
    assert (error.source, error.field) == (str(path), "version")  # the first, as a DataError


@pytest.mark.parametrize(
    ("name", "text", "field", "reason"),
    [
        ("p.yaml", "format: [\n", "<file>", "not valid YAML"),
        ("p.json", "{format", "<file>", "not valid JSON"),
        ("p.yaml", "- 1\n- 2\n", "<root>", "expected an object, got list"),
        ("p.yaml", "", "<root>", "expected an object, got nothing"),
        ("p.yaml", "format: count-position\nwhen: 2026-11-26\n", "when", "not a JSON type"),
    ],
)
def test_a_file_that_is_no_position(
    tmp_path: Path, name: str, text: str, field: str, reason: str
) -> None:
    """Issue 7 §1: a file that holds no position object is refused, naming the file."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PositionError) as caught:
        CountGame(position=path)
    (problem,) = caught.value.problems
    assert (problem.source, problem.field) == (str(path), field)
    assert reason in problem.reason


def test_a_missing_file_or_a_value_that_is_no_position(tmp_path: Path) -> None:
    """Issue 7 §1: a position is data or the path of a file; anything else is named."""
    with pytest.raises(PositionError, match="no such file"):
        CountGame(position=str(tmp_path / "missing.yaml"))
    with pytest.raises(PositionError, match="not int"):
        read_position(42, FORMAT)


def test_a_game_without_a_position_format() -> None:
    """Issue 7 §1 (the convention is for games with a position format): the others refuse
    the parameter like any unknown one, and their states write no position."""
    with pytest.raises(DataError, match="position: toy_duel has no position format"):
        load_game("toy_duel", position={"format": "toy-position", "version": 1})
    with pytest.raises(DataError, match="position: toy_duel has no position format"):
        load_game("toy_duel", position=Path("toy.yaml"))
    with pytest.raises(NotImplementedError, match="no position format"):
        ToyGame().new_initial_state(0).to_position()


def test_read_record_names_every_field_and_problems_collect() -> None:
    """Issue 7 §1 (every problem, not only the first): a record read field by field."""
    problems = Problems("here")
    found = read_record(CountPosition, {"count": -1, "tags": "x", "what": 1}, problems, "p")
    assert found is None
    assert [(p.field, p.reason) for p in problems.items] == [
        ("p.what", "unknown field (known: count, label, notes, tags)"),
        ("p.count", "-1 is outside 0..3"),
        ("p.tags", "expected a list, got str"),
    ]
    assert read_record(CountPosition, {"count": 3}, Problems("here"), "p") == CountPosition(3)
    with pytest.raises(ValueError, match="at least one problem"):
        PositionError([])
