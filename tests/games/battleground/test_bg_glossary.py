"""Battleground's glossary (issue 23 §2.4): every buff, debuff, mark, status and keyword name the
content pack and the characters' statuses use is defined, read from the pack itself."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from rulekeeper.core.glossary import lookup
from rulekeeper.core.registry import game_info
from rulekeeper.games.battleground.content.effects import CUSTOM_EFFECTS
from rulekeeper.games.battleground.content.pack import shipped_content_pack
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.views import card_text, glossary

KEYWORDS = ("knockdown", "scope", "flank", "cover", "overwatch", "AP", "focus", "mana")
"""The keywords issue 23 §2.4 names."""
BOOKKEEPING = {"id", "card", "owner", "q", "r", "level", "facing", "items", "used_items", "weapons"}
BOOKKEEPING |= {"cards", "used_once"}
"""Fields of a character that are not statuses."""


def _walk(value: Any) -> Iterator[BaseModel]:
    if isinstance(value, BaseModel):
        yield value
        for name in type(value).model_fields:
            yield from _walk(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)


def pack_words() -> set[str]:
    """Every status, mark, effect keyword, weapon type and item kind of the shipped pack, as a
    text names it."""
    pack = shipped_content_pack()
    words: set[str] = set()
    for table in (pack.characters, pack.weapons, pack.items, pack.fate, pack.glory):
        for model in _walk(table):
            kind = getattr(model, "kind", None)
            if kind in ("buff", "debuff") and getattr(model, "unique", False):
                words.add(f"{card_text.readable(pack, model.name)} {kind}")  # type: ignore[attr-defined]
            elif kind in ("buff", "debuff", "has_buff", "has_debuff"):
                if getattr(model, "name", None):
                    words.add(model.name)  # type: ignore[attr-defined]
            elif kind == "place_mark":
                words.add(f"{card_text.readable(pack, model.mark)} mark")  # type: ignore[attr-defined]
            elif kind in ("push", "pull", "switch", "heal", "reroll"):
                words.add(kind)
            elif kind == "custom":
                words.add(model.id)  # type: ignore[attr-defined]
    words |= {weapon.type for weapon in pack.weapons.values()}
    words |= {"area" for weapon in pack.weapons.values() if weapon.area}
    words |= {item.kind for item in pack.items.values()}
    words |= {"disposable" for item in pack.items.values() if item.disposable}
    return words


def test_the_glossary_defines_every_name_of_the_pack_and_every_status() -> None:
    """issue 23 §2.4: buffs, debuffs, marks, keywords of the content pack, statuses of a
    character, and the keywords the issue names."""
    entries = glossary.GLOSSARY.entries()
    statuses = {f.name for f in dataclasses.fields(Fighter)} - BOOKKEEPING
    words = pack_words() | statuses | set(KEYWORDS) | set(CUSTOM_EFFECTS)
    assert {"quickness", "knockdown", "curse", "Tri-Klops debuff", "Mer-Man mark"} <= words
    missing = sorted(word for word in words if lookup(entries, word) is None)
    assert not missing, f"not in the glossary: {missing}"


def test_the_plugin_declares_it_and_the_board_serves_it() -> None:
    """issue 23 §2.4: the plug-in's glossary is the one the browser gets (board.glossary) and
    the terminal reads (GLOSSARY)."""
    declared = [entry.to_json() for entry in game_info("battleground").glossary_entries()]
    assert declared == glossary.GLOSSARY.to_json()
    assert game_info("battleground-movement").glossary_entries()
    flank = lookup(glossary.GLOSSARY.entries(), "flanked")
    assert flank is not None and "scope +1" in flank.text
