"""A hero's turn (spec §4.3): up to two different standard actions, free actions, the end.

:class:`TurnStep` is pushed by the round (rounds.py) for the activated hero; the seat that
controls the hero (core/control.py) plays it. It offers the actions of every turn rule
(:data:`TURN_RULES`, each a core ``Rule``: its refusal is the one statement of the rule) and
``end-turn``. A hero defeated during its own turn ends it at once (spec §5.13); at night a hero
heals 1 HP at the end of its turn (spec §4.1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.core.rules import Rule, legal_of, refusal_of
from rulekeeper.games.eternia.map import (
    backpack,
    casting,
    encounters,
    events,
    merchants,
    mobilize,
    movement,
    quests,
    resting,
    skirmish,
    solo,
    trading,
    triggers,
    victory,
)
from rulekeeper.games.eternia.map.standard import RULE_TURN

__all__ = ["END_TURN", "TURN_RULES", "TurnStep"]

END_TURN = Action.of("end-turn")
TURN_RULES: tuple[Rule, ...] = (
    movement.MOVE,
    movement.FAST_TRAVEL,
    *mobilize.RULES,
    encounters.BRAVE,
    quests.QUEST,
    resting.REST,
    backpack.EQUIP,
    trading.TRADE,
    merchants.MERCHANT,
    *skirmish.RULES,
    victory.CYCLE,
    casting.CAST,
)
"""The rules whose actions a turn offers, in the order the legal list gives them."""


@dataclass
class TurnStep(Step[Any]):
    """The turn of hero *hero* (an index): the standard actions it took (``actions``, each at
    most once, two in all, spec §4.3) and the free ones (``free``); ``over`` once the hero was
    defeated (spec §5.13)."""

    kind = "turn"
    rule = RULE_TURN
    public_kinds = None
    hero: Annotated[int, Bounds(0, 8)] = 0
    actions: list[str] = dataclasses.field(default_factory=list)
    free: list[str] = dataclasses.field(default_factory=list)
    over: bool = False
    finished: bool = False
    """The turn's last action was taken (Use a Merchant, spec §5.10)."""
    extra: int = 0
    """Standard actions more than two an event gave this turn (``extra-action``)."""
    boons: list[str] = dataclasses.field(default_factory=list)
    """The map spells the hero cast this turn (casting.py)."""

    def actor(self, state: Any) -> int:
        return AUTO if self.over or self.finished else state.controller_of(self.hero)

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for rule in TURN_RULES:
            yield from rule.candidates(state, seat)
        yield END_TURN

    def legal(self, state: Any, seat: int) -> list[Action]:
        if self.over or self.finished or seat != self.actor(state):
            return []
        return [*legal_of(TURN_RULES, state, seat), END_TURN]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        owner = self.actor(state)
        if seat != owner:
            hero = state.heroes[self.hero].id
            return (self.rule, f"player {owner} plays {hero}'s turn, not player {seat}")
        if action == END_TURN:
            return None
        return refusal_of(TURN_RULES, state, seat, action, "of a turn", RULE_TURN)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action == END_TURN:
            self._end(state)
            return
        rule = next(item for item in TURN_RULES if action.kind in item.kinds)
        rule.apply(state, seat, action)

    def run(self, state: Any) -> None:
        self._end(state)

    def _end(self, state: Any) -> None:
        """The end of the turn: the night's healing (spec §4.1, A-37)."""
        state.flow.pop()
        hero = state.heroes[self.hero]
        if state.space().time == "night" and not self.over and hero.damage:
            healed = min(hero.damage, state.number("night_heal"))
            hero.damage -= healed
            state.events.append("healed", {"hero": hero.id, "hp": healed, "why": "night"})
        triggers.fire(state, self.hero, "end-of-turn")
        events.end_of_turn(state, self.hero)
        state.events.append("turn-ends", {"hero": hero.id})
        victory.check(state)
        solo.reinforce(state, "turn")
        if solo.is_solo(state):
            solo.game_over(state, round_over=False)
