"""Where a character can move (rulebook, Move; Interruptions): its movement points, who stands
in the way, and the destinations of one move action.

Separate from rules/move.py, whose steps the effects push (effects.py imports move.py, and these
functions need the effects): the state offers them as thin methods to the steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement import (
    MovementPoints,
    Occupancy,
    Reach,
    Route,
    Style,
    movement_points,
    reachable,
)
from rulekeeper.games.battleground.board.movement_effects import towards
from rulekeeper.games.battleground.model import Fighter, Turn
from rulekeeper.games.battleground.rules import abilities, marks

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

MEMO_SIZE = 16
"""Routes memoised per game: hits come from the same few states, and a big memo of route trees
only gives the garbage collector more to scan."""


def move_points(state: BattleState, fighter: Fighter, use_focus: bool) -> MovementPoints:
    """Rulebook, Move: speed (focused speed with a focus token), difficult terrain, buffs."""
    field = state.field
    speed = state.stat(fighter, "focused_speed" if use_focus else "speed")  # only the one used
    return movement_points(
        field,
        fighter.position,
        speed,
        speed if use_focus else None,
        use_focus=use_focus,
        quickness=fighter.buff == "quickness",
        cripple=fighter.debuff == "cripple",
        in_difficult=field.is_difficult(fighter.position) or marks.flooded(state, fighter),
    )


def occupancy_for(state: BattleState, fighter: Fighter) -> Occupancy:
    """Who stands in *fighter*'s way: friends (passed through, pushed), enemies, the unmovable."""
    friends: list[Position] = []
    enemies: list[Position] = []
    unmovable: list[Position] = []
    for other in state.fighters.values():
        if other is fighter or other.knocked_out:
            continue
        (friends if other.owner == fighter.owner else enemies).append(other.position)
        if not abilities.can_be_moved(state, other):
            unmovable.append(other.position)
    fixed = frozenset(unmovable)
    occupancy = Occupancy(frozenset(friends), frozenset(enemies))
    occupancy.can_be_pushed = lambda pos: pos not in fixed
    occupancy.unpushable = fixed
    return occupancy


def routes(state: BattleState, fighter: Fighter, use_focus: bool) -> Mapping[Position, Route]:
    """Reach of one move action. Memoised on the game by everything it depends on, since the
    legal-action list and the legality check of the chosen move both ask for it; the budget is
    not part of the key: a search with more points holds the answer for fewer (its cheapest
    routes do not depend on how far it may go), so the moves with and without focus share one."""
    budget = move_points(state, fighter, use_focus)
    style = abilities.move_style(state, fighter)
    occupancy = occupancy_for(state, fighter)
    key = (
        fighter.position,
        # A jump or a teleport costs hex distance, not steps over the board: keyed by budget.
        style if style == "move" else (style, budget.points),
        occupancy.friends,
        occupancy.enemies,
        occupancy.unpushable,
    )
    memo = state.game.reach_memo
    found = memo.get(key)
    if found is not None and found[0] >= budget.points:
        points, reach = found
        return reach if points == budget.points else reach.within(budget.points)
    if len(memo) > MEMO_SIZE:
        memo.clear()
    reach = reachable(state.field, fighter.position, budget.points, occupancy, style=style)
    memo[key] = (budget.points, reach)
    return reach


def move_options(
    state: BattleState, turn: Turn, fighter: Fighter, use_focus: bool
) -> Mapping[Position, Route]:
    """The destinations of a move action in *turn* (an interruption restricts them)."""
    if turn.kind == "overwatch" and turn.interrupted:
        # The character's own movement style (Flight, Levitation) applies here too.
        budget = move_points(state, fighter, use_focus)
        style = abilities.move_style(state, fighter)
        return interruption_routes(state, fighter, turn.interrupted, budget.points, style)
    return routes(state, fighter, use_focus)


def interruption_routes(
    state: BattleState, fighter: Fighter, interrupted: str, points: int, style: Style
) -> Reach:
    """Interruptions: "all movements must be made towards the interrupted character and end
    within the line of sight of that character" (move actions, jumps and teleports)."""
    field = state.field
    target = state.fighters[interrupted]
    goal = field.adjacent_positions(target.position)
    toward = towards(
        field, fighter.position, points, goal, occupancy_for(state, fighter), style=style
    )
    return toward.where(lambda pos, _cost: field.has_line_of_sight(pos, target.position))
