"""The move action: movement points, and every position one move action reaches, with its path.

Sources: rulebook *Move* (standard movement, difficult terrain, low and high obstacles, ladders
and platforms, climbing, pushing), *Spending Focus*, *Buffs and Debuffs* (quickness, cripple),
*Movement Effects* (jump, teleport) and battleground.md §2.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from rulekeeper.core.hexes import Hex, hex_distance, neighbours
from rulekeeper.games.battleground.board.measures import GROUND, PLATFORM, Position

if TYPE_CHECKING:
    from rulekeeper.games.battleground.board.battlefield import Battlefield

StepKind = Literal[
    "step", "over-low", "over-high", "ladder", "climb-up", "climb-down", "jump", "teleport"
]
Style = Literal["move", "jump", "teleport"]

STEP_COST: dict[str, int] = {
    "step": 1,
    "over-low": 3,
    "over-high": 6,
    "ladder": 2,
    "climb-up": 3,
    "climb-down": 3,
    "jump": 1,
    "teleport": 1,
}
STEP_RULE: dict[str, str] = {
    "step": "Standard Movement",
    "over-low": "Movement and Low Obstacles",
    "over-high": "Movement and High Obstacles",
    "ladder": "Ladders",
    "climb-up": "Climbing Up",
    "climb-down": "Climbing Down",
    "jump": "Jump",
    "teleport": "Teleport",
}


@dataclass(frozen=True)
class MovementPoints:
    points: int
    notes: tuple[str, ...]


def movement_points(
    field: Battlefield,
    start: Position,
    speed: int,
    focused_speed: int | None = None,
    *,
    use_focus: bool = False,
    quickness: bool = False,
    cripple: bool = False,
    style: Style = "move",
    in_difficult: bool | None = None,
) -> MovementPoints:
    """Movement points of one move action, with the rule behind each change."""
    if use_focus:
        if focused_speed is None:
            raise ValueError("use_focus needs the focused speed value")
        base, notes = focused_speed, [f"focused speed {focused_speed} (Spending Focus)"]
    else:
        base, notes = speed, [f"speed {speed}"]
    if in_difficult is None:  # a card may make other hexes count as difficult terrain
        in_difficult = field.is_difficult(start)
    if in_difficult and style == "move":
        base -= 2
        notes.append("-2: the action begins in difficult terrain (Movement and Difficult Terrain)")
    if quickness:
        base += 2
        notes.append("+2: quickness (Buffs and Debuffs)")
    if cripple:
        if in_difficult:
            notes.append("cripple ignored: the movement begins in difficult terrain")
        else:
            base -= 2
            notes.append("-2: cripple (Buffs and Debuffs)")
    return MovementPoints(max(0, base), tuple(notes))


@dataclass(frozen=True)
class MoveStep:
    kind: StepKind
    to: Position
    cost: int
    via: Hex | None = None
    pushes: Position | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind, "to": self.to.to_json(), "cost": self.cost}
        if self.via is not None:
            data["via"] = list(self.via)
        if self.pushes is not None:
            data["pushes"] = self.pushes.to_json()
        return data


@dataclass(frozen=True)
class Route:
    destination: Position
    cost: int
    steps: tuple[MoveStep, ...]
    stopped_by_enemy: bool = False

    @property
    def path(self) -> list[Position]:
        return [step.to for step in self.steps]

    def to_json(self) -> dict[str, object]:
        return {
            "to": self.destination.to_json(),
            "cost": self.cost,
            "steps": [step.to_json() for step in self.steps],
            "stopped_by_enemy": self.stopped_by_enemy,
        }


def _no_route(pos: Position) -> Route:
    raise KeyError(pos)


class Reach(Mapping[Position, Route]):
    """Reachable positions with their costs; each route (the path) is built when asked for.

    Legal-action lists only need the destinations, so paths are not built for all of them.
    """

    def __init__(
        self,
        costs: dict[Position, int],
        build: Callable[[Position], Route],
        *,
        in_order: bool = False,
    ) -> None:
        self.costs = costs
        self._build = build
        self._routes: dict[Position, Route] = {}
        self._ordered: list[Position] | None = list(costs) if in_order else None
        """The positions in sorted order (written so, or sorted when first asked for)."""

    def __getitem__(self, pos: Position) -> Route:
        route = self._routes.get(pos)
        if route is None:
            if pos not in self.costs:
                raise KeyError(pos)
            route = self._build(pos)
            self._routes[pos] = route
        return route

    def get(self, pos: Position, default: Route | None = None) -> Route | None:  # type: ignore[override]
        return self[pos] if pos in self.costs else default

    def __contains__(self, pos: object) -> bool:
        return pos in self.costs

    def __iter__(self) -> Iterator[Position]:
        return iter(self.costs)

    def __len__(self) -> int:
        return len(self.costs)

    @classmethod
    def nowhere(cls) -> Reach:
        """A reach with no destination."""
        return cls({}, _no_route, in_order=True)

    def within(self, points: int) -> Reach:
        """The destinations *points* movement points reach, found by this search (which the
        budget only cuts short: its cheapest routes are the same for any budget)."""
        return self.where(lambda _pos, cost: cost <= points)

    def where(self, keep: Callable[[Position, int], bool]) -> Reach:
        """The destinations (and their cost) that *keep* accepts; routes still built on demand."""
        return Reach(
            {pos: cost for pos, cost in self.costs.items() if keep(pos, cost)},
            self._build,
            in_order=True,
        )

    def ordered(self) -> list[Position]:
        """The positions in sorted order (kept: a memoised reach serves many states)."""
        if self._ordered is None:
            self._ordered = sorted(self.costs)
        return self._ordered


@dataclass
class Occupancy:
    """Where the other characters stand, seen from the moving character."""

    friends: frozenset[Position] = frozenset()
    enemies: frozenset[Position] = frozenset()
    can_be_pushed: Callable[[Position], bool] = field(default=lambda _p: True)
    unpushable: frozenset[Position] = frozenset()

    @classmethod
    def of(cls, friends: Iterable[Position] = (), enemies: Iterable[Position] = ()) -> Occupancy:
        return cls(frozenset(friends), frozenset(enemies))

    @property
    def occupied(self) -> frozenset[Position]:
        return self.friends | self.enemies


CLIMBS = frozenset({"climb-up", "climb-down"})
_TAKEN, _ENEMY, _BESIDE_ENEMY, _HALTED = 1, 2, 4, 8


class MoveGraph:
    """A map's terrain steps on integer indices, built once per map: the search's inner loop
    hashes small integers instead of positions, and its tables hold no objects the garbage
    collector has to scan. Index order is the positions' sorted order."""

    __slots__ = (
        "adjacent",
        "at_hex",
        "hex_index",
        "hex_neighbours",
        "hex_spots",
        "hexes",
        "index",
        "other",
        "plain",
        "positions",
        "steps",
    )

    def __init__(self, field: Battlefield) -> None:
        self.positions: list[Position] = sorted(field.positions)
        self.index: dict[Position, int] = {p: i for i, p in enumerate(self.positions)}
        # The steps themselves are not kept: thousands of small objects for the garbage
        # collector to scan, when a route needs only the few it passes (terrain_moves).
        self.steps = [self.encode(tuple(_terrain_moves(field, p))) for p in self.positions]
        # The same steps split for the search: plain one-point steps (destinations only), and
        # the others (destination, cost, is a climb).
        self.plain = [self.plain_steps(steps) for steps in self.steps]
        self.other = [self.other_steps(steps) for steps in self.steps]
        self.adjacent: list[tuple[int, ...]] = [
            tuple(self.index[a] for a in field.adjacent_positions(p)) for p in self.positions
        ]
        at_hex: dict[Hex, list[int]] = {}
        for i, p in enumerate(self.positions):
            at_hex.setdefault(p.hex, []).append(i)
        self.at_hex: dict[Hex, tuple[int, ...]] = {h: tuple(v) for h, v in at_hex.items()}
        # The board's hexes on indices too, for jumps and teleports (free_reach).
        self.hexes: list[Hex] = sorted(field.board)
        self.hex_index: dict[Hex, int] = {h: k for k, h in enumerate(self.hexes)}
        self.hex_neighbours: list[tuple[int, ...]] = [
            tuple(self.hex_index[n] for n in neighbours(h) if n in self.hex_index)
            for h in self.hexes
        ]
        self.hex_spots: list[tuple[int, ...]] = [self.at_hex.get(h, ()) for h in self.hexes]

    @staticmethod
    def plain_steps(steps: tuple[tuple[int, int, bool, int], ...]) -> tuple[int, ...]:
        """Destinations of the one-point steps that are not climbs, in order."""
        return tuple(to for to, cost, climb, _ in steps if cost == 1 and not climb)

    @staticmethod
    def other_steps(
        steps: tuple[tuple[int, int, bool, int], ...],
    ) -> tuple[tuple[int, int, bool], ...]:
        """(destination, cost, is a climb) of every other step, in order."""
        return tuple((to, cost, climb) for to, cost, climb, _ in steps if cost != 1 or climb)

    def encode(self, moves: tuple[MoveStep, ...]) -> tuple[tuple[int, int, bool, int], ...]:
        """Steps as (destination index, cost, is a climb, step number)."""
        if len(moves) >= 128:  # pragma: no cover - no hex has that many ways out
            raise ValueError("too many terrain steps from one position")
        return tuple((self.index[m.to], m.cost, m.kind in CLIMBS, j) for j, m in enumerate(moves))


def move_graph(field: Battlefield) -> MoveGraph:
    """The map's :class:`MoveGraph` (built on first use, kept by the battlefield)."""
    graph: MoveGraph = field.derived("move-graph", lambda: MoveGraph(field))
    return graph


def terrain_moves(field: Battlefield, pos: Position) -> tuple[MoveStep, ...]:
    """Every step the terrain allows from ``pos`` on an empty battlefield (cached per map)."""
    cache: dict[Position, tuple[MoveStep, ...]] = field.derived("terrain-moves", dict)
    found = cache.get(pos)
    if found is None:
        found = tuple(_terrain_moves(field, pos))
        cache[pos] = found
    return found


def _terrain_moves(field: Battlefield, pos: Position) -> Iterable[MoveStep]:
    for adjacent in field.adjacent_positions(pos):
        yield MoveStep("step", adjacent, 1)
    if pos.level == GROUND:
        for h in neighbours(pos.hex):
            height = field.obstacle_height.get(h)
            if height is not None:
                kind: StepKind = "over-low" if height == "low" else "over-high"
                for q, r in neighbours(h):
                    landing = Position(q, r, GROUND)
                    if landing != pos and landing in field.positions:
                        yield MoveStep(kind, landing, STEP_COST[kind], via=h)
        if not field.is_under_platform(pos):
            for q, r in neighbours(pos.hex):
                if (q, r) in field.platform_of:
                    yield MoveStep("climb-up", Position(q, r, PLATFORM), 3)
    else:
        for q, r in neighbours(pos.hex):
            below = Position(q, r, GROUND)
            if below in field.positions and not field.is_under_platform(below):
                yield MoveStep("climb-down", below, 3)
    for h in neighbours(pos.hex):
        if h in field.ladders:
            for q, r in neighbours(h):
                for level in (GROUND, PLATFORM):
                    other = Position(q, r, level)
                    if other != pos and other in field.positions:
                        yield MoveStep("ladder", other, 2, via=h)


def reachable(
    field: Battlefield,
    start: Position,
    points: int,
    occupancy: Occupancy | None = None,
    *,
    style: Style = "move",
) -> Reach:
    """Every position one movement reaches with ``points`` movement points, by cheapest route.

    Entering a hex adjacent to an enemy ends a move action there. Jumps and teleports are
    separate (:func:`free_reach`).
    """
    if style != "move":
        return free_reach(field, start, points, occupancy, kind=style)
    return _Search(field, start, points, occupancy or Occupancy()).reach()


class _Search:
    """One move action's cheapest-route search on the map's :class:`MoveGraph`; it keeps what
    it found so a route is built only when asked for."""

    __slots__ = (
        "best",
        "came",
        "field",
        "first_steps",
        "flags",
        "graph",
        "origin",
        "reached",
        "start",
    )

    def __init__(self, field: Battlefield, start: Position, points: int, occupancy: Occupancy):
        graph = self.graph = move_graph(field)
        self.start = start
        index = graph.index
        positions = graph.positions
        size = len(positions)
        origin = self.origin = index.get(start, size)  # off the map's positions: a spare slot
        self.field = field
        first_steps = self.first_steps = (
            graph.steps[origin] if origin < size else graph.encode(terrain_moves(field, start))
        )
        # One byte of flags per position: who stands there or next to it, where a move halts.
        flags = self.flags = bytearray(size + 1)
        adjacent = graph.adjacent
        for group, flag in ((occupancy.friends, _TAKEN), (occupancy.enemies, _TAKEN | _ENEMY)):
            for pos in group:
                at = index.get(pos)
                if at is not None and pos != start:
                    flags[at] |= flag
        for pos in occupancy.enemies:
            at = index.get(pos)
            for beside in (
                adjacent[at]
                if at is not None
                else [index[p] for p in field.adjacent_positions(pos) if p in index]
            ):
                flags[beside] |= _BESIDE_ENEMY
        unreached = points + 1
        # Byte and short arrays: the memoised searches give the garbage collector nothing to scan.
        best = self.best = (
            bytearray([unreached]) * (size + 1) if unreached < 256 else [unreached] * (size + 1)
        )
        best[origin] = 0
        came = self.came = array("I", [0]) * (size + 1)  # the position each was reached from
        reached: list[int] = []
        self.reached = reached
        # Step costs are small integers: a bucket per cost replaces the heap (same order).
        buckets: list[list[int]] = [[] for _ in range(points + 1)]
        buckets[0].append(origin)
        plain_of, other_of = graph.plain, graph.other
        if origin < size:
            first_plain, first_other = plain_of[origin], other_of[origin]
        else:
            first_plain, first_other = (
                graph.plain_steps(first_steps),
                graph.other_steps(first_steps),
            )
        # Each bucket receives its positions in the order the steps are listed (plain steps
        # fill the next bucket only, the others later ones), so the search takes the same
        # routes as one going through every position's steps in their order.
        for cost in range(points + 1):
            following = cost + 1
            for at in buckets[cost]:
                if best[at] != cost or flags[at] & _HALTED:
                    continue
                if following <= points:
                    for to in first_plain if at == origin else plain_of[at]:
                        if following >= best[to]:
                            continue
                        flag = flags[to]
                        if flag:
                            if flag & _TAKEN:
                                continue  # only a climb enters a taken hex (Pushing)
                            if flag & _BESIDE_ENEMY:
                                flags[to] |= _HALTED
                        if best[to] == unreached:
                            reached.append(to)
                        best[to] = following
                        came[to] = at
                        buckets[following].append(to)
                for to, step_cost, climb in first_other if at == origin else other_of[at]:
                    total = cost + step_cost
                    if total >= best[to]:  # also beyond the points: best starts at points + 1
                        continue
                    flag = flags[to]
                    if flag:
                        if flag & _TAKEN:
                            # Climbing onto a model pushes it (Pushing); nothing else enters a
                            # taken hex.
                            if not climb or not occupancy.can_be_pushed(positions[to]):
                                continue
                            if all(flags[a] & _TAKEN for a in adjacent[to]):
                                continue
                            # A pushed enemy lands next to the climber: entering beside an
                            # enemy ends the move.
                            if flag & _ENEMY:
                                flags[to] |= _HALTED
                        if flag & _BESIDE_ENEMY:
                            flags[to] |= _HALTED
                    if best[to] == unreached:
                        reached.append(to)
                    best[to] = total
                    came[to] = at
                    buckets[total].append(to)
        reached.sort()

    def reach(self) -> Reach:
        """The destinations with their costs."""
        positions, best = self.graph.positions, self.best
        return Reach({positions[i]: best[i] for i in self.reached}, self.route, in_order=True)

    def route(self, pos: Position) -> Route:
        """The cheapest route found to *pos*: the first step of each position's list that
        gives its cost (as the search took them); onto a taken position, a push."""
        graph, best, flags = self.graph, self.best, self.flags
        steps: list[MoveStep] = []
        at = end = graph.index[pos]
        while at != self.origin:
            previous = self.came[at]
            cost = best[at] - best[previous]
            pushes = bool(flags[at] & _TAKEN)
            if previous == self.origin:
                source, codes = self.start, self.first_steps
            else:
                source, codes = graph.positions[previous], graph.steps[previous]
            number = next(
                n
                for to, step_cost, climb, n in codes
                if to == at and step_cost == cost and (climb or not pushes)
            )
            move = terrain_moves(self.field, source)[number]
            if pushes:
                move = MoveStep(move.kind, move.to, move.cost, pushes=move.to)
            steps.append(move)
            at = previous
        steps.reverse()
        return Route(pos, best[end], tuple(steps), bool(flags[end] & _HALTED))


def _hex_tree(
    field: Battlefield, origin: Hex, points: int
) -> tuple[dict[int, int], tuple[tuple[int, int], ...]]:
    """Breadth-first tree of the board hexes within ``points`` steps of *origin* (hex index to
    its parent's, the origin its own), and the (index, hex distance) of every position on
    those hexes but the origin's, in index order (cached per map; small integers only)."""
    key = (origin, points)
    cache: dict[tuple[Hex, int], tuple[dict[int, int], tuple[tuple[int, int], ...]]]
    cache = field.derived("hex-trees", dict)
    found = cache.get(key)
    if found is None:
        graph = move_graph(field)
        hexes, around = graph.hexes, graph.hex_neighbours
        start = graph.hex_index.get(origin, -1)
        tree = {start: start}
        layer = [start]
        first = tuple(graph.hex_index[n] for n in neighbours(origin) if n in graph.hex_index)
        for _ in range(points):
            following: list[int] = []
            for h in layer:
                for n in around[h] if h >= 0 else first:
                    if n not in tree:
                        tree[n] = h
                        following.append(n)
            layer = following
        spots: list[tuple[int, int]] = []
        for h in tree:
            if h != start:
                distance = hex_distance(origin, hexes[h])
                spots.extend((i, distance) for i in graph.hex_spots[h])
        spots.sort()
        if len(cache) > 512:
            cache.clear()  # bounded: big caches of small objects slow the garbage collector
        found = cache[key] = (tree, tuple(spots))
    return found


def free_reach(
    field: Battlefield,
    start: Position,
    points: int,
    occupancy: Occupancy | None = None,
    *,
    kind: Style = "jump",
) -> Reach:
    """Jump or teleport (Movement Effects): characters, obstacles, difficult terrain and enemy
    adjacency are ignored and every surrounding hex is adjacent at any level, so each hex step
    costs 1; the movement must end on a free position."""
    step_kind: StepKind = "teleport" if kind == "teleport" else "jump"
    graph = move_graph(field)
    taken = {graph.index.get(p) for p in (occupancy or Occupancy()).occupied - {start}}
    came, spots = _hex_tree(field, start.hex, points)  # the hex above or below is not one
    positions = graph.positions
    costs = {positions[i]: cost for i, cost in spots if i not in taken}

    def build(pos: Position) -> Route:
        hexes = graph.hexes
        trail: list[Hex] = []
        cursor = graph.hex_index[pos.hex]
        while came[cursor] != cursor:  # the origin is its own parent
            trail.append(hexes[cursor])
            cursor = came[cursor]
        trail.reverse()
        steps = tuple(
            MoveStep(step_kind, Position(q, r, pos.level if (q, r) == pos.hex else start.level), 1)
            for q, r in trail
        )
        return Route(pos, len(steps), steps)

    return Reach(costs, build, in_order=True)
