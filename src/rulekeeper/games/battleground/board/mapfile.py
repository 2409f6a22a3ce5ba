"""The YAML map format: a pydantic schema, and loading with errors that name file and field.

The format is documented in ``docs/maps.md``; ``docs/map.schema.json`` is generated from
:class:`MapFile` (``rulekeeper battleground map schema``) and a test keeps the two in step.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    model_validator,
)

from rulekeeper.core.content import parse_yaml
from rulekeeper.core.errors import DataError

AxialHex = Annotated[
    tuple[int, int], Field(description="Axial coordinates [q, r] of a hex (pointy-topped).")
]
Height = Literal["low", "high"]
PieceKind = Literal["column", "low", "high", "mixed", "difficult"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Board(_Strict):
    """A rectangle of hexes in odd-r offset layout; the printed battleground is 30 × 25."""

    columns: int = Field(30, ge=1, le=200)
    rows: int = Field(25, ge=1, le=200)


class PieceHex(_Strict):
    at: AxialHex
    height: Height = Field(description="'low' (openings count as low) or 'high'.")


_HEX_LIST_TAG = "hex-list"
_HEX_MAPPING_TAG = "hex-mapping"


def _hex_form(value: Any) -> str:
    """Which form of a terrain hex this is: ``[q, r]`` or ``{at: [q, r], height: ...}``."""
    return _HEX_MAPPING_TAG if isinstance(value, dict | PieceHex) else _HEX_LIST_TAG


# A tagged union, so that a malformed hex is reported against the form it was written in.
TerrainHex = Annotated[
    Annotated[AxialHex, Tag(_HEX_LIST_TAG)] | Annotated[PieceHex, Tag(_HEX_MAPPING_TAG)],
    Discriminator(_hex_form),
]


class TerrainPiece(_Strict):
    """One physical terrain piece. Each of its hexes is one 'portion' of the obstacle."""

    id: str = Field(min_length=1)
    kind: PieceKind = Field(
        description="column (1 high hex), low, high, mixed (heights per hex) or difficult."
    )
    hexes: list[TerrainHex] = Field(
        min_length=1,
        description="[q, r], or {at: [q, r], height: low|high} (required for mixed pieces).",
    )
    note: str | None = None

    def portions(self) -> list[tuple[tuple[int, int], str]]:
        """Each hex with its height: 'low', 'high', or 'difficult'."""
        implied = {"column": "high", "low": "low", "high": "high", "difficult": "difficult"}
        result: list[tuple[tuple[int, int], str]] = []
        for item in self.hexes:
            if isinstance(item, PieceHex):
                result.append(((item.at[0], item.at[1]), item.height))
            else:
                result.append(((item[0], item[1]), implied.get(self.kind, "mixed")))
        return result

    @model_validator(mode="after")
    def _heights_match_kind(self) -> TerrainPiece:
        if self.kind == "column" and len(self.hexes) != 1:
            raise ValueError("hexes: a column is a 1-hex piece")
        for index, item in enumerate(self.hexes):
            if not isinstance(item, PieceHex):
                if self.kind == "mixed":
                    raise ValueError(f"hexes[{index}]: a mixed piece gives each hex a height")
                continue
            if self.kind == "difficult":
                raise ValueError(f"hexes[{index}]: difficult terrain has no obstacle height")
            if self.kind in ("low", "high", "column"):
                wanted = "low" if self.kind == "low" else "high"
                if item.height != wanted:
                    raise ValueError(
                        f"hexes[{index}]: a {self.kind} piece cannot have a {item.height} hex"
                    )
        return self


class Platform(_Strict):
    """Hexes at level 1; ground hexes below them stay positions of their own."""

    id: str = Field(min_length=1)
    hexes: list[AxialHex] = Field(min_length=1)


class Ladder(_Strict):
    """A ladder stands on one ground hex against a platform."""

    id: str = Field(min_length=1)
    at: AxialHex
    platform: str = Field(description="Id of the platform the ladder leans against.")


class DeploymentZone(_Strict):
    player: int = Field(ge=0, le=1, description="0 or 1: the seat that deploys here.")
    faction: str | None = Field(None, description="The faction of the first-game layout.")
    rows: tuple[int, int] | None = Field(
        None, description="Inclusive range of board rows (offset layout) wholly in the zone."
    )
    hexes: list[AxialHex] = Field(default_factory=list)

    @model_validator(mode="after")
    def _not_empty(self) -> DeploymentZone:
        if self.rows is None and not self.hexes:
            raise ValueError("a deployment zone needs 'rows' or 'hexes'")
        return self


class Objective(_Strict):
    id: str = Field(min_length=1)
    at: AxialHex


class Deployment(_Strict):
    """Where a character starts in a fixed setup such as the first game."""

    character: str
    at: AxialHex
    level: int = Field(0, ge=0, le=1)
    facing: int = Field(0, ge=0, le=5)


class MapFile(_Strict):
    """A Battleground map file."""

    name: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    description: str = ""
    provisional: bool = Field(
        False, description="True when the layout is a reconstruction, not the printed one."
    )
    hex_inches: float = Field(1.0, gt=0)
    board: Board = Field(default_factory=Board)
    terrain: list[TerrainPiece] = Field(default_factory=list)
    platforms: list[Platform] = Field(default_factory=list)
    ladders: list[Ladder] = Field(default_factory=list)
    deployment_zones: list[DeploymentZone] = Field(min_length=2, max_length=2)
    objectives: list[Objective] = Field(default_factory=list)
    deployments: list[Deployment] = Field(default_factory=list)


_UNION_TAGS = frozenset({_HEX_LIST_TAG, _HEX_MAPPING_TAG})
# "hexes[2]: reason" raised by a model validator: the path belongs in the field, not the reason.
_NESTED_PATH = re.compile(r"^(?P<path>[A-Za-z_]\w*(?:\[\d+\]|\.\w+)*): (?P<reason>.+)$", re.DOTALL)


def _field_path(location: tuple[int | str, ...]) -> str:
    """A pydantic location as a field path in the engine's style: ``terrain[3].hexes[0]``."""
    path = ""
    for part in location:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path or "(top level)"


def parse_map(text: str, source: str) -> MapFile:
    """Parse and validate the schema; semantic checks happen in :class:`Battlefield`."""
    try:
        raw = parse_yaml(text)  # the core's loader: no key twice, size limits
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "(yaml)"
        problem = getattr(error, "problem", None) or str(error)
        raise DataError(source, where, f"not valid YAML: {problem}") from None
    if not isinstance(raw, dict):
        raise DataError(source, "(top level)", "a map file must be a YAML mapping")
    try:
        return MapFile.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        loc = tuple(
            part
            for part in first["loc"]
            if part not in _UNION_TAGS and not str(part).startswith("function-")
        )
        field = _field_path(loc)
        reason = first["msg"].removeprefix("Value error, ")
        nested = _NESTED_PATH.match(reason) if first["type"] == "value_error" else None
        if nested is not None:
            field = f"{field}.{nested['path']}" if loc else nested["path"]
            reason = nested["reason"]
        raise DataError(source, field, reason) from None


def read_map(path: Path) -> MapFile:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(str(path), "(file)", f"cannot read: {error.strerror}") from None
    return parse_map(text, str(path))


def map_json_schema() -> dict[str, object]:
    """The JSON schema of a map file, as committed in ``docs/map.schema.json``."""
    schema = MapFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Rulekeeper Battleground map"
    return schema
