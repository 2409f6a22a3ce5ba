"""HoMM3's glossary (issue 23 §2.4; core/glossary.py): the entries of glossary.yaml beside this
module, declared by the plug-in (``GameInfo.glossary``) and read by the server's
``/api/catalog/homm3-combat/glossary``, the browser's board and the terminal's ``help KEYWORD``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rulekeeper.core import JsonObject
from rulekeeper.core.glossary import Entry, entries_json, load_glossary

__all__ = ["GLOSSARY", "entries", "glossary"]

PATH = Path(__file__).with_name("glossary.yaml")


@cache
def entries() -> tuple[Entry, ...]:
    """The glossary's entries (read once)."""
    return load_glossary(PATH)


def glossary() -> list[JsonObject]:
    """The glossary as data: ``[{"term", "aliases", "text"}]``."""
    return entries_json(entries())


GLOSSARY: list[JsonObject] = glossary()
"""The entries as data, for the terminal's ``help KEYWORD``."""
