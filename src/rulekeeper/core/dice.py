"""Dice with arbitrary faces, and their exposure as chance nodes.

Games roll everything from plain d6s to custom faces (blank, success, double
success, reroll).  The engine prefers dice to be resolved as explicit chance
nodes, listing every outcome with its probability, so that search agents can
reason about odds and a companion app can accept physical rolls typed in by
players; ``roll`` is there for the rare case where a game does not need that.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.core.actions import Action
from rulekeeper.core.jsonvalue import FrozenJson, JsonScalar, freeze
from rulekeeper.core.rng import Pcg32

__all__ = ["D6", "Die", "roll_outcome_actions"]


def _face_key(face: JsonScalar) -> tuple[str, JsonScalar]:
    # Keep 1, 1.0 and True apart, matching Action equality.
    return (type(face).__name__, face)


@dataclass(frozen=True)
class Die:
    """A fair die; repeated faces make that result proportionally more likely."""

    name: str
    faces: tuple[JsonScalar, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} needs at least one face")
        faces = tuple(self.faces)
        for face in faces:
            if isinstance(face, list | tuple | dict):
                raise TypeError(
                    f"die {self.name!r}: faces must be numbers or strings, got {face!r}"
                )
            freeze(face, f"{self.name}.faces")
        object.__setattr__(self, "faces", faces)

    def outcomes(self) -> list[tuple[JsonScalar, float]]:
        """Distinct faces with their probabilities, in order of first appearance."""
        counts: dict[tuple[str, JsonScalar], int] = {}
        first: dict[tuple[str, JsonScalar], JsonScalar] = {}
        for face in self.faces:
            key = _face_key(face)
            counts[key] = counts.get(key, 0) + 1
            first.setdefault(key, face)
        total = len(self.faces)
        return [(first[key], count / total) for key, count in counts.items()]

    def roll(self, rng: Pcg32) -> JsonScalar:
        return self.faces[rng.below(len(self.faces))]


D6 = Die("d6", (1, 2, 3, 4, 5, 6))


def roll_outcome_actions(
    die: Die, /, kind: str = "roll", **extra: FrozenJson
) -> list[tuple[Action, float]]:
    """Chance outcomes ``[(Action.of(kind, face=f, **extra), p), ...]`` for one roll of *die*.

    *extra* lets a game tag the roll (e.g. ``die="attack"``) when several dice
    are rolled at one node in turn; *die* is positional-only so ``die=...``
    can be such a tag.
    """
    return [(Action.of(kind, face=face, **extra), p) for face, p in die.outcomes()]
