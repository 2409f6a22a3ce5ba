"""The HoMM3 combat board as data for a browser (issue 23 §1): what the board script
(``views/static/homm3.js``) draws for one seat, as JSON-safe values; docs/homm3-combat.md
("The board's data") and docs/web-ui.md ("HoMM3 combat") describe it.

    battlefield_board(state)     # the 4×5 grid: fields, lines, names (never changes)
    public_board(state)          # the battle as every seat sees it (units, siege, heroes, order)
    seat_board(state, seat)      # the seat's own: its hand, its choices mapped to clicks, odds

Every function takes the state the combat's steps work on (combat/stats.py ``BattleState``:
its ``battle``, ``flow``, ``events`` and ``game.pack``), so the map game's board calls them for
its fights as the combat game does. Nothing a seat may not know is read for it: another
hero's hand is a count, decks are counts, the AI's decks are counts; no rule is written here.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.combat import board as grid
from rulekeeper.games.homm3.combat.rounds import BattleStep
from rulekeeper.games.homm3.views.web.decision import decision, seat_part
from rulekeeper.games.homm3.views.web.pieces import (
    battle_info,
    battle_result,
    field_records,
    heroes,
    order_strip,
    recent_results,
    siege_info,
    unit_records,
)

__all__ = [
    "battlefield_board",
    "board",
    "combat_board",
    "combat_public",
    "public_board",
    "seat_board",
]

LINE_NAMES = {0: "attacker's back line", 1: "attacker's front line", 2: "middle row"}
LINE_NAMES |= {3: "defender's front line", 4: "defender's back line"}


def board(state: Any, seat: int | None) -> JsonObject:
    """Everything the board script draws for *seat* (None: a spectator)."""
    return {**battlefield_board(state), **public_board(state), **seat_board(state, seat)}


def battlefield_board(state: Any) -> JsonObject:
    """The grid: 5 rows of 4 fields, row 0 the attacker's back line (seen from the attacker),
    each field with its number, its name as players write it (``a1`` … ``d5``) and its line."""
    return {
        "grid": {
            "rows": grid.ROWS,
            "columns": grid.COLUMNS,
            "middle_row": grid.MIDDLE_ROW,
            "lines": [
                {"row": row, "name": name, "side": _line_side(row)}
                for row, name in LINE_NAMES.items()
            ],
            "fields": [
                {
                    "index": number,
                    "name": grid.name(number),
                    "row": number // grid.COLUMNS,
                    "column": number % grid.COLUMNS,
                }
                for number in range(grid.ROWS * grid.COLUMNS)
            ],
        }
    }


def _line_side(row: int) -> str | None:
    return "attacker" if row < grid.MIDDLE_ROW else "defender" if row > grid.MIDDLE_ROW else None


def public_board(state: Any) -> JsonObject:
    """What every seat and spectator sees alike, under ``combat`` (the map game's board embeds
    the same object for its fights): :func:`combat_public`."""
    return {"combat": combat_public(state)}


def seat_board(state: Any, seat: int | None) -> JsonObject:
    """*seat*'s own part, under ``combat_seat``: its side, its hand face up (with the cards it
    may play now), and each of its legal actions mapped to a click (a unit, a field, a card or
    a button), an attack's odds in percentages (None: a spectator, no hand and no actions)."""
    return {"combat_seat": seat_part(state, seat)}


def combat_public(state: Any) -> JsonObject:
    """The battle as every seat sees it: the grid, the battle and its sides, the siege works,
    the fields, the units, the heroes (hands as counts), the activation order, who decides
    what now, and the latest dice and results."""
    recent = recent_results(state)
    order: Any = order_strip(state)
    top = decision(state)
    battle = state.battle
    over = state.flow.find(BattleStep) is None  # a host's flow goes on after its fight
    if over:
        phase = "over"
    elif battle.round == 0:
        phase = "deployment"
    else:
        phase = f"round {battle.round}"
    siege: Any = siege_info(state)
    return {
        "grid": battlefield_board(state)["grid"],
        "battle": battle_info(state),
        "round": battle.round,
        "phase": phase,
        "pending_text": top["prompt"],
        "siege": siege,
        "tower": siege["tower"]["unit"] if siege and siege["tower"] else None,
        "fields": field_records(state),
        "units": unit_records(state),
        "order": [entry["unit"] for entry in order["next"]],
        "order_detail": order,
        "active": order["active"],
        "sides": heroes(state),
        "decision": top,
        "recent": recent,
        "last": recent["last"],
        "result": battle_result(state) if over else None,
    }


def combat_board(state: Any, seat: int | None) -> JsonObject:
    """The whole combat board for *seat* as one object (the public part and the seat's own
    together): what a host game's board embeds for a fight."""
    return {**combat_public(state), **seat_part(state, seat)}
