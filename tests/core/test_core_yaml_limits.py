"""Limits of the documents the engine reads from outside (issue 20 §2): one core YAML loader
(core/content.py) for card data, maps, positions and battle files refuses an alias bomb
("billion laughs", which took 17.5 s), a document nested too deep (which crashed the YAML
builder, and raised RecursionError in core/position.py and core/game.py) and a key given twice;
JSON files and game parameters too (docs/positions.md, *Limits*)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import DataError, PositionError, load_game
from rulekeeper.core.content import MAX_YAML_VALUES, load_json, load_yaml, read_yaml
from rulekeeper.core.jsonvalue import MAX_DEPTH, check_json
from rulekeeper.core.session import Session
from rulekeeper.games.battleground.board.battlefield import Battlefield

BOMB = "\n".join(
    [
        "format: homm3-battle",
        "a: &a [x, x, x, x, x, x, x, x, x, x]",
        *(
            f"{name}: &{name} [{', '.join([f'*{before}'] * 10)}]"
            for before, name in zip("abcdefgh", "bcdefghi", strict=True)
        ),
    ]
)
"""Ten to the power of nine values in a dozen lines."""
DEEP = "a: " + "[" * 100_000 + "]" * 100_000


def quickly_refused(call: Any, *args: Any) -> DataError:
    start = time.process_time()
    with pytest.raises(DataError) as caught:
        call(*args)
    assert time.process_time() - start < 2.0
    return caught.value


def test_an_alias_bomb_is_refused_at_once() -> None:
    """Issue 20 §2: aliases expanding beyond MAX_YAML_VALUES values are refused unbuilt."""
    error = quickly_refused(load_yaml, BOMB, "bomb.yaml")
    assert f"more than {MAX_YAML_VALUES} values once its aliases are expanded" in str(error)


def test_aliases_within_the_limit_are_read() -> None:
    """Issue 20 §2: a document using aliases within the limit reads as before."""
    text = "base: &base {attack: 2, hp: 3}\nunits: [*base, *base]\n"
    assert load_yaml(text, "t.yaml") == {
        "base": {"attack": 2, "hp": 3},
        "units": [{"attack": 2, "hp": 3}, {"attack": 2, "hp": 3}],
    }


def test_an_alias_inside_what_it_names_is_refused() -> None:
    """Issue 20 §2: a recursive alias would build a value holding itself."""
    assert "inside the value it names" in str(quickly_refused(load_yaml, "a: &x [1, *x]", "t"))


@pytest.mark.parametrize("text", [DEEP, "a:\n" + "".join(" " * n + "- \n" for n in range(150))])
def test_a_document_nested_too_deep_is_refused(text: str) -> None:
    """Issue 20 §2: 100,000 nested lists crashed the YAML builder (a segmentation fault);
    nesting beyond MAX_DEPTH is refused before anything is built."""
    error = quickly_refused(load_yaml, text, "deep.yaml")
    assert f"nested deeper than {MAX_DEPTH} levels" in str(error)


def test_a_key_given_twice_is_refused() -> None:
    """Issue 20 §2 (duplicate fields): YAML and JSON would keep the last value silently."""
    assert "duplicate key 'hp'" in str(quickly_refused(load_yaml, "hp: 1\nhp: 2\n", "t"))
    assert "duplicate key 'hp'" in str(quickly_refused(load_json, '{"hp": 1, "hp": 2}', "t"))


def test_json_nested_too_deep_is_refused() -> None:
    """Issue 20 §2: JSON nested beyond MAX_DEPTH is refused, never a RecursionError."""
    for depth in (MAX_DEPTH + 1, 100_000):
        error = quickly_refused(load_json, "[" * depth + "]" * depth, "deep.json")
        assert "nested deeper than" in str(error)
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "ok.json") is not None


def test_check_json_refuses_deep_data_without_recursion() -> None:
    """Issue 20 §2: check_json walks without recursion and names the top field."""
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(ValueError, match="owner: nested deeper than 100 levels"):
        check_json({"owner": nested})


@pytest.mark.parametrize("name", ["bomb.yaml", "deep.yaml"])
def test_every_yaml_file_goes_through_the_core_loader(tmp_path: Path, name: str) -> None:
    """Issue 20 §2: a position file, a battle file, a map and card data are refused alike."""
    path = tmp_path / name
    path.write_text(BOMB if name == "bomb.yaml" else DEEP, encoding="utf-8")
    for call in (
        lambda: load_game("battleground", position=str(path)),
        lambda: load_game("homm3-combat", battle=str(path)),
        lambda: Battlefield.load(str(path)),
    ):
        error = quickly_refused(call)
        assert "aliases are expanded" in str(error) or "nested deeper" in str(error)
    _, problems = read_yaml(path.read_text(encoding="utf-8"), name)
    assert problems and problems[0].field == "(yaml)"


def test_deeply_nested_game_parameters_are_refused() -> None:
    """Issue 20 §2 (core/game.py): a parameter nested 100,000 deep raised RecursionError; it is
    refused naming the parameter, and a position nested so deep as data is too."""
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(DataError) as caught:
        load_game("battleground", forces=nested)
    assert caught.value.field == "forces"
    with pytest.raises(PositionError) as position:
        load_game("battleground", position={"format": "battleground-position", "x": nested})
    assert position.value.field == "x"


def test_a_replay_file_nested_too_deep_is_refused(tmp_path: Path) -> None:
    """Issue 20 §2 (core JSON readers): resuming a replay file nested 100,000 deep raised
    RecursionError; it goes through the core's JSON reader and is refused."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    error = quickly_refused(Session.resume, path)
    assert error.field == "(file)" and "nested deeper than" in str(error)
