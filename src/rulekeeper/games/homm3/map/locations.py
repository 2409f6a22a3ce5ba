"""What a location's visit does (homm3.md §5.3–§5.5, §5.13, §8.2, §8.23, §8.56, §9.4, §9.5).

A location (content/locations.py) offers options; the visitor resolves one: pays its cost, then
its effects in order (:class:`EffectsStep`; the first-flag effects on a field's first flag).
Several options, or an optional visit ("may pay", "may Search"), are the visitor's choice
(:class:`ChoiceStep`), each option refused with its reason when it cannot be taken. Each effect
kind of the locations' vocabulary is one short function of :data:`HANDLERS`; the effects a
scenario gives an Obelisk, a Dragon Utopia or the Grail (scenario/fields.py EFFECT_KINDS) are
:func:`scenario_effect`'s (mostly those of timed events, events.py).
Exp and cards gained through a Secondary Hero are the player's (§8.56).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.core.graph import hex_key
from rulekeeper.core.ledger import missing_words
from rulekeeper.games.homm3.map import (
    board,
    dice,
    events,
    experience,
    flags,
    geometry,
    morale,
    search,
    trading,
)
from rulekeeper.games.homm3.map.location_steps import (
    LocationRemoveStep,
    ObservatoryStep,
    PeekStep,
    RecoverStep,
    ReinforceStep,
    removable,
    reveal_next_to,
)
from rulekeeper.games.homm3.map.model import MAIN

__all__ = [
    "HANDLERS",
    "ChoiceStep",
    "EffectsStep",
    "Visit",
    "begin",
    "option_refusal",
    "scenario_effect",
    "start",
]

RULE_VISIT = "homm3.md §5.3, §5.4 (visiting a location, rulebook p. 19-25)"
RULE_PAY = "homm3.md §5.4 (a location's price: Shrine of Magic Incantation, Tree of Knowledge)"
RULE_SCENARIO = "homm3.md §5.4 (Obelisk, Dragon Utopia, Grail: the scenario's effects)"
DECLINE = Action.of("decline")
SCENARIO = -1
"""``EffectsStep.option`` of the scenario's effects of a location (scenario ``locations``)."""


@dataclass(frozen=True)
class Visit:
    """Who visits which field's location, with which option (-1: the scenario's effects), and
    whether this is the field's first flag."""

    seat: int
    hero: str
    field: str
    location: str
    option: int = 0
    first_flag: bool = False


# --------------------------------------------------------------------------- options


def effects_of(state: Any, visit: Visit) -> tuple[Any, ...]:
    """The effects *visit*'s option resolves (its first-flag ones on a first flag)."""
    if visit.option == SCENARIO:
        rule = state.game.scenario.locations.get(visit.location)
        return () if rule is None else tuple(rule.effects)
    option = state.game.pack.locations[visit.location].options[visit.option]
    return tuple(option.first_flag or option.effects) if visit.first_flag else option.effects


def option_refusal(state: Any, visit: Visit) -> Refusal | None:
    """Why *visit*'s option cannot be taken (its price, or an effect with nothing to act on)."""
    if visit.option == SCENARIO:
        return None
    cost = state.game.pack.locations[visit.location].options[visit.option].cost
    missing = state.players[visit.seat].resources.missing(dict(cost))
    if missing:
        return (RULE_PAY, f"this option needs {missing_words(missing, trading.NAMES)}")
    for effect in effects_of(state, visit):
        if effect.kind == "remove-card":
            if not removable(state, visit.seat, effect):
                return (RULE_VISIT, "you have no card in hand this lets you Remove")
        elif effect.kind == "reinforce" and not flags.reinforceable(
            state, visit.seat, effect.tiers, effect.price
        ):
            return (flags.RULE_REINFORCE, "you have no Few Bronze or Silver unit you can pay for")
    return None


def start(state: Any, visit: Visit) -> None:
    """Resolve *visit*'s location: its one option at once, or the visitor's choice."""
    location = state.game.pack.locations[visit.location]
    if len(location.options) == 1 and not location.optional:
        begin(state, visit)
    elif location.options:
        state.flow.push(ChoiceStep.of(visit, location.optional))


def begin(state: Any, visit: Visit) -> None:
    """Pay *visit*'s option and resolve its effects (refused options resolve nothing)."""
    if option_refusal(state, visit) is not None:
        state.events.append("visit-nothing", {"seat": visit.seat, "field": visit.field})
        return
    if visit.option != SCENARIO:
        cost = dict(state.game.pack.locations[visit.location].options[visit.option].cost)
        if cost:
            state.players[visit.seat].resources.pay(cost)
            state.events.append("paid", {"seat": visit.seat, **cost})
    state.flow.push(EffectsStep.of(visit))


@dataclass
class ChoiceStep(Step[Any]):
    """*seat* chooses one option of the location on *field* (``option=N``), or declines an
    optional visit; with ``scenario``, one of the scenario's effects of the location."""

    kind = "location-choice"
    rule = RULE_VISIT
    seat: int = 0
    hero: str = ""
    field: str = ""
    location: str = ""
    first_flag: bool = False
    optional: bool = False
    scenario: bool = False

    @classmethod
    def of(cls, visit: Visit, optional: bool, scenario: bool = False) -> ChoiceStep:
        return cls(
            visit.seat,
            visit.hero,
            visit.field,
            visit.location,
            visit.first_flag,
            optional,
            scenario,
        )

    def visit(self, option: int) -> Visit:
        return Visit(self.seat, self.hero, self.field, self.location, option, self.first_flag)

    def _count(self, state: Any) -> int:
        if self.scenario:
            return len(effects_of(state, self.visit(SCENARIO)))
        return len(state.game.pack.locations[self.location].options)

    def judged_in_public(self, state: Any, seat: int, action: Action) -> bool:
        """A choice is judged in public unless an option Removes a card from the hand."""
        kinds = {e.kind for _, e in state.game.pack.locations[self.location].effects()}
        if self.scenario:
            kinds = {e.kind for e in effects_of(state, self.visit(SCENARIO))}
        return "remove-card" not in kinds

    def actor(self, state: Any) -> int:
        legal = self.legal(state, self.seat)
        if not legal or (len(legal) == 1 and self.judged_in_public(state, self.seat, DECLINE)):
            return AUTO
        return self.seat

    def candidates(self, state: Any, seat: int) -> list[Action]:
        options = [Action.of("choose", option=index) for index in range(self._count(state))]
        return [*options, DECLINE] if self.optional else options

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} is visiting {self.field}")
        if action == DECLINE:
            return None if self.optional else (self.rule, "this visit is not optional (§5.3)")
        index = action.get("option")
        if (
            action.kind != "choose"
            or not isinstance(index, int)
            or index not in range(self._count(state))
        ):
            return (self.rule, f"choose option=0..{self._count(state) - 1}")
        if self.scenario:
            return _scenario_refusal(state, self.visit(SCENARIO), index)
        return option_refusal(state, self.visit(index))

    def run(self, state: Any) -> None:
        legal = self.legal(state, self.seat)
        if legal:
            self.apply(state, legal[0], self.seat)
        else:
            state.flow.pop()
            state.events.append("visit-nothing", {"seat": self.seat, "field": self.field})

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action == DECLINE:
            state.events.append("visit-declined", {"seat": seat, "field": self.field})
        elif self.scenario:
            step = EffectsStep.of(self.visit(SCENARIO))
            step.pick = action.int_param("option")
            state.flow.push(step)
        else:
            begin(state, self.visit(action.int_param("option")))


@dataclass
class EffectsStep(Step[Any]):
    """Resolve the effects of a visit's option one by one (``next`` the next one; ``pick``
    only that one, -1 all): a step an effect pushes resolves before the next effect."""

    kind = "location-effects"
    rule = RULE_VISIT
    seat: int = 0
    hero: str = ""
    field: str = ""
    location: str = ""
    option: int = 0
    first_flag: bool = False
    pick: int = -1
    next: int = 0

    @classmethod
    def of(cls, visit: Visit) -> EffectsStep:
        return cls(
            visit.seat,
            visit.hero,
            visit.field,
            visit.location,
            visit.option,
            visit.first_flag,
        )

    def visit(self) -> Visit:
        return Visit(self.seat, self.hero, self.field, self.location, self.option, self.first_flag)

    def run(self, state: Any) -> None:
        effects = effects_of(state, self.visit())
        if self.pick >= 0:
            effects = effects[self.pick : self.pick + 1]
        if self.next >= len(effects):
            state.flow.pop()
            return
        effect = effects[self.next]
        self.next += 1
        if self.option == SCENARIO:
            scenario_effect(state, self.visit(), effect)
        else:
            HANDLERS[effect.kind](state, self.visit(), effect)


# --------------------------------------------------------------------------- location effects

Handler = Callable[[Any, Visit, Any], None]


def _hero_of(state: Any, seat: int, hero: str) -> Any:
    """The visiting hero (the seat's Main Hero when none is named), or None."""
    found = board.hero(state, hero) if hero else None
    if found is None:
        found = next((h for h in state.heroes if h.seat == seat and h.role == MAIN), None)
    return found


def _gain(state: Any, seat: int, amounts: Mapping[str, int]) -> None:
    if amounts:
        state.players[seat].resources.gain(dict(amounts))
        state.events.append("resources-gained", {"seat": seat, **amounts})


def _resources(state: Any, visit: Visit, effect: Any) -> None:
    """Gain the effect's resources (Water Wheel, Mystical Garden, Windmill)."""
    _gain(state, visit.seat, effect.resources)


def _income(state: Any, visit: Visit, effect: Any) -> None:
    """A Settlement pays the chosen income from now on (a Mine's is its owner's anyway)."""
    if effect.resources:
        flags.set_reward(state, visit.field, next(iter(effect.resources)))


def _income_now(state: Any, visit: Visit, effect: Any) -> None:
    """The first flag pays the option's income once (§5.5)."""
    location = state.game.pack.locations[visit.location]
    _gain(
        state,
        visit.seat,
        flags.first_income(state, visit.field, location, effects_of(state, visit)),
    )


def _experience(state: Any, visit: Visit, effect: Any) -> None:
    """The Main Hero gains Exp (Learning Stone, Tree of Knowledge; §5.7, §8.56)."""
    experience.gain(state, visit.seat, int(effect.amount))


def _search(state: Any, visit: Visit, effect: Any) -> None:
    """Search (X) a deck, once or more (Shrines, Artifact icon, Warrior's Tomb; §5.8)."""
    search.search(state, visit.seat, effect.deck, int(effect.amount), int(effect.times or 1))


def _morale(state: Any, visit: Visit, effect: Any) -> None:
    """Gain or lose morale, once or more (Temple, Fountain, Warrior's Tomb; §5.17, §8.23)."""
    for _ in range(int(effect.times or 1)):
        (morale.gain if effect.amount > 0 else morale.lose)(state, visit.seat)


def _movement(state: Any, visit: Visit, effect: Any) -> None:
    """The hero that entered gains MP for this turn (Stables, Fountain of Youth; §5.2)."""
    item = _hero_of(state, visit.seat, visit.hero)
    if item is not None:
        item.mp += int(effect.amount)
        state.events.append("movement-gained", {"hero": item.id, "mp": int(effect.amount)})


def _reveal_tile(state: Any, visit: Visit, effect: Any) -> None:
    """The Observatory reveals a face-down tile next to its tile, for free (§5.1, §5.4)."""
    slots = [slot.at for slot in state.face_down]
    near = [hex_key(h) for h in geometry.observatory_slots(slots, visit.field)]
    if len(near) == 1:
        reveal_next_to(state, visit.seat, near[0])
    elif near:
        state.flow.push(ObservatoryStep(seat=visit.seat, field=visit.field, slots=near))


def _roll_dice(state: Any, visit: Visit, effect: Any) -> None:
    """Roll the field's (or the effect's) number of dice and keep one (§5.13.2, §5.13.3)."""
    printed = board.field_at(state, visit.field)
    count = effect.amount or (printed.dice if printed is not None else None) or 1
    dice.roll(state, visit.seat, effect.dice, int(count), "one")


def _trade(state: Any, visit: Visit, effect: Any) -> None:
    """Trade by the price table any number of times (§5.13.4)."""
    state.flow.push(trading.TradingStep(seat=visit.seat, location=visit.location))


def _remove_card(state: Any, visit: Visit, effect: Any) -> None:
    """Remove a card from hand (Witch Hut: an Ability card; Trading Post: 1 Gold for it)."""
    step = LocationRemoveStep(seat=visit.seat, location=visit.location, option=visit.option)
    state.flow.push(step)


def _peek_deck(state: Any, visit: Visit, effect: Any) -> None:
    """Look at the deck's top card: take it or discard it (Witch Hut)."""
    search.refill(state, effect.deck)
    pile = state.decks[effect.deck]
    seen = [pile.pop() for _ in range(min(int(effect.amount), len(pile)))]
    if seen:
        state.flow.push(PeekStep(seat=visit.seat, deck=effect.deck, seen=seen, count=len(seen)))


def _recover_discard(state: Any, visit: Visit, effect: Any) -> None:
    """Take one of the top cards of your discard pile into hand (Magic Spring)."""
    if state.players[visit.seat].discard:
        state.flow.push(RecoverStep(seat=visit.seat, count=int(effect.amount)))


def _reinforce(state: Any, visit: Visit, effect: Any) -> None:
    """Reinforce one Bronze or Silver unit at half price, or free (a Settlement's reward)."""
    tiers = list(effect.tiers)
    state.flow.push(ReinforceStep(seat=visit.seat, tiers=tiers, price=str(effect.price)))


def _grail(state: Any, visit: Visit, effect: Any) -> None:
    """Receive the Grail token, then what the scenario says the Grail does (§5.4)."""
    state.players[visit.seat].grail = True
    state.events.append("grail-found", {"seat": visit.seat})
    _scenario(state, visit, effect)


def _scenario(state: Any, visit: Visit, effect: Any) -> None:
    """The scenario's effects of this location (Obelisk, Dragon Utopia, Grail; §5.4)."""
    rule = state.game.scenario.locations.get(visit.location)
    if rule is None or not rule.effects:
        return
    scenario_visit = Visit(visit.seat, visit.hero, visit.field, visit.location, SCENARIO)
    if rule.choose and len(rule.effects) > 1:
        state.flow.push(ChoiceStep.of(scenario_visit, optional=False, scenario=True))
    else:
        state.flow.push(EffectsStep.of(scenario_visit))


HANDLERS: Mapping[str, Handler] = {
    "resources": _resources,
    "income": _income,
    "income-now": _income_now,
    "experience": _experience,
    "search": _search,
    "morale": _morale,
    "movement": _movement,
    "reveal-tile": _reveal_tile,
    "roll-dice": _roll_dice,
    "trade": _trade,
    "remove-card": _remove_card,
    "peek-deck": _peek_deck,
    "recover-discard": _recover_discard,
    "reinforce": _reinforce,
    "grail": _grail,
    "scenario": _scenario,
}
"""One function per effect kind of content/locations.py LOCATION_EFFECTS."""


# --------------------------------------------------------------------------- scenario effects


def scenario_effect(state: Any, visit: Visit, effect: Any) -> None:
    """Apply the scenario's *effect* of a location (scenario/model.py ``Effect``): its MP go to
    the hero that entered, its dice are rolled here (dice.py), the rest as a timed event's
    (events.py ``apply_effect``)."""
    if effect.kind == "movement":
        item = _hero_of(state, visit.seat, visit.hero)
        if item is not None:
            item.mp = max(0, item.mp + int(effect.params.get("amount", 1)))
    elif effect.kind in ("resource-dice", "treasure-dice"):
        die = effect.kind.removesuffix("-dice")
        dice.roll(state, visit.seat, die, int(effect.params.get("amount", 1)), "one")
    else:
        events.apply_effect(state, visit.seat, effect)


def _scenario_refusal(state: Any, visit: Visit, index: int) -> Refusal | None:
    """Why the scenario effect *index* of a location cannot be chosen (a Remove with no card)."""
    effect = effects_of(state, visit)[index]
    if effect.kind == "remove-card" and not state.players[visit.seat].hand:
        return (RULE_SCENARIO, "you have no card in hand to Remove")
    return None
