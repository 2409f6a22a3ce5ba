"""A roll of wild dice with its rerolls (spec §5.7 item 7, §5.8 step 1, A-20, §9.6): the dice
are rolled together (a chance node whose outcomes are the counts of each face type); while
reroll faces show, the player rolls them again, with one other die of its choice if it wishes,
all together, or stops (a reroll face left standing counts as nothing).

The step hands back ``{"side", "purpose", "blank", "success", "double", "reroll",
"successes"}`` (core/flow.py ``Flow.finish``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated

from rulekeeper.core.actions import Action
from rulekeeper.core.dice import Die
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.record import Bounds
from rulekeeper.core.state import CHANCE
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.combat.wild_dice import VALUE, final_counts, wild_die
from rulekeeper.games.eternia.content.dice import WILD_FACES

__all__ = ["RollStep", "roll_actions", "standing"]

RULE = "spec §5.7 item 7, §5.8 step 1 (rulebook p.25-26): reroll faces"
Count = Annotated[int, Bounds(0, 40)]


def roll_actions(die: Die, dice: int) -> list[tuple[Action, float]]:
    """The chance outcomes of rolling *dice* dice once: ``roll blank=.. success=.. double=..
    reroll=..`` with their probabilities (wild_dice.py ``final_counts`` with no reroll)."""
    return [
        (Action.of("roll", **dict(zip(WILD_FACES, counts, strict=True))), float(p))
        for counts, p in sorted(final_counts(die, dice, "stand").items())
    ]


def standing(counts: Sequence[int]) -> int:
    """What standing faces count, given as counts: a success 1, a double 2."""
    return sum(VALUE[face] * count for face, count in zip(WILD_FACES, counts, strict=True))


@dataclass
class RollStep(Step[CombatState]):
    """*side* rolls ``dice`` wild dice (CHANCE), then decides on rerolls (see module doc)."""

    kind = "roll"
    rule = RULE
    public_kinds = None

    side: Annotated[int, Bounds(0, 1)]
    purpose: str
    dice: Count = 0
    """Dice to roll now (0: the roll is in, the player decides or it is over)."""
    kept: list[Count] = field(default_factory=lambda: [0, 0, 0, 0])
    """Standing faces by type: blank, success, double, reroll."""
    rerolls: bool = True
    """False: a reroll face stands (a card's ability die, spec §5.8 step 1)."""
    free: Annotated[int, Bounds(0, 9)] = 0
    """Dice of any face the player may still roll again once each (an ability's rerolls)."""

    def die(self, state: CombatState) -> Die:
        """The wild die of the side's faction (content dice.yaml)."""
        faction = state.epic.fighters[self.side].faction
        for die in state.pack.dice.wild_dice:
            if die.faction == faction:
                return wild_die(die)
        return wild_die(state.pack.dice.wild_dice[0])

    def actor(self, state: CombatState) -> int:
        if self.dice:
            return CHANCE
        choices = (self.kept[3] and self.rerolls) or (self.free and any(self.kept[:3]))
        if choices and state.seat_of(self.side) >= 0:
            return state.seat_of(self.side)
        return -3

    def chance(self, state: CombatState) -> Sequence[tuple[Action, float]]:
        die = self.die(state)
        key = f"wild-roll:{','.join(map(str, die.faces))}:{self.dice}"
        found: list[tuple[Action, float]] = state.game.derived(
            key, lambda: roll_actions(die, self.dice)
        )
        return found

    def run(self, state: CombatState) -> None:
        result = dict(zip(WILD_FACES, self.kept, strict=True))
        state.flow.finish(
            state,
            {
                "side": self.side,
                "purpose": self.purpose,
                **result,
                "successes": standing(self.kept),
            },
        )

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        yield Action.of("reroll", extra="none")
        for face in ("blank", "success", "double"):
            yield Action.of("reroll", extra=face)
        for face in ("blank", "success", "double"):
            yield Action.of("again", face=face)
        yield Action.of("stop")

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        if seat != state.seat_of(self.side):
            return (RULE, "the other player's roll")
        if action.kind == "stop":
            return None
        if action.kind == "again":
            face = action.get("face")
            if not self.free or face not in WILD_FACES[:3]:
                return (RULE, "no die to roll again by an ability")
            if not self.kept[WILD_FACES.index(str(face))]:
                return (RULE, f"no {face} die to roll again")
            return None
        if not self.rerolls or not self.kept[3]:
            return (RULE, "no reroll face to roll again")
        extra = action.get("extra")
        if action.kind != "reroll" or extra not in ("none", "blank", "success", "double"):
            return (RULE, "reroll (with one other die: extra=blank|success|double|none) or stop")
        if extra != "none" and not self.kept[WILD_FACES.index(str(extra))]:
            return (RULE, f"no {extra} die to roll again")
        return None

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        if action.kind == "roll":
            for index, face in enumerate(WILD_FACES):
                self.kept[index] += action.int_param(face)
            self.dice = 0
            state.events.append(
                "wild-roll",
                {
                    "side": self.side,
                    "purpose": self.purpose,
                    **{face: action.int_param(face) for face in WILD_FACES},
                },
            )
            return
        if action.kind == "stop":
            self.run(state)
            return
        if action.kind == "again":
            face = action.str_param("face")
            self.kept[WILD_FACES.index(face)] -= 1
            self.free -= 1
            self.dice = 1
            state.events.append("again", {"side": self.side, "face": face})
            return
        extra = action.str_param("extra")
        self.dice = self.kept[3] + (extra != "none")
        self.kept[3] = 0
        if extra != "none":
            self.kept[WILD_FACES.index(extra)] -= 1
        state.events.append("reroll", {"side": self.side, "extra": extra})
