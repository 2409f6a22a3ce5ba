"""The shipped Battleground maps, the map file format and its error reports.

Sources: rulebook *Component List* (the terrain in the box), *Basic Concepts* (battleground,
terrain, deployment zones, objectives), *First Game Setup*, *Movement* (low and high obstacles,
ladders and platforms), *Clean-Up Phase* (claiming objectives); battleground.md §1 (author the
first-game map and two more; mark reconstructions provisional) and §2 (geometry).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rulekeeper.core.errors import DataError
from rulekeeper.core.hexes import DIRECTIONS, Hex, are_neighbours, neighbour, neighbours
from rulekeeper.games.battleground.board.battlefield import Battlefield, shipped_maps
from rulekeeper.games.battleground.board.mapfile import (
    Board,
    Deployment,
    DeploymentZone,
    Ladder,
    MapFile,
    Objective,
    PieceHex,
    Platform,
    TerrainPiece,
    map_json_schema,
)
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ("first-game", "crossroads", "twin-towers")

# Rulebook, Component List: TERRAIN.
BOX_PIECES: Counter[tuple[str, int]] = Counter(
    {
        ("column", 1): 4,
        ("low", 2): 10,
        ("low", 3): 2,
        ("high", 4): 6,
        ("high", 3): 8,
        ("mixed", 3): 4,
        ("mixed", 4): 2,
    }
)
BOX_PLATFORMS = 2
BOX_LADDERS = 2
BOX_OBJECTIVES = 6

FIRST_GAME_FORCES = {
    # Rulebook, First Game Setup, step 2 (Gather Forces).
    "masters": {"he-man", "stratos", "man-at-arms"},
    "evil": {"skeletor", "mer-man", "trap-jaw"},
}


def obstacle_pieces(field: Battlefield) -> list[TerrainPiece]:
    return [piece for piece in field.data.terrain if piece.kind != "difficult"]


def piece_counts(field: Battlefield) -> Counter[tuple[str, int]]:
    """How many obstacle pieces of each kind and size (in hexes) the map uses."""
    return Counter((str(piece.kind), len(piece.hexes)) for piece in obstacle_pieces(field))


def piece_hexes(piece: TerrainPiece) -> list[Hex]:
    return [h for h, _height in piece.portions()]


def is_connected(hexes: list[Hex]) -> bool:
    if not hexes:
        return False
    todo = [hexes[0]]
    seen = {hexes[0]}
    wanted = set(hexes)
    while todo:
        for n in neighbours(todo.pop()):
            if n in wanted and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == wanted


def is_line_or_bent_line(hexes: list[Hex]) -> bool:
    """A simple path: connected, no hex with three neighbours in the piece, no ring."""
    pairs = sum(1 for i, a in enumerate(hexes) for b in hexes[i + 1 :] if are_neighbours(a, b))
    degrees = [sum(1 for b in hexes if are_neighbours(a, b)) for a in hexes]
    return is_connected(hexes) and pairs == len(hexes) - 1 and max(degrees, default=0) <= 2


def mirror(h: Hex, field: Battlefield) -> Hex:
    """The hex opposite ``h`` through the centre of the board (a 180° turn)."""
    # The centre of hex (q, r) is at x = q + r/2; the board's centre is at x = (columns - 1)/2
    # on row (rows - 1)/2, so q' + r'/2 = (columns - 1) - q - r/2 with r' = rows - 1 - r.
    r2 = field.rows - 1 - h[1]
    q2 = (field.columns - 1) - h[0] - (field.rows - 1) // 2
    return (q2, r2)


@pytest.fixture(scope="module")
def first_game() -> Battlefield:
    return Battlefield.load("first-game")


@pytest.fixture(scope="module", params=SHIPPED)
def shipped(request: pytest.FixtureRequest) -> Battlefield:
    return Battlefield.load(str(request.param))


# --- the shipped maps -------------------------------------------------------------------------


def test_the_three_maps_are_shipped() -> None:
    """battleground.md §1: the first-game map and at least two more maps for standard games."""
    assert set(SHIPPED) <= set(shipped_maps())


def test_shipped_map_loads_by_name(shipped: Battlefield) -> None:
    """battlefield.Battlefield.load finds a shipped map by name; the file's name is the map's."""
    assert shipped.source == f"maps/{shipped.name}.yaml"
    assert shipped.name in SHIPPED
    assert (shipped.columns, shipped.rows) == (30, 25)  # rulebook, Basic Concepts, Battleground
    assert shipped.hex_inches == 1.0  # battleground.md §2


def test_shipped_map_loads_by_path(shipped: Battlefield) -> None:
    """A map can be given as a file path too; the error source is then that path."""
    path = ROOT / "src/rulekeeper/games/battleground/board/maps" / f"{shipped.name}.yaml"
    by_path = Battlefield.load(path)
    assert by_path.source == str(path)
    assert by_path.positions == shipped.positions


def test_first_game_uses_exactly_the_box_terrain(first_game: Battlefield) -> None:
    """Rulebook, Component List: 4 columns, 10 two-hex and 2 three-hex low obstacles, 6 four-hex
    and 8 three-hex high obstacles, 4 three-hex and 2 four-hex mixed-height obstacles."""
    assert piece_counts(first_game) == BOX_PIECES


def test_first_game_uses_two_platforms_two_ladders_six_objectives(first_game: Battlefield) -> None:
    """Rulebook, Component List: 2 platforms, 2 ladders, 6 objective tokens; Basic Concepts:
    two deployment zones."""
    assert len(first_game.platforms) == BOX_PLATFORMS
    assert len(first_game.ladders) == BOX_LADDERS
    assert len(first_game.objectives) == BOX_OBJECTIVES
    assert sorted(first_game.zones) == [0, 1]


def test_first_game_mixed_pieces_have_both_heights(first_game: Battlefield) -> None:
    """Rulebook, Basic Concepts: mixed-height pieces contain both high and low obstacles."""
    mixed = [piece for piece in first_game.data.terrain if piece.kind == "mixed"]
    assert len(mixed) == 6
    for piece in mixed:
        assert {height for _h, height in piece.portions()} == {"low", "high"}, piece.id


def test_first_game_is_marked_provisional(first_game: Battlefield) -> None:
    """battleground.md §1: the first-game layout is a reconstruction, so it is provisional."""
    assert first_game.provisional is True
    assert "reconstruct" in first_game.data.description.lower()


def test_our_own_maps_are_not_provisional() -> None:
    """battleground.md §1: only values we reconstruct are provisional; our own designs are not."""
    for name in ("crossroads", "twin-towers"):
        assert Battlefield.load(name).provisional is False


def test_first_game_deploys_the_first_game_forces(first_game: Battlefield) -> None:
    """Rulebook, First Game Setup: He-Man, Stratos and Man-At-Arms against Skeletor, Mer-Man and
    Trap Jaw, each force in its own deployment zone."""
    deployments = first_game.data.deployments
    assert len(deployments) == 6
    for player, faction in ((0, "masters"), (1, "evil")):
        assert first_game.zone_factions[player] == faction
        zone = first_game.zones[player]
        placed = {d.character for d in deployments if (d.at[0], d.at[1]) in zone}
        assert placed == FIRST_GAME_FORCES[faction]


def test_first_game_models_face_the_enemy(first_game: Battlefield) -> None:
    """Rulebook, Basic Concepts, Model: a model faces one border of its hex; we face each force
    towards the enemy's deployment zone (rows grow towards player 1)."""
    for deployment in first_game.data.deployments:
        at = (deployment.at[0], deployment.at[1])
        towards = 1 if at in first_game.zones[0] else -1
        assert DIRECTIONS[deployment.facing][1] == towards, deployment.character


def test_first_game_has_three_objectives_in_each_half(first_game: Battlefield) -> None:
    """Rulebook, Basic Concepts: objective tokens that the opponent is trying to claim; a token
    in one's own deployment zone cannot be claimed (Clean-Up Phase), so none lies in a zone."""
    middle = (first_game.rows - 1) / 2
    halves = Counter(h[1] < middle for h in first_game.objectives.values())
    assert halves == Counter({True: 3, False: 3})
    for h in first_game.objectives.values():
        assert all(h not in zone for zone in first_game.zones.values())


def test_shipped_map_has_obstacles_platforms_ladders_and_difficult_terrain(
    shipped: Battlefield,
) -> None:
    """battleground.md §1: maps use columns, low/high/mixed obstacles, platforms and ladders;
    rulebook, Basic Concepts: difficult terrain."""
    kinds = {piece.kind for piece in shipped.data.terrain}
    assert {"low", "high", "mixed", "column", "difficult"} <= kinds
    assert shipped.difficult
    assert len(shipped.platforms) >= 1
    assert len(shipped.ladders) >= 1


def test_shipped_map_needs_no_more_than_the_box(shipped: Battlefield) -> None:
    """Rulebook, Component List: every shipped map can be laid out with one core box."""
    extra = piece_counts(shipped) - BOX_PIECES
    assert not extra, extra
    assert len(shipped.platforms) <= BOX_PLATFORMS
    assert len(shipped.ladders) <= BOX_LADDERS
    assert 4 <= len(shipped.objectives) <= BOX_OBJECTIVES


def test_every_piece_is_connected(shipped: Battlefield) -> None:
    """Rulebook, Basic Concepts: each terrain piece is one element; its hexes ("portions of the
    obstacle", Movement) touch one another, and 3- and 4-hex pieces are lines or bent lines."""
    for piece in shipped.data.terrain:
        hexes = piece_hexes(piece)
        assert is_connected(hexes), piece.id
        if piece.kind != "difficult":
            assert is_line_or_bent_line(hexes), piece.id
    for platform_id, platform_hexes in shipped.platforms.items():
        assert is_connected(sorted(platform_hexes)), platform_id


def test_piece_ids_name_kind_and_size(shipped: Battlefield) -> None:
    """Readable ids: ``low-2-a``, ``high-4-c``, ``mixed-3-b``, ``column-1``, ``difficult-a``."""
    for piece in shipped.data.terrain:
        if piece.kind in ("column", "difficult"):
            assert piece.id.startswith(f"{piece.kind}-"), piece.id
        else:
            assert piece.id.startswith(f"{piece.kind}-{len(piece.hexes)}-"), piece.id


def test_no_terrain_inside_a_deployment_zone(shipped: Battlefield) -> None:
    """Rulebook, Basic Concepts: deployment zones are where each player places their force."""
    for zone in shipped.zones.values():
        assert not zone & set(shipped.piece_of)
        assert not zone & set(shipped.ladders)
        assert not zone & set(shipped.platform_of)
        assert not zone & set(shipped.objectives.values())


def test_zones_have_room_for_a_force(shipped: Battlefield) -> None:
    """Rulebook, Basic Concepts: each player places their force in their deployment zone."""
    for zone in shipped.zones.values():
        assert len(zone) >= 30
        assert all(Position(q, r, GROUND) in shipped.positions for q, r in zone)


def test_platforms_rest_on_high_obstacles_over_open_ground(shipped: Battlefield) -> None:
    """Rulebook, Basic Concepts: a platform is attached to high obstacles; Ladders and Platforms:
    ground hexes directly underneath a platform can hold models."""
    for platform_id, platform_hexes in shipped.platforms.items():
        on_high = platform_hexes & shipped.high_obstacles
        over_ground = {h for h in platform_hexes if Position(*h, GROUND) in shipped.positions}
        assert on_high, platform_id
        assert over_ground, platform_id
        assert all(Position(*h, PLATFORM) in shipped.positions for h in platform_hexes)


def test_ladders_join_ground_and_platform(shipped: Battlefield) -> None:
    """Rulebook, Ladders: a ladder links the hexes bordering it, whatever their elevation."""
    for h, ladder in shipped.ladders.items():
        around = neighbours(h)
        assert any(n in shipped.platforms[ladder.platform] for n in around), ladder.id
        assert any(Position(*n, GROUND) in shipped.positions for n in around), ladder.id


def test_shipped_map_is_point_symmetric(shipped: Battlefield) -> None:
    """Fairness (our design rule): turning the board half a turn about its centre swaps the two
    sides and leaves the terrain, objectives and zones where they were."""

    def turned(hexes: frozenset[Hex] | set[Hex]) -> set[Hex]:
        return {mirror(h, shipped) for h in hexes}

    pieces = Counter(
        (p.kind, frozenset((h, height) for h, height in p.portions())) for p in shipped.data.terrain
    )
    turned_pieces = Counter(
        (p.kind, frozenset((mirror(h, shipped), height) for h, height in p.portions()))
        for p in shipped.data.terrain
    )
    assert pieces == turned_pieces
    assert {frozenset(p) for p in shipped.platforms.values()} == {
        frozenset(turned(p)) for p in shipped.platforms.values()
    }
    assert set(shipped.ladders) == turned(set(shipped.ladders))
    assert set(shipped.objectives.values()) == turned(set(shipped.objectives.values()))
    # The odd rows of a 30-column board stick out by half a hex, so a zone by rows is symmetric
    # only on the hexes whose mirror image is on the board.
    for mine, theirs in ((0, 1), (1, 0)):
        for h in shipped.zones[mine]:
            if mirror(h, shipped) in shipped.board:
                assert mirror(h, shipped) in shipped.zones[theirs], h


def test_every_shipped_position_is_on_the_board(shipped: Battlefield) -> None:
    """battleground.md §2: positions are board hexes at level 0, or platform hexes at level 1."""
    for pos in shipped.positions:
        assert pos.hex in shipped.board
        assert pos.level == GROUND or pos.hex in shipped.platform_of


def test_mirror_helper_is_a_half_turn() -> None:
    """The symmetry check above turns hexes half a turn: neighbours stay neighbours, opposite
    directions swap, and the corners of the board swap."""
    field = Battlefield.load("first-game")
    assert mirror((0, 0), field) == (17, 24)  # top-left corner <-> bottom-right corner
    for direction in range(6):
        a = (5, 7)
        b = neighbour(a, direction)
        assert mirror(b, field) == neighbour(mirror(a, field), (direction + 3) % 6)


# --- schema and documentation -----------------------------------------------------------------


def test_committed_schema_matches_the_code() -> None:
    """docs/map.schema.json is generated by map_json_schema() (indent 2, sorted keys)."""
    committed = (ROOT / "docs" / "map.schema.json").read_text(encoding="utf-8")
    assert committed == json.dumps(map_json_schema(), indent=2, sort_keys=True) + "\n"


def test_maps_doc_describes_every_field() -> None:
    """docs/maps.md documents the map format field by field."""
    doc = (ROOT / "docs" / "maps.md").read_text(encoding="utf-8")
    models: list[type[MapFile | Board | TerrainPiece | PieceHex | Platform | Ladder]] = [
        MapFile,
        Board,
        TerrainPiece,
        PieceHex,
        Platform,
        Ladder,
    ]
    names = {name for model in models for name in model.model_fields}
    names |= set(DeploymentZone.model_fields) | set(Objective.model_fields)
    names |= set(Deployment.model_fields)
    for name in sorted(names):
        assert f"`{name}`" in doc, name


# --- malformed maps ---------------------------------------------------------------------------

BASE = """\
name: tiny
title: Tiny
board: {columns: 10, rows: 8}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [7, 7]}
"""

# (case, extra YAML, expected field, words the reason must contain)
BROKEN: list[tuple[str, str, str, str]] = [
    ("unknown top-level field", "colour: red\n", "colour", "Extra inputs are not permitted"),
    (
        "unknown field in a piece",
        "terrain:\n  - {id: a, kind: low, hexes: [[3, 3]], colour: red}\n",
        "terrain[0].colour",
        "Extra inputs",
    ),
    (
        "missing field",
        "objectives:\n  - {at: [3, 3]}\n",
        "objectives[0].id",
        "Field required",
    ),
    (
        "unknown terrain kind",
        "terrain:\n  - {id: a, kind: lava, hexes: [[3, 3]]}\n",
        "terrain[0].kind",
        "'column', 'low', 'high', 'mixed' or 'difficult'",
    ),
    (
        "hex that is not [q, r]",
        "terrain:\n  - {id: a, kind: low, hexes: [[3, 3, 0]]}\n",
        "terrain[0].hexes[0]",
        "at most 2 items",
    ),
    (
        "hex off the board",
        "terrain:\n  - {id: a, kind: low, hexes: [[3, 3], [-5, 3]]}\n",
        "terrain[0].hexes[1]",
        "off the 10x8 board",
    ),
    (
        "two pieces on one hex",
        "terrain:\n  - {id: a, kind: low, hexes: [[3, 3]]}\n"
        "  - {id: b, kind: high, hexes: [[3, 3], [4, 3]]}\n",
        "terrain[1].hexes[0]",
        "already belongs to piece 'a'",
    ),
    (
        "duplicate piece id",
        "terrain:\n  - {id: a, kind: low, hexes: [[3, 3]]}\n"
        "  - {id: a, kind: low, hexes: [[5, 3]]}\n",
        "terrain[1].id",
        "duplicate terrain piece id 'a'",
    ),
    (
        "column with 2 hexes",
        "terrain:\n  - {id: c, kind: column, hexes: [[3, 3], [4, 3]]}\n",
        "terrain[0].hexes",
        "a column is a 1-hex piece",
    ),
    (
        "mixed piece without heights",
        "terrain:\n  - {id: m, kind: mixed, hexes: [{at: [3, 3], height: low}, [4, 3]]}\n",
        "terrain[0].hexes[1]",
        "a mixed piece gives each hex a height",
    ),
    (
        "low piece with a high hex",
        "terrain:\n  - {id: a, kind: low, hexes: [{at: [3, 3], height: high}]}\n",
        "terrain[0].hexes[0]",
        "a low piece cannot have a high hex",
    ),
    (
        "difficult terrain with a height",
        "terrain:\n  - {id: d, kind: difficult, hexes: [{at: [3, 3], height: low}]}\n",
        "terrain[0].hexes[0]",
        "difficult terrain has no obstacle height",
    ),
    (
        "ladder not bordering its platform",
        "platforms:\n  - {id: p, hexes: [[3, 3]]}\n"
        "ladders:\n  - {id: l, at: [6, 3], platform: p}\n",
        "ladders[0].at",
        "(6,3) does not border platform 'p'",
    ),
    (
        "unknown platform id",
        "platforms:\n  - {id: p, hexes: [[3, 3]]}\n"
        "ladders:\n  - {id: l, at: [4, 3], platform: q}\n",
        "ladders[0].platform",
        "no platform with id 'q'",
    ),
    (
        "ladder on an obstacle",
        "terrain:\n  - {id: a, kind: low, hexes: [[4, 3]]}\n"
        "platforms:\n  - {id: p, hexes: [[3, 3]]}\n"
        "ladders:\n  - {id: l, at: [4, 3], platform: p}\n",
        "ladders[0].at",
        "not free ground",
    ),
    (
        "objective on an obstacle",
        "terrain:\n  - {id: h, kind: high, hexes: [[3, 3]]}\n"
        "objectives:\n  - {id: o, at: [3, 3]}\n",
        "objectives[0].at",
        "objective on an obstacle or ladder at (3,3)",
    ),
    (
        "two objectives on one hex",
        "objectives:\n  - {id: o, at: [3, 3]}\n  - {id: p, at: [3, 3]}\n",
        "objectives[1].at",
        "objective 'o' is already at (3,3)",
    ),
    (
        "deployment on an obstacle",
        "terrain:\n  - {id: h, kind: high, hexes: [[3, 3]]}\n"
        "deployments:\n  - {character: he-man, at: [3, 3]}\n",
        "deployments[0].at",
        "(3,3) is not a position one can stand on",
    ),
    (
        "deployment on a platform that is not there",
        "deployments:\n  - {character: he-man, at: [3, 3], level: 1}\n",
        "deployments[0].at",
        "(3,3)^ is not a position",
    ),
    (
        "two characters on one position",
        "deployments:\n  - {character: he-man, at: [3, 3]}\n  - {character: stratos, at: [3, 3]}\n",
        "deployments[1].at",
        "'he-man' already stands at (3,3)",
    ),
    (
        "facing out of range",
        "deployments:\n  - {character: he-man, at: [3, 3], facing: 6}\n",
        "deployments[0].facing",
        "less than or equal to 5",
    ),
]


@pytest.mark.parametrize(
    ("extra", "field", "reason"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_malformed_map_is_refused(extra: str, field: str, reason: str) -> None:
    """Every refusal is a DataError naming the file, the field and the reason."""
    with pytest.raises(DataError) as caught:
        Battlefield.from_yaml(BASE + extra, "broken.yaml")
    error = caught.value
    assert error.source == "broken.yaml"
    assert error.field == field
    assert reason in error.reason
    assert str(error) == f"broken.yaml: {field}: {error.reason}"


def test_the_base_of_the_malformed_maps_is_valid() -> None:
    """The cases above fail because of their own lines, not because the base is broken."""
    field = Battlefield.from_yaml(BASE, "base.yaml")
    assert len(field.positions) == 80


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ("name: tiny\ntitle: [\n", "line 3, column 1", "not valid YAML"),
        ("name: tiny\n  title: x\n", "line 2, column 8", "not valid YAML"),
        (BASE + "title: Again\n", "line 7, column 1", "duplicate key 'title'"),
        ("- a list\n- not a mapping\n", "(top level)", "a map file must be a YAML mapping"),
        ("name: tiny\ntitle: Tiny\n", "deployment_zones", "Field required"),
    ],
    ids=["unclosed bracket", "bad indentation", "duplicate key", "not a mapping", "no zones"],
)
def test_bad_yaml_is_refused(text: str, field: str, reason: str) -> None:
    """YAML errors name the line and column; a key given twice is refused, not overwritten."""
    with pytest.raises(DataError) as caught:
        Battlefield.from_yaml(text, "broken.yaml")
    assert (caught.value.source, caught.value.field) == ("broken.yaml", field)
    assert reason in caught.value.reason


def test_overlapping_zones_are_refused() -> None:
    """Rulebook, Basic Concepts: two deployment zones, one per player; they cannot overlap."""
    text = BASE.replace("rows: [7, 7]", "rows: [0, 1]")
    with pytest.raises(DataError) as caught:
        Battlefield.from_yaml(text, "zones.yaml")
    assert (caught.value.field, caught.value.reason) == (
        "deployment_zones",
        "the two deployment zones overlap",
    )


def test_zone_by_hexes_off_the_board_is_refused() -> None:
    """Deployment zones may list hexes; each must be on the board."""
    text = BASE.replace("{player: 1, rows: [7, 7]}", "{player: 1, hexes: [[0, 7], [40, 7]]}")
    with pytest.raises(DataError) as caught:
        Battlefield.from_yaml(text, "zones.yaml")
    assert caught.value.field == "deployment_zones[1].hexes[1]"
    assert "off the 10x8 board" in caught.value.reason


def test_zone_rows_off_the_board_are_refused() -> None:
    """Deployment zones by rows use board rows 0..rows-1."""
    text = BASE.replace("rows: [7, 7]", "rows: [7, 8]")
    with pytest.raises(DataError) as caught:
        Battlefield.from_yaml(text, "zones.yaml")
    assert caught.value.field == "deployment_zones[1].rows"


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    """A map loaded from a path reports that path as the source of its errors."""
    path = tmp_path / "mine.yaml"
    path.write_text(BASE + "objectives:\n  - {id: o, at: [99, 99]}\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        Battlefield.load(path)
    assert str(caught.value) == f"{path}: objectives[0].at: hex (99,99) is off the 10x8 board"


def test_missing_file_and_unknown_map_are_refused(tmp_path: Path) -> None:
    """A missing file or an unknown shipped map name is a DataError, listing the shipped maps."""
    with pytest.raises(DataError) as missing:
        Battlefield.load(tmp_path / "nowhere.yaml")
    assert missing.value.field == "(file)"
    with pytest.raises(DataError) as unknown:
        Battlefield.load("no-such-map")
    assert "first-game" in unknown.value.reason
