"""The evaluation's lead (evaluation.py) for each place one character could move to: the
greedy bot's way of scoring moves (planning.py), computing once what the move does not change."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.evaluation import (
    CLAIM_SHARE,
    CONTESTED_SHARE,
    FOCUS_VP,
    NEAR_SHARE,
    THREAT_SHARE,
    Unit,
    acting_characters,
    as_unit,
    next_side,
    side_missions,
    strike,
    tempo,
)
from rulekeeper.games.battleground.fighter_data import static_data
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState
    from rulekeeper.games.battleground.model import Fighter

# An objective token as MoveScorer reads it: its hex, each side's closeness without the mover,
# the hexes in or next to it, whether each side may claim it, the hexes around each other
# character that would claim it, whether each side's claim would be contested.
_Token = tuple[
    int,
    int,
    list[float],
    frozenset[Position],
    list[bool],
    list[list[Sequence[Position]]],
    list[bool],
]


class MoveScorer:
    """The lead (:func:`evaluation.advantage`) for *player* as one character, *mover*, is set
    down at one place after another (the caller places it, and puts it back): the same number
    as ``advantage``, with what the mover does not change computed once."""

    def __init__(self, state: BattlegroundState, player: int, mover: Fighter) -> None:
        self.state = state
        self.player = player
        self.mover = mover
        self.focused = mover.focused
        self.missions = any(turn.missions for turn in state.turns)
        static = self.static = static_data(state)
        sides = state.sides
        last_round = self.last_round = state.round >= state.game.rounds
        acting = acting_characters(state)
        following = next_side(state)
        lead = float(sides[player].vp - sides[1 - player].vp)
        units: list[Unit] = []
        me: Unit | None = None
        for fighter in state.fighters.values():
            if fighter.knocked_out:
                continue
            info = static.fighters[fighter.id]
            owner = fighter.owner
            unit = as_unit(fighter, info, sides, acting, following, last_round)
            if fighter is mover:
                me = unit
            else:
                units.append(unit)
            if fighter.wounds:
                loss = info.worth * min(fighter.wounds, info.health) / info.health
                lead += -loss if owner == player else loss
        assert me is not None
        self.me = me
        lead += tempo(state, player, [*units, me], acting)
        lead -= tempo(state, 1 - player, [*units, me], acting)
        self.fixed = lead
        self.others = units
        # Threats between the others: each attacker's best, engaged as it stands or engaged
        # by the mover too (an enemy of the mover standing next to it).
        self.rows: list[tuple[Unit, float, bool, float, float]] = []
        for unit in units:
            engaged = any(
                o[4] != unit[4] and _adjacent(o, unit[2], unit[3]) for o in units if o is not unit
            )
            weight = unit[6]
            plain = tense = 0.0
            if weight:
                for target in units:
                    if target[4] != unit[4]:
                        plain = max(plain, strike(state, static, unit, target, engaged))
                        tense = max(tense, strike(state, static, unit, target, True))
            self.rows.append((unit, weight, engaged, plain, tense))
        # Objectives: each token's closeness for each side without the mover, and who could
        # claim it (rules/objectives.py) as far as the others decide.
        self.tokens = [self._token(at[0], at[1]) for at in state.objectives.values()]
        self.my_weight = me[6]

    def _token(self, q: int, r: int) -> _Token:
        """What the others decide about the token at (q, r): each side's closeness, whether each
        side may claim it (not in its zone, no enemy in or next to its hex), the hexes around
        each other character that would claim it unless the mover stands there, and whether
        each side's claim would be contested (an enemy that still acts could reach it)."""
        field = self.state.field
        units = self.others
        near = self.static.near.get((q, r))
        if near is None:
            token = Position(q, r, 0)
            near = self.static.near[(q, r)] = frozenset({token, *field.adjacent_positions(token)})
        closeness = [0.0, 0.0]
        open_sides = [False, False]
        free: list[list[Sequence[Position]]] = [[], []]
        contested = [False, False]
        for side in (0, 1):
            if (q, r) in field.zones.get(side, ()):
                closeness[side] = -1.0  # the side may not claim it
            else:
                for unit in units:
                    if unit[4] == side:
                        closeness[side] = max(
                            closeness[side], _closeness(unit, q, r, self.last_round)
                        )
                open_sides[side] = not any(u[4] != side and u[0].position in near for u in units)
            for unit in units:
                if unit[4] == side and unit[0].position in near:
                    around = field.adjacent_positions(unit[0].position)
                    if not any(u[4] != side and u[0].position in around for u in units):
                        free[side].append(around)
            contested[side] = any(
                u[4] != side and u[5] and _steps_to(u, q, r) - 2 <= u[1].focused_speed
                for u in units
            )
        return (q, r, closeness, near, open_sides, free, contested)

    def _holder(self, token: _Token, here: Position, owner: int) -> int:
        """The side that would claim *token* now with the mover (of *owner*) at *here*, or -1:
        the rules of rules/objectives.py (claimant), from what the others decide."""
        _, _, _, hexes, open_sides, free, _ = token
        if open_sides[owner] and (free[owner] or (here in hexes and not self._exposed())):
            return owner
        other = 1 - owner
        if open_sides[other] and here not in hexes and any(here not in a for a in free[other]):
            return other
        return -1

    def _exposed(self) -> bool:
        """Whether an enemy stands next to the mover (it could not claim a token)."""
        around = self.state.field.adjacent_positions(self.mover.position)
        owner = self.mover.owner
        return any(unit[4] != owner and unit[0].position in around for unit in self.others)

    def lead(self) -> float:
        """The lead with the mover where it stands now."""
        state = self.state
        fighter = self.mover
        player = self.player
        static = self.static
        _, info, _, _, owner, acts, weight = self.me
        q, r = fighter.q, fighter.r
        me = (fighter, info, q, r, owner, acts, weight)
        lead = self.fixed
        if fighter.focused != self.focused:
            change = FOCUS_VP if fighter.focused else -FOCUS_VP
            lead += change if owner == player else -change
        engaged_me = False
        threat = 0.0
        for unit, weight, engaged, plain, tense in self.rows:
            enemy = unit[4] != owner
            dq = unit[2] - q
            dr = unit[3] - r
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            near = enemy and d == 1
            if near:
                engaged_me = True
            if not weight:
                continue
            best = tense if (engaged or near) else plain
            if enemy and (d - 1 <= unit[1].focused_speed or d <= unit[1].reach):
                value = strike(state, static, unit, me, engaged or near)
                if value > best:
                    best = value
            share = THREAT_SHARE * weight * best
            threat += share if unit[4] == player else -share
        if self.my_weight:
            best = 0.0
            for unit in self.others:
                if unit[4] != owner:
                    value = strike(state, static, me, unit, engaged_me)
                    if value > best:
                        best = value
            share = THREAT_SHARE * self.my_weight * best
            threat += share if owner == player else -share
        lead += threat
        last_round = self.last_round
        here = fighter.position
        for token in self.tokens:
            tq, tr, closeness, _, _, _, contested = token
            holder = self._holder(token, here, owner)
            if holder >= 0:
                share = CLAIM_SHARE
                if contested[holder] or (
                    holder != owner and acts and _steps_to(me, tq, tr) - 2 <= info.focused_speed
                ):
                    share = CONTESTED_SHARE
                lead += (share if holder == player else -share) * OBJECTIVE_VP
                continue
            mine = closeness[owner]
            if mine >= 0.0:
                mine = max(mine, _closeness(me, tq, tr, last_round))
            sides = [closeness[0], closeness[1]]
            sides[owner] = mine
            lead += (
                NEAR_SHARE * OBJECTIVE_VP * (max(0.0, sides[player]) - max(0.0, sides[1 - player]))
            )
        if self.missions:
            lead += side_missions(state, player)
        return lead


def _steps_to(unit: Unit, q: int, r: int) -> int:
    """Hex steps from *unit* to (q, r)."""
    dq = unit[2] - q
    dr = unit[3] - r
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def _adjacent(unit: Unit, q: int, r: int) -> bool:
    """Whether *unit* stands next to (q, r)."""
    dq = unit[2] - q
    dr = unit[3] - r
    return abs(dq) + abs(dr) + abs(dq + dr) == 2


def _closeness(unit: Unit, q: int, r: int, last_round: bool) -> float:
    """1 for a character that could stand next to the token at (q, r) before this clean-up,
    less by the activations it needs to get there (in the last round, 0 unless it still acts
    and could get there)."""
    _, info, uq, ur, _, acts, _ = unit
    dq = uq - q
    dr = ur - r
    gap = ((abs(dq) + abs(dr) + abs(dq + dr)) >> 1) - 1
    steps = -(-gap // info.focused_speed) if gap > 0 else 0
    if acts and steps <= 1:
        return 0.9 if steps == 1 else 1.0
    if last_round:
        return 0.0
    return 0.75 / (1.0 + steps)
