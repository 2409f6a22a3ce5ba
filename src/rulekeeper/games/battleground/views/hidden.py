"""What each player may not see in Battleground, as zones: hands, deck orders, the secret card
choice (rulebook: Select Cards; Preparation Phase).

* A player's hand and selected card are seen by that player only; the draw pile by nobody (its
  order too); discard piles by everyone. Glory cards are dealt before the game and stay as they
  are (a determinisation keeps them).
* The card choice at Select Cards is secret until the reveal: the action log shows the other
  player only that a choice was made.
* A bot's determinisation (``GameState.resample``) is the core's, from these zones: the other
  hand is dealt again with the other draw pile, every draw pile's order too; a secret fate card
  already chosen becomes a card of the new hand at random (keeping it whenever the deal put it
  back in the hand would give it away: it came out as the real choice eight times as often as
  it should), a glory card chosen stays chosen; cards picked to discard stay in the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.core import Action, Zone

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

SECRET_CHOICE = "chose a card in secret (or passed)"
CARD_KINDS = frozenset({"select", "play", "discard"})
"""The actions whose judgement reads a hand or the glory cards: they name a card of it. Every
other judgement reads only what both players see (how many cards a hand holds, not which)."""


def zones(state: BattleState) -> list[Zone]:
    """The hidden-information zones of the two players (live views of the state's lists)."""
    out: list[Zone] = []
    for player, side in enumerate(state.sides):
        out.append(Zone(f"hand-{player}", side.hand, (player,), pool=f"fate-{player}"))
        draw = side.deck.draw_zone()
        draw.name, draw.pool = f"draw-{player}", f"fate-{player}"
        out.append(draw)
    return out


def seen_zones(state: BattleState) -> list[Zone]:
    """Every zone of hidden cards: the re-dealt ones (:func:`zones`) and each player's glory
    cards, which only their player sees but which a bot's re-deal (``resample``, core/hidden.py)
    keeps as they are. The steps holding hidden cards say so themselves (rules/round.py: the
    secret card choice, the open discard)."""
    glory = [
        Zone(f"glory-{p}", side.glory, (p,), redealt=False) for p, side in enumerate(state.sides)
    ]
    return [*zones(state), *glory]


def judged_in_public(action: Action) -> bool:
    """Whether an action's judgement reads only public data: all but :data:`CARD_KINDS`."""
    return action.kind not in CARD_KINDS


def secret(state: BattleState, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
    """A card selection (or a pass) at Select Cards is seen by its player only."""
    if _select_step(state) is not None and action.kind in ("select", "pass"):
        return ((player,), SECRET_CHOICE)
    return None


def _select_step(state: BattleState) -> Any:
    """The Select Cards step if it is the one being decided."""
    top = state.flow.steps[-1] if state.flow.steps else None
    return top if getattr(top, "kind", "") == "select" else None
