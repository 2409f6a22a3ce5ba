"""Choices an effect asks for on a grid (spec §5.6.1, §5.6.3 steps 4–5): swapping two of your
cards (a Time card, a swap effect) and picking an opponent's card to turn face down or discard."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.combat.grid import limit_of
from rulekeeper.games.eternia.combat.model import Fighter, card_kind
from rulekeeper.games.eternia.combat.protocols import CombatState

__all__ = [
    "HARM",
    "HARM_ORDER",
    "PickStep",
    "SwapStep",
    "harmful_targets",
    "pick_harmfully",
    "swap_refusal",
    "take",
]

TIME = "spec §5.6.1 Time (rulebook p.19)"
PICK = "spec §5.6.3 step 5 (rulebook p.20): a card turned face down gives no bonus"
HARM = "spec §5.17.3 (rulebook p.32): the enemy's choice is the one most harmful to you"
HARM_ORDER = (
    "the harm order (docs/eternia.md, provisional): a face-up card before a face-down one, "
    "the higher value first, then Attack, Defense, Initiative, then the card placed first"
)
"""How a side no seat plays (an enemy hero, a beast alone) picks the opponent's cards."""
Side = Annotated[int, Bounds(0, 1)]
ZONE_ORDER = ("attack", "defense", "initiative")


def _counts(state: CombatState, fighter: Fighter, zone: str) -> int:
    cards = state.pack.combat_cards
    return sum(
        1
        for placed in fighter.grid
        if placed.zone == zone and cards[card_kind(placed.card)].kind != "flow"
    )


def swap_refusal(state: CombatState, fighter: Fighter, first: int, second: int) -> Refusal | None:
    """Why *fighter* may not swap its grid cards *first* and *second*, or None."""
    grid = fighter.grid
    if not (0 <= first < second < len(grid)):
        return (TIME, f"no pair of cards {first}, {second} on your grid")
    a, b = grid[first], grid[second]
    if a.zone == b.zone:
        return (TIME, "the two cards are in the same zone: nothing would change")
    flows = [state.pack.combat_cards[card_kind(p.card)].kind == "flow" for p in (a, b)]
    limit = limit_of(fighter, state.epic.options.dice_of_power)
    for moving_flow, staying_flow, zone in (
        (flows[0], flows[1], b.zone),
        (flows[1], flows[0], a.zone),
    ):
        if staying_flow and not moving_flow and _counts(state, fighter, zone) >= limit:
            return (TIME, f"the {zone} zone would hold more than {limit} cards")
    return None


@dataclass
class SwapStep(Step[CombatState]):
    """*side* swaps the places of two of its cards on the grid (or declines: ``keep``)."""

    kind = "swap"
    rule = TIME
    public_kinds = frozenset({"swap", "keep"})

    side: Side

    def actor(self, state: CombatState) -> int:
        return state.seat_of(self.side)

    def pointless(self, state: CombatState) -> bool:
        return len({p.zone for p in state.epic.fighters[self.side].grid}) < 2

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        size = len(state.epic.fighters[self.side].grid)
        for first in range(size):
            for second in range(first + 1, size):
                yield Action.of("swap", first=first, second=second)
        yield Action.of("keep")

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        fighter = state.epic.fighters[self.side]
        if seat != state.seat_of(self.side):
            return (TIME, "not your swap")
        if action.kind == "keep":
            return None
        if action.kind != "swap":
            return (TIME, "swap two of your cards, or keep them where they are")
        return swap_refusal(state, fighter, action.int_param("first"), action.int_param("second"))

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        state.flow.pop()
        if action.kind == "keep":
            return
        grid = state.epic.fighters[self.side].grid
        a, b = grid[action.int_param("first")], grid[action.int_param("second")]
        a.zone, b.zone = b.zone, a.zone
        state.events.append(
            "swapped", {"side": self.side, "first": card_kind(a.card), "second": card_kind(b.card)}
        )


def _pick_down(opponent: Fighter, index: int, what: str) -> str:
    """Blank or discard the opponent's face-down card *index*; its zone (all anyone learns)."""
    zone = opponent.down_zones[index]
    if what == "blank":
        opponent.down_blank[index] = True
    else:
        opponent.discard.append(opponent.down.pop(index))
        del opponent.down_zones[index]
        del opponent.down_blank[index]
    return zone


@dataclass
class PickStep(Step[CombatState]):
    """*side* picks ``left`` of the opponent's cards to turn face down (``blank``) or to
    discard from its grid (``discard``): ``index`` counts its face-up cards first, then its
    face-down ones (known only by their zone: an immediate effect in step 3)."""

    kind = "pick"
    rule = PICK
    public_kinds = frozenset({"pick"})

    side: Side
    what: str
    left: Annotated[int, Bounds(1, 9)] = 1

    def __post_init__(self) -> None:
        if self.what not in ("blank", "discard"):
            raise ValueError("what is blank or discard")

    def actor(self, state: CombatState) -> int:
        return state.seat_of(self.side)

    def pointless(self, state: CombatState) -> bool:
        return not any(True for _ in self._targets(state))

    def _targets(self, state: CombatState) -> Iterable[int]:
        opponent = state.epic.opponent(self.side)
        grid = opponent.grid
        up = [i for i, p in enumerate(grid) if self.what == "discard" or not p.blank]
        down = [
            len(grid) + j
            for j, blank in enumerate(opponent.down_blank)
            if self.what == "discard" or not blank
        ]
        return up + down

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        return (Action.of("pick", index=index) for index in self._targets(state))

    def targets(self, state: CombatState) -> list[int]:
        """The indexes a pick may name now (face-up cards first, then face-down ones)."""
        return list(self._targets(state))

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        if seat != state.seat_of(self.side):
            return (PICK, "not your choice")
        if action.kind != "pick" or action.get("index") not in list(self._targets(state)):
            return (PICK, f"pick one of the opponent's cards to {self.what}")
        return None

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        take(state, self.side, self.what, action.int_param("index"))
        self.left -= 1
        if self.left == 0:
            state.flow.pop()


def take(state: CombatState, side: int, what: str, index: int) -> None:
    """*side* turns face down (``blank``) or discards (``discard``) the opponent's card
    *index* (:class:`PickStep`'s numbering)."""
    opponent = state.epic.opponent(side)
    if index >= len(opponent.grid):
        zone = _pick_down(opponent, index - len(opponent.grid), what)
        state.events.append("picked", {"side": side, "what": what, "zone": zone})
        return
    placed = opponent.grid[index]
    if what == "blank":
        placed.blank = True
    else:
        del opponent.grid[index]
        opponent.discard.append(placed.card)
    state.events.append("picked", {"side": side, "what": what, "card": card_kind(placed.card)})


def pick_harmfully(state: CombatState, side: int, what: str, amount: int) -> None:
    """*side*, which no seat plays, picks *amount* of the opponent's cards by the harm order
    (spec §5.17.3), each choice logged with the order used."""
    for _ in range(amount):
        order = harmful_targets(state, side, what)
        if not order:
            return
        state.events.append("enemy-choice", {"side": side, "rule": HARM, "order": HARM_ORDER})
        take(state, side, what, order[0])


def harmful_targets(state: CombatState, side: int, what: str) -> list[int]:
    """The opponent's cards *side* may pick (:class:`PickStep`'s indexes), most harmful to the
    opponent first (:data:`HARM_ORDER`): the order a side no seat plays picks in."""
    opponent = state.epic.opponent(side)
    cards = state.pack.combat_cards
    grid = opponent.grid

    def rank(index: int) -> tuple[int, int, int, int]:
        if index >= len(grid):
            zone = opponent.down_zones[index - len(grid)]
            return (1, 0, ZONE_ORDER.index(zone) if zone in ZONE_ORDER else 3, index)
        placed = grid[index]
        value = 0 if placed.blank else cards[card_kind(placed.card)].value
        return (0, -value, ZONE_ORDER.index(placed.zone), index)

    return sorted(PickStep(side=side, what=what).targets(state), key=rank)
