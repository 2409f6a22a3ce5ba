"""Fields of Eternia's combats in the terminal (core/plugin.py ``Screen``): what a seat sees,
drawn from its observation only (views/text.py), the last wild-dice roll from the public log,
the choices in words, and the exact odds of a choice (``state.odds``) under it in the menu and
before it is taken.

An epic combat: each fighter with its HP, weapon, soldiers and Eternium, a hero's three zones
with its cards (the other team's face-down cards as backs ``[?]``, one's own with their value),
the Time cards beside, the deck size and the focuses, the totals where the observation gives
them, the epic die's face against a beast. An area's combats add the heroes and soldiers
waiting; a soldier combat shows the soldiers on each side.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.plugin import Screen, odds_preview, plain_news
from rulekeeper.games.eternia.views.text import (
    Entry,
    beast_lines,
    fighter_name,
    grid_lines,
    options_line,
    pending_line,
    side_lines,
)

__all__ = ["SCREEN", "odds_lines", "preview", "render"]

ODDS_KINDS = frozenset({"place", "pass", "soldiers", "momentum", "assign", "reroll", "again"})
"""Kinds of action whose odds are shown under each choice (combat/odds.py ``step_odds``)."""
SPECTATOR = -1


def _sees(state: Any, seat: int | None) -> Entry:
    """The seat's observation; a spectator's (``None``) sees what every player sees."""
    found: Entry = state.spectator_observation() if seat is None else state.observation(seat)
    return found


def _mine(entry: Entry, seat: int | None) -> bool:
    return seat is not None and entry.get("seat") == seat


def epic_lines(state: Any, doc: Entry, seat: int | None) -> list[str]:
    """An epic or wilds combat: the round, both fighters and their grids, the step."""
    kind = str(doc.get("combat", "epic"))
    sides = [doc.get("active"), doc.get("defender")]
    names = [fighter_name(state, s) for s in sides if isinstance(s, dict)]
    if kind == "wilds":  # no grid, no cards: the hero's wild dice against the card's values
        lines = [f"Wilds combat: {' against '.join(names)}"]
        for side, entry in enumerate(sides):
            if isinstance(entry, dict):
                lines += side_lines(state, side, entry, _mine(entry, seat), None)
                lines += beast_lines(entry)
        return lines
    lines = [
        f"{kind.capitalize()} combat, round {doc.get('round', 1)}: {' against '.join(names)}",
        options_line(doc),
    ]
    focuses = doc.get("focuses", [0, 0])
    for side, entry in enumerate(sides):
        if not isinstance(entry, dict):
            continue
        used = focuses[side] if isinstance(focuses, list) else 0
        lines += side_lines(state, side, entry, _mine(entry, seat), int(used))
        lines += grid_lines(state, entry) + beast_lines(entry)
    return lines


def area_lines(state: Any, doc: Entry, seat: int | None) -> list[str]:
    """An area's combats or a soldier combat: who waits, the soldiers, the epic combat under way."""
    active = doc.get("active")
    soldiers = not (isinstance(active, dict) and active.get("hero"))  # no hero enters
    lines = ["Soldier combat" if soldiers else "Combats in an area"]
    if isinstance(active, dict) and active.get("hero"):
        lines.append(f"entering: {fighter_name(state, active)}, damage {active.get('damage', 0)}")
    if doc.get("attackers"):
        lines.append(f"attacking soldiers: {doc['attackers']}")
    defenders = doc.get("defenders", [])
    if isinstance(defenders, list) and defenders:
        heroes = ", ".join(
            f"{fighter_name(state, d)} (damage {d.get('damage', 0)})" for d in defenders
        )
        lines.append(f"defending heroes: {heroes}")
    lines.append(f"defending soldiers: {doc.get('soldiers', 0)}")
    epic = doc.get("epic")
    if isinstance(epic, dict):
        lines += ["", *epic_lines(state, epic, seat)]
    return lines


def last_roll(state: Any) -> str | None:
    """The last wild-dice roll in the public log, by faces."""
    found = None
    for event in state.events.public(0):
        if event.kind == "wild-roll":
            found = event.data
    if found is None:
        return None
    faces = ", ".join(
        f"{found[k]} {k}" for k in ("success", "double", "reroll", "blank") if k in found
    )
    return f"last wild-dice roll: {faces}"


def render(state: Any, seat: int | None = None) -> str:
    """What *seat* sees: the combat from its observation, the step, its choices in words."""
    doc = _sees(state, seat)
    if doc.get("combat") in ("area", "soldiers"):
        lines = area_lines(state, doc, seat)
    else:
        lines = epic_lines(state, doc, seat)
    roll = last_roll(state)
    if roll is not None and doc.get("combat") != "epic":
        lines.append(roll)
    if state.is_terminal():
        lines.append(f"result: {state.outcome().text}")
        return "\n".join(lines)
    lines.append(pending_line(doc.get("pending")))
    to_act = doc.get("to_act")
    if seat is not None and to_act == seat:
        lines.append(
            "your choices: " + "; ".join(state.describe(a) for a in state.legal_actions(seat))
        )
    elif isinstance(to_act, int) and to_act >= 0:
        lines.append(f"player {to_act} to act")
    return "\n".join(lines)


def _share(values: object, side: int) -> float:
    return float(values[side]) if isinstance(values, list) and side < len(values) else 0.0


def odds_lines(found: Entry) -> list[str]:
    """The odds an action would bring, in words (an epic round, a Dice of Power round, a wilds
    assignment or roll); what is not computed is said instead of numbers."""
    if not found.get("computed", True):
        return ["  odds: not computed for this case"]
    falls, lost = found.get("falls"), found.get("hp_lost")
    lines = []
    if falls is not None:
        for side, who in enumerate(("active side", "defender")):
            lines.append(
                f"  {who}: falls {_share(falls, side):.1%}, "
                f"expected HP lost {_share(lost, side):.2f}"
            )
        lines.append(f"  active side attacks first: {float(found.get('active_first', 0)):.1%}")
    for key in ("foe_defeated", "hero_falls"):
        if isinstance(found.get(key), float):
            lines.append(f"  {key.replace('_', ' ')}: {found[key]:.1%}")
    for key in ("expected_damage", "hero_damage", "foe_damage"):
        value = found.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            lines.append(f"  {key.replace('_', ' ')}: {value}")
    if found.get("model"):
        lines.append(f"  (model: {found['model']})")
    return lines


def preview(state: Any, seat: int, action: Action) -> str | None:
    """The exact odds of *action* in words, or None when it involves no chance."""
    return odds_preview(state, seat, action, odds_lines)


SCREEN = Screen(render, plain_news, preview, confirm=frozenset(), details=ODDS_KINDS)
