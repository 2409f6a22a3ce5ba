"""Draw a battlefield in the terminal: one two-character cell per hex, odd rows indented.

The board is a rectangle of pointy-topped hexes in odd-r offset layout (battleground.md §2;
rulebook *Basic Concepts*, Battleground): every odd row is shifted right by half a hex, so with
cells two characters wide an odd row is indented by one character and each hex sits exactly
between its two neighbours in the rows above and below.

:func:`render_map` returns a :class:`rich.text.Text` with colours; :func:`render_plain` returns the
same picture as plain text, for tests, logs and pipes. Plain text cannot tint a background, so
there open ground inside a deployment zone is drawn with the player's number instead of a dot.

Each cell is a glyph followed by a second character that is normally a space. A character's
label uses both characters. With ``sight_from`` the second character marks what the viewer sees:
``x`` when no position of that hex is visible, ``:`` when only one of its two levels is (a hex
under a platform holds a ground and a platform position), and a space when all are visible.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from rich.text import Text

from rulekeeper.core.hexes import Hex, axial_to_offset, offset_to_axial
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position

__all__ = ["LEGEND", "NO_OVERLAY", "Glyph", "Overlay", "render_map", "render_plain"]


@dataclass(frozen=True)
class Glyph:
    """How one class of hex is drawn: its character, rich style and legend entry."""

    char: str
    style: str
    meaning: str
    plain: str = ""

    @property
    def plain_char(self) -> str:
        return self.plain or self.char


OPEN = Glyph(".", "grey50", "open ground")
DIFFICULT = Glyph("~", "green3", "difficult terrain")
LOW = Glyph("o", "bold dark_orange", "low obstacle (or opening)")
HIGH = Glyph("#", "bold grey93 on grey35", "high obstacle")
COLUMN = Glyph("I", "bold magenta", "column (high)")
PLATFORM_ON_OBSTACLE = Glyph("^", "bold bright_yellow on grey35", "platform on an obstacle")
PLATFORM_OVER_GROUND = Glyph("n", "bold bright_yellow", "platform with ground under it")
LADDER = Glyph("=", "bold yellow", "ladder")
OBJECTIVE = Glyph("*", "bold bright_green", "objective token")
CLAIMED = Glyph("+", "dim green", "objective claimed (token taken)")
MARK = Glyph("&", "bold magenta", "mark")
ZONE_0 = Glyph(".", "grey70 on #17375e", "deployment zone of player 0", plain="0")
ZONE_1 = Glyph(".", "grey70 on #5e1717", "deployment zone of player 1", plain="1")
CHARACTER = Glyph("Ab", "bold reverse", "character (short label)")
VIEWER = Glyph("@", "bold bright_white on green4", "sight from here")
VISIBLE = Glyph(" ", "", "visible from @")
HIDDEN = Glyph("x", "bold red", "not visible from @")
PARTLY = Glyph(":", "bold yellow", "one level of two visible from @")

LEGEND: tuple[Glyph, ...] = (
    OPEN,
    DIFFICULT,
    LOW,
    HIGH,
    COLUMN,
    PLATFORM_ON_OBSTACLE,
    PLATFORM_OVER_GROUND,
    LADDER,
    OBJECTIVE,
    ZONE_0,
    ZONE_1,
    CHARACTER,
)
SIGHT_LEGEND: tuple[Glyph, ...] = (VIEWER, HIDDEN, PARTLY)

ZONE_BACKGROUND = {0: "#17375e", 1: "#5e1717"}
CHARACTER_ON_OBJECTIVE = "bold black on bright_green"
LABEL_STYLE = "dim"

# A segment of output: (rich text, plain text, rich style).
_Segment = tuple[str, str, str]


@dataclass(frozen=True)
class Overlay:
    """What a game in progress adds to the map: a rich style per character label (side colours,
    the active character), the objective tokens already claimed (hex -> the claiming player)
    and the hexes holding a mark. Plain text shows the labels and glyphs, never the styles."""

    styles: Mapping[Position, str] = dataclasses.field(default_factory=dict)
    claimed: Mapping[Hex, int] = dataclasses.field(default_factory=dict)
    marks: frozenset[Hex] = frozenset()


NO_OVERLAY = Overlay()


def render_map(
    field: Battlefield,
    *,
    characters: Mapping[Position, str] | None = None,
    sight_from: Position | None = None,
    show_coordinates: bool = True,
    overlay: Overlay = NO_OVERLAY,
) -> Text:
    """The board with colours, row and column labels and a legend.

    ``characters`` maps positions to short labels, of which the first two characters are shown
    (one when ``sight_from`` needs the second for its mark; a hex with characters both under
    and on a platform shows both initials, the one on the ground first). ``sight_from`` marks
    every other position as visible or not from there, by ``field.has_line_of_sight``.
    ``overlay`` styles the labels and shows claimed objectives and marks (:class:`Overlay`).
    Raises ValueError when ``sight_from`` is not a position of the map.
    """
    text = Text()
    for line in _lines(field, characters or {}, sight_from, show_coordinates, overlay):
        for rich_part, _plain, style in line:
            text.append(rich_part, style=style or None)
        text.append("\n")
    text.rstrip()
    return text


def render_plain(
    field: Battlefield,
    *,
    characters: Mapping[Position, str] | None = None,
    sight_from: Position | None = None,
    show_coordinates: bool = True,
    overlay: Overlay = NO_OVERLAY,
) -> str:
    """The same picture as :func:`render_map` without colours (zones drawn as 0 and 1)."""
    lines = _lines(field, characters or {}, sight_from, show_coordinates, overlay)
    return "\n".join("".join(plain for _r, plain, _s in line).rstrip() for line in lines) + "\n"


# --- building the picture ----------------------------------------------------------------


def _lines(
    field: Battlefield,
    characters: Mapping[Position, str],
    sight_from: Position | None,
    show_coordinates: bool,
    overlay: Overlay = NO_OVERLAY,
) -> list[list[_Segment]]:
    if sight_from is not None and sight_from not in field.positions:
        raise ValueError(f"sight_from {sight_from} is not a position of map {field.name!r}")
    kinds = _piece_kinds(field)
    objectives = set(field.objectives.values())
    by_hex: dict[Hex, dict[int, str]] = {}
    for pos, label in characters.items():
        by_hex.setdefault(pos.hex, {})[pos.level] = label

    prefix_width = 8 if show_coordinates else 0
    lines: list[list[_Segment]] = []
    title = f"{field.title} ({field.name})" + (" - provisional layout" if field.provisional else "")
    lines.append([_same(title, "bold")])
    if show_coordinates:
        lines.extend(_column_header(field.columns, prefix_width))
    for row in range(field.rows):
        line: list[_Segment] = []
        if show_coordinates:
            first_q = offset_to_axial(0, row)[0]
            line.append(_same(f"{row:>3} {first_q:>3} ", LABEL_STYLE))
        if row & 1:
            line.append(_same(" ", ""))
        for column in range(field.columns):
            h = offset_to_axial(column, row)
            cell = _cell(field, h, kinds, objectives, by_hex.get(h, {}), sight_from)
            line.extend(_overlaid(cell, field, h, by_hex.get(h, {}), overlay))
        lines.append(line)
    lines.append([])
    lines.extend(_legend(field, sight_from, show_coordinates, overlay))
    return lines


def _overlaid(
    cell: list[_Segment],
    field: Battlefield,
    h: Hex,
    occupants: Mapping[int, str],
    overlay: Overlay,
) -> list[_Segment]:
    """A cell with the game's overlay: a character's own style, a claimed token, a mark."""
    if overlay is NO_OVERLAY:
        return cell
    if occupants:
        style = next(
            (
                overlay.styles[Position(h[0], h[1], level)]
                for level in (PLATFORM, GROUND)
                if Position(h[0], h[1], level) in overlay.styles
            ),
            None,
        )
        if style is None:
            return cell
        return [(rich, plain, style) for rich, plain, _ in cell]
    zone = _zone_of(field, h)
    if h in overlay.claimed:
        return [_same(CLAIMED.char, _with_zone(CLAIMED.style, zone)), *cell[1:]]
    if h in overlay.marks:
        return [_same(MARK.char, _with_zone(MARK.style, zone)), *cell[1:]]
    return cell


def _same(text: str, style: str) -> _Segment:
    return (text, text, style)


def _piece_kinds(field: Battlefield) -> dict[Hex, str]:
    kinds: dict[Hex, str] = {}
    for piece in field.data.terrain:
        for h, _height in piece.portions():
            kinds[h] = piece.kind
    return kinds


def _base_glyph(
    field: Battlefield, h: Hex, kinds: Mapping[Hex, str], objectives: set[Hex]
) -> Glyph:
    if h in field.ladders:
        return LADDER
    if h in field.platform_of:
        if Position(h[0], h[1], GROUND) in field.positions:
            return OBJECTIVE if h in objectives else PLATFORM_OVER_GROUND
        return PLATFORM_ON_OBSTACLE
    height = field.obstacle_height.get(h)
    if height is not None:
        if kinds.get(h) == "column":
            return COLUMN
        return HIGH if height == "high" else LOW
    if h in objectives:
        return OBJECTIVE
    if h in field.difficult:
        return DIFFICULT
    for player, glyph in ((0, ZONE_0), (1, ZONE_1)):
        if h in field.zones.get(player, frozenset()):
            return glyph
    return OPEN


def _zone_of(field: Battlefield, h: Hex) -> int | None:
    for player, zone in field.zones.items():
        if h in zone:
            return player
    return None


def _with_zone(style: str, zone: int | None) -> str:
    """Tint the background of a deployment zone, unless the style has a background already."""
    if zone is None or " on " in f" {style}":
        return style
    return f"{style} on {ZONE_BACKGROUND[zone]}".strip()


def _cell(
    field: Battlefield,
    h: Hex,
    kinds: Mapping[Hex, str],
    objectives: set[Hex],
    occupants: Mapping[int, str],
    sight_from: Position | None,
) -> list[_Segment]:
    zone = _zone_of(field, h)
    glyph = _base_glyph(field, h, kinds, objectives)
    marker = _sight_marker(field, h, sight_from)

    if sight_from is not None and sight_from.hex == h:
        first: _Segment = _same(VIEWER.char, VIEWER.style)
    elif occupants:
        labels = [occupants[level] for level in (GROUND, PLATFORM) if level in occupants]
        # Two characters in one hex (under and on a platform): both initials, ground first.
        content = labels[0][:1] + labels[1][:1] if len(labels) == 2 else (labels[0] + " ")[:2]
        style = CHARACTER_ON_OBJECTIVE if h in objectives else CHARACTER.style
        if marker is None:
            return [_same(content, style)]
        first = _same(content[:1], style)
    else:
        style = _with_zone(glyph.style, zone)
        if marker is HIDDEN:
            style = f"{style} dim"
        first = (glyph.char, glyph.plain_char, style)

    second = VISIBLE if marker is None else marker
    return [first, _same(second.char, _with_zone(second.style, zone))]


def _sight_marker(field: Battlefield, h: Hex, sight_from: Position | None) -> Glyph | None:
    """None without sight or for hexes with no position; else VISIBLE, PARTLY or HIDDEN."""
    if sight_from is None:
        return None
    targets = [
        Position(h[0], h[1], level)
        for level in (GROUND, PLATFORM)
        if Position(h[0], h[1], level) in field.positions
        and Position(h[0], h[1], level) != sight_from
    ]
    if not targets:
        return None
    seen = [field.has_line_of_sight(sight_from, target) for target in targets]
    if all(seen):
        return VISIBLE
    return PARTLY if any(seen) else HIDDEN


def _column_header(columns: int, prefix_width: int) -> list[list[_Segment]]:
    """Offset column numbers: units under each even-row cell, tens above every tenth column."""
    units = "".join(f"{column % 10} " for column in range(columns))
    header = [[_same("  r  q0 ".ljust(prefix_width) + units, LABEL_STYLE)]]
    if columns > 10:
        tens = "".join(
            (str(column // 10 % 10) if column % 10 == 0 and column else " ") + " "
            for column in range(columns)
        )
        header.insert(0, [_same(" " * prefix_width + tens, LABEL_STYLE)])
    return header


def _legend(
    field: Battlefield,
    sight_from: Position | None,
    show_coordinates: bool,
    overlay: Overlay = NO_OVERLAY,
) -> list[list[_Segment]]:
    entries = list(LEGEND) + (list(SIGHT_LEGEND) if sight_from is not None else [])
    if overlay.claimed:
        entries.append(CLAIMED)
    if overlay.marks:
        entries.append(MARK)
    lines: list[list[_Segment]] = [[_same("Legend:", "bold")]]
    per_line = 2
    for start in range(0, len(entries), per_line):
        line: list[_Segment] = [_same("  ", "")]
        for glyph in entries[start : start + per_line]:
            shown = glyph.plain_char if glyph.plain else glyph.char
            line.append((glyph.char.ljust(2), shown.ljust(2), glyph.style))
            line.append(_same(" " + glyph.meaning.ljust(32), ""))
        lines.append(line)
    if sight_from is not None:
        column, row = axial_to_offset(sight_from.hex)
        where = "on the platform" if sight_from.level == PLATFORM else "on the ground"
        lines.append(
            [_same(f"  @ = sight from {sight_from} {where} (row {row}, column {column})", "")]
        )
    if show_coordinates:
        lines.append(
            [
                _same(
                    "  axial (q, r) of a hex: r = its row, q = the row's q0 + its column",
                    LABEL_STYLE,
                )
            ]
        )
    if field.provisional:
        lines.append(
            [_same("  provisional: a reconstruction, not the printed layout", LABEL_STYLE)]
        )
    return lines
