"""A hero's cards and morale during a battle (homm3.md §5.8, §5.17): drawing (the discard
pile reshuffled into an empty deck), discarding, and gaining or losing morale. Every card that
moves is recorded in the battle's ``drawn``, ``played`` and ``discarded`` lists for the result.

A hero's piles move through the core's :class:`~rulekeeper.core.Deck` (:func:`deck_of`, a live
view of the hero's lists); who sees them is the state's zones (:func:`hand_zone`), and a pick
among a hand's cards (:class:`HandPick`) keeps that hand as it is when a bot re-deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Deck, PickSubset, ResponseWindow, Zone
from rulekeeper.core.zones import NOBODY
from rulekeeper.games.homm3.combat.model import Battle, Hero
from rulekeeper.games.homm3.combat.stats import BattleState


def hero_of(state: BattleState, side: int) -> Hero | None:
    """The hero whose cards a side uses: a Main Hero's (a Secondary Hero, a transported army,
    neutrals and an AI hero use no Might & Magic cards, §5.18.7)."""
    army = state.battle.armies[side]
    return army.hero if army.kind == "hero" else None


def battle_zones(battle: Battle) -> list[Zone]:
    """Who sees which cards of a battle: a hero's hand its seat only (nobody for the AI's),
    every deck and the AI's decks nobody; a hand and its deck are one pool (core/zones.py). A
    bot's re-deal (``resample``) follows from them, keeping a hand a seat is choosing from
    (:class:`HandPick`). The combat game's zones, and a host game's during a fight."""
    out: list[Zone] = []
    for side, army in enumerate(battle.armies):
        hero = army.hero
        if hero is not None:
            seen = (army.seat,) if army.seat >= 0 else NOBODY
            out.append(Zone(hand_zone(side), hero.hand, seen, pool=f"cards-{side}"))
            out.append(Zone(f"deck-{side}", hero.deck, NOBODY, pool=f"cards-{side}"))
        out.append(Zone(f"ai-deck-{side}", army.ai_deck, NOBODY))
        out.append(Zone(f"ai-spells-{side}", army.ai_spells, NOBODY))
    return out


def hand_zone(side: int) -> str:
    """The name of a side's hand among the state's zones (game.py ``CombatState.zones``)."""
    return f"hand-{side}"


def deck_of(hero: Hero) -> Deck:
    """The hero's deck and discard pile as a core deck (their lists, live: top last)."""
    return Deck.over(hero.deck, hero.discard)


def side_of_seat(state: BattleState, seat: int) -> int | None:
    for side, army in enumerate(state.battle.armies):
        if army.seat == seat:
            return side
    return None


def holds_cards(state: BattleState, seat: int) -> bool:
    """*seat* leads a hero whose Might & Magic cards it may use and whose hand holds cards (the
    other seat sees only how many: a public fact)."""
    side = side_of_seat(state, seat)
    hero = None if side is None else hero_of(state, side)
    return hero is not None and bool(hero.hand)


@dataclass
class HandWindow(ResponseWindow[Any]):
    """A window whose responses may come from a hidden hand (docs/architecture.md, *Response
    windows and hidden information*): a seat is passed for automatically only when its hand is
    empty (or it uses no cards) and nothing public is open to it (morale, an ability); with
    cards in hand it decides, if only to pass, so no one learns what the hand holds."""

    def public_pass(self, state: Any, seat: int) -> bool:
        return not holds_cards(state, seat) and not self.responses(state, seat)


@dataclass
class HandPick(PickSubset[Any]):
    """A pick among the cards of a hand (pay a cost, discard, keep, cycle for morale): while it
    is pending, its seat is choosing from that hand, which a bot's re-deal keeps as it is (the
    options name its cards; core ``Step.held_zones``)."""

    def held_zones(self, state: Any) -> list[str]:
        armies = state.battle.armies
        return [hand_zone(side) for side, army in enumerate(armies) if army.seat == self.seat]


def draw(state: BattleState, side: int, count: int) -> list[str]:
    """Draw *count* cards into the hero's hand (§5.8: an empty deck is the discard pile
    shuffled); the cards drawn."""
    hero = hero_of(state, side)
    if hero is None:
        return []
    drawn, reshuffles = deck_of(hero).draw_reshuffling(count, state.rng)
    for _ in range(reshuffles):
        state.events.append("reshuffled", {"side": side})
    hero.hand.extend(drawn)
    if drawn:
        state.battle.drawn[side].extend(drawn)
        seat = state.battle.armies[side].seat
        state.events.append("drew", {"side": side, "cards": drawn}, visible_to=(seat,))
        state.events.append("drew-count", {"side": side, "count": len(drawn)})
    return drawn


def discard(state: BattleState, side: int, card: str) -> None:
    """Move *card* from the hero's hand to the discard pile."""
    hero = hero_of(state, side)
    assert hero is not None
    hero.hand.remove(card)
    deck_of(hero).discard(card)
    state.battle.discarded[side].append(card)
    state.events.append("discarded", {"side": side, "card": card})


def discard_random(state: BattleState, side: int, count: int) -> None:
    """The hero discards *count* cards chosen at random (the state's own stream)."""
    hero = hero_of(state, side)
    for _ in range(count):
        if hero is None or not hero.hand:
            return
        discard(state, side, hero.hand[state.rng.below(len(hero.hand))])


def gain_morale(state: BattleState, side: int) -> None:
    """§5.17: a Negative token goes, else a Positive one is taken (at most one)."""
    hero = state.battle.armies[side].hero
    if hero is None or hero.faction == "necropolis":
        return
    hero.morale = min(1, hero.morale + 1)
    state.events.append("morale", {"side": side, "morale": hero.morale})


def lose_morale(state: BattleState, side: int) -> None:
    """§5.17: the Positive token goes, else a Negative one is taken."""
    hero = state.battle.armies[side].hero
    if hero is None or hero.faction == "necropolis":
        return
    hero.morale = max(-1, hero.morale - 1)
    state.events.append("morale", {"side": side, "morale": hero.morale})


def shuffle_discard_in(state: BattleState, side: int) -> None:
    """The hero's discard pile is shuffled into the deck (Recover Spell's "reshuffle the rest")."""
    hero = hero_of(state, side)
    if hero is not None:
        deck_of(hero).shuffle_in_discard(state.rng)


def back_to_hand(state: BattleState, side: int, cards: list[str]) -> None:
    """Take *cards* from the hero's discard pile back into hand (Knowledge, Mysticism)."""
    hero = hero_of(state, side)
    if hero is None:
        return
    for card_id in cards:
        if card_id in hero.discard:
            hero.discard.remove(card_id)
            hero.hand.append(card_id)
    state.events.append("back-to-hand", {"side": side, "cards": list(cards)})
