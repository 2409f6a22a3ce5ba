"""Buildings' uses at the start of a turn that discard cards or draw from a deck (issue 24 §2
"Towns"; homm3.md §5.8, §5.14.1, §5.15, §8.29; towns.yaml, the fan database's Dungeon page):
the Mana Vortex (discard 1 card, shuffle the discard pile into the deck, Search (3) it), the
Portal of Summoning's tier decks, and their hidden information."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Action, load_game
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.content.towns import Use
from rulekeeper.games.homm3.map import building_uses, neutral_decks, town_actions
from rulekeeper.games.homm3.map.building_uses import (
    BuildingUseStep,
    OwnSearchStep,
    UseDiscardStep,
)
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN, SECONDARY, MapHero
from rulekeeper.games.homm3.map.recruiting import SummonStep
from rulekeeper.games.homm3.map.turn import TurnStep

VORTEX = "dungeon-faction-building-2"
PORTAL = "dungeon-faction-building"


def first_turn_of(faction: str) -> tuple[MapState, int]:
    """A fresh 2-player Clash state (the first seed that fits) at *faction*'s first turn."""
    for seed in range(40):
        state = load_game("homm3", players=2, scenario="clash-2").new_initial_state(seed)
        assert isinstance(state, MapState)
        while not isinstance(top := state.flow.top(), TurnStep) or top.stage != "act":
            seat = state.current_player()
            legal = state.legal_actions(seat)
            keep = Action.of("keep")
            state.apply_action(keep if keep in legal else legal[-1], seat)
        seat = state.current_player()
        if state.players[seat].faction == faction:
            return state, seat
    raise AssertionError(f"no seed lets {faction} play first")


def vortex_state() -> tuple[MapState, int, Any]:
    """The Dungeon player's turn start with the Mana Vortex built and 2 cards discarded."""
    state, seat = first_turn_of("dungeon")
    player = state.players[seat]
    next(t for t in state.towns if t.seat == seat).buildings.append(VORTEX)
    player.discard.extend(player.deck[:2])
    del player.deck[:2]
    town_actions.turn_start(state, seat)
    return state, seat, player


def test_mana_vortex_discards_reshuffles_and_searches_three() -> None:
    """towns.yaml dungeon-faction-building-2 (Mana Vortex; Mirzipan dungeon.md): at the start of
    your turn you may discard 1 card from hand to shuffle your discard pile back into your deck,
    then Search (3) it: one of the 3 top cards to hand, the other 2 to the discard pile (§5.8)."""
    state, seat, player = vortex_state()
    top = state.flow.top()
    assert isinstance(top, BuildingUseStep) and top.building == VORTEX
    assert state.legal_actions(seat) == [Action.of("use"), Action.of("decline")]
    cards = len(player.hand) + len(player.deck) + len(player.discard)
    state.apply_action(Action.of("use"), seat)
    step = state.flow.top()
    assert isinstance(step, UseDiscardStep)
    assert {a.kind for a in state.legal_actions(seat)} == {"discard"}
    card = player.hand[0]
    state.apply_action(Action.of("discard", card=card), seat)
    search = state.flow.top()
    assert isinstance(search, OwnSearchStep) and len(search.seen) == 3
    assert player.discard == []  # reshuffled into the deck, the discarded card with it
    seen = list(search.seen)
    assert state.legal_actions(seat) == [Action.of("take", card=c) for c in dict.fromkeys(seen)]
    hand = len(player.hand)
    state.apply_action(Action.of("take", card=seen[1]), seat)
    assert seen[1] in player.hand and len(player.hand) == hand + 1
    assert sorted(player.discard) == sorted([seen[0], seen[2]])
    assert len(player.hand) + len(player.deck) + len(player.discard) == cards


def test_mana_vortex_may_be_declined_and_needs_a_card() -> None:
    """homm3.md §5.14.1 and towns.yaml ``optional``/``discard: 1``: declining changes nothing;
    with an empty hand only declining is offered (the hand's size is public)."""
    state, seat, player = vortex_state()
    before = (list(player.hand), list(player.deck), list(player.discard))
    state.apply_action(Action.of("decline"), seat)
    assert (player.hand, player.deck, player.discard) == before
    state, seat, player = vortex_state()
    player.deck.extend(player.hand)
    player.hand.clear()
    assert state.legal_actions(seat) == [Action.of("decline")]


def test_vortex_choices_are_hidden() -> None:
    """issue 24 §4 (hidden information): the card to discard is picked from the hidden hand (not
    judged in public); the cards looked at are the searching seat's own zone, re-dealt with its
    hand and deck for the others; which card is taken is told as words only."""
    state, seat, player = vortex_state()
    state.apply_action(Action.of("use"), seat)
    step = state.flow.top()
    assert not step.judged_in_public(state, seat, Action.of("discard", card=player.hand[0]))
    assert step.held_zones(state) == [f"mm-hand-{seat}"]
    state.apply_action(Action.of("discard", card=player.hand[0]), seat)
    search = state.flow.top()
    assert isinstance(search, OwnSearchStep)
    zone = next(z for z in state.zones() if z.name == search.zone_name())
    assert zone.pool == f"mm-{seat}" and tuple(zone.cards) == tuple(search.seen)
    words = search.secret_words(Action.of("take", card=search.seen[0]))
    assert words is not None and search.seen[0] not in words


def test_portal_draw_reshuffles_an_empty_tier_deck() -> None:
    """homm3.md §8.29 and towns.yaml dungeon-faction-building (Portal of Summoning): an empty
    Neutral tier deck gets its discard pile shuffled back before the draw; the card drawn is
    shown to everyone (``summoned``)."""
    state, seat = first_turn_of("dungeon")
    next(t for t in state.towns if t.seat == seat).buildings.append(PORTAL)
    deck, discard = state.decks["neutral-bronze"], state.discards["neutral-bronze"]
    discard.extend(deck)
    deck.clear()
    pile = sorted(discard)
    town_actions.turn_start(state, seat)
    state.apply_action(Action.of("use"), seat)
    state.apply_action(Action.of("summon", tier="bronze"), seat)
    top = state.flow.top()
    assert isinstance(top, SummonStep) and top.card in pile
    assert discard == [] and sorted([*deck, top.card]) == pile
    shown = [e for e in state.events.public() if e.kind == "summoned"]
    assert shown and shown[-1].data["unit"] == top.card
    deck.clear()
    assert neutral_decks.draw(state, "bronze") is None  # deck and discard pile empty


def test_every_shipped_building_use_is_resolved() -> None:
    """issue 24 §2 "Towns": every use of every building in towns.yaml is one the map game
    resolves (building_uses.py ``resolvable``, the Mana Vortex's own-deck Search among them)."""
    pack = load_content_pack()
    for town in pack.towns.values():
        for item in town.buildings:
            for use in item.uses:
                assert building_uses.use_resolvable(use), (item.id, use)


def with_use(monkeypatch: Any, building_id: str, use: dict[str, Any]) -> None:
    """Let *building_id* have the single use *use* (a town data fixture) in this test only."""
    found = building_uses.building

    def patched(state: Any, key: str) -> Any:
        item = found(state, key)
        if key != building_id:
            return item
        return item.model_copy(update={"uses": (Use.model_validate(use),)})

    monkeypatch.setattr(building_uses, "building", patched)
    monkeypatch.setattr(town_actions, "_building", patched)


def test_a_use_discarding_two_cards_at_the_turn_start(monkeypatch: Any) -> None:
    """homm3.md §5.14.1, towns.yaml ``discard: N`` (any building): the use is offered only to a
    hand of N cards or more; once taken, N cards of the player's choice go to its discard pile,
    one at a time, then the effects resolve."""
    use = {
        "timing": "turn-start",
        "optional": True,
        "discard": 2,
        "effects": [{"kind": "gain", "resource": "gold", "amount": 3}],
    }
    with_use(monkeypatch, "dungeon-city-hall", use)
    state, seat = first_turn_of("dungeon")
    player = state.players[seat]
    next(t for t in state.towns if t.seat == seat).buildings.append("dungeon-city-hall")
    while len(player.hand) < 3:
        player.hand.append(player.deck.pop())
    gold = player.resources.get("gold")
    town_actions.turn_start(state, seat)
    state.apply_action(Action.of("use"), seat)
    first, second = player.hand[0], player.hand[1]
    state.apply_action(Action.of("discard", card=first), seat)
    assert isinstance(state.flow.top(), UseDiscardStep) and player.resources.get("gold") == gold
    state.apply_action(Action.of("discard", card=second), seat)
    assert player.discard[-2:] == [first, second]
    assert player.resources.get("gold") == gold + 3
    player.deck.extend(player.hand[1:])
    del player.hand[1:]
    town_actions.turn_start(state, seat)
    assert state.legal_actions(seat) == [Action.of("decline")]


def test_an_own_turn_option_that_discards(monkeypatch: Any) -> None:
    """homm3.md §5.14.1 (an option's ``discard``): an own-turn use's option that discards is
    refused with too small a hand, and otherwise discards before its effects."""
    use = {
        "timing": "own-turn",
        "limit": "once-per-turn",
        "optional": True,
        "one_of": [
            {"effects": [{"kind": "gain", "resource": "gold", "amount": 1}]},
            {"discard": 1, "effects": [{"kind": "gain", "resource": "valuables", "amount": 2}]},
        ],
    }
    with_use(monkeypatch, "dungeon-city-hall", use)
    state, seat = first_turn_of("dungeon")
    player = state.players[seat]
    next(t for t in state.towns if t.seat == seat).buildings.append("dungeon-city-hall")
    action = Action.of("use-building", building="dungeon-city-hall", option=1)
    while len(player.hand) < 2:
        player.hand.append(player.deck.pop())
    hand = list(player.hand)
    player.hand.clear()
    problem = town_actions.use_refusal(state, seat, action)
    assert problem is not None and "discards 1 card" in problem[1]
    player.hand.extend(hand)
    assert town_actions.use_refusal(state, seat, action) is None
    valuables = player.resources.get("valuables")
    state.apply_action(action, seat)
    assert isinstance(state.flow.top(), UseDiscardStep)
    state.apply_action(Action.of("discard", card=hand[0]), seat)
    assert player.resources.get("valuables") == valuables + 2


def test_castle_city_hall_movement_is_the_main_heros() -> None:
    """towns.yaml castle-city-hall (provisional ``uses[0].one_of[1]``, its text: +1 MP for your
    Main Hero this round): the MP go to the Main Hero, not to a Secondary Hero."""
    state, seat = first_turn_of("castle")
    heroes = [h for h in state.heroes if h.seat == seat]
    main = next(h for h in heroes if h.role == MAIN)
    secondary = MapHero(id="x", seat=seat, role=SECONDARY, field=main.field, mp=2)
    state.heroes.append(secondary)
    before = main.mp
    building_uses.resolve(state, seat, "castle-city-hall", 0, 1)
    assert main.mp == before + 1 and secondary.mp == 2
