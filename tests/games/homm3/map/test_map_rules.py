"""Rules of the map game's procedure, one test each (issue 24 §6; the items of homm3.md named in
each docstring): turn order, movement points, visiting on the way, Secondary Heroes met by an
enemy, the homeless Main Hero, capture income, the neutral decks, level rewards, the starting
deck, the Field Difficulty Table's Level VII, the fixed costs, unlimited tokens."""

from __future__ import annotations

from typing import Any

import pytest
from visit_helpers import at_turn, hero_of, lay_location

from rulekeeper.core import CHANCE, Action, DataError, load_game
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import neighbours
from rulekeeper.games.homm3.battle.neutrals import FIELD_TABLE
from rulekeeper.games.homm3.combat.result import DEFEAT_GOLD, SURRENDER_GOLD
from rulekeeper.games.homm3.map import (
    board,
    economy,
    experience,
    fights,
    places,
    setup,
    victory,
    visiting,
)
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.model import MAIN, SECONDARY, MapHero
from rulekeeper.games.homm3.map.secondary import SecondaryStep
from rulekeeper.games.homm3.map.sieges import TRANSPORT_GOLD
from rulekeeper.games.homm3.map.turn import END_TURN, TurnStep


def open_neighbour(state: Any, key: str) -> str:
    """A face-up field next to *key* that is neither blocked nor guarded."""
    for h in neighbours(key_hex(key)):
        other = hex_key(h)
        printed = board.field_at(state, other)
        if printed is not None and printed.location == "empty" and not printed.difficulty:
            return other
    for h in neighbours(key_hex(key)):
        other = hex_key(h)
        printed = board.field_at(state, other)
        if printed is not None and printed.location != "blocked" and not printed.difficulty:
            return other
    raise AssertionError(f"no open field next to {key}")


def test_turn_order_is_the_same_every_round() -> None:
    """homm3.md §4.2, §8.9: turns go in seat order from the first player, the same every round;
    §4.1, §8.10: every hero gets its MP back at the start of a round (Main 3, Secondary 2, and
    what a building or card adds for the round)."""
    state = load_game("homm3", players=3, scenario="clash-3").new_initial_state(seed=5)
    turns: list[tuple[int, int]] = []
    while state.round <= 2 and not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        top = state.flow.steps[-1]
        if isinstance(top, TurnStep) and top.stage == "act":
            if not turns or turns[-1] != (state.round, seat):
                turns.append((state.round, seat))
                for item in state.heroes:
                    if item.seat == seat:
                        assert item.mp >= (3 if item.role == MAIN else 2)  # + a round's bonus
            if END_TURN in state.legal_actions(seat):
                state.apply_action(END_TURN, seat)
                continue
        legal = state.legal_actions(seat)
        state.apply_action(legal[-1], seat)
    first = [seat for number, seat in turns if number == 1]
    second = [seat for number, seat in turns if number == 2]
    assert first == second == list(state.order)
    assert first == [(first[0] + i) % 3 for i in range(3)]


def test_every_field_entered_is_visited() -> None:
    """homm3.md §8.14, §5.3: a hero moving field by field visits each field it enters (a
    one-time location on the way gets its black cube)."""
    state = at_turn()
    key = lay_location(state, "windmill")
    item = hero_of(state, 0)
    item.field = open_neighbour(state, key)
    before = state.players[0].resources.get("valuables")
    state.apply_action(Action.of("move", hero=item.id, to=key), 0)
    state.settle()
    assert board.site(state, key).visited
    assert state.players[0].resources.get("valuables") == before + 1


def test_an_enemy_secondary_hero_may_leave_the_game_instead_of_fighting() -> None:
    """homm3.md §5.6, §9.9 (rulebook p. 32): a hero entering the field of an enemy Secondary
    Hero: its owner fights or removes it instead; removing counts as its defeat: the attacker
    takes a cube of its faction and gains no Exp; no battle is fought."""
    for choice in ("remove-secondary", "fight"):
        state = at_turn()
        item = hero_of(state, 0)
        spot = open_neighbour(state, item.field)
        other = MapHero(
            id=setup.secondary_of(state.game.pack, state.players[1].hero),
            seat=1,
            role=SECONDARY,
            field=spot,
        )
        state.heroes.append(other)
        level = state.players[0].level
        state.apply_action(Action.of("move", hero=item.id, to=spot), 0)
        assert isinstance(state.flow.steps[-1], SecondaryStep) and state.current_player() == 1
        state.apply_action(Action.of(choice), 1)
        if choice == "fight":
            assert state.flow.find(FightStep) is not None  # after the Town-action window
            continue
        assert other not in state.heroes and state.battle is None
        assert state.players[1].faction in state.players[0].cubes
        assert state.players[0].level == level and item.field == spot


def test_a_homeless_main_hero_comes_back_to_the_next_town_taken() -> None:
    """homm3.md §8.37, §5.20: a defeated Main Hero with no town or settlement waits off the map
    and comes back at the next town its player captures."""
    state = at_turn()
    item = hero_of(state, 0)
    item.field = ""
    town = next(t for t in state.towns if t.seat == 1)
    places.capture(state, 0, town.field)
    assert item.field == town.field and town.owner == 0


def test_a_captured_enemy_town_pays_capture_income_while_held() -> None:
    """homm3.md §9.8: a captured enemy town adds the scenario's capture income to its captor's
    income while held; optional rule 12 (use-captured-towns) removes it."""
    for options, paid in (({}, True), ({"use-captured-towns": "yes"}, False)):
        state = at_turn(options)
        capture = dict(state.game.scenario.capture_income)
        before = economy.income(state, 0)
        town = next(t for t in state.towns if t.seat == 1)
        places.capture(state, 0, town.field)
        after = economy.income(state, 0)
        gained = {k: after.get(k, 0) - before.get(k, 0) for k in set(after) | set(before)}
        assert {k: v for k, v in gained.items() if v} == (capture if paid else {})


def test_an_empty_neutral_deck_gets_its_discard_pile_back() -> None:
    """homm3.md §8.29, §5.16: when a neutral tier deck runs out, its discard pile is shuffled
    into a new deck and the draw goes on."""
    state = at_turn()
    deck, discard = state.decks["neutral-bronze"], state.discards["neutral-bronze"]
    discard.extend(deck)
    deck.clear()
    drawn = fights.draw_neutrals(state, 1)
    assert drawn and not discard and len(deck) + len(drawn) > 0


def test_the_field_difficulty_table_level_seven_hard() -> None:
    """homm3.md §8.5, §5.23: a Level VII field on Hard draws 1 Gold and 2 Azure cards."""
    assert FIELD_TABLE[7][2] == "GAA"
    state = at_turn()
    state.difficulty = "hard"
    tiers = sorted(state.game.pack.units[c].tier for c in fights.draw_neutrals(state, 7))
    assert tiers == ["azure", "azure", "gold"]


def test_levels_four_and_six_shuffle_a_specialty_card_into_the_deck() -> None:
    """homm3.md §5.7, §8.25: reaching Level IV puts the hero's second Specialty card into its
    deck (not its hand); several Levels at once give each reward in order (II and III: a
    Search each)."""
    state = at_turn()
    player = state.players[0]
    hand = list(player.hand)
    experience.reach(state, 0, 4)
    card = experience.specialty_card(state, player.hero, 4)
    assert card and card in player.deck and card not in player.hand and player.hand == hand
    assert state.flow.steps[-1].kind == "search"
    assert state.flow.steps[-1].times == 2  # Levels II and III


def test_the_starting_deck() -> None:
    """homm3.md §3 steps 11-13, §8.31: 9 cards: the hero's Statistic cards, its Magic Arrows,
    its starting Ability (one of the Ability cards) and its Level I Specialty."""
    state = at_turn()
    pack = state.game.pack
    for hero_id, hero in pack.heroes.items():
        deck = setup.starting_deck(pack, hero_id)
        assert len(deck) == 9 and hero.starting_ability in deck
        assert hero.starting_ability in pack.abilities
        assert deck.count("magic-arrow") == hero.magic_arrows
        assert any(pack.specialties[c].level == 1 for c in deck if c in pack.specialties)


def test_the_fixed_costs_read_from_lost_icons() -> None:
    """homm3.md §8.1, §9.5: the Secondary Hero costs 10 Gold, the siege transport 8, a surrender
    10 and a defeated Main Hero pays 5."""
    state = at_turn()
    assert TRANSPORT_GOLD == 8 and SURRENDER_GOLD == 10 and DEFEAT_GOLD == 5
    text = str(state.game.pack.board)
    assert "10" in text


def test_resources_are_not_limited_by_the_tokens_in_the_box() -> None:
    """homm3.md §8.53: token supplies are no limit: a player may hold more Gold than the box
    has Gold tokens (33)."""
    state = at_turn()
    state.players[0].resources.gain({"gold": 100})
    assert state.players[0].resources.get("gold") >= 100


def test_two_seats_cannot_play_one_faction() -> None:
    """homm3.md §3 step 2, §8.32 (our reading): factions are chosen before the game; a faction
    named twice is refused, naming the parameter (the faction-tie roll is not needed)."""
    with pytest.raises(DataError) as found:
        load_game("homm3", players=2, factions="castle,castle")
    assert "factions" in str(found.value)


def test_exp_found_by_a_secondary_hero_is_the_main_heros() -> None:
    """homm3.md §8.56, §5.6: a Secondary Hero holds no Exp: a Learning Stone it visits gives its
    player's Main Hero the Exp (½ Level)."""
    state = at_turn()
    key = lay_location(state, "learning-stone")
    player = state.players[0]
    main = hero_of(state, 0)
    helper = MapHero(
        id=setup.secondary_of(state.game.pack, player.hero), seat=0, role=SECONDARY, field=key
    )
    state.heroes.append(helper)
    halves = 2 * (player.level - 1) + player.experience
    visiting.visit(state, helper, key)
    state.settle()
    assert 2 * (player.level - 1) + player.experience == halves + 1
    assert main.field != key


def test_a_players_own_heroes_may_share_a_sanctuary() -> None:
    """homm3.md §5.4, §8.19: a Sanctuary bars other players' heroes; a player's Main and
    Secondary Heroes may stand on it together and the turn ends (a game once had no legal
    action there)."""
    state = at_turn()
    key = lay_location(state, "sanctuary")
    main = hero_of(state, 0)
    main.field, main.mp = key, 0
    helper = MapHero(
        id=setup.secondary_of(state.game.pack, state.players[0].hero),
        seat=0,
        role=SECONDARY,
        field=key,
        mp=0,
    )
    state.heroes.append(helper)
    assert END_TURN in state.legal_actions(0)


def test_the_round_limit_score_counts_places_cubes_income_then_stock() -> None:
    """docs/homm3.md readings (the round limit, ``at_limit: score``): towns and settlements,
    then faction cubes, then income, then resources in stock, so that Gold left unspent does
    not beat a stronger economy."""
    state: Any = load_game("homm3").new_initial_state(seed=3)
    first, second = state.players
    first.resources.gain({"gold": 30})
    assert victory.score(state, 0) > victory.score(state, 1)  # the stock breaks a full tie
    second.base_income["materials"] = 2  # the second's income grows
    assert sum(economy.income(state, 1).values()) > sum(economy.income(state, 0).values())
    assert victory.score(state, 1) > victory.score(state, 0)
    second.cubes.append(first.faction)
    first.cubes.extend([second.faction, second.faction])
    assert victory.score(state, 0) > victory.score(state, 1)
