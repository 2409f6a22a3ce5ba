"""``rulekeeper homm3 position``: show a ``homm3-position`` file, or check some
(docs/homm3-positions.md).

``show`` lists where the game stands (round, turn order, whose turn, each player's board, the
heroes, the towns, the map, the pending steps, a fight in progress) and what the player to act
may do; ``check`` prints OK for each good file and every problem of the others as
file: field: reason (exit code 1). Paths are read from the current folder.
"""

from __future__ import annotations

from typing import Any

import typer

from rulekeeper.cli.positions import (
    add_commands,
    to_act,
)

app = typer.Typer(
    help="HoMM3 map positions (docs/homm3-positions.md): show a position file, or check some.",
    no_args_is_help=True,
)


def summary(state: Any) -> str:
    """Round, turn order and who is to act, in one line."""
    order = ", ".join(str(seat) for seat in state.order)
    return f"Round {state.round}, turn order {order}; {to_act(state, state.describe_result())}"


def board_lines(state: Any) -> list[str]:
    """Each player's board, the heroes, the towns and the map, a line each."""
    lines = []
    for p in state.players:
        money = ", ".join(f"{v} {k}" for k, v in p.resources.amounts.items())
        lines.append(
            f"Player {p.seat}: {p.faction}, {p.hero} level {p.level}; {money}; "
            f"{len(p.units)} units, {len(p.hand)} cards in hand, {len(p.deck)} in the deck"
        )
    for h in state.heroes:
        where = h.field or "off the map"
        lines.append(f"Hero {h.id} (player {h.seat}, {h.role}) on {where}, {h.mp} MP")
    for t in state.towns:
        lines.append(f"Town {t.faction} on {t.field}, held by {t.owner}: {', '.join(t.buildings)}")
    tiles = ", ".join(f"{p.tile}@{p.q},{p.r}/{p.rotation}" for p in state.placements)
    lines.append(f"Tiles face up: {tiles}; face down: {len(state.face_down)}")
    if state.battle is not None:
        lines += fight_lines(state.battle)
    lines.append("Pending: " + " > ".join(step.kind for step in state.flow.steps))
    return lines


def fight_lines(battle: Any) -> list[str]:
    """The fight in progress: its round and each side's units (card, side, damage)."""
    lines = [f"Fight, round {battle.round}:"]
    for index, army in enumerate(battle.armies):
        units = []
        for uid in army.units:
            unit = battle.units[uid]
            if not unit.destroyed:
                hurt = f" -{unit.damage}" if unit.damage else ""
                units.append(f"{unit.card} ({unit.face}{hurt})")
        side = "attacker" if index == 0 else "defender"
        lines.append(f"  {side} {army.kind} (player {army.seat}): {', '.join(units) or 'none'}")
    return lines


add_commands(app, "homm3", board_lines, summary)
