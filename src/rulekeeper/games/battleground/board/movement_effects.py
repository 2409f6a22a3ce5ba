"""Movement effects other than the plain move: towards, charge, push, pull and switch.

Source: rulebook *Movement Effects* (and *Interruptions*, whose movement is "towards"). Jump and
teleport are reach styles of :func:`movement.reachable`.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.hexes import Hex, direction_to, hex_distance
from rulekeeper.games.battleground.board.measures import GROUND, Position
from rulekeeper.games.battleground.board.movement import (
    Occupancy,
    Reach,
    Route,
    Style,
    move_graph,
    reachable,
)
from rulekeeper.games.battleground.board.segments import hexes_on_line

if TYPE_CHECKING:
    from rulekeeper.games.battleground.board.battlefield import Battlefield

_UNLIMITED = 10_000


def _cost_to_goal(
    field: Battlefield, goal: Iterable[Position], occupancy: Occupancy, mover: Position
) -> dict[Position, int]:
    """Cheapest movement cost from each position to the goal.

    Every kind of step can be taken back at the same cost, so a search outwards from the goal
    gives the cost towards it. Taken positions are never entered (a push is not a way there).
    """
    graph = move_graph(field)
    index = graph.index
    taken = bytearray(len(graph.positions))
    for pos in occupancy.occupied - {mover}:
        if pos in index:
            taken[index[pos]] = 1
    best: dict[int, int] = {}
    frontier: list[tuple[int, int]] = []
    for g in goal:
        if g in index:
            best[index[g]] = 0
            frontier.append((0, index[g]))
    heapq.heapify(frontier)
    steps_of = graph.steps
    while frontier:
        cost, at = heapq.heappop(frontier)
        if cost > best[at]:
            continue
        for to, step_cost, _, _ in steps_of[at]:
            if taken[to]:
                continue
            total = cost + step_cost
            if total < best.get(to, _UNLIMITED):
                best[to] = total
                heapq.heappush(frontier, (total, to))
    positions = graph.positions
    return {positions[i]: cost for i, cost in best.items()}


def goal_next_to(field: Battlefield, target: Position) -> list[Position]:
    """Positions engaged with (adjacent to) a character at ``target``."""
    return list(field.adjacent_positions(target))


def towards(
    field: Battlefield,
    start: Position,
    points: int,
    goal: Iterable[Position],
    occupancy: Occupancy | None = None,
    *,
    style: Style = "move",
) -> Reach:
    """Destinations of a movement "towards" a goal: every stop on a shortest route to it.

    Rulebook, Towards: the same rules as the move action, but the character must use the
    shortest route possible towards the indicated character or object. Jumps and teleports
    (``style``) measure their routes in hex steps at any level.
    """
    occupancy = occupancy or Occupancy()
    goal_set = [g for g in goal if g not in occupancy.occupied or g == start]
    if start in goal_set:
        return Reach.nowhere()
    if style != "move":
        return _free_towards(field, start, points, goal_set, occupancy, style)
    to_goal = _cost_to_goal(field, goal_set, occupancy, start)
    whole = to_goal.get(start)
    if whole is None:
        return Reach.nowhere()
    routes = reachable(field, start, points, occupancy)
    return routes.where(lambda pos, cost: pos in to_goal and cost + to_goal[pos] == whole)


def _free_towards(
    field: Battlefield,
    start: Position,
    points: int,
    goal: list[Position],
    occupancy: Occupancy,
    style: Style,
) -> Reach:
    """Towards with a jump or a teleport: each hex step costs 1 and every surrounding hex is
    adjacent at any level, so the cost to the goal is the hex distance (2 from the hex above or
    below a goal position: that one is not a surrounding hex)."""
    if not goal:
        return Reach.nowhere()

    def to_goal(pos: Position) -> int:
        return min(0 if pos == g else hex_distance(pos.hex, g.hex) or 2 for g in goal)

    whole = to_goal(start)
    routes = reachable(field, start, points, occupancy, style=style)
    return routes.where(lambda pos, cost: cost + to_goal(pos) == whole)


@dataclass(frozen=True)
class Charge:
    route: Route
    facing: int


def charge(
    field: Battlefield,
    start: Position,
    points: int,
    target: Position,
    occupancy: Occupancy | None = None,
) -> list[Charge]:
    """Rulebook, Charge: a shortest route towards the target ending adjacent to it, then face it."""
    goal = goal_next_to(field, target)
    options = towards(field, start, points, goal, occupancy)
    result = []
    for pos, route in sorted(options.items()):
        if pos in goal:
            facing = direction_to(pos.hex, target.hex)
            assert facing is not None
            result.append(Charge(route, facing))
    return result


@dataclass(frozen=True)
class Displacement:
    """Where a push or pull leaves a character, the hexes passed and why it stopped."""

    final: Position
    path: tuple[Position, ...]
    stopped: str

    def to_json(self) -> dict[str, object]:
        return {
            "to": self.final.to_json(),
            "path": [p.to_json() for p in self.path],
            "stopped": self.stopped,
        }


def _line_beyond(source: Hex, through: Hex, count: int, away: bool) -> list[list[Hex]]:
    """Up to ``count`` hexes along the straight line between source and ``through``, starting
    after ``through``: away from the source (push) or towards it (pull).

    When the line runs exactly between two hexes, each side is a separate option (the player
    resolving the effect chooses).
    """
    if away:
        span = hex_distance(source, through)
        scale = count + span
        far = (
            source[0] + (through[0] - source[0]) * scale,
            source[1] + (through[1] - source[1]) * scale,
        )
        candidates = hexes_on_line(source, far)
    else:
        candidates = hexes_on_line(through, source)
    half = len(candidates) // 2
    options: list[list[Hex]] = []
    for line in (candidates[:half], candidates[half:]):
        trail: list[Hex] = []
        passed_through = False
        for h in line:
            if not passed_through:
                passed_through = h == through
                continue
            if h == source or hex_distance(trail[-1] if trail else through, h) != 1:
                break
            trail.append(h)
            if len(trail) == count:
                break
        if trail not in options:
            options.append(trail)
    return options


def displace(
    field: Battlefield,
    source: Hex,
    target: Position,
    count: int,
    occupied: Iterable[Position],
    *,
    pull: bool = False,
) -> list[Displacement]:
    """Push (away from ``source``) or pull (towards it) a character up to ``count`` hexes.

    Rulebook, Push and Pull: hexes in a straight line along the line connecting both
    characters; movement stops before a hex holding a terrain piece (obstacle or ladder) or a
    model; a character pushed off a platform makes a free climb down, then stops. Facing does not
    change. Difficult terrain does not stop it (a character can stand there). Massive models
    cannot be pushed or pulled (see massive.py).
    """
    taken = set(occupied) - {target}
    results: list[Displacement] = []
    for line in _line_beyond(source, target.hex, count, away=not pull):
        pos = target
        path: list[Position] = []
        reason = f"moved the full {count} hexes"
        for h in line:
            if pos.level != GROUND and h not in field.platform_of:
                below = Position(h[0], h[1], GROUND)
                if below in field.positions and not field.is_under_platform(below):
                    if below not in taken:
                        pos = below
                        path.append(pos)
                        reason = "pushed off the platform: free climb down, then stops"
                    else:
                        reason = f"stopped: a model stands at {below}"
                else:
                    reason = f"stopped: cannot climb down to {below}"
                break
            nxt = Position(h[0], h[1], pos.level)
            if h not in field.board:
                reason = "stopped: edge of the battleground"
                break
            if nxt not in field.positions:
                reason = f"stopped: terrain piece at ({h[0]},{h[1]})"
                break
            if nxt in taken:
                reason = f"stopped: a model stands at {nxt}"
                break
            pos = nxt
            path.append(pos)
        else:
            if len(path) < count:
                reason = f"moved {len(path)} of {count} hexes"
        outcome = Displacement(pos, tuple(path), reason)
        if outcome not in results:
            results.append(outcome)
    return results


def can_switch(first_massive: bool, second_massive: bool) -> bool:
    """Rulebook, Switch / Massive Models: massive models never switch with non-massive ones."""
    return first_massive == second_massive
