"""How good a Battleground position looks for a player: the evaluation the built-in bots use
(``state.evaluate(seat)``, docs/bots.md), in [-1, 1].

It reads only what both players see (the board, wounds, VP, objectives, whose turn it is, how
many cards each hand holds), never a hand's cards or a deck, and counts in victory points (the
game is decided by them). The *lead* (:func:`advantage`) adds up:

* the VP difference;
* wounds dealt and taken, each worth its share of the wounded character's knock-out value
  (``cost × wounds / health``: the VP an opponent is that far towards);
* objective tokens still on the board: one a character would claim at this clean-up is worth
  most of its 20 VP (less while an enemy that still acts this round could reach it); the others
  by how soon each side could stand next to them (in activations), and, in the last round,
  only what can still be claimed;
* threats: each character's best attack on an enemy it could strike at its next activation
  (now, after a move, or a focus and a move), by its expected wounds (exact odds of the dice,
  flank attacks counted) times the target's worth per wound; counted in full for a character
  that still acts this round, half for one that acts next round, not at all after the last;
* tempo: an activation still to come this round for each ready character with a card for it
  (a side that has passed has none); mana, focus and overwatch tokens held; the fate cards in
  hand beyond what the round's activations need (their number), and the glory cards not played
  yet;
* a side mission in play in the activation under way, when its condition is met (its VP as
  soon as the activation ends there).

The value is the expected result the lead promises: the chance to win on points (a lead of
20 VP or more) less the chance to lose, with an uncertainty that shrinks as the game runs out,
plus a small linear term so that a smaller step towards a lead still counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulekeeper.core.hexes import Position
from rulekeeper.games.battleground.board.facing import arc_of
from rulekeeper.games.battleground.content.forces import cost_of_character_with_equipment
from rulekeeper.games.battleground.rules.combat import ATTACK_STAT, DEFENCE_STAT, FISTS
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP, WIN_MARGIN
from rulekeeper.games.battleground.views import odds

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState
    from rulekeeper.games.battleground.model import Fighter

CLAIM_SHARE = 0.9
"""Share of an objective's VP counted for a character standing where it would claim it."""
CONTESTED_SHARE = 0.55
"""The same, while an enemy that still acts this round could reach the token or the claimant."""
NEAR_SHARE = 0.45
"""Share counted, at most, for being able to reach an unclaimed objective sooner."""
ACTIVATION_VP = 5.0
"""Worth of an activation still to come this round (a ready character and a card for it)."""
THREAT_SHARE = 0.45
"""Share of the expected wounds of a character's best attack at its next activation."""
LATER_SHARE = 0.5
"""Weight of a threat from a character that acts only next round."""
SECOND_SHARE = 1.0
"""Weight of a threat from a character that acts this round, when the other side acts next."""
MANA_VP = 0.4
"""Worth of a point of mana (rerolls, abilities)."""
FOCUS_VP = 0.8
"""Worth of a focus token (a better test, or a longer move)."""
OVERWATCH_VP = 0.6
"""Worth of an overwatch token."""
KNOCKOUT_BONUS = 0.25
"""Share of a character's worth a knock-out is worth beyond its wounds (it acts no more)."""
CARD_VP = 1.0
"""Worth of a fate card in hand beyond those the round's activations need (how many there are
is public): an extra card to play for its bonus."""
GLORY_VP = 4.0
"""Worth of a glory card not played yet (never drawn again: its side mission to come), with
two rounds or more still to come after this one (half with one, none in the last)."""
SPREAD = 14.0
"""The uncertainty (VP) of the final lead per round still to play."""
FINAL_SPREAD = 4.0
"""The uncertainty left when no round is left to play."""
LINEAR = 0.25
"""Weight of the linear term tanh(lead / SCALE) in the value."""
SCALE = 40.0
"""VP at which the linear term reaches tanh(1)."""


def evaluate(state: BattlegroundState, player: int) -> float:
    """The position's value for *player* in [-1, 1] (terminal states: GameState.evaluate)."""
    return value_of_lead(state, advantage(state, player))


def value_of_lead(state: BattlegroundState, lead: float, spread: float | None = None) -> float:
    """The value in [-1, 1] of a lead of *lead* VP at this point of the game (*spread*: the
    state's :func:`spread`, when the caller has it)."""
    if spread is None:
        spread = FINAL_SPREAD + SPREAD * _rounds_left(state)
    win = _phi((lead - WIN_MARGIN + 0.5) / spread)
    lose = _phi((-lead - WIN_MARGIN + 0.5) / spread)
    value = (1.0 - LINEAR) * (win - lose) + LINEAR * math.tanh(lead / SCALE)
    return max(-1.0, min(1.0, value))


def spread(state: BattlegroundState) -> float:
    """The uncertainty (VP) of the final lead from this point of the game."""
    return FINAL_SPREAD + SPREAD * _rounds_left(state)


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _rounds_left(state: BattlegroundState) -> float:
    """Rounds still to play, counting this one by the share of its activations left."""
    left = 0
    sides = state.sides
    for fighter in state.fighters.values():
        if not fighter.knocked_out and not fighter.activated and not sides[fighter.owner].passed:
            left += 1
    return max(0, state.game.rounds - state.round) + min(1.0, left / 6.0)


# A character on the battleground as the terms read it: the fighter, its static data, its hex,
# its owner, whether it still acts this round.
_Unit = tuple["Fighter", "FighterInfo", int, int, int, bool, float]
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


def advantage(state: BattlegroundState, player: int) -> float:
    """*player*'s lead in (estimated) victory points."""
    static = _static(state)
    sides = state.sides
    lead = float(sides[player].vp - sides[1 - player].vp)
    last_round = state.round >= state.game.rounds
    acting = _acting(state)
    following = _next_side(state)
    infos = static.fighters
    units: list[_Unit] = []
    for fighter in state.fighters.values():
        if fighter.knocked_out:
            continue
        info = infos[fighter.id]
        unit = _unit(fighter, info, sides, acting, following, last_round)
        units.append(unit)
        wounds = fighter.wounds
        if wounds:
            loss = info.worth * min(wounds, info.health) / info.health
            lead += -loss if fighter.owner == player else loss
    lead += _objectives(state, player, units, last_round)
    lead += _tempo(state, player, units, acting) - _tempo(state, 1 - player, units, acting)
    lead += _threats(state, static, player, units)
    for turn in state.turns:
        if turn.missions:
            lead += _missions(state, player)
            break
    return lead


def _acting(state: BattlegroundState) -> dict[str, int]:
    """The characters whose activation is under way, with the AP they have left."""
    return {turn.character: turn.ap for turn in state.turns if not turn.interruption}


def _next_side(state: BattlegroundState) -> int:
    """The player whose activation comes next (a card revealed, its character not yet chosen),
    or -1 when the next one waits for the cards to be selected."""
    from rulekeeper.games.battleground.rules.round import ActivateStep

    for step in reversed(state.flow.steps):
        if isinstance(step, ActivateStep):
            return step.player
    return -1


def _unit(
    fighter: Fighter,
    info: FighterInfo,
    sides: list[Any],
    acting: dict[str, int],
    following: int,
    last_round: bool,
) -> _Unit:
    """A character as the terms read it. It still acts this round if it is not activated yet
    (and its side has not passed), or if it is acting now with AP left. Its threats count in
    full if its side acts next, less if the other side acts first, half if it acts next round
    only, not at all after the last."""
    owner = fighter.owner
    left = acting.get(fighter.id)
    acts = left > 0 if left is not None else not fighter.activated and not sides[owner].passed
    if acts:
        weight = 1.0 if following in (-1, owner) or left is not None else SECOND_SHARE
    else:
        weight = 0.0 if last_round else LATER_SHARE
    return (fighter, info, fighter.q, fighter.r, owner, acts, weight)


_REAR: dict[tuple[int, int, int], bool] = {}


def _in_rear(facing: int, dq: int, dr: int) -> bool:
    """Whether a hex at offset (dq, dr) lies in the rear arc of a model facing *facing*."""
    key = (facing, dq, dr)
    found = _REAR.get(key)
    if found is None:
        found = _REAR[key] = arc_of((0, 0), facing, (dq, dr)) == "rear"
    return found


# ---------------------------------------------------------------------------- static data


@dataclass(frozen=True)
class _Weapon:
    id: str
    type: str
    range: float | None  # inches, None for melee
    mana: int


@dataclass(frozen=True)
class FighterInfo:
    worth: float
    health: int
    speed: int
    focused_speed: int
    weapons: tuple[_Weapon, ...]
    reach: int
    """The farthest (in hexes) it could strike from at its next activation."""


@dataclass
class _Static:
    fighters: dict[str, FighterInfo]
    expected: dict[tuple[Any, ...], float]
    pairs: dict[tuple[str, str], list[tuple[str, float, int, float, float]]]
    near: dict[tuple[int, int], frozenset[Position]]
    """By objective token: its hex and the hexes around it (rules/objectives.py)."""


def _static(state: BattlegroundState) -> _Static:
    """What never changes during a game (costs, stats, weapons), kept on the game object."""
    game = state.game
    found = game.__dict__.get("_evaluation_static")
    if found is not None and state.fighters.keys() <= found.fighters.keys():
        return found  # type: ignore[no-any-return]
    fighters = {}
    for fighter in state.fighters.values():
        card = state.card(fighter)
        weapons = []
        for weapon_id in fighter.weapons:
            weapon = state.weapon(weapon_id)
            if weapon is None:
                continue
            weapons.append(
                _Weapon(weapon_id, weapon.type, weapon.range, int(weapon.mana_cost or 0))
            )
        if not any(w.type == "melee" for w in weapons):
            weapons.append(_Weapon(FISTS, "melee", None, 0))
        fighters[fighter.id] = FighterInfo(
            worth=float(
                cost_of_character_with_equipment(
                    state.pack, fighter.id, fighter.weapons, fighter.items
                )
            ),
            health=max(1, card.health),
            speed=card.speed,
            focused_speed=max(1, card.speed, card.focused_speed),
            weapons=tuple(weapons),
            reach=max(
                [max(1, card.speed, card.focused_speed) + 1]
                + [int(w.range) + card.speed + 1 for w in weapons if w.range is not None]
            ),
        )
    found = _Static(fighters, {}, {}, {})
    game.__dict__["_evaluation_static"] = found
    return found


def expected_wounds(
    state: BattlegroundState, attacker: Fighter, weapon: str, target: Fighter, scope: int
) -> float:
    """Expected wounds of one attack with *weapon* at *scope* (the lowest face that succeeds:
    4, or 3 for a flank attack), without rerolls or other modifiers: the stats, the weapon's
    dice and result rows."""
    static = _static(state)
    key = (attacker.id, weapon, target.id, scope)
    found = static.expected.get(key)
    if found is not None:
        return found
    kind = "melee" if weapon == FISTS else static_weapon_type(state, weapon)
    card = state.card(attacker)
    dice = int(getattr(card, ATTACK_STAT[kind]))
    rows: list[tuple[int, int]] = [(1, 1)]
    if weapon != FISTS:
        data = state.weapon(weapon)
        assert data is not None
        dice += int(data.dice or 0)
        rows = [
            (
                row.successes,
                sum(
                    int(getattr(e, "amount", 0))
                    for e in row.effects
                    if e.kind == "wounds" and getattr(e, "who", "target") == "target"
                ),
            )
            for row in data.results
        ]
    defence = int(getattr(state.card(target), DEFENCE_STAT[kind]))
    net = odds.net_distribution(
        odds.success_distribution(max(0, dice), scope), odds.success_distribution(defence, 4)
    )
    total = 0.0
    for successes, p in net.items():
        wounds = 0
        for need, amount in rows:
            if successes >= need:
                wounds = amount
        total += p * wounds
    static.expected[key] = total
    return total


def fighter_info(state: BattlegroundState, fighter: Fighter) -> FighterInfo:
    """Worth, health, speeds and weapons of *fighter*."""
    return _static(state).fighters[fighter.id]


def static_weapon_type(state: BattlegroundState, weapon: str) -> str:
    data = state.weapon(weapon)
    assert data is not None
    return str(data.type)


# ---------------------------------------------------------------------------- the terms


def _tempo(
    state: BattlegroundState, owner: int, units: list[_Unit], acting: dict[str, int]
) -> float:
    side = state.sides[owner]
    ready = 0
    value = 0.0
    for fighter, _, _, _, unit_owner, _, _ in units:
        if unit_owner == owner:
            value += MANA_VP * fighter.mana
            if fighter.focused:
                value += FOCUS_VP
            if fighter.overwatch:
                value += OVERWATCH_VP
            if not fighter.activated and fighter.id not in acting:
                ready += 1
    if side.passed:
        ready = 0
    fate, glory = len(side.hand), len(side.glory)
    if side.selected:
        # A card selected and not yet revealed: which one is secret, so only that there is one
        # (counted as a fate card while the hand has one).
        if fate:
            fate -= 1
        else:
            glory -= 1
        ready = max(0, ready - 1)
        value += ACTIVATION_VP
    # Activations this round need a card each; the cards beyond them are extras to play.
    value += ACTIVATION_VP * min(ready, fate + glory)
    later = state.game.rounds - state.round  # rounds after this one
    if later > 0:
        value += CARD_VP * max(0, fate - max(0, ready - glory))
        value += GLORY_VP * min(1.0, later / 2) * glory
    return value


def _threats(state: BattlegroundState, static: _Static, player: int, units: list[_Unit]) -> float:
    """Each character's best attack at its next activation, by its expected wounds times the
    target's worth per wound: *player*'s threats minus the other side's."""
    total = 0.0
    count = len(units)
    engaged = [False] * count
    for i in range(count):
        _, _, qi, ri, oi, _, _ = units[i]
        for j in range(i + 1, count):
            _, _, qj, rj, oj, _, _ = units[j]
            if oi != oj:
                dq = qi - qj
                dr = ri - rj
                if abs(dq) + abs(dr) + abs(dq + dr) == 2:
                    engaged[i] = engaged[j] = True
    for i in range(count):
        attacker = units[i]
        weight = attacker[6]
        if not weight:
            continue
        best = 0.0
        for target in units:
            if target[4] != attacker[4]:
                value = _strike(state, static, attacker, target, engaged[i])
                if value > best:
                    best = value
        share = THREAT_SHARE * weight * best
        total += share if attacker[4] == player else -share
    return total


def _strike(
    state: BattlegroundState, static: _Static, attacker: _Unit, target: _Unit, engaged: bool
) -> float:
    """The VP of *attacker*'s best attack on *target* at its next activation, by how surely it
    can make it (no move, a move, a focus and a move; ranged: in range and sight now, or after
    a move); *engaged*: whether an enemy stands next to the attacker."""
    fighter, info, qa, ra, _, _, _ = attacker
    target_fighter, _, qt, rt, _, _, _ = target
    dq = qa - qt
    dr = ra - rt
    d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
    far = d - 1 > info.focused_speed
    if far and d > info.reach:
        return 0.0
    options = static.pairs.get((fighter.id, target_fighter.id))
    if options is None:
        options = _pair(state, static, fighter, target_fighter)
    flank = _in_rear(target_fighter.facing, dq, dr)
    best = 0.0
    speed = info.speed
    for kind, weapon_range, mana, plain, flanking in options:
        if kind == "melee":
            if d == 1:
                reach = 1.0
            elif d - 1 <= speed:
                reach = 0.75
            elif not far:
                reach = 0.4
            else:
                continue
        else:
            if mana > fighter.mana or d > weapon_range + speed:
                continue
            field = state.field
            here, there = fighter.position, target_fighter.position
            if (
                not engaged
                and d <= weapon_range + 1
                and field.range_inches(here, there) <= weapon_range
                and field.has_line_of_sight(here, there)
            ):
                reach = 0.9
            else:
                reach = 0.35
        value = reach * (flanking if flank else plain)
        if value > best:
            best = value
    return best


def _pair(
    state: BattlegroundState, static: _Static, attacker: Fighter, target: Fighter
) -> list[tuple[str, float, int, float, float]]:
    """*attacker*'s weapons against *target*: type, range, mana cost, and the VP of its expected
    wounds from the front and from the flank."""
    info = static.fighters[attacker.id]
    target_info = static.fighters[target.id]
    per_wound = target_info.worth / target_info.health
    options = [
        (
            weapon.type,
            weapon.range if weapon.range is not None else 0.0,
            weapon.mana,
            per_wound * expected_wounds(state, attacker, weapon.id, target, 4),
            per_wound * expected_wounds(state, attacker, weapon.id, target, 3),
        )
        for weapon in info.weapons
    ]
    static.pairs[(attacker.id, target.id)] = options
    return options


def _objectives(
    state: BattlegroundState, player: int, units: list[_Unit], last_round: bool
) -> float:
    field = state.field
    static = _static(state)
    total = 0.0
    zones = field.zones
    for at in state.objectives.values():
        q, r = at[0], at[1]
        holder = _claimant(field, static, q, r, units)
        if holder >= 0:
            total += _held(units, holder, q, r, player)
            continue
        closeness = [0.0, 0.0]
        for side in (0, 1):
            if (q, r) in zones.get(side, ()):
                continue
            best = 0.0
            for _, info, uq, ur, owner, acts, _ in units:
                if owner != side:
                    continue
                dq = uq - q
                dr = ur - r
                gap = ((abs(dq) + abs(dr) + abs(dq + dr)) >> 1) - 1
                steps = -(-gap // info.focused_speed) if gap > 0 else 0
                if acts and steps <= 1:
                    value = 0.9 if steps == 1 else 1.0
                elif last_round:
                    continue
                else:
                    value = 0.75 / (1.0 + steps)
                if value > best:
                    best = value
            closeness[side] = best
        total += NEAR_SHARE * OBJECTIVE_VP * (closeness[player] - closeness[1 - player])
    return total


def _held(units: list[_Unit], holder: int, q: int, r: int, player: int) -> float:
    """The VP of a token a character of *holder* would claim now, less while an enemy that
    still acts this round could reach it."""
    share = CLAIM_SHARE
    for _, info, uq, ur, owner, acts, _ in units:
        if owner != holder and acts:
            dq = uq - q
            dr = ur - r
            if ((abs(dq) + abs(dr) + abs(dq + dr)) >> 1) - 2 <= info.focused_speed:
                share = CONTESTED_SHARE
                break
    return (share if holder == player else -share) * OBJECTIVE_VP


def _closeness(unit: _Unit, q: int, r: int, last_round: bool) -> float:
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


def _claimant(field: Any, static: _Static, q: int, r: int, units: list[_Unit]) -> int:
    """The owner of the character that would claim the token at (q, r) now, or -1: the rules
    of rules/objectives.py (claimant), read faster."""
    near = static.near.get((q, r))
    if near is None:
        token = Position(q, r, 0)
        near = static.near[(q, r)] = frozenset({token, *field.adjacent_positions(token)})
    for fighter, _, _, _, owner, _, _ in units:
        pos = fighter.position
        if pos not in near:
            continue
        around = field.adjacent_positions(pos)
        blocked = False
        for other, _, _, _, other_owner, _, _ in units:
            if other_owner != owner and (other.position in around or other.position in near):
                blocked = True
                break
        if blocked:
            continue
        if (q, r) in field.zones.get(owner, ()):
            continue
        return owner
    return -1


def _missions(state: BattlegroundState, player: int) -> float:
    """Side missions in play in the activation under way whose condition is met now."""
    from rulekeeper.games.battleground.rules.missions import _mission_met

    total = 0.0
    for turn in state.turns:
        if not turn.missions:
            continue
        side = state.sides[turn.player]
        fighter = state.fighters[turn.character]
        for card_id in turn.missions:
            if card_id in side.glory_done:
                continue
            card = state.pack.glory.get(card_id)
            if card is None or not _mission_met(state, turn, fighter, card, True):
                continue
            total += card.vp if turn.player == player else -card.vp
    return total


class MoveScorer:
    """The lead (:func:`advantage`) for *player* as one character, *mover*, is set down at one
    place after another (the caller places it, and puts it back): the same number as
    ``advantage``, with what the mover does not change computed once."""

    def __init__(self, state: BattlegroundState, player: int, mover: Fighter) -> None:
        self.state = state
        self.player = player
        self.mover = mover
        self.focused = mover.focused
        self.missions = any(turn.missions for turn in state.turns)
        static = self.static = _static(state)
        sides = state.sides
        last_round = self.last_round = state.round >= state.game.rounds
        acting = _acting(state)
        following = _next_side(state)
        lead = float(sides[player].vp - sides[1 - player].vp)
        units: list[_Unit] = []
        me: _Unit | None = None
        for fighter in state.fighters.values():
            if fighter.knocked_out:
                continue
            info = static.fighters[fighter.id]
            owner = fighter.owner
            unit = _unit(fighter, info, sides, acting, following, last_round)
            if fighter is mover:
                me = unit
            else:
                units.append(unit)
            if fighter.wounds:
                loss = info.worth * min(fighter.wounds, info.health) / info.health
                lead += -loss if owner == player else loss
        assert me is not None
        self.me = me
        lead += _tempo(state, player, [*units, me], acting)
        lead -= _tempo(state, 1 - player, [*units, me], acting)
        self.fixed = lead
        self.others = units
        # Threats between the others: each attacker's best, engaged as it stands or engaged
        # by the mover too (an enemy of the mover standing next to it).
        self.rows: list[tuple[_Unit, float, bool, float, float]] = []
        for unit in units:
            engaged = any(
                o[4] != unit[4] and _adjacent(o, unit[2], unit[3]) for o in units if o is not unit
            )
            weight = unit[6]
            plain = tense = 0.0
            if weight:
                for target in units:
                    if target[4] != unit[4]:
                        plain = max(plain, _strike(state, static, unit, target, engaged))
                        tense = max(tense, _strike(state, static, unit, target, True))
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
                value = _strike(state, static, unit, me, engaged or near)
                if value > best:
                    best = value
            share = THREAT_SHARE * weight * best
            threat += share if unit[4] == player else -share
        if self.my_weight:
            best = 0.0
            for unit in self.others:
                if unit[4] != owner:
                    value = _strike(state, static, me, unit, engaged_me)
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
            lead += _missions(state, player)
        return lead


def _steps_to(unit: _Unit, q: int, r: int) -> int:
    """Hex steps from *unit* to (q, r)."""
    dq = unit[2] - q
    dr = unit[3] - r
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def _adjacent(unit: _Unit, q: int, r: int) -> bool:
    dq = unit[2] - q
    dr = unit[3] - r
    return abs(dq) + abs(dr) + abs(dq + dr) == 2
