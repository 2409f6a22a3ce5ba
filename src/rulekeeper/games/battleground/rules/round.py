"""Rounds (rulebook, Playing the Game; Preparation Phase; Activation Phase; Clean-Up Phase):
select cards, activate characters in initiative order, clean up, prepare the next round.

A variant without fate and glory cards (``Activations.fixed_ap``, variants.py) has no preparation
and no card selection: the players take turns, the first player first, each activating a ready
character with the fixed AP or passing for the rest of the round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import SIMULTANEOUS, Action
from rulekeeper.core.flow import PickSubset, Refusal, Step
from rulekeeper.games.battleground.model import HAND_SIZE, CardId, Fighter, Seat, Turn
from rulekeeper.games.battleground.rules import scoring, statuses, triggers
from rulekeeper.games.battleground.rules.activation import ActStep, BonusStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


@dataclass
class RoundStep(Step["BattleState"]):
    """Between activations: select cards again while anybody can, else clean up."""

    kind: ClassVar[str] = "round"
    shared: ClassVar[bool] = True  # its fields never change

    def run(self, state: BattleState) -> None:
        cards = state.game.activations.cards
        for player in (0, 1):
            side = state.sides[player]
            able = state.can_select(player) if cards else bool(state.ready(player))
            if not side.passed and not able:
                side.passed = True
                state.events.append("pass", {"player": player, "why": "no ready character or card"})
        waiting = [p for p in state.order() if not state.sides[p].passed]
        if not waiting:
            state.flow.replace(CleanUpStep())
        elif cards:
            state.flow.push(SelectStep(players=waiting, chosen={}))
        else:
            # Without cards the players alternate, the first player first.
            for player in reversed(waiting):
                state.flow.push(ActivateStep(player=player, card=""))


@dataclass
class SelectStep(Step["BattleState"]):
    """Select Cards: every player still in the round picks a card (or passes) in secret."""

    kind: ClassVar[str] = "select"
    rule: ClassVar[str] = "Activation Phase: Select Cards"
    players: list[Seat]
    chosen: dict[str, CardId]

    def waiting(self, state: BattleState) -> list[int]:
        chosen = self.chosen
        return [p for p in self.players if str(p) not in chosen]

    def secret_picks(self, state: BattleState) -> list[tuple[str, str]]:
        """The cards chosen so far, each from its player's hand or glory cards (the zones of
        views/hidden.py): a bot's re-deal of that hand chooses again among its new cards."""
        picks = []
        for key, card in self.chosen.items():
            if card:
                place = "hand" if card in state.sides[int(key)].hand else "glory"
                picks.append((f"{place}-{key}", card))
        return picks

    def repick(self, state: BattleState, zone: str, card: str) -> None:
        seat = int(zone.rsplit("-", 1)[1])
        self.chosen[str(seat)] = card
        state.sides[seat].selected = card

    def actor(self, state: BattleState) -> int:
        waiting = self.waiting(state)
        return SIMULTANEOUS if len(waiting) > 1 else waiting[0]

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        if seat not in self.waiting(state):
            return []
        side = state.sides[seat]
        return list(
            state.game.actions.card_choices(
                "select", tuple(side.hand), tuple(side.glory), ("pass", "forfeit")
            )
        )

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        chosen = self.chosen
        if action.kind == "pass":
            chosen[str(seat)] = ""
        else:
            card = action.str_param("card")
            chosen[str(seat)] = card
            state.sides[seat].selected = card
        state.events.append("card selected", {"player": seat})
        if self.waiting(state):
            return
        state.flow.pop()
        revealed: list[tuple[int, int, str]] = []
        for player_key, card in chosen.items():
            p = int(player_key)
            side = state.sides[p]
            if not card:
                side.passed = True
                state.events.append("pass", {"player": p})
                continue
            state.take_from_hand(p, card)
            side.selected = ""
            initiative = state.play_card(card).initiative
            first = 0 if p == state.first_player else 1
            revealed.append((-initiative, first, card))
            state.events.append("reveal", {"player": p, "card": card, "initiative": initiative})
        revealed.sort()
        by_card_player = {card: int(k) for k, card in chosen.items() if card}
        # Highest initiative activates first; the first player breaks ties [Select Cards].
        for _, _, card in reversed(revealed):
            state.flow.push(ActivateStep(player=by_card_player[card], card=card))


def activation_refusal(state: BattleState, player: int, fighter: Fighter) -> Refusal | None:
    """Why *player* may not activate *fighter* now (Activate Character), or None."""
    if fighter.owner != player:
        return (
            "Activation Phase: Activate Character",
            f"{fighter.id} is not one of your characters",
        )
    if fighter.knocked_out:
        return ("Health and Wounds", f"{fighter.id} is knocked out")
    if fighter.activated:
        return ("Activate Character", f"{fighter.id} has already been activated this round")
    side = state.sides[player]
    if (
        side.activations == 0
        and fighter.id == side.previous_last
        and len(state.on_board(player)) > 1
    ):
        return (
            "Double Activation",
            f"{fighter.id} was your last activation last round; it cannot be your first now",
        )
    return None


@dataclass
class ActivateStep(Step["BattleState"]):
    """Activate Character: the card's player picks a ready character (or loses the card).
    Without cards (``card`` empty, a variant's turn): a ready character, or a pass."""

    kind: ClassVar[str] = "activate"
    rule: ClassVar[str] = "Activation Phase: Activate Character"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat
    card: CardId

    def actor(self, state: BattleState) -> int:
        return self.player

    def pointless(self, state: BattleState) -> bool:
        return not self.card and not state.ready(self.player)

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        ready = state.ready(seat)
        if not self.card:
            return [
                *(state.game.actions.one("activate", "character", f.id) for f in ready),
                state.game.actions.plain("pass"),
            ]
        if not ready:
            return [state.game.actions.plain("discard-card")]
        return [state.game.actions.one("activate", "character", f.id) for f in ready]

    def refusal(self, state: BattleState, seat: int, action: Action) -> Refusal | None:
        if action.kind == "activate" and action in self.legal(state, seat):
            return None
        if action.kind == "activate":
            character = action.get("character")
            fighter = state.fighters.get(character) if isinstance(character, str) else None
            if fighter is None:
                return (
                    "Activation Phase: Activate Character",
                    f"{character!r} is not one of your characters",
                )
            refused = activation_refusal(state, seat, fighter)
            if refused is not None:
                return refused
        return super().refusal(state, seat, action)

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        card_id = self.card
        if action.kind == "discard-card":
            # The card's character was knocked out before it could act: the card is lost.
            state.discard_cards(seat, [card_id])
            state.flow.pop()
            return
        side = state.sides[seat]
        if action.kind == "pass":
            side.passed = True
            state.events.append("pass", {"player": seat})
            state.flow.pop()
            return
        fighter = state.fighters[action.str_param("character")]
        side.activations += 1
        side.last_activated = fighter.id
        statuses.TIMING.end("next-activation", state, fighter)  # Overwatch: the token goes
        if not card_id:
            ap = state.game.activations.fixed_ap
            assert ap is not None
            state.events.append("activate", {"player": seat, "character": fighter.id, "ap": ap})
            state.flow.replace(ActStep(turn=Turn(seat, fighter.id, ap)))
            triggers.fire(state, fighter, "upon_activation")
            return
        card = state.play_card(card_id)
        turn = Turn(seat, fighter.id, card.ap, cards=[card_id])
        gained = fighter.gain_mana(card.mana)
        state.events.append(
            "activate",
            {
                "player": seat,
                "character": fighter.id,
                "card": card_id,
                "ap": card.ap,
                "mana": gained,
            },
        )
        state.flow.replace(ActStep(turn=turn))
        state.flow.push(BonusStep(player=seat, card=card_id, start=True))


@dataclass
class PrepareStep(Step["BattleState"]):
    """Preparation Phase: the player discards any cards (:class:`DiscardStep`, asked when their
    turn to prepare comes, so it offers the hand they hold then), then draws back up."""

    kind: ClassVar[str] = "prepare"
    rule: ClassVar[str] = "Preparation Phase"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat

    def run(self, state: BattleState) -> None:
        hand = sorted(state.sides[self.player].hand)
        state.flow.replace(DiscardStep(seat=self.player, options=hand, most=len(hand)))


@dataclass
class DiscardStep(PickSubset["BattleState"]):
    """Preparation Phase: "discard any number of cards", one card at a time (the hand's cards in
    sorted order), then ``done``; then draw back up to the hand size."""

    kind: ClassVar[str] = "discard"
    rule: ClassVar[str] = "Preparation Phase"
    verb: ClassVar[str] = "discard"
    open_picks: ClassVar[bool] = True  # everyone sees each card picked to discard

    def options_zone(self, state: BattleState) -> str:
        """The options are the player's hand (views/hidden.py's zone)."""
        return f"hand-{self.seat}"

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        start = self.picked[-1] + 1 if self.picked else 0
        return state.game.actions.picks(self.verb, tuple(self.options[start:]))

    def chosen(self, state: BattleState, items: list[str]) -> None:
        seat = self.seat
        side = state.sides[seat]
        for card in items:
            side.hand.remove(card)
        side.deck.discard(items)
        drawn = side.deck.draw(HAND_SIZE - len(side.hand))
        side.hand.extend(drawn)
        state.events.append("discard", {"player": seat, "cards": items})
        state.events.append("draw", {"player": seat, "cards": drawn}, visible_to=(seat,))
        state.events.append("draw count", {"player": seat, "count": len(drawn)})


@dataclass
class CleanUpStep(Step["BattleState"]):
    """Clean-Up Phase: objectives, tokens, victory; then the next round's preparation."""

    kind: ClassVar[str] = "clean-up"
    shared: ClassVar[bool] = True  # its fields never change

    def run(self, state: BattleState) -> None:
        state.flow.pop()
        scoring.claim_objectives(state)
        scoring.clear_tokens(state)
        if scoring.check_victory(state):
            return
        for fighter in state.fighters.values():
            if not fighter.knocked_out and not fighter.activated and not fighter.cards:
                fighter.gain_mana(1)
            # "All the fate and glory cards they played in the last round" are discarded, those
            # on a character knocked out since too.
            state.discard_cards(fighter.owner, fighter.cards)
            fighter.cards = []
            if not fighter.knocked_out:
                fighter.activated = False
        for side in state.sides:
            side.passed = False
            # Double Activation: the ban is for the next round only; a player who activates
            # nobody this round has no last character in it.
            side.previous_last = side.last_activated
            side.last_activated = ""
            side.activations = 0
        state.round += 1
        state.events.append("round", {"round": state.round})
        new_round(state)


def new_round(state: BattleState) -> None:
    """A fresh procedure for the round: each player prepares, the first player first (with
    cards: a variant without them has no Preparation Phase)."""
    state.flow.steps = [RoundStep()]
    if not state.game.activations.cards:
        return
    for player in reversed(state.order()):
        state.flow.push(PrepareStep(player=player))
