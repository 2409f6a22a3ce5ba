"""Random epic combats (issue 27 §4): invariants after every action, save and position round
trips, replay determinism, and what the other team never learns."""

from __future__ import annotations

import json
import os
import random

import pytest

from rulekeeper.core import CHANCE, GameState, load_game
from rulekeeper.games.eternia.combat.generate import random_combat, random_epic
from rulekeeper.games.eternia.combat.grid import LIMIT, cards_in
from rulekeeper.games.eternia.combat.model import card_kind
from rulekeeper.games.eternia.content.effects import ZONES
from rulekeeper.games.eternia.content.pack import load_content_pack

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
COMBATS = 3000 if LONG else 300
PACK = load_content_pack()


def cards_of(fighter) -> list[str]:
    """Every combat card a hero side holds, wherever it is."""
    return [
        *fighter.deck,
        *fighter.hand,
        *fighter.down,
        *(p.card for p in fighter.grid),
        *fighter.beside,
        *fighter.focus,
        *fighter.discard,
    ]


def check(state: GameState) -> None:
    """The invariants of an epic combat (spec §5.6.1, §5.3)."""
    epic = state.epic
    if state.area is not None:
        for entry in [state.area.active, *state.area.defenders]:
            if "hero" in entry:
                assert 0 <= entry.get("damage", 0) <= PACK.heroes[entry["hero"]].health
    for fighter in epic.fighters:
        assert 0 <= fighter.damage <= fighter.health
        if fighter.kind != "hero":
            continue
        held = cards_of(fighter)
        assert len(held) == 21 and len(set(held)) == 21  # the deck is always 21 cards
        extra = 1 + fighter.friends if epic.options.stronger_together else 0
        for zone in ZONES:
            assert cards_in(fighter, zone, PACK.combat_cards) <= LIMIT + extra
    if state.is_terminal():
        assert all(len(f.deck) == 21 for f in epic.fighters if f.kind == "hero")


def play(seed: int, positions: bool) -> GameState:
    rng = random.Random(seed)
    game = load_game("eternia-combat", combat=random_combat(PACK, rng))
    state = game.new_initial_state(seed)
    check(state)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        check(state)
        if positions and rng.random() < 0.2:
            text = state.serialize()
            assert game.deserialize_state(text).serialize() == text
            position = state.to_position()
            again = load_game("eternia-combat", combat=position).new_initial_state(seed)
            assert again.to_position() == position
    return state


@pytest.mark.parametrize("block", range(6))
def test_random_combats_keep_the_invariants(block: int) -> None:
    """≥ 300 random combats over random heroes, beasts, decks and options (issue 27 §4)."""
    endings = set()
    for seed in range(block, COMBATS, 6):
        result = play(seed, positions=seed % 3 == 0).flow.result
        endings.add(result.get("ending", "wilds" if "foe_defeated" in result else "other"))
    assert len(endings) >= 3


def test_a_combat_replays_from_its_setup_seed_and_actions() -> None:
    state = play(11, positions=False)
    again = load_game("eternia-combat", combat=state.game.position).new_initial_state(11)
    for entry in state.history():
        again.apply_action(entry.action, entry.player)
    assert again.serialize() == state.serialize()


def test_the_other_team_never_sees_a_hidden_card() -> None:
    """Hand, face-down cards, focus pile and deck order: none of their cards appears in what
    the other seat is shown (its observation, its events) while it is hidden."""
    for seed in range(40):
        rng = random.Random(seed)
        doc = random_epic(PACK, rng)
        if "hero" not in doc["defender"]:
            continue
        state = load_game("eternia-combat", combat=doc).new_initial_state(seed)
        while not state.is_terminal():
            for side, fighter in enumerate(state.epic.fighters):
                hidden = [*fighter.hand, *fighter.down, *fighter.focus, *fighter.deck]
                other = 1 - side
                history = [entry.action.to_json() for entry in state.history_for(other)]
                events = [e.data for e in state.events_for(other)]
                shown = json.dumps([state.observation(other), events, history])
                leaked = [card for card in hidden if card in shown and card_kind(card) != card]
                assert not leaked, (seed, side, leaked[:3])
                down = [card_kind(card) for card in fighter.down]
                placed = [h for h in history if h.get("kind") == "place"]
                assert not any(h.get("card") in down for h in placed if h.get("zone") != "beside")
            if state.current_player() == CHANCE:
                state.resolve_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
