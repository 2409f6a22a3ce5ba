"""Event cards (spec §5.15): drawn in the wilds, resolved at once, then discarded.

An event's ``event`` abilities act at once for the drawing hero and its team (rewards.py). Its
``movement``, ``end-of-turn`` and ``map`` abilities act for every hero until the end of the
round: the card lies by the round track (``state.round_events``) till then. [Reading] A
``movement`` ability's Movement bonus counts in every Move of the round (within a skirmish's
cap); an ``end-of-turn`` ability acts for each hero at the end of its turn; a ``map`` ability
for a hero that casts a map spell.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.map.rewards import reward

__all__ = ["LASTING", "end_of_turn", "movement_bonus", "resolve", "round_over"]

RULE_EVENT = "spec §5.15 (rulebook p.13): an event"
LASTING = ("movement", "end-of-turn", "map")
"""The moments of an event's abilities that last until the end of the round."""


def resolve(state: Any, hero: int, card: str) -> None:
    """Hero *hero* drew event *card*: its abilities act or wait for their moment."""
    found = state.pack.events[card]
    if any(ability.when in LASTING for ability in found.effects):
        state.round_events.append(card)
    for ability in reversed(found.effects):  # steps pushed come after, in the printed order
        if ability.when == "event":
            reward(state, hero, ability, card)


def _lasting(state: Any, moment: str) -> list[tuple[str, Any]]:
    """The round's events' abilities of *moment*, each with its card."""
    return [
        (card, ability)
        for card in state.round_events
        for ability in state.pack.events[card].effects
        if ability.when == moment
    ]


def movement_bonus(state: Any) -> int:
    """The Movement the round's events add to every hero."""
    return sum(
        int(getattr(effect, "amount", 0))
        for _, ability in _lasting(state, "movement")
        for effect in ability.effects
        if effect.kind == "stat-bonus" and getattr(effect, "stat", "") == "movement"
    )


def end_of_turn(state: Any, hero: int) -> None:
    """The round's events' end-of-turn abilities act for hero *hero*."""
    for card, ability in _lasting(state, "end-of-turn"):
        reward(state, hero, ability, card)


def cast(state: Any, hero: int) -> None:
    """The round's events' map abilities act for hero *hero*, who cast a map spell."""
    for card, ability in _lasting(state, "map"):
        reward(state, hero, ability, card)


def round_over(state: Any) -> None:
    """The round's events leave the round track (spec §5.15)."""
    state.round_events.clear()
