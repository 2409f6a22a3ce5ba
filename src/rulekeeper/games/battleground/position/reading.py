"""Reading a Battleground position: what is read so far and the problems found; the helpers
every part uses (the parts: characters, players, procedure; the whole: loading.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.core import DataError, Reader, Step
from rulekeeper.core.position import Problems
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.content.pack import ContentPack
from rulekeeper.games.battleground.model import (
    Fighter,
    Placing,
    Side,
    Turn,
)

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleGame, BattleState

    StateT = TypeVar("StateT", bound=BattleState)
from rulekeeper.games.battleground.position.fields import (
    MISSING,
    TOP_FIELDS,
    json_kind,
)


@dataclasses.dataclass
class Reading:
    """What the reading of a position found so far, and its problems."""

    game: BattleGame
    doc: Mapping[str, Any]
    problems: Problems
    reader: Reader
    fighters: dict[str, Fighter] = dataclasses.field(default_factory=dict)
    listed: set[str] = dataclasses.field(default_factory=set)
    """The ids of the characters the position lists (their fields right or not)."""
    statuses: dict[str, list[dict[str, Any]]] = dataclasses.field(default_factory=dict)
    sides: list[Side] = dataclasses.field(default_factory=list)
    ordered: list[bool] = dataclasses.field(default_factory=list)
    dealt: list[bool] = dataclasses.field(default_factory=list)
    placing: dict[int, list[Placing]] = dataclasses.field(default_factory=dict)
    turns: list[Turn] = dataclasses.field(default_factory=list)
    marks: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    steps: list[Step[Any]] = dataclasses.field(default_factory=list)

    @property
    def field(self) -> Battlefield:
        return self.game.field

    @property
    def pack(self) -> ContentPack:
        return self.game.pack


def unknown_fields(
    entry: Mapping[str, Any], problems: Problems, known: Sequence[str] = TOP_FIELDS, path: str = ""
) -> None:
    """Note the fields of *entry* (at *path*; the top level by default) the format lacks."""
    for name in entry:
        if name not in known:
            where = f"{path}.{name}" if path else str(name)
            problems.add(where, f"unknown field (known: {', '.join(known)})")


def objects(reading: Reading, name: str, expected: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Each object of the list *name* with its path; a problem noted for anything else."""
    raw = reading.doc.get(name, [])
    if not isinstance(raw, list):
        reading.problems.add(name, expected)
        return
    for index, entry in enumerate(raw):
        path = f"{name}[{index}]"
        if not isinstance(entry, Mapping):
            reading.problems.add(path, f"expected an object, got {json_kind(entry)}")
            continue
        yield path, entry


def read_value(
    reading: Reading, read: Callable[[Any, Reader, str], Any], value: Any, path: str
) -> Any:
    """*value* read by *read*, a field's read function (references noted for checking); a
    problem is noted."""
    try:
        return read(value, reading.reader, path)
    except DataError as error:
        reading.problems.note(error)
        return MISSING
