"""Which effects of the map data the map game does not resolve (``rulekeeper homm3 content
check``, docs/homm3.md): each is asked of the registry of the rules module that resolves it,
never of a list kept here.

* towns.yaml building uses: building_uses.py ``resolvable`` (its ``HANDLERS``, Astrologers'
  ``HANDLERS`` among them, and the kinds rules modules read at their timing, ``READ``);
* astrologers.yaml cards: astrologers.py ``HANDLERS`` (a lasting kind is asked by the module
  it concerns while the card is in force);
* locations.yaml options: locations.py ``HANDLERS``;
* board.yaml dice faces: dice.py ``FACES``; Starting Bonuses: bonus.py ``HANDLERS`` (a
  Search of a shared deck only: search.py ``SEARCH_DECKS``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rulekeeper.games.homm3.map import astrologers, bonus, building_uses, dice, locations, search

__all__ = ["unresolved"]


def _use_effects(use: Any, index: int) -> Iterator[tuple[str, Any]]:
    """Every effect of building use *index*, with its path (``uses[0].one_of[1].effects[0]``)."""
    for position, effect in enumerate(use.effects):
        yield f"uses[{index}].effects[{position}]", effect
    for number, option in enumerate(use.one_of):
        for position, effect in enumerate(option.effects):
            yield f"uses[{index}].one_of[{number}].effects[{position}]", effect


def _building_misses(pack: Any) -> Iterator[tuple[str, str]]:
    """(kind, "towns.yaml: building: path") for each building use effect not resolved."""
    for _, town in sorted(pack.towns.items()):
        for item in town.buildings:
            for index, use in enumerate(item.uses):
                for path, effect in _use_effects(use, index):
                    if not building_uses.resolvable(effect, use.timing):
                        yield effect.kind, f"towns.yaml: {item.id}: {path} ({use.timing})"


def _astrologers_misses(pack: Any) -> Iterator[tuple[str, str]]:
    """(kind, "astrologers.yaml: card: path") for each card effect not resolved."""
    for card_id, card in sorted(pack.astrologers.items()):
        for position, effect in enumerate(card.effects):
            lasting = effect.kind in astrologers.LASTING_KINDS
            if not (lasting or astrologers.resolvable(effect)):
                yield effect.kind, f"astrologers.yaml: {card_id}: effects[{position}]"


def _location_misses(pack: Any) -> Iterator[tuple[str, str]]:
    """(kind, "locations.yaml: location: path") for each location effect not resolved."""
    for location_id, location in sorted(pack.locations.items()):
        for path, effect in location.effects():
            if effect.kind not in locations.HANDLERS:
                yield effect.kind, f"locations.yaml: {location_id}: {path}"


def _shared_search(effect: Any, decks: Mapping[str, str]) -> bool:
    """Whether *effect* is not a Search, or one of a shared deck (*decks*: data name to deck)."""
    return effect.kind != "search" or decks.get(effect.deck or "") in search.SEARCH_DECKS


def _board_misses(pack: Any) -> Iterator[tuple[str, str]]:
    """(kind, "board.yaml: entry: path") for each die face or Starting Bonus not resolved."""
    for die_id, die in sorted(pack.board.dice.items()):
        for position, effect in enumerate(die.faces):
            if effect.kind not in dice.FACES or not _shared_search(effect, dice.DECKS):
                yield effect.kind, f"board.yaml: {die_id}: faces[{position}]"
    for bonus_id, found in sorted(pack.board.bonuses.items()):
        for number, option in enumerate(found.one_of):
            for position, effect in enumerate(option.effects):
                if effect.kind not in bonus.HANDLERS or not _shared_search(effect, bonus.DECKS):
                    where = f"one_of[{number}].effects[{position}]"
                    yield effect.kind, f"board.yaml: {bonus_id}: {where}"


def unresolved(pack: Any) -> dict[str, list[str]]:
    """Every effect kind of the map data the map game does not resolve, with where it is
    used (file: entry: path)."""
    found: dict[str, list[str]] = {}
    for misses in (_building_misses, _astrologers_misses, _location_misses, _board_misses):
        for kind, where in misses(pack):
            found.setdefault(kind, []).append(where)
    return dict(sorted(found.items()))
