"""Astrologers Proclaim on the map (issue 24 §2 "Rounds and turns"; homm3.md §4.1, §5.21,
§5.25 rules 4 and 11): each card kind of astrologers.yaml does what its data says, for every
player, for its duration."""

from __future__ import annotations

import pytest

from rulekeeper.core import Action, load_game
from rulekeeper.core.graph import hex_key
from rulekeeper.games.homm3.map import astrologers, board, economy
from rulekeeper.games.homm3.map.dice import DiceStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN, Troop
from rulekeeper.games.homm3.map.recruiting import UnitChoiceStep
from rulekeeper.games.homm3.map.rounds import start_round


def new_state(seed: int = 5, options: dict[str, str] | None = None) -> MapState:
    params = {"options": options} if options else {}
    state = load_game("homm3", players=2, scenario="clash-2", **params).new_initial_state(seed)
    assert isinstance(state, MapState)
    return state


def proclaimed(card: str, seed: int = 5) -> MapState:
    """A fresh state with *card* just drawn and proclaimed."""
    state = new_state(seed)
    state.astrologers = card
    astrologers.proclaim(state)
    return state


def main_mp(state: MapState, seat: int) -> int:
    return next(h.mp for h in state.heroes if h.seat == seat and h.role == MAIN)


def test_every_card_has_a_known_duration_and_kinds() -> None:
    """homm3.md §5.21: the 19 cards resolve through the effect kinds astrologers.py knows."""
    state = new_state()
    known = set(astrologers.HANDLERS) | {"resource-dice", "treasure-dice"}
    for card in state.game.pack.astrologers.values():
        assert {effect.kind for effect in card.effects} <= known, card.id


def test_morale_for_everyone() -> None:
    """astrologers.yaml fancy-pixie (homm3.md §5.17): every player gains morale; Necropolis
    ignores morale."""
    state = proclaimed("fancy-pixie")
    for player in state.players:
        assert player.morale == (0 if player.faction == "necropolis" else 1)


def test_nothing_happens() -> None:
    """astrologers.yaml dead-silence: nothing changes."""
    before = new_state()
    state = proclaimed("dead-silence")
    assert [p.resources.amounts for p in state.players] == [
        p.resources.amounts for p in before.players
    ]
    assert [p.morale for p in state.players] == [p.morale for p in before.players]


@pytest.mark.parametrize(("card", "change"), [("battalions-stallion", 1), ("magic-tortoise", -1)])
def test_movement_until_the_next_astrologers(card: str, change: int) -> None:
    """astrologers.yaml battalions-stallion, magic-tortoise (homm3.md §5.2): every hero's MP
    change this round and the next, until another card is drawn."""
    state = new_state()
    state.round = 2
    start_round(state)  # round 2 draws a card; put ours in force instead
    for item in state.heroes:
        item.mp = 3
    state.astrologers = card
    astrologers.proclaim(state)
    assert main_mp(state, 0) == 3 + change
    state.round = 3
    start_round(state)  # a Resource round: the card is still in force
    assert main_mp(state, 0) == 3 + change
    state.round = 4
    state.decks["astrologers"].append("dead-silence")
    start_round(state)  # the next card replaces it
    assert main_mp(state, 0) == 3


@pytest.mark.parametrize(
    ("card", "kind", "amount"),
    [
        ("crazy-wizard", "spell-returns", 1),
        ("grim-warlock", "spell-power", 1),
        ("groovy-satyr", "redraw-neutral", 1),
        ("profuse-growth", "hand-limit", 1),
        ("swift-weasel", "reroll-dice", 1),
    ],
)
def test_lasting_effects_are_in_force(card: str, kind: str, amount: int) -> None:
    """astrologers.yaml until-next-astrologers cards: their effect is in force until the next
    card (homm3.md §5.21); an at-once card in force answers nothing."""
    state = proclaimed(card)
    assert astrologers.in_force(state, kind) == amount
    state.astrologers = "fancy-pixie"
    assert astrologers.in_force(state, kind) == 0


@pytest.mark.parametrize(
    ("card", "resource", "change"),
    [
        ("gold-dragon", "gold", 5),
        ("wild-debauchery", "gold", -5),
        ("merry-leprechaun", "valuables", 1),
        ("greedy-dragon", "valuables", -1),
    ],
)
def test_next_resource_round_income(card: str, resource: str, change: int) -> None:
    """astrologers.yaml next-resource-round cards: the next Resource round's income changes
    (never below 0); then the card is spent."""
    state = proclaimed(card)
    income = {"gold": 10, "valuables": 0}
    changed = astrologers.income_change(state, income)
    assert changed.get(resource, 0) == max(0, income[resource] + change)
    state.round = 3
    before = state.players[0].resources.get(resource)
    paid = economy.income(state, 0).get(resource, 0)
    start_round(state)
    after = state.players[0].resources.get(resource)
    assert after - before == max(0, paid + change)
    assert state.astrologers == ""


def test_greedy_dragon_never_below_zero() -> None:
    """astrologers.yaml greedy-dragon: 1 Valuables less, never below 0 (an income of 0 stays 0)."""
    state = proclaimed("greedy-dragon")
    assert astrologers.income_change(state, {"gold": 10}) == {"gold": 10}


def test_annoying_lizard_shuffles_artifacts_and_spells_back() -> None:
    """astrologers.yaml annoying-lizard: Artifact and Spell cards in hand go into the deck,
    shuffled, and as many cards are drawn."""
    state = new_state()
    pack = state.game.pack
    artifact, spell = sorted(pack.artifacts)[0], sorted(pack.spells)[0]
    player = state.players[0]
    player.hand[:] = [artifact, spell, "attack"]
    player.deck[:] = ["defence"] * 20
    state.astrologers = "annoying-lizard"
    astrologers.proclaim(state)
    assert len(player.hand) == 3 and "attack" in player.hand
    assert sorted(player.hand + player.deck).count(artifact) == 1
    assert len(player.deck) == 20


def test_friendly_beaver_removes_black_cubes() -> None:
    """astrologers.yaml friendly-beaver: every black cube leaves the map's locations."""
    state = new_state()
    key = used_location(state)
    board.touch(state, key).visited = True
    state.astrologers = "friendly-beaver"
    astrologers.proclaim(state)
    assert not state.sites[key].visited


def test_friendly_beaver_drawn_first_is_redrawn() -> None:
    """astrologers.yaml friendly-beaver (redraw_first): drawn as the first card, it is
    discarded and another drawn."""
    state = new_state()
    state.round = 2
    state.decks["astrologers"].remove("friendly-beaver")
    state.decks["astrologers"].append("friendly-beaver")
    astrologers.start_of_round(state)
    assert state.astrologers != "friendly-beaver"
    assert state.discards["astrologers"][0] == "friendly-beaver"


def test_terrible_plague_weakens_a_pack_unit() -> None:
    """astrologers.yaml terrible-plague: each player flips one of its Pack units to Few (its
    choice), players in turn order."""
    state = proclaimed("terrible-plague")
    step = state.flow.top()
    assert isinstance(step, UnitChoiceStep) and step.mode == "weaken"
    assert step.seat == state.order[0]
    seat = step.seat
    card = next(t.card for t in state.players[seat].units if t.side == "pack")
    state.apply_action(Action.of("choose-unit", unit=card), seat)
    assert Troop(card, "few") in state.players[seat].units


def test_isras_friends_reinforces_for_half() -> None:
    """astrologers.yaml isras-friends (provisional): each player may Reinforce one Few unit for
    half its Reinforce cost (rounded up), or decline."""
    state = new_state()
    for player in state.players:
        player.resources.gain({"gold": 20})
    state.astrologers = "isras-friends"
    astrologers.proclaim(state)
    step = state.flow.top()
    assert isinstance(step, UnitChoiceStep) and step.percent == 50
    seat = step.seat
    few = next(t for t in state.players[seat].units if t.side == "few")
    cost = state.game.pack.units[few.card].reinforce
    assert cost is not None
    gold = state.players[seat].resources.get("gold")
    state.apply_action(Action.of("choose-unit", unit=few.card), seat)
    assert few.side == "pack"
    assert state.players[seat].resources.get("gold") == gold - (cost.gold + 1) // 2
    assert Action.of("decline") in state.legal_actions(state.current_player())


def test_optional_rules_4_and_11() -> None:
    """homm3.md §5.25 rule 4: a card is drawn in Resource rounds too; rule 11: never."""
    for options, round_, draws in (
        (None, 3, False),
        (None, 2, True),
        ({"astrologers-every-round": "yes"}, 3, True),
        ({"no-astrologers": "yes"}, 2, False),
    ):
        state = new_state(options=options)
        state.round = round_
        assert astrologers.draws_this_round(state) is draws, (options, round_)


def used_location(state: MapState) -> str:
    """A face-up field holding a one-time location."""
    locations = state.game.pack.locations
    for h in sorted(state.tilemap().spots):
        printed = board.field_at(state, hex_key(h))
        if printed is not None and locations[printed.location].category == "one-time":
            return hex_key(h)
    pytest.skip("no one-time location face up")
    return ""


@pytest.mark.parametrize(
    ("card", "die", "keep"),
    [("white-raven", "resource", "all"), ("fluffy-rabbit", "treasure", "one")],
)
def test_dice_for_everyone(card: str, die: str, keep: str) -> None:
    """astrologers.yaml white-raven, fluffy-rabbit (homm3.md §5.13.2, §5.13.3): every player
    rolls a die, in turn order (dice.py)."""
    state = proclaimed(card)
    steps = [s for s in state.flow.steps if isinstance(s, DiceStep)]
    assert [s.seat for s in reversed(steps)] == state.order
    assert all(s.die == die and s.count == 1 and s.keep == keep for s in steps)
