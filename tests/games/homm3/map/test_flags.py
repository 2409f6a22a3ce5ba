"""Flagging Mines, Settlements, Obelisks and the Dragon Utopia (issue 24 §2 "flags, mines,
settlements and the first-flag bonus", §6 "income after flagging and losing a mine, the
settlement bonus"; homm3.md §5.3, §5.5, §5.25 rule 7, §8.3, §8.16, §8.21, §9.5)."""

from __future__ import annotations

import pytest
from visit_helpers import act, at_turn, enter, hero_of, lay_location, top_kind

from rulekeeper.core import Action
from rulekeeper.games.homm3.map import economy, flags, movement, visiting
from rulekeeper.games.homm3.map.model import Troop

CHOOSE = [Action.of("choose", option=n) for n in range(4)]


@pytest.mark.parametrize(("resource", "amount"), [("gold", 5), ("materials", 2), ("valuables", 1)])
def test_mine_first_flag_income_and_losing_it(resource: str, amount: int) -> None:
    """homm3.md §5.5: a Mine's income by type; the first faction to flag it gets it once at
    once; another faction flags it without combat and takes the income away."""
    state = at_turn()
    key = lay_location(state, "mine", resource=resource)
    assert movement.guarded(state, key) > 0  # unflagged: always guarded (§8.16)
    visiting.guard_beaten(state, key)
    before = [economy.income(state, seat).get(resource, 0) for seat in (0, 1)]
    held = state.players[0].resources.get(resource)
    enter(state, 0, key)
    assert state.sites[key].owner == 0
    assert state.players[0].resources.get(resource) == held + amount  # first flag
    assert economy.income(state, 0).get(resource, 0) == before[0] + amount
    assert movement.guarded(state, key) == 0  # flagged: taken without combat
    first = hero_of(state, 0)
    first.field = first.previous  # gone: no enemy hero on the mine
    assert movement.encounter(state, hero_of(state, 1), key) is None
    other = state.players[1].resources.get(resource)
    enter(state, 1, key)
    assert state.sites[key].owner == 1
    assert state.players[1].resources.get(resource) == other  # no second first-flag bonus
    assert economy.income(state, 0).get(resource, 0) == before[0]
    assert economy.income(state, 1).get(resource, 0) == before[1] + amount


def test_own_flag_counts_as_empty() -> None:
    """homm3.md §5.3: a field your faction's cube flags does nothing when you enter it again."""
    state = at_turn()
    key = lay_location(state, "mine", resource="gold")
    enter(state, 0, key)
    gold = state.players[0].resources.get("gold")
    enter(state, 0, key)
    assert state.players[0].resources.get("gold") == gold
    assert "your faction's cube" in (visiting.empty_reason(state, 0, key) or "")


def test_double_income_doubles_mines_and_the_first_flag() -> None:
    """homm3.md §5.25 rule 7: Mines and Settlements pay double (their first-flag income too)."""
    state = at_turn({"double-income": "yes"})
    key = lay_location(state, "mine", resource="gold")
    gold = state.players[0].resources.get("gold")
    base = economy.income(state, 0).get("gold", 0)
    enter(state, 0, key)
    assert state.players[0].resources.get("gold") == gold + 10
    assert economy.income(state, 0)["gold"] == base + 10


@pytest.mark.parametrize(
    ("option", "resource", "amount"), [(0, "gold", 5), (1, "materials", 2), (2, "valuables", 1)]
)
def test_settlement_income_reward(option: int, resource: str, amount: int) -> None:
    """homm3.md §5.5: a flagged Settlement raises the chosen income; the first flag pays it at
    once too; a faction flagging it later chooses again and the first owner loses it."""
    state = at_turn()
    key = lay_location(state, "settlement")
    held = state.players[0].resources.get(resource)
    base = [economy.income(state, seat).get(resource, 0) for seat in (0, 1)]
    enter(state, 0, key)
    assert top_kind(state) == "location-choice"
    act(state, CHOOSE[option])
    assert state.sites[key].reward == resource
    assert state.players[0].resources.get(resource) == held + amount
    assert economy.income(state, 0).get(resource, 0) == base[0] + amount
    enter(state, 1, key)
    act(state, CHOOSE[option], 1)
    assert economy.income(state, 0).get(resource, 0) == base[0]
    assert economy.income(state, 1).get(resource, 0) == base[1] + amount


@pytest.mark.parametrize(
    ("first", "gold", "paid"),
    [(True, 0, 0), (False, 9, 2)],  # free on the first flag; half of 3 Gold rounded up later
)
def test_settlement_reinforce_reward(first: bool, gold: int, paid: int) -> None:
    """homm3.md §5.5, §8.3, §9.5: Reinforce a Few Bronze or Silver unit for half its cost
    (rounded up), free on the first flag; the Settlement then pays no income."""
    state = at_turn()
    player = state.players[0]
    player.units = [Troop("halberdiers", "few"), Troop("angels", "few")]
    player.resources.lose({"gold": player.resources.get("gold")})
    player.resources.gain({"gold": gold})
    key = lay_location(state, "settlement")
    if not first:
        state.sites.setdefault(key, visiting.board.site(state, key)).flagged_before = True
    income = economy.income(state, 0)
    enter(state, 0, key)
    act(state, CHOOSE[3])
    assert top_kind(state) == "settlement-reinforce"
    assert [a.get("unit") for a in state.legal_actions(0)] == ["halberdiers"]  # not Gold tier
    act(state, Action.of("reinforce", unit="halberdiers"))
    assert player.units[0].side == "pack" and player.resources.get("gold") == gold - paid
    assert state.sites[key].reward == "" and economy.income(state, 0) == income


def test_settlement_reinforce_refused_without_a_unit() -> None:
    """homm3.md §5.5: the Reinforce reward needs a Few Bronze or Silver unit."""
    state = at_turn()
    state.players[0].units = [Troop("halberdiers", "pack")]
    key = lay_location(state, "settlement")
    enter(state, 0, key)
    refused = state.explain(CHOOSE[3], 0)
    assert not refused.legal and "§5.5" in refused.rule


@pytest.mark.parametrize(("card", "half"), [("halberdiers", {"gold": 2}), ("griffins", None)])
def test_reinforce_half_cost_rounded_up(card: str, half: dict[str, int] | None) -> None:
    """homm3.md §5.5: half the Reinforce cost, rounded up for each resource."""
    state = at_turn()
    unit = state.game.pack.units[card]
    expected = half or {
        n: (a + 1) // 2
        for n, a in (("gold", unit.reinforce.gold), ("valuables", unit.reinforce.valuables))
        if a
    }
    assert flags.reinforce_cost(state, card, "half") == expected
    assert flags.reinforce_cost(state, card, "free") == {}


def test_obelisk_once_per_faction() -> None:
    """homm3.md §5.4, §8.21: an Obelisk keeps every faction's cube; a faction that visited it
    finds it empty; the scenario says what it does (clash-2: one of three effects)."""
    state = at_turn()
    key = lay_location(state, "obelisk")
    enter(state, 0, key)
    assert top_kind(state) == "location-choice"
    player = state.players[0]
    player.morale = 0
    act(state, CHOOSE[1])  # a Positive Morale
    assert player.morale == 1
    enter(state, 0, key)
    assert top_kind(state) == "turn"
    assert "visited it" in (visiting.empty_reason(state, 0, key) or "")
    enter(state, 1, key)
    assert top_kind(state) == "location-choice"
    assert state.sites[key].visitors == [0, 1] and state.sites[key].owner == -1


def test_dragon_utopia_flagged_gives_the_scenarios_effect() -> None:
    """homm3.md §5.4: Dragon Utopia, flaggable, effects defined by the scenario (clash-2:
    Search (2) the Artifact deck twice)."""
    state = at_turn()
    key = lay_location(state, "dragon-utopia")
    visiting.guard_beaten(state, key)
    enter(state, 0, key)
    assert state.sites[key].owner == 0
    assert top_kind(state) == "search" and state.flow.top().times == 2


def test_a_town_is_not_flagged_by_a_visit() -> None:
    """homm3.md §5.14.3: a Town is captured (places.py), a visit does nothing to it."""
    state = at_turn()
    key = state.towns[1].field
    assert "capturing" in (visiting.empty_reason(state, 0, key) or "")


def test_an_undefended_enemy_settlement_is_flagged_by_entering_it() -> None:
    """homm3.md §5.5, §8.20: entering an enemy Settlement no hero defends (its owner cannot pay
    the transport) flags it without a fight; the new owner chooses its reward, the old one loses
    its income."""
    state = at_turn()
    key = lay_location(state, "settlement")
    site = state.sites.setdefault(key, visiting.board.site(state, key))
    site.owner, site.flagged_before, site.reward = 1, True, "gold"
    state.players[1].resources.lose({"gold": 999})
    income = economy.income(state, 1).get("gold", 0)
    item = hero_of(state, 0)
    item.field = next(
        k
        for k in visiting.board.neighbour_fields(state.tilemap(), key)
        if k not in state.tilemap().graph.closed
        and not visiting.board.field_at(state, k).difficulty
    )
    act(state, Action.of("move", hero=item.id, to=key))
    while top_kind(state) == "town-window":
        act(state, state.legal_actions(state.current_player())[-1])
    assert top_kind(state) == "location-choice" and state.sites[key].owner == 0
    act(state, CHOOSE[1])
    assert state.sites[key].reward == "materials"
    assert economy.income(state, 1).get("gold", 0) == income - 5


@pytest.mark.parametrize("option", [0, 1, 2])
def test_obelisk_effects_of_the_scenario(option: int) -> None:
    """homm3.md §5.4: clash-2's Obelisk lets the visitor Remove a card, gain a Positive Morale
    or give the hero that entered +1 MP (Heegu-sama/Homm3BG clash scenario, provisional)."""
    state = at_turn()
    player = state.players[0]
    player.morale = 0
    hand = len(player.hand)
    key = lay_location(state, "obelisk")
    item = enter(state, 0, key)
    mp = item.mp
    act(state, CHOOSE[option])
    if option == 0:
        act(state, state.legal_actions(0)[0])
    assert (len(player.hand), player.morale, item.mp) == [
        (hand - 1, 0, mp),
        (hand, 1, mp),
        (hand, 0, mp + 1),
    ][option]
