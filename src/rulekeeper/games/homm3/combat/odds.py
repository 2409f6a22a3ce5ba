"""Exact odds of a whole attack action (issue 8, part 2; issue 20 §3): the unit's attack, a
second attack (Pack Marksmen), the attacks an ability adds and the retaliation that follows,
with what becomes of every unit they touch.

The odds come from the combat's own rules: a copy of the battle with only the activation and
the attack pending is played out, and every chance node met (the Attack dice, the Defense die,
a reroll an ability makes by itself, an ability's roll) is expanded with its probability, never
sampled. Choices a player may make are not taken: every window is passed (no card, no Positive
Morale token, no optional reroll, no guardian a player controls); a guardian the rules drive
guards. A choice the attack itself asks for (where a pushed unit goes, which unit a splash hits)
takes the first option and is listed under ``choices``: neither changes the attacker's or the
target's numbers (a push always breaks the contact, a splash never hits the two of them).
Branches that reach the same position are merged, so the work grows with the distinct outcomes,
not with the dice.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulekeeper.core import CHANCE, TERMINAL, Action, GameState, JsonObject
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.attack import AttackStep
from rulekeeper.games.homm3.combat.model import Unit

PASS = Action.of("pass")
OWN_ATTACKS = ("attack", "second")
"""The kinds of the attacking unit's own attacks on its target (``damage`` adds them up)."""
FATES = ("survives", "flips", "destroyed")
RESOLVED = ("retaliate", "after", "done")
"""The stages of an :class:`AttackStep` once its damage is dealt."""


@dataclass(frozen=True)
class Attack:
    """One attack made in a branch: its kind, who, on whom, its damage (0 when cancelled)."""

    kind: str
    attacker: str
    target: str
    damage: int


@dataclass
class Branch:
    """A state reached by the walk, its probability, the attacks made to reach it, how many of
    its events have been read, its position's key and the keys of the positions before it."""

    state: Any
    p: Fraction
    attacks: tuple[Attack, ...]
    seen: int
    key: str = ""
    path: frozenset[str] = frozenset()


def attack_odds(
    state: GameState, attack: AttackStep, activation: ActivationStep | None = None
) -> JsonObject:
    """The odds of the attack action that starts with *attack* (not yet made), as JSON data.

    ``damage`` (total damage -> probability), ``expected_damage`` and ``outcome`` (survives /
    flips / destroyed -> probability) are the attacking unit's attacks on its target, all of
    them, and the target's fate once the action is over; ``attacks`` lists every attack the
    action may bring (kind, attacker, target, the probability it is made, its damage when made),
    ``retaliation`` the target's; ``attacker_outcome`` the attacker's fate; ``units`` each unit
    the action may change, as it stands before and after; ``choices`` the choices taken for a
    player (see the module's docstring). *activation* is the attacker's activation (default:
    the step on top of *state*)."""
    leaves, choices = _walk(state, attack, activation)
    battle = state.battle  # type: ignore[attr-defined]
    attacker, target = battle.units[attack.attacker], battle.units[attack.target]
    damage: dict[int, Fraction] = {}
    for leaf in leaves:
        total = sum(
            a.damage
            for a in leaf.attacks
            if a.kind in OWN_ATTACKS and a.attacker == attacker.id and a.target == target.id
        )
        damage[total] = damage.get(total, Fraction(0)) + leaf.p
    made = _attacks(leaves)
    retaliation = next((entry for entry in made if entry["kind"] == "retaliation"), None)
    return {
        "attacker": attack.attacker,
        "target": attack.target,
        "penalty": attack.penalty,
        "damage": {str(k): float(v) for k, v in sorted(damage.items())},
        "outcome": _fates(leaves, target),
        "expected_damage": float(sum(k * v for k, v in damage.items())),
        "attacks": made,
        "retaliation": retaliation or {"probability": 0.0},
        "attacker_outcome": _fates(leaves, attacker),
        "units": _units(leaves, battle.units),
        "choices": sorted(choices),
    }


def _walk(
    state: GameState, attack: AttackStep, activation: ActivationStep | None
) -> tuple[list[Branch], set[str]]:
    """Every end of the attack action with its probability (merged by position)."""
    trial: Any = state.clone()
    below = activation if activation is not None else trial.flow.steps[-1]
    trial.flow.steps = [below, attack]  # once the attack is over, the walk stops
    trial = trial.clone()  # the caller's steps stay as they were
    trial.flow.steps[0].attacked = True  # as the activation's own ``attack`` does
    choices: set[str] = set()
    root = Branch(trial, Fraction(1), (), len(trial.events))
    trial.settle()
    _advance(root, choices)
    frontier = [root]
    leaves: list[Branch] = []
    while frontier:
        after: list[Branch] = []
        for branch in frontier:
            if _over(branch.state):
                leaves.append(branch)
            else:
                after += _children(branch, choices)
        frontier = _merged(after)
    return _merged(leaves), choices


def _children(branch: Branch, choices: set[str]) -> list[Branch]:
    """The branches one chance outcome on from *branch*, each played on to its next chance
    node. An outcome that comes back to the same position (a die an ability rerolls until it
    shows another face) is left out and the others' shares grow to fill its place: the same
    odds as rerolling again and again."""
    children: list[Branch] = []
    stay = Fraction(0)
    path = branch.path | {branch.key}
    for outcome, q in branch.state.chance_outcomes():
        child = Branch(
            branch.state.clone(), branch.p * _exact(q), branch.attacks, branch.seen, path=path
        )
        child.state.apply_action(outcome)
        _advance(child, choices)
        if child.key == branch.key:
            stay += _exact(q)
        elif child.key in path:  # pragma: no cover - no rule of the shipped cards loops so
            raise RuntimeError("odds: the attack's chance nodes loop through several positions")
        else:
            children.append(child)
    for child in children:
        child.p /= 1 - stay
    return children


def _advance(branch: Branch, choices: set[str]) -> None:
    """Play the branch on to its next chance node or the end of the attack, noting the attacks
    made: every window is passed; a choice the attack asks for takes its first option (recorded
    in *choices*)."""
    node = branch.state
    while not _over(node) and node.current_player() != CHANCE:
        seat = node.current_player()
        legal = node.legal_actions(seat)
        if PASS in legal:
            node.apply_action(PASS, seat)
            continue
        choices.add(f"{node.flow.steps[-1].kind}: {legal[0]}")
        node.apply_action(legal[0], seat)
    branch.attacks += tuple(_made(node, branch.seen))
    branch.seen = len(node.events)
    branch.key = _key(branch)


def _over(node: Any) -> bool:
    """The attack action is over (its steps are gone, or the battle is)."""
    if node.current_player() == TERMINAL:
        return True
    return not any(isinstance(step, AttackStep) for step in node.flow.steps)


def _made(node: Any, since: int) -> Iterable[Attack]:
    """The attacks resolved in *node*'s log after event *since*."""
    for event in node.events.since(since):
        data = event.data
        if event.kind == "attack":
            yield Attack(data["kind"], data["attacker"], data["target"], int(data["damage"]))
        elif event.kind == "attack-cancelled":
            yield Attack("attack", data["attacker"], data["target"], 0)


def _exact(q: float) -> Fraction:
    """A chance outcome's probability as the fraction it stands for (a die's sixths)."""
    return Fraction(q).limit_denominator(10_000)


def _merged(branches: list[Branch]) -> list[Branch]:
    """Branches at the same position with the same attacks made, as one (probabilities add)."""
    found: dict[str, Branch] = {}
    for branch in branches:
        if branch.key in found:
            merged = found[branch.key]
            merged.p += branch.p
            merged.path |= branch.path
        else:
            found[branch.key] = branch
    return list(found.values())


def _key(branch: Branch) -> str:
    """The branch's position (its state's data: the log is not part of it) and its attacks.
    The dice of an attack already resolved are left out: nothing reads them once the damage is
    dealt but a card or reroll offered in a window, and the walk passes every window."""
    data = dict(branch.state._to_data())
    flow = dict(data["flow"])
    flow["steps"] = [_settled(step) for step in flow["steps"]]
    data["flow"] = flow
    return json.dumps([data, [vars(a) for a in branch.attacks]], sort_keys=True, default=str)


def _settled(step: Any) -> Any:
    """A step's data, without its dice if it is an attack past its damage."""
    if step.get("kind") != "attack" or step.get("stage") not in RESOLVED:
        return step
    return {k: v for k, v in step.items() if k not in ("dice", "defence_die", "rerolled")}


def _attacks(leaves: list[Branch]) -> list[JsonObject]:
    """Each attack the action may bring, in the order first met: the probability it is made
    and its damage when made."""
    order: list[tuple[str, str, str]] = []
    made: dict[tuple[str, str, str], dict[int, Fraction]] = {}
    for leaf in leaves:
        for attack in leaf.attacks:
            key = (attack.kind, attack.attacker, attack.target)
            if key not in made:
                order.append(key)
                made[key] = {}
            made[key][attack.damage] = made[key].get(attack.damage, Fraction(0)) + leaf.p
    found: list[JsonObject] = []
    for key in order:
        shares = made[key]
        probability = sum(shares.values(), Fraction(0))
        found.append(
            {
                "kind": key[0],
                "attacker": key[1],
                "target": key[2],
                "probability": float(probability),
                "damage": {str(k): float(v / probability) for k, v in sorted(shares.items())},
                "expected_damage": float(sum(k * v for k, v in shares.items()) / probability),
            }
        )
    return found


def _fates(leaves: list[Branch], before: Unit) -> dict[str, float]:
    """What becomes of the unit *before* (as it stands now) once the action is over."""
    fates = dict.fromkeys(FATES, Fraction(0))
    for leaf in leaves:
        after = leaf.state.battle.units[before.id]
        fate = "destroyed" if after.destroyed else "flips" if after.face != before.face else ""
        fates[fate or "survives"] += leaf.p
    return {k: float(v) for k, v in fates.items()}


def _label(unit: Unit) -> str:
    """A unit's state in words: ``destroyed`` or its side and damage (and a Paralysis token)."""
    if unit.destroyed:
        return "destroyed"
    text = f"{unit.face}, {unit.damage} damage"
    return text + ", paralysed" if unit.paralysed else text


def _units(leaves: list[Branch], units: Mapping[str, Unit]) -> dict[str, JsonObject]:
    """Every unit the action may change: how it stands before, and after (label -> p)."""
    found: dict[str, JsonObject] = {}
    for uid, unit in units.items():
        before = _label(unit)
        after: dict[str, Fraction] = {}
        for leaf in leaves:
            label = _label(leaf.state.battle.units[uid])
            after[label] = after.get(label, Fraction(0)) + leaf.p
        if set(after) != {before}:
            found[uid] = {
                "before": before,
                "after": {k: float(v) for k, v in sorted(after.items(), key=lambda kv: -kv[1])},
            }
    return found
