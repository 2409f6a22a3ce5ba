"""The combat board's fields as text for the terminal (views/terminal.py draws the board with
them): each unit's short name, side and HP left, the Walls and the Gate."""

from __future__ import annotations

from rulekeeper.games.homm3.combat.stats import BattleState, card, hp_left

WIDTH = 14


def _cell(state: BattleState, number: int) -> str:
    """Field *number*: "A:Griffin P4" (side, name, Few/Pack, HP left), "[wall]", "[gate]",
    "(breach)" or "."."""
    battle = state.battle
    unit = battle.at(number)
    if unit is not None:
        mark = "A" if unit.side == 0 else "D"
        name = card(state, unit).name[:7]
        face = "P" if unit.face == "pack" else "F"
        return f"{mark}:{name}{face}{hp_left(state, unit)}"
    obstacle = battle.obstacle_at(number)
    if obstacle is not None:
        return "[gate]" if obstacle.kind == "gate" else "[wall]"
    if any(o.field == number and not o.intact for o in battle.obstacles):
        return "(breach)"  # a Wall or the Gate broken: the field is open (homm3.md §9.3)
    return "."
