"""Who may attack whom (homm3.md §5.15 unit types, §5.14.4 and §9.2–9.3 walls and the Arrow
Tower, §8.39): melee against adjacent enemies, ranged fire, the combat penalty, the −1 for
shooting at units behind their walls."""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import ATTACKER, DEFENDER, TOWER, Unit
from rulekeeper.games.homm3.combat.stats import BattleState, has, is_ranged, move_type

RULE_MELEE = "homm3.md §5.15 unit types; §5.18.6 step 2 (rulebook p. 26, 31)"
RULE_RANGED = "homm3.md §5.15 Ranged, §8.39 and §9.2 (rulebook p. 26)"
BACK_LINE = {ATTACKER: 0, DEFENDER: 4}


@dataclass(frozen=True)
class Shot:
    """How one attack would be made: at melee or ranged, and its penalties."""

    ranged: bool
    penalty: bool
    """The combat penalty: two dice, the lower counts."""
    walled: bool
    """−1 Attack: a ranged attack at a unit behind its own intact Wall or Gate (§9.2)."""


def adjacent_enemies(state: BattleState, unit: Unit) -> list[Unit]:
    """Enemy units on fields next to *unit* (in board order)."""
    if unit.field < 0:
        return []
    battle = state.battle
    found = []
    for near in board.NEAR[unit.field]:
        other = battle.at(near)
        if other is not None and other.side != unit.side:
            found.append(other)
    return found


def _walled(state: BattleState, shooter: Unit, target: Unit) -> bool:
    """§9.2: the target stands on its side in the column of an intact Wall or Gate of its own,
    and the shooter is on the other side of the middle row."""
    if target.side != DEFENDER or shooter.field < 0 or target.field < 0:
        return False
    row, column = board.field_at(target.field)
    if row <= board.MIDDLE_ROW or board.row_of(shooter.field) >= board.MIDDLE_ROW:
        return False
    return state.battle.obstacle_at(board.MIDDLE_ROW * board.COLUMNS + column) is not None


def shots(state: BattleState, unit: Unit, moved: bool) -> dict[str, Shot]:
    """The enemy units *unit* may attack now, by id, with how (its activation so far: *moved*)."""
    battle = state.battle
    enemies = [u for u in battle.on_board(1 - unit.side)]
    if unit.field == TOWER:  # §9.3: immune to positioning rules
        return {u.id: Shot(True, False, False) for u in enemies}
    if not is_ranged(state, unit):
        return {u.id: Shot(False, False, False) for u in adjacent_enemies(state, unit)}
    if moved:  # a ranged unit attacks only before it moves
        return {}
    near = adjacent_enemies(state, unit)
    immune = has(state, unit, "no-combat-penalty")
    if near:  # §9.2: while adjacent, only adjacent enemies, with the penalty
        free = immune or has(state, unit, "no-adjacent-penalty")
        return {u.id: Shot(True, not free, False) for u in near}
    found = {}
    for target in enemies:
        back = (
            board.row_of(unit.field) == BACK_LINE[unit.side]
            and board.row_of(target.field) == BACK_LINE[target.side]
        )
        found[target.id] = Shot(True, back and not immune, _walled(state, unit, target))
    tower = battle.tower()
    if tower is not None and tower.side != unit.side:
        found[tower.id] = Shot(True, False, False)
    return found


def breaches(state: BattleState, unit: Unit) -> list[int]:
    """Fields of intact Walls or the Gate next to *unit* that it may destroy: an adjacent
    ground or flying unit of the attacking side (§5.14.4, §9.3)."""
    if unit.field < 0 or unit.side != ATTACKER or move_type(state, unit) == "ranged":
        return []
    battle = state.battle
    return [near for near in board.NEAR[unit.field] if battle.obstacle_at(near) is not None]
