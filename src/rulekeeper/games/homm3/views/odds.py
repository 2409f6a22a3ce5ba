"""The odds of a whole attack action in words (combat/odds.py; issue 20 §3): the total damage to
the target and its fate, each attack the action may bring (a second attack, an added attack, the
retaliation) with its chance and damage, the attacker's fate and each unit's state after, for the
terminal's preview and ``rulekeeper odds homm3-combat``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core import Action, IllegalActionError, JsonObject, JsonValue

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
    """A chance as players read it (issue 23 §1): "33%", "100%", "0%"; under 1% "<1%" and over
    99% ">99%", so that a chance that may happen never reads 0% or 100%."""
    value = float(share)
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    if value < 0.01:
        return "<1%"
    if value > 0.99:
        return ">99%"
    return f"{round(value * 100)}%"


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


def distribution(shares_of: Mapping[str, Any], words: Mapping[str, str] | None = None) -> JsonValue:
    """A distribution as rows for a board: each value with its exact share and the share in
    percent (the shares worth showing)."""
    return [
        {"value": key, "text": (words or {}).get(key, key), "p": float(v), "percent": percent(v)}
        for key, v in shares_of.items()
        if float(v) >= SHOWN
    ]


def odds_view(state: Any, odds: Mapping[str, Any]) -> JsonObject:
    """The odds of a whole attack action (``state.odds``) for the browser's board: the numbers
    as they are (``exact``) and each as a percentage, the units by name, and the lines the
    terminal shows."""
    units = state.battle.units
    names = {uid: _label(state, uid) for uid in units}
    attacks: list[JsonValue] = [
        {
            "kind": attack["kind"],
            "kind_text": KINDS.get(str(attack["kind"]), str(attack["kind"])),
            "attacker": attack["attacker"],
            "attacker_name": names.get(attack["attacker"], attack["attacker"]),
            "target": attack["target"],
            "target_name": names.get(attack["target"], attack["target"]),
            "p": float(attack["probability"]),
            "percent": percent(attack["probability"]),
            "damage": distribution(attack["damage"]),
            "expected_damage": round(float(attack["expected_damage"]), 2),
        }
        for attack in odds.get("attacks", [])
    ]
    retaliation = float(odds.get("retaliation", {}).get("probability", 0.0))
    found: JsonObject = {
        "attacker": odds["attacker"],
        "attacker_name": names.get(odds["attacker"], odds["attacker"]),
        "target": odds["target"],
        "target_name": names.get(odds["target"], odds["target"]),
        "damage": distribution(odds["damage"]),
        "expected_damage": round(float(odds["expected_damage"]), 2),
        "outcome": distribution(odds["outcome"], OUTCOMES),
        "attacks": attacks,
        "retaliation": {"p": retaliation, "percent": percent(retaliation)},
        "attacker_outcome": distribution(odds.get("attacker_outcome", {}), OUTCOMES),
        "lines": list(attack_lines(_named(odds, names))),
        "exact": dict(odds),
    }
    return found


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
