"""What an epic combat hands back to its host (spec §5.6.3 steps 7–9, §5.6.4, §5.13): a typed
record through the core's sub-game mechanism (core/subgame.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from rulekeeper.core.record import Bounds

__all__ = ["ENDINGS", "EpicResult"]

ENDINGS: tuple[str, ...] = (
    "defeat",
    "both-defeated",
    "damage",
    "fled",
    "escaped",
    "avoided",
    "faster",
)
"""How an epic combat ends: a hero or beast defeated (step 7), both at once (§9.15), the
damage count after round 2 (step 9), the active hero fled (step 8), a beast escaped after round
2 (§5.6.4 step 9), a combat refused by an ability (§5.5), Faster Combat's one round (§5.6.6)."""
Small = Annotated[int, Bounds(0, 99)]


@dataclass
class EpicResult:
    """The result: ``winner`` is the side (0 the active hero, 1 the defender) or -1 for none;
    ``defeated`` the sides at 0 HP (each follows §5.13); ``moves`` the side that must leave the
    area (the loser pushed to an adjacent area, or with Faster Combat to its nearest outpost)."""

    ending: str
    winner: Annotated[int, Bounds(-1, 1)]
    rounds: Annotated[int, Bounds(0, 2)]
    damage: list[Small] = field(default_factory=lambda: [0, 0])
    """Each side's damage when the combat ended (a beast's counts only for a boss)."""
    inflicted: list[Small] = field(default_factory=lambda: [0, 0])
    defeated: list[Annotated[int, Bounds(0, 1)]] = field(default_factory=list)
    vp: list[Small] = field(default_factory=lambda: [0, 0])
    eternium: list[Annotated[int, Bounds(-99, 99)]] = field(default_factory=lambda: [0, 0])
    """Each team's Eternium change (the cost of fleeing, spells, a beast's reward)."""
    rewards: list[str] = field(default_factory=list)
    """The beast's rewards the active team gains, as effect kinds (``gain-combat-card:plus-3``)."""
    moves: Annotated[int, Bounds(-1, 1)] = -1
    soldiers_lost: list[Small] = field(default_factory=lambda: [0, 0])
    """Soldiers sacrificed in step 4 (back to the supply, §9.3)."""
    tameable: bool = False
    """The beast was defeated by a hero who survived: it may be tamed (§5.12)."""

    def __post_init__(self) -> None:
        if self.ending not in ENDINGS:
            raise ValueError(f"ending is one of {', '.join(ENDINGS)}")
