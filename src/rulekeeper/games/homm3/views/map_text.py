"""The HoMM3 map as text (issue 24 §5): every field a cell of two lines, in hex rows.

Map tiles are 7-field flowers of pointy-topped hexes (map/geometry.py); a row of the board is a
line of cells and each row is shifted half a cell from the next, as on the table. A cell shows

* on its first line what lies there: a location code (``Mg`` a Gold Mine, ``Ww`` a Water Wheel:
  the legend under the map lists the codes on it), ``!3`` a guard of Field Difficulty III not
  yet beaten (§5.23), ``:C`` the faction whose cube flags it, ``(Ww)`` a one-time location
  already visited, ``TC`` a Town (its faction; ``TC/D`` held by another), ``####`` a blocked
  field, ``~N~`` a face-down tile showing its back (Far, Near, Center: the fog);
* on its second line the field's coordinates ``q,r`` as a person types them (``move -4,1``),
  or the hero standing there (``@Cath`` a Main Hero, ``+Alam`` a Secondary Hero, ``&Warl`` an
  AI hero of a solo or co-op scenario, homm3.md §5.24).

Flags, towns and heroes are drawn in their faction's colour; the AI's (its heroes, the flags and
towns it holds, ``:A``) in red. The map is cut to 100 columns
around the seat's heroes when it is wider (``map`` prints it whole).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import Hex
from rulekeeper.games.homm3.map import geometry
from rulekeeper.games.homm3.map.model import AI_SEAT, MAIN, NOBODY_SEAT
from rulekeeper.games.homm3.views.map_words import KIND_NAMES, location_name

__all__ = [
    "CELL",
    "COLOURS",
    "LETTERS",
    "Cell",
    "MapView",
    "ai_short",
    "cells",
    "guard_level",
    "legend",
    "location_code",
    "map_text",
]

CELL = 6
"""Characters a field takes on a line; a row is shifted by half of it."""
WIDTH = 100
"""The screen's width: a wider map is cut around the seat's heroes."""
LETTERS: Mapping[str, str] = {"castle": "C", "dungeon": "D", "necropolis": "N"}
"""A faction's letter on the map."""
COLOURS: Mapping[str, str] = {
    "castle": "bold blue",
    "dungeon": "bold magenta",
    "necropolis": "bold green",
}
"""A faction's colour on the map (its flags, towns and heroes)."""
AI_COLOUR = "bold red"
"""The AI heroes' colour on the map (their figures, flags and towns)."""
AI_LETTER = "A"
"""The AI's letter on a flag or a town it holds."""
CODES: Mapping[str, str] = {
    "empty": ".",
    "blocked": "####",
    "settlement": "St",
    "water-wheel": "Ww",
    "mystical-garden": "Gd",
    "windmill": "Wm",
    "learning-stone": "Ls",
    "shrine-of-magic-gesture": "Sg",
    "shrine-of-magic-incantation": "Si",
    "redwood-observatory": "Rw",
    "tree-of-knowledge": "Tk",
    "witch-hut": "Wh",
    "stables": "Sb",
    "temple": "Te",
    "magic-spring": "Ms",
    "warriors-tomb": "Wt",
    "fountain-of-youth": "Fy",
    "dragon-utopia": "Du",
    "artifact-icon": "Ar",
    "treasure-icon": "Tr",
    "resource-icon": "Rs",
    "sanctuary": "Sa",
    "trading-post": "TP",
    "grail": "Gr",
    "obelisk": "Ob",
    "pandoras-box": "Pb",
}
"""Each location's code on the map (a location not listed: the initials of its name)."""
MINE_CODES: Mapping[str, str] = {"gold": "Mg", "materials": "Mm", "valuables": "Mv"}
BACKS: Mapping[str, str] = {"far": "~F~", "near": "~N~", "center": "~C~", "starting": "~S~"}
"""A face-down tile's fields: the kind on its back (§5.1)."""


@dataclass(frozen=True)
class Cell:
    """One field as drawn: its two lines and their styles."""

    top: str
    bottom: str
    top_style: str = ""
    bottom_style: str = "dim"


def guard_level(state: Any, key: str, printed: Any) -> int:
    """The Field Difficulty of the guard still on *key* (0: none): a numeral not yet beaten, a
    mine nobody has flagged (§5.5, §8.16)."""
    if printed is None or printed.difficulty <= 0:
        return 0
    found = state.sites.get(key)
    if found is not None and (found.visited or found.flagged_before):
        return 0
    return int(printed.difficulty)


def location_code(state: Any, printed: Any) -> str:
    """The location code of a printed field."""
    location = printed.location
    if location == "mine" and printed.resource:
        return MINE_CODES.get(printed.resource, "M")
    if location == "town":
        return "T" + LETTERS.get(str(printed.faction), "?")
    if location in CODES:
        return CODES[location]
    name = location_name(state, printed)
    words = [w for w in name.replace("'", "").split() if w[:1].isalpha()]
    return "".join(w[0] for w in words[:2]).capitalize() or "?"


def _colour(state: Any, seat: int) -> str:
    if seat == AI_SEAT:
        return AI_COLOUR
    if 0 <= seat < len(state.players):
        return COLOURS.get(state.players[seat].faction, "bold")
    return ""


def _letter(state: Any, seat: int) -> str:
    if seat == AI_SEAT:
        return AI_LETTER
    if 0 <= seat < len(state.players):
        return LETTERS.get(state.players[seat].faction, str(seat))
    return "-"


def field_cell(state: Any, key: str, printed: Any) -> Cell:
    """The cell of a face-up field (module doc)."""
    code = location_code(state, printed)
    found = state.sites.get(key)
    style = ""
    top = code
    town = next((t for t in state.towns if t.field == key), None)
    if printed.location == "blocked":
        return Cell(code, key, "dim")
    if town is not None:
        if town.owner != town.seat:
            top = f"{code}/{_letter(state, town.owner)}"
        style = _colour(state, town.owner)
    elif found is not None and found.owner != NOBODY_SEAT:
        top, style = f"{code}:{_letter(state, found.owner)}", _colour(state, found.owner)
    elif printed.location == "obelisk" and found is not None and found.visitors:
        top = code + ":" + "".join(_letter(state, s) for s in found.visitors)
    level = guard_level(state, key, printed)
    if level:
        top = f"{code}!{level}" if code != "." else f"!{level}"
        style = "bold yellow" if level < 4 else "bold red"
    elif found is not None and found.visited and _one_time(state, printed):
        top, style = f"({code})", "dim"
    return Cell(top, key, style)


def _one_time(state: Any, printed: Any) -> bool:
    location = state.game.pack.locations.get(printed.location)
    return location is not None and location.category == "one-time"


def cells(state: Any, marks: Mapping[str, str] | None = None) -> dict[Hex, Cell]:
    """Every field of the map as drawn: face-up tiles, face-down tiles (their back), the
    heroes standing there, and *marks* (field key -> a word: a slot a tile may be laid on)."""
    found: dict[Hex, Cell] = {}
    pack = state.game.pack
    for placement in state.placements:
        tile = pack.tiles[placement.tile]
        for position, printed in enumerate(tile.fields):
            h = geometry.position_hex((placement.q, placement.r), position, placement.rotation)
            cell = field_cell(state, hex_key(h), printed)
            found[h] = dataclasses.replace(cell, bottom_style="bold") if position == 0 else cell
    for slot in state.face_down:
        back = BACKS.get(slot.kind, "~?~")
        for h in geometry.slot_fields(slot.at):
            label = slot.at if hex_key(h) == slot.at else ""
            found[h] = Cell(back, label, "dim", "dim")
    for key, word in (marks or {}).items():
        h = key_hex(key)
        for field in geometry.slot_fields(h):
            if field not in found:
                found[field] = Cell("*", "", "bold cyan")
        found[h] = Cell(word, key, "bold cyan", "bold cyan")
    for item in state.heroes:
        if not item.on_map:
            continue
        h = key_hex(item.field)
        base = found.get(h, Cell("", ""))
        here = [other for other in state.heroes if other.field == item.field]
        if len(here) > 1:
            label = "/".join(_hero_short(state, other.id)[:2] for other in here[:2])
        else:
            mark = "@" if item.role == MAIN else "+"
            label = mark + _hero_short(state, item.id)[:4]
        found[h] = Cell(base.top, label, base.top_style, _colour(state, item.seat))
    for ai in getattr(state, "ai_heroes", ()):
        if ai.on_map:
            h = key_hex(ai.field)
            base = found.get(h, Cell("", ""))
            label = "&" + ai_short(ai)[:4]
            if any(other.field == ai.field for other in state.heroes if other.on_map):
                label = "&" + ai_short(ai)[:2] + "/" + base.bottom.lstrip("@+")[:2]
            found[h] = Cell(base.top, label, base.top_style, AI_COLOUR)
    return found


def ai_short(ai: Any) -> str:
    """An AI hero's short name: the last word of its name ("The Warlord": "Warlord")."""
    words = str(ai.name).split()
    return words[-1] if words else str(ai.id)


def _hero_short(state: Any, hero_id: str) -> str:
    found = state.game.pack.heroes.get(hero_id)
    return str(found.name if found is not None else hero_id)


def _x(h: Hex) -> int:
    """A hex's column in half cells (pointy-topped rows, each shifted half a hex)."""
    return 2 * h[0] + h[1]


def map_text(
    state: Any,
    focus: Iterable[str] = (),
    marks: Mapping[str, str] | None = None,
    width: int | None = WIDTH,
) -> Text:
    """The map, cut to *width* columns around the *focus* fields when wider (None: whole)."""
    drawn = cells(state, marks)
    if not drawn:
        return Text("(no tile on the map)")
    xs = [_x(h) for h in drawn]
    low, high = min(xs), max(xs)
    span = (high - low) * CELL // 2 + CELL
    cut = ""
    if width is not None and span > width:
        keys = [key_hex(k) for k in focus if k] or list(drawn)
        middle = sum(_x(h) for h in keys) // len(keys)
        half = (width - CELL) // CELL  # half cells either side
        low = max(low, min(middle - half, high - 2 * half))
        high = low + 2 * half
        cut = f"(the map is cut to {width} columns: 'map' shows it whole)"
    rows = sorted({h[1] for h in drawn})
    out = Text()
    for r in rows:
        row = sorted((h for h in drawn if h[1] == r and low <= _x(h) <= high), key=_x)
        for line in ("top", "bottom"):
            text = Text()
            for h in row:
                cell = drawn[h]
                column = (_x(h) - low) * CELL // 2
                text.append(" " * (column - len(text)))
                said = cell.top if line == "top" else cell.bottom
                style = cell.top_style if line == "top" else cell.bottom_style
                text.append(f"{said:^{CELL - 1}}"[: CELL - 1], style=style or None)
            text.rstrip()
            out.append(text)
            out.append("\n")
    if cut:
        out.append(cut, style="dim")
    out.rstrip()
    return out


class MapView:
    """The map as a rich renderable: cut to the width of the console it is printed on."""

    def __init__(
        self, state: Any, focus: Iterable[str] = (), marks: Mapping[str, str] | None = None
    ) -> None:
        self.state, self.focus, self.marks = state, list(focus), marks

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield map_text(self.state, self.focus, self.marks, width=options.max_width)


def legend(state: Any, marks: bool = False) -> str:
    """The codes on the map, each with its meaning (only those the map shows now)."""
    seen: dict[str, str] = {}
    for placement in state.placements:
        for printed in state.game.pack.tiles[placement.tile].fields:
            if printed.location in ("empty", "blocked"):
                continue
            code = location_code(state, printed)
            name = location_name(state, printed).split(" (")[0]
            seen.setdefault(code, "Settlement" if printed.location == "settlement" else name)
    parts = [f"{code} {name}" for code, name in sorted(seen.items())]
    backs = sorted({slot.kind for slot in state.face_down})
    parts += [f"{BACKS[kind]} face-down {KIND_NAMES[kind]} tile" for kind in backs if kind in BACKS]
    signs = "!N a guard of Field Difficulty N, :C a faction's flag, (Xx) visited, #### blocked"
    signs += ", @ Main and + Secondary Hero, bold q,r a tile's centre"
    if getattr(state, "ai_heroes", None):
        signs += ", & an AI hero, :A the AI's flag"
    if marks:
        signs += ", * the slot a tile may be laid on (its id at the centre)"
    factions = ", ".join(f"{LETTERS[p.faction]} {p.faction.capitalize()}" for p in state.players)
    return f"Map: {', '.join(parts)}\nSigns: {signs}; {factions}"
