"""A campaign's hero carried into a scenario (issue 26 §3, docs/homm3-campaigns.md): the game
parameter ``carry`` (``{hero, level, deck}``) read and checked, and applied at setup in place
of the starting deck of §3 steps 11–13 (Heegu-sama/Homm3BG:sections/campaign.tex: "skip steps
11–13 of Setup" for the next scenario of a campaign)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rulekeeper.core import DataError
from rulekeeper.games.homm3.campaign.model import HeroState

__all__ = ["FIELDS", "RULE", "apply", "read"]

RULE = "campaign.tex: the next scenario's starting deck replaces Setup steps 11–13"
FIELDS = ("hero", "level", "deck")
MAX_LEVEL = 7


def _known(pack: Any, card: str) -> bool:
    """Whether *card* is a Might & Magic card of the pack."""
    tables = (pack.stats, pack.abilities, pack.spells, pack.artifacts, pack.specialties)
    return any(card in table for table in tables)


def read(raw: Any, heroes: Sequence[str], pack: Any, source: str) -> HeroState | None:
    """The hero state the parameter ``carry`` gives (None: not given), for a one-seat game
    whose Main Hero is ``heroes[0]``; a :class:`DataError` names the first problem."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or any(key not in FIELDS for key in raw):
        raise DataError(source, "carry", f"a mapping of {', '.join(FIELDS)}")
    if len(heroes) != 1:
        raise DataError(source, "carry", "a campaign's hero is carried into a one-seat game")
    hero = raw.get("hero", heroes[0])
    if hero != heroes[0]:
        raise DataError(source, "carry.hero", f"{hero!r}: the game's Main Hero is {heroes[0]}")
    level = raw.get("level", 1)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= MAX_LEVEL:
        raise DataError(source, "carry.level", f"a level from 1 to {MAX_LEVEL}")
    deck = raw.get("deck")
    if not isinstance(deck, list) or not deck:
        raise DataError(source, "carry.deck", "the list of the starting deck's card ids")
    for index, card in enumerate(deck):
        if not isinstance(card, str) or not _known(pack, card):
            raise DataError(source, f"carry.deck[{index}]", f"unknown card {card!r}")
    return HeroState(hero=str(hero), level=level, deck=sorted(str(c) for c in deck))


def apply(state: Any, taken: Counter[str]) -> None:
    """Give seat 0 the carried level and starting deck (shuffled), and count its cards as
    taken from the shared decks (*taken*, setup.py ``shared_deck``)."""
    start: HeroState | None = getattr(state.game, "carry", None)
    if start is None:
        return
    player = state.players[0]
    taken.subtract(player.deck)
    taken.update(start.deck)
    deck = list(start.deck)
    state.rng.shuffle(deck)
    player.deck = deck
    player.level = start.level
