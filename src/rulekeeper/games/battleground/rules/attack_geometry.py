"""Where an attack comes from, and the two things that depend on it: flank and cover.

Written once, for the scope modifiers of an attack test (combat.py) and for card conditions
that ask about the same attack (effects.py), so both always agree.

* Flank Attacks: an attack from the target's rear arc.
* Cover: ranged attacks and spells; the attacker's own adjacent hexes do not give cover.
* Area Attacks: for an additional target both are traced from the initial target's hex (a
  decided reading, docs/rules.md), without the attacker's adjacency exception.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.battleground.board.cover import CoverVerdict, cover_verdict
from rulekeeper.games.battleground.board.facing import arc_of
from rulekeeper.games.battleground.board.measures import Position

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState, PendingAttack


def against_initial_target(attack: PendingAttack) -> bool:
    """Whether the attack is now against its initial target (not an area's additional one)."""
    return attack.target == attack.initial


def attack_source(state: BattleState, attack: PendingAttack) -> Position:
    """The attacker's hex, or the initial target's hex for an additional area target."""
    if against_initial_target(attack):
        return state.fighters[attack.attacker].position
    return Position(*attack.origin)


def is_flank_attack(state: BattleState, attack: PendingAttack) -> bool:
    """Flank Attacks: the attack comes from the target's rear arc."""
    target = state.fighters[attack.target]
    source = attack_source(state, attack)
    return arc_of(target.position.hex, target.facing, source.hex) == "rear"


def target_cover(state: BattleState, attack: PendingAttack) -> CoverVerdict:
    """Cover: whether the target is in cover from where the attack comes, and why."""
    attacker = state.fighters[attack.attacker]
    target = state.fighters[attack.target]
    others = frozenset(
        f.position for f in state.on_board() if f is not attacker and f is not target
    )
    return cover_verdict(
        state.field,
        attack_source(state, attack),
        target.position,
        others,
        from_attacker=against_initial_target(attack),
    )
