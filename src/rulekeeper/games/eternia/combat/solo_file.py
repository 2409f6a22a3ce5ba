"""The solo mode in a combat file (docs/eternia-combat.md, "Solo"): an ``enemy`` side (an enemy
hero, spec §5.17.3) and the top-level ``solo`` section with the difficulty and the enemy's
decks, each listed in draw order (or dealt from the content pack and shuffled when left out).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core.errors import DataError
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.eternia.combat.model import Fighter, Solo
from rulekeeper.games.eternia.content.pack import ContentPack

__all__ = ["SOLO_FIELDS", "check_weapons", "enemy_side", "read_solo", "set_battle", "write_solo"]

SOLO_FIELDS = (
    "difficulty",
    "momentum",
    "plain",
    "effects",
    "spent",
    "battle",
    "used",
    "drawn",
    "acted",
)
DECKS = ("momentum", "plain", "effects")
"""The piles listed in draw order (the first card is drawn first)."""


def enemy_side(entry: Mapping[str, Any], pack: ContentPack, source: str, path: str) -> Fighter:
    """An enemy hero's side: its hero card's HP, no grid (spec §5.17.3, A-28)."""
    if path == "active":
        raise DataError(source, "active.enemy", "the active side is the player's hero (A-28)")
    hero = pack.heroes.get(str(entry["enemy"]))
    if hero is None:
        raise DataError(source, f"{path}.enemy", f"unknown hero {entry['enemy']!r} (heroes.yaml)")
    return Fighter(kind="enemy", name=hero.id, faction=hero.faction, health=hero.health, done=True)


def _ids(value: Any, known: Mapping[str, Any], source: str, path: str, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise DataError(source, path, f"expected a list of {what} ids")
    unknown = [card for card in value if card not in known]
    if unknown:
        raise DataError(source, path, f"unknown {what} {unknown[0]!r} (solo.yaml)")
    return list(value)


def read_solo(doc: Any, pack: ContentPack, rng: Pcg32, source: str) -> Solo:
    """The ``solo`` section: a difficulty id (a string) or a mapping with the difficulty and the
    piles; a deck left out is the pack's, shuffled by *rng* (spec §3.2 steps 3–4)."""
    entry: Mapping[str, Any] = {"difficulty": doc} if isinstance(doc, str) else doc
    if not isinstance(entry, Mapping):
        raise DataError(source, "solo", "a difficulty id or {difficulty, momentum, plain, ...}")
    unknown = sorted(set(entry) - set(SOLO_FIELDS))
    if unknown:
        reason = f"unknown field (known: {', '.join(SOLO_FIELDS)})"
        raise DataError(source, f"solo.{unknown[0]}", reason)
    level = entry.get("difficulty")
    if level not in pack.difficulties:
        reason = f"one of {', '.join(pack.difficulties)} (spec §5.17.2)"
        raise DataError(source, "solo.difficulty", reason)
    solo = Solo(difficulty=str(level), acted=entry.get("acted") is True)
    for name in ("spent", "drawn"):
        cards = _ids(entry.get(name, []), pack.effect_cards, source, f"solo.{name}", "effect card")
        setattr(solo, name, cards)
    solo.used = _ids(entry.get("used", []), pack.battle_cards, source, "solo.used", "battle card")
    battle = entry.get("battle", "")
    if battle and battle not in pack.battle_cards:
        raise DataError(source, "solo.battle", f"unknown battle card {battle!r} (solo.yaml)")
    solo.battle = str(battle)
    for name in DECKS:
        known = pack.effect_cards if name == "effects" else pack.battle_cards
        if name in entry:
            what = "effect card" if name == "effects" else "battle card"
            cards = _ids(entry[name], known, source, f"solo.{name}", what)
            setattr(solo, name, list(reversed(cards)))
    named = {*solo.momentum, *solo.plain, *solo.used, solo.battle, *solo.spent}
    dealt = {
        "momentum": pack.battle_deck("momentum"),
        "plain": pack.battle_deck("plain"),
        "effects": [c for c in pack.effect_deck(str(level)) if c not in solo.spent],
    }
    for name in DECKS:
        if name not in entry:  # the pack's cards not named elsewhere, shuffled
            cards = [card for card in dealt[name] if card not in named]
            rng.shuffle(cards)
            setattr(solo, name, cards)
    _check_decks(solo, pack, source)
    return solo


def _check_decks(solo: Solo, pack: ContentPack, source: str) -> None:
    """Each battle card in the deck of its symbol, once; the effect cards of the difficulty."""
    for name in ("momentum", "plain"):
        momentum = name == "momentum"
        wrong = [c for c in getattr(solo, name) if pack.battle_cards[c].momentum != momentum]
        if wrong:
            reason = f"{wrong[0]!r} belongs to the other battle deck (spec §3.2 step 4)"
            raise DataError(source, f"solo.{name}", reason)
    for name in ("momentum", "plain", "used"):
        others = [c for n in ("momentum", "plain", "used") if n != name for c in getattr(solo, n)]
        pile = getattr(solo, name)
        twice = [c for c in pile if pile.count(c) > 1 or c in others or c == solo.battle]
        if twice:
            raise DataError(source, f"solo.{name}", f"battle card {twice[0]!r} is listed twice")
    most = pack.difficulties[solo.difficulty].skulls
    for name in ("effects", "spent"):
        wrong = [c for c in getattr(solo, name) if pack.effect_cards[c].skulls > most]
        if wrong:
            reason = f"{wrong[0]!r} has more than {most} skulls: not in this difficulty's deck"
            raise DataError(source, f"solo.{name}", reason)


def check_weapons(enemy: Fighter, solo: Solo, pack: ContentPack, source: str) -> None:
    """Each battle deck holds a card of the enemy hero's weapon types, counting the ones set
    aside this combat (each round's draw finds one, spec §5.17.3; enemy.py)."""
    weapons = {weapon.type for weapon in pack.heroes[enemy.name].weapons}
    aside = [*solo.used, *([solo.battle] if solo.battle else [])]
    for name in ("momentum", "plain"):
        momentum = name == "momentum"
        cards = [
            *getattr(solo, name),
            *(c for c in aside if pack.battle_cards[c].momentum == momentum),
        ]
        if not any(pack.battle_cards[c].weapon in weapons for c in cards):
            types = ", ".join(sorted(weapons))
            reason = (
                f"no card for {enemy.name}'s weapon types ({types}): each round draws one "
                "(spec §5.17.3)"
            )
            raise DataError(source, f"solo.{name}", reason)


def set_battle(enemy: Fighter, solo: Solo, pack: ContentPack) -> None:
    """An enemy hero's totals from the battle card in play (a position inside a round)."""
    if solo.battle:
        card = pack.battle_cards[solo.battle]
        enemy.attack, enemy.defense, enemy.initiative = card.attack, card.defense, card.initiative


def write_solo(solo: Solo) -> JsonObject:
    """The ``solo`` section of a position (the decks in draw order)."""
    return {
        "difficulty": solo.difficulty,
        "momentum": list(reversed(solo.momentum)),
        "plain": list(reversed(solo.plain)),
        "effects": list(reversed(solo.effects)),
        "spent": list(solo.spent),
        "battle": solo.battle,
        "used": list(solo.used),
        "drawn": list(solo.drawn),
        "acted": solo.acted,
    }
