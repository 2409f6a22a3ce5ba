"""Units the rules drive (homm3.md §5.18.3 neutral behaviour, §5.24.1 AI combat, §8.43–8.45).

Every neutral unit must attack the hero's units when it can, and otherwise spend its movement
closing in; it never Defends (:func:`obliged`: in Clash its controller picks among these). In
solo and co-op the rules also choose the target (:func:`choices`): a ground or flying unit
attacks, within reach, a unit of its own tier, else of a lower tier, else the nearest; a ranged
unit shoots a ranged unit of its own tier, then of a lower, then of a higher tier, then a ground
or flying unit of its own tier, else (§8.44) the nearest unit. Among equal targets the closer
one; a tie left after that is the player's to break: the battle's ``decider`` seat chooses
(:func:`decider`; the battle file's, or the host game's, core/subgame.py).
"""

from __future__ import annotations

from rulekeeper.core import Action
from rulekeeper.games.homm3.combat import board, movement, targets
from rulekeeper.games.homm3.combat.model import AI, Unit
from rulekeeper.games.homm3.combat.protocols import PendingActivation
from rulekeeper.games.homm3.combat.stats import BattleState, is_ranged, tier_rank

RULE = "homm3.md §5.24.1 AI combat (rulebook p. 33)"
END = Action.of("end")


def decider(state: BattleState) -> int:
    """The seat that breaks the ties the AI rules leave open: the player (solo and co-op);
    the battle file's ``decider`` (default seat 0) or the host's seating."""
    return state.battle.decider


def deciding(state: BattleState, seat: int) -> int:
    """Who decides for a side played by *seat*: that seat, or :func:`decider` for the AI."""
    return state.battle.decider if seat == AI else seat


def _gap(a: int, b: int) -> int:
    """Distance between two fields; the Arrow Tower (off the board) is at no distance."""
    return 0 if a < 0 or b < 0 else board.distance(a, b)


def _nearest_enemy(state: BattleState, unit: Unit, field: int) -> int:
    enemies = state.battle.on_board(1 - unit.side)
    return min((_gap(field, e.field) for e in enemies), default=0)


def _approach(state: BattleState, unit: Unit) -> list[Action]:
    """Moves that bring *unit* closest to the nearest enemy, or none if none gets closer."""
    here = _nearest_enemy(state, unit, unit.field)
    options = movement.destinations(state, unit)
    if not options:
        return []
    best = min(_nearest_enemy(state, unit, there) for there in options)
    if best >= here:
        return []
    return [
        Action.of("move", to=board.name(there))
        for there in sorted(options)
        if _nearest_enemy(state, unit, there) == best
    ]


def _walls(state: BattleState, unit: Unit) -> list[Action]:
    """A siege where *unit* can neither reach an enemy nor get closer (our reading of the
    fallback §5.24.1 leaves open, §8; docs/homm3.md): it breaks an adjacent Wall or the Gate,
    else moves next to the nearest one it could break (none: it waits)."""
    near = targets.breaches(state, unit)
    if near:
        return [Action.of("breach", at=board.name(there)) for there in near]
    walls = [o.field for o in state.battle.obstacles if o.intact]
    if not walls or unit.field < 0 or is_ranged(state, unit):
        return []
    options = movement.destinations(state, unit)

    def gap(field: int) -> int:
        return min(board.distance(field, wall) for wall in walls)

    if not options or min(gap(there) for there in options) >= gap(unit.field):
        return []
    best = min(gap(there) for there in options)
    return [Action.of("move", to=board.name(t)) for t in sorted(options) if gap(t) == best]


def _melee_reach(state: BattleState, unit: Unit) -> list[tuple[Unit, int, int]]:
    """(enemy, field to stand on, steps) for every enemy a ground or flying unit can reach
    and attack this activation (§8.45)."""
    battle = state.battle
    stands = {unit.field: 0, **movement.destinations(state, unit)}
    found = []
    for enemy in battle.on_board(1 - unit.side):
        for near in board.NEAR[enemy.field]:
            if near in stands:
                found.append((enemy, near, stands[near]))
    return found


def obliged(state: BattleState, step: PendingActivation) -> list[Action]:
    """§5.18.3: the actions a neutral unit may take: attack when it can, else close in."""
    unit = step.the_unit(state)
    if step.attacked:
        return [*(a for a in step.options(state) if a.kind == "move"), END]
    shots = targets.shots(state, unit, step.moved)
    attacks = [Action.of("attack", target=uid) for uid in shots]
    if is_ranged(state, unit) or step.moved:
        if attacks:
            return attacks
        return (_approach(state, unit) if not step.moved else []) or [END]
    reach = _melee_reach(state, unit)
    moves = sorted({there for _, there, steps in reach if steps > 0})
    found = attacks + [Action.of("move", to=board.name(there)) for there in moves]
    return found or _approach(state, unit) or _walls(state, unit) or [END]


def _by_priority(state: BattleState, unit: Unit, enemies: list[Unit]) -> list[Unit]:
    """The enemies the AI rules prefer, before distance (§5.24.1 rules 2 and 3)."""
    tier = tier_rank(state, unit)
    if is_ranged(state, unit):
        ranged = [e for e in enemies if is_ranged(state, e)]
        tests = [
            [e for e in ranged if tier_rank(state, e) == tier],
            [e for e in ranged if tier_rank(state, e) < tier],
            [e for e in ranged if tier_rank(state, e) > tier],
            [e for e in enemies if not is_ranged(state, e) and tier_rank(state, e) == tier],
        ]
    else:
        tests = [
            [e for e in enemies if tier_rank(state, e) == tier],
            [e for e in enemies if tier_rank(state, e) < tier],
        ]
    for preferred in tests:
        if preferred:
            return preferred
    return enemies  # §5.24.1 "otherwise the nearest", §8.44


def choices(state: BattleState, step: PendingActivation) -> list[Action]:
    """The actions the AI rules allow (a single one, or a tie for the player to break)."""
    unit = step.the_unit(state)
    if not step.started:
        return []
    if step.attacked:
        return [END]
    if is_ranged(state, unit) or step.moved or unit.field < 0:
        shots = targets.shots(state, unit, step.moved)
        enemies = [state.battle.units[uid] for uid in shots]
        if enemies:
            preferred = _by_priority(state, unit, enemies)
            near = min(_gap(unit.field, e.field) for e in preferred)
            return [
                Action.of("attack", target=e.id)
                for e in preferred
                if _gap(unit.field, e.field) == near
            ]
        return (_approach(state, unit) if not step.moved else []) or [END]
    reach = _melee_reach(state, unit)
    if not reach:
        return _approach(state, unit) or _walls(state, unit) or [END]
    preferred = _by_priority(state, unit, [enemy for enemy, _, _ in reach])
    chosen = [entry for entry in reach if entry[0] in preferred]
    least = min(steps for _, _, steps in chosen)
    found: list[Action] = []
    for enemy, there, steps in chosen:
        if steps != least:
            continue
        action = (
            Action.of("attack", target=enemy.id)
            if steps == 0
            else Action.of("move", to=board.name(there))
        )
        if action not in found:
            found.append(action)
    return found


# ---------------------------------------------------------------------------- why (the log)

RULE_NEUTRAL_CLASH = "Neutral units, homm3.md §5.18.3 item 3"
RULE_MELEE = "AI combat, homm3.md §5.24.1 rule 2"
RULE_RANGED = "AI combat, homm3.md §5.24.1 rule 3"
RULE_NEAREST = "AI combat, homm3.md §8.44"


def why_target(state: BattleState, unit: Unit, target: Unit) -> str:
    """Which rule chose *target* for *unit*'s attack, in words with the rule item (issue 23 §1:
    the log explains the rules' choices): the test of :func:`_by_priority` the target passes
    first. In Clash a neutral unit's controller picks, bound by §5.18.3 (attack when able)."""
    army = state.battle.armies[unit.side]
    if army.seat != AI:
        return f"neutral units must attack when they can ({RULE_NEUTRAL_CLASH})"
    tier, theirs = tier_rank(state, unit), tier_rank(state, target)
    if is_ranged(state, unit):
        if is_ranged(state, target):
            which = "its own" if theirs == tier else "a lower" if theirs < tier else "a higher"
            first = "" if which == "its own" else "none of its own or a lower tier: "
            if which == "a lower":
                first = "none of its own tier: "
            return f"{first}the rules choose a Ranged unit of {which} tier ({RULE_RANGED})"
        if theirs == tier:
            return f"no Ranged target, so a unit of its own tier ({RULE_RANGED})"
        return f"no unit the rules prefer: the nearest ({RULE_NEAREST})"
    if theirs == tier:
        return f"the rules choose a unit of its own tier within reach ({RULE_MELEE})"
    if theirs < tier:
        return f"none of its own tier within reach: one of a lower tier ({RULE_MELEE})"
    return f"none of its own or a lower tier within reach: the nearest ({RULE_MELEE})"


def why_move(state: BattleState, unit: Unit) -> str:
    """Why a unit the rules drive (or a neutral unit in Clash) moved, with the rule item."""
    if state.battle.armies[unit.side].seat != AI:
        return f"neutral units must attack or close in ({RULE_NEUTRAL_CLASH})"
    return f"the rules move it to reach its target or closer to the enemy ({RULE_MELEE})"


def rules_driven(state: BattleState, unit: Unit) -> bool:
    """Whether the rules choose for *unit* (an AI side) or bind its controller (neutrals)."""
    army = state.battle.armies[unit.side]
    return army.seat == AI or army.kind == "neutral"
