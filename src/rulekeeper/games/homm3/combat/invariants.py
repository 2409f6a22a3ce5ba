"""What must hold in every battle, after every action (issue 8, part 3), as problems to
report: used by the fuzz tests and by benchmarks/battle_fuzz.py."""

from __future__ import annotations

from rulekeeper.games.homm3.combat.spells import spell_limit
from rulekeeper.games.homm3.combat.stats import BattleState, card, has, max_hp

MAX_ON_BOARD = 5


def problems(state: BattleState) -> list[str]:
    """Broken invariants of the battle as it stands (empty if none)."""
    battle = state.battle
    found = []
    for side in (0, 1):
        if len(battle.on_board(side)) > MAX_ON_BOARD:
            found.append(f"side {side} has more than 5 units on the board (homm3.md §5.15)")
    fields = [u.field for u in battle.units.values() if u.field >= 0 and not u.destroyed]
    if len(fields) != len(set(fields)):
        found.append("two units on one field")
    for obstacle in battle.obstacles:
        if obstacle.intact and obstacle.field in fields:
            found.append("a unit stands on a wall or the gate")
    for unit in battle.units.values():
        if unit.damage < 0:
            found.append(f"{unit.id} has negative damage")
        if not unit.destroyed and unit.damage >= max_hp(state, unit):
            found.append(f"{unit.id} should have flipped or been destroyed")
        if unit.retaliations > 1 and not has(state, unit, "unlimited-retaliation"):
            found.append(f"{unit.id} retaliated more than once this round")
        if unit.destroyed and (unit.field not in (-1, -2) or unit.damage):
            found.append(f"{unit.id} is destroyed but on the board or damaged")
    for side, army in enumerate(battle.armies):
        if army.spells_cast > spell_limit(state, side):
            found.append(f"side {side} cast {army.spells_cast} spells this round (§5.18.7)")
    return found


def log_problems(state: BattleState) -> list[str]:
    """From the event log: one activation per unit per round, one retaliation per unit per
    round unless it has ``unlimited-retaliation`` on either side of its card (§5.18.5-6)."""
    found = []
    activated: set[str] = set()
    retaliated: dict[str, int] = {}
    for event in state.events:
        if event.kind == "round-starts":
            activated, retaliated = set(), {}
        elif event.kind == "activation":
            uid = str(event.data["unit"])
            if uid in activated:
                found.append(f"{uid} activated twice in round")
            activated.add(uid)
        elif event.kind == "attack" and event.data["kind"] == "retaliation":
            uid = str(event.data["attacker"])
            retaliated[uid] = retaliated.get(uid, 0) + 1
            printed = card(state, state.battle.units[uid])
            unlimited = any(
                ability.kind == "unlimited-retaliation"
                for face in ("few", "pack")
                for ability in printed.side(face).abilities
            )
            if retaliated[uid] > 1 and not unlimited:
                found.append(f"{uid} retaliated twice in a round")
    return found
