"""The Python examples in docs/*.md run as written (issue 20 §3: two imports in docs/content.md
named a module the functions had left).

Each document's ``python`` blocks run in order in one namespace, as a reader would type them, in
a scratch folder holding the files the examples name (``my-cards``, ``my-maps/arena.yaml``,
``my-battle.yaml``, ``my-table.yaml``: copies of shipped data). A block that is not meant to run
on its own (a class shown without the imports around it, an outline) is marked a **fragment** by
its fence's info string, ```` ```python fragment ````, and is left out; any other word there is
refused, so a misspelt marker cannot hide a block. The README's blocks run in
tests/test_readme.py (which leaves fragments out the same way).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path

import pytest
import yaml

from rulekeeper.core import Action, load_game
from rulekeeper.games.battleground.rules.dicetest import DiceTest, RerollStep

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
BLOCK = re.compile(r"^```python(?P<info>[^\n]*)\n(?P<code>.*?)^```[ \t]*$", re.S | re.M)
FRAGMENT = "fragment"


def blocks(path: Path) -> Iterator[tuple[int, str, str]]:
    """Each ``python`` block of *path*: its first line's number, its info words, its code."""
    text = path.read_text(encoding="utf-8")
    for found in BLOCK.finditer(text):
        line = text.count("\n", 0, found.start()) + 2
        yield line, found.group("info").strip(), found.group("code")


def copy_pack(package: str, target: Path) -> None:
    """A copy of a shipped card pack's YAML files in *target*."""
    target.mkdir()
    for entry in resources.files(package).iterdir():
        if entry.name.endswith(".yaml"):
            (target / entry.name).write_text(entry.read_text(encoding="utf-8"), "utf-8")


def battleground_cards(folder: Path) -> None:
    copy_pack("rulekeeper.games.battleground.content", folder / "my-cards")


def homm3_cards(folder: Path) -> None:
    copy_pack("rulekeeper.games.homm3.content", folder / "my-cards")


def arena_map(folder: Path) -> None:
    (folder / "my-maps").mkdir()
    maps = resources.files("rulekeeper.games.battleground.board.maps")
    text = maps.joinpath("twin-towers.yaml").read_text(encoding="utf-8")
    (folder / "my-maps" / "arena.yaml").write_text(text, encoding="utf-8")


def battle_file(folder: Path) -> None:
    battles = resources.files("rulekeeper.games.homm3.battles")
    text = battles.joinpath("hero-battle.yaml").read_text(encoding="utf-8")
    (folder / "my-battle.yaml").write_text(text, encoding="utf-8")


def table_position(folder: Path) -> None:
    state = load_game("battleground").new_initial_state(seed=7)
    text = yaml.safe_dump(state.to_position(), sort_keys=False)
    (folder / "my-table.yaml").write_text(text, encoding="utf-8")


FILES: dict[str, list[Callable[[Path], None]]] = {
    "content.md": [battleground_cards],
    "homm3-content.md": [homm3_cards],
    "maps.md": [arena_map],
    "homm3-battle.md": [battle_file],
    "positions.md": [table_position],
}
"""The files each document's examples open, made in the scratch folder."""


def test_the_docs_have_python_examples() -> None:
    """Issue 20 §3: the test finds the blocks it is meant to run (a changed fence would
    otherwise leave nothing to check)."""
    runnable = [b for path in DOCS for b in blocks(path) if b[1] != FRAGMENT]
    assert len(runnable) >= 10


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_python_blocks_run(path: Path, tmp_path: Path) -> None:
    """Issue 20 §3 (a test runs every Python block in docs/ that is not a fragment): each
    block of *path* runs, in order, in one namespace."""
    found = list(blocks(path))
    for line, info, _ in found:
        assert info in ("", FRAGMENT), f"{path.name}:{line}: unknown marker {info!r}"
    for make in FILES.get(path.name, []):
        make(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs.{path.stem}"}
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        for line, info, code in found:
            if info == FRAGMENT:
                continue
            exec(compile(code, f"{path.name}:{line}", "exec"), namespace)
    finally:
        os.chdir(here)


def test_reroll_faces_are_the_values_actions_md_says() -> None:
    """Issue 20 §3, issue 21 §1 (docs/actions.md ``reroll``; rulebook, Tests, steps 5-9): a
    reroll's ``item`` is the value a die shows, not a die index: with 6, 1, 6, 2 showing, the
    picks offered are 1, 2 and 6 (the sorted dice; the two 6s alike), two 6s may be rerolled,
    and rerolling 1 and 2 rerolls the 2nd and 4th dice."""
    text = (ROOT / "docs" / "actions.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `reroll` | `item`"))
    assert "die value" in row and "never a die index" in row
    test = DiceTest(0, "test", 4, 4, [], free_rerolls=2, initial=[6, 1, 6, 2], stage="free")
    step = RerollStep(seat=0, options=[str(f) for f in sorted(test.initial)], most=2)
    assert step.picks_for(["6", "6"]) == [Action.of("reroll", item="6")] * 2
    assert (6, 6) in test.choices()
    test.apply_reroll([1, 2])
    assert test.to_roll == [1, 3]
