"""Card effects that ask for a choice or a die (homm3.md §5.18.7, §5.9): a discard, the card
kept of those drawn, two units swapping fields, a morale roll, a Spell recovered from the
discard pile. Each comes last in its play (content/pack.py checks) and pushes its step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import AUTO, CHANCE, Action, PickSubset, Step
from rulekeeper.core.dice import roll_outcome_actions
from rulekeeper.games.homm3.combat import hands
from rulekeeper.games.homm3.combat.model import ATTACK_DIE
from rulekeeper.games.homm3.combat.stats import BattleState
from rulekeeper.games.homm3.content.cards import Spell

RULE = "homm3.md §5.18.7 cards in combat (rulebook p. 31)"


def push_choice(state: BattleState, side: int, effect: Any, source: str) -> None:
    """The effects that need a choice or a die: each pushes its step (it comes last in its
    play, content/pack.py checks)."""
    seat = state.battle.armies[side].seat
    hero = hands.hero_of(state, side)
    kind = effect.kind
    if hero is None:
        return
    if kind == "discard":
        count = min(effect.amount or 1, len(hero.hand))
        if count:
            state.flow.push(
                DiscardStep(
                    seat=seat, options=sorted(hero.hand), least=count, most=count, side=side
                )
            )
    elif kind == "draw-keep":
        drawn = hands.draw(state, side, effect.amount or 2)
        if len(drawn) > 1:
            state.flow.push(KeepStep(seat=seat, options=sorted(drawn), least=1, most=1, side=side))
    elif kind == "morale-roll":
        state.flow.push(MoraleRollStep(side=side))
    elif kind == "recover-spell":
        state.flow.push(RecoverStep(side=side))
    elif kind == "swap":
        own = sorted(u.id for u in state.battle.on_board(side))
        if len(own) >= 2:
            state.flow.push(SwapStep(seat=seat, options=own, least=2, most=2))


@dataclass
class DiscardStep(hands.HandPick):
    """Discarding cards an effect asks for (``discard``)."""

    kind = "discard-cards"
    verb = "discard"
    rule = RULE
    side: int = 0

    def chosen(self, state: Any, items: list[str]) -> None:
        for card_id in items:
            hands.discard(state, self.side, card_id)


@dataclass
class KeepStep(hands.HandPick):
    """``draw-keep``: the card kept of those drawn; the others are discarded."""

    kind = "keep-card"
    verb = "keep"
    rule = RULE
    side: int = 0

    def chosen(self, state: Any, items: list[str]) -> None:
        rest = list(self.options)
        for card_id in items:
            rest.remove(card_id)
        for card_id in rest:
            hands.discard(state, self.side, card_id)


@dataclass
class SwapStep(PickSubset[Any]):
    """``swap``: two of the side's units exchange fields (Tactics)."""

    kind = "swap-units"
    verb = "swap"
    rule = RULE

    def chosen(self, state: Any, items: list[str]) -> None:
        first, second = (state.battle.units[uid] for uid in items)
        first.field, second.field = second.field, first.field
        state.events.append("swapped", {"units": list(items)})


@dataclass
class MoraleRollStep(Step[Any]):
    """``morale-roll``: an Attack die; on 0 the hero gains morale (CHANCE)."""

    kind = "morale-roll"
    rule = RULE
    side: int = 0

    def actor(self, state: Any) -> int:
        return CHANCE

    def chance(self, state: Any) -> list[tuple[Action, float]]:
        return roll_outcome_actions(ATTACK_DIE)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        face = action.int_param("face")
        state.events.append("rolled", {"purpose": "morale-roll", "face": face})
        if face == 0:
            hands.gain_morale(state, self.side)


@dataclass
class RecoverStep(Step[Any]):
    """``recover-spell``: a Spell card from the discard pile into hand (``recover card=S``),
    then the discard pile is shuffled into the deck."""

    kind = "recover-spell"
    rule = RULE
    side: int = 0

    def spells(self, state: Any) -> list[str]:
        hero = hands.hero_of(state, self.side)
        pack = state.game.pack
        found = {c for c in (hero.discard if hero else []) if isinstance(pack.card(c), Spell)}
        return sorted(found)

    def actor(self, state: Any) -> int:
        return AUTO if not self.spells(state) else int(state.battle.armies[self.side].seat)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("recover", card=c) for c in self.spells(state)]

    def run(self, state: Any) -> None:
        self._finish(state, None)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        self._finish(state, action.str_param("card"))

    def _finish(self, state: Any, card_id: str | None) -> None:
        state.flow.pop()
        hero = hands.hero_of(state, self.side)
        if hero is None:
            return
        if card_id is not None:
            hero.discard.remove(card_id)
            hero.hand.append(card_id)
        hands.shuffle_discard_in(state, self.side)
        state.events.append("recovered", {"side": self.side, "card": card_id})
