"""The Battleground screen a player decides from (issue 9 §1), as one rich renderable.

    console.print(render(state, seat))     # seat None: a spectator, or the end of the game

Top to bottom: the round, the phase, who has the initiative and the victory points with their
breakdown; the battlefield, each character drawn as a letter (upper case for player 0, lower
case for player 1, so the sides read without colour) and an arrow for its facing, in its side's
colour, the active character highlighted, claimed objectives and marks shown; the forces; the
objectives as they stand; the active character's card (stats, wounds, mana, AP left, focus,
overwatch, equipment with ranges and result tables, skills); the seat's own hand, every card
with its initiative, AP, mana and bonus (another seat's hand only as a count).

Every text comes from the state and the card data (views/card_text.py); nothing hidden from the
seat is read. It fits a 100-column terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulekeeper.core.hexes import DIRECTION_NAMES, Hex
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.render import Overlay, render_map
from rulekeeper.games.battleground.content.cards import GloryCard
from rulekeeper.games.battleground.rules.activation import BonusStep
from rulekeeper.games.battleground.rules.ap import cost_of, weapon_cost
from rulekeeper.games.battleground.rules.combat import (
    knock_out_value,
    usable_weapons,
    weapon_type,
)
from rulekeeper.games.battleground.rules.round import ActivateStep, SelectStep
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP
from rulekeeper.games.battleground.views import card_text
from rulekeeper.games.battleground.views.words import phase_words

if TYPE_CHECKING:
    from rulekeeper.games.battleground.game import BattlegroundState
    from rulekeeper.games.battleground.model import Fighter

__all__ = [
    "ARROWS",
    "SIDE_STYLES",
    "active_card",
    "board",
    "forces_table",
    "hand_panel",
    "initiative_line",
    "letters",
    "objectives_table",
    "render",
    "status_table",
    "vp_breakdown",
]

ARROWS = ("→", "↗", "↖", "←", "↙", "↘")
"""A character's facing (directions 0-5: E, NE, NW, W, SW, SE, core/hexes.py) as an arrow."""
SIDE_STYLES = {0: "bold bright_white on blue", 1: "bold bright_white on red3"}
ACTIVE_STYLE = "bold black on bright_yellow"
SIDE_NAMES = {0: "player 0 (upper case)", 1: "player 1 (lower case)"}
STATS = ("strength", "perception", "power", "toughness", "mind", "speed", "focused_speed")


def render(state: BattlegroundState, seat: int | None) -> RenderableType:
    """The whole screen for ``seat`` (None: no hand is shown, only their sizes)."""
    parts: list[RenderableType] = [
        status_table(state),
        Text(f"Initiative: {initiative_line(state)}"),
        board(state),
        forces_table(state),
    ]
    objectives = objectives_table(state)
    if objectives is not None:
        parts.append(objectives)
    card = active_card(state)
    if card is not None:
        parts.append(card)
    if state.game.activations.cards:
        parts.append(hand_panel(state, seat))
    return Group(*parts)


# === who is who ================================================================================


def letters(state: BattlegroundState) -> dict[str, str]:
    """Each character's letter: the first letter of its name not taken on its side, upper case
    for player 0 and lower case for player 1."""
    taken: dict[int, set[str]] = {0: set(), 1: set()}
    found: dict[str, str] = {}
    for fighter in sorted(state.fighters.values(), key=lambda f: (f.owner, f.id)):
        name = state.card(fighter).name
        candidates = [c for c in name.upper() if c.isalpha()] + [
            chr(c) for c in range(ord("A"), ord("Z") + 1)
        ]
        letter = next(c for c in candidates if c not in taken[fighter.owner])
        taken[fighter.owner].add(letter)
        found[fighter.id] = letter if fighter.owner == 0 else letter.lower()
    return found


def _active(state: BattlegroundState) -> Fighter | None:
    """The character whose activation or interruption is being played (innermost)."""
    if not state.turns:
        return None
    return state.fighters.get(state.turns[-1].character)


def _style(state: BattlegroundState, fighter: Fighter) -> str:
    active = _active(state)
    return ACTIVE_STYLE if fighter is active else SIDE_STYLES[fighter.owner]


def _name(state: BattlegroundState, fighter: Fighter, key: dict[str, str]) -> Text:
    text = Text()
    text.append(f"{key[fighter.id]}{ARROWS[fighter.facing]}", style=_style(state, fighter))
    text.append(f" {state.card(fighter).name}")
    return text


# === the battlefield ===========================================================================


def claimed_objectives(state: BattlegroundState) -> dict[str, tuple[int, str]]:
    """Objective id -> (the player who claimed it, the character that did, if the log says)."""
    by: dict[str, str] = {}
    for event in state.events.public(0):
        if event.kind == "claim":
            by[str(event.data.get("objective"))] = str(event.data.get("by", ""))
    found: dict[str, tuple[int, str]] = {}
    for player, side in enumerate(state.sides):
        for objective in side.objectives:
            found[objective] = (player, by.get(objective, ""))
    return found


def board(state: BattlegroundState) -> Text:
    """The battlefield: characters as letter + facing arrow in side colours, the active one
    highlighted, claimed objectives as ``+`` and marks as ``&``."""
    key = letters(state)
    field = state.field
    labels = {f.position: key[f.id] + ARROWS[f.facing] for f in state.on_board()}
    styles = {f.position: _style(state, f) for f in state.on_board()}
    claimed: dict[Hex, int] = {}
    for objective, (player, _) in claimed_objectives(state).items():
        at = field.objectives.get(objective)
        if at is not None:
            claimed[(at[0], at[1])] = player
    marks = frozenset((int(m["at"][0]), int(m["at"][1])) for m in state.marks)
    overlay = Overlay(styles=styles, claimed=claimed, marks=marks)
    return render_map(field, characters=labels, overlay=overlay)


# === the state of the game =====================================================================


def vp_breakdown(state: BattlegroundState, player: int) -> dict[str, int]:
    """A player's victory points by source (rulebook, Scoring): objectives, knock-outs, side
    missions, and anything else the total holds."""
    side = state.sides[player]
    parts = {
        "objectives": OBJECTIVE_VP * len(side.objectives),
        "knock-outs": sum(
            knock_out_value(state, state.fighters[c])
            for c in side.knocked_out_enemies
            if c in state.fighters
        ),
        "missions": sum(state.pack.glory[c].vp for c in side.glory_done if c in state.pack.glory),
    }
    other = side.vp - sum(parts.values())
    if other:
        parts["other"] = other
    return parts


def initiative_line(state: BattlegroundState) -> str:
    """Who acts now and who next, by the cards revealed (Select Cards)."""
    parts = []
    turn = state.turns[0] if state.turns else None
    if turn is not None:
        who = state.card(turn.character).name
        card = next((c for c in turn.cards if c in state.pack.fate or c in state.pack.glory), "")
        played = ""
        if card:  # the movement variant's activations have no card
            found = state.play_card(card)
            played = f" ({found.name}, initiative {found.initiative})"
        parts.append(f"now player {turn.player}, {who}{played}")
    waiting = [s for s in state.flow.steps if isinstance(s, ActivateStep)]
    for step in reversed(waiting):
        card = f" ({state.play_card(step.card).name}, initiative " if step.card else ""
        card += f"{state.play_card(step.card).initiative})" if step.card else ""
        parts.append(f"then player {step.player}{card}")
    if not parts and any(isinstance(s, SelectStep) for s in state.flow.steps):
        parts.append("cards being selected")
    if state.first_player >= 0:
        parts.append(f"ties: player {state.first_player}")
    return "; ".join(parts) or "-"


def phase_text(state: BattlegroundState) -> str:
    """The phase in words, then the step (issue 23 §2.12: "First Game Setup: roll off for the
    first player (step 7)", not the rule's name alone)."""
    if state.phase == "over":
        winner = "a draw" if state.winner < 0 else f"player {state.winner} wins"
        return f"game over: {winner} ({state.result})"
    said = phase_words(state)
    name, step = said["phase_name"], said["step_text"]
    return f"{name}: {step}" if step else str(name)


def status_table(state: BattlegroundState) -> Table:
    """Round, phase, initiative, and each player's VP with its breakdown."""
    table = Table(
        title=f"Round {state.round} of {state.game.rounds} | {phase_text(state)}",
        title_justify="left",
        expand=False,
    )
    table.add_column("player")
    table.add_column("VP", justify="right")
    table.add_column("of which")
    table.add_column("cards")
    for player in (0, 1):
        side = state.sides[player]
        parts = ", ".join(f"{k} {v}" for k, v in vp_breakdown(state, player).items() if v)
        cards = (
            f"hand {len(side.hand)}, glory {len(side.glory)}, deck {side.deck.size}"
            + (", passed" if side.passed else "")
            if state.game.activations.cards
            else ("passed" if side.passed else "")
        )
        label = Text(SIDE_NAMES[player], style=SIDE_STYLES[player])
        table.add_row(label, str(side.vp), parts or "-", cards)
    return table


def forces_table(state: BattlegroundState) -> Table:
    """Every character: its letter and facing, where it stands, wounds, mana and tokens."""
    key = letters(state)
    table = Table(title="Forces", title_justify="left")
    for column in ("character", "at", "wounds", "mana", "tokens"):
        table.add_column(column)
    for fighter in sorted(state.fighters.values(), key=lambda f: (f.owner, f.id)):
        flags = []
        if fighter.knocked_out:
            flags.append("knocked out")
        if fighter is _active(state):
            flags.append("ACTIVE")
        if fighter.focused:
            flags.append("focus")
        if fighter.overwatch:
            flags.append("overwatch")
        flags += [
            f"{slot} {name}"
            for slot, name in (("buff", fighter.buff), ("debuff", fighter.debuff))
            if name
        ]
        if fighter.activated:
            flags.append("activated")
        where = (
            "-" if fighter.knocked_out else f"{fighter.position} {DIRECTION_NAMES[fighter.facing]}"
        )
        health = state.stat(fighter, "health")
        table.add_row(
            _name(state, fighter, key),
            where,
            f"{fighter.wounds}/{health}",
            str(fighter.mana),
            ", ".join(flags),
        )
    return table


def objectives_table(state: BattlegroundState) -> Table | None:
    """The objective tokens: still on the battlefield, or claimed (by whom)."""
    if not state.field.objectives:
        return None
    claimed = claimed_objectives(state)
    table = Table(title=f"Objectives ({OBJECTIVE_VP} VP each)", title_justify="left")
    table.add_column("objective")
    table.add_column("hex")
    table.add_column("status")
    for objective, at in sorted(state.field.objectives.items()):
        if objective in claimed:
            player, by = claimed[objective]
            who = f" with {state.card(by).name}" if by in state.pack.characters else ""
            status = Text(f"claimed by player {player}{who}", style="dim")
        elif objective in state.objectives:
            status = Text("on the battlefield", style="bold green")
        else:
            status = Text("gone")
        table.add_row(objective, str(Position(at[0], at[1], 0)), status)
    if state.marks:
        marks = "; ".join(
            f'{m["mark"]} (player {m["owner"]}) at {Position(*m["at"])}, radius {m["radius"]:g}"'
            for m in state.marks
        )
        table.caption = f"Marks: {marks}"
        table.caption_justify = "left"
    return table


# === the active character ======================================================================


def active_card(state: BattlegroundState) -> Panel | None:
    """The active character's card: stats, wounds, mana, AP left, focus, overwatch, tokens,
    weapons with their range and result table, items and skills in words."""
    fighter = _active(state)
    if fighter is None:
        return None
    turn = state.turns[-1]
    card = state.card(fighter)
    key = letters(state)
    lines: list[Text | str] = []
    head = Text()
    head.append(f"{key[fighter.id]}{ARROWS[fighter.facing]} ", style=ACTIVE_STYLE)
    kind = {"activation": "activation", "overwatch": "overwatch interruption"}.get(
        turn.kind, "attack of opportunity"
    )
    head.append(f"{card.name}, player {fighter.owner}, {kind}", style="bold")
    if turn.interrupted:
        head.append(f" of {state.card(turn.interrupted).name}")
    lines.append(head)
    ap = Text("AP left: ", style="bold")
    ap.append(str(turn.ap), style="bold black on bright_yellow" if turn.ap else "bold red")
    ap.append(f" | wounds {fighter.wounds}/{state.stat(fighter, 'health')} | mana {fighter.mana}/5")
    ap.append(f" | focus {'yes' if fighter.focused else 'no'}")
    ap.append(f" | overwatch {'yes' if fighter.overwatch else 'no'}")
    for slot, name in (("buff", fighter.buff), ("debuff", fighter.debuff)):
        if name:
            ap.append(f" | {slot} {name}")
    lines.append(ap)
    costs = [f"move {cost_of(turn, 'move')}", f"focus {cost_of(turn, 'focus')}"]
    types = sorted({weapon_type(state, w) for w in usable_weapons(state, fighter)})
    costs += [f"{t} attack {weapon_cost(turn, t)}" for t in types]
    lines.append(f"Next action costs (AP): {', '.join(costs)}")
    if turn.free_actions:
        lines.append(f"Free actions: {', '.join(turn.free_actions)}")
    stats = ", ".join(f"{s.replace('_', ' ')} {state.stat(fighter, s)}" for s in STATS)
    lines.append(f"Stats: {stats}")
    for weapon_id in usable_weapons(state, fighter):
        weapon = state.weapon(weapon_id)
        if weapon is None:
            lines.append("- Fists (melee): 1+: 1 wound")
        else:
            lines.append(f"- {card_text.weapon_text(weapon)}")
    for item_id in fighter.items:
        item = state.pack.items.get(item_id)
        if item is not None:
            used = " [used]" if item_id in fighter.used_items else ""
            lines.append(f"- {card_text.item_text(item)}{used}")
    for skill in card.skills:
        used = " [used this turn]" if f"skill:{skill.id}" in turn.skills_used else ""
        lines.append(f"- {card_text.skill_text(skill)}{used}")
    for card_id in turn.cards:
        played = state.play_card(card_id)
        lines.append(f"Played: {played.name}")
    for card_id in turn.missions:
        glory = state.pack.glory.get(card_id)
        if glory is not None:
            done = " (done)" if card_id in state.sides[turn.player].glory_done else ""
            mission = glory.text_override or card_text.mission_text(glory.mission)
            lines.append(f"Side mission {glory.name} ({glory.vp} VP): {mission}{done}")
    return Panel(Group(*lines), title="Active character", title_align="left")


# === the hand ==================================================================================


def hand_panel(state: BattlegroundState, seat: int | None) -> Panel:
    """The seat's fate and glory cards, each with initiative, AP, mana and bonus; the other
    player's only as a count (their faces are hidden: views/observation.py)."""
    parts: list[RenderableType] = []
    for player in (0, 1):
        side = state.sides[player]
        if player != seat:
            parts.append(
                f"Player {player}: {len(side.hand)} fate and {len(side.glory)} glory cards "
                "in hand (hidden)"
            )
            continue
        table = Table(
            title=f"Your hand (player {player})",
            title_justify="left",
            expand=True,
            box=box.SIMPLE_HEAD,
        )
        table.add_column("card", no_wrap=True)
        table.add_column("kind")
        table.add_column("init", justify="right")
        table.add_column("AP", justify="right")
        table.add_column("mana", justify="right")
        table.add_column("bonus")
        for card_id in [*side.hand, *side.glory]:
            card = state.play_card(card_id)
            kind = "glory" if isinstance(card, GloryCard) else "fate"
            table.add_row(
                card.name,
                kind,
                str(card.initiative),
                str(card.ap),
                str(card.mana),
                card_text.bonus_text(card),
            )
        parts.append(table)
        if side.selected:
            parts.append(f"Selected: {state.play_card(side.selected).name}")
        done = [state.pack.glory[c].name for c in side.glory_done if c in state.pack.glory]
        if done:
            parts.append(f"Side missions done: {', '.join(done)}")
    top = state.flow.top() if state.flow.steps else None
    if isinstance(top, BonusStep) and top.player == seat:
        card = state.play_card(top.card)
        kind = "glory" if isinstance(card, GloryCard) else "fate"
        parts.append(f"Bonus to choose ({kind} card {card.name}): {card_text.bonus_text(card)}")
    return Panel(Group(*parts), title="Cards", title_align="left")
