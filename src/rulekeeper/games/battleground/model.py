"""The plain data of a Battleground game: characters on the battleground, players, turns.

Everything here is a dataclass of JSON-safe values with ``to_data``/``from_data``; the rules
(in the ``rules_*`` modules) read and change it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Annotated, Any

from rulekeeper.core import Deck
from rulekeeper.core.record import Ref
from rulekeeper.games.battleground.board.hexes import Position

MAX_MANA = 5
HAND_SIZE = 5

CharacterId = Annotated[str, Ref("character")]
"""A step field naming a character (checked against the pack when a state is read)."""


@dataclass
class Fighter:
    """A character of a force (rulebook: Characters, Health and Wounds, Buffs and Debuffs)."""

    id: str
    owner: int
    q: int
    r: int
    level: int
    facing: int
    weapons: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    wounds: int = 0
    mana: int = 0
    focused: bool = False
    overwatch: bool = False
    buff: str = ""
    debuff: str = ""
    cards: list[str] = field(default_factory=list)
    activated: bool = False
    knocked_out: bool = False
    used_items: list[str] = field(default_factory=list)
    used_once: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.position = Position(self.q, self.r, self.level)

    def place(self, pos: Position) -> None:
        """Move the model; ``position`` is kept as one value because rules read it constantly."""
        self.q, self.r, self.level = pos
        self.position = Position(*pos)

    def gain_mana(self, amount: int) -> int:
        """Mana is capped at five (rulebook: Resolve Card, Mana); returns what was gained."""
        before = self.mana
        self.mana = max(0, min(MAX_MANA, self.mana + amount))
        return self.mana - before

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        return data

    def copy(self) -> Fighter:
        new = object.__new__(Fighter)
        new.__dict__.update(self.__dict__)
        new.cards = list(self.cards)
        new.used_items = list(self.used_items)
        new.used_once = list(self.used_once)
        return new  # weapons and items never change during a game: shared

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Fighter:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown fighter fields {sorted(unknown)}")
        return cls(**data)


@dataclass
class Side:
    """One player's cards and score."""

    deck: Deck
    hand: list[str] = field(default_factory=list)
    glory: list[str] = field(default_factory=list)
    glory_done: list[str] = field(default_factory=list)
    glory_used: list[str] = field(default_factory=list)
    selected: str = ""
    passed: bool = False
    vp: int = 0
    objectives: list[str] = field(default_factory=list)
    knocked_out_enemies: list[str] = field(default_factory=list)
    activations: int = 0
    last_activated: str = ""
    previous_last: str = ""

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["deck"] = self.deck.to_data()
        return data

    def copy(self) -> Side:
        new = object.__new__(Side)
        new.__dict__.update(self.__dict__)
        new.deck = self.deck.clone()
        new.hand = list(self.hand)
        new.glory = list(self.glory)
        new.glory_done = list(self.glory_done)
        new.glory_used = list(self.glory_used)
        new.objectives = list(self.objectives)
        new.knocked_out_enemies = list(self.knocked_out_enemies)
        return new

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Side:
        values = dict(data)
        values["deck"] = Deck.from_data(values["deck"])
        return cls(**values)


@dataclass
class Turn:
    """An activation, or an interruption of one (rulebook: Activation Phase, Interruptions)."""

    player: int
    character: str
    ap: int
    kind: str = "activation"  # activation | overwatch | opportunity
    interrupted: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    weapon_counts: dict[str, int] = field(default_factory=dict)
    skills_used: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    missions: list[str] = field(default_factory=list)
    knocked_out_with: list[str] = field(default_factory=list)
    progress: dict[str, dict[str, int]] = field(default_factory=dict)
    free_actions: list[str] = field(default_factory=list)
    granted: list[str] = field(default_factory=list)

    def record(self, key: str, amount: int = 1, best: bool = False) -> None:
        """Count towards the side missions in play (Side Missions: only what happens after the
        card was played counts); ``best`` keeps the largest value instead of a sum."""
        for card in self.missions:
            counts = self.progress.setdefault(card, {})
            counts[key] = max(counts.get(key, 0), amount) if best else counts.get(key, 0) + amount

    @property
    def interruption(self) -> bool:
        return self.kind != "activation"

    def copy(self) -> Turn:
        new = object.__new__(Turn)
        new.__dict__.update(self.__dict__)
        new.counts = dict(self.counts)
        new.weapon_counts = dict(self.weapon_counts)
        new.skills_used = list(self.skills_used)
        new.cards = list(self.cards)
        new.missions = list(self.missions)
        new.knocked_out_with = list(self.knocked_out_with)
        new.progress = {card: dict(counts) for card, counts in self.progress.items()}
        new.free_actions = list(self.free_actions)
        new.granted = list(self.granted)
        return new

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Turn:
        return cls(**data)
