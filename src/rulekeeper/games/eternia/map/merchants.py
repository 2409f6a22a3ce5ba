"""Merchants (spec §5.10): offers, Use a Merchant, discounts.

A merchant type's offer (4 cards of its deck) is revealed the first time its outposts are
occupied or controlled (spec §9.2). Use a Merchant is a free action, the turn's last: the hero
picks a merchant type its team controls an outpost of, may refresh the offer once for 1
Eternium, then buys any of the offered cards, each at its price less 1 for each further outpost
of that type the team controls (at least 1); the offer is refilled after each purchase.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.decks import Deck
from rulekeeper.core.flow import Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map.gains import gain
from rulekeeper.games.eternia.map.outposts import controller

__all__ = ["KINDS", "MERCHANT", "MerchantStep", "draw", "price", "refresh", "reveal"]

RULE_MERCHANT = "spec §5.10 (rulebook p.14): Use a Merchant"
KINDS = {"shop": "equipment", "mage-guild": "spells", "forge": "vehicles"}
"""Each merchant type and the deck it sells (spec §5.10)."""


def draw(state: Any, deck: str, count: int) -> list[str]:
    """Up to *count* cards of *deck*, its discards shuffled in when it runs out (spec §2.5)."""
    pile = Deck.over(state.decks[deck], state.discards[deck])
    cards, _ = pile.draw_reshuffling(count, state.rng)
    return cards


def reveal(state: Any, kind: str) -> None:
    """Reveal *kind*'s offer if it is not out yet (spec §5.10, §9.2)."""
    if kind in state.offers:
        return
    state.offers[kind] = draw(state, KINDS[kind], state.number("offer"))
    state.events.append("offer-revealed", {"merchant": kind, "cards": list(state.offers[kind])})


def refresh(state: Any, kind: str) -> None:
    """*kind*'s offer is discarded and dealt anew from its deck (spec §5.10)."""
    deck = KINDS[kind]
    state.discards[deck].extend(state.offers[kind])
    state.offers[kind] = draw(state, deck, state.number("offer"))
    state.events.append("offer-refreshed", {"merchant": kind})


def owned_merchants(state: Any, team: int, kind: str) -> int:
    """How many outposts of merchant type *kind* *team* controls."""
    return sum(1 for a in state.board.merchants(kind) if controller(state, a) == team)


def price(state: Any, team: int, kind: str, card: str) -> int:
    """What *card* costs *team* at merchant *kind*: its price less 1 for each further outpost
    of that type the team controls, at least 1 (spec §5.10)."""
    table = getattr(state.pack, KINDS[kind])
    cost = int(table[card].cost)
    return max(1, cost - max(0, owned_merchants(state, team, kind) - 1))


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    for kind in KINDS:
        yield Action.of("merchant", merchant=kind)


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    turn = state.turn()
    if turn is None or turn.over:
        return (RULE_MERCHANT, "no hero's turn is under way")
    if seat != state.controller_of(turn.hero):
        return (RULE_MERCHANT, "another player plays this hero")
    if "merchant" in turn.free:
        return (RULE_MERCHANT, "a hero uses a merchant once a turn")
    kind = str(action.get("merchant"))
    if kind not in KINDS:
        return (RULE_MERCHANT, f"a merchant is one of {', '.join(KINDS)}")
    team = state.heroes[turn.hero].team
    if not owned_merchants(state, team, kind):
        return (RULE_MERCHANT, f"the team controls no {kind} outpost")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    turn = state.turn()
    turn.free.append("merchant")
    kind = str(action.get("merchant"))
    reveal(state, kind)
    state.flow.push(MerchantStep(hero=turn.hero, merchant=kind))


MERCHANT = Rule(("merchant",), _candidates, _refusal, _apply)


@dataclass
class MerchantStep(Step[Any]):
    """Hero *hero* at merchant *merchant*: ``refresh`` (once, 1 Eternium, before buying),
    ``buy card=X``, ``done``."""

    kind = "merchant"
    rule = RULE_MERCHANT
    public_kinds = None
    hero: Annotated[int, Bounds(0, 8)] = 0
    merchant: str = "shop"
    refreshed: bool = False
    bought: bool = False

    def actor(self, state: Any) -> int:
        return int(state.controller_of(self.hero))

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        yield Action.of("refresh")
        for card in dict.fromkeys(state.offers.get(self.merchant, [])):
            yield Action.of("buy", card=card)
        yield Action.of("done")

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [a for a in self.candidates(state, seat) if self.refusal(state, seat, a) is None]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.actor(state):
            return (self.rule, f"player {self.actor(state)} is buying")
        team = state.teams[state.heroes[self.hero].team]
        if action.kind == "done":
            return None
        if action.kind == "refresh":
            if self.refreshed or self.bought:
                return (self.rule, "the offer is refreshed at most once, before buying")
            if team.eternium < 1:
                return (self.rule, "refreshing the offer costs 1 Eternium")
            return None
        if action.kind != "buy":
            return (self.rule, "buy a card, refresh the offer, or be done")
        card = str(action.get("card"))
        if card not in state.offers.get(self.merchant, []):
            return (self.rule, f"{card} is not in the {self.merchant}'s offer")
        cost = price(state, state.heroes[self.hero].team, self.merchant, card)
        if team.eternium < cost:
            return (self.rule, f"{card} costs {cost} Eternium; the team has {team.eternium}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        hero = state.heroes[self.hero]
        team = state.teams[hero.team]
        deck = KINDS[self.merchant]
        if action.kind == "done":
            state.flow.pop()
            state.turn().finished = True  # the turn's last action (spec §5.10)
            return
        if action.kind == "refresh":
            self.refreshed = True
            team.pool.lose({"eternium": 1})
            refresh(state, self.merchant)
            return
        card = str(action.get("card"))
        cost = price(state, hero.team, self.merchant, card)
        self.bought = True
        team.pool.lose({"eternium": cost})
        state.offers[self.merchant].remove(card)
        state.offers[self.merchant].extend(draw(state, deck, 1))
        state.events.append("bought", {"hero": hero.id, "card": card, "eternium": cost})
        gain(state, self.hero, card)
