"""Battleground in the terminal (core/plugin.py ``Screen``): a compact screen, the log, previews
of moves and attacks, and the game's own commands at the prompt (issue 23 §2.6).

The screen a player decides from fits one terminal height: the round and the victory points on
one line, the battlefield without its legend, each side's characters on a line, the active
character's AP and costs, the hand by name. The rest is behind commands: ``legend`` (the map's
legend), ``forces`` (the forces table), ``objectives``, ``cards`` (the hand with every card's
text), ``card NAME`` (a character's, weapon's or card's whole text), ``los A B``. A hex may be
typed by the row and column labels printed on the map: ``move r7c14`` (or ``row 7 column 14``)
is the hex in row 7, column 14.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from rich.console import Console, Group, RenderableType
from rich.text import Text

from rulekeeper.core import Action
from rulekeeper.core.hexes import offset_to_axial
from rulekeeper.core.plugin import Screen
from rulekeeper.games.battleground.board.render import render_map
from rulekeeper.games.battleground.rules.dicetest import RerollStep
from rulekeeper.games.battleground.views import (
    card_text,
    facing,
    log,
    preview,
    reroll,
    screen,
    sight,
)

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState

COMMANDS = (
    "legend", "forces", "objectives", "cards", "card", "los", "sight",
)  # fmt: skip
"""The game's own commands at the prompt."""
USAGE = f"""  legend         the map's legend (what each sign means)
  forces         every character: where, wounds, mana, tokens
  objectives     the objective tokens and who claimed them
  cards          your hand, every card with its text
  card NAME      the whole card of a character, weapon, skill or hand card
  {sight.USAGE}
  move r7c14     a hex by the row (r) and column (c) labels printed on the map
  face toward NAME   face an enemy ([safe]: a facing that leaves no flank open)"""
LABELS = re.compile(r"\b(?:r|row)\s*(\d+)\s*,?\s*(?:c|col|column)\s*(\d+)\b", re.IGNORECASE)
"""A hex typed by the map's labels: ``r7c14``, ``r7 c14``, ``row 7 column 14``."""
TOWARD = re.compile(r"face\s+(?:toward|towards|to)\s+(.+)", re.IGNORECASE)
"""``face toward Skeletor``: the facing toward an enemy (issue 23 §2.9)."""


def render(state: BattlegroundState, seat: int | None) -> RenderableType:
    """The compact screen (the end of the game: the whole one)."""
    if seat is None:
        return screen.render(state, seat)
    parts: list[RenderableType] = [
        Text(status_line(state), style="bold"),
        Text(f"Initiative: {screen.initiative_line(state)}"),
        map_only(state),
        *forces_lines(state),
    ]
    active = active_lines(state)
    if active is not None:
        parts.append(active)
    rerolls = reroll_lines(state)
    if rerolls is not None:
        parts.append(Text(rerolls))
    if state.game.activations.cards:
        parts.append(Text(hand_line(state, seat)))
    parts.append(
        Text("More: legend, forces, objectives, cards, card NAME, los A B, help WORD", style="dim")
    )
    return Group(*parts)


def status_line(state: BattlegroundState) -> str:
    """Round, phase and each player's VP (with its sources) on one line."""
    vp = []
    for player in (0, 1):
        side = state.sides[player]
        parts = ", ".join(f"{k} {v}" for k, v in screen.vp_breakdown(state, player).items() if v)
        vp.append(f"{screen.SIDE_NAMES[player]} {side.vp} VP" + (f" ({parts})" if parts else ""))
    phase = screen.phase_text(state)
    return f"Round {state.round} of {state.game.rounds} | {phase} | {'; '.join(vp)}"


def map_only(state: BattlegroundState) -> Text:
    """The battlefield with its row and column labels, without the legend (``legend``)."""
    drawn = screen.board(state)
    cut = drawn.plain.find("\nLegend:")
    shown = drawn[:cut] if cut >= 0 else drawn
    shown.rstrip()
    shown.append("\nHexes by the labels: r7c14 = row 7, column 14 (or (q,r) as in the list)")
    shown.stylize("dim", len(shown) - 72)
    return shown


def legend(state: BattlegroundState) -> str:
    """The map's legend, as render_map prints it under the map."""
    drawn = render_map(state.field).plain
    cut = drawn.find("Legend:")
    return drawn[cut:] if cut >= 0 else "no legend"


def forces_lines(state: BattlegroundState) -> list[Text]:
    """Each side's characters on a line: letter and facing, name, wounds, mana, what marks it."""
    key = screen.letters(state)
    lines = []
    for player in (0, 1):
        line = Text(f"{'P0' if player == 0 else 'P1'}: ", style="bold")
        first = True
        for fighter in sorted(state.fighters.values(), key=lambda f: f.id):
            if fighter.owner != player:
                continue
            if not first:
                line.append("  ")
            first = False
            label = f"{key[fighter.id]}{screen.ARROWS[fighter.facing]}"
            line.append(label, style=screen.SIDE_STYLES[player])
            health = state.stat(fighter, "health")
            said = f" {state.card(fighter).name} {fighter.wounds}/{health}w {fighter.mana}m"
            flags = [
                flag
                for flag, on in (
                    ("out", fighter.knocked_out),
                    ("focus", fighter.focused),
                    ("overwatch", fighter.overwatch),
                    ("done", fighter.activated),
                )
                if on
            ]
            flags += [name for name in (fighter.buff, fighter.debuff) if name]
            line.append(said + (f" [{', '.join(flags)}]" if flags else ""))
        lines.append(line)
    return lines


def active_lines(state: BattlegroundState) -> Text | None:
    """The active character's first lines (who, AP, wounds, mana, costs): ``card`` shows it
    whole."""
    panel = screen.active_card(state)
    if panel is None:
        return None
    group = panel.renderable
    assert isinstance(group, Group)
    shown = Text("Active: ", style="bold")
    for part in group.renderables[:3]:
        shown.append_text(part if isinstance(part, Text) else Text(str(part)))
        shown.append("\n")
    shown.rstrip()
    return shown


def reroll_lines(state: BattlegroundState) -> str | None:
    """The test waiting for its rerolls: its dice once, what succeeds, what keeping them gives,
    and how to name dice by their faces (issue 23 §2.3); None when no reroll is being chosen."""
    top = state.flow.top() if state.flow.steps else None
    if not isinstance(top, RerollStep) or top.picked:
        return None
    keep = next(a for a in state.legal_actions(top.seat) if a.kind == "done")
    lines = [
        line
        for line in preview.reroll_preview(state, top, keep).splitlines()
        if not line.startswith(("This choice", "Odds:"))
    ]
    lines.append(f"Keeping the dice: {reroll.reroll_odds(state, [])['text']}")
    failed = [f for f in sorted(top.options, key=int) if not _succeeds(state, int(f))]
    example = " ".join(failed[: max(1, min(2, top.most))]) or top.options[0]
    lines.append(
        f"Type the faces to reroll: reroll {example} (up to {top.most}; the odds show before "
        "you confirm), or keep the dice"
    )
    return "\n".join(lines)


def _succeeds(state: BattlegroundState, face: int) -> bool:
    pending = reroll.pending_test(state)
    return pending is not None and pending[2].succeeds(face)


def hand_line(state: BattlegroundState, seat: int) -> str:
    """The seat's hand by name (``cards``: with their text), the other's as counts."""
    side = state.sides[seat]
    names = [state.play_card(card).name for card in [*side.hand, *side.glory]]
    counted = ", ".join(
        f"{name} x{names.count(name)}" if names.count(name) > 1 else name
        for name in dict.fromkeys(names)
    )
    other = state.sides[1 - seat]
    return (
        f"Your hand (player {seat}): {counted or 'empty'}\nPlayer {1 - seat}: "
        f"{len(other.hand)} fate and {len(other.glory)} glory cards in hand (hidden)"
    )


def cards_text(state: BattlegroundState, seat: int) -> str:
    """``cards``: the seat's hand, every card with its text."""
    side = state.sides[seat]
    lines = [f"Your hand (player {seat}):"]
    for card_id in [*side.hand, *side.glory]:
        lines.append(f"  {card_text.play_card_text(state.play_card(card_id))}")
    if side.selected:
        lines.append(f"Selected: {state.play_card(side.selected).name}")
    return "\n".join(lines)


def _texts(state: BattlegroundState, seat: int) -> dict[str, str]:
    """Every card ``card NAME`` may show, by name: characters, their weapons, items and skills,
    the seat's hand."""
    found: dict[str, str] = {}
    for fighter in state.fighters.values():
        card = state.card(fighter)
        found[card.name] = character_card(state, fighter.id)
        for skill in card.skills:
            found.setdefault(skill.name, card_text.skill_text(skill))
        for weapon_id in fighter.weapons:
            weapon = state.weapon(weapon_id)
            if weapon is not None:
                found.setdefault(weapon.name, card_text.weapon_text(weapon))
        for item_id in fighter.items:
            item = state.pack.items.get(item_id)
            if item is not None:
                found.setdefault(item.name, card_text.item_text(item))
    side = state.sides[seat]
    for card_id in [*side.hand, *side.glory]:
        played = state.play_card(card_id)
        found.setdefault(played.name, card_text.play_card_text(played))
    return found


def character_card(state: BattlegroundState, character: str) -> str:
    """A character's whole card: stats, wounds, mana, weapons, items and skills."""
    fighter = state.fighters[character]
    card = state.card(fighter)
    lines = [
        f"{card.name} (player {fighter.owner}), at {fighter.position}: wounds "
        f"{fighter.wounds}/{state.stat(fighter, 'health')}, mana {fighter.mana}/5",
        "Stats: "
        + ", ".join(f"{s.replace('_', ' ')} {state.stat(fighter, s)}" for s in screen.STATS),
    ]
    for weapon_id in fighter.weapons:
        weapon = state.weapon(weapon_id)
        if weapon is not None:
            lines.append(f"- {card_text.weapon_text(weapon)}")
    for item_id in fighter.items:
        item = state.pack.items.get(item_id)
        if item is not None:
            lines.append(f"- {card_text.item_text(item)}")
    for skill in card.skills:
        lines.append(f"- {card_text.skill_text(skill)}")
    return "\n".join(lines)


def card_command(state: BattlegroundState, seat: int, name: str) -> str:
    """``card NAME``: the whole card whose name starts with *name* (the active character's when
    no name is given); close names when none does."""
    if not name:
        active = screen.active_card(state)
        if active is None:
            return "no character is active: card NAME shows a character's card"
        return character_card(state, state.turns[-1].character)
    texts = _texts(state, seat)
    wanted = name.casefold()
    found = [n for n in texts if n.casefold().startswith(wanted)] or [
        n for n in texts if wanted in n.casefold()
    ]
    if len(found) == 1:
        return texts[found[0]]
    if found:
        return f"{len(found)} cards match {name!r}: {', '.join(sorted(found))}"
    close = difflib.get_close_matches(name, list(texts), n=5, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return f"no card called {name!r}{hint}"


def command(state: BattlegroundState, seat: int, line: str) -> str | None:
    """The game's own commands (see the module doc); None for any other line."""
    head, _, rest = line.strip().partition(" ")
    head = head.casefold()
    if head not in COMMANDS:
        return None
    if head in ("los", "sight"):
        return sight.command(state, seat, line)
    if rest.strip() and head != "card":
        return None  # "forces" alone is the command; words after it are a choice's
    if head == "legend":
        return legend(state)
    if head == "forces":
        return _plain(screen.forces_table(state))
    if head == "objectives":
        table = screen.objectives_table(state)
        return _plain(table) if table is not None else "this map has no objective tokens"
    if head == "cards":
        return cards_text(state, seat)
    return card_command(state, seat, rest.strip())


def _plain(renderable: RenderableType) -> str:
    """A rich renderable as plain text (the prompt prints answers as text)."""
    console = screen_console()
    with console.capture() as captured:
        console.print(renderable)
    return captured.get().rstrip()


def screen_console() -> Console:
    """A console that writes plain text 100 columns wide."""
    return Console(width=100, color_system=None, force_terminal=False)


def words(state: BattlegroundState, seat: int, line: str) -> str:
    """A line with hexes typed by the map's labels (``r7c14``) as the ``(q,r)`` they name."""

    def axial(found: re.Match[str]) -> str:
        row, column = int(found.group(1)), int(found.group(2))
        q, r = offset_to_axial(column, row)
        return f"({q},{r})"

    return _toward(state, seat, LABELS.sub(axial, line))


def facing_text(state: BattlegroundState, seat: int, action: Action) -> str:
    """What a facing changes (views/facing.py), the one leaving no flank open marked (issue 23
    §2.9)."""
    info = facing.facing_info(state, seat, action)
    toward = f" (or type: face toward {info['toward']})" if info["toward"] else ""
    return ("[safe] " if info["safe"] else "") + str(info["text"]) + toward


def _toward(state: BattlegroundState, seat: int, line: str) -> str:
    """``face toward NAME`` as the facing toward that enemy (its words in the menu)."""
    found = TOWARD.fullmatch(line.strip())
    if found is None:
        return line
    wanted = found.group(1).casefold()
    for action in state.legal_actions(seat):
        if action.kind == "face":
            named = facing.facing_info(state, seat, action)["toward"]
            if isinstance(named, str) and named.casefold().startswith(wanted):
                return state.describe(action)
    return line


def preview_text(state: BattlegroundState, seat: int, action: Action) -> str | None:
    """The preview of *action* (views/preview.py: a reroll pick or ``done`` with the odds of
    the test and its attack after rerolling those dice, issue 23 §2.3); a facing with what it
    changes (§2.9)."""
    if action.kind == "face" and action in state.legal_actions(seat):
        return facing_text(state, seat, action)
    return preview.preview(state, seat, action)


SCREEN = Screen(
    render,
    log.news,
    preview_text,
    details=frozenset({"bonus", "interrupt", "face"}),
    command=command,
    help=USAGE,
    words=words,
)
