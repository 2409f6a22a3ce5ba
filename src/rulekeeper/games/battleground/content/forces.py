"""Standard Setup forces and decks (rulebook, Standard Setup; setups.yaml ``standard``): what a
character and its equipment cost, whether a force is legal, and whether a fate deck or a set of
glory cards is legal for a faction. Every problem is named with its field."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.content.base import format_loc
from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.content.protocols import Cards
from rulekeeper.games.battleground.content.setups import Force, ForceCharacter

__all__ = [
    "FACTIONS",
    "cost_of_character_with_equipment",
    "cost_of_force",
    "validate_fate_deck",
    "validate_force",
    "validate_glory_cards",
]

FACTIONS = ("masters", "evil")


def cost_of_character_with_equipment(
    pack: Cards,
    character: str,
    weapons: Iterable[str] = (),
    items: Iterable[str] = (),
) -> int:
    """Cost of a character and its equipment: its points in a force, and the VP an opponent
    gains for knocking it out (rulebook, Scoring; used disposable items still count).
    Raises :class:`DataError` for an unknown id."""
    try:
        total = pack.characters[character].cost
        total += sum(pack.weapons[weapon].cost for weapon in weapons)
        total += sum(pack.items[item].cost for item in items)
    except KeyError as error:
        raise DataError("force", "(id)", f"unknown card {error.args[0]!r}") from None
    return total


def _as_force(force: Force | Mapping[str, Any]) -> Force:
    if isinstance(force, Force):
        return force
    try:
        return Force.model_validate(force)
    except ValidationError as error:
        first = error.errors()[0]
        raise DataError("force", format_loc(first["loc"]), first["msg"]) from None


def cost_of_force(pack: Cards, force: Force | Mapping[str, Any]) -> int:
    """Points of a whole force (sum of :func:`cost_of_character_with_equipment`)."""
    return sum(
        cost_of_character_with_equipment(pack, entry.character, entry.weapons, entry.items)
        for entry in _as_force(force).characters
    )


def validate_force(
    pack: Cards,
    force: Force | Mapping[str, Any],
    points_limit: int | None,
) -> list[str]:
    """Every reason ``force`` is not a legal Standard Setup force (empty: legal).

    Checks: known characters of the force's faction, each at most once; equipment each
    character may take; the equipment limits (setups.yaml ``standard.equipment`` or the card's
    own slots); no more copies of a card than the box holds; total cost within ``points_limit``
    (None: no limit, as in the First Game Setup). Each message reads ``"field: reason"``, the
    field a path inside the force such as ``characters[1].weapons[0]``.
    """
    return [f"{where}: {reason}" for where, reason in force_problems(pack, force, points_limit)]


def force_problems(
    pack: Cards,
    force: Force | Mapping[str, Any],
    points_limit: int | None,
    ignore: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """(field, reason) pairs; ids in ``ignore`` are skipped (cards that failed their schema)."""
    parsed = _as_force(force)
    skip = set(ignore)
    out: list[tuple[str, str]] = []

    def say(where: str, reason: str) -> None:
        out.append((where, reason))

    seen: dict[str, int] = {}
    copies: Counter[str] = Counter()
    first_use: dict[str, str] = {}
    total = 0
    for index, entry in enumerate(parsed.characters):
        path = f"characters[{index}]"
        known = _check_force_character(pack, parsed.faction, entry, path, skip, say)
        if entry.character in seen:
            first = f"characters[{seen[entry.character]}]"
            say(path, f"{entry.character!r} is already in the force ({first})")
        seen.setdefault(entry.character, index)
        for key, ids in (("weapons", entry.weapons), ("items", entry.items)):
            for number, card_id in enumerate(ids):
                copies[card_id] += 1
                first_use.setdefault(card_id, f"{path}.{key}[{number}]")
        if known:
            total += cost_of_character_with_equipment(
                pack,
                entry.character,
                [w for w in entry.weapons if w in pack.weapons],
                [i for i in entry.items if i in pack.items],
            )
    for card_id, count in copies.items():
        card = pack.weapons.get(card_id) or pack.items.get(card_id)
        if card is not None and count > card.copies:
            say(
                first_use[card_id],
                f"{count} copies of {card.name} in the force, the box has {card.copies}",
            )
    if points_limit is not None and total > points_limit:
        say(
            "characters",
            f"over the limit by {total - points_limit} points ({total} of {points_limit})",
        )
    return out


def _check_force_character(
    pack: Cards,
    faction: str,
    entry: ForceCharacter,
    path: str,
    skip: set[str],
    say: Callable[[str, str], None],
) -> bool:
    """Problems of one character entry; returns whether its character is known."""
    if entry.character in skip:
        return False
    character = pack.characters.get(entry.character)
    if character is None:
        say(f"{path}.character", f"unknown character {entry.character!r}")
        return False
    if character.faction != faction:
        say(f"{path}.character", f"{character.name} is {character.faction}, the force is {faction}")
    limits = pack.equipment_limits(character)
    if len(entry.weapons) > limits.weapons:
        say(
            f"{path}.weapons",
            f"{len(entry.weapons)} weapons, {character.name} has {limits.weapons} weapon slots",
        )
    if len(entry.items) > limits.items:
        say(
            f"{path}.items",
            f"{len(entry.items)} items, {character.name} has {limits.items} item slots",
        )
    for number, weapon_id in enumerate(entry.weapons):
        where = f"{path}.weapons[{number}]"
        weapon = pack.weapons.get(weapon_id)
        if weapon_id in skip:
            continue
        if weapon is None:
            hint = " (an item, list it under items)" if weapon_id in pack.items else ""
            say(where, f"unknown weapon {weapon_id!r}{hint}")
            continue
        refusal = pack.weapon_refusal(character, weapon)
        if refusal:
            say(where, refusal)
        if entry.weapons.index(weapon_id) != number:
            say(where, f"{character.name} already has {weapon.name}")
    kinds: Counter[str] = Counter()
    for number, item_id in enumerate(entry.items):
        where = f"{path}.items[{number}]"
        item = pack.items.get(item_id)
        if item_id in skip:
            continue
        if item is None:
            hint = " (a weapon, list it under weapons)" if item_id in pack.weapons else ""
            say(where, f"unknown item {item_id!r}{hint}")
            continue
        refusal = pack.item_refusal(character, item)
        if refusal:
            say(where, refusal)
        if entry.items.index(item_id) != number:
            say(where, f"{character.name} already has {item.name}")
        kinds[item.kind] += 1
    for kind, limit in (("shield", limits.shields), ("armour", limits.armour)):
        if kinds[kind] > limit:
            say(f"{path}.items", f"{kinds[kind]} {kind} items, at most {limit} per character")
    return True


def validate_fate_deck(pack: Cards, faction: str, cards: Sequence[str]) -> list[str]:
    """Every reason ``cards`` (one id per copy) is not a legal Standard Setup fate deck.

    The rule (setups.yaml ``standard.fate_deck``): exactly ``size`` cards, each marked with the
    force's faction or neutral, at most ``max_copies`` copies of a card and never more than the
    box holds (its ``count``).
    """
    rule = pack.setups.standard.fate_deck
    return _validate_deck(pack.fate, pack.glory, "fate", faction, cards, rule.size, rule.max_copies)


def validate_glory_cards(pack: Cards, faction: str, cards: Sequence[str]) -> list[str]:
    """Like :func:`validate_fate_deck`, for the glory cards a player takes (``standard.glory``)."""
    rule = pack.setups.standard.glory
    return _validate_deck(
        pack.glory, pack.fate, "glory", faction, cards, rule.size, rule.max_copies
    )


def _validate_deck(
    cards_by_id: Mapping[str, FateCard | GloryCard],
    others: Mapping[str, FateCard | GloryCard],
    kind: str,
    faction: str,
    cards: Sequence[str],
    size: int,
    max_copies: int,
) -> list[str]:
    out: list[str] = []
    if faction not in FACTIONS:
        return [f"unknown faction {faction!r} (masters or evil)"]
    if len(cards) != size:
        out.append(f"{count_of(len(cards), kind + ' card')}, the deck needs exactly {size}")
    for card_id, count in Counter(cards).items():
        card = cards_by_id.get(card_id)
        if card is None:
            other = "glory" if kind == "fate" else "fate"
            hint = f" (it is a {other} card)" if card_id in others else ""
            out.append(f"{card_id}: unknown {kind} card{hint}")
            continue
        if card.faction not in (faction, "neutral"):
            takes = f"a {faction} deck takes {faction} or neutral cards"
            out.append(f"{card_id}: {card.name} is marked {card.faction}, {takes}")
        limit = min(max_copies, card.count)
        if count > limit:
            why = (
                f"at most {count_of(max_copies, 'copy')} of a card"
                if max_copies <= card.count
                else f"the box has {card.count}"
            )
            out.append(f"{card_id}: {count} copies of {card.name}, {why}")
    return out


def count_of(number: int, noun: str) -> str:
    """``count_of(1, "copy") == "1 copy"``, ``count_of(2, "copy") == "2 copies"``."""
    if number == 1:
        return f"1 {noun}"
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{number} {plural}"
