"""Morale on the map (homm3.md §5.17, §8.23, §8.55).

A player holds at most one morale token: Positive (+1) or Negative (-1). Gaining morale with
a Negative token discards it; otherwise it gives the Positive token (nothing more if held,
§8.55). Losing morale discards the Positive token; otherwise it gives the Negative token; a
second Negative instead discards the whole hand at the end of the turn. Necropolis ignores
every morale effect (§1.3).

The Positive token may be spent outside combat (in the player's turn, as a morale action of
:data:`RULE`): ``morale-draw`` draws 1 card; ``morale-cycle`` discards any number of cards
(:class:`MoraleCycleStep`), then draws as many. Its third use, rerolling a die, is the dice's:
:func:`can_reroll` and :func:`spend_for_reroll` (effects.py ``reroll_sources`` also counts
Luck). In combat the combat handles morale itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import PickSubset, Refusal
from rulekeeper.games.homm3.map import effects, hand
from rulekeeper.games.homm3.map.actions import Rule

__all__ = [
    "HAND_KINDS",
    "RULE",
    "MoraleCycleStep",
    "can_reroll",
    "gain",
    "lose",
    "spend_for_reroll",
]

RULE_MORALE = "homm3.md §5.17 morale (rulebook p. 10, back cover)"
DRAW, CYCLE = Action.of("morale-draw"), Action.of("morale-cycle")
HAND_KINDS: frozenset[str] = frozenset()
"""Morale actions are judged from public data (the token is public)."""


def gain(state: Any, seat: int) -> None:
    """*seat* gains morale (§5.17)."""
    player = state.players[seat]
    if player.faction == "necropolis":
        return
    player.morale = min(1, player.morale + 1)
    state.events.append("morale", {"seat": seat, "morale": player.morale})


def lose(state: Any, seat: int) -> None:
    """*seat* loses morale (§5.17): a second Negative discards the hand at the turn's end."""
    player = state.players[seat]
    if player.faction == "necropolis":
        return
    if player.morale < 0:
        player.discard_hand = True
    player.morale = max(-1, player.morale - 1)
    state.events.append("morale", {"seat": seat, "morale": player.morale})


def _spend_refusal(state: Any, seat: int) -> Refusal | None:
    """Why *seat* may not spend a Positive Morale token now (None: it may)."""
    player = state.players[seat]
    if player.morale <= 0:
        return (RULE_MORALE, "you hold no Positive Morale token")
    return None


def candidates(state: Any, seat: int) -> Iterable[Action]:
    """Spend the Positive token: draw 1 card, or discard and draw as many."""
    return (DRAW, CYCLE)


def refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    """Why *seat* may not take the morale action *action* (None: it may)."""
    if action not in (DRAW, CYCLE):
        return (RULE_MORALE, "write it as: morale-draw or morale-cycle")
    refused = _spend_refusal(state, seat)
    if refused is not None:
        return refused
    player = state.players[seat]
    if action == DRAW and not (player.deck or player.discard):
        return (RULE_MORALE, "your deck and discard pile are empty: there is no card to draw")
    if action == CYCLE and not player.hand:
        return (RULE_MORALE, "your hand is empty: there is nothing to discard")
    return None


def apply(state: Any, seat: int, action: Action) -> None:
    """Spend the Positive token for *action* (:func:`refusal` said yes)."""
    player = state.players[seat]
    player.morale = 0
    state.events.append("morale-spent", {"seat": seat, "for": action.kind})
    if action == DRAW:
        hand.draw(state, player, 1)
        return
    state.flow.push(
        MoraleCycleStep(seat=seat, options=sorted(player.hand), least=0, most=len(player.hand))
    )


RULE: Rule = Rule((DRAW.kind, CYCLE.kind), candidates, refusal, apply)


@dataclass
class MoraleCycleStep(PickSubset[Any]):
    """§5.17 (b): discard any number of cards, then draw as many."""

    kind = "map-morale-cycle"
    rule = RULE_MORALE
    verb: ClassVar[str] = "discard"

    def options_zone(self, state: Any) -> str | None:
        return hand.hand_zone(self.seat)

    def chosen(self, state: Any, items: list[str]) -> None:
        player = state.players[self.seat]
        for card in items:
            player.hand.remove(card)
            player.discard.append(card)
        if items:
            state.events.append("cards-discarded", {"seat": self.seat, "cards": items})
            hand.draw(state, player, len(items))


def can_reroll(state: Any, seat: int) -> bool:
    """Whether *seat* may spend its Positive Morale token to reroll a die (§5.17 (c); not under
    optional rule 6)."""
    return "morale" in effects.reroll_sources(state, seat, "any")


def spend_for_reroll(state: Any, seat: int, die: str = "any") -> None:
    """Spend *seat*'s Positive Morale token on a reroll of *die* (:func:`can_reroll`)."""
    effects.spend_reroll(state, seat, die, "morale")
