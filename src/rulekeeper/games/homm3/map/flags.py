"""Flagging Mines, Settlements and the other flaggable locations (homm3.md §5.3, §5.5, §5.25
rule 7, §8.16, §8.21).

A faction flags a field by putting its cube there, taking off the cube of whoever held it
(:func:`flag`). The income of a flagged Mine or Settlement is its owner's: economy.py reads
``Site.owner`` (a Mine pays its resource's amount) and ``Site.reward`` (the income a
Settlement's owner chose, "" for none), so losing the field loses the income. The first faction
ever to flag a field gets the first-flag bonus of the option it resolves (the Mine's income once,
a Settlement's chosen income once or a free Reinforcement). An Obelisk keeps every faction's
cube: it remembers which factions visited it (:func:`mark_visitor`).

A Settlement's Reinforce reward flips one Few Bronze or Silver unit to its Pack side for half
its Reinforce cost, rounded up for each resource, or free on the first flag (§5.5, §8.3, §9.5);
no Citadel or Population token is needed (the reward is not a Town action).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.map import board
from rulekeeper.games.homm3.map.model import NOBODY_SEAT

__all__ = [
    "RULE_FLAG",
    "first_income",
    "flag",
    "income_factor",
    "mark_visitor",
    "reinforce",
    "reinforce_cost",
    "reinforceable",
    "set_reward",
    "visited_by",
]

RULE_FLAG = "homm3.md §5.3 flaggable locations, §5.5 Mines and Settlements (rulebook p. 24-25)"
RULE_REINFORCE = "homm3.md §5.5 (a Settlement's Reinforce reward: Bronze or Silver, §8.3, §9.5)"


def flag(state: Any, seat: int, key: str) -> bool:
    """*seat*'s cube goes on *key* in place of any other (its income goes with it); True when
    nobody ever flagged it before (the first-flag bonus, §5.5)."""
    site = board.touch(state, key)
    first, before = not site.flagged_before, site.owner
    site.owner, site.flagged_before, site.reward = seat, True, ""
    state.events.append("flagged", {"seat": seat, "field": key, "from": before, "first": first})
    return first


def set_reward(state: Any, key: str, resource: str) -> None:
    """The Settlement on *key* pays its owner *resource* income (its resource token, §5.5)."""
    board.touch(state, key).reward = resource
    state.events.append("settlement-reward", {"field": key, "resource": resource})


def income_factor(state: Any) -> int:
    """How many times Mines and Settlements pay their income (2 under optional rule 7)."""
    return 2 if state.option("double-income") else 1


def first_income(state: Any, key: str, location: Any, effects: Any) -> dict[str, int]:
    """What the first flag of *key* pays at once: the income *effects* raise (a Settlement's
    chosen income, or a Mine's amount for the field's resource), as much as a round pays."""
    factor = income_factor(state)
    for effect in effects:
        if effect.kind != "income":
            continue
        if effect.resources:
            return {name: factor * amount for name, amount in effect.resources.items()}
        printed = board.field_at(state, key)
        if printed is not None and printed.resource and location.income:
            return {printed.resource: factor * location.income[printed.resource]}
    return {}


def visited_by(state: Any, seat: int, key: str) -> bool:
    """Whether *seat*'s faction has visited the Obelisk on *key* (it is then empty to it, §8.21)."""
    found = state.sites.get(key)
    return found is not None and seat in found.visitors


def mark_visitor(state: Any, seat: int, key: str) -> None:
    """*seat*'s cube goes on the Obelisk *key* beside the others' (§5.4, §8.21)."""
    board.touch(state, key).visitors.append(seat)
    state.events.append(
        "flagged", {"seat": seat, "field": key, "from": NOBODY_SEAT, "first": False}
    )


def reinforce_cost(state: Any, card: str, price: str) -> dict[str, int]:
    """What reinforcing *card* costs at *price*: ``half`` its Reinforce cost rounded up, or
    ``free``."""
    unit = state.game.pack.units[card]
    if price == "free" or unit.reinforce is None:
        return {}
    cost = {"gold": unit.reinforce.gold, "valuables": unit.reinforce.valuables}
    return {name: (amount + 1) // 2 for name, amount in cost.items() if amount}


def reinforceable(state: Any, seat: int, tiers: Any, price: str) -> list[str]:
    """*seat*'s Few units of *tiers* that have a Pack side and whose reinforcement at *price*
    it can pay, in unit-deck order."""
    player = state.players[seat]
    units = state.game.pack.units
    return [
        troop.card
        for troop in player.units
        if troop.side == "few"
        and troop.card in units
        and units[troop.card].tier in tiers
        and units[troop.card].reinforce is not None
        and player.resources.can_pay(reinforce_cost(state, troop.card, price))
    ]


def reinforce(state: Any, seat: int, card: str, price: str) -> None:
    """Pay for and flip *seat*'s Few unit *card* to its Pack side (the Settlement reward)."""
    player = state.players[seat]
    cost = reinforce_cost(state, card, price)
    if cost:
        player.resources.pay(cost)
    troop = next(t for t in player.units if t.card == card and t.side == "few")
    troop.side = "pack"
    state.events.append("reinforced", {"seat": seat, "unit": card, "paid": cost})
