"""The small choices a location's effect asks of its visitor (homm3.md §5.4, §5.5, §5.13.4).

Remove a card from hand (:class:`LocationRemoveStep`: the Witch Hut's Ability card, the Trading
Post's card for 1 Gold but never a Specialty, Statistic or Ability card nor Magic Arrow, an
Obelisk's any card), keep or discard the top card of a deck (:class:`PeekStep`, the Witch Hut),
take a card of the top of one's discard pile (:class:`RecoverStep`, the Magic Spring; the rest
back on top in the order the player chooses), Reinforce a unit (:class:`ReinforceStep`, a
Settlement's reward) and choose the face-down tile an Observatory reveals
(:class:`ObservatoryStep`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import board, flags, geometry, search
from rulekeeper.games.homm3.map.exploration import LayTileStep

__all__ = [
    "LocationRemoveStep",
    "ObservatoryStep",
    "PeekStep",
    "RecoverStep",
    "ReinforceStep",
    "card_kind",
    "removable",
    "reveal_next_to",
]

RULE_REMOVE = "homm3.md §5.4 (Witch Hut), §5.13.4 (Trading Post: Remove a card for 1 Gold)"
RULE_PEEK = "homm3.md §5.4 (Witch Hut: the Ability deck's top card, taken or discarded)"
RULE_RECOVER = "homm3.md §5.4 (Magic Spring: one of the top 3 cards of your discard pile)"
RULE_OBSERVATORY = "homm3.md §5.1, §5.4 (Observatory: reveal a tile next to its tile)"
DISCARD_IT = Action.of("discard-card")


def card_kind(pack: Any, card: str) -> str:
    """A Might & Magic card's kind: ``magic-arrow``, ``statistic``, ``ability``, ``spell``,
    ``artifact`` or ``specialty`` ("" for a card the pack does not know)."""
    if card == "magic-arrow":
        return "magic-arrow"
    for kind, table in (
        ("statistic", pack.stats),
        ("ability", pack.abilities),
        ("spell", pack.spells),
        ("artifact", pack.artifacts),
        ("specialty", pack.specialties),
    ):
        if card in table:
            return kind
    return ""


def _effect(state: Any, location: str, option: int) -> Any:
    """The remove-card effect of *location*'s *option* (None: any card, an Obelisk's)."""
    if not location:
        return None
    effects = state.game.pack.locations[location].options[option].effects
    return next((e for e in effects if e.kind == "remove-card"), None)


def removable(state: Any, seat: int, effect: Any) -> list[str]:
    """The cards of *seat*'s hand *effect* lets it Remove (of its ``deck`` kind only, never one
    of ``exclude``; None: any), distinct, in hand order."""
    pack = state.game.pack
    out: list[str] = []
    for card in state.players[seat].hand:
        kind = card_kind(pack, card)
        if effect is not None and effect.deck and kind != effect.deck:
            continue
        if effect is not None and kind in (effect.exclude or ()):
            continue
        if card not in out:
            out.append(card)
    return out


@dataclass
class LocationRemoveStep(Step[Any]):
    """*seat* Removes a card from hand (``remove card=ID``) as the *option* of *location* says
    ("" location: any card); the card leaves the game (only its player sees which)."""

    kind = "location-remove-card"
    rule = RULE_REMOVE
    seat: int = 0
    location: str = ""
    option: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def held_zones(self, state: Any) -> Sequence[str]:
        return [f"mm-hand-{self.seat}"]

    def candidates(self, state: Any, seat: int) -> list[Action]:
        effect = _effect(state, self.location, self.option)
        return [Action.of("remove", card=card) for card in removable(state, self.seat, effect)]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} removes a card")
        if action not in self.candidates(state, seat):
            return (self.rule, "Remove one card from your hand this lets you Remove")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        card = action.str_param("card")
        player = state.players[seat]
        player.hand.remove(card)
        state.events.append("card-removed", {"seat": seat})
        state.events.append("card-removed-is", {"seat": seat, "card": card}, visible_to=(seat,))
        effect = _effect(state, self.location, self.option)
        if effect is not None and effect.resources:
            player.resources.gain(dict(effect.resources))
            state.events.append("resources-gained", {"seat": seat, **effect.resources})


@dataclass
class PeekStep(search.SearchStep):
    """*seat* looked at the top card(s) of *deck* (``seen``): takes one into hand or puts them
    on the deck's discard pile (the Witch Hut, §5.4)."""

    kind = "peek"
    rule = RULE_PEEK
    public_kinds = frozenset({"discard-card"})

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [*(Action.of("take", card=card) for card in dict.fromkeys(self.seen)), DISCARD_IT]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} looks at the card")
        if action not in self.legal(state, seat):
            return (self.rule, "take the card seen ('take card=ID') or 'discard-card'")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        rest = list(self.seen)
        if action.kind == "take":
            card = action.str_param("card")
            rest.remove(card)
            search.gain_card(state, self.seat, card)
        state.discards[self.deck].extend(rest)
        if rest:
            state.events.append("cards-discarded", {"deck": self.deck, "cards": rest})


@dataclass
class RecoverStep(Step[Any]):
    """*seat* takes one of the top ``count`` cards of its discard pile into hand, then puts the
    rest back on top in the order it chooses (``on-top``: the top card first; public)."""

    kind = "recover-discard"
    rule = RULE_RECOVER
    public_kinds = None
    seat: int = 0
    count: int = 3
    rest: int = 0
    """After the take: how many cards were put back (the top of the pile)."""
    placed: int = 0
    """How many of them are in their chosen place (the topmost ones)."""

    def actor(self, state: Any) -> int:
        return self.seat

    def _window(self, state: Any) -> list[str]:
        """The cards still to take from or to order (top last)."""
        pile = state.players[self.seat].discard
        if not self.rest:
            return list(pile[-self.count :])
        return list(pile[len(pile) - self.rest : len(pile) - self.placed])

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        kind = "on-top" if self.rest else "take"
        return [Action.of(kind, card=card) for card in dict.fromkeys(self._window(state))]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        card = action.str_param("card")
        pile = state.players[seat].discard
        window = self._window(state)
        start = len(pile) - len(window) - (self.placed if self.rest else 0)
        del pile[start + len(window) - 1 - window[::-1].index(card)]
        if action.kind == "take":
            state.players[seat].hand.append(card)
            state.events.append("card-recovered", {"seat": seat, "card": card})
            self.rest = len(window) - 1
        else:
            pile.insert(start + len(window) - 1, card)  # above the others, below those placed
            self.placed += 1
        if self.rest < 2 or len(set(self._window(state))) < 2:
            state.flow.pop()


@dataclass
class ReinforceStep(Step[Any]):
    """*seat* Reinforces one of its Few units of ``tiers`` at ``price`` (``half`` or ``free``)."""

    kind = "settlement-reinforce"
    rule = flags.RULE_REINFORCE
    public_kinds = None
    seat: int = 0
    tiers: list[str] = dataclasses.field(default_factory=list)
    price: str = "half"

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat:
            return []
        cards = flags.reinforceable(state, seat, self.tiers, self.price)
        return [Action.of("reinforce", unit=card) for card in cards]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        flags.reinforce(state, seat, action.str_param("unit"), self.price)


@dataclass
class ObservatoryStep(Step[Any]):
    """*seat* chooses which face-down tile next to the Observatory on *field* to reveal."""

    kind = "observatory"
    rule = RULE_OBSERVATORY
    public_kinds = None
    seat: int = 0
    field: str = ""
    slots: list[str] = dataclasses.field(default_factory=list)

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        down = {slot.at for slot in state.face_down}
        return [Action.of("reveal-tile", at=at) for at in self.slots if at in down]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        reveal_next_to(state, seat, action.str_param("at"))


def reveal_next_to(state: Any, seat: int, at: str) -> None:
    """Turn the face-down tile on *at* up; *seat* lays it in a rotation that cuts no path
    (§5.1, §9.13; no hero: any rotation meeting the path condition)."""
    slots = [slot.at for slot in state.face_down]
    tile = board.take_face_down(state, at)
    turns = geometry.reveal_rotations(state.tilemap(), state.game.catalogue, tile, at, None, slots)
    state.events.append("tile-revealed", {"seat": seat, "at": at, "tile": tile})
    step = LayTileStep(seat=seat, tile=tile, slots=[at], rotations=[turns or list(range(6))])
    state.flow.push(step)
