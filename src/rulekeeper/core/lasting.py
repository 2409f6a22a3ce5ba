"""Lasting effects and triggers: a bonus or a state that holds until a moment of the game (card
games' "until the end of the round", "for its next attack", "until the end of your next turn",
"until used"), and the abilities that fire at a moment ("at the start of combat").

The moments are the game's own: a game declares them in a :class:`Timing`, an immutable registry
of :class:`Moment` s (trigger points and ends of durations) built once and kept by the game, that
another game (or a host game and its sub-game) extends with its own (:meth:`Timing.extend`).
Nothing here knows any game.

- A :class:`Lasting` is a record: what it is (``kind`` and ``amount``), what holds it (a unit, a
  character, a side: any id), the seat that caused it (``owner``) and when it ends (``until``, a
  moment of the game's timing, after ``rounds`` occurrences of a counted moment). The game calls
  :meth:`Timing.expire` at each moment it reaches and :func:`use` when an effect "until used" is
  spent; :func:`total` sums what applies.
- A moment happens to a holder (its attack), to a seat (the end of a player's turn: durations
  relative to their owner) or to everyone (the end of the round). "Until the end of your next
  turn" is ``Lasting(..., until="turn-end", owner=seat, rounds=owners_next(...))``.
- A game keeping an effect in a shape of its own declares how long it lasts and what ends it
  (:meth:`Timing.lasts`); :meth:`Timing.end` runs those ends at a moment.
- Triggers: the game registers finders at a trigger point (:meth:`Timing.on`); :meth:`Timing.fired`
  asks each in turn for the effects or abilities that fire there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Any, Literal

from rulekeeper.core.record import Bounds

__all__ = ["Duration", "Lasting", "Moment", "Timing", "owners_next", "total", "use"]

Whose = Literal["holder", "owner", "all"]
"""Whom a moment happens to: one holder (its attack), one seat (a player's turn), everyone."""

Finder = Callable[..., Iterable[Any]]
"""A trigger's handler: what fires at its moment (effects, abilities), called with the moment's
name and the game's arguments to :meth:`Timing.fired` (one finder serves several moments)."""

Ender = Callable[..., None]
"""Ends, at a moment, the effects a game keeps in a shape of its own (:meth:`Timing.lasts`)."""

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")


@dataclass(frozen=True)
class Moment:
    """A trigger point or the end of a duration, declared by a game."""

    name: str
    doc: str = ""
    whose: Whose = "holder"
    counts: bool = False
    """Effects until it last ``rounds`` occurrences of it (otherwise they end at the first)."""
    ends_all: bool = False
    """Every lasting effect ends at it (the end of a combat, of the game)."""
    ends_this_round: bool = False
    """Effects marked ``this_round`` end at it too, whatever their own moment."""

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"a moment's name is lower case, digits, - or _: {self.name!r}")

    def concerns(self, effect: Lasting, who: str | int | None) -> bool:
        """Whether this moment, happening to *who* (None: to all), counts for *effect*."""
        if who is None or self.whose == "all":
            return True
        return (effect.owner if self.whose == "owner" else effect.holder) == who


@dataclass
class Lasting:
    """One lasting effect on ``holder``."""

    kind: str
    holder: str
    amount: Annotated[int, Bounds(-99, 99)] = 0
    until: str = "combat"
    """The moment of the game's :class:`Timing` at which it ends."""
    rounds: Annotated[int, Bounds(1, 99)] = 1
    """Until a counted moment (``round``, a player's ``turn-end``): the number of its occurrences
    it lasts (1: the next). Ignored for other moments."""
    owner: Annotated[int, Bounds(-1, 15)] = -1
    """The seat that caused it (-1: the rules); a moment that happens to a seat counts for the
    effects this seat owns."""
    source: str = ""
    """What caused it (a card id, an ability), for the log and for effects that remove it."""
    this_round: bool = False
    """It also ends at a moment that ends this round's effects if its own has not come by then
    ("for its next attack this round")."""

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.until):
            raise ValueError(f"until must name a moment, not {self.until!r}")

    @property
    def count(self) -> int:
        """The occurrences of its counted moment it still lasts (``rounds``)."""
        return self.rounds


def owners_next(during_owners_own: bool) -> int:
    """``rounds`` of an effect lasting "until the end of your next <counted moment>": 2 while
    the owner's own occurrence is under way (its end is the first counted), 1 otherwise."""
    return 2 if during_owners_own else 1


@dataclass(frozen=True)
class Duration:
    """How long a kind of effect a game keeps in its own shape lasts, and what ends it."""

    kind: str
    until: str
    end: Ender | None = None
    """Called by :meth:`Timing.end` at ``until`` (None: the rules end it where they use it)."""


@dataclass(frozen=True)
class Timing:
    """A game's moments, the durations of the effects it keeps itself, and its triggers.
    Immutable: :meth:`extend`, :meth:`lasts` and :meth:`on` return a new timing."""

    moments: tuple[Moment, ...] = ()
    durations: tuple[Duration, ...] = ()
    triggers: tuple[tuple[str, Finder], ...] = ()
    _by_name: Mapping[str, Moment] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, Moment] = {}
        for moment in self.moments:
            if moment.name in by_name:
                raise ValueError(f"moment {moment.name!r} declared twice")
            by_name[moment.name] = moment
        object.__setattr__(self, "_by_name", MappingProxyType(by_name))
        for duration in self.durations:
            self.moment(duration.until)
        for name, _ in self.triggers:
            self.moment(name)

    # -- declaring ---------------------------------------------------------------------------

    def extend(self, *moments: Moment) -> Timing:
        """This timing with more moments (a game's own, added to those it builds on)."""
        return Timing(self.moments + moments, self.durations, self.triggers)

    def lasts(self, kind: str, until: str, end: Ender | None = None) -> Timing:
        """This timing declaring that effects of *kind*, kept by the game, last until *until*
        (ended by *end* at :meth:`end`)."""
        if any(d.kind == kind for d in self.durations):
            raise ValueError(f"the duration of {kind!r} is declared twice")
        return Timing(self.moments, (*self.durations, Duration(kind, until, end)), self.triggers)

    def on(self, moment: str, *finders: Finder) -> Timing:
        """This timing with *finders* of what fires at *moment*, asked in the order registered."""
        added = tuple((moment, finder) for finder in finders)
        return Timing(self.moments, self.durations, self.triggers + added)

    # -- reading -----------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The moments' names, in declaration order."""
        return tuple(self._by_name)

    def moment(self, name: str) -> Moment:
        """The moment *name* (ValueError if the game declares none)."""
        found = self._by_name.get(name)
        if found is None:
            raise ValueError(f"unknown moment {name!r} (moments: {', '.join(self._by_name)})")
        return found

    def problem(self, effect: Lasting) -> str | None:
        """Why *effect* cannot last in this game (an unknown moment), or None."""
        if effect.until in self._by_name:
            return None
        return f"until must be one of {', '.join(self._by_name)}, not {effect.until!r}"

    def duration(self, kind: str) -> Moment:
        """The moment at which the game's own effects of *kind* end."""
        for declared in self.durations:
            if declared.kind == kind:
                return self.moment(declared.until)
        raise ValueError(f"no duration declared for {kind!r}")

    # -- at a moment -------------------------------------------------------------------------

    def expire(
        self, effects: list[Lasting], moment: str, who: str | int | None = None
    ) -> list[Lasting]:
        """Remove (in place) the effects that end at *moment*, happening to *who* (a holder or
        a seat, as the moment says; None: to all); a counted moment counts down the others
        until it. Return the ended effects."""
        at = self.moment(moment)
        if not effects:
            return []
        ended: list[Lasting] = []
        kept: list[Lasting] = []
        for effect in effects:
            if not at.concerns(effect, who):
                kept.append(effect)
            elif at.ends_all or (at.ends_this_round and effect.this_round):
                ended.append(effect)
            elif effect.until != moment:
                kept.append(effect)
            elif at.counts and effect.rounds > 1:
                effect.rounds -= 1
                kept.append(effect)
            else:
                ended.append(effect)
        effects[:] = kept
        return ended

    def end(self, moment: str, *args: Any) -> None:
        """Run the ends of the game's own effects that last until *moment*, in declaration
        order, with the game's *args*."""
        self.moment(moment)
        for declared in self.durations:
            if declared.until == moment and declared.end is not None:
                declared.end(*args)

    def fired(self, moment: str, *args: Any) -> list[Any]:
        """What fires at *moment*: the answers of the finders registered there, in order, each
        called with *moment* and *args*."""
        self.moment(moment)
        found: list[Any] = []
        for name, finder in self.triggers:
            if name == moment:
                found.extend(finder(moment, *args))
        return found


def total(effects: Iterable[Lasting], kind: str, holder: str) -> int:
    """The sum of the amounts of *holder*'s effects of *kind*."""
    return sum(e.amount for e in effects if e.kind == kind and e.holder == holder)


def use(effects: list[Lasting], kind: str, holder: str) -> list[Lasting]:
    """Spend (remove, in place) *holder*'s effects of *kind* that last until used; return them."""
    spent = [e for e in effects if e.kind == kind and e.holder == holder and e.until == "used"]
    effects[:] = [e for e in effects if not any(e is s for s in spent)]
    return spent
