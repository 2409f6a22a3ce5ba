"""The objectives panel's words (issue 23 §2.4): when objectives score, and who would score if
the round ended now (rules/scoring.py :func:`claims_now`, a pure reading of the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core import JsonObject, JsonValue
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP, claims_now

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

__all__ = ["RULE", "objectives_info"]

RULE = (
    f"Objectives score at the end of each round, in the clean-up: a character on or next to a "
    f"token claims it for {OBJECTIVE_VP} VP when no enemy is next to that character or to the "
    "token, and the token is not in the character's own deployment zone."
)


def objectives_info(state: BattleState) -> JsonObject:
    """``{"text": when they score, "preview": [{"player", "vp", "objectives", "text"}]}``: per
    player, the tokens it would claim if the round ended now (none: no entry)."""
    claims = claims_now(state)
    preview: list[JsonValue] = []
    texts: list[str] = []
    for player in range(len(state.sides)):
        mine = {o: c for o, c in claims.items() if state.fighters[c].owner == player}
        if not mine:
            continue
        names = ", ".join(f"{o} with {state.card(c).name}" for o, c in mine.items())
        vp = OBJECTIVE_VP * len(mine)
        texts.append(f"Player {player} would claim {names} (+{vp} VP)")
        preview.append(
            {
                "player": player,
                "vp": vp,
                "objectives": list(mine),
                "text": texts[-1],
            }
        )
    if state.objectives and not preview:
        summary = "If the round ended now, nobody would claim an objective."
    elif preview:
        summary = "If the round ended now: " + "; ".join(texts) + "."
    else:
        summary = "No objective token is left on the battlefield."
    return {"text": RULE, "now": summary, "preview": preview}
