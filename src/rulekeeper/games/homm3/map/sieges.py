"""Sieges of towns and settlements whose owner's hero is not there (homm3.md §5.14.4, §8.20,
§9.5).

When a hero enters an enemy town or settlement that no hero of its owner defends, the owner
may pay 8 Gold to transport the army there and defend with it (no hero, so no cards; the army
goes straight back afterwards, and beating it gives no Exp). The choice is the owner's, made in
the attacker's turn (:class:`SiegeStep`); an owner who cannot pay is passed at once (a public
reason: resources are open). Undefended, the place is captured without a fight (§8.20).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.games.homm3.map import places, town_actions
from rulekeeper.games.homm3.map.fights import FightStep

__all__ = ["TRANSPORT_GOLD", "SiegeStep"]

RULE_TRANSPORT = "homm3.md §5.14.4 siege transport, §9.5 (8 Gold)"
TRANSPORT_GOLD = 8
TRANSPORT = Action.of("transport")
NO_TRANSPORT = Action.of("no-transport")


@dataclass
class SiegeStep(Step[Any]):
    """*owner* decides whether to pay to defend *field* against *hero* with its army."""

    kind = "siege"
    rule = RULE_TRANSPORT
    public_kinds = frozenset({"transport", "no-transport"})
    hero: str = ""
    field: str = ""
    owner: int = 0

    def _can_pay(self, state: Any) -> bool:
        player = state.players[self.owner]
        return bool(player.units) and player.resources.can_pay({"gold": TRANSPORT_GOLD})

    def actor(self, state: Any) -> int:
        return self.owner if self._can_pay(state) else AUTO

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [TRANSPORT, NO_TRANSPORT] if seat == self.owner else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.owner:
            return (self.rule, f"player {self.owner} decides how to defend {self.field}")
        if action == TRANSPORT and not self._can_pay(state):
            return (self.rule, f"transporting the army costs {TRANSPORT_GOLD} Gold")
        if action not in (TRANSPORT, NO_TRANSPORT):
            return (self.rule, "'transport' the army (8 Gold) or 'no-transport'")
        return None

    def run(self, state: Any) -> None:
        self.apply(state, NO_TRANSPORT, self.owner)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action == TRANSPORT:
            state.players[self.owner].resources.pay({"gold": TRANSPORT_GOLD})
            state.events.append("army-transported", {"seat": self.owner, "field": self.field})
            state.flow.push(
                FightStep(
                    hero=self.hero, field=self.field, against="army", defender_seat=self.owner
                )
            )
            town_actions.open_window(state, state.players_turn(), "before-combat")
            return
        places.capture(state, state.hero_seat(self.hero), self.field)
