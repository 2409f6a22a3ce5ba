"""Which effects of the map data the map game does not resolve (``rulekeeper homm3 content
check``, docs/homm3.md): each is asked of the registry of the rules module that resolves it,
never of a list kept here.

* towns.yaml building uses: building_uses.py ``resolvable`` (its ``HANDLERS``, Astrologers'
  ``HANDLERS`` among them, and the kinds rules modules read at their timing, ``READ``);
* astrologers.yaml cards: astrologers.py ``HANDLERS`` (a lasting kind is asked by the module
  it concerns while the card is in force);
* locations.yaml options: locations.py ``HANDLERS``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rulekeeper.games.homm3.map import astrologers, building_uses, locations

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


def unresolved(pack: Any) -> dict[str, list[str]]:
    """Every effect kind of the map data the map game does not resolve, with where it is
    used (file: entry: path)."""
    found: dict[str, list[str]] = {}
    for misses in (_building_misses, _astrologers_misses, _location_misses):
        for kind, where in misses(pack):
            found.setdefault(kind, []).append(where)
    return dict(sorted(found.items()))
