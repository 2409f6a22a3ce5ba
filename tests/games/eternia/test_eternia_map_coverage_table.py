"""The coverage table of docs/eternia.md (issue 28 §4): it lists every paragraph of
fields_of_eternia.md the issue names and every map item of §8 and §9, each with at least one
test (but the open ones map_coverage.py lists), and every test it names exists."""

from __future__ import annotations

import re

from map_coverage import ITEMS, OPEN, ROOT, eternia_tests, table

DOC = ROOT / "docs" / "eternia.md"


def rows() -> dict[str, list[str]]:
    """The table's rows: item -> the test ids it names."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Coverage") :]
    found = {}
    for line in section.splitlines():
        cell = re.match(r"\| (§[\d.]+|A-\d+) \|", line)
        if cell:
            found[cell.group(1)] = re.findall(r"`([^`]+::[^`]+)`", line)
    return found


def test_every_item_has_a_row_with_tests() -> None:
    """Issue 28 §4: each item has its row and at least one test, but the open ones."""
    found = rows()
    assert set(found) == set(ITEMS)
    assert [item for item in ITEMS if not found[item] and item not in OPEN] == []


def test_every_test_named_exists() -> None:
    """Issue 28 §4: a test the table names is a test function of that file."""
    known = set(eternia_tests())
    named = {test for tests in rows().values() for test in tests}
    assert named and sorted(named - known) == []


def test_the_table_is_the_one_the_tests_make() -> None:
    """The table in the docs is what map_coverage.py makes from the tests' docstrings now
    (the items and their tests; the titles come from the spec when it is beside the repo)."""
    made = {
        m.group(1): re.findall(r"`([^`]+::[^`]+)`", line)
        for line in table().splitlines()
        if (m := re.match(r"\| (§[\d.]+|A-\d+) \|", line))
    }
    assert made == rows()
