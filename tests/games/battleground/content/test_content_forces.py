"""Force building, fate decks and knock-out costs (battleground.md §1, Standard Setup; rulebook,
Scoring and First Game Setup). The rules chosen are documented in docs/content.md."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core.errors import DataError
from rulekeeper.games.battleground.content.forces import (
    cost_of_character_with_equipment,
    cost_of_force,
    validate_fate_deck,
    validate_force,
    validate_glory_cards,
)
from rulekeeper.games.battleground.content.pack import ContentPack, load_content_pack


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return load_content_pack()


def force(faction: str, *characters: dict[str, Any]) -> dict[str, Any]:
    return {"faction": faction, "characters": list(characters)}


def test_knock_out_vp_is_character_plus_equipment(pack: ContentPack) -> None:
    """Scoring: knocking out a character is worth the cost of that character and all of
    their equipment (used disposable items included)."""
    cost = cost_of_character_with_equipment(
        pack, "man-at-arms", ["arm-cannon", "mace"], ["healing-draught"]
    )
    expected = (
        pack.characters["man-at-arms"].cost
        + pack.weapons["arm-cannon"].cost
        + pack.weapons["mace"].cost
        + pack.items["healing-draught"].cost
    )
    assert cost == expected
    assert cost_of_character_with_equipment(pack, "orko") == pack.characters["orko"].cost
    with pytest.raises(DataError, match="unknown card 'excalibur'"):
        cost_of_character_with_equipment(pack, "he-man", ["excalibur"])


def test_first_game_forces_are_legal_standard_forces(pack: ContentPack) -> None:
    """First Game Setup: the printed forces also fit the Standard Setup's 100 points."""
    for side in pack.setups.first_game.sides:
        entry = {"faction": side.faction, "characters": [c.model_dump() for c in side.characters]}
        assert validate_force(pack, entry, 100) == []
        assert cost_of_force(pack, entry) <= 100


def test_over_the_limit(pack: ContentPack) -> None:
    """battleground.md §1: forces are built to a points limit (100 by default)."""
    entry = force(
        "masters",
        {"character": "he-man", "weapons": ["sword-of-power"]},
        {"character": "man-at-arms", "weapons": ["arm-cannon", "mace"]},
        {"character": "ram-man", "weapons": ["battle-axe"]},
    )
    total = cost_of_force(pack, entry)
    assert total > 100
    assert validate_force(pack, entry, 100) == [
        f"characters: over the limit by {total - 100} points ({total} of 100)"
    ]
    assert validate_force(pack, entry, total) == []
    assert validate_force(pack, entry, None) == []


def test_wrong_faction_and_duplicate_character(pack: ContentPack) -> None:
    """Force: a force represents one faction; each character is one model."""
    entry = force(
        "masters", {"character": "he-man"}, {"character": "skeletor"}, {"character": "he-man"}
    )
    assert validate_force(pack, entry, None) == [
        "characters[1].character: Skeletor is evil, the force is masters",
        "characters[2]: 'he-man' is already in the force (characters[0])",
    ]


def test_equipment_the_character_cannot_take(pack: ContentPack) -> None:
    """Attack / Items: weapon and item cards restrict who may equip them (docs/content.md)."""
    entry = force(
        "masters",
        {"character": "he-man", "weapons": ["havoc-staff"]},
        {"character": "orko", "weapons": ["mace"], "items": ["round-shield"]},
        {"character": "stratos", "items": ["scale-armour"]},
    )
    assert validate_force(pack, entry, None) == [
        "characters[0].weapons[0]: He-Man cannot take Havoc Staff (only Skeletor)",
        "characters[1].weapons[0]: Orko cannot take melee weapons (only spell)",
        "characters[1].items[0]: Orko cannot take shield items (only trinket)",
        "characters[2].items[0]: Stratos cannot take Scale Armour (only evil characters)",
    ]


def test_equipment_limits(pack: ContentPack) -> None:
    """docs/content.md: 2 weapons and 2 items per character, at most 1 shield and 1 armour;
    Trap Jaw's card gives him 3 weapon slots."""
    entry = force(
        "masters",
        {
            "character": "he-man",
            "weapons": ["sword-of-power", "battle-axe", "mace"],
            "items": ["shield-of-eternia", "round-shield", "battle-armour"],
        },
    )
    assert validate_force(pack, entry, None) == [
        "characters[0].weapons: 3 weapons, He-Man has 2 weapon slots",
        "characters[0].items: 3 items, He-Man has 2 item slots",
        "characters[0].items: 2 shield items, at most 1 per character",
    ]
    trap_jaw = {
        "character": "trap-jaw",
        "weapons": ["hook-attachment", "claw-attachment", "laser-rifle"],
    }
    assert validate_force(pack, force("evil", trap_jaw), None) == []
    trap_jaw["weapons"] = [*trap_jaw["weapons"], "havoc-blaster"]
    assert validate_force(pack, force("evil", trap_jaw), None) == [
        "characters[0].weapons: 4 weapons, Trap Jaw has 3 weapon slots"
    ]


def test_copies_in_the_box(pack: ContentPack) -> None:
    """docs/content.md: a force holds no more copies of a card than the box (``copies``)."""
    entry = force(
        "evil",
        {"character": "skeletor", "weapons": ["fireball", "magic-blast"]},
        {"character": "evil-lyn", "weapons": ["fireball", "magic-blast"]},
        {"character": "mer-man", "weapons": ["trident", "trident"]},
    )
    assert validate_force(pack, entry, None) == [
        "characters[2].weapons[1]: Mer-Man already has Trident",
        "characters[0].weapons[0]: 2 copies of Fireball in the force, the box has 1",
        "characters[2].weapons[0]: 2 copies of Trident in the force, the box has 1",
    ]


def test_unknown_cards_in_a_force(pack: ContentPack) -> None:
    """First Game Setup: equipment is named by card; a wrong name is reported with a hint."""
    entry = force(
        "masters",
        {"character": "he-man", "weapons": ["grayskull-ring"], "items": ["sword-of-power"]},
        {"character": "battle-cat"},
    )
    assert validate_force(pack, entry, None) == [
        "characters[0].weapons[0]: unknown weapon 'grayskull-ring' (an item, list it under items)",
        "characters[0].items[0]: unknown item 'sword-of-power' (a weapon, list it under weapons)",
        "characters[1].character: unknown character 'battle-cat'",
    ]
    with pytest.raises(DataError, match=r"force: faction: Input should be 'masters' or 'evil'"):
        validate_force(pack, {"faction": "horde", "characters": [{"character": "he-man"}]}, None)


# --- fate decks -----------------------------------------------------------------------------


def test_first_game_decks_are_legal_standard_decks(pack: ContentPack) -> None:
    """First Game Setup: each faction's twenty cards also make a legal Standard Setup deck."""
    for faction in ("masters", "evil"):
        deck = pack.fate_deck(faction)
        assert len(deck) == 20
        assert validate_fate_deck(pack, faction, deck) == []


def test_a_deck_of_neutral_and_own_cards(pack: ContentPack) -> None:
    """docs/content.md: 20 cards of the faction or neutral, at most 2 copies of a card."""
    neutral = [card.id for card in pack.fate.values() if card.faction == "neutral"]
    deck = [*neutral[:5] * 2, *pack.fate_deck("evil")[:10]]
    assert validate_fate_deck(pack, "evil", deck) == []


def test_fate_deck_messages(pack: ContentPack) -> None:
    """docs/content.md: wrong size, too many copies, wrong faction, unknown card."""
    deck = [*pack.fate_deck("masters")[:17], "haste", "haste", "haste"]
    assert validate_fate_deck(pack, "masters", deck) == [
        "haste: 3 copies of Haste, at most 2 copies of a card"
    ]
    deck = [*pack.fate_deck("masters")[:18], "evil-ambush"]
    assert validate_fate_deck(pack, "masters", deck) == [
        "19 fate cards, the deck needs exactly 20",
        "evil-ambush: Ambush is marked evil, a masters deck takes masters or neutral cards",
    ]
    deck = [*pack.fate_deck("evil")[:18], "carnage", "no-such-card"]
    assert validate_fate_deck(pack, "evil", deck) == [
        "carnage: unknown fate card (it is a glory card)",
        "no-such-card: unknown fate card",
    ]
    assert validate_fate_deck(pack, "horde", []) == ["unknown faction 'horde' (masters or evil)"]


def test_glory_card_choice(pack: ContentPack) -> None:
    """docs/content.md: 2 different glory cards of the faction or neutral."""
    assert validate_glory_cards(pack, "evil", ["evil-reign-of-terror", "carnage"]) == []
    assert validate_glory_cards(pack, "evil", ["carnage", "carnage"]) == [
        "carnage: 2 copies of Carnage, at most 1 copy of a card"
    ]
    assert validate_glory_cards(pack, "masters", ["evil-reign-of-terror"]) == [
        "1 glory card, the deck needs exactly 2",
        "evil-reign-of-terror: Reign of Terror is marked evil, a masters deck takes masters or "
        "neutral cards",
    ]
