"""How good a Battleground position looks for a player: the evaluation the built-in bots use
(``state.evaluate(seat)``, docs/bots.md), in [-1, 1].

It reads only what both players see (the board, wounds, VP, objectives, whose turn it is),
never a hand or a deck, and counts in victory points (the game is decided by them):

* the VP difference;
* wounds dealt and taken, each worth its share of the wounded character's knock-out value
  (``cost × wounds / health``: the VP an opponent is that far towards);
* objective tokens still on the board: one a character would claim at this clean-up is worth
  most of its 20 VP, the others a little by how near each side stands to it;
* facing: a character with an adjacent enemy in its rear arc (a flank attack waiting) loses a
  little of its value;
* threat: each enemy within striking distance of a character (a move and a blow, or its
  longest ranged weapon) is worth a share of one wound, for one side and against the other;
* tempo: each character still to activate this round (not the one activating) for a side
  that has not passed; the AP and mana of a card selected and not yet played; mana held; the
  cards in hand (their number).

The total, from *player*'s side, is squashed into [-1, 1] by ``tanh(vp / SCALE)``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rulekeeper.core.hexes import Hex, hex_distance
from rulekeeper.games.battleground.board.facing import arc_of
from rulekeeper.games.battleground.content.forces import cost_of_character_with_equipment
from rulekeeper.games.battleground.rules.objectives import claimant
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState
    from rulekeeper.games.battleground.model import Fighter

SCALE = 40.0
"""VP at which the evaluation reaches tanh(1) ≈ 0.76 (a win needs a 20 VP lead)."""
CLAIM_SHARE = 0.7
"""Share of an objective's VP counted for a character standing where it would claim it."""
NEAR_SHARE = 0.3
"""Share counted, at most, for being nearer an objective than the other side."""
FLANKED_SHARE = 0.15
"""Share of a character's value lost while an adjacent enemy stands in its rear arc."""
ACTIVATION_VP = 3.0
"""Worth of an activation still to come this round."""
AP_VP = 0.4
"""Worth of an action point in a selected card not yet played."""
THREAT_SHARE = 0.5
"""Share of a wound's worth counted for each enemy within striking distance of a character."""
MANA_VP = 0.4
"""Worth of a point of mana (rerolls, abilities)."""
CARD_VP = 1.5
"""Worth of a fate card in hand (how many there are is public): a card to select later."""


def evaluate(state: BattlegroundState, player: int) -> float:
    """The position's value for *player* in [-1, 1] (terminal states: GameState.evaluate)."""
    return math.tanh(advantage(state, player) / SCALE)


def advantage(state: BattlegroundState, player: int) -> float:
    """*player*'s lead in (estimated) victory points."""
    sides = state.sides
    lead = float(sides[player].vp - sides[1 - player].vp)
    standing = state.on_board()
    for fighter in standing:
        sign = 1.0 if fighter.owner == player else -1.0
        worth = _worth(state, fighter)
        health = max(1, state.card(fighter).health)
        lead -= sign * worth * min(fighter.wounds, health) / health
        if _flanked(fighter, standing):
            lead -= sign * worth * FLANKED_SHARE
    lead += _objectives(state, player, standing)
    lead += _tempo(state, player, standing) - _tempo(state, 1 - player, standing)
    lead += _threats(state, player, standing)
    return lead


def _tempo(state: BattlegroundState, owner: int, standing: list[Fighter]) -> float:
    side = state.sides[owner]
    value = CARD_VP * len(side.hand)
    acting = {turn.character for turn in state.turns if not turn.interruption}
    for fighter in standing:
        if fighter.owner == owner:
            value += MANA_VP * fighter.mana
            if not fighter.activated and not side.passed and fighter.id not in acting:
                value += ACTIVATION_VP
    if side.selected:
        card = state.play_card(side.selected)
        value += AP_VP * card.ap + MANA_VP * card.mana
    return value


def _reach(state: BattlegroundState, fighter: Fighter) -> int:
    """How far (in hexes) *fighter* can strike from where it stands in one activation: a move
    and a melee blow, or its longest ranged or spell weapon."""
    reach = state.card(fighter).speed + 1
    for weapon_id in fighter.weapons:
        weapon = state.weapon(weapon_id)
        if weapon is not None and weapon.range is not None:
            reach = max(reach, int(weapon.range))
    return reach


def _threats(state: BattlegroundState, player: int, standing: list[Fighter]) -> float:
    """Enemies within striking distance, by the share of their value an attack may take:
    *player*'s threats minus the other side's."""
    total = 0.0
    reaches = {f.id: _reach(state, f) for f in standing}
    for attacker in standing:
        for target in standing:
            if target.owner == attacker.owner:
                continue
            if hex_distance(attacker.position.hex, target.position.hex) > reaches[attacker.id]:
                continue
            share = THREAT_SHARE * _worth(state, target) / max(1, state.card(target).health)
            total += share if attacker.owner == player else -share
    return total


def _worth(state: BattlegroundState, fighter: Fighter) -> float:
    return float(
        cost_of_character_with_equipment(state.pack, fighter.id, fighter.weapons, fighter.items)
    )


def _flanked(fighter: Fighter, standing: list[Fighter]) -> bool:
    here = fighter.position.hex
    for enemy in standing:
        if enemy.owner == fighter.owner:
            continue
        there = enemy.position.hex
        if hex_distance(here, there) == 1 and arc_of(here, fighter.facing, there) == "rear":
            return True
    return False


def _objectives(state: BattlegroundState, player: int, standing: list[Fighter]) -> float:
    field = state.field
    total = 0.0
    for at in state.objectives.values():
        token: Hex = (at[0], at[1])
        holder = claimant(field, token, standing)
        if holder is not None:
            total += (1.0 if holder.owner == player else -1.0) * CLAIM_SHARE * OBJECTIVE_VP
            continue
        reach = [
            _closeness(state, token, player, standing),
            _closeness(state, token, 1 - player, standing),
        ]
        total += NEAR_SHARE * OBJECTIVE_VP * (reach[0] - reach[1])
    return total


def _closeness(state: BattlegroundState, token: Hex, owner: int, standing: list[Fighter]) -> float:
    """1 for a character of *owner* next to *token*, falling with the turns it needs to get
    there (0 when it may not claim it: the token lies in its own deployment zone)."""
    if token in state.field.zones.get(owner, frozenset()):
        return 0.0
    best = 0.0
    for fighter in standing:
        if fighter.owner != owner:
            continue
        distance = hex_distance(fighter.position.hex, token)
        speed = max(1, state.card(fighter).speed)
        best = max(best, 1.0 / (1.0 + max(0, distance - 1) / speed))
    return best
