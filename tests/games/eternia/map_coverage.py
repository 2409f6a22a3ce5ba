"""The coverage table of the map game (issue 28 §4, docs/eternia.md "Coverage"): every
paragraph of fields_of_eternia.md that issue 28 names (§1.3, §3, §4, §5.1-§5.4, §5.10-§5.16,
§5.18-§5.19) and the §8 and §9 items about the map, with the tests whose docstrings cite them.

``python tests/games/eternia/map_coverage.py`` prints the table made from the tests'
docstrings (paste it under "Coverage" in docs/eternia.md); test_eternia_map_coverage.py checks
that the table there is this one and that every item but the :data:`OPEN` ones has a test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT.parent / "shared" / "rules" / "fields_of_eternia.md"
PARAGRAPHS = [
    "§1.3",
    "§3.1",
    "§3.3",
    "§3.4",
    "§4.1",
    "§4.2",
    "§4.3",
    "§4.4",
    "§5.1",
    *[f"§5.2.{i}" for i in range(1, 6)],
    "§5.3",
    "§5.4",
    "§5.10",
    *[f"§5.11.{i}" for i in range(1, 6)],
    "§5.12",
    "§5.13",
    "§5.14",
    "§5.15",
    "§5.16",
    *[f"§5.18.{i}" for i in range(1, 4)],
    "§5.19",
    "§3.2",
    *[f"§5.17.{i}" for i in range(1, 7)],
]
"""The paragraphs issue 28 names, and solo's of issue 29 (§3.2, §5.17; §5.20 out of scope)."""
MAP_ITEMS = [
    f"A-{n}"
    for n in (
        1,
        2,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
        14,
        15,
        16,
        17,
        18,
        19,
        29,
        32,
        35,
        36,
        37,
        42,
        43,
        44,
        45,
        23,
        24,
        25,
        26,
        27,
        28,
        41,
    )
]
"""The items of §8 about the map game and the solo mode (the others are the combats')."""
CORRECTIONS = ["§9.1", "§9.2", "§9.7", "§9.8", "§9.9", "§9.15"]
"""The items of §9 about the map game."""
ITEMS = [*PARAGRAPHS, *MAP_ITEMS, *CORRECTIONS]
OPEN: dict[str, str] = {}
"""Items without a test yet, each with why (the table shows them; the test allows only these)."""
SHOWN = 5


def eternia_tests() -> dict[str, str]:
    """Every Fields of Eternia test function, ``path::name``, with its docstring."""
    found = {}
    for path in sorted((ROOT / "tests" / "games" / "eternia").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found[f"{rel}::{node.name}"] = ast.get_docstring(node) or ""
    return found


def cited(doc: str) -> set[str]:
    """The items a docstring cites: each § section with the sections it is in, each A-n."""
    found = set()
    for match in re.finditer(r"§\s?(\d+(?:\.\d+)*)", doc):
        parts = match.group(1).split(".")
        found.update("§" + ".".join(parts[:k]) for k in range(1, len(parts) + 1))
    found.update(f"A-{n}" for n in re.findall(r"\bA-(\d+)\b", doc))
    return found


def titles() -> dict[str, str]:
    """Each item's title in the spec (its heading, or an A-item's bold words)."""
    out: dict[str, str] = {}
    section = ""
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{2,4} (\d+(?:\.\d+)*)\.? (.*)", line)
        if heading:
            title = re.sub(r"\s*\(p\..*?\)", "", heading.group(2))
            out.setdefault("§" + heading.group(1), title.split(" — ")[0])
            section = heading.group(1).split(".")[0]
            continue
        ambiguity = re.match(r"- \*\*(A-\d+) (.+?)\.?\*\*", line)
        if ambiguity:
            out.setdefault(ambiguity.group(1), ambiguity.group(2))
            continue
        item = re.match(r"(\d+)\. \*\*(.+?)\*\*", line)
        if item and section == "9":
            out.setdefault(f"§9.{item.group(1)}", item.group(2).rstrip(",.:;"))
    return out


def tests_of(item: str, tests: dict[str, str]) -> list[str]:
    """The tests citing *item*, the map game's first."""
    ids = sorted(t for t, doc in tests.items() if item in cited(doc))
    return sorted(ids, key=lambda t: ("map" not in t and "skirmish" not in t, t))


def table() -> str:
    """The coverage table in Markdown."""
    tests = eternia_tests()
    names = titles() if SPEC.exists() else {}
    rows = ["| Item | What | Tests |", "|---|---|---|"]
    for item in ITEMS:
        ids = tests_of(item, tests)
        more = f" (and {len(ids) - SHOWN} more)" if len(ids) > SHOWN else ""
        cells = "<br>".join(f"`{t}`" for t in ids[:SHOWN]) or "—"
        if item in OPEN:
            cells = f"{cells} (open: {OPEN[item]})"
        rows.append(f"| {item} | {names.get(item, '').replace('|', '/')} | {cells}{more} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(table(), end="")
