"""Step 3 of an epic combat: drawing and placing combat cards (spec §5.6.3 step 3, §5.6.1).

:class:`GridStep` alternates the sides, the active one first, until each has placed its cards
(4, one more per friend with Stronger Together) or run out of deck (no reshuffle). A side's
:class:`DrawStep` draws and places: a Tool is shown, discarded and replaced by two cards of
which one is played; a Flow or a Time card is played and another drawn; a Focus puts the card
drawn on the focus pile and draws again, as often as the hero's Mind allows each round (A-3).
An effect that draws cards in step 4 (a momentum "draw a card and play it") uses the same step
with ``counting`` off.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.lasting import total
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.combat.grid import LIMIT, POWER_LIMIT, open_zones, zone_refusal
from rulekeeper.games.eternia.combat.model import Fighter, Placed, card_kind
from rulekeeper.games.eternia.combat.protocols import CombatState

__all__ = ["FOCUS", "DrawStep", "GridStep", "cards_to_place", "focuses_left"]

FOCUS = Action.of("focus")
RULE = "spec §5.6.3 step 3 (rulebook p.18)"
Side = Annotated[int, Bounds(0, 1)]


def cards_to_place(state: CombatState, side: int) -> int:
    """How many cards *side* places in step 3: 4, one more per friendly hero in its area with
    Stronger Together (§5.6.6, §9.15), 2 per zone's worth with Dice of Power (6)."""
    options = state.epic.options
    fighter = state.epic.fighters[side]
    if options.dice_of_power:
        return 3 * POWER_LIMIT
    return LIMIT + (fighter.friends if options.stronger_together else 0)


def focuses_left(state: CombatState, side: int) -> int:
    """Focuses *side* may still use this round: its Mind plus extra focus, less those used."""
    fighter = state.epic.fighters[side]
    allowed = fighter.mind + total(state.epic.effects, "extra-focus", str(side))
    return max(0, allowed - state.epic.focuses[side])


def _draw(state: CombatState, side: int) -> str | None:
    """The top card of *side*'s deck into its hand (None: the deck is empty)."""
    fighter = state.epic.fighters[side]
    if not fighter.deck:
        return None
    card = fighter.deck.pop()
    fighter.hand.append(card)
    return card


def _kind(state: CombatState, card: str) -> str:
    return state.pack.combat_cards[card_kind(card)].kind


@dataclass
class DrawStep(Step[CombatState]):
    """*side* draws and places cards: ``left`` counting cards to place (a Flow or Time card
    does not count); ``choose``: the hand holds cards of which one is placed and the others
    discarded (a Tool, a "draw 2, play 1" effect); ``counting``: step 3's own turn (focus
    allowed, placed cards count toward the side's total)."""

    kind = "draw"
    rule = RULE

    side: Side
    left: Annotated[int, Bounds(0, 9)] = 1
    counting: bool = True
    choose: bool = False
    draws: Annotated[int, Bounds(0, 9)] = 0
    """Cards to draw at once before choosing (a "draw 2, play 1" effect)."""

    def actor(self, state: CombatState) -> int:
        fighter = state.epic.fighters[self.side]
        if self.left == 0 or not fighter.hand or self.draws:
            return -3
        return state.seat_of(self.side)

    def run(self, state: CombatState) -> None:
        fighter = state.epic.fighters[self.side]
        if self.left == 0:
            state.flow.pop()
            return
        if self.draws:
            for _ in range(self.draws):
                if _draw(state, self.side) is not None:
                    self._drew(state)
            self.draws = 0
            self.choose = len(fighter.hand) > 1
            if not fighter.hand:
                state.flow.pop()
            return
        card = _draw(state, self.side)
        if card is None:  # no reshuffle: the side takes no more part in this step
            if self.counting:
                fighter.done = True
                state.events.append("deck-empty", {"side": self.side})
            state.flow.pop()
            return
        self._drew(state)
        if _kind(state, card) == "tool":  # shown, discarded, two drawn, one played
            fighter.hand.remove(card)
            fighter.discard.append(card)
            state.events.append("tool", {"side": self.side, "card": card_kind(card)})
            for _ in range(2):
                if _draw(state, self.side) is not None:
                    self._drew(state)
            self.choose = len(fighter.hand) > 1
            if not fighter.hand:
                self.run(state)

    def _drew(self, state: CombatState) -> None:
        state.events.append(
            "drew",
            {"side": self.side, "card": state.epic.fighters[self.side].hand[-1]},
            visible_to=state.seats_of(self.side),
        )
        state.events.append("draws", {"side": self.side})

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        fighter = state.epic.fighters[self.side]
        seen: set[str] = set()
        for card in fighter.hand:
            kind = card_kind(card)
            if kind in seen:
                continue
            seen.add(kind)
            if _kind(state, card) == "time":
                yield Action.of("place", card=kind, zone="beside")
            else:
                for zone in ("attack", "defense", "initiative"):
                    yield Action.of("place", card=kind, zone=zone)
                yield Action.of("discard", card=kind)
        yield FOCUS

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        fighter = state.epic.fighters[self.side]
        if seat != state.seat_of(self.side):
            return (RULE, "the other side is placing its cards")
        if action == FOCUS:
            return self._focus_refusal(state)
        if action.kind not in ("place", "discard"):
            return (RULE, f"no {action.kind!r} now (place, discard or focus)")
        kind = action.get("card")
        held = [c for c in fighter.hand if card_kind(c) == kind]
        if not held:
            return (RULE, f"no card {kind!r} drawn")
        card = state.pack.combat_cards[card_kind(held[0])]
        power = state.epic.options.dice_of_power
        cards = state.pack.combat_cards
        if action.kind == "discard":
            if card.kind == "time" or open_zones(fighter, card, cards, power):
                return (RULE, "a card is discarded only when no zone can take it")
            return None
        zone = action.get("zone")
        if card.kind == "time":
            return None if zone == "beside" else (RULE, "a Time card goes beside the grid")
        if zone == "beside":
            return (RULE, "only a Time card goes beside the grid")
        return zone_refusal(fighter, card, str(zone), cards, power)

    def secret_words(self, state: CombatState, action: Action) -> str | None:
        """What the other team is told of *action*: a card placed face down only by its zone,
        a discarded card not at all (spec §5.6.1: base cards are played face down)."""
        if action.kind == "discard":
            return "Discard a card no zone can take"
        if action.kind != "place":
            return None
        card = state.pack.combat_cards[card_kind(str(action.get("card")))]
        if card.kind == "modifier" and state.epic.fighters[1 - self.side].kind == "hero":
            return f"Place a card face down in {action.get('zone')}"
        return None

    def _focus_refusal(self, state: CombatState) -> Refusal | None:
        fighter = state.epic.fighters[self.side]
        if not self.counting:
            return (RULE, "focus only while placing in step 3")
        if len(fighter.hand) != 1:
            return (RULE, "focus sets aside the one card just drawn")
        if focuses_left(state, self.side) == 0:
            return (RULE, f"no focus left this round (Mind {fighter.mind}, spec §8 A-3)")
        if not fighter.deck:
            return (RULE, "the deck is empty: no card to draw instead")
        return None

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        fighter = state.epic.fighters[self.side]
        if action == FOCUS:
            fighter.focus.append(fighter.hand.pop())
            state.epic.focuses[self.side] += 1
            state.events.append("focus", {"side": self.side})
            return
        kind = action.str_param("card")
        card = next(c for c in fighter.hand if card_kind(c) == kind)
        fighter.hand.remove(card)
        if action.kind == "discard":
            fighter.discard.append(card)
            state.events.append("discarded", {"side": self.side})
        else:
            self._place(state, fighter, card, action.str_param("zone"))
        if self.choose:  # the cards not played are discarded
            fighter.discard.extend(fighter.hand)
            fighter.hand.clear()
            self.choose = False

    def _place(self, state: CombatState, fighter: Fighter, card: str, zone: str) -> None:
        content = state.pack.combat_cards[card_kind(card)]
        if content.kind == "time":
            fighter.beside.append(card)
            state.events.append("placed", {"side": self.side, "card": content.id, "zone": zone})
            return  # then another card is drawn and played
        fighter.last_zone = zone
        hidden = content.kind == "modifier" and state.epic.fighters[1 - self.side].kind == "hero"
        if hidden:
            fighter.down.append(card)
            fighter.down_zones.append(zone)
            fighter.down_blank.append(False)
            state.events.append("placed-down", {"side": self.side, "zone": zone})
        else:
            fighter.grid.append(Placed(card=card, zone=zone))
            state.events.append("placed", {"side": self.side, "card": content.id, "zone": zone})
        if content.kind == "flow":
            return  # it does not count; another card is drawn and played
        self.left -= 1
        if self.counting:
            fighter.placed += 1
            if fighter.placed >= cards_to_place(state, self.side):
                fighter.done = True
        if content.kind == "momentum" and state.momentum_immediate(self.side):
            fighter.grid[-1].used = True
            state.momentum(self.side)


@dataclass
class GridStep(Step[CombatState]):
    """Step 3: the sides take turns drawing and placing, ``turn`` next, until both are done."""

    kind = "grid"
    rule = RULE

    turn: Side = 0

    def run(self, state: CombatState) -> None:
        fighters = state.epic.fighters
        ready = [side for side in (self.turn, 1 - self.turn) if not fighters[side].done]
        if not ready:
            state.flow.finish(state, {"stage": "grid"})
            return
        side = ready[0]
        self.turn = 1 - side
        state.flow.push(DrawStep(side=side))
