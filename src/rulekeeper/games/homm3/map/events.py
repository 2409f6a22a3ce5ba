"""Timed events of the scenario (homm3.md §4.1 Timed Events, §5.21) and optional rule 10.

At the start of a round, after the round type's step (income or an Astrologers card), the
scenario's events of that round fire in file order (:func:`start_of_round`); an event of a
Level fires when a player's Main Hero reaches it (:func:`at_level`, run by
:class:`LevelEventsStep`, which experience.py ``reach`` pushes); an event of a field fires the
first time a player's hero enters it (movement.py), one of an AI hero when it is beaten
(ai_fights.py), each once a game (:func:`on_trigger`).
An event touches every player or one by place in the turn order (``who``); each player it
touches takes all its effects, or chooses one of them (``choose``: :class:`EventChoiceStep`).

:func:`apply_effect` is one effect of the scenario vocabulary (scenario/fields.py
``EFFECT_KINDS``, docs/homm3-scenarios.md) for one seat; the scenario's locations (Obelisk,
Dragon Utopia, Grail) use the same vocabulary.

Optional rule 10 (``refresh-locations``): the black cubes of one-time locations leave the map
at the start of rounds 4, 8 and 12.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import astrologers, dice, experience, morale, search
from rulekeeper.games.homm3.map.model import MAIN, RESOURCES

__all__ = [
    "REFRESH_ROUNDS",
    "EventChoiceStep",
    "LevelEventsStep",
    "RemoveCardStep",
    "apply_effect",
    "at_level",
    "fire",
    "on_trigger",
    "start_of_round",
    "targets",
]

RULE_EVENTS = "homm3.md §4.1 (Timed Events, rulebook p. 10)"
RULE_REFRESH = "homm3.md §5.25 optional rule 10 (black cubes removed in rounds 4, 8, 12)"
REFRESH_ROUNDS = (4, 8, 12)
PLACES = {"first": 0, "second": 1, "third": 2}
ONCE = ("astrologers",)
"""Effects that happen once per event, not once per player it touches."""


def start_of_round(state: Any) -> None:
    """The round's timed events, then optional rule 10 (module doc)."""
    for event in state.game.scenario.events_at(state.round):
        fire(state, event)
    if state.option("refresh-locations") and state.round in REFRESH_ROUNDS:
        astrologers.remove_black_cubes(state, one_time_only=True)


@dataclass
class LevelEventsStep(Step[Any]):
    """*seat*'s Main Hero reached ``levels`` (experience.py ``reach``, after the rewards): their
    timed events fire for that seat, lowest Level first."""

    kind = experience.LEVEL_EVENTS
    rule = RULE_EVENTS
    seat: int = 0
    levels: list[int] = dataclasses.field(default_factory=list)

    def run(self, state: Any) -> None:
        state.flow.pop()
        for level in self.levels:
            at_level(state, self.seat, level)


def at_level(state: Any, seat: int, level: int) -> None:
    """*seat*'s Main Hero reached *level*: the events of that Level, for that seat."""
    for event in state.game.scenario.events_at_level(level):
        fire(state, event, [seat])


def on_trigger(state: Any, kind: str, target: str, actor: int) -> None:
    """A ``visited`` field or a ``defeated`` AI hero *target*: its events fire, each once a
    game (``state.triggered`` keeps their places), ``who: actor`` touching *actor*."""
    for event in state.game.scenario.events_on(kind, target):
        index = _index(state, event)
        if index in state.triggered:
            continue
        state.triggered.append(index)
        fire(state, event, [actor] if event.who == "actor" else None)


def targets(state: Any, who: str) -> list[int]:
    """The seats an event's ``who`` names: all, or one by place in the turn order."""
    seats = [s for s in state.order if not state.players[s].eliminated]
    if who == "all":
        return seats
    if who == "last":
        return seats[-1:]
    index = PLACES.get(who, len(seats))
    return seats[index : index + 1]


def fire(state: Any, event: Any, seats: Sequence[int] | None = None) -> None:
    """*event* for the seats it touches (*seats*: these instead), in turn order."""
    touched = targets(state, event.who) if seats is None else list(seats)
    state.events.append("timed-event", {"round": state.round, "seats": touched})
    choose = event.choose and len(event.effects) > 1
    each = [e for e in event.effects if choose or e.kind not in ONCE]
    for seat in reversed(touched):  # pushed last-first, resolved in turn order
        if choose:
            index = _index(state, event)
            state.flow.push(EventChoiceStep(seat=seat, event=index, effects=len(each)))
            continue
        for effect in reversed(each):
            apply_effect(state, seat, effect)
    if not choose:
        for effect in event.effects:
            if effect.kind in ONCE:
                apply_effect(state, -1, effect)


def _index(state: Any, event: Any) -> int:
    """*event*'s place in the scenario's list (a step keeps the index, not the event)."""
    return next(i for i, e in enumerate(state.game.scenario.events) if e is event)


# --------------------------------------------------------------------------- one effect


def _amounts(effect: Any) -> dict[str, int]:
    return {name: int(effect.params[name]) for name in RESOURCES if effect.params.get(name)}


def _gain(state: Any, seat: int, effect: Any) -> None:
    state.players[seat].resources.gain(_amounts(effect))
    state.events.append("event-gain", {"seat": seat, **_amounts(effect)})


def _lose(state: Any, seat: int, effect: Any) -> None:
    lost = state.players[seat].resources.lose(_amounts(effect))
    state.events.append("event-loss", {"seat": seat, **lost})


def _income(state: Any, seat: int, effect: Any) -> None:
    """The income tracks move for good (never below 0)."""
    income = state.players[seat].base_income
    for name, amount in _amounts(effect).items():
        income[name] = max(0, income.get(name, 0) + amount)
        if not income[name]:
            del income[name]


def _movement(state: Any, seat: int, effect: Any) -> None:
    """The Main Hero's MP this round rise (the event fires at the round's start)."""
    for item in state.heroes:
        if item.seat == seat and item.role == MAIN and item.field:
            item.mp += int(effect.params.get("amount", 1))


def _morale(state: Any, seat: int, effect: Any) -> None:
    (morale.gain if effect.params.get("value") == "positive" else morale.lose)(state, seat)


def _search(state: Any, seat: int, effect: Any) -> None:
    params = effect.params
    search.search(state, seat, str(params["deck"]), int(params["amount"]), int(params["times"]))


def _experience(state: Any, seat: int, effect: Any) -> None:
    experience.gain(state, seat, int(effect.params.get("amount", 1)))


def _remove_card(state: Any, seat: int, effect: Any) -> None:
    if state.players[seat].hand:
        state.flow.push(RemoveCardStep(seat=seat))


def _astrologers(state: Any, seat: int, effect: Any) -> None:
    """Draw an Astrologers card and proclaim it (once per event, not per seat)."""
    astrologers.draw(state)
    astrologers.proclaim(state)


def _dice(state: Any, seat: int, effect: Any) -> None:
    """Roll that many dice and resolve one (docs/homm3-scenarios.md; dice.py)."""
    die = "resource" if effect.kind == "resource-dice" else "treasure"
    dice.roll(state, seat, die, int(effect.params.get("amount", 1)), "one")


def _note(state: Any, seat: int, effect: Any) -> None:
    state.events.append("scenario-note", {"seat": seat, "text": effect.params.get("text", "")})


def _unresolved(state: Any, seat: int, effect: Any) -> None:
    state.events.append("effect-not-resolved", {"seat": seat, "kind": effect.kind})


HANDLERS: dict[str, Callable[[Any, int, Any], None]] = {
    "gain": _gain,
    "lose": _lose,
    "income": _income,
    "movement": _movement,
    "morale": _morale,
    "search": _search,
    "experience": _experience,
    "remove-card": _remove_card,
    "astrologers": _astrologers,
    "note": _note,
    "resource-dice": _dice,
    "treasure-dice": _dice,
}
"""What each scenario effect kind does for one seat."""


def apply_effect(state: Any, seat: int, effect: Any) -> None:
    """Resolve one scenario *effect* (scenario/model.py ``Effect``) for *seat*."""
    HANDLERS.get(effect.kind, _unresolved)(state, seat, effect)


# --------------------------------------------------------------------------- choices


@dataclass
class EventChoiceStep(Step[Any]):
    """*seat* takes one of the ``effects`` effects of the scenario's event number ``event``."""

    kind = "event-choice"
    rule = RULE_EVENTS
    public_kinds = None
    seat: int = 0
    event: int = 0
    effects: int = 1

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        return [Action.of("choose-effect", index=i) for i in range(self.effects)]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        event = state.game.scenario.events[self.event]
        apply_effect(state, seat, event.effects[action.int_param("index")])


@dataclass
class RemoveCardStep(Step[Any]):
    """*seat* Removes a card of its choice from its hand from the game (§5.8 Remove)."""

    kind = "remove-card"
    rule = "homm3.md §5.8 (Remove a card: out of the game)"
    seat: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def held_zones(self, state: Any) -> Sequence[str]:
        return [f"mm-hand-{self.seat}"]

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        return [Action.of("remove", card=c) for c in dict.fromkeys(state.players[seat].hand)]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action in self.legal(state, seat):
            return None
        return (self.rule, "remove one card of your hand ('remove card=ID')")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        card = action.str_param("card")
        state.players[seat].hand.remove(card)
        state.events.append("card-removed", {"seat": seat})
        state.events.append("card-removed-is", {"seat": seat, "card": card}, visible_to=(seat,))
