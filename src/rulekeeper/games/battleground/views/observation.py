"""What a player of Battleground may know: the saved state without what is hidden from them (the
order and faces of the draw piles, the other hand, the other player's secret card choice). The
events they may see are the core's ``state.events_for(player)``, as for every game (not copied
in here: the log grows with the game, and a view is sent after every action)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.core import JsonObject

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

HIDDEN = "(hidden)"


def observation(state: BattleState, player: int) -> JsonObject:
    data: dict[str, Any] = dict(state._to_data())
    for p, side in enumerate(data["sides"]):
        deck = side["deck"]
        side["deck"] = {"draw": len(deck["draw"]), "discard": deck["discard"]}
        if p != player:
            side["hand"] = len(side["hand"])
            side["glory"] = len(side["glory"])
            side["selected"] = bool(side["selected"])
    for item in data["flow"]["steps"]:
        if item["kind"] == "select":
            item["chosen"] = {
                k: (v if k == str(player) else HIDDEN) for k, v in item["chosen"].items()
            }
        elif item["kind"] == "discard" and item["seat"] != player:
            # The other hand being discarded from: how many cards, and those picked (in the open).
            options = item["options"]
            item["picked"] = [options[index] for index in item["picked"]]
            item["options"] = len(options)
    data["you"] = player
    return data
