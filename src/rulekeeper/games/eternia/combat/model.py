"""An epic combat's data (spec §5.6): the two fighters, their grids and decks, the round's
lasting effects and the options. Records only; the rules are in the other modules.

A fighter's cards are in lists a seat may or may not see (``zones.py``): its draw pile
(``deck``, top last, seen by nobody), the card it holds while placing (``hand``), its face-down
cards on the grid (``down``, the zone of each in ``down_zones``), its focus pile and its
discards (its team's eyes only), and its face-up cards (``grid``) and Time cards (``beside``),
which everyone sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from rulekeeper.core.lasting import Lasting
from rulekeeper.core.record import Bounds

__all__ = ["ACTIVE", "DEFENDER", "Epic", "Fighter", "Options", "Placed", "Solo", "card_kind"]

ACTIVE = 0
"""The side of the active player (spec §5.6.2): the hero whose turn it is."""
DEFENDER = 1

Side = Annotated[int, Bounds(0, 1)]
Small = Annotated[int, Bounds(0, 99)]


def card_kind(card: str) -> str:
    """The content id of a card instance (``motu-plus-2#3`` -> ``motu-plus-2``)."""
    return card.partition("#")[0]


@dataclass
class Placed:
    """A face-up card on a grid: its zone; ``blank`` once an effect turned it face down (no
    bonus, its slot kept, spec §5.6.3 step 5); ``used`` for a Momentum card already activated."""

    card: str
    zone: str
    blank: bool = False
    used: bool = False


@dataclass
class Fighter:
    """One side of a combat: a hero (``kind`` "hero"), an epic beast or boss (``beast``), an
    encounter card (``encounter``) or, in the solo mode, an enemy hero (``enemy``: no grid, its
    totals from a battle card, spec §5.17.3, A-28). Which seat plays a hero is the state's
    ``control`` (core/control.py), by the hero's id."""

    kind: str
    name: str
    """The hero's or the beast's content id."""
    faction: str = ""
    health: Annotated[int, Bounds(1, 99)] = 1
    """Its maximum HP (printed, with held bonuses)."""
    damage: Small = 0
    initiative: Small = 0
    """Its base Initiative (a beast's printed one)."""
    mind: Small = 0
    attack: Small = 0
    """A beast's printed Attack and Defense, an enemy hero's battle card's (a hero has no base
    value, A-47)."""
    defense: Small = 0
    weapon: Annotated[int, Bounds(-1, 1)] = -1
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    down: list[str] = field(default_factory=list)
    down_zones: list[str] = field(default_factory=list)
    down_blank: list[bool] = field(default_factory=list)
    """Face-down cards an effect made blank: no bonus once revealed (parallel to ``down``)."""
    focus: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    grid: list[Placed] = field(default_factory=list)
    beside: list[str] = field(default_factory=list)
    placed: Small = 0
    """Cards placed this round toward the 4 (Flow, Time and Tool cards do not count)."""
    last_zone: str = ""
    """The zone of the card placed last (the no-same-zone rule, §9.15)."""
    done: bool = False
    """It takes no more part in step 3 (4 cards placed, or its deck ran out)."""
    soldiers: Small = 0
    """Friendly soldiers in the area (sacrificed in step 4, §9.3)."""
    sacrificed: bool = False
    lost: Small = 0
    """Soldiers it sacrificed (back to the supply, §9.3)."""
    spells: list[str] = field(default_factory=list)
    """Combat spells its team may play (any teammate's, §5.11.3)."""
    consumables: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    """Cards it holds whose abilities act in combat (ally, beast, vehicle, equipment)."""
    boons: list[str] = field(default_factory=list)
    """Map spells it cast this turn whose wild-dice effects act in a wilds combat (§5.11.3)."""
    inflicted: Small = 0
    """Damage it inflicted in this combat (both rounds, surprise included, A-5)."""
    friends: Annotated[int, Bounds(0, 2)] = 0
    """Friendly heroes in its area (Stronger Together: one more card each, §5.6.6)."""
    epic: list[str] = field(default_factory=list)
    """A beast's epic die faces this round (``attack+1``, ``momentum``, ...)."""

    @property
    def alive(self) -> bool:
        return self.damage < self.health

    @property
    def hp(self) -> int:
        return self.health - self.damage


@dataclass
class Options:
    """The optional rules in play (spec §5.6.6, §5.7)."""

    faster: bool = False
    """Faster Combat: a hero-against-hero combat lasts one round."""
    initiative_matters: bool = False
    stronger_together: bool = False
    dice_of_power: bool = False
    first_game: bool = False
    """The first game's rules: no VP for a defeat (spec §3.3)."""
    free_heroes: bool = False
    """The Free Heroes skirmish variant: an ally of either faction may be fought (§3.4, §9.8)."""


@dataclass
class Solo:
    """The solo mode's enemy cards in an epic combat (spec §5.17): the difficulty, the two
    battle decks and the effect deck (top last; nobody sees their order), the effect cards
    spent, this round's battle card, the battle cards set aside this combat (each round a new
    one), the effect cards drawn this combat (their zone identifiers, §9.15) and whether the
    enemy has drawn its effect cards this round."""

    difficulty: str
    momentum: list[str] = field(default_factory=list)
    plain: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    spent: list[str] = field(default_factory=list)
    battle: str = ""
    used: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    acted: bool = False


@dataclass
class Epic:
    """An epic combat in progress: the active side first, the defender second."""

    fighters: list[Fighter]
    options: Options = field(default_factory=Options)
    round: Annotated[int, Bounds(1, 2)] = 1
    effects: list[Lasting] = field(default_factory=list)
    """This round's lasting effects (zone bonuses, shields, ...), ended with the round."""
    eternium: list[Small] = field(default_factory=lambda: [0, 0])
    """Each team's Eternium pool (fleeing costs 2, §5.6.3 step 8)."""
    can_flee: bool = True
    """An adjacent area without enemy miniatures exists (§5.6.3 step 8)."""
    boss: bool = False
    """The beast is a boss: it keeps its damage when it survives (§5.6.4)."""
    passed: list[bool] = field(default_factory=lambda: [False, False])
    """Step 4: which teams have passed."""
    focuses: list[Small] = field(default_factory=lambda: [0, 0])
    """Focuses used this round by each side (its Mind allows that many, A-3)."""
    start_eternium: list[Small] = field(default_factory=lambda: [0, 0])
    """Each team's Eternium when the combat began (the result gives the change)."""
    spent: list[Small] = field(default_factory=lambda: [0, 0])
    """Eternium each team spent in the combat (spells, fleeing)."""
    solo: Solo | None = None
    """The solo mode's cards and difficulty (None: a game between teams)."""

    def opponent(self, side: int) -> Fighter:
        return self.fighters[1 - side]
