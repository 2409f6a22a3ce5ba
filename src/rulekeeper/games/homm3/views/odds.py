"""The odds of a whole attack action in words (combat/odds.py; issue 20 §3): the total damage to
the target and its fate, each attack the action may bring (a second attack, an added attack, the
retaliation) with its chance and damage, the attacker's fate and each unit's state after, for the
terminal's preview and ``rulekeeper odds homm3-combat``."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rulekeeper.core import Action, IllegalActionError

SHOWN = 5e-5
"""Shares below this are left out (they would read 0.0%)."""
KINDS = {
    "attack": "attack",
    "second": "second attack",
    "splash": "added attack",
    "retaliation": "retaliation",
}


OUTCOMES = {"survives": "survives", "flips": "flips to Few", "destroyed": "destroyed"}


def percent(share: float) -> str:
    """A chance as every view writes it (issue 23 §1; the browser shell's one formatter,
    server/static/generic.js ``percent``): to a tenth of a percent, "33.3%", "50%"; "0%" and
    "100%" only when certain, "<0.1%" and ">99.9%" for what may happen but rounds to them."""
    value = float(share)
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    shown = math.floor(value * 1000 + 0.5) / 10  # JavaScript's Math.round, half up
    if shown == 0:
        return "<0.1%"
    if shown == 100:
        return ">99.9%"
    text = repr(shown)  # the shortest form, as JavaScript prints a number
    return f"{text.removesuffix('.0')}%"


def shares(distribution: Mapping[str, Any]) -> str:
    """``label p%, ...`` for the shares worth showing."""
    return ", ".join(f"{k} {percent(v)}" for k, v in distribution.items() if float(v) >= SHOWN)


def attack_lines(odds: Mapping[str, Any]) -> list[str]:
    """The odds of an attack action (``state.odds``), one fact a line."""
    attacker, target = odds["attacker"], odds["target"]
    lines = [
        f"damage to {target} in all: {shares(odds['damage'])}"
        f" (expected {odds['expected_damage']:.2f})",
        f"{target} afterwards: {shares(odds['outcome'])}",
    ]
    for attack in odds.get("attacks", []):
        made = float(attack["probability"])
        when = "" if made >= 1 - SHOWN else f" ({percent(made)} of the time)"
        kind = KINDS.get(str(attack["kind"]), str(attack["kind"]))
        lines.append(
            f"{kind} {attack['attacker']} on {attack['target']}{when}: damage"
            f" {shares(attack['damage'])} (expected {float(attack['expected_damage']):.2f})"
        )
    if float(odds.get("retaliation", {}).get("probability", 0.0)) < SHOWN:
        lines.append(f"no retaliation from {target}")
    if "attacker_outcome" in odds:
        lines.append(f"{attacker} afterwards: {shares(odds['attacker_outcome'])}")
    for uid, change in odds.get("units", {}).items():
        before = str(change["before"]).capitalize()
        after = {str(k).capitalize(): v for k, v in change["after"].items()}
        lines.append(f"{uid} ({before}) afterwards: {shares(after)}")
    for choice in odds.get("choices", []):
        lines.append(f"taken for the odds: {choice}")
    return lines


def preview(state: Any, seat: int, action: Action) -> str | None:
    """What an attack would bring, before a person confirms it (None for other actions)."""
    try:
        found = state.odds(action, seat)
    except (IllegalActionError, ValueError):
        return None
    if not found:
        return None
    names = {uid: _label(state, uid) for uid in state.battle.units}
    lines = [f"{state.describe(action)}: the odds"]
    lines += [f"  {line}" for line in attack_lines(_named(found, names))]
    return "\n".join(lines)


def _label(state: Any, uid: str) -> str:
    unit = state.battle.units[uid]
    printed = state.game.pack.unit(unit.card)
    return f"{printed.name} ({unit.face.capitalize()})" if printed.two_sided else str(printed.name)


def _named(odds: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The odds with units named (the lines a person reads)."""
    found = dict(odds)
    for key in ("attacker", "target"):
        found[key] = names.get(odds[key], odds[key])
    found["attacks"] = [
        {
            **a,
            "attacker": names.get(a["attacker"], a["attacker"]),
            "target": names.get(a["target"], a["target"]),
        }
        for a in odds.get("attacks", [])
    ]
    found["units"] = {names.get(u, u).split(" (")[0]: c for u, c in odds.get("units", {}).items()}
    return found
