"""Tiny battlegrounds for the geometry and movement tests, each written as a YAML map string.

Every rulebook example the tests replay gets its own small map here, in the map file format of
``mapfile.py`` (axial ``[q, r]`` hexes, pointy-topped; a board of ``columns`` x ``rows`` hexes in
odd-r offset layout). The pictures in the comments are ``render_plain`` drawings of the map: row
``r`` starts at ``q = q0`` and every cell to the right adds one to ``q``.

Also here: :func:`compose` (a map string from Python sets, for generated maps) and the hypothesis
strategy :func:`random_maps`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from hypothesis import strategies as st

from rulekeeper.core.hexes import Hex, neighbours, offset_to_axial
from rulekeeper.games.battleground.board.battlefield import Battlefield

__all__ = [
    "CLIMB",
    "COVER_FROM_PLATFORM",
    "COVER_ON_GROUND",
    "DIFFICULT_START",
    "ELEVATION_SIGHT",
    "HIGH_WALL",
    "LADDER",
    "LOW_WALL",
    "MIXED_WALL",
    "NEVER_BLOCK",
    "NEVER_BLOCK_HIGH",
    "OPEN_FIELD",
    "SMALL_OPEN",
    "STRATOS_ONE_LINE",
    "STRATOS_TWO_LINES",
    "THICK_WALL",
    "UNDER_PLATFORM",
    "board_hexes",
    "compose",
    "field",
    "random_maps",
]


@cache
def field(text: str) -> Battlefield:
    """The battlefield of a map string (parsed once per string)."""
    return Battlefield.from_yaml(text, "<small_maps>")


def board_hexes(columns: int, rows: int) -> list[Hex]:
    return [offset_to_axial(c, r) for r in range(rows) for c in range(columns)]


# --- open ground ------------------------------------------------------------------------------

# 19 x 19 hexes of open ground; its centre hex is (5,9) (offset column 9, row 9), with every hex
# within 8 steps of it on the board. Rulebook, Move: He-Man, speed 5 / focused 8.
OPEN_FIELD = """
name: open-field
title: Open field
board: {columns: 19, rows: 19}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [18, 18]}
"""

# 9 x 7 hexes of open ground, for occupancy and enemy-adjacency examples (rows 0..6; row r
# holds q = q0 .. q0 + 8 with q0 = 0, 0, -1, -1, -2, -2, -3).
SMALL_OPEN = """
name: small-open
title: Small open field
board: {columns: 9, rows: 7}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [6, 6]}
"""

# Rulebook, Movement and Difficult Terrain: He-Man (He) begins his move in difficult terrain at
# (3,3).
#   r  q0 0 1 2 3 4 5 6 7 8
#   2  -1 . . . . ~ ~ . . .
#   3  -1  . . . . He~ . . .
#   4  -2 . . . . . ~ ~ . .
DIFFICULT_START = """
name: difficult-start
title: Difficult start
board: {columns: 9, rows: 7}
terrain:
  - id: bog
    kind: difficult
    hexes: [[3, 2], [4, 2], [3, 3], [4, 3], [3, 4], [4, 4]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [6, 6]}
"""

# --- obstacles across the whole board (no way round) -------------------------------------------

# A wall q = 4 from the top row to the bottom row: every path from q < 4 to q > 4 must cross it.
# Rulebook, Movement and Low Obstacles: Skeletor (Sk) at (3,2) borders the portions (4,1) and
# (4,2). (Digits 0 and 1 mark the deployment zones' open ground.)
#   r  q0 0 1 2 3 4 5 6 7 8
#   0   0 0 0 0 0 o 0 0 0 0
#   1   0  . . . . o . . . .
#   2  -1 . . . . Sko . . .
#   3  -1  . . . . . o . . .
#   4  -2 1 1 1 1 1 1 o 1 1
LOW_WALL = """
name: low-wall
title: Low wall
board: {columns: 9, rows: 5}
terrain:
  - id: wall
    kind: low
    hexes: [[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [4, 4]}
"""

# The same wall, high. Rulebook, Movement and High Obstacles.
HIGH_WALL = (
    LOW_WALL.replace("low-wall", "high-wall")
    .replace("Low wall", "High wall")
    .replace("kind: low", "kind: high")
)

# One mixed piece: (4,2) is a low portion (an opening), every other portion is high.
#   r  q0 0 1 2 3 4 5 6 7 8
#   0   0 0 0 0 0 # 0 0 0 0
#   1   0  . . . . # . . . .
#   2  -1 . . . . Sko . . .
#   3  -1  . . . . . # . . .
#   4  -2 1 1 1 1 1 1 # 1 1
MIXED_WALL = """
name: mixed-wall
title: Mixed wall
board: {columns: 9, rows: 5}
terrain:
  - id: wall
    kind: mixed
    hexes:
      - {at: [4, 0], height: high}
      - {at: [4, 1], height: high}
      - {at: [4, 2], height: low}
      - {at: [4, 3], height: high}
      - {at: [4, 4], height: high}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [4, 4]}
"""

# Two walls side by side (q = 4 and q = 5): no hex borders a portion on both sides.
THICK_WALL = """
name: thick-wall
title: Thick wall
board: {columns: 10, rows: 5}
terrain:
  - id: west
    kind: low
    hexes: [[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]]
  - id: east
    kind: low
    hexes: [[5, 0], [5, 1], [5, 2], [5, 3], [5, 4]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [4, 4]}
"""

# --- ladders and platforms -----------------------------------------------------------------------

# Rulebook, Ladders: a platform "tower" on a high obstacle (^), a ladder (=) at (3,2), Skeletor
# (Sk) at (2,2).
#   r  q0 0 1 2 3 4 5 6 7 8
#   1   0  . . . . . . . . .
#   2  -1 . . . Sk= ^ ^ . .
#   3  -1  . . . . . ^ ^ . .
#   4  -2 . . . . . . . . .
LADDER = """
name: ladder
title: Ladder
board: {columns: 9, rows: 6}
terrain:
  - id: tower-base
    kind: high
    hexes: [[4, 2], [5, 2], [4, 3], [5, 3]]
platforms:
  - id: tower
    hexes: [[4, 2], [5, 2], [4, 3], [5, 3]]
ladders:
  - {id: tower-ladder, at: [3, 2], platform: tower}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [5, 5]}
"""

# Rulebook, Climbing Up / Climbing Down / Pushing: a platform "ledge" over open ground (n), so the
# ground hexes (4,2), (5,2) and (4,3) under it are positions of their own.
#   r  q0 0 1 2 3 4 5 6 7 8
#   1   0  . . . . . . . . .
#   2  -1 . . . . . n n . .
#   3  -1  . . . . . n . . .
#   4  -2 . . . . . . . . .
CLIMB = """
name: climb
title: Climb
board: {columns: 9, rows: 6}
platforms:
  - id: ledge
    hexes: [[4, 2], [5, 2], [4, 3]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [5, 5]}
"""

# --- line of sight -------------------------------------------------------------------------------

# Rulebook, Determining Line of Sight: "When trying to trace a line of sight to Trap Jaw, all but
# one line is blocked by a high obstacle." Stratos (St) at (0,2), Trap Jaw (TJ) at (4,2); the high
# obstacle (2,2)-(2,3)-(1,4) leaves only the line from top corner to top corner clear.
#   r  q0 0 1 2 3 4 5 6 7
#   1   0  . . . . . . . .
#   2  -1 . St. # . TJ. .
#   3  -1  . . . # . . . .
#   4  -2 1 1 1 # 1 1 1 1
STRATOS_ONE_LINE = """
name: stratos-one-line
title: All but one line blocked
board: {columns: 8, rows: 5}
terrain:
  - id: rock
    kind: high
    hexes: [[2, 2], [2, 3], [1, 4]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [4, 4]}
"""

# The same two characters with a one-hex high obstacle (a column, I) between them: the lines from
# top corner to top corner and from bottom corner to bottom corner stay clear.
#   r  q0 0 1 2 3 4 5 6 7
#   2  -1 . St. I . EL. .
STRATOS_TWO_LINES = """
name: stratos-two-lines
title: Two lines clear
board: {columns: 8, rows: 5}
terrain:
  - id: pillar
    kind: column
    hexes: [[2, 2]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [4, 4]}
"""

# Rulebook, Determining Line of Sight (elevation). A platform "tower" over open ground at (0,3) and
# (1,3), Stratos (St) on it at (1,3); a high wall (3,1)-(3,3) far from Trap Jaw (TJ) at (6,2); a
# high screen (2,5), (3,5), (2,6) around Evil-Lyn (EL) at (3,6): (3,5) and (2,6) are adjacent to
# her hex, (2,5) is not.
#   r  q0 0 1 2 3 4 5 6 7 8
#   1   0  . . . # . . . . .
#   2  -1 . . . . # . . TJ.
#   3  -1  . n St. # . . . .
#   4  -2 . . . . . . . . .
#   5  -2  . . . . # # . . .
#   6  -3 1 1 1 1 1 # EL1 1
ELEVATION_SIGHT = """
name: elevation-sight
title: Seeing from a platform
board: {columns: 9, rows: 7}
terrain:
  - id: wall
    kind: high
    hexes: [[3, 1], [3, 2], [3, 3]]
  - id: screen
    kind: high
    hexes: [[2, 5], [3, 5], [2, 6]]
platforms:
  - id: tower
    hexes: [[0, 3], [1, 3]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [6, 6]}
"""

# Rulebook, Determining Line of Sight: "A character that is on a platform does not have line of
# sight to any hexes that are directly under that platform" (and the other way round). Platform
# "roof" over open ground at (2,2), (3,2), (2,3); a second platform "shed" at (6,4).
#   r  q0 0 1 2 3 4 5 6 7 8
#   2  -1 . . . n n . . . .
#   3  -1  . . . n . . . . .
#   4  -2 . . . . . . . . n
UNDER_PLATFORM = """
name: under-platform
title: Under a platform
board: {columns: 9, rows: 7}
platforms:
  - id: roof
    hexes: [[2, 2], [3, 2], [2, 3]]
  - id: shed
    hexes: [[6, 4]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [6, 6]}
"""

# Rulebook, Determining Line of Sight: lines can be traced through difficult terrain, low
# obstacles and ladders. Between (0,3) and (8,3): a low hedge (o) across rows 2-4, difficult
# terrain (~), and a ladder (=) at (6,3) against the platform "post" at (6,2) over open ground.
#   r  q0 0 1 2 3 4 5 6 7 8 9
#   2  -1 . . . o . ~ . n . .
#   3  -1  . St. o . ~ . = . TJ
#   4  -2 . . . o o ~ ~ . . .
NEVER_BLOCK = """
name: never-block
title: Nothing that blocks
board: {columns: 10, rows: 7}
terrain:
  - id: hedge
    kind: low
    hexes: [[2, 2], [2, 3], [2, 4], [1, 4]]
  - id: mud
    kind: difficult
    hexes: [[4, 2], [4, 3], [3, 4], [4, 4]]
platforms:
  - id: post
    hexes: [[6, 2]]
ladders:
  - {id: post-ladder, at: [6, 3], platform: post}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [6, 6]}
"""

# The same hedge as NEVER_BLOCK, high: then it blocks (the control case).
NEVER_BLOCK_HIGH = NEVER_BLOCK.replace("never-block", "hedge-high").replace(
    "id: hedge\n    kind: low", "id: hedge\n    kind: high"
)

# --- cover ---------------------------------------------------------------------------------------

# Rulebook, Cover: "Skeletor is a good target as he is not in cover. The line between Stratos and
# Trap Jaw passes through a low obstacle, so Trap Jaw is in cover. The line between Stratos and
# Evil-Lyn passes through He-Man, so Evil-Lyn is in cover."
# Stratos (St) at (1,3); Skeletor (Sk) at (5,0), his line crossing only difficult terrain; Trap
# Jaw (TJ) at (5,3) behind the low obstacle (3,3); Evil-Lyn (EL) at (1,6) behind He-Man (He) at
# (1,5). Also a column at (5,5) and a ladder at (7,1) against the platform "lookout" (7,0).
#   r  q0 0 1 2 3 4 5 6 7 8
#   0   0 0 0 0 0 0 Sk0 ^ 0
#   1   0  . . . ~ ~ . . = .
#   2  -1 . . . . . . . . .
#   3  -1  . . St. o . TJ. .
#   4  -2 . . . . . . . . .
#   5  -2  . . . He. . . I .
#   6  -3 1 1 1 1 EL1 1 1 1
COVER_ON_GROUND = """
name: cover-on-ground
title: Cover on the ground
board: {columns: 9, rows: 7}
terrain:
  - id: crate
    kind: low
    hexes: [[3, 3]]
  - id: menhir
    kind: column
    hexes: [[5, 5]]
  - id: puddle
    kind: difficult
    hexes: [[3, 1], [4, 1]]
  - id: lookout-base
    kind: column
    hexes: [[7, 0]]
platforms:
  - id: lookout
    hexes: [[7, 0]]
ladders:
  - {id: lookout-ladder, at: [7, 1], platform: lookout}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [6, 6]}
"""

# Rulebook, Cover and Elevation: Stratos (St) on the platform "bastion" at (1,3), (1,4), (0,4)
# over open ground. Trap Jaw (TJ) at (6,3) behind the column (4,3); Skeletor (Sk) at (3,5) behind
# the column (2,4), which is adjacent to (1,4), a hex directly under the platform; Evil-Lyn (EL)
# at (5,1) behind the low obstacle (3,2).
#   r  q0 0 1 2 3 4 5 6 7 8
#   1   0  . . . . . EL. . .
#   2  -1 . . . . o . . . .
#   3  -1  . . St. . I . TJ.
#   4  -2 . . n n I . . . .
#   5  -2  . . . . . Sk. . .
COVER_FROM_PLATFORM = """
name: cover-from-platform
title: Cover from a platform
board: {columns: 9, rows: 7}
terrain:
  - id: pillar
    kind: column
    hexes: [[4, 3]]
  - id: stone
    kind: column
    hexes: [[2, 4]]
  - id: fence
    kind: low
    hexes: [[3, 2]]
platforms:
  - id: bastion
    hexes: [[1, 3], [1, 4], [0, 4]]
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [6, 6]}
"""


# --- generated maps ------------------------------------------------------------------------------


def _hexes(hexes: Iterable[Hex]) -> str:
    return "[" + ", ".join(f"[{q}, {r}]" for q, r in sorted(hexes)) + "]"


def compose(
    columns: int,
    rows: int,
    *,
    high: Iterable[Hex] = (),
    low: Iterable[Hex] = (),
    difficult: Iterable[Hex] = (),
    platform: Iterable[Hex] = (),
    ladder: Hex | None = None,
    name: str = "generated",
) -> str:
    """A map string: one terrain piece per hex (each its own portion), at most one platform."""
    lines = [
        f"name: {name}",
        f"title: {name}",
        f"board: {{columns: {columns}, rows: {rows}}}",
        "terrain:",
    ]
    pieces = 0
    for kind, hexes in (("column", high), ("low", low), ("difficult", difficult)):
        for h in sorted(hexes):
            pieces += 1
            lines.append(f"  - {{id: p{pieces}, kind: {kind}, hexes: {_hexes([h])}}}")
    if not pieces:
        lines[-1] = "terrain: []"
    platform = sorted(platform)
    if platform:
        lines += ["platforms:", f"  - {{id: deck, hexes: {_hexes(platform)}}}"]
        if ladder is not None:
            lines += [
                "ladders:",
                f"  - {{id: steps, at: [{ladder[0]}, {ladder[1]}], platform: deck}}",
            ]
    lines += [
        "deployment_zones:",
        "  - {player: 0, rows: [0, 0]}",
        f"  - {{player: 1, rows: [{rows - 1}, {rows - 1}]}}",
    ]
    return "\n".join(lines) + "\n"


_ROLES = ("open",) * 6 + ("high",) * 2 + ("low", "difficult")


@st.composite
def random_maps(
    draw: st.DrawFn,
    *,
    min_size: int = 4,
    max_size: int = 7,
    platforms: bool = True,
    roles: tuple[str, ...] = _ROLES,
) -> str:
    """A small random map string: high and low obstacles, difficult terrain, maybe a platform with
    a ladder. The string (not the field) is drawn, so a failing example prints readably."""
    columns = draw(st.integers(min_size, max_size))
    rows = draw(st.integers(min_size, max_size))
    board = board_hexes(columns, rows)
    chosen = draw(st.lists(st.sampled_from(roles), min_size=len(board), max_size=len(board)))
    by_role: dict[str, set[Hex]] = {"open": set(), "high": set(), "low": set(), "difficult": set()}
    for h, role in zip(board, chosen, strict=True):
        by_role[role].add(h)
    platform: list[Hex] = []
    ladder: Hex | None = None
    if platforms and draw(st.booleans()):
        platform = draw(st.lists(st.sampled_from(board), min_size=1, max_size=4, unique=True))
        free = sorted(
            h
            for h in by_role["open"]
            if h not in platform and any(n in platform for n in neighbours(h))
        )
        if free and draw(st.booleans()):
            ladder = draw(st.sampled_from(free))
    return compose(
        columns,
        rows,
        high=by_role["high"],
        low=by_role["low"],
        difficult=by_role["difficult"],
        platform=platform,
        ladder=ladder,
    )
