"""Perform Actions: what the active character may do now, each kind's rules written once.

For every kind of action there is one refusal function, ``(state, turn, fighter, action, seat)
-> (rule, reason) | None``. The same function answers the fast legality check, explains a refused
action (naming the rule) and, through the list builders below, decides what is listed:
:func:`options` lists exactly the actions :func:`refusal` accepts (the fuzz tests check both
ways). Moves and attacks are listed from the very reach and target checks their refusals use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement import Reach, reachable
from rulekeeper.games.battleground.model import Fighter, Turn
from rulekeeper.games.battleground.rules import combat, skills
from rulekeeper.games.battleground.rules.ap import can_afford, cost_of
from rulekeeper.games.battleground.rules.reach import move_options, move_points, occupancy_for

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

AP_RULE = "Perform Actions: repeated actions cost 1 AP more"
ONLY_MOVE_ATTACK_SKILL = (
    "Interruptions",
    "an interrupting character can move, attack or use skills",
)
ONLY_ATTACK = ("Attacks of Opportunity", "the interrupting character can only attack")

Check = Callable[["BattleState", Turn, Fighter, Action, int], Refusal | None]


def _exact(action: Action, *names: str) -> Refusal | None:
    """The action has exactly these parameters (their values are checked by the rule)."""
    params = action.params
    if not params and not names:
        return None
    if len(params) == len(names):
        for (name, _), expected in zip(params, names, strict=True):
            if name != expected:
                break
        else:
            return None
    return ("Perform Actions", f"{action.kind!r} takes {', '.join(names) or 'no parameters'}")


def _focus(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Focus: not while interrupting, not twice, and its AP."""
    if turn.interruption:
        return ONLY_MOVE_ATTACK_SKILL
    if fighter.focused:
        return ("Focus", "a focused character cannot gain another focus token")
    cost = cost_of(turn, "focus")
    if cost > turn.ap:
        return (AP_RULE, f"focus costs {cost} AP, {turn.ap} left")
    return _exact(action)


def _overwatch(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Overwatch: not while interrupting, and its AP."""
    if turn.interruption:
        return ONLY_MOVE_ATTACK_SKILL
    cost = cost_of(turn, "overwatch")
    if cost > turn.ap:
        return (AP_RULE, f"overwatch costs {cost} AP, {turn.ap} left")
    return _exact(action)


def _end(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """End Activation: always possible."""
    return _exact(action)


def _anytime(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Scoring: forfeit or offer a draw (listed here outside interruptions)."""
    if turn.interruption:
        return ("Scoring", f"{action.kind!r} is not offered during an interruption")
    return _exact(action)


def _play(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Playing Additional Cards: a fate card from the hand or a glory card."""
    card = action.get("card")
    side = state.sides[seat]
    if not isinstance(card, str) or (card not in side.hand and card not in side.glory):
        return ("Playing Additional Cards", f"{card!r} is not in your hand")
    return _exact(action, "card")


def _skill(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Use an Active Skill (skills.skill_refusal has the skill's own conditions)."""
    if turn.kind == "opportunity":
        return ONLY_ATTACK
    skill_id = action.get("skill")
    skill = next((s for s in state.card(fighter).skills if s.id == skill_id), None)
    if not isinstance(skill_id, str) or skill is None:
        return ("Skills", f"{fighter.id} has no skill {skill_id!r}")
    reason = skills.skill_refusal(state, turn, fighter, f"skill:{skill_id}", skill)
    if reason is not None:
        return ("Use an Active Skill", reason)
    return _exact(action, "skill")


def _use_item(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Items (skills.item_refusal has the item's own conditions)."""
    if turn.kind == "opportunity":
        return ONLY_ATTACK
    item = action.get("item")
    reason = skills.item_refusal(state, turn, fighter, str(item))
    if reason is not None:
        return ("Items", reason)
    return _exact(action, "item")


def _attack(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Attack (combat.target_refusal has the weapon, target, range and sight rules)."""
    weapon, target_id = action.get("weapon"), action.get("target")
    if not isinstance(weapon, str) or not isinstance(target_id, str):
        return ("Attack", "an attack needs weapon=... and target=...")
    target = state.fighters.get(target_id)
    if target is None:
        return ("Attack", f"no character {target_id!r}")
    if weapon not in combat.usable_weapons(state, fighter):
        return ("Attack", f"{fighter.id} has no {weapon} equipped")
    reason = combat.target_refusal(state, turn, fighter, weapon, target)
    if reason is not None:
        return ("Attack", reason)
    if action != state.game.actions.attack(weapon, target_id):
        return ("Attack", "an attack takes exactly weapon and target")
    return None


def _move_kind(state: BattleState, turn: Turn, fighter: Fighter, use_focus: bool) -> Refusal | None:
    """Move, before the destination: not in an attack of opportunity, its AP, a focus token."""
    if turn.kind == "opportunity":
        return ONLY_ATTACK
    if not can_afford(turn, "move"):
        return (AP_RULE, f"move costs {cost_of(turn, 'move')} AP, {turn.ap} left")
    if use_focus and not fighter.focused:
        return ("Spending Focus", f"{fighter.id} has no focus token to spend")
    return None


def _move(
    state: BattleState, turn: Turn, fighter: Fighter, action: Action, seat: int
) -> Refusal | None:
    """Move: a destination the character's reach offers (reach.move_options)."""
    try:
        target = Position(*action.ints_param("to"))
        use_focus = action.bool_param("focus")
    except (KeyError, TypeError):
        return ("Move", "a move needs to=[q, r, level] and focus=true/false")
    refused = _move_kind(state, turn, fighter, use_focus)
    if refused is not None:
        return refused
    if target in move_options(state, turn, fighter, use_focus):
        if action != state.game.actions.move(target, use_focus):
            return ("Move", "a move takes exactly to and focus")
        return None
    return _unreachable(state, turn, fighter, target, use_focus)


def _unreachable(
    state: BattleState, turn: Turn, fighter: Fighter, target: Position, use_focus: bool
) -> Refusal:
    """Why a destination is not among the move's options, in the rulebook's words."""
    if target not in state.field.positions:
        return ("Move", f"{target} is not a position: {state.field.describe_hex(target.hex)}")
    other = state.occupant(target)
    if other is not None:
        return ("Standard Movement", f"{target} is occupied by {other.id}")
    if turn.interruption and turn.interrupted:
        return (
            "Interruptions",
            f"an interrupting move goes towards {turn.interrupted} and ends in its sight",
        )
    budget = move_points(state, fighter, use_focus)
    unlimited = reachable(state.field, fighter.position, 99, occupancy_for(state, fighter))
    if target not in unlimited:
        return ("Move", f"{fighter.id} cannot reach {target} in one move action")
    need = unlimited[target].cost
    if need > budget.points:
        notes = "; ".join(budget.notes)
        return (
            "Move",
            f"{target} costs {need} movement points, {fighter.id} has {budget.points} ({notes})",
        )
    return (
        "Move: a hex adjacent to an enemy ends the move",
        f"every route to {target} stops earlier",
    )


CHECKS: dict[str, Check] = {
    "focus": _focus,
    "move": _move,
    "attack": _attack,
    "skill": _skill,
    "use-item": _use_item,
    "overwatch": _overwatch,
    "play": _play,
    "end": _end,
    "offer-draw": _anytime,
    "forfeit": _anytime,
}
"""The one refusal function of each kind of action a character (or its player) may take."""


def refusal(state: BattleState, action: Action, seat: int) -> Refusal | None:
    """Why the active character's player may not take *action* now, or None."""
    turn = state.turn()
    fighter = state.fighters[turn.character]
    acts = state.game.activations.acts
    check = CHECKS.get(action.kind)
    if check is None:
        return ("Perform Actions", f"{action.kind!r} is not an action a character can take")
    if action.kind not in acts:  # a variant offers fewer kinds of action (variants.py)
        return (
            "Perform Actions",
            f"no {action.kind!r} in this game (only {', '.join(sorted(acts))})",
        )
    return check(state, turn, fighter, action, seat)


def options(state: BattleState, seat: int) -> list[Action]:
    """Every action :func:`refusal` accepts, in the order players are shown them: focus, moves
    (without, then with the focus token), attacks, skills, items, overwatch, cards, end."""
    turn = state.turn()
    fighter = state.fighters[turn.character]
    catalog = state.game.actions
    acts = state.game.activations.acts
    out: list[Action] = []

    def simple(*candidates: Action) -> None:
        for action in candidates:
            if (
                action.kind in acts
                and CHECKS[action.kind](state, turn, fighter, action, seat) is None
            ):
                out.append(action)

    simple(catalog.plain("focus"))
    if "move" in acts:
        for use_focus in (False, True) if fighter.focused else (False,):
            if _move_kind(state, turn, fighter, use_focus) is None:
                reach = move_options(state, turn, fighter, use_focus)
                ordered = reach.ordered() if isinstance(reach, Reach) else sorted(reach)
                out.extend(catalog.moves(ordered, use_focus))
    if "attack" in acts:
        out.extend(combat.attack_actions(state, turn, fighter))
    simple(*(catalog.one("skill", "skill", s.id) for s in state.card(fighter).skills))
    simple(*(catalog.one("use-item", "item", i) for i in fighter.items))
    simple(catalog.plain("overwatch"))
    side = state.sides[seat]
    simple(*catalog.card_choices("play", tuple(side.hand), tuple(side.glory), ()))
    simple(catalog.plain("end"), catalog.plain("offer-draw"), catalog.plain("forfeit"))
    return out
