"""Drawing a battlefield in the terminal (render.py).

Sources: rulebook *Basic Concepts* (a battleground of hexes; terrain classes; deployment zones;
objective tokens), *Ladders and Platforms*, *Determining Line of Sight*; battleground.md §2
(axial positions with a level; line of sight).
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from rich.console import Console
from rich.text import Text

from rulekeeper.core.hexes import Hex, axial_to_offset, offset_to_axial
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.render import LEGEND, render_map, render_plain

# Every glyph class on one small board (axial coordinates; rows 0-1 start at q 0, rows 2-3 at
# q -1, rows 4-5 at q -2).
EVERYTHING = """\
name: everything
title: Everything
board: {columns: 10, rows: 6}
terrain:
  - {id: high-2, kind: high, hexes: [[2, 2], [3, 2]]}
  - {id: low-1, kind: low, hexes: [[6, 1]]}
  - {id: column-1, kind: column, hexes: [[1, 4]]}
  - {id: mixed-2, kind: mixed, hexes: [{at: [5, 4], height: low}, {at: [6, 4], height: high}]}
  - {id: mud, kind: difficult, hexes: [[7, 3], [8, 3]]}
platforms:
  - {id: roof, hexes: [[3, 2], [3, 3]]}
ladders:
  - {id: ladder-1, at: [4, 3], platform: roof}
objectives:
  - {id: objective-1, at: [6, 2]}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [5, 5]}
"""

HE_MAN = Position(1, 1)

# hex -> the plain-text cell expected for it
EXPECTED_CELLS: dict[Hex, str] = {
    (0, 0): "0 ",  # open ground in player 0's zone
    (-2, 5): "1 ",  # open ground in player 1's zone
    (0, 1): ". ",  # open ground
    (7, 3): "~ ",  # difficult terrain
    (6, 1): "o ",  # low obstacle
    (5, 4): "o ",  # the low (opening) hex of a mixed piece
    (6, 4): "# ",  # the high hex of a mixed piece
    (2, 2): "# ",  # high obstacle
    (1, 4): "I ",  # column
    (3, 2): "^ ",  # platform resting on the high obstacle
    (3, 3): "n ",  # platform over open ground
    (4, 3): "= ",  # ladder
    (6, 2): "* ",  # objective token
    (1, 1): "He",  # a character
}


@pytest.fixture
def everything() -> Battlefield:
    return Battlefield.from_yaml(EVERYTHING, "everything.yaml")


def board_lines(plain: str, rows: int) -> list[str]:
    """The board rows of a rendering made with ``show_coordinates=False`` (after the title)."""
    return plain.splitlines()[1 : 1 + rows]


def cell(plain: str, field: Battlefield, h: Hex) -> str:
    column, row = axial_to_offset(h)
    line = board_lines(plain, field.rows)[row]
    start = (row & 1) + 2 * column
    return line[start : start + 2].ljust(2)


def test_plain_rendering_draws_every_glyph_class(everything: Battlefield) -> None:
    """Each class of hex has its own glyph: open ground, difficult terrain, low and high
    obstacles, columns, platforms (on an obstacle, or with ground under it), ladders, objective
    tokens, the two deployment zones and characters."""
    plain = render_plain(everything, characters={HE_MAN: "He-Man"}, show_coordinates=False)
    for h, expected in EXPECTED_CELLS.items():
        assert cell(plain, everything, h) == expected, h


def test_glyph_classes_are_distinct() -> None:
    """No two legend entries share a glyph, so the plain picture is unambiguous."""
    glyphs = [glyph.plain_char for glyph in LEGEND]
    assert len(glyphs) == len(set(glyphs))


def test_legend_lists_every_glyph(everything: Battlefield) -> None:
    """The picture explains itself: a legend with every glyph and its meaning."""
    plain = render_plain(everything)
    legend = plain[plain.index("Legend:") :]
    for glyph in LEGEND:
        assert f"{glyph.plain_char:<2} {glyph.meaning}" in legend, glyph.meaning
    assert "sight from here" not in legend  # sight entries appear only with sight_from


def test_odd_rows_are_indented_half_a_cell(everything: Battlefield) -> None:
    """battleground.md §2 / hexes.py: odd-r layout, odd rows shifted right by half a hex, so a
    hex sits between its two neighbours in the rows above and below."""
    lines = board_lines(render_plain(everything, show_coordinates=False), everything.rows)
    assert len(lines) == everything.rows
    for row, line in enumerate(lines):
        assert line.startswith(" ") == bool(row & 1), row
        assert len(line.rstrip()) == (row & 1) + 2 * everything.columns - 1
    # (2, 2) is at even row 2, column 3; its neighbours below are columns 2 and 3 of row 3.
    assert cell(render_plain(everything, show_coordinates=False), everything, (2, 2)) == "# "
    column, _ = axial_to_offset((2, 2))
    below = [axial_to_offset(h)[0] for h in ((1, 3), (2, 3))]
    assert [2 * c + 1 for c in below] == [2 * column - 1, 2 * column + 1]


def test_coordinates_label_rows_with_r_and_q(everything: Battlefield) -> None:
    """Row labels give r and the q of the row's first hex; the header numbers the columns."""
    lines = render_plain(everything).splitlines()
    header = next(line for line in lines if line.startswith("  r  q0"))
    assert header.split()[2:] == [str(c % 10) for c in range(everything.columns)]
    for row in range(everything.rows):
        first_q = offset_to_axial(0, row)[0]
        assert any(line.startswith(f"{row:>3} {first_q:>3} ") for line in lines), row
    assert "q = the row's q0 + its column" in render_plain(everything)


def test_without_coordinates_there_are_no_labels(everything: Battlefield) -> None:
    """show_coordinates=False leaves the bare board (for narrow terminals and tests)."""
    plain = render_plain(everything, show_coordinates=False)
    assert "q0" not in plain
    assert board_lines(plain, everything.rows)[0].startswith("0 0 0")


def test_rich_rendering_has_colours_and_zone_tints(everything: Battlefield) -> None:
    """render_map returns rich Text: the same board, zones tinted instead of numbered."""
    text = render_map(everything, characters={HE_MAN: "He"}, show_coordinates=False)
    assert isinstance(text, Text)
    rich_lines = [line.rstrip() for line in text.plain.splitlines()[1 : 1 + everything.rows]]
    plain_lines = board_lines(render_plain(everything, show_coordinates=False), everything.rows)
    assert rich_lines[0].startswith(". . .")  # zone hexes show ground ...
    assert plain_lines[0].startswith("0 0 0")  # ... which plain text must number instead
    assert rich_lines[2:5] == plain_lines[2:5]  # rows without zones are the same text
    styles = {str(span.style) for span in text.spans}
    assert any("on #17375e" in style for style in styles)  # player 0's zone tint
    assert any("on #5e1717" in style for style in styles)  # player 1's zone tint
    assert "bold reverse" in styles  # the character
    assert len({style for style in styles if style}) >= 10


def test_rich_rendering_prints_on_a_console(everything: Battlefield) -> None:
    """The Text prints through a rich Console with colours (as `map show` does)."""
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="truecolor", width=120)
    console.print(render_map(everything))
    out = buffer.getvalue()
    assert "\x1b[" in out
    assert "Everything (everything)" in out


def test_plain_rendering_has_no_escape_codes(everything: Battlefield) -> None:
    """render_plain is for pipes and files: no ANSI escapes."""
    assert "\x1b" not in render_plain(everything, characters={HE_MAN: "He"})


def test_characters_are_drawn_by_label(everything: Battlefield) -> None:
    """Characters appear by a short label; one under and one on a platform share the cell."""
    plain = render_plain(
        everything,
        characters={Position(3, 3, 0): "Skeletor", Position(3, 3, 1): "Stratos"},
        show_coordinates=False,
    )
    assert cell(plain, everything, (3, 3)) == "SS"
    plain = render_plain(everything, characters={Position(0, 1): "M"}, show_coordinates=False)
    assert cell(plain, everything, (0, 1)) == "M "


def fake_sight(hidden: set[Position]) -> Callable[[Position, Position], bool]:
    def has_line_of_sight(a: Position, b: Position) -> bool:
        return b not in hidden

    return has_line_of_sight


def test_sight_marks_each_hex(everything: Battlefield, monkeypatch: pytest.MonkeyPatch) -> None:
    """With sight_from, each position is marked: 'x' when not visible, ':' when only one of
    the two levels of a hex under a platform is, nothing when visible; '@' is the viewer."""
    hidden = {Position(0, 1), Position(3, 3, 0), Position(7, 3)}
    monkeypatch.setattr(everything, "has_line_of_sight", fake_sight(hidden))
    viewer = Position(0, 4)
    plain = render_plain(everything, sight_from=viewer, show_coordinates=False)
    assert cell(plain, everything, (0, 4)) == "@ "
    assert cell(plain, everything, (0, 1)) == ".x"
    assert cell(plain, everything, (7, 3)) == "~x"
    assert cell(plain, everything, (3, 3)) == "n:"  # ground hidden, platform seen
    assert cell(plain, everything, (3, 2)) == "^ "  # the platform on the wall is seen
    assert cell(plain, everything, (2, 2)) == "# "  # obstacles are not positions: no mark
    assert cell(plain, everything, (8, 3)) == "~ "
    assert "x  not visible from @" in plain
    assert "@ = sight from (0,4) on the ground" in plain


def test_sight_keeps_one_label_letter_for_characters(
    everything: Battlefield, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A character's cell gives its second letter to the sight mark."""
    monkeypatch.setattr(everything, "has_line_of_sight", fake_sight({HE_MAN}))
    plain = render_plain(
        everything, characters={HE_MAN: "He"}, sight_from=Position(0, 4), show_coordinates=False
    )
    assert cell(plain, everything, HE_MAN.hex) == "Hx"


def test_sight_asks_the_battlefield_for_every_other_position(
    everything: Battlefield, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every position but the viewer's own is asked about, once."""
    asked: list[Position] = []

    def has_line_of_sight(a: Position, b: Position) -> bool:
        asked.append(b)
        return True

    monkeypatch.setattr(everything, "has_line_of_sight", has_line_of_sight)
    viewer = Position(3, 3, 1)
    render_plain(everything, sight_from=viewer)
    assert sorted(asked) == sorted(everything.positions - {viewer})


def test_sight_from_must_be_a_position(everything: Battlefield) -> None:
    """One cannot look from inside an obstacle."""
    with pytest.raises(ValueError, match="not a position"):
        render_plain(everything, sight_from=Position(2, 2))


WALL = """\
name: wall
title: Wall
board: {columns: 7, rows: 5}
terrain:
  - {id: high-3-a, kind: high, hexes: [[1, 2], [2, 2], [3, 2]]}
deployment_zones:
  - {player: 0, rows: [0, 0]}
  - {player: 1, rows: [4, 4]}
"""


def test_sight_behind_a_high_obstacle_is_hidden() -> None:
    """Rulebook, Determining Line of Sight: a high obstacle blocks line of sight; open ground
    does not. Uses the real line-of-sight code (los.py)."""
    field = Battlefield.from_yaml(WALL, "wall.yaml")
    viewer = Position(3, 0)
    plain = render_plain(field, sight_from=viewer, show_coordinates=False)
    assert cell(plain, field, (3, 0)) == "@ "
    assert not field.has_line_of_sight(viewer, Position(1, 4))
    assert cell(plain, field, (1, 4)) == "1x"  # straight behind the wall
    assert cell(plain, field, (2, 3)) == ".x"
    assert field.has_line_of_sight(viewer, Position(0, 1))
    assert cell(plain, field, (0, 1)) == ". "  # in the open, in front of the wall
    assert cell(plain, field, (2, 2)) == "# "


@pytest.mark.parametrize("name", ["first-game", "crossroads", "twin-towers"])
def test_shipped_maps_render(name: str) -> None:
    """Each shipped map draws as a full 30 × 25 board with its title and legend."""
    field = Battlefield.load(name)
    plain = render_plain(field, show_coordinates=False)
    lines = board_lines(plain, field.rows)
    assert [len(line.rstrip()) for line in lines] == [
        (row & 1) + 2 * field.columns - 1 for row in range(field.rows)
    ]
    assert plain.startswith(field.title)
    assert "Legend:" in plain
    for h in field.objectives.values():
        assert cell(plain, field, h) == "* "
    for h in field.ladders:
        assert cell(plain, field, h) == "= "
