"""Both games draw, reshuffle, hide and re-deal their cards through the core (issue 21 §1,
"Decks and hidden zones"): HoMM3's heroes draw through ``Deck`` (a live view of their piles)
exactly as the hand-coded draw did, its observation hides hands through ``Zone.view`` exactly as
before, and no game re-deals hidden cards by hand (``resample`` is the core's, from the zones
and the pending steps' declarations)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from test_leaks import homm3_states, step_random

from rulekeeper.core import SPECTATOR, GameState
from rulekeeper.core.procedure import ProcedureState
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.homm3.battle.writing import write_battle
from rulekeeper.games.homm3.combat import hands
from rulekeeper.games.homm3.game import CombatState


def battle_states(count: int, every: int) -> Iterator[CombatState]:
    """About one state in *every* of *count* random battles between two players' heroes."""
    rng = random.Random(21)
    for state in homm3_states(count):
        assert isinstance(state, CombatState)
        while not state.is_terminal():
            if rng.randrange(every) == 0:
                yield state.clone()
            step_random(state, rng)


def old_draw(state: CombatState, side: int, count: int) -> list[str]:
    """The hand-coded draw of 4d919e2 (combat/hands.py), kept here as the reference."""
    hero = hands.hero_of(state, side)
    if hero is None:
        return []
    drawn = []
    for _ in range(count):
        if not hero.deck and hero.discard:
            hero.deck = list(hero.discard)
            hero.discard = []
            state.rng.shuffle(hero.deck)
            state.events.append("reshuffled", {"side": side})
        if not hero.deck:
            break
        card = hero.deck.pop()
        hero.hand.append(card)
        drawn.append(card)
    if drawn:
        state.battle.drawn[side].extend(drawn)
        seat = state.battle.armies[side].seat
        state.events.append("drew", {"side": side, "cards": drawn}, visible_to=(seat,))
        state.events.append("drew-count", {"side": side, "count": len(drawn)})
    return drawn


def test_a_hero_draws_through_the_core_deck_as_the_hand_coded_draw_did() -> None:
    """homm3.md §5.8 (an empty deck is the discard pile shuffled), issue 21 §1: drawing through
    ``Deck.over`` gives the same cards, piles, random stream and events, reshuffles included."""
    rng = random.Random(5)
    reshuffled = compared = 0
    for state in battle_states(6, every=25):
        for side in (0, 1):
            hero = hands.hero_of(state, side)
            if hero is None:
                continue
            gone = rng.randrange(len(hero.deck) + 1)  # some of the deck on the discard pile
            hero.discard.extend(hero.deck[len(hero.deck) - gone :])
            del hero.deck[len(hero.deck) - gone :]
            count = rng.randrange(len(hero.deck) + len(hero.discard) + 2)
            old, new = state.clone(), state.clone()
            assert hands.draw(new, side, count) == old_draw(old, side, count)
            assert new.serialize() == old.serialize()
            reshuffled += any(
                e.kind == "reshuffled" for e in new.events.since(state.events.last_seq)
            )
            compared += 1
    assert compared > 20 and reshuffled > 5


def test_recover_spell_shuffles_the_discard_in_as_before() -> None:
    """Recover Spell ("shuffle your discard pile into your deck", artifacts.yaml) through
    ``Deck.shuffle_in_discard``: the same deck and random stream as the hand-coded shuffle."""
    compared = 0
    for state in battle_states(3, every=40):
        for side in (0, 1):
            hero = hands.hero_of(state, side)
            if hero is None:
                continue
            old, new = state.clone(), state.clone()
            old_hero = hands.hero_of(old, side)
            assert old_hero is not None
            old_hero.deck.extend(old_hero.discard)
            old_hero.discard = []
            old.rng.shuffle(old_hero.deck)
            hands.shuffle_discard_in(new, side)
            assert new.serialize() == old.serialize()
            compared += 1
    assert compared > 5


def old_observation(state: CombatState, player: int) -> dict[str, Any]:
    """The observation of 4d919e2, which hid hands by hand: the reference."""
    doc = write_battle(state.battle, list(state.flow.steps), None)
    for index, side in enumerate(("attacker", "defender")):
        entry = doc[side]
        assert isinstance(entry, dict)
        hero = entry.get("hero")
        if isinstance(hero, dict):
            if state.battle.armies[index].seat != player:
                hero["hand"] = len(hero.get("hand", []))
            hero["deck"] = len(hero.get("deck", []))
        for hidden in ("ai_deck", "ai_spells"):
            if hidden in entry:
                entry[hidden] = len(entry[hidden])
    doc["pending"] = [step.kind for step in state.flow.steps]
    doc["to_act"] = state.current_player()
    doc["result"] = state.flow.result
    return doc


def test_homm3_observation_hides_through_the_zones_as_before() -> None:
    """homm3-combat.md (what a seat sees: its own hand; of the other hero's only how many
    cards, of every deck only its size), issue 21 §1: through ``Zone.view``, unchanged."""
    compared = 0
    for state in battle_states(4, every=15):
        for seat in (0, 1):
            assert state.observation(seat) == old_observation(state, seat)
        assert state.spectator_observation() == old_observation(state, SPECTATOR)
        compared += 1
    assert compared > 20


def test_no_game_re_deals_by_hand() -> None:
    """Issue 21 §1: ``resample`` is the core's, driven by the zones a game declares; no state
    class overrides it or keeps a re-deal hook of its own, and HoMM3's picks among a hand's
    cards declare the hand they hold (``hands.HandPick``, no probing of the steps)."""
    for cls in (BattlegroundState, CombatState):
        assert issubclass(cls, ProcedureState)
        assert cls.resample is GameState.resample
        assert not hasattr(cls, "_resample")
    kinds = {step.kind for step in hands.HandPick.__subclasses__()}
    assert kinds == {"pay-cost", "discard-cards", "keep-card", "morale-cycle"}


def test_a_hand_being_picked_from_stays_as_it_is_in_a_redeal() -> None:
    """Issue 21 §1 (a step that holds hidden data declares it): while a seat pays, discards,
    keeps or cycles cards of its hand (``hands.HandPick``), a re-deal for the other seat keeps
    that hand, so the pending pick still names cards of it (issue 20 §1: a re-deal left a
    pending morale cycle naming cards gone); the deck of that hand is shuffled still."""
    found = 0
    for state in battle_states(40, every=1):
        top = state.flow.steps[-1] if state.flow.steps else None
        if not isinstance(top, hands.HandPick) or top.seat not in (0, 1):
            continue
        side = next(s for s, army in enumerate(state.battle.armies) if army.seat == top.seat)
        hero = hands.hero_of(state, side)
        assert hero is not None
        for seed in range(3):
            other = state.resample(1 - top.seat, random.Random(seed))
            assert isinstance(other, CombatState)
            again = hands.hero_of(other, side)
            assert again is not None and again.hand == hero.hand
            assert sorted(again.deck) == sorted(hero.deck)
        found += 1
        if found >= 8:
            break
    assert found >= 3
