"""Hidden information: what a seat may not see, and the core's determinisation (``resample``).

A game declares where its cards are and who sees them (``GameState.zones()``, core/zones.py);
a pending step that holds hidden data declares it (:class:`HoldsHidden`, implemented by every
:class:`~rulekeeper.core.flow.Step`). From those declarations alone the core

* tells whether a seat holds cards a viewer does not see (core/zones.py ``hides_from``);
* deals again, for a search bot, everything a seat cannot see (:func:`redeal_hidden`): the
  zones' hidden cards within their pools, keeping the zones a pending step is choosing from and
  the zones dealt once (``Zone.redealt``) and the cards a step showed to everyone, then the
  cards chosen in secret from a re-dealt zone (a face-down selection) among its new cards, and
  lets each step bring its lists up to date (a pick's options);
* drops from the logs what the seat may not see (:func:`forget_hidden`).

The state calls these functions (core/state.py); no game re-deals by hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rulekeeper.core.actions import Action
from rulekeeper.core.chain import Records
from rulekeeper.core.events import EventLog
from rulekeeper.core.history import LoggedAction
from rulekeeper.core.zones import Zone, redeal

__all__ = [
    "HIDDEN_RULE",
    "HoldsHidden",
    "covered_history",
    "forget_hidden",
    "redeal_hidden",
]

HIDDEN_RULE = "core: hidden information"
"""The rule an explanation not judged (it would tell what a seat hides) cites."""


class HoldsHidden(Protocol):
    """What a pending step says of the hidden data it holds (core/flow.py ``Step`` has the
    defaults: nothing held)."""

    def held_zones(self, state: Any) -> Sequence[str]:
        """Zones whose cards a seat is choosing from at this step: a re-deal keeps them."""
        ...

    def shown_cards(self, state: Any) -> Sequence[tuple[str, str]]:
        """(zone, card): cards of a hidden zone shown to everyone (picked in the open)."""
        ...

    def secret_picks(self, state: Any) -> Sequence[tuple[str, str]]:
        """(zone, card): cards chosen in secret from a zone, still in it until revealed."""
        ...

    def repick(self, state: Any, zone: str, card: str) -> None:
        """After a re-deal, *card* of *zone* is the one chosen in secret instead."""
        ...

    def redealt(self, state: Any, zones: Mapping[str, Zone]) -> None:
        """The zones were dealt again: bring what the step lists of their cards up to date."""
        ...


def redeal_hidden(
    state: object,
    zones: Sequence[Zone],
    steps: Sequence[HoldsHidden],
    sight: Sequence[int],
    rng: random.Random,
) -> None:
    """Deal again, at random, what a player seeing through *sight* cannot see (see the module
    docstring); the zones are live views, so *state* changes."""
    held = {name for step in steps for name in step.held_zones(state)}
    dealt = [zone for zone in zones if zone.redealt and zone.name not in held]
    _show(dealt, [card for step in steps for card in step.shown_cards(state)], sight)
    picks = [(step, name) for step in steps for name, _ in step.secret_picks(state)]
    redeal(dealt, sight, rng)
    hidden = {zone.name: zone for zone in dealt if not zone.visible_for(sight)}
    for step, name in picks:
        zone = hidden.get(name)
        if zone is not None and zone.cards:
            step.repick(state, name, rng.choice(sorted(zone.cards)))
    by_name = {zone.name: zone for zone in zones}
    for step in steps:
        step.redealt(state, by_name)


def _show(zones: Sequence[Zone], shown: Sequence[tuple[str, str]], sight: Sequence[int]) -> None:
    """Mark the *shown* cards (zone, card) as seen through *sight*, on these zone views only
    (a view's ``seen`` is replaced, never changed: it may be the game's own)."""
    by_name = {zone.name: zone for zone in zones}
    for name, card in shown:
        zone = by_name.get(name)
        if zone is not None:
            zone.seen = {**zone.seen, card: (*zone.seen.get(card, ()), *sight)}


def covered_history(
    history: Sequence[LoggedAction] | Records[LoggedAction], sight: Sequence[int]
) -> list[LoggedAction]:
    """The history as a player seeing through *sight* may see it: a secret action of someone
    else becomes its public description, ``Action("hidden", text=cover)``."""
    out: list[LoggedAction] = []
    for entry in history:
        if entry.visible_for(sight):
            out.append(entry)
        else:
            hidden = Action.of("hidden", text=entry.cover or "a hidden action")
            out.append(LoggedAction(entry.player, hidden, entry.visible_to, entry.cover))
    return out


def forget_hidden(
    history: Records[LoggedAction], events: EventLog, sight: Sequence[int]
) -> tuple[Records[LoggedAction], EventLog]:
    """The logs without what a player seeing through *sight* may not see (others' secret
    actions and hidden events, which tell the real hidden values): they become their covers
    and ``hidden`` markers. What a log holds that *sight* may see stays shared, and each log
    keeps what it mapped for *sight*, so a longer log covers only its new entries."""
    seats = tuple(sight)

    def cover(fields: tuple[Any, ...]) -> tuple[Any, ...]:
        player, _action, visible_to, text = fields
        if visible_to is None or _sees(seats, visible_to):
            return fields
        return (player, Action.of("hidden", text=text or "a hidden action"), visible_to, text)

    def mark(fields: tuple[Any, ...]) -> tuple[Any, ...]:
        visible_to = fields[2]
        if visible_to is None or _sees(seats, visible_to):
            return fields
        return ("hidden", {}, visible_to)

    return history.mapped(("covered", seats), cover), events.mapped(("marked", seats), mark)


def _sees(sight: Sequence[int], visible_to: Sequence[int]) -> bool:
    """Whether a seat of *sight* is one of *visible_to*."""
    return any(seat in visible_to for seat in sight)
