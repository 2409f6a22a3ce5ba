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

What never changes about a character (its worth, weapons, expected wounds) is in
fighter_data.py; the same lead for each place a character could move to, in move_scoring.py.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from rulekeeper.games.battleground.board.facing import arc_of
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.fighter_data import (
    FighterInfo,
    StaticData,
    expected_wounds,
    static_data,
)
from rulekeeper.games.battleground.rules.missions import _mission_met
from rulekeeper.games.battleground.rules.round import ActivateStep
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP, WIN_MARGIN

if TYPE_CHECKING:
    from rulekeeper.games.battleground.model import Fighter
    from rulekeeper.games.battleground.protocols import BattleState

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


def evaluate(state: BattleState, player: int) -> float:
    """The position's value for *player* in [-1, 1] (terminal states: GameState.evaluate)."""
    return value_of_lead(state, advantage(state, player))


def value_of_lead(state: BattleState, lead: float, spread: float | None = None) -> float:
    """The value in [-1, 1] of a lead of *lead* VP at this point of the game (*spread*: the
    state's :func:`spread`, when the caller has it)."""
    if spread is None:
        spread = FINAL_SPREAD + SPREAD * _rounds_left(state)
    win = _phi((lead - WIN_MARGIN + 0.5) / spread)
    lose = _phi((-lead - WIN_MARGIN + 0.5) / spread)
    value = (1.0 - LINEAR) * (win - lose) + LINEAR * math.tanh(lead / SCALE)
    return max(-1.0, min(1.0, value))


def spread(state: BattleState) -> float:
    """The uncertainty (VP) of the final lead from this point of the game."""
    return FINAL_SPREAD + SPREAD * _rounds_left(state)


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _rounds_left(state: BattleState) -> float:
    """Rounds still to play, counting this one by the share of its activations left."""
    left = 0
    sides = state.sides
    for fighter in state.fighters.values():
        if not fighter.knocked_out and not fighter.activated and not sides[fighter.owner].passed:
            left += 1
    return max(0, state.game.rounds - state.round) + min(1.0, left / 6.0)


# A character on the battleground as the terms read it: the fighter, its static data, its hex,
# its owner, whether it still acts this round.
Unit = tuple["Fighter", "FighterInfo", int, int, int, bool, float]


def advantage(state: BattleState, player: int) -> float:
    """*player*'s lead in (estimated) victory points."""
    static = static_data(state)
    sides = state.sides
    lead = float(sides[player].vp - sides[1 - player].vp)
    last_round = state.round >= state.game.rounds
    acting = acting_characters(state)
    following = next_side(state)
    infos = static.fighters
    units: list[Unit] = []
    for fighter in state.fighters.values():
        if fighter.knocked_out:
            continue
        info = infos[fighter.id]
        unit = as_unit(fighter, info, sides, acting, following, last_round)
        units.append(unit)
        wounds = fighter.wounds
        if wounds:
            loss = info.worth * min(wounds, info.health) / info.health
            lead += -loss if fighter.owner == player else loss
    lead += _objectives(state, player, units, last_round)
    lead += tempo(state, player, units, acting) - tempo(state, 1 - player, units, acting)
    lead += _threats(state, static, player, units)
    for turn in state.turns:
        if turn.missions:
            lead += side_missions(state, player)
            break
    return lead


def acting_characters(state: BattleState) -> dict[str, int]:
    """The characters whose activation is under way, with the AP they have left."""
    return {turn.character: turn.ap for turn in state.turns if not turn.interruption}


def next_side(state: BattleState) -> int:
    """The player whose activation comes next (a card revealed, its character not yet chosen),
    or -1 when the next one waits for the cards to be selected."""
    for step in reversed(state.flow.steps):
        if isinstance(step, ActivateStep):
            return step.player
    return -1


def as_unit(
    fighter: Fighter,
    info: FighterInfo,
    sides: list[Any],
    acting: dict[str, int],
    following: int,
    last_round: bool,
) -> Unit:
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


def _in_rear(static: StaticData, facing: int, dq: int, dr: int) -> bool:
    """Whether a hex at offset (dq, dr) lies in the rear arc of a model facing *facing*."""
    key = (facing, dq, dr)
    found = static.rear.get(key)
    if found is None:
        found = static.rear[key] = arc_of((0, 0), facing, (dq, dr)) == "rear"
    return found


# ---------------------------------------------------------------------------- the terms


def tempo(state: BattleState, owner: int, units: list[Unit], acting: dict[str, int]) -> float:
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


def _threats(state: BattleState, static: StaticData, player: int, units: list[Unit]) -> float:
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
                value = strike(state, static, attacker, target, engaged[i])
                if value > best:
                    best = value
        share = THREAT_SHARE * weight * best
        total += share if attacker[4] == player else -share
    return total


def strike(
    state: BattleState, static: StaticData, attacker: Unit, target: Unit, engaged: bool
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
    flank = _in_rear(static, target_fighter.facing, dq, dr)
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
    state: BattleState, static: StaticData, attacker: Fighter, target: Fighter
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


def _objectives(state: BattleState, player: int, units: list[Unit], last_round: bool) -> float:
    field = state.field
    static = static_data(state)
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


def _held(units: list[Unit], holder: int, q: int, r: int, player: int) -> float:
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


def _claimant(field: Any, static: StaticData, q: int, r: int, units: list[Unit]) -> int:
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


def side_missions(state: BattleState, player: int) -> float:
    """Side missions in play in the activation under way whose condition is met now."""
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
