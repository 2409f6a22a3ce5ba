"""The Battleground geometry query protocol: one JSON request in, one JSON answer out.

Independent of the command line, so that the same function can serve a web endpoint:
:func:`answer` maps one request object to one answer object, and :func:`run_queries` turns a
stream of JSON lines into a stream of JSON answer lines (``rulekeeper battleground query``).

A request is a JSON object with an ``"op"`` and the op's fields; an optional ``"id"`` (string,
number or null) is echoed in the answer. Positions are ``[q, r]`` or ``[q, r, level]`` in axial
coordinates (level 0 = ground, the default, 1 = platform) and must be positions of the map.

Answers carry ``"ok": true`` and the op's result, or ``"ok": false`` with an ``"error"`` that
names the field and what was wrong with it (and ``"field"``, the field's name, when one field is
to blame). :func:`run_queries` adds ``"line"``, the 1-based line number, to every error answer.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from rulekeeper.core.hexes import DIRECTION_NAMES, Hex, axial_to_offset
from rulekeeper.games.battleground.board.battlefield import Battlefield
from rulekeeper.games.battleground.board.facing import flank_verdict
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position
from rulekeeper.games.battleground.board.movement import (
    Occupancy,
    Style,
    movement_points,
    reachable,
)

__all__ = ["OPS", "QueryError", "answer", "position_problem", "run_queries"]

JsonObject = dict[str, Any]

_STYLES: tuple[Style, ...] = ("move", "jump", "teleport")
# Inches are rounded so that 0.9999999999999999 reads as 1.0.
_INCH_DIGITS = 6


class QueryError(ValueError):
    """A request the protocol cannot answer; ``field`` names the culprit when there is one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def _show(value: object) -> str:
    """A short JSON rendering of a bad value for an error message."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _got(value: object) -> str:
    """The kind and value of a bad value: 'a string "5"', 'null'."""
    return "null" if value is None else f"{_kind(value)} {_show(value)}"


def _fmt(h: Hex) -> str:
    return f"({h[0]},{h[1]})"


def position_problem(field: Battlefield, pos: Position) -> str | None:
    """Why ``pos`` is not a position of the map, or None when it is one."""
    if pos in field.positions:
        return None
    if pos.hex not in field.board:
        return (
            f"hex {_fmt(pos.hex)} is off the {field.columns}x{field.rows} board "
            f"of map {field.name!r}"
        )
    if pos.level not in (GROUND, PLATFORM):
        return f"level must be 0 (ground) or 1 (platform), got {pos.level}"
    if pos.level == PLATFORM and pos.hex not in field.platform_of:
        why = f"there is no platform at {_fmt(pos.hex)}"
    else:
        why = f"the hex holds {field.describe_hex(pos.hex)}"
    return f"{pos} is not a position one can stand on: {why}"


class _Request:
    """Typed access to the fields of one request, with errors that name the field."""

    def __init__(self, field: Battlefield, data: Mapping[str, Any], op: str) -> None:
        self.field = field
        self.data = data
        self.op = op

    def _get(self, name: str, required: bool) -> Any:
        if name not in self.data:
            if required:
                raise QueryError(f"missing field {name!r} (op {self.op!r})", name)
            return None
        return self.data[name]

    def fail(self, name: str, reason: str) -> QueryError:
        return QueryError(f"field {name!r}: {reason}", name)

    # --- scalars -------------------------------------------------------------------------

    def integer(
        self, name: str, *, required: bool = True, minimum: int | None = None
    ) -> int | None:
        value = self._get(name, required)
        if value is None and not required:
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(name, f"expected an integer, got {_got(value)}")
        if minimum is not None and value < minimum:
            raise self.fail(name, f"must be at least {minimum}, got {value}")
        return value

    def boolean(self, name: str) -> bool:
        value = self._get(name, required=False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(name, f"expected true or false, got {_got(value)}")
        return value

    def style(self, name: str) -> Style:
        value = self._get(name, required=False)
        if value is None:
            return "move"
        for style in _STYLES:
            if value == style:
                return style
        raise self.fail(name, f"expected one of {', '.join(_STYLES)}, got {_show(value)}")

    def facing(self, name: str) -> int:
        value = self._get(name, required=True)
        if isinstance(value, str) and value.upper() in DIRECTION_NAMES:
            return DIRECTION_NAMES.index(value.upper())
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5:
            return value
        names = ", ".join(f"{i}={n}" for i, n in enumerate(DIRECTION_NAMES))
        raise self.fail(name, f"expected a direction 0..5 ({names}), got {_show(value)}")

    # --- hexes and positions -------------------------------------------------------------

    def _coordinates(self, name: str, value: Any) -> tuple[int, int, int | None]:
        """``[q, r]`` or ``[q, r, level]`` as integers, with the level checked to be 0 or 1."""
        if not isinstance(value, list):
            raise self.fail(name, f"expected a position [q, r, level], got {_got(value)}")
        if len(value) not in (2, 3):
            raise self.fail(
                name,
                f"expected [q, r] or [q, r, level], got {len(value)} item"
                f"{'' if len(value) == 1 else 's'} {_show(value)}",
            )
        numbers: list[int] = []
        for label, item in zip(("q", "r", "level"), value, strict=False):
            if isinstance(item, float) and item.is_integer():
                item = int(item)
            if not isinstance(item, int) or isinstance(item, bool):
                raise self.fail(name, f"{label} must be an integer, got {_show(item)}")
            numbers.append(item)
        level = numbers[2] if len(numbers) == 3 else None
        if level is not None and level not in (GROUND, PLATFORM):
            raise self.fail(name, f"level must be 0 (ground) or 1 (platform), got {level}")
        return numbers[0], numbers[1], level

    def _on_board(self, name: str, h: Hex) -> None:
        if h not in self.field.board:
            raise self.fail(
                name,
                f"hex {_fmt(h)} is off the {self.field.columns}x{self.field.rows} board "
                f"of map {self.field.name!r}",
            )

    def hex(self, name: str) -> Hex | None:
        value = self._get(name, required=False)
        if value is None:
            return None
        q, r, _level = self._coordinates(name, value)
        self._on_board(name, (q, r))
        return (q, r)

    def _as_position(self, name: str, value: Any) -> Position:
        q, r, level = self._coordinates(name, value)
        pos = Position(q, r, GROUND if level is None else level)
        problem = position_problem(self.field, pos)
        if problem is not None:
            raise self.fail(name, problem)
        return pos

    def position(self, name: str) -> Position:
        return self._as_position(name, self._get(name, required=True))

    def positions(self, name: str) -> list[Position]:
        value = self._get(name, required=False)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(name, f"expected a list of positions, got {_got(value)}")
        return [self._as_position(f"{name}[{index}]", item) for index, item in enumerate(value)]

    def check_names(self, known: tuple[str, ...]) -> None:
        """Refuse fields the op does not know: a misspelt optional field would pass silently."""
        unknown = [name for name in self.data if name not in known and name not in ("op", "id")]
        if unknown:
            raise QueryError(
                f"unknown field {unknown[0]!r} for op {self.op!r} "
                f"(its fields: {', '.join(known) or 'none'})",
                unknown[0],
            )


# --- the ops ------------------------------------------------------------------------------


def _distance(field: Battlefield, request: _Request) -> JsonObject:
    a = request.position("from")
    b = request.position("to")
    hexes = field.distance(a, b)
    inches = round(field.range_inches(a, b), _INCH_DIGITS)
    reason = (
        f'{hexes} hex step{"" if hexes == 1 else "s"} from {a} to {b}; {inches}" between '
        "the closest points of the two hexes, levels ignored (battleground.md §2: Range)"
    )
    return {"hexes": hexes, "inches": inches, "reason": reason}


def _hex_details(field: Battlefield, h: Hex) -> JsonObject:
    column, row = axial_to_offset(h)
    zone = next((player for player, hexes in field.zones.items() if h in hexes), None)
    ladder = field.ladders.get(h)
    return {
        "at": list(h),
        "offset": {"column": column, "row": row},
        "description": field.describe_hex(h),
        "positions": [
            Position(h[0], h[1], level).to_json()
            for level in (GROUND, PLATFORM)
            if Position(h[0], h[1], level) in field.positions
        ],
        "terrain": field.obstacle_height.get(h) or ("difficult" if h in field.difficult else None),
        "piece": field.piece_of.get(h),
        "platform": field.platform_of.get(h),
        "ladder": ladder.id if ladder is not None else None,
        "zone": zone,
        "objective": next((oid for oid, at in field.objectives.items() if at == h), None),
    }


def _board_summary(field: Battlefield) -> JsonObject:
    return {
        "name": field.name,
        "title": field.title,
        "provisional": field.provisional,
        "hex_inches": field.hex_inches,
        "columns": field.columns,
        "rows": field.rows,
        "hexes": len(field.board),
        "positions": {
            "ground": sum(1 for p in field.positions if p.level == GROUND),
            "platform": sum(1 for p in field.positions if p.level == PLATFORM),
        },
        "terrain": {
            "pieces": len(field.data.terrain),
            "high": len(field.high_obstacles),
            "low": len(field.low_obstacles),
            "difficult": len(field.difficult),
            "platform": len(field.platform_of),
            "ladders": len(field.ladders),
        },
        "platforms": {pid: len(hexes) for pid, hexes in sorted(field.platforms.items())},
        "ladders": {info.id: [*h, info.platform] for h, info in sorted(field.ladders.items())},
        "zones": {
            str(player): {"faction": field.zone_factions.get(player), "hexes": len(hexes)}
            for player, hexes in sorted(field.zones.items())
        },
        "objectives": {oid: list(h) for oid, h in sorted(field.objectives.items())},
    }


def _hexes(field: Battlefield, request: _Request) -> JsonObject:
    at = request.hex("at")
    if at is None:
        return _board_summary(field)
    return _hex_details(field, at)


def _los(field: Battlefield, request: _Request) -> JsonObject:
    a = request.position("from")
    b = request.position("to")
    return field.line_of_sight(a, b).to_json()


def _cover(field: Battlefield, request: _Request) -> JsonObject:
    attacker = request.position("from")
    target = request.position("to")
    characters = request.positions("characters")
    return field.cover(attacker, target, characters).to_json()


def _flank(field: Battlefield, request: _Request) -> JsonObject:
    target = request.position("target")
    facing = request.facing("facing")
    attacker = request.position("from")
    return flank_verdict(target.hex, facing, attacker.hex).to_json()


def _reach(field: Battlefield, request: _Request) -> JsonObject:
    start = request.position("from")
    speed = request.integer("speed", minimum=0)
    assert speed is not None  # required
    focused = request.integer("focused_speed", required=False, minimum=0)
    use_focus = request.boolean("use_focus")
    quickness = request.boolean("quickness")
    cripple = request.boolean("cripple")
    friends = request.positions("friends")
    enemies = request.positions("enemies")
    style = request.style("style")
    if use_focus and focused is None:
        raise QueryError("missing field 'focused_speed': use_focus needs it", "focused_speed")
    points = movement_points(
        field,
        start,
        speed,
        focused,
        use_focus=use_focus,
        quickness=quickness,
        cripple=cripple,
        style=style,
    )
    routes = reachable(field, start, points.points, Occupancy.of(friends, enemies), style=style)
    ordered = sorted(routes.values(), key=lambda route: (route.cost, route.destination))
    return {
        "from": start.to_json(),
        "style": style,
        "points": points.points,
        "notes": list(points.notes),
        "count": len(ordered),
        "reachable": [route.to_json() for route in ordered],
    }


Op = Callable[[Battlefield, _Request], JsonObject]

# Each op with the request fields it takes (besides "op" and "id").
OPS: dict[str, tuple[Op, tuple[str, ...]]] = {
    "distance": (_distance, ("from", "to")),
    "hexes": (_hexes, ("at",)),
    "los": (_los, ("from", "to")),
    "cover": (_cover, ("from", "to", "characters")),
    "flank": (_flank, ("target", "facing", "from")),
    "reach": (
        _reach,
        (
            "from",
            "speed",
            "focused_speed",
            "use_focus",
            "quickness",
            "cripple",
            "friends",
            "enemies",
            "style",
        ),
    ),
}


# --- entry points ---------------------------------------------------------------------------


def _valid_id(value: object) -> bool:
    if value is None or isinstance(value, str):
        return True
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def answer(field: Battlefield, request: Mapping[str, Any]) -> JsonObject:
    """Answer one request: ``{"ok": true, "op": ..., ...}`` or ``{"ok": false, "error": ...}``.

    Malformed requests never raise; the error answer names the field that is wrong.
    """
    head: JsonObject = {}
    try:
        if not isinstance(request, Mapping):
            raise QueryError(f"a request must be a JSON object, got {_kind(request)}")
        if "id" in request:
            if not _valid_id(request["id"]):
                raise QueryError(
                    f"field 'id': expected a string, a number or null, got {_show(request['id'])}",
                    "id",
                )
            head["id"] = request["id"]
        op = request.get("op")
        if op is None:
            raise QueryError(f"missing field 'op' (one of: {', '.join(OPS)})", "op")
        if not isinstance(op, str) or op not in OPS:
            raise QueryError(f"field 'op': unknown op {_show(op)} (one of: {', '.join(OPS)})", "op")
        head["op"] = op
        handler, names = OPS[op]
        fields = _Request(field, request, op)
        fields.check_names(names)
        result = handler(field, fields)
    except QueryError as error:
        failure: JsonObject = {"ok": False, **head, "error": error.message}
        if error.field is not None:
            failure["field"] = error.field
        return failure
    return {"ok": True, **head, **result}


def run_queries(field: Battlefield, lines: Iterable[str]) -> Iterator[str]:
    """One JSON answer line (without newline) per non-blank input line, lazily.

    Error answers carry ``"line"``, the 1-based number of the input line (blank lines count).
    An unexpected exception in the engine is answered as an internal error, and the stream goes
    on.
    """
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text:
            continue
        try:
            request = json.loads(text)
        except json.JSONDecodeError as error:
            result: JsonObject = {
                "ok": False,
                "error": f"not JSON: {error.msg} at column {error.colno}",
            }
        except RecursionError:
            result = {"ok": False, "error": "not JSON: nested too deeply"}
        else:
            try:
                result = answer(field, request)
            except Exception as error:  # an engine bug: report it, keep serving
                result = {
                    "ok": False,
                    "error": f"internal error: {type(error).__name__}: {error}",
                }
                if isinstance(request, dict) and "id" in request and _valid_id(request["id"]):
                    result["id"] = request["id"]
        if not result["ok"]:
            result["line"] = number
        yield json.dumps(result, allow_nan=False)
