"""Where a unit may move (homm3.md §5.15 unit types, §5.18.5 terrain obstacles, §5.14.4 the
Gate, §8.38): up to 3 orthogonal steps for ground and flying units, 1 for ranged units; every
card on the board blocks a non-flying unit's way, a flying unit passes over them; the
defender's units pass through the Gate as if it were empty; no unit ends on a taken field."""

from __future__ import annotations

from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import DEFENDER, Unit
from rulekeeper.games.homm3.combat.stats import BattleState, move_type

RULE = "homm3.md §5.15 unit types, §5.18.5 terrain obstacles (rulebook p. 26, 30)"


def destinations(state: BattleState, unit: Unit) -> dict[int, int]:
    """Fields *unit* may end its move on, with the steps taken."""
    if unit.field < 0:
        return {}
    battle = state.battle
    kind = move_type(state, unit)
    reach = board.MOVE_RANGE[kind]  # type: ignore[index]
    taken: set[int] = set()
    passable: set[int] = set()
    for other in battle.units.values():
        if other.field >= 0 and not other.destroyed and other is not unit:
            taken.add(other.field)
    for obstacle in battle.obstacles:
        if obstacle.intact:
            taken.add(obstacle.field)
            if obstacle.kind == "gate" and unit.side == DEFENDER:
                passable.add(obstacle.field)
    if kind == "flying":
        return {
            there: steps
            for there in range(board.ROWS * board.COLUMNS)
            if there not in taken and 0 < (steps := board.distance(unit.field, there)) <= reach
        }
    found: dict[int, int] = {}
    seen = {unit.field}
    layer = [unit.field]
    for steps in range(1, reach + 1):
        following = []
        for here in layer:
            for there in board.NEAR[here]:
                if there in seen or (there in taken and there not in passable):
                    continue
                seen.add(there)
                following.append(there)
                if there not in taken:
                    found[there] = steps
        layer = following
    return found
