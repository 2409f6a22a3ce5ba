"""The quick legality check of Perform Actions (rulebook, Perform Actions): whether one action of
the active character is legal, without building the whole list of actions (ActStep.legal).

Each kind is checked with the very functions that build the list, so both agree (the fuzz tests
check it both ways); the two big families, moves and attacks, are where it saves the most.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core import Action
from rulekeeper.games.battleground.actions import SIMPLE_ACT_KINDS
from rulekeeper.games.battleground.board.hexes import Position
from rulekeeper.games.battleground.rules import combat, effects

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState


def act_is_legal(state: BattlegroundState, action: Action, player: int) -> bool:
    """Whether *player*, whose character is acting (ActStep on top), may take *action*."""
    if action.kind in SIMPLE_ACT_KINDS:
        return _simple_act_is_legal(state, action, player)
    if action.kind not in ("move", "attack"):
        return action in state.flow.top().legal(state, player)
    turn = state.turn()
    fighter = state.fighters[turn.character]
    try:
        if action.kind == "move":
            pos = Position(*action.ints_param("to"))
            use_focus = action.bool_param("focus")
            return (
                action == state.game.actions.move(pos, use_focus)
                and turn.kind != "opportunity"
                and state.can_afford(turn, "move")
                and (fighter.focused or not use_focus)
                and pos in state.move_options(turn, fighter, use_focus)
            )
        weapon = action.str_param("weapon")
        target = state.fighters.get(action.str_param("target"))
    except (KeyError, TypeError):
        return False
    return (
        target is not None
        and action == state.game.actions.attack(weapon, target.id)
        and weapon in combat.usable_weapons(state, fighter)
        and combat.target_refusal(state, turn, fighter, weapon, target) is None
    )


def _simple_act_is_legal(state: BattlegroundState, action: Action, player: int) -> bool:
    """The cheap members of ``ActStep.legal``, checked one by one with the same tests."""
    turn = state.turn()
    fighter = state.fighters[turn.character]
    opportunity = turn.kind == "opportunity"
    kind = action.kind
    try:
        if kind == "focus":
            return (
                action == state.game.actions.act("focus")
                and not turn.interruption
                and not fighter.focused
                and state.cost_of(turn, "focus") <= turn.ap
            )
        if kind == "overwatch":
            return (
                action == state.game.actions.act("overwatch")
                and not turn.interruption
                and state.cost_of(turn, "overwatch") <= turn.ap
            )
        if kind == "end":
            return action == state.game.actions.act("end")
        if kind == "play":
            card = action.str_param("card")
            side = state.sides[player]
            return action == state.game.actions.act("play", card=card) and (
                card in side.hand or card in side.glory
            )
        if kind == "skill":
            skill_id = action.str_param("skill")
            skills = {s.id: s for s in state.card(fighter).skills}
            return (
                action == state.game.actions.act("skill", skill=skill_id)
                and not opportunity
                and skill_id in skills
                and effects._skill_refusal(
                    state, turn, fighter, f"skill:{skill_id}", skills[skill_id]
                )
                is None
            )
        item = action.str_param("item")
        return (
            action == state.game.actions.act("use-item", item=item)
            and not opportunity
            and effects.item_refusal(state, turn, fighter, item) is None
        )
    except (KeyError, TypeError):
        return False
