"""Trade (spec §5.19, A-18): a free action, once a turn, with every friendly hero in the same
area: support cards change hands (``give card=X to=HERO``) until ``done``; the holding limits
apply after the trade (gains.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.defeat import owned
from rulekeeper.games.eternia.map.gains import gain
from rulekeeper.games.eternia.map.outposts import friends_in

__all__ = ["TRADE", "TradeStep"]

RULE_TRADE = "spec §5.19, A-18 (rulebook p.14): Trade with friendly heroes in the area"


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    yield Action.of("trade")


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    turn = state.turn()
    if turn is None or turn.over or turn.finished or seat != state.controller_of(turn.hero):
        return (RULE_TRADE, "a hero trades during its own turn")
    if "trade" in turn.free:
        return (RULE_TRADE, "a hero trades once a turn")
    hero = state.heroes[turn.hero]
    if len(friends_in(state, hero.area, hero.team)) < 2:
        return (RULE_TRADE, f"no other hero of the team is in {hero.area}")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    turn = state.turn()
    turn.free.append("trade")
    state.flow.push(TradeStep(hero=turn.hero))


TRADE = Rule(("trade",), _candidates, _refusal, _apply)


@dataclass
class TradeStep(Step[Any]):
    """Hero *hero* trades with the friendly heroes in its area."""

    kind = "trading"
    rule = RULE_TRADE
    public_kinds = None
    hero: Annotated[int, Bounds(0, 8)] = 0
    given: list[str] = dataclasses.field(default_factory=list)
    """The cards that changed hands in this trade: each does so once [reading]."""

    def actor(self, state: Any) -> int:
        return int(state.controller_of(self.hero))

    def _group(self, state: Any) -> list[int]:
        hero = state.heroes[self.hero]
        return friends_in(state, hero.area, hero.team)

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        group = self._group(state)
        for giver in group:
            for card in dict.fromkeys(owned(state.heroes[giver])):
                for taker in group:
                    if taker != giver:
                        yield Action.of("give", card=card, to=state.heroes[taker].id)
        yield Action.of("done")

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [a for a in self.candidates(state, seat) if self.refusal(state, seat, a) is None]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.actor(state):
            return (self.rule, f"player {self.actor(state)} is trading")
        if action.kind == "done":
            return None
        if action.kind != "give":
            return (self.rule, "give a card to a friendly hero here, or be done")
        group = self._group(state)
        taker = state.hero_index(str(action.get("to")))
        if taker is None or taker not in group:
            return (self.rule, f"{action.get('to')} is not a friendly hero in this area")
        card = str(action.get("card"))
        if card in self.given:
            return (self.rule, f"{card} changed hands in this trade already")
        if not any(card in owned(state.heroes[g]) for g in group if g != taker):
            return (self.rule, f"no other hero here holds {card}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "done":
            state.flow.pop()
            return
        card = str(action.get("card"))
        taker = state.hero_index(str(action.get("to")))
        assert taker is not None
        giver = next(g for g in self._group(state) if g != taker and card in owned(state.heroes[g]))
        holdings.take(state, giver, card)
        self.given.append(card)
        state.events.append(
            "gave", {"from": state.heroes[giver].id, "to": state.heroes[taker].id, "card": card}
        )
        gain(state, taker, card)
