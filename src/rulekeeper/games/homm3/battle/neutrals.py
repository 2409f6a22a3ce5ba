"""Neutral units drawn by the Field Difficulty Table (homm3.md §5.23, §8.5, §5.16)."""

from __future__ import annotations

from collections.abc import Mapping

from rulekeeper.core import Pcg32
from rulekeeper.games.homm3.content.pack import ContentPack

DIFFICULTIES = ("easy", "normal", "hard", "impossible")
FIELD_TABLE: Mapping[int, tuple[str, str, str, str]] = {
    1: ("B", "B", "BB", "BBB"),
    2: ("BB", "BB", "BBB", "BBS"),
    3: ("BS", "BBS", "BSS", "SSS"),
    4: ("BBS", "BSS", "SSS", "SSG"),
    5: ("BBSG", "BSSG", "SSGG", "SGGG"),
    6: ("BBSSG", "BSSGG", "SSGGG", "SGGGG"),
    7: ("A", "AA", "GAA", "GGAA"),
}
"""Per field level I–VII, per difficulty: the tier of each card drawn (B Bronze, S Silver,
G Gold, A Azure; Level VII Hard is 1 Gold + 2 Azure, §8.5)."""
TIER_LETTERS = {"B": "bronze", "S": "silver", "G": "gold", "A": "azure"}


def tier_deck(pack: ContentPack, tier: str) -> list[str]:
    """The cards of one neutral tier deck, each copy once, in id order."""
    return [
        card.id
        for card in sorted(pack.units.values(), key=lambda c: c.id)
        if card.faction == "neutral" and card.tier == tier
        for _ in range(card.copies)
    ]


def draw(pack: ContentPack, level: int, difficulty: str, rng: Pcg32) -> list[str]:
    """The neutral cards met on a field of *level* at *difficulty*, drawn from shuffled decks."""
    letters = FIELD_TABLE[level][DIFFICULTIES.index(difficulty)]
    decks: dict[str, list[str]] = {}
    drawn = []
    for letter in letters:
        tier = TIER_LETTERS[letter]
        if tier not in decks:
            deck = tier_deck(pack, tier)
            rng.shuffle(deck)
            decks[tier] = deck
        drawn.append(decks[tier].pop())
    return drawn
