"""Lasting effects: a bonus or a state that holds until a moment of the game (card games'
"until the end of the round", "for its next attack", "until used").

A :class:`Lasting` is a record: what it is (``kind`` and ``amount``), what holds it (a unit, a
character, a player: any id), who caused it, and when it ends (``until``, one of
:data:`MOMENTS`). The game calls :func:`expire` at each moment it reaches (a unit's attack
resolved, its activation over, the round's end, the combat's end) and :func:`use` when an effect
"until used" is spent; :func:`total` sums what applies. Durations in rounds count down at each
``round`` moment. Nothing here knows any game: HoMM3's cards and abilities (``until the end of
the combat``, ``its next attack``) are written with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core.record import Bounds

__all__ = ["MOMENTS", "Lasting", "expire", "total", "use"]

MOMENTS = ("attack", "defence", "activation", "round", "combat", "used")
"""When a lasting effect ends: after its holder's next attack, after the holder's next
defence (it was attacked), at the end of the holder's activation, at the end of the round (or
of its ``rounds``-th round), at the end of the combat, or when used (:func:`use`)."""


@dataclass
class Lasting:
    """One lasting effect on ``holder``."""

    kind: str
    holder: str
    amount: Annotated[int, Bounds(-99, 99)] = 0
    until: str = "combat"
    rounds: Annotated[int, Bounds(1, 99)] = 1
    """With ``until="round"``: the number of round ends it lasts (1: the current round)."""
    owner: Annotated[int, Bounds(-1, 15)] = -1
    """The seat that caused it (-1: the rules)."""
    source: str = ""
    """What caused it (a card id, an ability), for the log and for effects that remove it."""
    this_round: bool = False
    """It also ends at the end of the round if its moment has not come by then ("for its next
    attack this round")."""

    def __post_init__(self) -> None:
        if self.until not in MOMENTS:
            raise ValueError(f"until must be one of {', '.join(MOMENTS)}, not {self.until!r}")


def total(effects: Iterable[Lasting], kind: str, holder: str) -> int:
    """The sum of the amounts of *holder*'s effects of *kind*."""
    return sum(e.amount for e in effects if e.kind == kind and e.holder == holder)


def expire(effects: list[Lasting], moment: str, holder: str | None = None) -> list[Lasting]:
    """Remove (in place) the effects that end at *moment* (only *holder*'s, if given; a
    ``round`` moment counts down round durations) and return them."""
    if moment not in MOMENTS:
        raise ValueError(f"unknown moment {moment!r}")
    ended: list[Lasting] = []
    kept: list[Lasting] = []
    for effect in effects:
        if holder is not None and effect.holder != holder:
            kept.append(effect)
        elif (
            moment == "combat"
            or (effect.until == moment and moment != "round")
            or (moment == "round" and effect.this_round)
        ):
            ended.append(effect)
        elif moment == "round" and effect.until == "round":
            if effect.rounds <= 1:
                ended.append(effect)
            else:
                effect.rounds -= 1
                kept.append(effect)
        else:
            kept.append(effect)
    effects[:] = kept
    return ended


def use(effects: list[Lasting], kind: str, holder: str) -> list[Lasting]:
    """Spend (remove, in place) *holder*'s effects of *kind* that last until used; return them."""
    spent = [e for e in effects if e.kind == kind and e.holder == holder and e.until == "used"]
    effects[:] = [e for e in effects if not any(e is s for s in spent)]
    return spent
