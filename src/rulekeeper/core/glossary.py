"""A game's glossary: what each keyword, buff, debuff and status means, in our own words (issue 23
§2.4). A game declares its glossary in its plug-in (``GameInfo.glossary``, a Ref to a list of
entries or a function returning one); the browser's hover definitions, the server's
``/api/catalog/{game}/glossary`` and the terminal's ``help KEYWORD`` all read it.

A glossary file is YAML: a list of ``{term, aliases, text}``, ``aliases`` the other spellings a
text uses (``flanked``, ``knocked down``, the content pack's id)::

    - term: flank
      aliases: [flanked, flanking]
      text: An attack from behind the target ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulekeeper.core.content import load_yaml
from rulekeeper.core.errors import DataError
from rulekeeper.core.jsonvalue import JsonObject

__all__ = [
    "Entry",
    "Glossary",
    "entries_json",
    "load_glossary",
    "lookup",
    "normal",
    "read_entries",
]


@dataclass(frozen=True)
class Entry:
    """One glossary entry: the term, its other spellings and its definition."""

    term: str
    aliases: tuple[str, ...]
    text: str

    def names(self) -> tuple[str, ...]:
        """The term and its aliases."""
        return (self.term, *self.aliases)

    def to_json(self) -> JsonObject:
        return {"term": self.term, "aliases": list(self.aliases), "text": self.text}


def normal(word: str) -> str:
    """A word as the glossary compares it: lower case, ``-`` and ``_`` as spaces, one space."""
    return " ".join(word.replace("-", " ").replace("_", " ").lower().split())


def read_entries(data: Any, where: str = "glossary") -> tuple[Entry, ...]:
    """Entries from data (a list of ``{term, aliases, text}``); DataError naming the first
    problem: a missing term or text, or a name given to two entries."""
    if not isinstance(data, list):
        raise DataError(where, "", "a glossary is a list of {term, aliases, text}")
    found: list[Entry] = []
    seen: dict[str, str] = {}
    for index, item in enumerate(data):
        if isinstance(item, Entry):
            found.append(item)
            continue
        if not isinstance(item, dict):
            raise DataError(where, str(index), "an entry is {term, aliases, text}")
        term, text = item.get("term"), item.get("text")
        aliases = item.get("aliases") or []
        if not isinstance(term, str) or not term.strip():
            raise DataError(where, str(index), "an entry needs a term")
        if not isinstance(text, str) or not text.strip():
            raise DataError(where, term, "an entry needs a text")
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise DataError(where, term, "aliases is a list of words")
        unknown = set(item) - {"term", "aliases", "text"}
        if unknown:
            raise DataError(where, term, f"unknown keys: {', '.join(sorted(unknown))}")
        found.append(Entry(term.strip(), tuple(a.strip() for a in aliases), " ".join(text.split())))
    for entry in found:
        for name in entry.names():
            key = normal(name)
            if key in seen and seen[key] != entry.term:
                raise DataError(where, entry.term, f"{name!r} also names {seen[key]!r}")
            seen[key] = entry.term
    return tuple(found)


def load_glossary(path: Path | str) -> tuple[Entry, ...]:
    """The entries of the glossary file *path* (YAML)."""
    where = str(path)
    return read_entries(load_yaml(Path(path).read_text(encoding="utf-8"), where), where)


def lookup(entries: Iterable[Entry], word: str) -> Entry | None:
    """The entry *word* names (its term or an alias, whatever the case, ``-`` or ``_``), or
    None."""
    key = normal(word)
    return next((e for e in entries if key in {normal(n) for n in e.names()}), None)


def entries_json(entries: Sequence[Entry]) -> list[JsonObject]:
    """The entries as data, in their order (``board.glossary``, the server's glossary)."""
    return [entry.to_json() for entry in entries]


@dataclass
class Glossary:
    """A glossary file shipped beside a game's code, read on first use and kept (a plug-in
    declares one: ``GLOSSARY = Glossary(Path(__file__).with_name("glossary.yaml"))``)."""

    path: Path
    _entries: tuple[Entry, ...] | None = field(default=None, init=False, repr=False)

    def entries(self) -> tuple[Entry, ...]:
        """The file's entries (DataError naming the first problem)."""
        if self._entries is None:
            self._entries = load_glossary(self.path)
        return self._entries

    def to_json(self) -> list[JsonObject]:
        """The entries as data: ``[{"term", "aliases", "text"}]``."""
        return entries_json(self.entries())
