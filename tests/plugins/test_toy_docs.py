"""Issue 22 §4: docs/architecture.md's "Writing a new game" quotes the toy plug-in as it is: its
entry point lines from its pyproject.toml and its whole plugin.py."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "plugins" / "toy"
SECTION = "## Writing a new game"


def section() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert SECTION in text
    return text.split(SECTION, 1)[1].split("\n## ", 1)[0]


def fenced(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", text, re.S | re.M)


def test_issue22_the_docs_quote_the_toy_entry_point_as_written() -> None:
    (toml,) = fenced(section(), "toml")
    assert toml in (TOY / "pyproject.toml").read_text(encoding="utf-8")
    assert 'toy = "rulekeeper_toy.plugin:PLUGIN"' in toml


def test_issue22_the_docs_quote_the_toy_declaration_whole() -> None:
    plugin = (TOY / "src" / "rulekeeper_toy" / "plugin.py").read_text(encoding="utf-8")
    assert plugin in fenced(section(), "python")
