"""The plain data of a Battleground game: characters on the battleground, players, turns.

Each is a record (core/record.py): a dataclass whose field types say how it is copied, saved
and read back from untrusted data; the rules (in the ``rules`` modules) read and change it.
Texts naming something of the game are marked (``CharacterId``, ``CardId``, ...) and checked
when a saved state is read (saves.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import TypeAdapter, ValidationError

from rulekeeper.core import Deck
from rulekeeper.core.jsonvalue import copy_json
from rulekeeper.core.record import Bounds, Reader, Ref, from_data, plan_of, to_data
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.effects import Ability, Effect, PlaceMark

MAX_MANA = 5
HAND_SIZE = 5
TURN_KINDS = ("activation", "overwatch", "opportunity")

Seat = Annotated[int, Bounds(0, 1)]
"""A player of the game (0 or 1)."""
SeatOrNone = Annotated[int, Bounds(-1, 1)]
"""A player, or -1 for nobody (no winner, no first player chosen yet)."""
Coordinate = Annotated[int, Bounds(-1000, 1000)]
"""A hex coordinate or level; the position itself is checked against the battlefield."""
Count = Annotated[int, Bounds(0, 9999)]
"""How often something happened (actions of a kind in a turn, AP): far more than a game has."""
CharacterId = Annotated[str, Ref("character")]
"""Names a character of this game (a key of ``BattlegroundState.fighters``)."""
CharacterCardId = Annotated[str, Ref("character card")]
"""Names a character card of the content pack (a character not necessarily deployed)."""
CardId = Annotated[str, Ref("card")]
"""Names a fate or glory card of the content pack."""
FateCardId = Annotated[str, Ref("fate card")]
GloryCardId = Annotated[str, Ref("glory card")]
WeaponId = Annotated[str, Ref("weapon")]
AttackWeaponId = Annotated[str, Ref("attack weapon")]
"""A weapon of the pack, or fists (rules/combat.py ``FISTS``)."""
ItemId = Annotated[str, Ref("item")]
ObjectiveId = Annotated[str, Ref("objective")]
"""Names an objective token of the battlefield."""


@dataclass
class Fighter:
    """A character of a force (rulebook: Characters, Health and Wounds, Buffs and Debuffs).

    ``position`` is derived from ``q``, ``r`` and ``level`` (one immutable value, because the
    rules read it constantly); move the model with :meth:`place`. ``weapons`` and ``items``
    never change during a game: clones share them."""

    id: CharacterCardId
    owner: Seat
    q: Coordinate
    r: Coordinate
    level: Coordinate
    facing: Annotated[int, Bounds(0, 5)]
    weapons: tuple[WeaponId, ...] = ()
    items: tuple[ItemId, ...] = ()
    wounds: Annotated[int, Bounds(0, 99)] = 0
    mana: Annotated[int, Bounds(0, MAX_MANA)] = 0
    focused: bool = False
    overwatch: bool = False
    buff: str = ""
    debuff: str = ""
    cards: list[CardId] = field(default_factory=list)
    activated: bool = False
    knocked_out: bool = False
    used_items: list[ItemId] = field(default_factory=list)
    used_once: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not isinstance(self.weapons, tuple):  # a list from a caller: frozen, to be shared
            self.weapons = tuple(self.weapons)
        if not isinstance(self.items, tuple):
            self.items = tuple(self.items)
        self.position = Position(self.q, self.r, self.level)

    def place(self, pos: Position) -> None:
        """Move the model; ``position`` is kept as one value because rules read it constantly."""
        self.q, self.r, self.level = pos
        self.position = pos if type(pos) is Position else Position(*pos)

    def gain_mana(self, amount: int) -> int:
        """Mana is capped at five (rulebook: Resolve Card, Mana); returns what was gained."""
        before = self.mana
        self.mana = max(0, min(MAX_MANA, self.mana + amount))
        return self.mana - before


class Roster:
    """Codec of the characters of a game: a dict by character id in play, saved as the list of
    fighters (as before records), each character at most once."""

    def __init__(self) -> None:
        self._copy: Any = None

    def copy_value(self, value: dict[str, Fighter]) -> dict[str, Fighter]:
        copy = self._copy
        if copy is None:
            copy = self._copy = plan_of(Fighter).copy
        return {key: copy(fighter) for key, fighter in value.items()}

    def write_value(self, value: dict[str, Fighter]) -> list[dict[str, Any]]:
        return [to_data(fighter) for fighter in value.values()]

    def read_value(self, value: Any, reader: Reader, path: str) -> dict[str, Fighter]:
        fighters: list[Fighter] = plan_of(list[Fighter]).read(value, reader, path)
        out: dict[str, Fighter] = {}
        for index, fighter in enumerate(fighters):
            if fighter.id in out:
                raise reader.fail(f"{path}[{index}].id", f"{fighter.id!r} is there twice")
            out[fighter.id] = fighter
        return out


@dataclass
class Side:
    """One player's cards and score."""

    deck: Deck
    hand: list[FateCardId] = field(default_factory=list)
    glory: list[GloryCardId] = field(default_factory=list)
    glory_done: list[GloryCardId] = field(default_factory=list)
    glory_used: list[GloryCardId] = field(default_factory=list)
    selected: CardId = ""
    passed: bool = False
    vp: Annotated[int, Bounds(0, 100_000)] = 0
    objectives: list[ObjectiveId] = field(default_factory=list)
    knocked_out_enemies: list[CharacterId] = field(default_factory=list)
    activations: Count = 0
    last_activated: CharacterId = ""
    previous_last: CharacterId = ""


@dataclass
class Turn:
    """An activation, or an interruption of one (rulebook: Activation Phase, Interruptions)."""

    player: Seat
    character: CharacterId
    ap: Count
    kind: str = "activation"  # activation | overwatch | opportunity
    interrupted: CharacterId = ""
    counts: dict[str, Count] = field(default_factory=dict)
    weapon_counts: dict[str, Count] = field(default_factory=dict)
    skills_used: list[str] = field(default_factory=list)
    cards: list[CardId] = field(default_factory=list)
    missions: list[GloryCardId] = field(default_factory=list)
    knocked_out_with: list[str] = field(default_factory=list)
    progress: dict[str, dict[str, Annotated[int, Bounds(0, 1_000_000)]]] = field(
        default_factory=dict
    )
    free_actions: list[str] = field(default_factory=list)
    granted: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.kind not in TURN_KINDS:
            raise ValueError(f"kind: {self.kind!r} is not one of {', '.join(TURN_KINDS)}")

    def record(self, key: str, amount: int = 1, best: bool = False) -> None:
        """Count towards the side missions in play (Side Missions: only what happens after the
        card was played counts); ``best`` keeps the largest value instead of a sum."""
        for card in self.missions:
            counts = self.progress.setdefault(card, {})
            counts[key] = max(counts.get(key, 0), amount) if best else counts.get(key, 0) + amount

    @property
    def interruption(self) -> bool:
        return self.kind != "activation"


@dataclass
class Placing:
    """Standard Setup: a character its player has still to deploy, with its equipment."""

    character: CharacterCardId
    weapons: tuple[WeaponId, ...] = ()
    items: tuple[ItemId, ...] = ()


# --- marks and statuses: kept as plain dicts (the effects index them by key), read as records


@dataclass(frozen=True)
class AsDict:
    """Codec of a field kept as a plain JSON dict whose saved form must have the shape of the
    record ``shape`` (every key checked as the record's fields are)."""

    shape: type

    def copy_value(self, value: Any) -> Any:
        return copy_json(value)

    def write_value(self, value: Any) -> Any:
        return copy_json(value)

    def read_value(self, value: Any, reader: Reader, path: str) -> Any:
        return to_data(from_data(self.shape, value, reader, path))


_EFFECTS: TypeAdapter[list[Any]] = TypeAdapter(list[Effect])
"""Reads the effects a saved mark or status carries (built once, immutable)."""


def _pydantic_problem(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])


@dataclass
class Mark:
    """A mark on the battleground (rulebook, Marks): ``mark`` of a PlaceMark effect placed by
    ``owner``'s force at ``at`` (a position, checked against the battlefield)."""

    mark: str
    owner: Seat
    at: list[Coordinate]
    radius: float
    affects: str
    when: str
    effects: list[dict[str, Any]]
    customs: list[str]

    def __post_init__(self) -> None:
        if len(self.at) != 3:
            raise ValueError("at: a position is [q, r, level]")
        spec = {
            "kind": "place_mark",
            "mark": self.mark,
            "range": 0,
            "radius": self.radius,
            "affects": self.affects,
            "when": self.when,
            "effects": self.effects,
        }
        try:
            PlaceMark.model_validate(spec)
        except ValidationError as exc:
            raise ValueError(_pydantic_problem(exc)) from None
        customs = [e.get("id") for e in self.effects if e.get("kind") == "custom"]
        if customs != self.customs:
            raise ValueError("customs: not the custom effects of the mark")


@dataclass
class Status:
    """A buff or debuff held by a character, with the rules a unique one carries."""

    slot: str
    name: str
    ongoing: dict[str, Any] | None = None
    on_removed: list[dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        if self.slot not in ("buff", "debuff"):
            raise ValueError(f"slot: {self.slot!r} is neither 'buff' nor 'debuff'")
        try:
            if self.ongoing is not None:
                Ability.model_validate(self.ongoing)
            if self.on_removed is not None:
                _EFFECTS.validate_python(self.on_removed)
        except ValidationError as exc:
            raise ValueError(_pydantic_problem(exc)) from None


MarkData = Annotated[dict[str, Any], AsDict(Mark)]
StatusData = Annotated[dict[str, Any], AsDict(Status)]
