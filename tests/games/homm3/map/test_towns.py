"""Town actions on the map (issue 24 §2 "Towns"; homm3.md §5.6, §5.11, §5.14, §5.15, §8.13,
§8.33): building, recruiting and reinforcing, the Secondary Hero, the Mage Guild, the window in
another player's turn. Each test sets a fresh Clash state's records, then asks the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import Action, load_game
from rulekeeper.core.content import load_yaml
from rulekeeper.core.flow import PASS
from rulekeeper.games.homm3.map import effects, recruiting, town_actions
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import SECONDARY, Troop
from rulekeeper.games.homm3.map.recruiting import PopulationStep, SummonStep
from rulekeeper.games.homm3.map.rounds import start_round
from rulekeeper.games.homm3.map.search import SearchStep
from rulekeeper.games.homm3.map.town_actions import TownWindow
from rulekeeper.games.homm3.map.turn import TurnStep
from rulekeeper.games.homm3.scenario import shipped_scenario


def new_state(
    seed: int = 3, options: dict[str, str] | None = None, scenario: Any = "clash-2"
) -> MapState:
    params = {"options": options} if options else {}
    state = load_game("homm3", players=2, scenario=scenario, **params).new_initial_state(seed)
    assert isinstance(state, MapState)
    return state


def to_turn(state: MapState) -> int:
    """Answer whatever comes before the first turn's actions: the seat whose turn it is."""
    while not isinstance(top := state.flow.top(), TurnStep) or top.stage != "act":
        seat = state.current_player()
        legal = state.legal_actions(seat)
        state.apply_action(Action.of("keep") if Action.of("keep") in legal else legal[-1], seat)
    return state.current_player()


def rich(
    state: MapState, seat: int, gold: int = 60, materials: int = 30, valuables: int = 15
) -> None:
    ledger = state.players[seat].resources
    ledger.lose({k: ledger.get(k) for k in ("gold", "materials", "valuables")})
    ledger.gain({"gold": gold, "materials": materials, "valuables": valuables})


def town(state: MapState, seat: int):  # type: ignore[no-untyped-def]
    return next(t for t in state.towns if t.seat == seat)


def act(state: MapState, seat: int, kind: str, **params: object) -> None:
    """Take a Town action through its rule (the refusal first)."""
    action = Action.of(kind, **params)
    rule = next(r for r in town_actions.RULES if kind in r.kinds)
    assert rule.refusal(state, seat, action) is None, rule.refusal(state, seat, action)
    rule.apply(state, seat, action)


def refusal(state: MapState, seat: int, kind: str, **params: object) -> tuple[str, str]:
    action = Action.of(kind, **params)
    rule = next(r for r in town_actions.RULES if kind in r.kinds)
    found = rule.refusal(state, seat, action)
    assert found is not None, f"{action} was not refused"
    return found


def test_starting_buildings_are_building_ids() -> None:
    """Town.buildings holds towns.yaml ids, read from the scenario's roles (issue 24 §3)."""
    state = new_state()
    assert town(state, 0).buildings == [f"{state.players[0].faction}-dwelling-1"]


def test_dwellings_in_order() -> None:
    """homm3.md §5.14.1: Dwellings are built Level 1, 2, 3."""
    state = new_state()
    faction = state.players[0].faction
    rich(state, 0)
    rule, reason = refusal(state, 0, "build", building=f"{faction}-dwelling-3")
    assert "§5.14.1" in rule and "needs the" in reason
    act(state, 0, "build", building=f"{faction}-dwelling-2")
    assert f"{faction}-dwelling-2" in town(state, 0).buildings


def test_one_building_a_round() -> None:
    """homm3.md §5.14.1, §5.14.2: one building a round (the Build token), back next round."""
    state = new_state()
    faction = state.players[0].faction
    rich(state, 0)
    act(state, 0, "build", building=f"{faction}-citadel")
    rule, reason = refusal(state, 0, "build", building=f"{faction}-city-hall")
    assert "§5.14" in rule and "Build token is used" in reason
    state.players[0].used_tokens.clear()  # the next round (rounds.py start_round)
    act(state, 0, "build", building=f"{faction}-city-hall")


def test_build_pays_and_names_what_is_missing() -> None:
    """homm3.md §5.14.1: the Town board's cost is paid; a refusal names what is missing."""
    state = new_state()
    faction = state.players[0].faction
    cost = state.game.pack.towns[faction].building("citadel").cost.amounts()
    rich(state, 0, gold=cost["gold"] - 3, materials=cost["materials"], valuables=0)
    rule, reason = refusal(state, 0, "build", building=f"{faction}-citadel")
    assert "§5.14.1" in rule and "3 more Gold and 1 more Valuables" in reason
    rich(state, 0, gold=cost["gold"] + 1, materials=cost["materials"], valuables=1)
    act(state, 0, "build", building=f"{faction}-citadel")
    assert state.players[0].resources.amounts == {"gold": 1, "materials": 0, "valuables": 0}


def test_build_only_in_own_town() -> None:
    """homm3.md §5.14.1: a player builds on its own Town board only."""
    state = new_state()
    other = state.players[1].faction
    rich(state, 0)
    rule, _ = refusal(state, 0, "build", building=f"{other}-citadel")
    assert "§5.14.1" in rule


def test_mage_guild_timing() -> None:
    """homm3.md §5.11: right after building the Mage Guild, Search (2) the Spell deck twice;
    no spell bought in the round it was built; later its price, Search (2), once a round."""
    state = new_state()
    to_turn(state)
    faction = state.players[0].faction
    guild = f"{faction}-mage-guild"
    rich(state, 0)
    act(state, 0, "build", building=guild)
    top = state.flow.top()
    assert isinstance(top, SearchStep) and top.deck == "spell" and top.times == 2
    assert top.count == 2 and top.seat == 0
    state.flow.pop()
    rule, reason = refusal(state, 0, "buy-spell", guild=guild)
    assert "§5.11" in rule and "built this round" in reason
    state.round += 1
    state.players[0].used_tokens.clear()
    gold = state.players[0].resources.get("gold")
    price = 6 if faction == "castle" else 5
    act(state, 0, "buy-spell", guild=guild)
    assert state.players[0].resources.get("gold") == gold - price
    top = state.flow.top()
    assert isinstance(top, SearchStep) and top.times == 1
    rule, reason = refusal(state, 0, "buy-spell", guild=guild)
    assert "Spell Book token is used" in reason


def test_no_spell_without_guild() -> None:
    """homm3.md §5.11: spells are bought at a Mage Guild you have."""
    state = new_state()
    rich(state, 0)
    rule, _ = refusal(state, 0, "buy-spell", guild=f"{state.players[0].faction}-mage-guild")
    assert "§5.11" in rule


def recruit_cost(state: MapState, card: str) -> Any:
    cost = state.game.pack.units[card].recruit
    assert cost is not None
    return cost


def faction_unit(state: MapState, seat: int, tier: str) -> str:
    units = state.game.pack.units
    held = {t.card for t in state.players[seat].units}
    faction = state.players[seat].faction
    return next(
        c
        for c, u in sorted(units.items())
        if u.faction == faction and u.tier == tier and c not in held
    )


def test_recruit_needs_the_dwelling_and_pays_its_cost() -> None:
    """homm3.md §5.15: Recruit a unit of a tier whose Dwelling you own, paying its Recruit cost;
    it joins the unit deck on its Few side."""
    state = new_state()
    rich(state, 0)
    silver = faction_unit(state, 0, "silver")
    rule, reason = refusal(state, 0, "recruit", unit=silver)
    assert "§5.15" in rule and "Level 2 Dwelling" in reason
    bronze = faction_unit(state, 0, "bronze")
    cost = recruit_cost(state, bronze)
    gold = state.players[0].resources.get("gold")
    act(state, 0, "recruit", unit=bronze)
    assert Troop(bronze, "few") in state.players[0].units
    assert state.players[0].resources.get("gold") == gold - cost.gold
    rule, reason = refusal(state, 0, "recruit", unit=bronze)
    assert "Population token is used" in reason


def test_population_token_recruits_any_number_at_once() -> None:
    """homm3.md §5.14.2, §5.15: one use of the Population token Recruits and Reinforces any
    number of units, limited by resources and buildings."""
    state = new_state()
    rich(state, 0)
    town(state, 0).buildings.append(f"{state.players[0].faction}-citadel")
    first = faction_unit(state, 0, "bronze")
    act(state, 0, "recruit", unit=first)
    step = state.flow.top()
    assert isinstance(step, PopulationStep)
    again = Action.of("reinforce", unit=first)
    assert again in step.legal(state, 0)
    step.apply(state, again, 0)
    assert Troop(first, "pack") in state.players[0].units
    assert Action.of("done") in step.legal(state, 0)


def test_population_step_dropped_when_nothing_is_payable() -> None:
    """homm3.md §5.15: the token's use ends when nothing more can be paid (public: resources)."""
    state = new_state()
    bronze = faction_unit(state, 0, "bronze")
    cost = recruit_cost(state, bronze)
    rich(state, 0, gold=cost.gold, materials=0, valuables=cost.valuables)
    act(state, 0, "recruit", unit=bronze)
    assert state.flow.top().pointless(state)


def test_reinforce_needs_a_citadel() -> None:
    """homm3.md §5.15: Reinforce with a Citadel, paying the Reinforce cost; Few flips to Pack."""
    state = new_state()
    rich(state, 0)
    few = next(t for t in state.players[0].units if t.side == "few")
    rule, reason = refusal(state, 0, "reinforce", unit=few.card)
    assert "§5.15" in rule and "Citadel" in reason
    town(state, 0).buildings.append(f"{state.players[0].faction}-citadel")
    cost = state.game.pack.units[few.card].reinforce
    assert cost is not None
    gold = state.players[0].resources.get("gold")
    act(state, 0, "reinforce", unit=few.card)
    assert few.side == "pack"
    assert state.players[0].resources.get("gold") == gold - cost.gold


def test_reinforce_refused_for_a_pack_unit() -> None:
    """homm3.md §5.15: only a Few unit can be Reinforced."""
    state = new_state()
    town(state, 0).buildings.append(f"{state.players[0].faction}-citadel")
    pack = next(t for t in state.players[0].units if t.side == "pack")
    rule, reason = refusal(state, 0, "reinforce", unit=pack.card)
    assert "§5.15" in rule and "Few side" in reason


def test_captured_town_buildings_stay_the_owners() -> None:
    """homm3.md §5.14.3: the captor may not use a captured town's buildings, its owner still
    may; optional rule 12 lets the captor use them."""
    for option, captor_may in (("", False), ("yes", True)):
        state = new_state(options={"use-captured-towns": option} if option else None)
        rich(state, 0)
        rich(state, 1)
        enemy = town(state, 1)
        enemy.owner = 0
        unit = faction_unit(state, 1, "bronze")
        rule = town_actions.RULES[1]
        found = rule.refusal(state, 0, Action.of("recruit", unit=unit))
        assert (found is None) == captor_may, found
        if found is not None:
            assert "§5.14.3" in found[0]
        assert rule.refusal(state, 1, Action.of("recruit", unit=unit)) is None


def test_secondary_hero() -> None:
    """homm3.md §5.6: 10 Gold and the Population token, on a town you hold, at most one."""
    state = new_state()
    seat = to_turn(state)
    key = town(state, seat).field
    rich(state, seat, gold=9)
    rule, reason = refusal(state, seat, "recruit-hero", field=key)
    assert "§5.6" in rule and "1 more Gold" in reason
    rich(state, seat, gold=10)
    act(state, seat, "recruit-hero", field=key)
    hero = next(h for h in state.heroes if h.seat == seat and h.role == SECONDARY)
    assert hero.field == key and hero.mp == 2
    assert state.players[seat].resources.get("gold") == 0
    state.players[seat].used_tokens.clear()
    rich(state, seat)
    _, reason = refusal(state, seat, "recruit-hero", field=key)
    assert "at most one" in reason


def test_secondary_hero_only_in_own_turn() -> None:
    """homm3.md §8.33: the Secondary Hero is recruited in your own turn only."""
    state = new_state()
    seat = to_turn(state)
    other = 1 - seat
    rich(state, other)
    rule, _ = refusal(state, other, "recruit-hero", field=town(state, other).field)
    assert "§8.33" in rule


def test_secondary_hero_not_with_recruits() -> None:
    """homm3.md §5.14.2: the Population token Recruits units OR the Secondary Hero."""
    state = new_state()
    seat = to_turn(state)
    rich(state, seat)
    act(state, seat, "recruit", unit=faction_unit(state, seat, "bronze"))
    _, reason = refusal(state, seat, "recruit-hero", field=town(state, seat).field)
    assert "Population token is used" in reason


def test_window_lets_another_player_build_before_a_fight() -> None:
    """homm3.md §5.14.2, §8.13: in another player's turn, right before a combat, a player may
    take Town actions; priority passes in turn order and the window closes when all pass."""
    state = new_state()
    seat = to_turn(state)
    other = 1 - seat
    rich(state, other)
    town_actions.open_window(state, seat, "before-combat")
    window = state.flow.top()
    assert isinstance(window, TownWindow) and window.seats == [other]
    assert state.current_player() == other
    building = f"{state.players[other].faction}-citadel"
    state.apply_action(Action.of("build", building=building), other)
    assert building in town(state, other).buildings
    assert state.current_player() == other
    refused = state.explain(
        Action.of("build", building=f"{state.players[other].faction}-city-hall"), other
    )
    assert "Build token" in str(refused)
    state.apply_action(PASS, other)
    assert isinstance(state.flow.top(), TurnStep)


def test_window_passes_a_seat_that_can_do_nothing() -> None:
    """homm3.md §8.13, issue 24 §2: a seat with no Town action possible (tokens used, nothing
    affordable: public facts) is passed without being asked."""
    state = new_state()
    seat = to_turn(state)
    other = 1 - seat
    rich(state, other, gold=0, materials=0, valuables=0)
    before = len(state.flow.steps)
    town_actions.open_window(state, seat, "end-of-turn")
    state.settle()
    assert len(state.flow.steps) == before and state.current_player() == seat
    rich(state, other)
    state.players[other].used_tokens.extend(["build", "population", "spellbook"])
    town_actions.open_window(state, seat, "end-of-turn")
    state.settle()
    assert len(state.flow.steps) == before


def test_end_of_turn_opens_the_window() -> None:
    """homm3.md §5.14.2: ending a turn lets the others take Town actions (turn.py calls it)."""
    state = new_state()
    seat = to_turn(state)
    rich(state, 1 - seat)
    state.apply_action(Action.of("end-turn"), seat)
    assert isinstance(state.flow.top(), TownWindow)
    assert state.current_player() == 1 - seat


@pytest.mark.parametrize("token", ["build", "population", "spellbook"])
def test_tokens_come_back_each_round(token: str) -> None:
    """homm3.md §4.1: the Town-action tokens flip back at the start of the next round."""
    state = new_state()
    recruiting.flip_token(state, 0, token)
    assert recruiting.token_refusal(state, 0, token) is not None
    state.round += 1
    start_round(state)
    assert recruiting.token_refusal(state, 0, token) is None


def test_recruit_discount_of_a_card() -> None:
    """effects.py recruit-discount (the Legion artifacts, cards.py): Gold off one Recruit; the
    refusal and the payment both count it, and it is spent."""
    state = new_state()
    bronze = faction_unit(state, 0, "bronze")
    cost = recruit_cost(state, bronze)
    rich(state, 0, gold=cost.gold - 1, valuables=cost.valuables)
    assert town_actions.RULES[1].refusal(state, 0, Action.of("recruit", unit=bronze)) is not None
    effects.add(state, 0, "recruit-discount", "0", amount=1)
    act(state, 0, "recruit", unit=bronze)
    assert state.players[0].resources.get("gold") == 0
    assert effects.recruit_discount(state, 0) == 0


def test_mage_guild_terms_of_a_card() -> None:
    """effects.py mage-guild-discount / mage-guild-search (Wisdom, cards.py): Gold off the
    Mage Guild's price and a larger Search, spent on the purchase (homm3.md §5.11)."""
    state = new_state()
    faction = state.players[0].faction
    guild = f"{faction}-mage-guild"
    town(state, 0).buildings.append(guild)
    price = 6 if faction == "castle" else 5
    rich(state, 0, gold=price - 2)
    effects.add(state, 0, "mage-guild-discount", "0", amount=2)
    effects.add(state, 0, "mage-guild-search", "0", amount=3)
    act(state, 0, "buy-spell", guild=guild)
    top = state.flow.top()
    assert isinstance(top, SearchStep) and top.count == 3
    assert state.players[0].resources.get("gold") == 0
    assert effects.mage_guild_terms(state, 0) == (0, 2)


def test_a_mage_guild_the_scenario_starts_built() -> None:
    """homm3.md §5.11: a scenario that starts a player with the Mage Guild built (its
    ``built_bonus``) gives the two Searches (2) of the Spell deck into the Might & Magic deck,
    not the hand, at the start of round 1."""
    doc = load_yaml(Path(shipped_scenario("clash-2")).read_text(), "clash-2")
    start = {**doc["start"], "buildings": ["dwelling-1", "mage-guild"], "built_bonus": True}
    state = new_state(scenario={**doc, "start": start})
    seat = state.order[0]
    while not isinstance(top := state.flow.top(), SearchStep) or top.deck != "spell":
        who = state.current_player()
        legal = state.legal_actions(who)
        state.apply_action(Action.of("keep") if Action.of("keep") in legal else legal[-1], who)
    top = state.flow.top()
    assert isinstance(top, SearchStep) and top.into_deck and top.deck == "spell"
    assert top.seat == seat and top.times == 2
    hand, deck = len(state.players[seat].hand), len(state.players[seat].deck)
    state.apply_action(state.legal_actions(seat)[0], seat)
    assert len(state.players[seat].hand) == hand
    assert len(state.players[seat].deck) == deck + 1


def first_turn_of(faction: str, factions: list[str] | None = None) -> tuple[MapState, int]:
    """A fresh state (the first seed that fits) whose first turn is *faction*'s."""
    for seed in range(40):
        params: dict[str, Any] = {"factions": factions} if factions else {}
        state = load_game("homm3", players=2, scenario="clash-2", **params).new_initial_state(seed)
        assert isinstance(state, MapState)
        seat = to_turn(state)
        if state.players[seat].faction == faction:
            return state, seat
    raise AssertionError(f"no seed lets {faction} play first")


def test_blacksmith_once_in_your_turn() -> None:
    """towns.yaml castle-faction-building-2 (Blacksmith, homm3.md §5.14.1): once in your own
    turn, Remove an Artifact from hand for 4 Gold, or pay 6 Gold to Search (2) the Artifact
    deck."""
    state, seat = first_turn_of("castle")
    smithy = "castle-faction-building-2"
    rule, _ = refusal(state, seat, "use-building", building=smithy, option=1)
    assert "§5.14.1" in rule
    town(state, seat).buildings.append(smithy)
    rich(state, seat, gold=6)
    act(state, seat, "use-building", building=smithy, option=1)
    top = state.flow.top()
    assert isinstance(top, SearchStep) and top.deck == "artifact" and top.count == 2
    assert state.players[seat].resources.get("gold") == 0
    state.flow.pop()
    _, reason = refusal(state, seat, "use-building", building=smithy, option=0)
    assert "used this turn" in reason
    effects.end_turn(state, seat)
    artifact = sorted(state.game.pack.artifacts)[0]
    state.players[seat].hand.append(artifact)
    act(state, seat, "use-building", building=smithy, option=0)
    state.apply_action(Action.of("remove", card=artifact), seat)
    assert artifact not in state.players[seat].hand
    assert state.players[seat].resources.get("gold") == 4


def test_cover_of_darkness_cycles_cards() -> None:
    """towns.yaml necropolis-faction-building (Cover of Darkness): discard up to 2 cards and
    draw as many, in your own turn only."""
    cover = "necropolis-faction-building"
    state, seat = first_turn_of("dungeon", ["necropolis", "dungeon"])
    town(state, 0).buildings.append(cover)
    _, reason = refusal(state, 0, "use-building", building=cover, option=0)
    assert "own turn" in reason
    state, seat = first_turn_of("necropolis", ["necropolis", "dungeon"])
    town(state, seat).buildings.append(cover)
    player = state.players[seat]
    size = len(player.hand)
    card = player.hand[0]
    act(state, seat, "use-building", building=cover, option=0)
    state.apply_action(Action.of("discard", card=card), seat)
    state.apply_action(Action.of("done"), seat)
    assert len(player.hand) == size and card in player.discard


def test_necromancy_amplifier_at_the_start_of_the_turn() -> None:
    """towns.yaml necropolis-faction-building-2 (Necromancy Amplifier): at the start of your
    turn you may take the Necromancy card from the Ability deck, or a Specialty card from your
    discard pile, or neither."""
    amplifier = "necropolis-faction-building-2"
    for choice in (0, 1, -1):
        state, seat = first_turn_of("necropolis", ["necropolis", "dungeon"])
        player = state.players[seat]
        town(state, seat).buildings.append(amplifier)
        specialty = next(c for c in player.deck if c in state.game.pack.specialties)
        player.deck.remove(specialty)
        player.discard.append(specialty)
        if "necromancy" not in state.decks["ability"]:
            state.decks["ability"].append("necromancy")
        town_actions.turn_start(state, seat)
        top = state.flow.top()
        assert isinstance(top, town_actions.BuildingUseStep) and top.building == amplifier
        if choice < 0:
            state.apply_action(Action.of("decline"), seat)
            assert "necromancy" not in player.hand and specialty in player.discard
            continue
        state.apply_action(Action.of("choose-option", index=choice), seat)
        if choice == 0:
            assert "necromancy" in player.hand
            assert "necromancy" not in state.decks["ability"]
        else:
            state.apply_action(Action.of("recover", card=specialty), seat)
            assert specialty in player.hand and specialty not in player.discard


def test_portal_of_summoning() -> None:
    """towns.yaml dungeon-faction-building (Portal of Summoning, provisional): at the start of
    your turn you may draw a Neutral card of a tier whose Dwelling you have and Recruit it at
    its cost (Few side), or let it go to its tier's discard pile."""
    portal = "dungeon-faction-building"
    for recruit in (True, False):
        state, seat = first_turn_of("dungeon")
        town(state, seat).buildings.append(portal)
        rich(state, seat)
        town_actions.turn_start(state, seat)
        assert isinstance(state.flow.top(), town_actions.BuildingUseStep)
        state.apply_action(Action.of("use"), seat)
        legal = state.legal_actions(seat)
        assert Action.of("summon", tier="bronze") in legal
        assert Action.of("summon", tier="silver") not in legal  # no Level 2 Dwelling
        state.apply_action(Action.of("summon", tier="bronze"), seat)
        top = state.flow.top()
        assert isinstance(top, SummonStep)
        card = top.card
        assert state.game.pack.units[card].faction == "neutral"
        cost = recruit_cost(state, card)
        gold = state.players[seat].resources.get("gold")
        if recruit:
            state.apply_action(Action.of("recruit-neutral"), seat)
            assert Troop(card, "few") in state.players[seat].units
            assert state.players[seat].resources.get("gold") == gold - cost.gold
        else:
            state.apply_action(Action.of("decline"), seat)
            assert state.discards["neutral-bronze"][-1] == card


def test_window_priority_in_turn_order_from_the_active_player() -> None:
    """homm3.md §4.2, §8.13: with three players, priority passes in turn order starting after
    the active player; a Town action makes everyone pass again."""
    state = load_game("homm3", players=3, scenario="clash-3").new_initial_state(4)
    assert isinstance(state, MapState)
    seat = to_turn(state)
    order = state.order
    after = order[order.index(seat) + 1 :] + order[: order.index(seat)]
    for other in after:
        rich(state, other)
    town_actions.open_window(state, seat, "before-combat")
    window = state.flow.top()
    assert isinstance(window, TownWindow) and window.seats == after
    first, second = after
    assert state.current_player() == first
    state.apply_action(PASS, first)
    assert state.current_player() == second
    building = f"{state.players[second].faction}-citadel"
    state.apply_action(Action.of("build", building=building), second)
    assert state.current_player() == first  # priority goes round again
    state.apply_action(PASS, first)
    state.apply_action(PASS, second)
    assert not isinstance(state.flow.top(), TownWindow)
