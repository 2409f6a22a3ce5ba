"""Wilds combat as pure functions (spec §5.8, §9.5, A-20, A-21; seed l.1992-2147).

The hero rolls Body wild dice (no 10-die cap, A-21), then assigns each success or double die
to the foe's Defense, Attack or Health. Readings (docs/eternia.md "Wilds and soldier combat"):

- every success and double die is assigned ("assegna ciascun dado", l.2011); none is left
  aside; blank and reroll faces carry nothing and are not assigned;
- a die may go to a stat already at 0 (its successes are wasted, as in the She-Ra example);
- dice go to Health only if the dice on Defense reduce it to 0 (l.2008-2009);
- the combat ability's roll (Dylinx): a success or a double gives the bonus; blank or reroll
  gives nothing (the rolling player may stop, A-20, and does).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from rulekeeper.core.dice import Die
from rulekeeper.games.eternia.combat.wild_dice import (
    VALUE,
    Policy,
    counts_of,
    face_chances,
    final_counts,
)
from rulekeeper.games.eternia.content.beasts import Ally, EncounterBeast
from rulekeeper.games.eternia.content.effects import RollBonus

__all__ = [
    "Assignment",
    "Foe",
    "WildsOdds",
    "WildsResult",
    "ability_bonus",
    "assignments",
    "best_assignment",
    "card_odds",
    "check_assignment",
    "foe_of",
    "resolve",
    "roll_final",
    "wilds_monte_carlo",
    "wilds_odds",
]

RULE = "spec §5.8 step 2 (seed l.2008-2021)"


@dataclass(frozen=True)
class Foe:
    """A foe as fought: its stats after any combat-ability bonus; tameable if it has a cost."""

    health: int
    attack: int
    defense: int
    tameable: bool = False


@dataclass(frozen=True)
class Assignment:
    """The dice given to each stat, as sorted face names (``success`` before ``double``)."""

    defense: tuple[str, ...] = ()
    attack: tuple[str, ...] = ()
    health: tuple[str, ...] = ()


@dataclass(frozen=True)
class WildsResult:
    """A wilds combat's outcome (spec §5.8 steps 3-4)."""

    foe_defeated: bool
    foe_damage: int
    hero_damage: int
    hero_defeated: bool
    reward: bool
    """The card's reward is earned, even if the hero falls too (l.2033-2035)."""
    may_tame: bool
    """A tameable foe beaten by a hero still standing (l.2037-2039)."""


@dataclass(frozen=True)
class WildsOdds:
    """Exact chances under the best assignment of each roll."""

    foe_defeated: Fraction
    hero_falls: Fraction
    expected_damage: Fraction


def ability_bonus(face: str, amount: int) -> int:
    """The combat ability's roll (§5.8 step 1): a success or a double gives *amount*."""
    return amount if VALUE[face] > 0 else 0


def foe_of(card: EncounterBeast | Ally, ability_face: str | None = None) -> Foe:
    """The foe of an encounter card, its roll-bonus applied when *ability_face* is given."""
    foe = Foe(
        card.health,
        card.attack,
        card.defense,
        isinstance(card, EncounterBeast) and card.taming_cost is not None,
    )
    if ability_face is None or card.combat_ability is None:
        return foe
    for effect in card.combat_ability.effects:
        if isinstance(effect, RollBonus):
            bonus = ability_bonus(ability_face, effect.amount)
            foe = replace(foe, **{effect.stat: getattr(foe, effect.stat) + bonus})
    return foe


def _sum(faces: Sequence[str]) -> int:
    return sum(VALUE[face] for face in faces)


def _dice(singles: int, doubles: int) -> tuple[str, ...]:
    return ("success",) * singles + ("double",) * doubles


def _assignments(singles: int, doubles: int, defense: int) -> Iterator[Assignment]:
    """All assignments of the scoring dice, lexicographic in (Defense, Attack) counts."""
    for ds in range(singles + 1):
        for dd in range(doubles + 1):
            for at in range(singles - ds + 1):
                for ad in range(doubles - dd + 1):
                    hs, hd = singles - ds - at, doubles - dd - ad
                    if (hs or hd) and ds + 2 * dd < defense:
                        continue
                    yield Assignment(_dice(ds, dd), _dice(at, ad), _dice(hs, hd))


def assignments(faces: Sequence[str], foe: Foe) -> list[Assignment]:
    """Every legal assignment of the success and double dice among *faces* (canonical order)."""
    _, singles, doubles, _ = counts_of(faces)
    return list(_assignments(singles, doubles, foe.defense))


def check_assignment(faces: Sequence[str], foe: Foe, assignment: Assignment) -> str | None:
    """Why *assignment* is illegal for *faces* against *foe*, or None."""
    given = assignment.defense + assignment.attack + assignment.health
    if sorted(given) != sorted(f for f in faces if VALUE[f] > 0):
        return f"{RULE}: each success and double die is assigned, once, whole"
    if assignment.health and _sum(assignment.defense) < foe.defense:
        return f"{RULE}: Defense must be reduced to 0 before any die goes to Health"
    return None


def resolve(foe: Foe, hero_hp: int, assignment: Assignment) -> WildsResult:
    """Both attacks at once (§5.8 steps 3-4): the dice on Health hurt the foe, the foe's Attack
    less the dice on Attack hurts the hero."""
    if assignment.health and _sum(assignment.defense) < foe.defense:
        raise ValueError(f"{RULE}: Defense must be reduced to 0 before any die goes to Health")
    foe_damage = min(foe.health, _sum(assignment.health))
    hero_damage = min(hero_hp, max(0, foe.attack - _sum(assignment.attack)))
    beaten = foe_damage >= foe.health
    fallen = hero_damage >= hero_hp
    return WildsResult(
        beaten, foe_damage, hero_damage, fallen, beaten, beaten and not fallen and foe.tameable
    )


def _key(result: WildsResult) -> tuple[bool, int]:
    return (result.foe_defeated, -result.hero_damage)


@lru_cache(maxsize=4096)
def _best(singles: int, doubles: int, foe: Foe, hero_hp: int) -> tuple[Assignment, WildsResult]:
    best = next(_assignments(singles, doubles, foe.defense))
    found = resolve(foe, hero_hp, best)
    for candidate in _assignments(singles, doubles, foe.defense):
        result = resolve(foe, hero_hp, candidate)
        if _key(result) > _key(found):
            best, found = candidate, result
    return best, found


def best_assignment(faces: Sequence[str], foe: Foe, hero_hp: int) -> Assignment:
    """The greedy player's choice: defeat the foe if it can, then take the least damage; the
    first such assignment in canonical order."""
    _, singles, doubles, _ = counts_of(faces)
    return _best(singles, doubles, foe, hero_hp)[0]


def wilds_odds(body: int, foe: Foe, hero_hp: int, die: Die, policy: Policy = "reroll") -> WildsOdds:
    """Exact odds of a wilds combat: *body* dice under *policy*, the best assignment of each."""
    won, fell, damage = Fraction(0), Fraction(0), Fraction(0)
    for (_, singles, doubles, _), p in final_counts(die, body, policy).items():
        result = _best(singles, doubles, foe, hero_hp)[1]
        won += p * result.foe_defeated
        fell += p * result.hero_defeated
        damage += p * result.hero_damage
    return WildsOdds(won, fell, damage)


def card_odds(
    body: int, card: EncounterBeast | Ally, hero_hp: int, die: Die, policy: Policy = "reroll"
) -> WildsOdds:
    """Exact odds against an encounter card, its combat ability's roll included."""
    rolls = (
        [(Fraction(1), None)]
        if card.combat_ability is None
        else [(p, face) for face, p in face_chances(die).items() if p]
    )
    won, fell, damage = Fraction(0), Fraction(0), Fraction(0)
    for p, face in rolls:
        odds = wilds_odds(body, foe_of(card, face), hero_hp, die, policy)
        won += p * odds.foe_defeated
        fell += p * odds.hero_falls
        damage += p * odds.expected_damage
    return WildsOdds(won, fell, damage)


def roll_final(die: Die, n: int, rng: random.Random, policy: Policy = "reroll") -> list[str]:
    """A random roll of *n* dice, rerolls made under *policy* (for the Monte Carlo)."""
    faces = [str(rng.choice(die.faces)) for _ in range(n)]
    while policy == "reroll" and "reroll" in faces:
        faces = [str(rng.choice(die.faces)) if f == "reroll" else f for f in faces]
    return faces


def wilds_monte_carlo(
    body: int,
    foe: Foe,
    hero_hp: int,
    die: Die,
    samples: int,
    rng: random.Random,
    policy: Policy = "reroll",
) -> WildsOdds:
    """The odds of ``wilds_odds`` estimated from *samples* random rolls."""
    won = fell = damage = 0
    for _ in range(samples):
        _, singles, doubles, _ = counts_of(roll_final(die, body, rng, policy))
        result = _best(singles, doubles, foe, hero_hp)[1]
        won += result.foe_defeated
        fell += result.hero_defeated
        damage += result.hero_damage
    return WildsOdds(Fraction(won, samples), Fraction(fell, samples), Fraction(damage, samples))
