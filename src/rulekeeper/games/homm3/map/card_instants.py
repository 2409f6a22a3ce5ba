"""Instant cards played on the map (homm3.md §4.3 step 2: "other card plays allowed by their
timing"; §5.8: an Instant effect is resolved at once, only a Map effect is barred from combat).

An Instant play with no target whose effects all mean something outside a fight (gain Gold,
Building Materials or Valuables, draw, gain morale, discard) may be played in one's own turn
as well (Estates, Leadership, the resource artifacts, Charm of Mana, ...): cards.py offers it
as ``play-card card=ID use=...``. A printed cost to discard cards is paid first (the player
picks them, :class:`InstantCostStep`); a card whose play removes it leaves the game instead of
going to the discard pile (§5.8 Remove).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rulekeeper.core.flow import PickSubset, Refusal
from rulekeeper.games.homm3.combat.cards import plays_of
from rulekeeper.games.homm3.content.cards import Play
from rulekeeper.games.homm3.map import hand, morale

__all__ = ["INSTANT_KINDS", "InstantCostStep", "cost_refusal", "instant_plays", "play"]

RULE_INSTANT = "homm3.md §5.8 Instant effects, resolved at once (rulebook p. 13)"
RESOURCE_KINDS = ("gold", "materials", "valuables")
INSTANT_KINDS = frozenset({*RESOURCE_KINDS, "draw", "morale", "discard"})
"""Effect kinds an Instant play may have to be played on the map."""


def instant_plays(pack: Any, card_id: str) -> list[tuple[str, Play]]:
    """The Instant plays of a card that can be played on the map (module doc)."""
    return [
        (use, found)
        for use, found in plays_of(pack, card_id)
        if found.timing == "instant"
        and found.target == "none"
        and not found.cost.discard_any
        and not found.one_of
        and found.kinds()
        and found.kinds() <= INSTANT_KINDS
    ]


def cost_refusal(state: Any, seat: int, card: str, found: Play) -> Refusal | None:
    """Why *seat* cannot pay *found*'s cost of discarding other cards (None: it can)."""
    others = len(state.players[seat].hand) - 1
    if found.cost.discard > others:
        return (RULE_INSTANT, f"{card} costs {found.cost.discard} other cards; you hold {others}")
    return None


def play(state: Any, seat: int, card: str, use: str, found: Play) -> None:
    """*card* has left the hand: it goes to the discard pile (or leaves the game), its cost is
    paid, then its effects resolve."""
    player = state.players[seat]
    if found.cost.remove:
        state.events.append("card-removed", {"seat": seat, "card": card})
    else:
        player.discard.append(card)
    if found.cost.discard:
        state.flow.push(
            InstantCostStep(
                seat=seat,
                card=card,
                use=use,
                options=sorted(player.hand),
                least=found.cost.discard,
                most=found.cost.discard,
            )
        )
        return
    resolve(state, seat, found)


def resolve(state: Any, seat: int, found: Play) -> None:
    """The effects of *found* for *seat*, in printed order (a discard asks which cards)."""
    player = state.players[seat]
    for effect in found.effects:
        amount = int(effect.amount or 1)
        if effect.kind in RESOURCE_KINDS:
            player.resources.gain({effect.kind: amount})
            state.events.append("resources-gained", {"seat": seat, effect.kind: amount})
        elif effect.kind == "draw":
            hand.draw(state, player, amount)
        elif effect.kind == "morale":
            morale.gain(state, seat)
        elif effect.kind == "discard" and player.hand:
            count = min(amount, len(player.hand))
            state.flow.push(
                InstantCostStep(seat=seat, options=sorted(player.hand), least=count, most=count)
            )


@dataclass
class InstantCostStep(PickSubset[Any]):
    """Discard the cards an Instant play asks for: its cost (then its effects resolve, ``card``
    and ``use`` naming the play) or one of its effects (``card`` empty)."""

    kind = "instant-discard"
    rule = RULE_INSTANT
    verb: ClassVar[str] = "discard"
    card: str = ""
    use: str = ""

    def options_zone(self, state: Any) -> str | None:
        return hand.hand_zone(self.seat)

    def chosen(self, state: Any, items: list[str]) -> None:
        player = state.players[self.seat]
        for item in items:
            player.hand.remove(item)
            player.discard.append(item)
        state.events.append("cards-discarded", {"seat": self.seat, "cards": items})
        if self.card:
            resolve(state, self.seat, dict(instant_plays(state.game.pack, self.card))[self.use])
