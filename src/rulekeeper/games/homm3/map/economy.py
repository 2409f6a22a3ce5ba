"""Income (homm3.md §4.1, §5.5, §5.13.5, §5.25 rule 7, §9.13).

A Resource round starts with every player's income: the scenario's starting income, the mines
and settlements the player flags (a mine its resource's amount, a settlement the income its
owner chose, §5.5; both doubled under optional rule 7, income kept per source, §9.13) and the
buildings of its towns that give income. An Astrologers round starts with an Astrologers
Proclaim card instead (astrologers.py). The round track (the scenario's, else odd rounds
Resource, even Astrologers, no income in round 1) says which is which (§8.8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.games.homm3.map import astrologers, board, events, town_actions
from rulekeeper.games.homm3.map.model import RESOURCES

__all__ = ["MINE_INCOME", "SETTLEMENT_INCOME", "income", "start_of_round"]

MINE_INCOME: Mapping[str, int] = {"gold": 5, "materials": 2, "valuables": 1}
"""A mine's income by its resource (§5.5: Gold Mine 5 G, Ore Mine 2 BM, the others 1 V)."""
SETTLEMENT_INCOME: Mapping[str, int] = {"gold": 5, "materials": 2, "valuables": 1}
"""The income a settlement's owner may choose (§5.5)."""


def income(state: Any, seat: int) -> dict[str, int]:
    """*seat*'s income this Resource round, by resource (module doc)."""
    player = state.players[seat]
    total = {name: player.base_income.get(name, 0) for name in RESOURCES}
    double = 2 if state.option("double-income") else 1
    for key, item in state.sites.items():
        if item.owner != seat:
            continue
        printed = board.field_at(state, key)
        if printed is None:
            continue
        if printed.location == "mine" and printed.resource:
            total[printed.resource] += double * MINE_INCOME[printed.resource]
        elif printed.location == "settlement" and item.reward in SETTLEMENT_INCOME:
            total[item.reward] += double * SETTLEMENT_INCOME[item.reward]
    capture = state.game.scenario.capture_income
    for town in state.towns:
        if town.owner == seat and town.seat != seat and not state.option("use-captured-towns"):
            for name, amount in capture.items():  # §9.8: a captured enemy town
                total[name] = total.get(name, 0) + amount
        if town.seat == seat:
            for name, amount in building_income(state, town).items():
                total[name] = total.get(name, 0) + amount
    return {name: amount for name, amount in total.items() if amount}


def building_income(state: Any, town: Any) -> dict[str, int]:
    """What *town*'s buildings add to its owner's income (City Hall, §5.14.1)."""
    boards = getattr(state.game.pack, "towns", None)
    if not boards or town.faction not in boards:
        return {}
    out: dict[str, int] = {}
    for building in boards[town.faction].buildings:
        if building.id in town.buildings:
            for name, amount in getattr(building, "income", {}).items():
                out[name] = out.get(name, 0) + amount
    return out


def start_of_round(state: Any) -> None:
    """The round type's step (§4.1): income (changed by an Astrologers card for the next
    Resource round) and the buildings' Resource-round uses, or an Astrologers Proclaim card
    (astrologers.py); then the scenario's timed events (events.py)."""
    track = state.round_track()
    if state.round == 1:
        town_actions.starting_buildings(state)
    if track.pays_income(state.round):
        for player in state.players:
            if player.eliminated:
                continue
            gained = astrologers.income_change(state, income(state, player.seat))
            if gained:
                player.resources.gain(gained)
                state.events.append("income", {"seat": player.seat, **gained})
        astrologers.spend_income_card(state)
    astrologers.start_of_round(state)
    if track.pays_income(state.round):
        town_actions.resource_round(state)
    events.start_of_round(state)


def draw_astrologers(state: Any) -> None:
    """Draw the round's Astrologers Proclaim card (§5.21; astrologers.py ``draw``)."""
    astrologers.draw(state)
