"""The Battleground content pack: loading, checking, and force and deck validation.

A pack is a folder of six YAML files (:data:`PACK_FILES`). The shipped one sits beside this module;
a player can copy it, replace our provisional values with those printed on their own cards, and
load or check their copy (docs/content.md)::

    pack = load_content_pack()                      # the shipped pack
    pack = load_content_pack(Path("my-cards"))      # a folder with the same file names
    problems = check_content_pack(Path("my-cards"))  # every problem, "file: field: reason"

Loading validates each file against its pydantic schema, then :func:`cross_check` verifies what no
single file can: unique ids, every reference resolving, weapon fields matching their type, result
tables sorted, the first-game decks and forces exactly as the rulebook prints them, costs present,
and ``provisional`` / ``source`` naming real fields.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.content.base import (
    read_yaml,
    validate_entries,
    validate_whole,
)
from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.content.characters import CharacterCard
from rulekeeper.games.battleground.content.checks import Context as EffectContext
from rulekeeper.games.battleground.content.checks import (
    StatusRegistry,
    check_ability,
    check_outcomes,
    check_paths,
    check_skill,
)
from rulekeeper.games.battleground.content.equipment import ItemCard, WeaponCard
from rulekeeper.games.battleground.content.forces import FACTIONS, count_of, force_problems
from rulekeeper.games.battleground.content.setups import (
    EquipmentLimits,
    Force,
    SetupsFile,
)

__all__ = [
    "FIRST_GAME_DECK_SIZE",
    "PACK_FILES",
    "ContentPack",
    "ContentPackError",
    "check_content_pack",
    "load_content_pack",
    "shipped_content_pack",
]

PACK_FILES = (
    "characters.yaml",
    "weapons.yaml",
    "items.yaml",
    "fate.yaml",
    "glory.yaml",
    "setups.yaml",
)
#: Rulebook, First Game Setup, step 5: "the twenty fate cards and two glory cards that are
#: marked with their faction icon".
FIRST_GAME_DECK_SIZE = 20
FIRST_GAME_GLORY = 2

WEAPON_TRIGGERS = ("on_attack", "after_attack", "on_knock_out")
FATE_TRIGGERS = ("immediately", "on_attack", "after_attack", "on_defence", "on_knock_out")


class ContentPackError(DataError):
    """The pack has problems; the first one is the message, ``problems`` holds them all."""

    def __init__(self, problems: Sequence[DataError]) -> None:
        first = problems[0]
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        super().__init__(first.source, first.field, first.reason + more)
        self.problems = list(problems)


@dataclass(frozen=True)
class ContentPack:
    """Every card of a pack by id, plus the setups."""

    characters: Mapping[str, CharacterCard]
    weapons: Mapping[str, WeaponCard]
    items: Mapping[str, ItemCard]
    fate: Mapping[str, FateCard]
    glory: Mapping[str, GloryCard]
    setups: SetupsFile

    def equipment_limits(self, character: CharacterCard) -> EquipmentLimits:
        """The Standard Setup limits, with the character's own slots where its card has them."""
        limits = self.setups.standard.equipment
        update: dict[str, int] = {}
        if character.weapon_slots is not None:
            update["weapons"] = character.weapon_slots
        if character.item_slots is not None:
            update["items"] = character.item_slots
        return limits.model_copy(update=update)

    def weapon_refusal(self, character: CharacterCard, weapon: WeaponCard) -> str | None:
        """Why ``character`` may not equip ``weapon`` (None: it may)."""
        if weapon.type not in character.weapon_types:
            allowed = ", ".join(character.weapon_types)
            return f"{character.name} cannot take {weapon.type} weapons (only {allowed})"
        return _restriction(character, weapon.name, weapon.factions, weapon.characters, self)

    def item_refusal(self, character: CharacterCard, item: ItemCard) -> str | None:
        """Why ``character`` may not equip ``item`` (None: it may)."""
        if item.kind not in character.item_kinds:
            allowed = ", ".join(character.item_kinds)
            return f"{character.name} cannot take {item.kind} items (only {allowed})"
        return _restriction(character, item.name, item.factions, item.characters, self)

    def fate_deck(self, faction: str) -> list[str]:
        """The First Game Setup deck: every copy of the fate cards marked with ``faction``."""
        return [
            card.id
            for card in self.fate.values()
            if card.faction == faction
            for _ in range(card.count)
        ]


def _restriction(
    character: CharacterCard,
    name: str,
    factions: Sequence[str],
    characters: Sequence[str] | None,
    pack: ContentPack,
) -> str | None:
    if characters is not None and character.id not in characters:
        names = ", ".join(
            pack.characters[c].name if c in pack.characters else c for c in characters
        )
        return f"{character.name} cannot take {name} (only {names})"
    if character.faction not in factions:
        return f"{character.name} cannot take {name} (only {' and '.join(factions)} characters)"
    return None


# --- reading --------------------------------------------------------------------------------


@dataclass
class _Read:
    """What the readers produced, including partial results of broken files."""

    characters: dict[str, tuple[int, CharacterCard]]
    weapons: dict[str, tuple[int, WeaponCard]]
    items: dict[str, tuple[int, ItemCard]]
    fate: dict[str, tuple[int, FateCard]]
    glory: dict[str, tuple[int, GloryCard]]
    setups: SetupsFile | None
    broken: dict[str, set[str]]  # file -> ids of entries that failed their schema
    failed: set[str]  # files that could not be read at all (missing, bad YAML, bad top level)


def _read_texts(path: Path | None) -> tuple[dict[str, str], list[DataError]]:
    texts: dict[str, str] = {}
    problems: list[DataError] = []
    folder: Traversable | Path
    if path is None:
        folder = resources.files(__package__)
    else:
        if not path.is_dir():
            return {}, [DataError(str(path), "(folder)", "not a folder with the pack's YAML files")]
        folder = path
    for name in PACK_FILES:
        entry = folder.joinpath(name)
        if not entry.is_file():
            problems.append(
                DataError(name, "(file)", f"missing (a pack has {', '.join(PACK_FILES)})")
            )
            continue
        try:
            texts[name] = entry.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            problems.append(DataError(name, "(file)", f"cannot be read: {error}"))
    return texts, problems


def _read(path: Path | None) -> tuple[_Read, list[DataError]]:
    texts, problems = _read_texts(path)
    failed = {name for name in PACK_FILES if name not in texts}
    broken: dict[str, set[str]] = {name: set() for name in PACK_FILES}

    def entries(name: str, key: str, model: type[Any]) -> dict[str, tuple[int, Any]]:
        if name not in texts:
            return {}
        raw, yaml_problems = read_yaml(texts[name], name)
        if yaml_problems:
            problems.extend(yaml_problems)
            failed.add(name)
            return {}
        valid, file_problems, broken_ids = validate_entries(raw, key, model, name)
        problems.extend(file_problems)
        broken[name] = broken_ids
        if not valid and file_problems:
            failed.add(name)
        return {card.id: (index, card) for index, card in valid}

    read = _Read(
        characters=entries("characters.yaml", "characters", CharacterCard),
        weapons=entries("weapons.yaml", "weapons", WeaponCard),
        items=entries("items.yaml", "items", ItemCard),
        fate=entries("fate.yaml", "cards", FateCard),
        glory=entries("glory.yaml", "cards", GloryCard),
        setups=None,
        broken=broken,
        failed=failed,
    )
    if "setups.yaml" in texts:
        raw, yaml_problems = read_yaml(texts["setups.yaml"], "setups.yaml")
        problems.extend(yaml_problems)
        if not yaml_problems:
            read.setups, setup_problems = validate_whole(raw, SetupsFile, "setups.yaml")
            problems.extend(setup_problems)
        if read.setups is None:
            failed.add("setups.yaml")
    return read, problems


# --- cross-checks ---------------------------------------------------------------------------


def cross_check(read: _Read) -> list[DataError]:
    """Every check that spans fields or files; see the module docstring."""
    out: list[DataError] = []
    statuses = StatusRegistry.empty()
    _check_characters(read, out, statuses)
    _check_weapons(read, out, statuses)
    _check_items(read, out, statuses)
    _check_cards(read, out, statuses)
    _check_unique_ids(read, out)
    if read.setups is not None:
        _check_setups(read, read.setups, out)
    return out


def _check_characters(read: _Read, out: list[DataError], statuses: StatusRegistry) -> None:
    source = "characters.yaml"
    for index, card in read.characters.values():
        path = f"characters[{index}]"
        check_paths(card, source, path, out)
        for number, skill in enumerate(card.skills):
            check_skill(skill, source, f"{path}.skills[{number}]", out, statuses)


def _check_equipment_restrictions(
    read: _Read,
    source: str,
    path: str,
    card: WeaponCard | ItemCard,
    out: list[DataError],
) -> None:
    """Named characters exist and can really take the card; someone can take it at all."""
    characters = {cid: c for cid, (_, c) in read.characters.items()}
    if card.characters is not None:
        for number, cid in enumerate(card.characters):
            where = f"{path}.characters[{number}]"
            if cid not in characters:
                if (
                    "characters.yaml" not in read.failed
                    and cid not in read.broken["characters.yaml"]
                ):
                    out.append(DataError(source, where, f"unknown character {cid!r}"))
                continue
            character = characters[cid]
            if character.faction not in card.factions:
                only = ", ".join(card.factions)
                reason = f"{character.name} is {character.faction}, the card is {only} only"
                out.append(DataError(source, where, reason))
            if isinstance(card, WeaponCard) and card.type not in character.weapon_types:
                reason = f"{character.name} cannot take {card.type} weapons"
                out.append(DataError(source, where, reason))
            if isinstance(card, ItemCard) and card.kind not in character.item_kinds:
                reason = f"{character.name} cannot take {card.kind} items"
                out.append(DataError(source, where, reason))
        return
    if "characters.yaml" in read.failed:
        return

    def takes(character: CharacterCard) -> bool:
        if character.faction not in card.factions:
            return False
        if isinstance(card, WeaponCard):
            return card.type in character.weapon_types
        return card.kind in character.item_kinds

    if not any(takes(character) for character in characters.values()):
        out.append(DataError(source, path, "no character can take this card"))


def _check_weapons(read: _Read, out: list[DataError], statuses: StatusRegistry) -> None:
    source = "weapons.yaml"
    for index, weapon in read.weapons.values():
        path = f"weapons[{index}]"
        check_paths(weapon, source, path, out)
        if weapon.type == "melee":
            for field_name in ("range", "mana_cost"):
                if getattr(weapon, field_name) is not None:
                    reason = f"a melee weapon has no {field_name} (it targets engaged enemies)"
                    out.append(DataError(source, f"{path}.{field_name}", reason))
        else:
            if weapon.range is None:
                reason = f"a {weapon.type} weapon needs a range in inches"
                out.append(DataError(source, f"{path}.range", reason))
        if weapon.type == "spell":
            if weapon.mana_cost is None:
                out.append(DataError(source, f"{path}.mana_cost", "a spell needs a mana cost"))
        elif weapon.mana_cost is not None:
            reason = f"only spells have a mana cost, this is a {weapon.type} weapon"
            out.append(DataError(source, f"{path}.mana_cost", reason))
        if weapon.can_target_allies and weapon.type != "spell":
            reason = "only spells can target allies (rulebook, Targeting Allies)"
            out.append(DataError(source, f"{path}.can_target_allies", reason))
        if not weapon.can_target_allies and not weapon.can_target_enemies:
            reason = "the weapon can target nobody"
            out.append(DataError(source, f"{path}.can_target_enemies", reason))
        ctx = EffectContext("result", True, "a weapon result")
        check_outcomes(weapon.results, ctx, source, f"{path}.results", out, statuses)
        for number, ability in enumerate(weapon.ability):
            where = f"{path}.ability[{number}]"
            check_ability(
                ability, WEAPON_TRIGGERS, source, where, out, statuses, "a weapon ability"
            )
        _check_equipment_restrictions(read, source, path, weapon, out)


def _check_items(read: _Read, out: list[DataError], statuses: StatusRegistry) -> None:
    source = "items.yaml"
    for index, item in read.items.values():
        path = f"items[{index}]"
        check_paths(item, source, path, out)
        for number, skill in enumerate(item.skills):
            where = f"{path}.skills[{number}]"
            check_skill(skill, source, where, out, statuses, disposable=item.disposable)
        _check_equipment_restrictions(read, source, path, item, out)


def _check_cards(read: _Read, out: list[DataError], statuses: StatusRegistry) -> None:
    for index, fate in read.fate.values():
        path = f"cards[{index}]"
        check_paths(fate, "fate.yaml", path, out)
        where = f"{path}.ability"
        check_ability(
            fate.ability, FATE_TRIGGERS, "fate.yaml", where, out, statuses, "a fate ability"
        )
    for index, glory in read.glory.values():
        check_paths(glory, "glory.yaml", f"cards[{index}]", out)
    for name, cards, size in (
        ("fate.yaml", read.fate, FIRST_GAME_DECK_SIZE),
        ("glory.yaml", read.glory, FIRST_GAME_GLORY),
    ):
        if name in read.failed or read.broken[name]:
            continue
        kind = "fate" if name == "fate.yaml" else "glory"
        for faction in FACTIONS:
            total = sum(card.count for _, card in cards.values() if card.faction == faction)
            if total != size:
                reason = (
                    f"{total} {kind} cards (counting copies) are marked {faction}; the First Game "
                    f"Setup gives each player exactly {size} (rulebook, First Game Setup, step 5)"
                )
                out.append(DataError(name, "cards", reason))


def _check_unique_ids(read: _Read, out: list[DataError]) -> None:
    """Fate and glory ids share one namespace (both are cards in hand), as do all skill ids."""
    for card_id, (index, _) in read.glory.items():
        if card_id in read.fate:
            reason = (
                f"id {card_id!r} is also a fate card (fate.yaml: cards[{read.fate[card_id][0]}])"
            )
            out.append(DataError("glory.yaml", f"cards[{index}].id", reason))
    seen: dict[str, str] = {}
    owners: list[tuple[str, str, CharacterCard | ItemCard, int]] = [
        ("characters.yaml", "characters", card, index) for index, card in read.characters.values()
    ]
    owners += [("items.yaml", "items", item, index) for index, item in read.items.values()]
    for source, key, owner, index in owners:
        for number, skill in enumerate(owner.skills):
            where = f"{key}[{index}].skills[{number}].id"
            if skill.id in seen:
                reason = f"duplicate skill id {skill.id!r} (first at {seen[skill.id]})"
                out.append(DataError(source, where, reason))
            else:
                seen[skill.id] = f"{source}: {where}"


def _check_setups(read: _Read, setups: SetupsFile, out: list[DataError]) -> None:
    source = "setups.yaml"
    check_paths(setups.standard, source, "standard", out)
    factions = [side.faction for side in setups.first_game.sides]
    if sorted(factions) != sorted(FACTIONS):
        reason = f"the first game has one masters and one evil side, not {', '.join(factions)}"
        out.append(DataError(source, "first_game.sides", reason))
    if read.failed & {"characters.yaml", "weapons.yaml", "items.yaml", "fate.yaml", "glory.yaml"}:
        return  # references cannot be judged against files that did not load
    pack = ContentPack(
        characters={cid: c for cid, (_, c) in read.characters.items()},
        weapons={wid: w for wid, (_, w) in read.weapons.items()},
        items={iid: i for iid, (_, i) in read.items.items()},
        fate={fid: f for fid, (_, f) in read.fate.items()},
        glory={gid: g for gid, (_, g) in read.glory.items()},
        setups=setups,
    )
    broken: set[str] = set().union(*read.broken.values())
    for number, side in enumerate(setups.first_game.sides):
        path = f"first_game.sides[{number}]"
        force = Force(faction=side.faction, characters=side.characters)
        for where, reason in force_problems(pack, force, None, ignore=broken):
            out.append(DataError(source, f"{path}.{where}", reason))
        deck = [card for card, count in side.fate_deck.items() for _ in range(count)]
        expected = Counter(pack.fate_deck(side.faction))
        for card_id, count in side.fate_deck.items():
            where = f"{path}.fate_deck.{card_id}"
            if card_id in broken:
                continue
            if card_id not in pack.fate:
                out.append(DataError(source, where, f"unknown fate card {card_id!r}"))
            elif pack.fate[card_id].faction != side.faction:
                reason = (
                    f"{pack.fate[card_id].name} is marked {pack.fate[card_id].faction}; the first "
                    f"game deck holds the cards marked {side.faction}"
                )
                out.append(DataError(source, where, reason))
            elif count != expected[card_id]:
                marked = f"fate.yaml has {expected[card_id]} marked {side.faction}"
                reason = f"{count_of(count, 'copy')} listed, {marked}"
                out.append(DataError(source, where, reason))
        for card_id in sorted(set(expected) - set(side.fate_deck)):
            reason = f"{card_id!r} is marked {side.faction} in fate.yaml but missing from this deck"
            out.append(DataError(source, f"{path}.fate_deck", reason))
        if len(deck) != FIRST_GAME_DECK_SIZE:
            reason = (
                f"{len(deck)} cards; the First Game Setup deck has exactly {FIRST_GAME_DECK_SIZE} "
                "(rulebook, First Game Setup, step 5)"
            )
            out.append(DataError(source, f"{path}.fate_deck", reason))
        for index, card_id in enumerate(side.glory):
            where = f"{path}.glory[{index}]"
            if card_id in broken:
                continue
            if card_id not in pack.glory:
                out.append(DataError(source, where, f"unknown glory card {card_id!r}"))
            elif pack.glory[card_id].faction != side.faction:
                reason = f"{pack.glory[card_id].name} is marked {pack.glory[card_id].faction}"
                out.append(DataError(source, where, reason))
        if len(side.glory) != FIRST_GAME_GLORY or len(set(side.glory)) != len(side.glory):
            reason = f"the First Game Setup gives {FIRST_GAME_GLORY} different glory cards"
            out.append(DataError(source, f"{path}.glory", reason))


# --- public API -----------------------------------------------------------------------------


def _load(path: Path | None) -> tuple[ContentPack | None, list[DataError]]:
    read, problems = _read(path)
    problems += cross_check(read)
    if problems or read.setups is None:
        return None, problems
    return (
        ContentPack(
            characters={cid: c for cid, (_, c) in read.characters.items()},
            weapons={wid: w for wid, (_, w) in read.weapons.items()},
            items={iid: i for iid, (_, i) in read.items.items()},
            fate={fid: f for fid, (_, f) in read.fate.items()},
            glory={gid: g for gid, (_, g) in read.glory.items()},
            setups=read.setups,
        ),
        [],
    )


@cache
def shipped_content_pack() -> ContentPack:
    """The pack shipped with rulekeeper (loaded and checked once)."""
    pack, problems = _load(None)
    if pack is None:
        raise ContentPackError(problems)
    return pack


def load_content_pack(path: Path | None = None) -> ContentPack:
    """The shipped pack, or the pack in folder ``path``; raises :class:`ContentPackError`."""
    if path is None:
        return shipped_content_pack()
    pack, problems = _load(path)
    if pack is None:
        raise ContentPackError(problems)
    return pack


def check_content_pack(path: Path | None = None) -> list[str]:
    """Every problem of the pack in ``path`` (default: the shipped pack) as "file: field: reason".

    An empty list means the pack loads. Problems are grouped by file, in :data:`PACK_FILES` order.
    """
    _, problems = _load(path)
    order = {name: rank for rank, name in enumerate(PACK_FILES)}
    ranked = sorted(enumerate(problems), key=lambda p: (order.get(p[1].source, -1), p[0]))
    return [str(problem) for _, problem in ranked]
