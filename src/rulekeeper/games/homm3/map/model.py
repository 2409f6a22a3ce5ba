"""The plain data of the map game (homm3.md §3–§5.23): players, heroes, towns, the map.

Every type here is a record (core/record.py): its field types say how it is copied, saved and
read back. The rules modules of this package read and change them; the map game's state holds
them as its fields (game.py ``MapState``), beside the ``battle`` of a fight in progress, which
the unchanged combat procedure plays (core/subgame.py).

Where things are:

* the map: the face-up tiles (``MapState.placements``, core/graph.py ``Placement``s, their
  board fields named ``"q,r"``), the face-down slots with their hidden tiles
  (:class:`FaceDown`), what happened on each field (:class:`Site`, only fields that changed);
* each seat's :class:`Player`: faction, Main Hero's level and cards, resources (a core
  ``Ledger``), unit deck, town-action tokens, captured cubes, Far pool;
* heroes (:class:`MapHero`): Main and Secondary, where they stand and their MP this turn;
* towns (:class:`Town`): buildings and who holds them;
* in solo and co-op, the AI heroes (:class:`AiHero`): no seat plays them (ai_movement.py).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core import Bounds, Ledger, Ref
from rulekeeper.core.lasting import Lasting

__all__ = [
    "AI_SEAT",
    "FACES",
    "MAIN",
    "NOBODY_SEAT",
    "RESOURCES",
    "ROLES",
    "SECONDARY",
    "TOKENS",
    "AiHero",
    "FaceDown",
    "MapHero",
    "Player",
    "Site",
    "Town",
    "Troop",
]

RESOURCES = ("gold", "materials", "valuables")
"""Gold, Building Materials and Valuables (homm3.md §5.13.1), the ledger's names."""
MAIN, SECONDARY = "main", "secondary"
ROLES = (MAIN, SECONDARY)
TOKENS = ("build", "population", "spellbook")
"""The three Town-action tokens (§5.14.2), each used once a round."""
FACES = ("few", "pack")
NOBODY_SEAT = -1
"""``Site.owner`` / ``Town.owner`` of a field nobody has flagged."""
AI_SEAT = -2
"""``Site.owner`` / ``Town.owner`` of a field an AI hero has flagged (solo and co-op, §5.24.2)."""

Seat = Annotated[int, Bounds(-2, 63)]
Count = Annotated[int, Bounds(0, 9999)]
Level = Annotated[int, Bounds(1, 7)]
FieldKey = Annotated[str, Ref("field")]
"""A board field ``"q,r"`` (core/graph.py ``hex_key``), or "" for none."""
CardId = Annotated[str, Ref("card")]
UnitCardId = Annotated[str, Ref("unit card")]
TileId = Annotated[str, Ref("tile")]


@dataclass
class Troop:
    """A unit card of a player's unit deck and the side it shows (§5.15)."""

    card: UnitCardId
    side: str = "few"

    def __post_init__(self) -> None:
        if self.side not in FACES:
            raise ValueError(f"side must be one of {', '.join(FACES)}, not {self.side!r}")


@dataclass
class MapHero:
    """A hero figure on the map (§5.2, §5.6): whose it is, which role, where it stands and the
    movement points it has left this turn. ``previous`` is the field it last came from (where
    a hero that flees or loses to neutral units goes back, §5.20, §8.52, §9.1)."""

    id: str
    seat: Seat
    role: str = MAIN
    field: FieldKey = ""
    previous: FieldKey = ""
    mp: Count = 0

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"role must be one of {', '.join(ROLES)}, not {self.role!r}")

    @property
    def on_map(self) -> bool:
        return bool(self.field)


@dataclass
class Player:
    """One seat's faction and everything it owns (§3, §5.6–§5.17, §5.22).

    ``hero`` is the Main Hero's card id (heroes.yaml); its level, half-level ``experience``
    (§5.7, §8.24), morale token (+1 Positive, -1 Negative, §5.17) and Might & Magic cards
    (hand, deck top last, discard top last, §5.8) are kept here, as the hero board keeps them.
    ``used_tokens`` are the Town-action tokens flipped this round; ``expert_used`` the Expert
    uses spent this round (§5.9). ``homeless_since`` is the round at whose end the player was
    left without a town or settlement (0: never; the 3-round clock, §1.4, §9.13)."""

    seat: Seat
    faction: str
    hero: str
    resources: Ledger
    level: Level = 1
    experience: Annotated[int, Bounds(0, 1)] = 0
    morale: Annotated[int, Bounds(-1, 1)] = 0
    discard_hand: bool = False
    """A second Negative Morale: the whole hand is discarded at the end of the turn (§5.17)."""
    hand: list[CardId] = dataclasses.field(default_factory=list)
    deck: list[CardId] = dataclasses.field(default_factory=list)
    discard: list[CardId] = dataclasses.field(default_factory=list)
    expert_used: Count = 0
    units: list[Troop] = dataclasses.field(default_factory=list)
    start_army: list[Troop] = dataclasses.field(default_factory=list)
    used_tokens: list[str] = dataclasses.field(default_factory=list)
    cubes: list[str] = dataclasses.field(default_factory=list)
    """Faction cubes captured from other factions (§5.22)."""
    far_pool: list[TileId] = dataclasses.field(default_factory=list)
    """The player's own face-down Far tiles, top last (§5.1): nobody sees them."""
    base_income: dict[str, Count] = dataclasses.field(default_factory=dict)
    """The scenario's starting income (§3 step 8); mines, settlements and buildings add theirs."""
    homeless_since: Count = 0
    lasting: list[Lasting] = dataclasses.field(default_factory=list)
    """The Map effects of cards played this turn, until used or the turn's end (effects.py)."""
    eliminated: bool = False
    grail: bool = False


@dataclass
class Town:
    """A town on the map (§5.14): its faction, field, buildings (building ids of towns.yaml)
    and who holds it now (its faction cube; ``owner`` is the seat, -1 for nobody)."""

    faction: str
    field: FieldKey
    seat: Seat
    """The seat whose starting town it is (the owner of its buildings, §5.14.3)."""
    owner: Seat
    buildings: list[str] = dataclasses.field(default_factory=list)
    built_round: Count = 0
    """The round of its last building (one a round, §5.14.1; the Mage Guild sells no spell in
    the round it was built, §5.11)."""


@dataclass
class Site:
    """What happened on one field (only fields something happened on are listed).

    ``visited``: its black cube (a one-time location used, §5.3, §8.22; a guard defeated,
    §8.16). ``owner``: the seat whose faction cube flags it (-1: none; mines, settlements,
    §5.5). ``flagged_before``: somebody flagged it once (the first-flag bonus is gone).
    ``visitors``: the seats that visited an Obelisk (§8.21). ``reward``: the income a
    Settlement's owner chose ("gold", "materials", "valuables", or "" for the reinforcement)."""

    field: FieldKey
    visited: bool = False
    owner: Seat = NOBODY_SEAT
    flagged_before: bool = False
    visitors: list[Annotated[int, Bounds(0, 63)]] = dataclasses.field(default_factory=list)
    reward: str = ""


@dataclass
class FaceDown:
    """A map slot whose tile lies face down (§5.1): its centre field and the kind shown on its
    back (public). The tile itself is hidden from every seat until revealed: it is kept in the
    state's ``tiles_down`` list of its kind (board.py ``face_down_tile``), so that a re-deal
    for a bot deals the hidden tiles of a kind again among that kind's slots."""

    at: FieldKey
    kind: str


@dataclass
class AiHero:
    """An AI hero of a solo or co-op scenario (§5.24; ai_movement.py moves it, ai_fights.py
    fights it): where it stands, its MP this round, its units (fixed by the scenario, §5.24:
    no town board, resources or hero card) and its AI deck (the cards the scenario's counts
    drew at setup, hidden from every seat) and Spell deck. ``defeated``: beaten, off the map."""

    id: str
    name: str
    faction: str
    field: FieldKey = ""
    previous: FieldKey = ""
    mp: Count = 0
    units: list[Troop] = dataclasses.field(default_factory=list)
    ai_deck: list[CardId] = dataclasses.field(default_factory=list)
    spells: list[CardId] = dataclasses.field(default_factory=list)
    skill: str = ""
    difficulty: str = ""
    """The AI cards' row its fights use ("": the game's difficulty)."""
    defeated: bool = False

    @property
    def on_map(self) -> bool:
        return bool(self.field) and not self.defeated

    @property
    def seat(self) -> int:
        """No seat plays it: the AI's flag (what the shared movement rules compare)."""
        return AI_SEAT
