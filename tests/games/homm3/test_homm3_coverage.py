"""The coverage table of docs/homm3.md (issue 24 §6): it lists every paragraph of homm3.md
§3–§5.25 (but §5.18 and §5.24) and every map item of §8 and §9, each with at least one test,
and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from coverage_table import ITEMS, ROOT, homm3_tests

DOC = ROOT / "docs" / "homm3.md"


def rows() -> dict[str, list[str]]:
    """The table's rows: item -> the test ids it names."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Coverage") :]
    found = {}
    for line in section.splitlines():
        cell = re.match(r"\| (§[\d.]+) \|", line)
        if cell:
            found[cell.group(1)] = re.findall(r"`([^`]+::[^`]+)`", line)
    return found


def test_every_item_has_a_row_with_tests() -> None:
    """Issue 24 §6: each item of the list has its row and at least one test."""
    table = rows()
    assert [item for item in ITEMS if not table.get(item)] == []


def test_every_test_named_exists() -> None:
    """Issue 24 §6: a test the table names is a test function of that file."""
    known = set(homm3_tests())
    named = {test for tests in rows().values() for test in tests}
    assert named and sorted(named - known) == []
    assert all((ROOT / test.split("::")[0]).exists() for test in named)


def test_the_table_is_at_the_path_the_docs_give() -> None:
    """The docs name the script that makes the table; it is there."""
    assert Path(__file__).with_name("coverage_table.py").exists()
