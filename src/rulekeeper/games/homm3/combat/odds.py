"""Exact odds of one attack (issue 8, part 2): the distribution of its damage and of what
becomes of the target (survives, flips to Few, is destroyed), by enumerating the Attack dice
it rolls (one, two under the combat penalty or an ability), the Defense token die, and the
dice an ability rerolls by itself; a guardian the rules drive cancels a lethal attack. Choices
a player may make (a Positive Morale token, an optional ability reroll, a guardian, a card) are
not taken: these are the odds of the roll as it falls."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.combat import unit_abilities as abilities
from rulekeeper.games.homm3.combat.attack import ATTACK_DIE, AttackStep, resolve
from rulekeeper.games.homm3.combat.stats import BattleState, abilities_of_kind, boost, card, max_hp

FACES = (-1, 0, 1)


def _face_odds(excluded: frozenset[int]) -> dict[int, Fraction]:
    """One die's faces with their probabilities; faces an ability always rerolls are
    rerolled until they no longer show, which spreads their share over the others."""
    counts = {
        face_: Fraction(ATTACK_DIE.faces.count(face_), len(ATTACK_DIE.faces)) for face_ in FACES
    }
    kept = {f: p for f, p in counts.items() if f not in excluded}
    total = sum(kept.values())
    return {f: p / total for f, p in kept.items()}


def _dice(
    state: BattleState, attack: AttackStep
) -> Iterator[tuple[list[int], list[int], Fraction]]:
    """Every combination of the attack's dice (attack dice, Defense die) with its probability."""
    battle = state.battle
    target = battle.units[attack.target]
    attacker = battle.units[attack.attacker]
    count = abilities.dice_to_roll(state, attack)
    always: set[int] = set()
    if battle.options.get("no-rerolls") != "yes":
        for ability in abilities_of_kind(state, attacker, "reroll-face"):
            if ability.always:
                always.update(ability.faces or ())
    plain = _face_odds(frozenset())
    rolled = _face_odds(frozenset(always))
    defence = [plain] if abilities.defended(state, target) else []
    per_die = [rolled] * count
    for combo in product(*[list(d.items()) for d in per_die + defence]):
        faces = [f for f, _ in combo]
        p = Fraction(1)
        for _, q in combo:
            p *= q
        dice = faces[:count]
        if dice:
            first = abilities.first_die(state, attack, dice[0])
            if first != dice[0] and first in always:  # set to a face it then rerolls
                # the set face is rerolled away: the first die follows the rerolled odds
                for again, q in rolled.items():
                    yield [again, *dice[1:]], faces[count:], p * q
                continue
            dice = [first, *dice[1:]]
        yield dice, faces[count:], p


def attack_odds(state: BattleState, attack: AttackStep) -> JsonObject:
    """The odds of *attack* (not yet rolled) as JSON data: ``damage`` (damage -> probability),
    ``outcome`` (survives / flips / destroyed -> probability), ``expected_damage``."""
    battle = state.battle
    target = battle.units[attack.target]
    damage: dict[int, Fraction] = {}
    hp = max_hp(state, target) - target.damage
    guardian = abilities.guardian_for(state, target)
    guarded = guardian is not None and battle.armies[guardian.side].seat < 0
    for dice, defence_die, p in _dice(state, attack):
        outcome = resolve(state, attack, dice, defence_die)
        amount = 0 if guarded and outcome.damage >= hp else outcome.damage  # the rules' guardian
        damage[amount] = damage.get(amount, Fraction(0)) + p
    two_sided = target.face == "pack" and card(state, target).two_sided
    few_hp = card(state, target).few.hp + boost(state, target, "max-hp")
    fates = {"survives": Fraction(0), "flips": Fraction(0), "destroyed": Fraction(0)}
    for amount, p in damage.items():
        if amount < hp:
            fates["survives"] += p
        elif two_sided and amount - hp < few_hp:
            fates["flips"] += p
        else:
            fates["destroyed"] += p
    return {
        "attacker": attack.attacker,
        "target": attack.target,
        "penalty": attack.penalty,
        "damage": {str(k): float(v) for k, v in sorted(damage.items())},
        "outcome": {k: float(v) for k, v in fates.items()},
        "expected_damage": float(sum(k * v for k, v in damage.items())),
    }
