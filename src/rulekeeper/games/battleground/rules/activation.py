"""A character's activation or interruption (rulebook, Gain Bonuses; Perform Actions; End
Activation; Interruptions; Disposable Items) and draws by agreement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import AUTO, Refusal, Step
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.cards import FateCard
from rulekeeper.games.battleground.model import CardId, Fighter, Seat, Turn
from rulekeeper.games.battleground.rules import (
    abilities,
    combat,
    effects,
    missions,
    perform,
    scoring,
    skills,
    triggers,
)
from rulekeeper.games.battleground.rules.ap import spend
from rulekeeper.games.battleground.rules.choice import CharacterChoice
from rulekeeper.games.battleground.rules.move import ContinueMoveStep
from rulekeeper.games.battleground.rules.opportunity import OpportunityStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

ACTS = frozenset(
    {"focus", "move", "attack", "skill", "use-item", "overwatch", "play", "end"}  # a character's
    | {"offer-draw", "forfeit"}  # and its player's, at any time (Scoring)
)
"""Perform Actions: what the active character's player may do in the complete game."""


@dataclass(frozen=True)
class Activations:
    """How characters are activated (rulebook, Activation Phase), for variants of the game.

    The complete game: the activation card gives the AP (``fixed_ap`` None) and every action of
    :data:`ACTS` is open. A variant (variants.py) may play without fate and glory cards: no
    preparation and no card selection; the players alternate, the first player first, each
    activating a ready character with ``fixed_ap`` AP or passing (rules/round.py). It may also
    offer fewer ``acts`` (keep "end"; without "attack" there are no attacks of opportunity)."""

    fixed_ap: int | None = None
    acts: frozenset[str] = ACTS

    @property
    def cards(self) -> bool:
        """Whether fate and glory cards are played."""
        return self.fixed_ap is None


@dataclass
class BonusStep(Step["BattleState"]):
    """Gain Bonuses: the bonus of a card played (``start``: the activation card)."""

    kind: ClassVar[str] = "bonus"
    rule: ClassVar[str] = "Activation Phase: Gain Bonuses"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat
    card: CardId
    start: bool = False

    def actor(self, state: BattleState) -> int:
        return self.player

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        card = state.play_card(self.card)
        if isinstance(card, FateCard):
            options = [state.game.actions.one("bonus", "choice", "mana")]
            if effects.ability_usable(state, state.turn(), card.ability):
                options.append(state.game.actions.one("bonus", "choice", "ability"))
        else:
            options = [
                state.game.actions.one("bonus", "choice", "ap"),
                state.game.actions.one("bonus", "choice", "mission"),
            ]
        return options

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        choice = action.str_param("choice")
        card_id = self.card
        turn = state.turn()
        fighter = state.fighters[turn.character]
        state.flow.pop()
        if choice == "mana":
            fighter.gain_mana(1)
        elif choice == "ap":
            turn.ap += 1
        elif choice == "mission":
            turn.missions.append(card_id)
        elif choice == "ability":
            card = state.play_card(card_id)
            assert isinstance(card, FateCard)
            if card.ability.when in ("immediately", "at_will"):
                effects.resolve_ability(
                    state, turn, fighter, card.ability, source=f"fate:{card_id}"
                )
                combat.remove_knocked_out(state, by=fighter)
            else:
                turn.granted.append(f"fate:{card_id}")
        state.events.append("bonus", {"player": seat, "card": card_id, "choice": choice})
        if self.start:
            triggers.fire(
                state, fighter, "upon_interruption" if turn.interruption else "upon_activation"
            )


@dataclass
class ActStep(Step["BattleState"]):
    """Perform Actions: an activation or an interruption in progress (``turn``: its character,
    AP and what it did), asking its player for the character's next action; what a turn
    pushes (a move, an attack, an interruption's own act step) stands on it. A knocked-out
    character's turn ends by itself."""

    kind: ClassVar[str] = "act"
    rule: ClassVar[str] = "Activation Phase: Perform Actions"
    turn: Turn

    @property
    def player(self) -> int:
        """The turn's player, who acts here."""
        return self.turn.player

    @classmethod
    def interrupt(
        cls, state: BattleState, player: int, character: str, kind: str, interrupted: str
    ) -> None:
        """Interruptions, for the rules below this module (rules/by_kind.py finds it by kind)."""
        start_interruption(state, player, character, kind, interrupted)

    def actor(self, state: BattleState) -> int:
        if state.fighters[self.turn.character].knocked_out:
            return AUTO
        return self.turn.player

    def run(self, state: BattleState) -> None:
        state.flow.push(EndTurnStep())

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return perform.options(state, seat)

    def refusal(self, state: BattleState, seat: int, action: Action) -> Refusal | None:
        return perform.refusal(state, action, seat)

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        turn = state.turn()
        fighter = state.fighters[turn.character]
        kind = action.kind
        if kind == "focus":
            spend(turn, "focus")
            fighter.focused = True
            state.events.append("focus", {"character": fighter.id})
        elif kind == "move":
            declare_move(state, turn, fighter, action)
        elif kind == "attack":
            combat.declare_attack(state, turn, fighter, action)
        elif kind == "skill":
            skills.use_skill(state, turn, fighter, action.str_param("skill"))
        elif kind == "use-item":
            skills.use_item(state, turn, fighter, action.str_param("item"))
        elif kind == "overwatch":
            spend(turn, "overwatch")
            fighter.overwatch = True
            state.events.append("overwatch", {"character": fighter.id})
            state.flow.push(EndTurnStep())  # the activation ends immediately
        elif kind == "play":
            card = action.str_param("card")
            state.take_from_hand(seat, card)
            turn.cards.append(card)
            state.events.append("play card", {"player": seat, "card": card})
            state.flow.push(BonusStep(player=seat, card=card))
        elif kind == "end":
            state.flow.push(EndTurnStep())


def declare_move(state: BattleState, turn: Turn, fighter: Fighter, action: Action) -> None:
    """Move: the AP are spent and the route fixed once any attacks of opportunity are over."""
    use_focus = action.bool_param("focus")
    target = Position(*action.ints_param("to"))
    spend(turn, "move")
    if use_focus:
        fighter.focused = False
    state.events.append(
        "move declared", {"character": fighter.id, "to": target.to_json(), "focus": use_focus}
    )
    state.flow.push(
        ContinueMoveStep(
            player=turn.player, character=fighter.id, to=target.to_json(), focus=use_focus
        )
    )
    engaged = [e.id for e in state.engaged_enemies(fighter)]
    if (
        engaged
        and "attack" in state.game.activations.acts  # a variant without attacks has none
        and abilities.move_style(state, fighter) != "teleport"
    ):
        # Attacks of opportunity come when the move is declared, before leaving the hex.
        owner = 1 - fighter.owner
        state.flow.push(OpportunityStep(player=owner, mover=fighter.id, characters=engaged))


@dataclass
class EndTurnStep(Step["BattleState"]):
    """End Activation: first the 'at the end of' effects (``fired``), then the turn ends."""

    kind: ClassVar[str] = "end-turn"
    fired: bool = False

    def run(self, state: BattleState) -> None:
        turn = state.turn()
        fighter = state.fighters[turn.character]
        if not self.fired:
            # Effect Timing: 'at the end of activation/interruption' effects, still inside the
            # turn; if several need ordering, this step runs again after that decision.
            self.fired = True
            if not fighter.knocked_out:
                trigger = "end_of_interruption" if turn.interruption else "end_of_activation"
                triggers.fire(state, fighter, trigger)
            return
        flow = state.flow
        flow.pop()
        act = flow.pop()
        assert isinstance(act, ActStep) and act.turn is turn
        side = state.sides[turn.player]
        missions.check_missions(state, ending=turn)
        completed = [c for c in turn.missions if c in side.glory_done]
        if turn.interruption:
            state.discard_cards(turn.player, [c for c in turn.cards if c not in completed])
            state.events.append("interruption ends", {"character": fighter.id})
        else:
            fighter.cards.extend(turn.cards)
            fighter.activated = True
            state.events.append("end activation", {"character": fighter.id, "unspent ap": turn.ap})


def start_interruption(
    state: BattleState, player: int, character: str, kind: str, interrupted: str
) -> None:
    """Interruptions: ``character`` takes a turn of its own (1 AP) inside another's."""
    fighter = state.fighters[character]
    if kind == "overwatch":
        fighter.overwatch = False  # the token returns when the overwatch interruption starts
    turn = Turn(player, character, 1, kind=kind, interrupted=interrupted)
    state.events.append(
        "interruption", {"character": character, "kind": kind, "interrupts": interrupted}
    )
    state.flow.push(ActStep(turn=turn))
    triggers.fire(state, fighter, "upon_interruption")
    target = state.fighters[interrupted]
    own = next((t for t in reversed(state.turns) if t.character == interrupted), None)
    if own is not None and disposables(state, own, target):
        # Disposable Items: the interrupted character may use them before the interruption.
        state.flow.push(BeforeInterruptionStep(player=target.owner, character=interrupted))


def disposables(state: BattleState, turn: Turn, fighter: Fighter) -> list[str]:
    return [
        item_id
        for item_id in fighter.items
        if state.pack.items.get(item_id) is not None
        and state.pack.items[item_id].disposable
        and skills.item_refusal(state, turn, fighter, item_id) is None
    ]


@dataclass
class BeforeInterruptionStep(CharacterChoice):
    """Disposable Items: the interrupted character may use them before the interruption."""

    kind: ClassVar[str] = "before-interruption"
    rule: ClassVar[str] = "Disposable Items"
    shared: ClassVar[bool] = True  # its fields never change

    def _own_turn(self, state: BattleState) -> Turn:
        return next(t for t in reversed(state.turns) if t.character == self.character)

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        fighter = state.fighters[self.character]
        own = self._own_turn(state)
        options = [
            state.game.actions.one("use-item", "item", i) for i in disposables(state, own, fighter)
        ]
        return [*options, state.game.actions.plain("continue")]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        fighter = state.fighters[self.character]
        own = self._own_turn(state)
        if action.kind == "continue" or not disposables(state, own, fighter):
            state.flow.pop()
            return
        skills.use_item(state, own, fighter, action.str_param("item"))
        if not disposables(state, own, fighter):
            state.flow.discard(self)


@dataclass
class DrawOfferStep(Step["BattleState"]):
    """Scoring: a draw offered by ``by``; the other player accepts or declines."""

    kind: ClassVar[str] = "draw-offer"
    rule: ClassVar[str] = "Scoring: draw by agreement"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat
    by: Seat

    def actor(self, state: BattleState) -> int:
        return self.player

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.plain("accept-draw"), state.game.actions.plain("decline-draw")]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        state.flow.pop()
        if action.kind == "accept-draw":
            scoring.finish(state, -1, "draw by agreement")
        else:
            state.events.append("draw declined", {"player": seat})
