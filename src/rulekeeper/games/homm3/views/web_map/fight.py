"""A fight on the HoMM3 map board (issue 25 §1): the fight in progress as the combat board draws
it (views/web ``combat_public`` and ``seat_part``, which work on the map state), and the last
fight's result, read from the game's public events: units lost, experience, resources, where
the heroes went. The result is shown until the next fight or the end of the turn after the
fight's (a turn may end with the fight itself: a flight, no MP left)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.views.map_words import (
    RESOURCE_NAMES,
    hero_name,
    in_battle,
    place,
    seat_name,
    unit_name,
)
from rulekeeper.games.homm3.views.web import combat_public
from rulekeeper.games.homm3.views.web.decision import seat_part

__all__ = ["fight_public", "fight_seat", "last_fight"]

AFTER_KINDS = {
    "hero-goes-back": "goes back to",
    "hero-goes-home": "goes home to",
    "hero-removed": "leaves the game",
    "hero-homeless": "waits off the map",
}
"""Where a hero went after a fight (map/aftermath.py, places.py events)."""
TURNS_SHOWN = 1
"""A fight's result is shown until the next fight or until this many turns more have ended
after the fight's own (a turn may end with its fight: the next player still sees it)."""


def fight_public(state: Any) -> JsonObject | None:
    """The fight in progress as every seat sees it (None: no fight is being played)."""
    return combat_public(state) if in_battle(state) else None


def fight_seat(state: Any, seat: int | None) -> JsonObject | None:
    """*seat*'s own part of the fight in progress (its hand and clicks; None: no fight)."""
    return seat_part(state, seat) if in_battle(state) else None


def last_fight(state: Any) -> JsonObject | None:
    """The result of the last fight ended this turn, or None (module doc)."""
    events = state.events.public(0)
    ends = [i for i, e in enumerate(events) if e.kind == "fight-ends"]
    if not ends:
        return None
    at = ends[-1]
    later = events[at + 1 :]
    if (
        any(e.kind == "battle-starts" for e in later)
        or sum(1 for e in later if e.kind == "turn-ends") > TURNS_SHOWN
    ):
        return None
    fought = events[at].data
    battle = next((e.data for e in reversed(events[:at]) if e.kind == "battle-ends"), None)
    return {
        "seq": events[at].seq,
        "field": fought.get("field"),
        "place": place(state, fought.get("field")),
        "hero": fought.get("hero"),
        "hero_name": hero_name(state, fought.get("hero")),
        "ending": fought.get("ending"),
        "winner": fought.get("winner"),
        "sides": _sides(state, battle),
        "after": _after(state, events[at + 1 :]),
    }


def _sides(state: Any, battle: Any) -> list[JsonObject]:
    """Each side's units lost, experience and resources (from ``battle-ends``)."""
    found: list[JsonObject] = []
    for side in (battle or {}).get("sides") or []:
        lost = [
            f"{unit_name(state, u.get('card'))} ({str(u.get('side', '')).capitalize()})"
            for u in side.get("destroyed") or []
        ]
        gains = dict(side.get("card_gains") or {})
        paid = int(side.get("gold_paid") or 0)
        resources = [f"+{n} {RESOURCE_NAMES.get(k, k)}" for k, n in gains.items() if n]
        if paid:
            resources.append(f"-{paid} Gold")
        found.append(
            {
                "side": side.get("side"),
                "kind": side.get("kind"),
                "hero": side.get("hero"),
                "hero_name": hero_name(state, side.get("hero")) if side.get("hero") else "",
                "lost": lost,
                "experience": int(side.get("experience") or 0),
                "resources": resources,
                "goes": side.get("goes"),
            }
        )
    return found


def _after(state: Any, events: Sequence[Any]) -> list[str]:
    """What followed the fight on the map, in words: where heroes went, levels, cubes."""
    said = []
    for event in events:
        data = event.data
        if event.kind in AFTER_KINDS:
            to = f" {place(state, data['to'])}" if data.get("to") else ""
            said.append(f"{hero_name(state, data.get('hero'))} {AFTER_KINDS[event.kind]}{to}")
        elif event.kind == "level-up":
            said.append(f"{seat_name(state, data.get('seat'))} reaches Level {data.get('to')}")
        elif event.kind == "cube-taken":
            said.append(f"{seat_name(state, data.get('seat'))} takes a {data.get('faction')} cube")
        elif event.kind == "hero-moves":
            break
    return said
