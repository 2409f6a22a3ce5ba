"""Visiting fields (homm3.md §5.3–§5.5, §5.25 rule 13, §8.14–§8.16, §8.19–§8.22).

A hero visits every field it enters, passing through or stopping (§8.14); a fight the entry
starts comes first and the visit follows only if the hero is still there (movement.py,
§5.3). How a visit counts goes by the location's category (§5.3):

* one-time: the visit puts a black cube on the field; with one, the field is empty for every
  faction (§8.22) until optional rule 10 lifts the cubes;
* flaggable: the visitor's faction cube replaces any other (flags.py), and the location's effects
  follow, its first-flag ones on the first flag ever; a field its own faction flags is empty to
  it. An Obelisk keeps every faction's cube and is empty to a faction that visited it (§8.21).
  A Town is flagged by capturing it (places.py, sieges.py), not by a visit;
* multiple-use: its effects each time a hero enters it; staying does not use it again (§8.15).

Empty and blocked fields do nothing. What the effects do is locations.py's. Under optional rule
13 a Trading Post is a one-time location giving 1 Artifact card (the Artifact deck's top card).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.map import board, flags, locations, places, search, teams
from rulekeeper.games.homm3.map.model import MapHero

__all__ = ["RULE_EMPTY", "category", "empty_reason", "guard_beaten", "visit"]

RULE_EMPTY = "homm3.md §5.3 (visiting: what counts as empty, rulebook p. 19)"


def category(state: Any, location: Any) -> str:
    """How a visit to *location* counts (§5.3), with optional rule 13's one-time Trading Post."""
    if _trading_post(location) and state.option("free-trading"):
        return "one-time"
    return str(location.category)


def _trading_post(location: Any) -> bool:
    return any(effect.kind == "trade" for _, effect in location.effects())


def empty_reason(state: Any, seat: int, key: str) -> str | None:
    """Why the field *key* counts as empty to *seat*'s hero entering it (None: it does not)."""
    printed = board.field_at(state, key)
    if printed is None:
        return "no face-up tile lies there"
    location = state.game.pack.locations[printed.location]
    kind = category(state, location)
    site = state.sites.get(key)
    if kind == "none" or not location.options:
        return f"{location.name}: nothing to do there"
    if kind == "one-time" and site is not None and site.visited:
        return f"{location.name}: its black cube says it was used (§5.3, §8.22)"
    if kind != "flaggable":
        return None
    if board.town_at(state, key) is not None or printed.location == "town":
        return "a Town is flagged by capturing it (§5.14.3), not by a visit"
    if "per-faction" in location.traits:
        if flags.visited_by(state, seat, key):
            return f"{location.name}: your faction has visited it (§8.21)"
        return None
    if board.site_owner(state, key) == seat:
        return f"{location.name}: your faction's cube is on it (§5.3)"
    if teams.allied(state, board.site_owner(state, key), seat):
        return f"{location.name}: a teammate's cube is on it (co-op, docs/homm3.md)"
    return None


def visit(state: Any, item: MapHero, key: str) -> None:
    """Resolve *key*'s location for *item* (pushes the steps its choices need)."""
    printed = board.field_at(state, key)
    if printed is None:
        return
    location = state.game.pack.locations[printed.location]
    why = empty_reason(state, item.seat, key)
    state.events.append(
        "visited", {"hero": item.id, "field": key, "location": location.id, "empty": bool(why)}
    )
    if why:
        return
    kind = category(state, location)
    first = False
    if kind == "one-time":
        board.touch(state, key).visited = True
        if _trading_post(location):  # optional rule 13
            _take_artifact(state, item.seat)
            return
    elif kind == "flaggable" and "per-faction" in location.traits:
        flags.mark_visitor(state, item.seat, key)
    elif kind == "flaggable":
        first = flags.flag(state, item.seat, key)
        if "town-or-settlement" in location.traits:
            places.homecoming(state, item.seat, key)  # §8.37
    locations.start(state, locations.Visit(item.seat, item.id, key, location.id, 0, first))


def _take_artifact(state: Any, seat: int) -> None:
    """Optional rule 13: the Trading Post gives the Artifact deck's top card."""
    search.refill(state, "artifact")
    pile = state.decks["artifact"]
    if pile:
        search.gain_card(state, seat, pile.pop())


def guard_beaten(state: Any, key: str) -> None:
    """The neutral units guarding *key* are beaten (§8.16): the field is no longer guarded. A
    one-time location gets its black cube from the visit that follows (§5.3: the fight first,
    then the field's effects)."""
    printed = board.field_at(state, key)
    location = None if printed is None else state.game.pack.locations.get(printed.location)
    if location is not None and category(state, location) == "one-time":
        return
    board.touch(state, key).visited = True
