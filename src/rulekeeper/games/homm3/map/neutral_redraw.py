"""Groovy Satyr's redraw of a Neutral Unit card before a fight (homm3.md §5.21, §5.16, §8.29;
astrologers.yaml ``groovy-satyr``, effect ``redraw-neutral``).

While the card is in force, a player whose hero is about to fight Neutral Units may swap one of
the drawn neutral cards for another of the same tier: the new card is drawn from the tier's deck
(its discard pile shuffled back into an empty deck, §8.29), then the old one goes to the tier's
discard pile. fights.py pushes :class:`RedrawStep` after drawing the neutrals, before the battle
file is built; the step writes the cards back into the fight step below it. The neutral cards
and the choice are public (the fight's start lists them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import neutral_decks, proclaimed

__all__ = ["KEEP", "RULE_REDRAW", "RedrawStep", "offer", "redraw", "swappable"]

RULE_REDRAW = "homm3.md §5.21 (Astrologers Proclaim groovy-satyr: redraw a Neutral Unit)"
KIND = "redraw-neutral"
KEEP = Action.of("keep-neutrals")


def _tier(state: Any, card: str) -> str:
    return str(state.game.pack.units[card].tier)


def swappable(state: Any, cards: Sequence[str]) -> list[str]:
    """The drawn neutral *cards* that may be swapped: one of each, whose tier has a card left."""
    return [
        card for card in dict.fromkeys(cards) if neutral_decks.drawable(state, _tier(state, card))
    ]


def redraw(state: Any, cards: list[str], card: str) -> str:
    """Swap *card* of *cards* (in place) for the top card of its tier's deck; the old card to
    the tier's discard pile (§8.29: an empty deck gets its discard pile shuffled back first)."""
    tier = _tier(state, card)
    new = neutral_decks.draw(state, tier)
    assert new is not None  # swappable: the tier has a card left
    cards[cards.index(card)] = new
    state.discards[f"neutral-{tier}"].append(card)
    return new


def offer(state: Any, seat: int, cards: Sequence[str]) -> bool:
    """Push *seat*'s redraw choice when the card in force allows one and a card can be swapped;
    whether it was pushed."""
    count = proclaimed.in_force(state, KIND)
    if count <= 0 or not swappable(state, cards):
        return False
    state.flow.push(RedrawStep(seat=seat, cards=list(cards), left=count))
    return True


@dataclass
class RedrawStep(Step[Any]):
    """*seat* swaps one of the drawn neutral ``cards`` for another of its tier (``left``: how
    many swaps remain), or keeps them; the cards then go back to the fight step below."""

    kind = "redraw-neutral"
    rule = RULE_REDRAW
    public_kinds = None  # the neutral cards are face up: the choice is public
    seat: int = 0
    cards: list[str] = dataclasses.field(default_factory=list)
    left: int = 1

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        swaps = swappable(state, self.cards) if self.left > 0 else []
        return [*(Action.of("redraw", card=card) for card in swaps), KEEP]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} fights these Neutral Units")
        if action in self.legal(state, seat):
            return None
        choices = ", ".join(swappable(state, self.cards)) or "none"
        return (self.rule, f"redraw card=ID (one of: {choices}) or keep-neutrals")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "redraw":
            old = action.str_param("card")
            new = redraw(state, self.cards, old)
            self.left -= 1
            state.events.append("neutral-redrawn", {"seat": seat, "card": old, "new": new})
            if self.left > 0 and swappable(state, self.cards):
                return
        state.flow.pop()
        fight: Any = state.flow.top()  # the fight step that pushed this one (fights.py)
        fight.neutrals = list(self.cards)
