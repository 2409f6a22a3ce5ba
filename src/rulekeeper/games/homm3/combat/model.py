"""The plain data of a battle (homm3.md §5.18–5.20): units, the two sides, the siege works.

Every type here is a record (core/record.py): its field types say how it is copied, saved and
read back. The rules modules read and change them; a game state holds one :class:`Battle` as
its field ``battle``, so the battle's steps run the same inside the map game later.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core import Bounds, Die, Ref
from rulekeeper.core.lasting import Lasting
from rulekeeper.core.subgame import MAX_SEAT, NO_SEAT

SIDES = ("attacker", "defender")
"""Side 0 attacks, side 1 defends (homm3.md §5.18.4)."""
ATTACKER, DEFENDER = 0, 1
AI = NO_SEAT
"""``Army.seat`` of a side driven by the rules (neutrals in solo and co-op, an AI hero): no
seat plays it (core/subgame.py), a value distinct from ``CHANCE``."""
LEGACY_AI = -1
"""``Army.seat`` of such a side in saves written before issue 21 (it equalled ``CHANCE``):
read as :data:`AI`."""
OFF_BOARD = -1
"""``Unit.field`` of a unit in reserve or destroyed."""
TOWER = -2
"""``Unit.field`` of the Arrow Tower: it acts beside the board, not on it (homm3.md §9.3)."""
FACES = ("few", "pack")
MODES = ("clash", "solo", "coop")
ARMY_KINDS = ("hero", "secondary-hero", "army", "neutral", "ai-hero")
"""Who leads a side: a player's Main or Secondary Hero, an army transported to defend a town
(§5.14.4), neutral units, or an AI hero (§5.24)."""
ENDINGS = ("victory", "flee", "surrender", "quick-combat")
ATTACK_DIE = Die("attack", (-1, -1, 0, 0, 1, 1))
"""The red Attack die: −1, 0 and +1, two faces each (homm3.md §9.6)."""

SideIndex = Annotated[int, Bounds(0, 1)]
FieldIndex = Annotated[int, Bounds(TOWER, 19)]
Count = Annotated[int, Bounds(0, 999)]
Level = Annotated[int, Bounds(1, 7)]
UnitCardId = Annotated[str, Ref("unit card")]
CardId = Annotated[str, Ref("card")]
UnitId = Annotated[str, Ref("unit")]
SeatOrAi = Annotated[int, Bounds(AI, MAX_SEAT)]
"""A seat of the game the battle is played in (the combat game's, or a host's), or AI."""


@dataclass
class Unit:
    """One unit card in the battle (homm3.md §5.15, §5.18.5).

    ``field`` is the index of its combat field (``row * 4 + column``, board.py), or
    :data:`OFF_BOARD` (in reserve, or destroyed), or :data:`TOWER`. ``damage`` is the damage on
    the face showing; a Pack unit whose damage reaches its HP flips to Few with the excess."""

    id: str
    card: UnitCardId
    side: SideIndex
    face: str = "few"
    damage: Count = 0
    field: FieldIndex = OFF_BOARD
    destroyed: bool = False
    defending: bool = False
    """Holds a Defense token (§5.18.5)."""
    paralysed: bool = False
    activated: bool = False
    retaliations: Count = 0
    """Retaliations this combat round (the black cube; some abilities allow more)."""
    was_pack: bool = False
    """Entered the battle on its Pack side (the result reports a flip to Few)."""
    used: list[str] = dataclasses.field(default_factory=list)
    """Abilities used once per combat."""
    overlay: str = ""
    """A card laid on the unit (Sandro's Cloak of the Undead King): the unit fights with its
    statistics, ``damage`` counting against its HP, until that HP is gone."""
    under_damage: Count = 0
    """The damage on the card's face under an overlay."""

    def __post_init__(self) -> None:
        if self.face not in FACES:
            raise ValueError(f"face must be one of {', '.join(FACES)}, not {self.face!r}")
        if not self.id or len(self.id) > 60:
            raise ValueError("a unit id is 1 to 60 characters")

    @property
    def on_board(self) -> bool:
        return self.field >= 0 and not self.destroyed


@dataclass
class Hero:
    """The hero leading a side: what the combat reads and changes (homm3.md §5.6–5.8, §5.17)."""

    name: str
    faction: str = ""
    level: Level = 1
    experience: Annotated[int, Bounds(0, 1)] = 0
    """Half a level gained towards the next (§8.24: 1 Exp is ½ Level)."""
    expert_uses: Count = 0
    mp: Count = 0
    gold: Count = 0
    materials: Count = 0
    """Building Materials the hero's player holds (§5.13; battle file version 2)."""
    valuables: Count = 0
    """Valuables the hero's player holds (§5.13; battle file version 2)."""
    morale: Annotated[int, Bounds(-1, 1)] = 0
    """+1 a Positive Morale token, -1 a Negative one (§5.17)."""
    hand: list[CardId] = dataclasses.field(default_factory=list)
    deck: list[CardId] = dataclasses.field(default_factory=list)
    discard: list[CardId] = dataclasses.field(default_factory=list)


@dataclass
class Army:
    """One side of the battle: who leads it, who decides for it, and its unit ids."""

    kind: str
    seat: SeatOrAi
    units: list[UnitId] = dataclasses.field(default_factory=list)
    hero: Hero | None = None
    spells_cast: Count = 0
    """Spell cards cast this combat round (§5.18.7: at most one)."""
    ai_deck: list[CardId] = dataclasses.field(default_factory=list)
    """An AI hero's AI deck (top last), its discards, its Spell deck (top last) and the
    Ability card its scenario names (§5.24)."""
    ai_discard: list[CardId] = dataclasses.field(default_factory=list)
    ai_spells: list[CardId] = dataclasses.field(default_factory=list)
    ai_skill: str = ""

    def __post_init__(self) -> None:
        if self.seat == LEGACY_AI:
            self.seat = AI
        if self.seat < 0 and self.seat != AI:
            raise ValueError(f"seat must be a seat (0 or more) or {AI} (the rules play it)")
        if self.kind not in ARMY_KINDS:
            raise ValueError(f"kind must be one of {', '.join(ARMY_KINDS)}, not {self.kind!r}")
        if (self.hero is None) == (self.kind in ("hero", "secondary-hero", "ai-hero")):
            raise ValueError(
                f"a {self.kind} side {'needs' if self.hero is None else 'has no'} hero"
            )


@dataclass
class Obstacle:
    """A Wall or the Gate in the middle row of a siege (homm3.md §5.14.4, §9.3)."""

    kind: str
    field: FieldIndex
    intact: bool = True

    def __post_init__(self) -> None:
        if self.kind not in ("wall", "gate"):
            raise ValueError(f"an obstacle is a wall or the gate, not {self.kind!r}")


@dataclass
class Site:
    """Where the battle is fought (issue 8, the battle file): a field of a difficulty, a town or
    a settlement."""

    kind: str = "field"
    difficulty: Annotated[int, Bounds(0, 7)] = 0
    """The field's difficulty I–VII (0: none, e.g. a hero met on an empty field)."""
    owner: str = ""
    citadel: bool = False
    captured: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("field", "town", "settlement"):
            raise ValueError(f"a site is a field, a town or a settlement, not {self.kind!r}")


@dataclass
class Battle:
    """Everything a battle holds, beside its pending steps."""

    mode: str
    difficulty: str
    options: dict[str, str]
    site: Site
    armies: list[Army]
    units: dict[str, Unit]
    obstacles: list[Obstacle] = dataclasses.field(default_factory=list)
    round: Count = 0
    extensions: Count = 0
    """Rounds bought with 1 MP each against Bronze–Gold neutrals (§5.18.2)."""
    last_initiative: Annotated[int, Bounds(-1, 99)] = -1
    last_side: Annotated[int, Bounds(-1, 1)] = -1
    """The initiative and side of the last unit that activated this round: units of equal
    initiative alternate sides (§5.18.6)."""
    played: list[list[CardId]] = dataclasses.field(default_factory=lambda: [[], []])
    drawn: list[list[CardId]] = dataclasses.field(default_factory=lambda: [[], []])
    discarded: list[list[CardId]] = dataclasses.field(default_factory=lambda: [[], []])
    removed: list[list[CardId]] = dataclasses.field(default_factory=lambda: [[], []])
    last_cast: list[list[CardId]] = dataclasses.field(default_factory=lambda: [[], []])
    """Per side, the spell just cast and the cards that empowered it, until the next
    activation or attack (Knowledge and Mysticism send them back to hand)."""
    """Cards removed from the game (an artifact's cost)."""
    lasting: list[Lasting] = dataclasses.field(default_factory=list)
    """Card effects in force (core/lasting.py): stat boosts, Initiative, maximum HP, ..."""
    mp_spent: list[Count] = dataclasses.field(default_factory=lambda: [0, 0])
    gold_paid: list[Count] = dataclasses.field(default_factory=lambda: [0, 0])
    card_gains: list[dict[str, Count]] = dataclasses.field(default_factory=lambda: [{}, {}])
    """Per side, the resources card effects gave it in this battle (Gold, Building Materials,
    Valuables; the result reports them for the map game)."""
    decider: Annotated[int, Bounds(0, MAX_SEAT)] = 0
    """The seat that breaks the ties the AI rules leave to "the player" (§5.24.1): the battle
    file's ``decider``, or the host's (core/subgame.py Seating)."""

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        if len(self.armies) != 2:
            raise ValueError("a battle has two sides")

    def unit(self, uid: str) -> Unit:
        return self.units[uid]

    def on_board(self, side: int | None = None) -> list[Unit]:
        """Units on the board (not the Arrow Tower), of one side or both, in a fixed order."""
        return [
            unit
            for army in (self.armies if side is None else [self.armies[side]])
            for uid in army.units
            if (unit := self.units[uid]).field >= 0 and not unit.destroyed
        ]

    def at(self, index: int) -> Unit | None:
        """The unit on field *index*, if any."""
        for unit in self.units.values():
            if unit.field == index and not unit.destroyed:
                return unit
        return None

    def obstacle_at(self, index: int) -> Obstacle | None:
        for obstacle in self.obstacles:
            if obstacle.field == index and obstacle.intact:
                return obstacle
        return None

    def tower(self) -> Unit | None:
        """The Arrow Tower, while it stands."""
        for unit in self.units.values():
            if unit.field == TOWER and not unit.destroyed:
                return unit
        return None
