"""The combat board as text for the terminal: the 4×5 fields with each unit's short name,
side and damage, the Walls and Gate, the Arrow Tower, and the heroes' cards and morale."""

from __future__ import annotations

from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import SIDES
from rulekeeper.games.homm3.combat.stats import BattleState, card, hp_left, initiative
from rulekeeper.games.homm3.views.card_text import text_of

WIDTH = 14


def _cell(state: BattleState, number: int) -> str:
    battle = state.battle
    unit = battle.at(number)
    if unit is not None:
        mark = "A" if unit.side == 0 else "D"
        name = card(state, unit).name[:7]
        face = "P" if unit.face == "pack" else "F"
        return f"{mark}:{name}{face}{hp_left(state, unit)}"
    obstacle = battle.obstacle_at(number)
    if obstacle is not None:
        return "[gate]" if obstacle.kind == "gate" else "[wall]"
    return "."


def render(state: BattleState, seat: int | None = None) -> str:
    """The board and a line per unit; *seat*'s own hand is shown, others only counted."""
    battle = state.battle
    lines = ["     " + "".join(f"{c:^{WIDTH}}" for c in "abcd")]
    for row in reversed(range(board.ROWS)):
        cells = [_cell(state, row * board.COLUMNS + c) for c in range(board.COLUMNS)]
        lines.append(f"  {row + 1}  " + "".join(f"{cell:^{WIDTH}}" for cell in cells))
    lines.append("  (row 1: the attacker's back line; A attacker, D defender; F/P side, HP left)")
    tower = battle.tower()
    if tower is not None:
        lines.append(f"  Arrow Tower: {hp_left(state, tower)} HP left")
    for side, army in enumerate(battle.armies):
        who = army.hero.name if army.hero else army.kind
        extra = ""
        if army.hero is not None:
            hero = army.hero
            hand = ", ".join(hero.hand) if seat == army.seat else f"{len(hero.hand)} cards"
            extra = (
                f" level {hero.level}, {hero.mp} MP, {hero.gold} gold, morale {hero.morale:+d}, "
                f"hand: {hand or 'empty'}"
            )
        lines.append(f"{SIDES[side]} ({who}):{extra}")
        for uid in army.units:
            unit = battle.units[uid]
            if unit.destroyed:
                state_ = "destroyed"
            elif unit.field == -1:
                state_ = "in reserve"
            else:
                where = "tower" if unit.field == -2 else board.name(unit.field)
                marks = [
                    m
                    for m, on in (
                        ("activated", unit.activated),
                        ("defending", unit.defending),
                        ("paralysed", unit.paralysed),
                    )
                    if on
                ]
                state_ = f"{where}, {hp_left(state, unit)} HP, initiative {initiative(state, unit)}"
                if marks:
                    state_ += ", " + ", ".join(marks)
            lines.append(f"   {uid:<22} {unit.face:<5} {state_}")
    lines.append(f"round {battle.round}")
    for army in battle.armies:  # the cards in the seat's own hand, in words from their data
        if army.seat == seat and army.hero is not None:
            for card_id in sorted(set(army.hero.hand)):
                lines.append(f"  {text_of(state.game.pack, card_id)}")
    return "\n".join(lines)
