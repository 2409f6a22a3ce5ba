"""Trading resources (homm3.md §5.13.4, §5.25 rule 13, §8.6).

At a Trading Post a player trades by the price table (the location's rates, the board data's
``trading`` table: row what you give, column what you get) any number of times, then is done
(:class:`TradingStep`); the Post's other option, Remove a card for 1 Gold, is a location effect
(locations.py). Under optional rule 13 (``free-trading``) a player may trade at any time of
their turn (:data:`RULE`, a turn rule) and a Trading Post becomes a one-time location that
gives 1 Artifact card (visiting.py). One refusal says whether a trade may be made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.ledger import missing_words
from rulekeeper.games.homm3.map.actions import Rule
from rulekeeper.games.homm3.map.model import RESOURCES

__all__ = [
    "DONE",
    "NAMES",
    "RULE",
    "RULE_TRADE",
    "TradingStep",
    "board_rates",
    "location_rates",
    "trade",
    "trade_candidates",
    "trade_refusal",
]

RULE_TRADE = "homm3.md §5.13.4 trading (the price table, rulebook p. 36)"
RULE_FREE = "homm3.md §5.25 rule 13 (free trading: trade resources at any time)"
NAMES: Mapping[str, str] = {
    "gold": "Gold",
    "materials": "Building Materials",
    "valuables": "Valuables",
}
"""The resources' names in words (§5.13.1)."""
DONE = Action.of("done-trading")

Rates = Mapping[tuple[str, str], tuple[int, int]]
"""(give, get) -> (amount given, amount got)."""


def location_rates(state: Any, location: str) -> dict[tuple[str, str], tuple[int, int]]:
    """The price table of *location*'s ``trade`` effect (locations.yaml)."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for _, effect in state.game.pack.locations[location].effects():
        for rate in effect.rates or ():
            out[(rate.give, rate.get)] = (rate.give_amount, rate.get_amount)
    return out


def board_rates(state: Any) -> dict[tuple[str, str], tuple[int, int]]:
    """The board data's price table (board.yaml ``trading``)."""
    return {(t.pay, t.get): (t.amount, t.gets) for t in state.game.pack.board.trades}


def trade_candidates(rates: Rates) -> list[Action]:
    """One trade action per row of the price table, in resource order."""
    return [
        Action.of("trade", give=give, get=get)
        for give in RESOURCES
        for get in RESOURCES
        if (give, get) in rates
    ]


def trade_refusal(state: Any, seat: int, action: Action, rates: Rates) -> Refusal | None:
    """Why *seat* may not make the trade *action* at *rates* (None: it may)."""
    if action.kind != "trade" or sorted(name for name, _ in action.params) != ["get", "give"]:
        return (RULE_TRADE, "write a trade as: trade give=RESOURCE get=RESOURCE")
    give, get = str(action.param("give")), str(action.param("get"))
    if (give, get) not in rates:
        return (RULE_TRADE, f"the price table has no trade of {give} for {get}")
    price = {give: rates[(give, get)][0]}
    missing = state.players[seat].resources.missing(price)
    if missing:
        return (RULE_TRADE, f"this trade needs {missing_words(missing, NAMES)}")
    return None


def trade(state: Any, seat: int, action: Action, rates: Rates) -> None:
    """Make the legal trade *action* at *rates*: pay, then gain."""
    give, get = action.str_param("give"), action.str_param("get")
    paid, got = rates[(give, get)]
    ledger = state.players[seat].resources
    ledger.pay({give: paid})
    ledger.gain({get: got})
    state.events.append(
        "traded", {"seat": seat, "give": give, "paid": paid, "get": get, "got": got}
    )


def _free_candidates(state: Any, seat: int) -> Iterable[Action]:
    if state.option("free-trading"):
        yield from trade_candidates(board_rates(state))


def _free_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    if not state.option("free-trading"):
        return (RULE_FREE, "trading away from a Trading Post needs optional rule 13 (free-trading)")
    return trade_refusal(state, seat, action, board_rates(state))


def _free_trade(state: Any, seat: int, action: Action) -> None:
    trade(state, seat, action, board_rates(state))


RULE: Rule = Rule(("trade",), _free_candidates, _free_refusal, _free_trade)
"""Optional rule 13: trading in one's turn, wherever the heroes are (turn.py's TURN_RULES)."""


@dataclass
class TradingStep(Step[Any]):
    """*seat* trades at the Trading Post *location* any number of times, then is done."""

    kind = "trading"
    rule = RULE_TRADE
    public_kinds = None  # resources are open
    seat: int = 0
    location: str = "trading-post"

    def actor(self, state: Any) -> int:
        return self.seat

    def candidates(self, state: Any, seat: int) -> Sequence[Action]:
        return [*trade_candidates(location_rates(state, self.location)), DONE]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} is trading")
        if action == DONE:
            return None
        return trade_refusal(state, seat, action, location_rates(state, self.location))

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action == DONE:
            state.flow.pop()
            return
        trade(state, seat, action, location_rates(state, self.location))
