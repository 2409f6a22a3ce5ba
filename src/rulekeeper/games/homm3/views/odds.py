"""The odds of a whole attack action in words (combat/odds.py; issue 20 §3): the total damage to
the target and its fate, each attack the action may bring (a second attack, an added attack, the
retaliation) with its chance and damage, the attacker's fate and each unit's state after, for the
terminal's preview and ``rulekeeper odds homm3-combat``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import Action, GameState, IllegalActionError

SHOWN = 5e-5
"""Shares below this are left out (they would read 0.0%)."""
KINDS = {
    "attack": "attack",
    "second": "second attack",
    "splash": "added attack",
    "retaliation": "retaliation",
}


def shares(distribution: Mapping[str, Any]) -> str:
    """``label p%, ...`` for the shares worth showing."""
    return ", ".join(f"{k} {float(v):.1%}" for k, v in distribution.items() if float(v) >= SHOWN)


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
        when = "" if made >= 1 - SHOWN else f" ({made:.1%} of the time)"
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
        lines.append(f"{uid} ({change['before']}) after: {shares(change['after'])}")
    for choice in odds.get("choices", []):
        lines.append(f"taken for the odds: {choice}")
    return lines


def preview(state: GameState, seat: int, action: Action) -> str | None:
    """What an attack would bring, before a person confirms it (None for other actions)."""
    try:
        found = state.odds(action, seat)
    except (IllegalActionError, ValueError):
        return None
    if not found:
        return None
    lines = [f"{state.describe(action)}: the odds"]
    lines += [f"  {line}" for line in attack_lines(found)]
    return "\n".join(lines)
