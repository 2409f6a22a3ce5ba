"""Facing with a reason (issue 23 §2.9): for an offered facing, which enemies it leaves in the
rear arc (an attack from there is a flank attack, scope +1: rulebook, Flank Attacks), which it
keeps in front, the enemy it faces ("face toward Skeletor"), and whether it leaves no flank open.

    facing_info(state, seat, action)   # {"text", "toward", "safe", "front", "rear", "halfway"}

Read from the public board only (positions, facings, the arcs of board/facing.py).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from rulekeeper.core import Action, JsonObject
from rulekeeper.core.hexes import DIRECTION_NAMES, DIRECTIONS, Hex, centre, hex_distance
from rulekeeper.games.battleground.board.facing import arc_of

if TYPE_CHECKING:
    from rulekeeper.games.battleground.model import Fighter
    from rulekeeper.games.battleground.protocols import BattleState

__all__ = ["facing_info", "toward"]


def _facer(state: BattleState) -> Fighter | None:
    """The character whose facing is being chosen (the face step's), or None."""
    top = state.flow.top() if state.flow.steps else None
    character = getattr(top, "character", None)
    return state.fighters.get(character) if isinstance(character, str) else None


def _enemies(state: BattleState, fighter: Fighter) -> list[Fighter]:
    """The enemies on the battlefield, nearest first (then by id)."""
    here = fighter.position.hex
    found = [f for f in state.on_board() if f.owner != fighter.owner]
    return sorted(found, key=lambda f: (hex_distance(here, f.position.hex), f.id))


def _best_direction(here: Hex, there: Hex) -> int:
    """The facing that points most nearly at *there* from *here* (the lower on a tie)."""
    (x0, y0), (x1, y1) = centre(here), centre(there)
    angle = math.atan2(y1 - y0, x1 - x0)

    def off(direction: int) -> float:
        dx, dy = centre(DIRECTIONS[direction])
        delta = abs(math.atan2(dy, dx) - angle) % (2 * math.pi)
        return min(delta, 2 * math.pi - delta)

    return min(range(6), key=lambda d: (round(off(d), 9), d))


def toward(state: BattleState, fighter: Fighter, direction: int) -> Fighter | None:
    """The nearest enemy that *direction* faces (the facing pointing most nearly at it)."""
    here = fighter.position.hex
    return next(
        (e for e in _enemies(state, fighter) if _best_direction(here, e.position.hex) == direction),
        None,
    )


def facing_info(state: BattleState, seat: int | None, action: Action) -> JsonObject:
    """What the ``face`` *action* changes for the character turning: the enemies it would
    have in front, behind (flank open) and halfway, the enemy it faces, and ``safe`` when no
    enemy is behind. Public: *seat* changes nothing."""
    direction = action.int_param("direction")
    fighter = _facer(state)
    name = DIRECTION_NAMES[direction]
    if fighter is None or fighter.knocked_out:
        return {"text": f"face {name}", "toward": None, "safe": True, "front": [], "rear": []}
    here = fighter.position.hex
    arcs: dict[str, list[str]] = {"front": [], "rear": [], "halfway": []}
    for enemy in _enemies(state, fighter):
        arcs[arc_of(here, direction, enemy.position.hex)].append(state.card(enemy).name)
    facing_enemy = toward(state, fighter, direction)
    toward_name = state.card(facing_enemy).name if facing_enemy is not None else None
    parts = [f"faces {toward_name}"] if toward_name else []
    if arcs["rear"]:
        parts.append(f"leaves {_names(arcs['rear'])} behind: flank open (their attacks scope +1)")
    elif arcs["front"] or arcs["halfway"]:
        parts.append("no enemy behind: no flank open")
    else:
        parts.append("no enemy on the battlefield")
    if arcs["front"]:
        parts.append(f"{_names(arcs['front'])} in front")
    if arcs["halfway"]:
        parts.append(f"{_names(arcs['halfway'])} level with it (neither front nor rear)")
    return {
        "text": "; ".join(parts),
        "toward": toward_name,
        "safe": not arcs["rear"],
        "front": list(arcs["front"]),
        "rear": list(arcs["rear"]),
        "halfway": list(arcs["halfway"]),
    }


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
