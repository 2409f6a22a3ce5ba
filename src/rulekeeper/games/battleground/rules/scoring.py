"""Scoring and the end of the game (rulebook, Clean-Up Phase: Claim Objective Tokens; Scoring;
Victory): objectives are claimed at the clean-up, tokens and marks go, and the game ends by
knock-out, on points after the last round, by forfeit or by agreement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.battleground.rules import combat, statuses
from rulekeeper.games.battleground.rules.objectives import claimant

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

OBJECTIVE_VP = 20
"""Victory points of each objective token claimed."""
WIN_MARGIN = 20
"""After the last round, a lead of this many victory points wins; less is a draw."""


def claim_objectives(state: BattleState) -> None:
    """Rulebook, Claim Objective Tokens (objectives.py); 20 VP each at the end."""
    for objective, at in list(state.objectives.items()):
        fighter = claimant(state.field, (at[0], at[1]), state.on_board())
        if fighter is None:
            continue
        del state.objectives[objective]
        side = state.sides[fighter.owner]
        side.objectives.append(objective)
        side.vp += OBJECTIVE_VP
        state.events.append(
            "claim", {"player": fighter.owner, "objective": objective, "by": fighter.id}
        )


def claims_now(state: BattleState) -> dict[str, str]:
    """Who would claim each objective token on the battlefield if the clean-up came now:
    objective -> the claiming character's id (the same rule as :func:`claim_objectives`,
    nothing changed; issue 23 §2.4's preview)."""
    found: dict[str, str] = {}
    for objective, at in sorted(state.objectives.items()):
        fighter = claimant(state.field, (at[0], at[1]), state.on_board())
        if fighter is not None:
            found[objective] = fighter.id
    return found


def clear_tokens(state: BattleState) -> None:
    """Clean-up: buffs, debuffs and marks go (what lasts until the clean-up: statuses.TIMING);
    regeneration heals and curse wounds as they do."""
    statuses.TIMING.end("clean-up", state)
    combat.remove_knocked_out(state)


def check_victory(state: BattleState) -> bool:
    """Whether the game ended at this clean-up: a force knocked out, or the last round played."""
    alive = [bool(state.on_board(p)) for p in (0, 1)]
    if not all(alive):
        if any(alive):
            finish(state, alive.index(True), "knockout victory")
        else:
            finish(state, -1, "both forces knocked out: draw")
        return True
    if state.round >= state.game.rounds:
        vp = [side.vp for side in state.sides]
        margin = vp[0] - vp[1]
        if abs(margin) >= WIN_MARGIN:
            finish(state, 0 if margin > 0 else 1, "points victory")
        else:
            finish(state, -1, "draw on points")
        return True
    return False


def finish(state: BattleState, winner: int, result: str) -> None:
    """The game is over: ``winner`` (-1 for a draw) and how it ended."""
    state.phase = "over"
    state.winner = winner
    state.result = result
    state.events.append(
        "game end", {"winner": winner, "result": result, "vp": [s.vp for s in state.sides]}
    )
