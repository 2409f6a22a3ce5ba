"""Experience and Levels of the Main Hero (homm3.md §5.7, §8.24, §8.25, §8.56).

One Exp is half a Level: a player's track is its ``level`` and a half-level ``experience``;
Level VII is the top and gains beyond it are lost. Each Level reached gives its reward in order
(several at once: one after the other): Levels II, III, V and VII a Search (2) of the Ability
deck, Levels IV and VI the hero's next Specialty card, shuffled into the Might & Magic deck.
Secondary Heroes gain no Exp; what they would gain counts as the player's (§8.56).

The scenario's timed events of a Level (§4.1, ``when: {level: N}``) fire when the Main Hero
reaches it, after the Level's rewards: :func:`reach` pushes events.py's ``LevelEventsStep``.
events.py imports this module (an event may give Exp), so the step class is found through the
state's step vocabulary (``state.STEPS``, the saved format's kind names), not imported.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.games.homm3.map import search

__all__ = ["LEVEL_EVENTS", "MAX_LEVEL", "SEARCH_LEVELS", "SPECIALTY_LEVELS", "gain", "reach"]

MAX_LEVEL = 7
SEARCH_LEVELS = (2, 3, 5, 7)
"""Levels whose reward is a Search (2) of the Ability deck (§5.7, silver levels)."""
SPECIALTY_LEVELS = (4, 6)
"""Levels whose reward is the hero's next Specialty card into the deck (§5.7, gold levels)."""
LEVEL_EVENTS = "level-events"
"""The kind of the step that fires a Level's timed events (events.py ``LevelEventsStep``)."""


def gain(state: Any, seat: int, exp: int) -> None:
    """*seat*'s Main Hero gains *exp* Exp (half Levels); every Level reached gives its reward."""
    player = state.players[seat]
    if exp <= 0 or player.level >= MAX_LEVEL:
        return
    halves = 2 * (player.level - 1) + player.experience + exp
    level = min(MAX_LEVEL, 1 + halves // 2)
    player.experience = 0 if level == MAX_LEVEL else halves % 2
    reach(state, seat, level)


def reach(state: Any, seat: int, level: int) -> None:
    """*seat*'s Main Hero rises to *level*: the rewards of each Level passed, lowest first
    (the searches are pushed so that the lowest Level's is resolved first), then the timed
    events of those Levels (module doc)."""
    player = state.players[seat]
    before = player.level
    if level <= before:
        return
    player.level = level
    state.events.append("level-up", {"seat": seat, "from": before, "to": level})
    level_events(state, seat, range(before + 1, level + 1))
    searches = 0
    for reached in range(before + 1, level + 1):
        if reached in SPECIALTY_LEVELS:
            card = specialty_card(state, player.hero, reached)
            if card:
                player.deck.append(card)
                state.rng.shuffle(player.deck)
                state.events.append("specialty-added", {"seat": seat, "card": card})
        if reached in SEARCH_LEVELS:
            searches += 1
    if searches:
        search.search(state, seat, "ability", 2, searches)


def level_events(state: Any, seat: int, levels: Iterable[int]) -> None:
    """Push the step that fires the timed events of *levels* for *seat* (if any has one)."""
    fired = [n for n in levels if state.game.scenario.events_at_level(n)]
    if fired:
        step = state.STEPS.get(LEVEL_EVENTS)
        state.flow.push(step(seat=seat, levels=fired))


def specialty_card(state: Any, hero: str, level: int) -> str:
    """The Specialty card of *hero* for *level* (I, IV or VI), or "" if its board has none."""
    card = state.game.pack.heroes.get(hero)
    if card is None:
        return ""
    for card_id in card.specialties:
        specialty = state.game.pack.specialties.get(card_id)
        if specialty is not None and specialty.level == level:
            return str(card_id)
    return ""
