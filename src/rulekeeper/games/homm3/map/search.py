"""Search (X) of the Ability, Artifact or Spell deck (homm3.md §5.8, §5.9, §8.29).

Either look at the top X cards of the deck, take one and discard the rest onto that deck's
discard pile, or take the top card of its discard pile. The card goes to the hand (§5.8;
optional rule 14 sends it to the discard pile). A faction-bound Ability card of another faction
found in a Search may be revealed, discarded and replaced by the next card (§5.9). A deck that
runs out gets its discard pile shuffled back, its top card kept face up (§8.29).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal

__all__ = ["SEARCH_DECKS", "SearchStep", "gain_card", "search"]

RULE_SEARCH = "homm3.md §5.8 Search (X) (rulebook p. 13)"
SEARCH_DECKS = ("ability", "artifact", "spell")
TAKE_DISCARD = Action.of("take-discard")
RULE_BOUND = "homm3.md §5.9 faction-bound Ability cards (rulebook p. 13)"


def foreign(state: Any, seat: int, card: str) -> bool:
    """Whether *card* is an Ability card bound to a faction other than *seat*'s (§5.9)."""
    found = state.game.pack.abilities.get(card)
    faction = getattr(found, "faction", None)
    return bool(faction) and faction != state.players[seat].faction


def gain_card(state: Any, seat: int, card: str) -> None:
    """*seat* gains *card*: into the hand (§5.8), or the discard pile under optional rule 14."""
    player = state.players[seat]
    (player.discard if state.option("cards-to-discard") else player.hand).append(card)
    state.events.append("card-gained", {"seat": seat})
    state.events.append("card-gained-is", {"seat": seat, "card": card}, visible_to=(seat,))


def refill(state: Any, deck: str) -> None:
    """An empty shared deck gets its discard pile back, shuffled, but the top card (§8.29)."""
    pile, discard = state.decks[deck], state.discards[deck]
    if pile or len(discard) <= 1:
        return
    top = discard.pop()
    pile.extend(discard)
    discard[:] = [top]
    state.rng.shuffle(pile)
    state.events.append("deck-reshuffled", {"deck": deck})


def search(
    state: Any, seat: int, deck: str, count: int, times: int = 1, into_deck: bool = False
) -> None:
    """Push *seat*'s Search (*count*) of *deck*, *times* in a row (one at a time; nothing
    happens with both piles empty; *into_deck*: the card found is shuffled into the Might &
    Magic deck, a Mage Guild the scenario starts built, §5.11)."""
    refill(state, deck)
    pile = state.decks[deck]
    seen = [pile.pop() for _ in range(min(count, len(pile)))]
    if not seen and not state.discards[deck]:
        return
    state.flow.push(
        SearchStep(seat=seat, deck=deck, seen=seen, count=count, times=times, into_deck=into_deck)
    )


@dataclass
class SearchStep(Step[Any]):
    """*seat* looks at ``seen`` (taken off the top of ``deck``): takes one of them (the rest go
    to the discard pile) or the discard pile's top card (then ``seen`` go to the discard pile
    too: the deck's cards looked at are not put back, §5.8)."""

    kind = "search"
    rule = RULE_SEARCH
    seat: int = 0
    deck: str = "ability"
    seen: list[str] = field(default_factory=list)
    count: int = 2
    times: int = 1
    """Searches left, this one included (a Warrior's Tomb, several Levels at once)."""
    into_deck: bool = False
    """The card found goes into the Might & Magic deck, shuffled (§5.11), not to hand."""

    public_kinds = frozenset({"take-discard"})  # "swap" reads the cards seen: not public

    def actor(self, state: Any) -> int:
        return self.seat

    def secret_words(self, action: Action) -> str | None:
        """What the others are told of *action*: which card was taken from those looked at
        is the searching seat's secret (the card goes to its hidden hand)."""
        if action.kind == "take":
            return f"takes one of the {len(self.seen)} cards looked at"
        return None

    def zone_name(self) -> str:
        """The zone of the cards looked at: the searching seat sees them, nobody else
        (MapState.zones lists it with the deck's pool)."""
        return f"search-{self.seat}"

    def held_zones(self, state: Any) -> Sequence[str]:
        return [self.zone_name()]

    def pool_name(self) -> str:
        """The pool the cards looked at come from (a re-deal mixes them with its zones)."""
        return f"deck-{self.deck}"

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        out = [Action.of("take", card=card) for card in dict.fromkeys(self.seen)]
        if state.discards[self.deck]:
            out.append(TAKE_DISCARD)
        swaps = [Action.of("swap", card=card) for card in dict.fromkeys(self.seen)]
        return out + [a for a in swaps if self.refusal(state, seat, a) is None]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action.kind == "swap":
            card = action.get("card")
            if card not in self.seen:
                return (RULE_BOUND, f"{card!r} is not among the cards you looked at")
            if self.deck != "ability" or not foreign(state, self.seat, str(card)):
                return (RULE_BOUND, f"{card} is not bound to another faction: keep it or take it")
            return None
        if action == TAKE_DISCARD:
            if not state.discards[self.deck]:
                return (self.rule, f"the {self.deck} discard pile is empty")
            return None
        if action.kind != "take" or [name for name, _ in action.params] != ["card"]:
            return (self.rule, "take one of the cards seen ('take card=ID') or 'take-discard'")
        if action.param("card") not in self.seen:
            return (self.rule, f"{action.param('card')!r} is not among the cards you looked at")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "swap":  # §5.9: shown, discarded, the next card in its place
            card = action.str_param("card")
            self.seen.remove(card)
            state.discards[self.deck].append(card)
            state.events.append("card-swapped", {"seat": self.seat, "card": card})
            refill(state, self.deck)
            if state.decks[self.deck]:
                self.seen.append(state.decks[self.deck].pop())
            return
        state.flow.pop()
        discard = state.discards[self.deck]
        rest = list(self.seen)
        if action == TAKE_DISCARD:
            card = discard.pop()
        else:
            card = action.str_param("card")
            rest.remove(card)
        discard.extend(rest)
        if self.into_deck:
            player = state.players[self.seat]
            player.deck.append(card)
            state.rng.shuffle(player.deck)
            state.events.append("card-into-deck", {"seat": self.seat})
        else:
            gain_card(state, self.seat, card)
        if self.times > 1:
            search(state, self.seat, self.deck, self.count, self.times - 1, self.into_deck)
