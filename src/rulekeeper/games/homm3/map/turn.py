"""A player's turn (homm3.md §4.3): hand refresh, any actions in any order, the end.

:class:`TurnStep` is pushed by the round for each seat in turn order. It starts the hand
refresh (hand.py), then offers its seat the actions of every turn rule (movement, exploration,
town actions, map cards, morale: :data:`TURN_RULES`, each a ``Rule`` of actions.py) and
``end-turn``. At the end of the turn the other players may take Town actions (towns.py
``TownWindow``, §5.14.2, §8.13) and the end-of-turn effects resolve: a second Negative Morale
discards the hand (§5.17), Ongoing map effects of the turn end.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.games.homm3.map import (
    cards,
    exploration,
    hand,
    morale,
    movement,
    town_actions,
    trading,
)
from rulekeeper.games.homm3.map.actions import Rule, legal_of, refusal_of

__all__ = ["END_TURN", "TURN_RULES", "TurnStep", "end_of_turn"]

RULE_TURN = "homm3.md §4.3 (a player's turn, rulebook p. 10)"
END_TURN = Action.of("end-turn")
STAGES = ("start", "refresh", "act", "end")
TURN_RULES: tuple[Rule, ...] = (
    movement.RULE,
    exploration.RULE,
    *town_actions.RULES,
    cards.RULE,
    morale.RULE,
    trading.RULE,
)
"""The rules whose actions a turn offers, in the order the legal list gives them."""


@dataclass
class TurnStep(Step[Any]):
    """*seat*'s turn: ``start`` (its buildings' turn-start uses), ``refresh`` (the hand
    refresh, of the hand as those uses left it), ``act`` (its actions), ``end``."""

    kind = "turn"
    rule = RULE_TURN
    public_kinds = None  # judged below: every map action of this step is public but cards
    seat: int = 0
    stage: str = "start"

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage must be one of {', '.join(STAGES)}, not {self.stage!r}")

    def actor(self, state: Any) -> int:
        return self.seat if self.stage == "act" else AUTO

    def judged_in_public(self, state: Any, seat: int, action: Action) -> bool:
        return action.kind not in cards.HAND_KINDS  # a card play's refusal reads the hand

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for rule in TURN_RULES:
            yield from rule.candidates(state, seat)
        yield END_TURN

    def legal(self, state: Any, seat: int) -> list[Action]:
        if seat != self.seat or self.stage != "act":
            return []
        ending = [] if end_refusal(state, seat) else [END_TURN]
        return [*legal_of(TURN_RULES, state, seat), *ending]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"it is player {self.seat}'s turn, not player {seat}'s")
        if action == END_TURN:
            return end_refusal(state, seat)
        return refusal_of(TURN_RULES, state, seat, action, "of a turn")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action == END_TURN:
            self.stage = "end"
            state.events.append("turn-ends", {"seat": self.seat})
            town_actions.open_window(state, self.seat, "end-of-turn")
            return
        rule = next(item for item in TURN_RULES if action.kind in item.kinds)
        rule.apply(state, seat, action)

    def run(self, state: Any) -> None:
        if self.stage == "start":
            self.stage = "refresh"
            state.events.append("turn-starts", {"seat": self.seat, "round": state.round})
            town_actions.turn_start(state, self.seat)  # first: they may change the hand
            return
        if self.stage == "refresh":
            self.stage = "act"
            hand.refresh(state, self.seat)
            return
        state.flow.pop()
        end_of_turn(state, self.seat)


def end_refusal(state: Any, seat: int) -> Refusal | None:
    """Why *seat* may not end its turn now: a hero of its passing through a Sanctuary another
    hero holds must leave it first (§5.4, §8.19; it entered with an MP to leave)."""
    for item in state.heroes:
        if item.seat != seat or not item.field or item.mp <= 0:
            continue  # (with no MP left it cannot leave: it stays, §8.19 cannot be kept)
        if movement.sanctuary_held(state, item.field, item):
            return (movement.RULE_SANCTUARY, f"{item.id} may only pass through that Sanctuary")
    return None


def end_of_turn(state: Any, seat: int) -> None:
    """The end-of-turn effects (§4.3 step 3): a second Negative Morale discards the whole hand
    (§5.17); the turn's bonus MP are gone (§8.10)."""
    player = state.players[seat]
    if player.discard_hand:
        player.discard_hand = False
        if player.hand:
            state.events.append("hand-discarded", {"seat": seat, "cards": list(player.hand)})
            player.discard.extend(player.hand)
            player.hand.clear()
    for item in state.heroes:
        if item.seat == seat:
            item.mp = 0
    cards.end_of_turn(state, seat)
