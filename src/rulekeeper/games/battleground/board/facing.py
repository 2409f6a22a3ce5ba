"""Facing, arcs and flank (rulebook: Model, Flank Attacks, Ranged Attack; battleground.md §2).

A model faces one of its hex's six edges (a direction 0..5). Its rear arc is every hex whose
centre lies strictly behind the line through the model's centre perpendicular to its facing;
hexes exactly on that line are "halfway" and neither flank nor rear.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from rulekeeper.core.hexes import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    centre,
    corners,
    direction_to,
    neighbour,
)

Arc = Literal["front", "rear", "halfway"]
_EPS = 1e-9


def _facing_vector(direction: int) -> tuple[float, float]:
    return centre(DIRECTIONS[direction])


def _ahead(model: Hex, facing: int, point: tuple[float, float]) -> float:
    fx, fy = _facing_vector(facing)
    cx, cy = centre(model)
    return (point[0] - cx) * fx + (point[1] - cy) * fy


def arc_of(model: Hex, facing: int, other: Hex) -> Arc:
    """Which arc of the model the other hex's centre lies in."""
    ahead = _ahead(model, facing, centre(other))
    if ahead > _EPS:
        return "front"
    if ahead < -_EPS:
        return "rear"
    return "halfway"


def in_front_arc(model: Hex, facing: int, base: Iterable[Hex]) -> bool:
    """A base is within the front arc when any point of any of its hexes is (Overwatch)."""
    return any(_ahead(model, facing, p) > _EPS for h in base for p in corners(h))


@dataclass(frozen=True)
class FlankVerdict:
    flank: bool
    arc: Arc
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"flank": self.flank, "arc": self.arc, "reason": self.reason}


def flank_verdict(target: Hex, target_facing: int, attacker: Hex) -> FlankVerdict:
    """Whether an attack from ``attacker`` flanks a target facing ``target_facing``."""
    arc = arc_of(target, target_facing, attacker)
    facing = DIRECTION_NAMES[target_facing]
    if arc == "rear":
        reason = f"flank: the attack comes from the target's rear arc (target faces {facing})"
    elif arc == "halfway":
        reason = "frontal: halfway between the front and rear arcs is not flank"
    else:
        reason = f"frontal: the attack comes from the target's front arc (target faces {facing})"
    return FlankVerdict(arc == "rear", arc, reason + " (rulebook: Flank Attacks)")


def rear_neighbours(model: Hex, facing: int) -> list[Hex]:
    return [
        neighbour(model, d)
        for d in range(6)
        if arc_of(model, facing, neighbour(model, d)) == "rear"
    ]


def facings_toward(model: Hex, target: Hex) -> list[int]:
    """Directions a model may face to face a target (rulebook: Ranged Attack).

    The model faces the adjacent hex closest to the target, measured from that hex's centre; when
    two are equally close the controlling player chooses, so both are returned.
    """
    if model == target:
        return list(range(6))
    adjacent = direction_to(model, target)
    if adjacent is not None:
        return [adjacent]
    tx, ty = centre(target)
    distances = []
    for d in range(6):
        nx, ny = centre(neighbour(model, d))
        distances.append(math.hypot(nx - tx, ny - ty))
    best = min(distances)
    return [d for d in range(6) if distances[d] - best < 1e-9]


def facings_toward_any(model: Hex, targets: Iterable[Hex]) -> list[int]:
    """Facing a massive target: any hex it occupies may be faced (Massive Models, Facing)."""
    options: set[int] = set()
    for h in targets:
        options.update(facings_toward(model, h))
    return sorted(options)
