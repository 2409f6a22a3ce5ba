"""The Might & Magic cards on the map: drawing, hand limits, the start-of-turn refresh
(homm3.md §4.3 step 1, §5.7, §5.8).

At the start of a turn the active player may discard any number of cards, then may draw up to
the hand limit of the Main Hero's Level (an Astrologers card in force may change it, §5.21);
with more cards than the limit, they must discard down to it. A draw from an empty deck
shuffles the discard pile into a new deck (§5.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import PickSubset, Refusal
from rulekeeper.games.homm3.map import proclaimed

if TYPE_CHECKING:
    from rulekeeper.games.homm3.map.model import Player
    from rulekeeper.games.homm3.map.protocols import MapLike

__all__ = ["DrawChoiceStep", "RefreshStep", "draw", "hand_limit", "hand_zone"]

RULE_REFRESH = "homm3.md §4.3 step 1 (hand refresh, rulebook p. 10)"
DRAW = Action.of("draw")
KEEP = Action.of("keep")


def hand_zone(seat: int) -> str:
    """The zone name of *seat*'s hand (its deck is ``mm-deck-<seat>``, one pool with it)."""
    return f"mm-hand-{seat}"


def hand_limit(state: MapLike, player: Player) -> int:
    """The hand limit of *player*'s Main Hero's Level (the level track, §5.7), changed by an
    Astrologers card in force (Profuse Growth: 1 higher, §5.21)."""
    printed = int(state.game.pack.levels[player.level].hand_limit)
    return max(0, printed + proclaimed.in_force(state, "hand-limit"))


def draw(state: MapLike, player: Player, count: int) -> list[str]:
    """Draw *count* cards into *player*'s hand (fewer if deck and discard run out; §5.8)."""
    drawn: list[str] = []
    for _ in range(count):
        if not player.deck:
            if not player.discard:
                break
            player.deck.extend(player.discard)
            player.discard.clear()
            state.rng.shuffle(player.deck)
            state.events.append("deck-reshuffled", {"seat": player.seat})
        drawn.append(player.deck.pop())
    player.hand.extend(drawn)
    if drawn:
        state.events.append("cards-drawn", {"seat": player.seat, "count": len(drawn)})
        state.events.append(
            "cards-drawn-are", {"seat": player.seat, "cards": drawn}, visible_to=(player.seat,)
        )
    return drawn


@dataclass
class RefreshStep(PickSubset[Any]):
    """§4.3 step 1: discard any number of cards (down to the hand limit at least)."""

    kind = "hand-refresh"
    rule = RULE_REFRESH
    verb: ClassVar[str] = "discard"

    def options_zone(self, state: Any) -> str | None:
        return hand_zone(self.seat)

    def chosen(self, state: Any, items: list[str]) -> None:
        player = state.players[self.seat]
        for card in items:
            player.hand.remove(card)
            player.discard.append(card)
        if items:
            state.events.append("cards-discarded", {"seat": self.seat, "cards": items})
        if len(player.hand) < hand_limit(state, player) and (player.deck or player.discard):
            state.flow.push(DrawChoiceStep(seat=self.seat))


def refresh(state: MapLike, seat: int) -> None:
    """Start *seat*'s hand refresh: the discard choice (skipped with an empty hand)."""
    player = state.players[seat]
    limit = hand_limit(state, player)
    if player.hand:
        must = max(0, len(player.hand) - limit)
        state.flow.push(
            RefreshStep(seat=seat, options=sorted(player.hand), least=must, most=len(player.hand))
        )
    elif player.deck or player.discard:
        state.flow.push(DrawChoiceStep(seat=seat))


@dataclass
class DrawChoiceStep(Step[Any]):
    """§4.3 step 1: draw up to the hand limit, or keep the hand as it is."""

    kind = "hand-draw"
    rule = RULE_REFRESH
    public_kinds = frozenset({"draw", "keep"})
    seat: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [DRAW, KEEP]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if action in (DRAW, KEEP):
            return None
        return (self.rule, "draw up to your hand limit ('draw') or keep your hand ('keep')")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action == DRAW:
            player = state.players[self.seat]
            draw(state, player, hand_limit(state, player) - len(player.hand))
