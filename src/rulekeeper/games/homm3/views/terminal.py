"""HoMM3 combat in the terminal (core/plugin.py ``Screen``): the battle as text, the log, the odds
of an attack before it is confirmed, and ``card UNIT`` and ``cards`` at the prompt.

The board is the 4×5 fields (views/text.py's cells); under it every unit on a line with its
Attack, Defence, HP left, Initiative, type and abilities as they stand (issue 23 §2.13,
views/card_text.py ``unit_line``), and each hero's hand by card name (the seat's own; the
other's as a count). ``card UNIT`` prints a unit's whole card in words (``unit_card``).
"""

from __future__ import annotations

import difflib

from rulekeeper.core.plugin import Screen
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import SIDES
from rulekeeper.games.homm3.combat.stats import BattleState, card
from rulekeeper.games.homm3.views.card_text import text_of, unit_card, unit_line
from rulekeeper.games.homm3.views.log import news
from rulekeeper.games.homm3.views.odds import preview
from rulekeeper.games.homm3.views.text import WIDTH, _cell

USAGE = """  card UNIT      a unit's whole card: statistics and abilities in words (card griffins)
  cards          your hand, every card with its text"""


def render(state: BattleState, seat: int | None = None) -> str:
    """The board, every unit with its statistics and abilities, the heroes and the seat's hand
    by name."""
    battle = state.battle
    lines = ["     " + "".join(f"{c:^{WIDTH}}" for c in "abcd")]
    for row in reversed(range(board.ROWS)):
        cells = [_cell(state, row * board.COLUMNS + c) for c in range(board.COLUMNS)]
        lines.append(f"  {row + 1}  " + "".join(f"{cell:^{WIDTH}}" for cell in cells))
    lines.append("  (row 1: the attacker's back line; A attacker, D defender; F/P side, HP left)")
    for side, army in enumerate(battle.armies):
        who = army.hero.name if army.hero else army.kind
        extra = ""
        if army.hero is not None:
            hero = army.hero
            names = [state.game.pack.card(c).name for c in hero.hand]
            hand = ", ".join(names) if seat == army.seat else f"{len(hero.hand)} cards"
            extra = (
                f" level {hero.level}, {hero.mp} MP, {hero.gold} gold, morale {hero.morale:+d}, "
                f"hand: {hand or 'empty'}"
            )
        lines.append(f"{SIDES[side]} ({who}):{extra}")
        for uid in army.units:
            lines.append(f"   {_where(state, uid):<10} {unit_line(state, uid)}")
    tower = battle.tower()
    if tower is not None and not any(tower.id in army.units for army in battle.armies):
        lines.append(f"   {'tower':<10} {unit_line(state, tower.id)}")
    lines.append(f"round {battle.round}; card UNIT: a unit's whole card; cards: your hand's text")
    return "\n".join(lines)


def _where(state: BattleState, uid: str) -> str:
    """Where a unit is (a field's name, in reserve, destroyed) and its marks."""
    unit = state.battle.units[uid]
    if unit.destroyed:
        return "destroyed"
    if unit.field == -1:
        return "reserve"
    where = "tower" if unit.field == -2 else board.name(unit.field)
    marks = [m for m, on in (("A", unit.activated), ("D", unit.defending)) if on]
    marks += ["paralysed"] if unit.paralysed else []
    return where + (f" [{','.join(marks)}]" if marks else "")


def card_command(state: BattleState, seat: int, name: str) -> str:
    """``card UNIT``: the whole card of the unit whose name or id starts with *name*."""
    units = {uid: card(state, unit).name for uid, unit in state.battle.units.items()}
    wanted = name.casefold().strip()
    if not wanted:
        return "card UNIT: which unit? " + ", ".join(sorted(set(units.values())))
    found = [u for u, n in units.items() if u.startswith(wanted) or n.casefold().startswith(wanted)]
    found = found or [u for u, n in units.items() if wanted in n.casefold()]  # "tower"
    by_side = [u for u in found if state.battle.units[u].side == _own_side(state, seat)]
    if len(found) > 1 and by_side:
        found = by_side[:1]  # your own unit first when both sides have one
    if found:
        return unit_card(state, found[0])
    close = difflib.get_close_matches(wanted, [n.casefold() for n in units.values()], n=5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return f"no unit called {name!r}{hint}"


def _own_side(state: BattleState, seat: int) -> int:
    return next((s for s, army in enumerate(state.battle.armies) if army.seat == seat), 0)


def cards_text(state: BattleState, seat: int) -> str:
    """``cards``: the seat's hand, every card with its text."""
    for army in state.battle.armies:
        if army.seat == seat and army.hero is not None:
            texts = [f"  {text_of(state.game.pack, c)}" for c in sorted(set(army.hero.hand))]
            return "\n".join(["Your hand:", *texts]) if texts else "Your hand is empty"
    return "you have no hero, so no hand"


def command(state: BattleState, seat: int, line: str) -> str | None:
    """``card UNIT`` and ``cards``; None for any other line."""
    head, _, rest = line.strip().partition(" ")
    if head.casefold() == "card":
        return card_command(state, seat, rest)
    if head.casefold() == "cards" and not rest.strip():
        return cards_text(state, seat)
    return None


SCREEN = Screen(render, news, preview, command=command, help=USAGE)
