"""The wild dice as pure functions (spec §2.2, §5.7, §5.8, A-20, A-21, A-34, §9.6, §9.15).

A roll is a sequence of face names (``blank``, ``success``, ``double``, ``reroll``); a
distribution is a dict from outcome to its exact ``Fraction`` (enumeration, never sampling).
Outcomes of many dice are counts of each face ``(blank, success, double, reroll)``, summed as a
multinomial, so 10 dice are instant.

Reroll policies for the odds (a player may stop rerolling whenever it likes, A-20):

- ``"reroll"`` (the default reading): every reroll face is rolled again, and again, until none
  shows; no extra die. A die's final face is then blank, success or double with its chance
  given that it is not a reroll.
- ``"stand"``: no reroll at all; a reroll face stands and counts nothing.

The optional extra die (§5.8 step 1) is left to the player's moves (``check_reroll``,
``reroll``); the odds do not count it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from math import factorial
from typing import Literal

from rulekeeper.core.dice import Die
from rulekeeper.games.eternia.content.dice import WILD_FACES, WildDie

__all__ = [
    "DICE_CAP",
    "POLICIES",
    "VALUE",
    "ZONES",
    "Counts",
    "Policy",
    "apply_cap",
    "cap_placements",
    "cap_removals",
    "check_reroll",
    "counts_of",
    "excess_dice",
    "face_chances",
    "face_value",
    "final_counts",
    "initiative_result",
    "reroll",
    "success_distribution",
    "successes",
    "wild_die",
]

Policy = Literal["reroll", "stand"]
POLICIES: tuple[Policy, ...] = ("reroll", "stand")
Counts = tuple[int, int, int, int]
"""How many dice show (blank, success, double, reroll)."""
VALUE: Mapping[str, int] = {"blank": 0, "success": 1, "double": 2, "reroll": 0}
"""What a standing face counts (spec §5.7 item 5; a reroll left standing counts nothing)."""
DICE_CAP = 10
"""Dice of Power: at most 10 wild dice over the three zones together (spec §5.7 item 4, §9.15)."""
ZONES: tuple[str, ...] = ("initiative", "attack", "defense")
REROLL_RULE = "spec §5.8 step 1, §5.7 item 7, A-20 (seed l.1999-2002)"
CAP_RULE = "spec §5.7 item 4, §9.15 (seed l.1850-1855)"


def wild_die(record: WildDie) -> Die:
    """The core ``Die`` of a faction's wild die record."""
    return Die(f"wild-{record.faction}", tuple(record.faces))


def face_value(face: str) -> int:
    """The successes a standing face counts: success 1, double 2, blank and reroll 0."""
    return VALUE[face]


def successes(faces: Sequence[str]) -> int:
    """The successes of standing faces."""
    return sum(VALUE[face] for face in faces)


def counts_of(faces: Sequence[str]) -> Counts:
    """The faces as counts (blank, success, double, reroll)."""
    b, s, d, r = (sum(1 for f in faces if f == face) for face in WILD_FACES)
    return (b, s, d, r)


def check_reroll(faces: Sequence[str], chosen: Sequence[int]) -> str | None:
    """Why rerolling the dice at indexes *chosen* is illegal, or None: every reroll face plus
    at most one other die, or nothing (the player stops)."""
    picked = set(chosen)
    if len(picked) != len(chosen) or any(not 0 <= i < len(faces) for i in picked):
        return f"{REROLL_RULE}: each die is named once, by its index"
    if not picked:
        return None
    rerolls = {i for i, face in enumerate(faces) if face == "reroll"}
    if not rerolls:
        return f"{REROLL_RULE}: no die shows a reroll face"
    if not rerolls <= picked:
        return f"{REROLL_RULE}: every reroll face is rerolled together, or the player stops"
    if len(picked - rerolls) > 1:
        return f"{REROLL_RULE}: at most one other die is rerolled with the reroll faces"
    return None


def reroll(faces: Sequence[str], chosen: Sequence[int], rolled: Sequence[str]) -> tuple[str, ...]:
    """The faces after the dice at *chosen* (ascending index order) show *rolled*."""
    problem = check_reroll(faces, chosen)
    if problem:
        raise ValueError(problem)
    if len(rolled) != len(chosen) or any(face not in VALUE for face in rolled):
        raise ValueError(f"{REROLL_RULE}: one wild face for each rerolled die")
    out = list(faces)
    for index, face in zip(sorted(chosen), rolled, strict=True):
        out[index] = face
    return tuple(out)


def face_chances(die: Die) -> dict[str, Fraction]:
    """The chance of each face type on one roll of *die*."""
    return {
        face: Fraction(sum(1 for f in die.faces if f == face), len(die.faces))
        for face in WILD_FACES
    }


def _final_chances(die: Die, policy: Policy) -> tuple[Fraction, ...]:
    """One die's chance of ending on blank, success, double, reroll under *policy*."""
    p = face_chances(die)
    if policy == "stand":
        return tuple(p[face] for face in WILD_FACES)
    if p["reroll"] == 1:
        raise ValueError("a die of reroll faces only never stops")
    rest = 1 - p["reroll"]
    return (p["blank"] / rest, p["success"] / rest, p["double"] / rest, Fraction(0))


def _compositions(n: int) -> Iterator[Counts]:
    """Every (blank, success, double, reroll) summing to *n*."""
    for b in range(n + 1):
        for s in range(n + 1 - b):
            for d in range(n + 1 - b - s):
                yield (b, s, d, n - b - s - d)


def final_counts(die: Die, n: int, policy: Policy = "reroll") -> dict[Counts, Fraction]:
    """The exact distribution of the final faces of *n* dice under *policy* (multinomial)."""
    chances = _final_chances(die, policy)
    out: dict[Counts, Fraction] = {}
    for counts in _compositions(n):
        ways = factorial(n)
        chance = Fraction(1)
        for count, q in zip(counts, chances, strict=True):
            ways //= factorial(count)
            chance *= q**count
        if chance:
            out[counts] = ways * chance
    return out


def success_distribution(die: Die, n: int, policy: Policy = "reroll") -> dict[int, Fraction]:
    """The exact distribution of the total successes of *n* dice under *policy*."""
    out: dict[int, Fraction] = {}
    for (_, s, d, _), p in final_counts(die, n, policy).items():
        out[s + 2 * d] = out.get(s + 2 * d, Fraction(0)) + p
    return dict(sorted(out.items()))


def excess_dice(dice: Mapping[str, int]) -> int:
    """Dice of Power: how many dice above 10 the three zones hold together (§9.15)."""
    return max(0, sum(dice.values()) - DICE_CAP)


def _splits(total: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to split *total* over the zones, each at most its limit, lexicographic."""
    if len(limits) == 1:
        if total <= limits[0]:
            yield (total,)
        return
    for first in range(min(total, limits[0]) + 1):
        for rest in _splits(total - first, limits[1:]):
            yield (first, *rest)


def cap_removals(dice: Mapping[str, int]) -> list[dict[str, int]]:
    """Every legal choice of which zones' dice become automatic successes (canonical order)."""
    limits = [dice.get(zone, 0) for zone in ZONES]
    return [dict(zip(ZONES, split, strict=True)) for split in _splits(excess_dice(dice), limits)]


def cap_placements(automatic: int) -> list[dict[str, int]]:
    """Every way to place *automatic* successes over the three zones (canonical order)."""
    return [
        dict(zip(ZONES, split, strict=True))
        for split in _splits(automatic, [automatic] * len(ZONES))
    ]


def apply_cap(
    dice: Mapping[str, int], removed: Mapping[str, int], placed: Mapping[str, int]
) -> tuple[dict[str, int], dict[str, int]]:
    """The dice left to roll in each zone and the automatic successes in each zone."""
    if {**dict.fromkeys(ZONES, 0), **removed} not in cap_removals(dice):
        raise ValueError(f"{CAP_RULE}: remove exactly the dice above 10, from zones that hold them")
    if sum(placed.values()) != excess_dice(dice) or any(v < 0 for v in placed.values()):
        raise ValueError(f"{CAP_RULE}: place one automatic success for each die above 10")
    if set(placed) - set(ZONES) or set(removed) - set(ZONES):
        raise ValueError(f"{CAP_RULE}: the zones are {', '.join(ZONES)}")
    left = {zone: dice.get(zone, 0) - removed.get(zone, 0) for zone in ZONES}
    return left, {zone: placed.get(zone, 0) for zone in ZONES}


def initiative_result(rolled: int, base_initiative: int) -> int:
    """Dice of Power initiative: the roll's successes plus the base Initiative (§5.7 item 5)."""
    return rolled + base_initiative
