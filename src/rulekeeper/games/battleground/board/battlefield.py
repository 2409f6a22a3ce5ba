"""A loaded battleground: terrain by hex, positions, adjacency, and the geometry queries.

Sources: rulebook *Basic Concepts* (battleground, terrain, adjacency) and battleground.md §2.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import NoReturn, TypeVar

from rulekeeper.core.derived import Derived
from rulekeeper.core.errors import DataError
from rulekeeper.core.hexes import (
    Hex,
    are_neighbours,
    hex_distance,
    neighbours,
    offset_to_axial,
    rotations,
)
from rulekeeper.games.battleground.board.cover import CoverTable, CoverVerdict, cover_verdict
from rulekeeper.games.battleground.board.los import SightTable, SightVerdict
from rulekeeper.games.battleground.board.mapfile import MapFile, parse_map, read_map
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position, gap_between
from rulekeeper.games.battleground.board.segments import SegmentTables

T = TypeVar("T")

MAPS_PACKAGE = "rulekeeper.games.battleground.board.maps"


def shipped_map_files() -> dict[str, str]:
    """The maps shipped with the game, name -> path (plugin.py: the ``map`` parameter)."""
    folder = resources.files(MAPS_PACKAGE)
    return {name: str(folder / f"{name}.yaml") for name in shipped_maps()}


def shipped_maps() -> list[str]:
    folder = resources.files(MAPS_PACKAGE)
    return sorted(
        entry.name.removesuffix(".yaml")
        for entry in folder.iterdir()
        if entry.name.endswith(".yaml")
    )


@dataclass(frozen=True)
class LadderInfo:
    id: str
    at: Hex
    platform: str


class Battlefield:
    """Immutable terrain of one map; characters live in game states, not here."""

    def __init__(self, data: MapFile, source: str = "<map>") -> None:
        self.data = data
        self.source = source
        self.name = data.name
        self.title = data.title
        self.hex_inches = data.hex_inches
        self.segments = SegmentTables()
        self._gaps: dict[tuple[int, int], float] = {}
        self.derived = Derived()
        """What ``derived(key, compute)`` made of this map, once per *key* (the move graph, the web
        board's hex list: core/derived.py; treat a table as read-only)."""
        self.provisional = data.provisional
        self.columns = data.board.columns
        self.rows = data.board.rows
        self.board: frozenset[Hex] = frozenset(
            offset_to_axial(column, row)
            for row in range(data.board.rows)
            for column in range(data.board.columns)
        )
        obstacle: dict[Hex, str] = {}
        difficult: set[Hex] = set()
        piece_of: dict[Hex, str] = {}
        piece_ids: set[str] = set()
        for p_index, piece in enumerate(data.terrain):
            if piece.id in piece_ids:
                self._fail(f"terrain[{p_index}].id", f"duplicate terrain piece id {piece.id!r}")
            piece_ids.add(piece.id)
            for h_index, (h, height) in enumerate(piece.portions()):
                where = f"terrain[{p_index}].hexes[{h_index}]"
                self._check_on_board(h, where)
                if h in piece_of:
                    self._fail(where, f"hex {_fmt(h)} already belongs to piece {piece_of[h]!r}")
                piece_of[h] = piece.id
                if height == "difficult":
                    difficult.add(h)
                else:
                    obstacle[h] = height
        self.obstacle_height: dict[Hex, str] = obstacle
        self.high_obstacles: frozenset[Hex] = frozenset(
            h for h, v in obstacle.items() if v == "high"
        )
        self.low_obstacles: frozenset[Hex] = frozenset(h for h, v in obstacle.items() if v == "low")
        self.difficult: frozenset[Hex] = frozenset(difficult)
        self.piece_of = piece_of

        self.platforms: dict[str, frozenset[Hex]] = {}
        self.platform_of: dict[Hex, str] = {}
        for p_index, platform in enumerate(data.platforms):
            if platform.id in self.platforms:
                self._fail(f"platforms[{p_index}].id", f"duplicate platform id {platform.id!r}")
            platform_hexes = [_axial(h) for h in platform.hexes]
            for h_index, h in enumerate(platform_hexes):
                where = f"platforms[{p_index}].hexes[{h_index}]"
                self._check_on_board(h, where)
                if h in self.platform_of:
                    self._fail(
                        where, f"hex {_fmt(h)} is already on platform {self.platform_of[h]!r}"
                    )
                self.platform_of[h] = platform.id
            self.platforms[platform.id] = frozenset(platform_hexes)

        self.ladders: dict[Hex, LadderInfo] = {}
        ladder_ids: set[str] = set()
        for l_index, ladder in enumerate(data.ladders):
            h = _axial(ladder.at)
            where = f"ladders[{l_index}]"
            if ladder.id in ladder_ids:
                self._fail(f"{where}.id", f"duplicate ladder id {ladder.id!r}")
            ladder_ids.add(ladder.id)
            self._check_on_board(h, f"{where}.at")
            if ladder.platform not in self.platforms:
                self._fail(f"{where}.platform", f"no platform with id {ladder.platform!r}")
            if h in piece_of or h in self.ladders or h in self.platform_of:
                self._fail(f"{where}.at", f"hex {_fmt(h)} is not free ground")
            if not any(are_neighbours(h, p) for p in self.platforms[ladder.platform]):
                self._fail(f"{where}.at", f"{_fmt(h)} does not border platform {ladder.platform!r}")
            self.ladders[h] = LadderInfo(ladder.id, h, ladder.platform)

        self.zones: dict[int, frozenset[Hex]] = {}
        self.zone_factions: dict[int, str | None] = {}
        for z_index, zone in enumerate(data.deployment_zones):
            if zone.player in self.zones:
                self._fail(f"deployment_zones[{z_index}].player", "two zones for the same player")
            zone_hexes: set[Hex] = set()
            if zone.rows is not None:
                low, high = zone.rows
                if not 0 <= low <= high < self.rows:
                    self._fail(f"deployment_zones[{z_index}].rows", f"rows {low}..{high} off board")
                zone_hexes |= {h for h in self.board if low <= h[1] <= high}
            for h_index, raw in enumerate(zone.hexes):
                h = _axial(raw)
                self._check_on_board(h, f"deployment_zones[{z_index}].hexes[{h_index}]")
                zone_hexes.add(h)
            self.zones[zone.player] = frozenset(zone_hexes)
            self.zone_factions[zone.player] = zone.faction
        if self.zones.get(0, frozenset()) & self.zones.get(1, frozenset()):
            self._fail("deployment_zones", "the two deployment zones overlap")

        self.objectives: dict[str, Hex] = {}
        objective_at: dict[Hex, str] = {}
        for o_index, objective in enumerate(data.objectives):
            h = _axial(objective.at)
            where = f"objectives[{o_index}]"
            if objective.id in self.objectives:
                self._fail(f"{where}.id", f"duplicate objective id {objective.id!r}")
            self._check_on_board(h, f"{where}.at")
            if h in obstacle or h in self.ladders:
                self._fail(f"{where}.at", f"objective on an obstacle or ladder at {_fmt(h)}")
            if h in objective_at:
                self._fail(f"{where}.at", f"objective {objective_at[h]!r} is already at {_fmt(h)}")
            objective_at[h] = objective.id
            self.objectives[objective.id] = h

        ground = {
            Position(q, r, GROUND)
            for (q, r) in self.board
            if (q, r) not in obstacle and (q, r) not in self.ladders
        }
        raised = {Position(q, r, PLATFORM) for (q, r) in self.platform_of}
        self.positions: frozenset[Position] = frozenset(ground | raised)
        self._adjacent: dict[Position, tuple[Position, ...]] = {}

        deployed: dict[Position, str] = {}
        characters: set[str] = set()
        for d_index, deployment in enumerate(data.deployments):
            where = f"deployments[{d_index}]"
            pos = Position(deployment.at[0], deployment.at[1], deployment.level)
            if deployment.character in characters:
                self._fail(f"{where}.character", f"{deployment.character!r} is deployed twice")
            characters.add(deployment.character)
            if pos not in self.positions:
                self._fail(f"{where}.at", f"{pos} is not a position one can stand on")
            if pos in deployed:
                self._fail(f"{where}.at", f"{deployed[pos]!r} already stands at {pos}")
            deployed[pos] = deployment.character

    # --- loading -------------------------------------------------------------------------

    @classmethod
    def load(cls, name_or_path: str | Path) -> Battlefield:
        """A shipped map by name (``first-game``) or a YAML file by path."""
        candidate = Path(name_or_path)
        if candidate.suffix in (".yaml", ".yml") or candidate.exists():
            return cls(read_map(candidate), str(candidate))
        name = str(name_or_path)
        resource = resources.files(MAPS_PACKAGE).joinpath(f"{name}.yaml")
        if not resource.is_file():
            known = ", ".join(shipped_maps()) or "none"
            raise DataError(name, "(map)", f"no such map file or shipped map; shipped: {known}")
        source = f"maps/{name}.yaml"
        return cls(parse_map(resource.read_text(encoding="utf-8"), source), source)

    @classmethod
    def from_yaml(cls, text: str, source: str = "<string>") -> Battlefield:
        return cls(parse_map(text, source), source)

    def _check_on_board(self, h: Hex, where: str) -> None:
        if h not in self.board:
            self._fail(where, f"hex {_fmt(h)} is off the {self.columns}x{self.rows} board")

    def _fail(self, where: str, reason: str) -> NoReturn:
        raise DataError(self.source, where, reason)

    # --- terrain questions ---------------------------------------------------------------

    def is_position(self, pos: Position) -> bool:
        return pos in self.positions

    def is_difficult(self, pos: Position) -> bool:
        return pos.level == GROUND and pos.hex in self.difficult

    def is_under_platform(self, pos: Position) -> bool:
        return pos.level == GROUND and pos.hex in self.platform_of

    def describe_hex(self, h: Hex) -> str:
        parts: list[str] = []
        if h not in self.board:
            return "off the board"
        if h in self.obstacle_height:
            parts.append(f"{self.obstacle_height[h]} obstacle ({self.piece_of[h]})")
        if h in self.difficult:
            parts.append(f"difficult terrain ({self.piece_of[h]})")
        if h in self.ladders:
            parts.append(f"ladder ({self.ladders[h].id})")
        if h in self.platform_of:
            parts.append(f"under platform {self.platform_of[h]}")
        for player, zone in self.zones.items():
            if h in zone:
                parts.append(f"deployment zone of player {player}")
        parts.extend(f"objective {oid}" for oid, at in self.objectives.items() if at == h)
        return ", ".join(parts) or "open ground"

    # --- adjacency -----------------------------------------------------------------------

    def adjacent_positions(self, pos: Position) -> Sequence[Position]:
        """Hexes sharing a border at the same elevation (rulebook: Basic Concepts, Hexes)."""
        found = self._adjacent.get(pos)
        if found is None:
            found = tuple(
                candidate
                for q, r in neighbours(pos.hex)
                if (candidate := Position(q, r, pos.level)) in self.positions
            )
            self._adjacent[pos] = found
        return found

    def are_adjacent(self, a: Position, b: Position) -> bool:
        return a.level == b.level and are_neighbours(a.hex, b.hex) and {a, b} <= self.positions

    # --- measurement ---------------------------------------------------------------------

    def distance(self, a: Position | Hex, b: Position | Hex) -> int:
        """Hex steps between two hexes, levels ignored (for ranges given in hexes)."""
        return hex_distance(_hex(a), _hex(b))

    def range_inches(self, a: Position | Hex, b: Position | Hex) -> float:
        """Closest points of the two hexagons in inches, levels ignored (battleground.md §2)."""
        delta = (b[0] - a[0], b[1] - a[1])  # a position starts with its hex's q and r
        gap = self._gaps.get(delta)
        if gap is None:
            if len(self._gaps) >= SegmentTables.LIMIT:
                self._gaps.clear()
            # Two hexagons a sixth of a turn apart are as far apart: one computation serves
            # all six offsets (and gives them exactly the same answer).
            turns = rotations(delta)
            canonical = min(turns)
            gap = self._gaps.get(canonical)
            if gap is None:
                gap = gap_between(*canonical)
            for turned in turns:
                self._gaps[turned] = gap
        return gap * self.hex_inches

    # --- sight and cover (see los.py, cover.py) -------------------------------------------

    @cached_property
    def sight(self) -> SightTable:
        return SightTable(self)

    def line_of_sight(self, a: Position, b: Position) -> SightVerdict:
        return self.sight.verdict(a, b)

    def has_line_of_sight(self, a: Position, b: Position) -> bool:
        return self.sight.visible(a, b)

    @cached_property
    def cover_table(self) -> CoverTable:
        return CoverTable(self)

    def in_cover(
        self, attacker: Position, target: Position, characters: Iterable[Position] = ()
    ) -> bool:
        """Cached cover answer (terrain table plus the characters on the line)."""
        return self.cover_table.in_cover(attacker, target, frozenset(characters))

    def cover(
        self, attacker: Position, target: Position, characters: Iterable[Position] = ()
    ) -> CoverVerdict:
        return cover_verdict(self, attacker, target, frozenset(characters))


def _hex(value: Position | Hex) -> Hex:
    return value.hex if isinstance(value, Position) else value


def _axial(value: tuple[int, int]) -> Hex:
    return (value[0], value[1])


def _fmt(h: Hex) -> str:
    return f"({h[0]},{h[1]})"
