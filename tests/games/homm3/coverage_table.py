"""The coverage table of docs/homm3.md (issue 24 §6): every paragraph of homm3.md §3–§5.25
(but §5.18 and §5.24) and every map item of §8 and §9, with the tests whose docstrings cite it.

``python tests/games/homm3/coverage_table.py`` prints the table made from the tests' docstrings
(paste it under "Coverage" in docs/homm3.md); test_homm3_coverage.py checks that the table lists
every item and that each test it names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SPEC = ROOT.parent / "shared" / "rules" / "homm3.md"
PARAGRAPHS = [
    "§3",
    "§4.1",
    "§4.2",
    "§4.3",
    *[f"§5.{i}" for i in range(1, 24) if i != 18],
    "§5.25",
]
"""homm3.md §3 to §5.25 but §5.18 (the combat's) and §5.24 (solo, a later issue)."""
MAP_ITEMS = [f"§8.{i}" for i in [*range(1, 38), 42, 52, 53, 54, 55, 56]]
"""The items of homm3.md §8 about the map (the others are the combat's)."""
CORRECTIONS = ["§9.1", "§9.4", "§9.5", "§9.6", "§9.8", "§9.9", "§9.13"]
"""The items of homm3.md §9 about the map."""
ITEMS = [*PARAGRAPHS, *MAP_ITEMS, *CORRECTIONS]
MANUAL = {
    "§8.4": [
        "tests/games/homm3/map/test_towns.py::test_dwellings_in_order",
        "tests/games/homm3/test_map_content.py::test_dwellings_are_built_level_1_then_2_then_3",
    ],
    "§8.7": ["tests/games/homm3/test_map_content.py::test_fourteen_optional_rules_and_retreat"],
    "§8.11": [
        "tests/games/homm3/map/test_map_cards.py::"
        "test_lasting_effects_answer_their_modules_and_end_with_the_turn"
    ],
    "§8.54": [
        "tests/games/homm3/test_map_terminal.py::test_the_map_shows_fog_heroes_towns_and_guards"
    ],
}
"""Items whose tests cite them in other words (the Dwelling order as §5.14.1, ...)."""
SHOWN = 6


def homm3_tests() -> dict[str, str]:
    """Every HoMM3 test function, ``path::name``, with its docstring."""
    found = {}
    for path in sorted((ROOT / "tests" / "games" / "homm3").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found[f"{rel}::{node.name}"] = ast.get_docstring(node) or ""
    return found


def cited(doc: str) -> set[str]:
    """The items a docstring cites, with the sections they are in (§5.13.4 cites §5.13 too)."""
    found = set()
    for match in re.finditer(r"§\s?(\d+(?:\.\d+)*)", doc):
        parts = match.group(1).split(".")
        found.update("§" + ".".join(parts[:k]) for k in range(1, len(parts) + 1))
    return found


def titles() -> dict[str, str]:
    """Each item's title in homm3.md (its heading, or an §8/§9 item's first words)."""
    out = {"§3": "Setup"}
    section = ""
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{2,4} (\d+(?:\.\d+)*)\.? (.*)", line)
        if heading:
            out.setdefault("§" + heading.group(1), re.sub(r"\s*\(p\..*?\)", "", heading.group(2)))
            section = heading.group(1).split(".")[0]
            continue
        item = re.match(r"(\d+)\. (.*)", line)
        if item and section in ("8", "9"):
            bold = re.match(r"\*\*(.+?)\*\*", item.group(2))
            words = bold.group(1) if bold else " ".join(item.group(2).split()[:7])
            out.setdefault(f"§{section}.{item.group(1)}", words.rstrip(",.:;"))
    return out


def table() -> str:
    """The coverage table in Markdown."""
    tests = homm3_tests()
    names = titles() if SPEC.exists() else {}
    rows = ["| Item | What | Tests |", "|---|---|---|"]
    for item in ITEMS:
        ids = sorted(
            {t for t, doc in tests.items() if item in cited(doc)} | set(MANUAL.get(item, []))
        )
        ids.sort(key=lambda t: ("/map/" not in t, t))
        more = f" (and {len(ids) - SHOWN} more)" if len(ids) > SHOWN else ""
        cells = "<br>".join(f"`{t}`" for t in ids[:SHOWN])
        rows.append(f"| {item} | {names.get(item, '').replace('|', '/')} | {cells}{more} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(table(), end="")
