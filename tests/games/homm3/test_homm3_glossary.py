"""HoMM3's glossary (issue 23 §2.4): every unit ability, unit type, card side, unit status and
lasting card effect of the content pack is defined, read from the pack itself."""

from __future__ import annotations

import dataclasses

from rulekeeper.core.glossary import lookup
from rulekeeper.core.registry import game_info
from rulekeeper.games.homm3 import glossary
from rulekeeper.games.homm3.combat.model import FACES, Unit
from rulekeeper.games.homm3.content.pack import card_plays, load_content_pack

BOOKKEEPING = {"id", "card", "side", "field", "was_pack", "used", "under_damage", "face"}
"""Fields of a unit that are not statuses."""
KEYWORDS = ("Few", "Pack", "Paralysis", "retaliation", "Defense token", "combat penalty")
"""The keywords issue 23 §2.4 names (and the board shows)."""


def pack_words() -> set[str]:
    pack = load_content_pack()
    words: set[str] = set()
    for unit in [*pack.units.values(), pack.tower]:
        for side in (unit.few, unit.pack):
            if side is None:
                continue
            words.add(side.type)
            words |= {ability.kind for ability in side.abilities}
    for card in pack.all_cards():
        for _, play in card_plays(card):
            if play.timing == "ongoing":  # lasting effects: statuses of units or heroes
                words |= {effect.kind for effect in [*play.effects, *play.one_of]}
    return words


def test_the_glossary_defines_every_name_of_the_pack_and_every_status() -> None:
    """issue 23 §2.4."""
    entries = glossary.GLOSSARY.entries()
    statuses = {f.name for f in dataclasses.fields(Unit)} - BOOKKEEPING
    words = pack_words() | statuses | set(FACES) | set(KEYWORDS)
    assert {"no-retaliation", "flying", "paralysed", "defending", "archery"} <= words
    missing = sorted(word for word in words if lookup(entries, word) is None)
    assert not missing, f"not in the glossary: {missing}"


def test_the_plugin_declares_it() -> None:
    """issue 23 §2.4: the terminal's GLOSSARY is the plug-in's."""
    declared = [entry.to_json() for entry in game_info("homm3-combat").glossary_entries()]
    assert declared == glossary.GLOSSARY.to_json()
    found = lookup(glossary.GLOSSARY.entries(), "paralysed")
    assert found is not None and found.term == "Paralysis"
