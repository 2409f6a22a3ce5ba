"""Soldier combat as pure functions (spec §5.9, A-2, A-38; seed l.2169-2213).

Each soldier that fights is removed and deals 1 damage; a hero takes 1 HP per soldier, never
below 0; soldiers beyond what the defenders can absorb stay in the area. No VP is ever given.
A boss sharing the outpost is ignored (callers leave it out).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

__all__ = [
    "Allocation",
    "SoldierResult",
    "allocate",
    "allocations",
    "hero_vs_soldiers",
    "soldiers_vs_hero",
    "soldiers_vs_soldiers",
]

RULE = "spec §5.9, A-38 (seed l.2175-2178)"


@dataclass(frozen=True)
class SoldierResult:
    """A soldier combat's outcome; the heroes are the defending ones, in the order given (the
    entering hero for ``hero_vs_soldiers``)."""

    attackers_lost: int
    defenders_lost: int
    hero_damage: tuple[int, ...] = ()
    heroes_defeated: tuple[int, ...] = ()
    """Indexes of the heroes brought to exactly 0 HP."""
    vp: int = 0
    """Always 0: a hero defeated by soldiers gives no VP (l.2209-2210)."""


@dataclass(frozen=True)
class Allocation:
    """Where the defending team sends the entering soldiers' damage: HP per hero, soldiers."""

    hero_damage: tuple[int, ...]
    soldiers: int


def soldiers_vs_soldiers(attackers: int, defenders: int) -> SoldierResult:
    """Soldiers against soldiers only: one for one, simultaneously (l.2169-2173)."""
    lost = min(attackers, defenders)
    return SoldierResult(lost, lost)


def _defeated(hps: Sequence[int], damage: Sequence[int]) -> tuple[int, ...]:
    return tuple(i for i, (hp, dealt) in enumerate(zip(hps, damage, strict=True)) if dealt >= hp)


def soldiers_vs_hero(soldiers: int, hero_hp: int) -> SoldierResult:
    """Soldiers against a lone hero: each removed soldier deals 1; stop at exactly 0 HP, the
    rest stay (l.2202-2210)."""
    removed = min(soldiers, hero_hp)
    return SoldierResult(removed, 0, (removed,), _defeated((hero_hp,), (removed,)))


def hero_vs_soldiers(hero_hp: int, defenders: int) -> SoldierResult:
    """A hero entering an outpost held only by enemy soldiers (A-2, the mirror of
    ``soldiers_vs_hero``): each defending soldier removed deals 1 to the hero."""
    removed = min(defenders, hero_hp)
    return SoldierResult(0, removed, (removed,), _defeated((hero_hp,), (removed,)))


def _splits(total: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to split *total* under *limits*, lexicographic."""
    if not limits:
        if total == 0:
            yield ()
        return
    for first in range(min(total, limits[0]) + 1):
        for rest in _splits(total - first, limits[1:]):
            yield (first, *rest)


def allocations(soldiers: int, hero_hps: Sequence[int], defenders: int) -> list[Allocation]:
    """Every way the defending team may take the entering soldiers' damage (A-38: all of it,
    up to what its heroes' HP and soldiers can absorb), in canonical order."""
    total = min(soldiers, sum(hero_hps) + defenders)
    return [Allocation(split[:-1], split[-1]) for split in _splits(total, [*hero_hps, defenders])]


def allocate(
    soldiers: int, hero_hps: Sequence[int], defenders: int, allocation: Allocation
) -> SoldierResult:
    """Soldiers against heroes and soldiers, with the defending team's *allocation*."""
    if allocation not in allocations(soldiers, hero_hps, defenders):
        raise ValueError(
            f"{RULE}: each entering soldier's 1 damage goes to a hero's HP (not below 0) or "
            "removes one defending soldier, and the defenders take all they can"
        )
    lost = sum(allocation.hero_damage) + allocation.soldiers
    return SoldierResult(
        lost,
        allocation.soldiers,
        allocation.hero_damage,
        _defeated(hero_hps, allocation.hero_damage),
    )
