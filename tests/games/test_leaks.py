"""Nothing a seat cannot see reaches it (issue 20 §1, both games): whole random games where, at
every step, each seat's views are unchanged when what that seat cannot see is dealt again.

For each step and each seat the state is re-dealt for that seat (``resample``: the other hands,
every deck's order) and these must be equal in the real state and the re-dealt one: the seat's
observation, ``events_for``, ``history_for``, who acts, its legal actions, and ``explain`` for
that seat and for no seat (``None``: a spectator) of every card id with every action kind that
names a card, and of every legal action of the seat to act. ``resample`` reseeds the random
stream and forgets what the seat may not see of the logs, so only the seat's views are
compared. The test also asserts that the re-deal really changed the hidden cards in at least
half of the samples (a re-deal that changed nothing would prove nothing).

``RULEKEEPER_LONG=1`` plays 12 longer games of each kind.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from rulekeeper.core import CHANCE, SIMULTANEOUS, TERMINAL, Action, GameState, load_game
from rulekeeper.games.eternia.combat.generate import random_epic
from rulekeeper.games.eternia.content.pack import load_content_pack
from rulekeeper.games.homm3.battle.generate import random_battle

SLOW = bool(os.environ.get("RULEKEEPER_SLOW"))
LONG = bool(os.environ.get("RULEKEEPER_LONG"))
GAMES = 12 if LONG else 1
"""Random games of each kind (RULEKEEPER_SLOW plays them longer)."""
DECLINED = ("forfeit", "offer-draw", "surrender", "flee")
"""Kinds the random players avoid when they have another choice (whole games, not short ones)."""

CARD_KINDS: dict[str, tuple[tuple[str, str], ...]] = {
    "battleground": (("select", "card"), ("play", "card"), ("discard", "cards")),
    "homm3-combat": (
        ("play", "card"),
        ("cast", "card"),
        ("save", "card"),
        ("empower", "card"),
        ("recover", "card"),
        ("ignore-die", "card"),
        ("discard", "item"),
        ("keep", "item"),
        ("cycle", "item"),
    ),
    "homm3": (("discard", "item"), ("take", "card"), ("play", "card")),
    "eternia-combat": (("place", "card"), ("time", "card"), ("spell", "card")),
}
"""Every action kind that names a card, with the parameter that names it."""


def cards_of(state: GameState) -> list[str]:
    """Every card id in the game's zones."""
    return sorted({card for zone in state.zones() for card in zone.cards})


def card_probes(game: str, cards: list[str]) -> list[Action]:
    """Every card id with every action kind that names a card."""
    out = []
    for kind, param in CARD_KINDS[game]:
        for card in cards:
            out.append(Action.of(kind, **{param: [card] if param == "cards" else card}))
    return out


def hidden_cards(state: GameState, seat: int) -> list[tuple[str, list[str]]]:
    """The cards of every zone *seat* does not see (what a re-deal may change)."""
    sight = state.game.sight_of(seat)
    return [(z.name, list(z.cards)) for z in state.zones() if not z.visible_for(sight)]


def views(state: GameState, seat: int, probes: list[Action]) -> dict[str, Any]:
    """Everything *seat* is told, and what no seat is told, about *state*."""
    return {
        "observation": state.observation(seat),
        "events": state.events_for(seat),
        "history": state.history_for(seat),
        "to_act": state.current_player(),
        "legal": state.legal_actions(seat),
        "explain": [state.explain(action, seat) for action in probes],
        "explain-nobody": [state.explain(action, None) for action in probes],
    }


def actor_legal(state: GameState) -> list[Action]:
    """The legal actions of the seat(s) to act (the real ones: probes for the others)."""
    current = state.current_player()
    if current in (CHANCE, TERMINAL):
        return []
    seats = range(state.num_players) if current == SIMULTANEOUS else [current]
    return [action for seat in seats for action in state.legal_actions(seat)]


def step_random(state: GameState, rng: random.Random) -> None:
    """One random step of a whole game (declining forfeits and the like when it can)."""
    current = state.current_player()
    if current == CHANCE:
        state.resolve_chance()
        return
    if current == SIMULTANEOUS:
        current = rng.choice([s for s in range(state.num_players) if state.legal_actions(s)])
    legal = state.legal_actions(current)
    chosen = [a for a in legal if a.kind not in DECLINED] or legal
    state.apply_action(rng.choice(chosen), current)


def compared(
    state: GameState, rng: random.Random, max_steps: int, stride: int = 1
) -> Iterator[bool]:
    """Play *state* to the end; at every *stride*-th step, for every seat, compare its views with
    those of a re-deal for it (assert), yielding whether the re-deal changed the hidden cards."""
    game = state.game.name
    probes = card_probes(game, map_cards(state) if game == "homm3" else cards_of(state))
    for step in range(max_steps):
        if state.is_terminal():
            return
        if step % stride:
            step_random(state, rng)
            continue
        extra = actor_legal(state)
        for seat in range(state.num_players):
            other = state.resample(seat, random.Random(rng.getrandbits(32)))
            asked = probes + extra
            assert views(other, seat, asked) == views(state, seat, asked), (game, seat, state)
            hidden = hidden_cards(state, seat)
            if any(cards for _, cards in hidden):
                yield hidden_cards(other, seat) != hidden
        step_random(state, rng)


SPARE = ["magic-arrow", "attack", "curse", "weakness", "defence", "power", "haste", "prayer"]
"""Cards the heroes' hands and decks are drawn from (few: every one is probed at every step)."""


def hero_battle(rng: random.Random) -> dict[str, Any]:
    """A random battle (battle/generate.py) turned into one between two players' Main Heroes,
    each with a few cards."""
    doc = random_battle(rng)
    doc["mode"] = "clash"
    cards = rng.sample(SPARE, 6)
    raw: dict[str, Any] = dict(doc["attacker"])  # type: ignore[arg-type]
    attacker = {k: v for k, v in raw.items() if not k.startswith("ai_")}  # an AI hero's decks
    hero = {**attacker["hero"], "hand": rng.sample(SPARE, 3), "deck": rng.sample(SPARE, 2)}
    doc["attacker"] = {**attacker, "kind": "hero", "hero": hero}
    doc["defender"] = {
        "kind": "hero",
        "hero": {"name": "Sandro", "faction": "necropolis", "hand": cards[:3], "deck": cards[3:]},
        "units": rng.sample(
            ["skeletons", "zombies", "wraiths", "liches", "vampires", "dread-knights"], 2
        ),
    }
    return doc


def homm3_states(count: int) -> Iterator[GameState]:
    rng = random.Random(20)
    for index in range(count):
        yield load_game("homm3-combat", battle=hero_battle(rng)).new_initial_state(seed=index)


def map_cards(state: GameState) -> list[str]:
    """The cards the players' actions may name in a map game (the card probes): those of their
    hands, decks and discard piles at the start (not the shared decks, tiles nor units)."""
    players = state.players  # type: ignore[attr-defined]
    return sorted({c for p in players for pile in (p.hand, p.deck, p.discard) for c in pile})


def eternia_states(count: int) -> Iterator[GameState]:
    """Random epic combats of hero against hero (combat/generate.py)."""
    rng = random.Random(27)
    pack = load_content_pack()
    found = 0
    while found < count:
        doc = random_epic(pack, rng)
        if {"hero", "seat"} & set(doc["defender"]):  # type: ignore[arg-type]
            found += 1
            yield load_game("eternia-combat", combat=doc).new_initial_state(seed=found)


@pytest.mark.parametrize("kind", ["battleground", "homm3-combat", "homm3", "eternia-combat"])
def test_no_view_changes_when_what_a_seat_cannot_see_is_dealt_again(kind: str) -> None:
    """issue 20 §1 (hidden information, bullets 1, 2 and 4), issue 24 §4 (the map game: hands,
    every deck's order, face-down tiles and Far pools, the neutral and Astrologers decks): every
    view of every seat, and every explanation to no seat, is the same whatever the hidden cards
    are."""
    rng = random.Random(kind)
    states: list[GameState]
    stride = 1
    if kind == "battleground":
        game = load_game("battleground")
        states = [game.new_initial_state(seed=seed) for seed in range(GAMES)]
    elif kind == "homm3":  # a long game: every 10th step of its first 500 (12 games if LONG)
        game = load_game("homm3", players=3, scenario="clash-3")
        states = [game.new_initial_state(seed=seed) for seed in range(12 if LONG else 1)]
        stride = 10
    elif kind == "eternia-combat":  # issue 27 §4: hands, face-down cards, deck orders
        states = list(eternia_states(3 * GAMES))
    else:
        states = list(homm3_states(GAMES))
    changed: list[bool] = []
    for state in states:
        steps = 500 if kind == "homm3" else 300 if LONG else 150
        changed += compared(state, rng, max_steps=steps, stride=stride)
    assert len(changed) >= 20
    assert sum(changed) >= len(changed) / 2, f"{sum(changed)} of {len(changed)} re-deals changed"


def duel(hand: list[str]) -> GameState:
    """A battle of two heroes: player 0 holds Curse and Defence, player 1 *hand*."""
    doc = {
        "format": "homm3-battle",
        "version": 1,
        "mode": "clash",
        "site": {"kind": "field"},
        "attacker": {
            "kind": "hero",
            "hero": {
                "name": "Catherine",
                "faction": "castle",
                "level": 2,
                "mp": 2,
                "hand": ["curse", "defence"],
                "deck": ["power", "haste"],
            },
            "units": [{"card": "griffins", "field": "a1"}, {"card": "marksmen", "field": "b1"}],
        },
        "defender": {
            "kind": "hero",
            "hero": {
                "name": "Sandro",
                "faction": "necropolis",
                "level": 2,
                "mp": 1,
                "hand": hand,
                "deck": ["power", "haste"],
            },
            "units": [{"card": "skeletons", "field": "a3"}, {"card": "zombies", "field": "b3"}],
        },
        "pending": [{"kind": "battle", "stage": "fight"}],
    }
    return load_game("homm3-combat", battle=doc).new_initial_state(seed=3)


def test_an_instant_window_waits_for_a_hand_whatever_it_holds() -> None:
    """issue 20 §1 bullet 2 (reproduced with hands [curse, defence] against [curse, weakness]):
    whether a window waits for player 1 must not tell player 0 whether player 1's hand holds
    something playable there ([curse, weakness]) or not ([power, haste]): player 0's views are
    the same until player 1 does something else than pass; a re-deal leaves a playable state."""
    states = [duel(["curse", "weakness"]), duel(["power", "haste"])]
    rng = random.Random(1)
    for _ in range(30):
        assert states[0].observation(0) == states[1].observation(0)
        assert states[0].events_for(0) == states[1].events_for(0)
        again = states[0].resample(0, random.Random(rng.getrandbits(32)))
        if again.current_player() >= 0:
            assert again.legal_actions()  # settled: someone acts
        current = states[0].current_player()
        if current == TERMINAL:
            break
        if current == CHANCE:
            face = states[0].resolve_chance()
            states[1].apply_action(face)
            continue
        if current == 1:  # player 1 passes in both (its hands differ)
            pass_ = Action.of("pass")
            if not all(pass_ in state.legal_actions() for state in states):
                break
            for state in states:
                state.apply_action(pass_)
            continue
        action = rng.choice(states[0].legal_actions())
        if action not in states[1].legal_actions():
            break
        for state in states:
            state.apply_action(action)


def test_a_cast_asks_for_power_whatever_the_hand_holds() -> None:
    """issue 20 §1 (a window or step waits for a seat only for a public reason; homm3.md §5.11
    empowering a spell): after a cast, the empower step waits for a caster whose hand is not
    empty, whether it holds a card that can give power (Lightning Bolt) or not (Defence); the
    other seat's views are the same either way, and so is what it may be told about the step."""
    states = [mage(["magic-arrow", "lightning-bolt"]), mage(["magic-arrow", "defence"])]
    for state in states:
        for _ in range(40):
            if state.current_player() == CHANCE:
                state.resolve_chance()
                continue
            cast = Action.of("cast", card="magic-arrow")
            if state.current_player() == 0 and cast in state.legal_actions():
                state.apply_action(cast)
                break
            legal = state.legal_actions()
            state.apply_action(Action.of("pass") if Action.of("pass") in legal else legal[0])
        assert state.observation(1)["pending"][-1] == "empower"
    assert states[0].observation(1) == states[1].observation(1)
    assert states[0].events_for(1) == states[1].events_for(1)
    assert Action.of("done") in states[1].legal_actions()


def mage(hand: list[str]) -> GameState:
    """The heroes' battle of :func:`duel` with player 0 holding *hand*."""
    state = duel(["curse", "weakness"])
    document = state.to_position()
    document["attacker"]["hero"]["hand"] = hand
    return load_game("homm3-combat", battle=document).new_initial_state(seed=3)
