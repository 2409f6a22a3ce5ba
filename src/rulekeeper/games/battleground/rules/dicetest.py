"""A test, step by step (rulebook: Tests, Scope, Defence Tests; battleground.md §3).

1 check the stat, 2 modifiers, 3 scope (4 by default, cumulative modifiers), 4 roll, 5 initial
successes, 6 free rerolls (all at once), 7 mana rerolls (up to five, one mana each, all at
once, the player chooses the dice), 8 exploding sixes (each 6 rolls one more die, and so on),
9 final successes (initial dice: at least the scope, a 6 always and a 1 never; exploded dice:
5 or 6 whatever the scope). Steps 10 (defence) and 11 (apply) belong to the caller.

The test is plain data. Every die is an explicit chance outcome (one die at a time, faces 1–6)
and every choice (which dice to reroll) is asked of the player who owns the test, one die at a
time by the faces they show (:class:`RerollStep`, a ``PickSubset``: ``reroll item="3"`` per die,
then ``done``), so a person, a bot or a replay with forced dice drives it the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rulekeeper.core import CHANCE, D6, Action, roll_outcome_actions
from rulekeeper.core.flow import AUTO, PickSubset, Step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.games.battleground.actions import reroll_sets

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

DEFAULT_SCOPE = 4
MAX_MANA_REROLLS = 5
EXPLODED_SUCCESS = 5
Stage = Literal["roll", "free", "mana", "explode", "done"]


def face_succeeds(face: int, scope: int, exploded: bool = False) -> bool:
    """Whether a die showing *face* is a success (rulebook, Scope and Exploding sixes): an
    initial die at the scope or above, a 6 always and a 1 never; an exploded die on 5 or 6
    whatever the scope. The engine's tests and the exact odds (views/odds.py) both ask here."""
    if exploded:
        return face >= EXPLODED_SUCCESS
    return face == 6 or (face != 1 and face >= scope)


EXPLODES = 6
"""The face that rolls one more die (initial and exploded dice alike)."""


@dataclass(frozen=True)
class Modifier:
    amount: int
    reason: str

    def to_data(self) -> dict[str, Any]:
        return {"amount": self.amount, "reason": self.reason}


@dataclass
class DiceTest:
    """One test in progress. Build it with :func:`start_test`."""

    owner: int
    label: str
    dice: int
    scope: int
    notes: list[str]
    free_rerolls: int = 0
    mana: int = 0
    initial: list[int] = field(default_factory=list)
    exploded: list[int] = field(default_factory=list)
    to_roll: list[int] = field(default_factory=list)
    stage: Stage = "roll"
    mana_spent: int = 0

    # --- where the test stands -----------------------------------------------------------

    def is_chance(self) -> bool:
        return bool(self.to_roll)

    def is_done(self) -> bool:
        return self.stage == "done"

    def awaiting_choice(self) -> bool:
        return not self.to_roll and self.stage in ("free", "mana")

    def succeeds(self, face: int, exploded: bool = False) -> bool:
        """Rulebook, Scope: see :func:`face_succeeds`."""
        return face_succeeds(face, self.scope, exploded)

    def successes(self) -> int:
        return sum(self.succeeds(f) for f in self.initial) + sum(
            self.succeeds(f, exploded=True) for f in self.exploded
        )

    # --- chance --------------------------------------------------------------------------

    @staticmethod
    def chance_outcomes() -> list[tuple[Action, float]]:
        return roll_outcome_actions(D6)

    def apply_roll(self, face: int) -> None:
        if not self.to_roll:
            raise ValueError("no die is waiting to be rolled")
        if not 1 <= face <= 6:
            raise ValueError(f"a die shows 1 to 6, not {face}")
        slot = self.to_roll.pop(0)
        if slot < 0:
            self.exploded.append(face)
            if face == 6:
                self.to_roll.append(-1)
        elif slot == len(self.initial):
            self.initial.append(face)
        else:
            self.initial[slot] = face
        if not self.to_roll:
            self._advance()

    # --- choices -------------------------------------------------------------------------

    def reroll_limit(self) -> int:
        if self.stage == "free":
            return min(self.free_rerolls, len(self.initial))
        if self.stage == "mana":
            return min(MAX_MANA_REROLLS, self.mana, len(self.initial))
        return 0

    def choices(self) -> list[tuple[int, ...]]:
        """Each distinct set of dice that may be rerolled now, by the faces they show (keeping
        all first); the rules ask for it one die at a time (:class:`RerollStep`)."""
        if not self.awaiting_choice():
            return []
        return reroll_sets(tuple(sorted(self.initial)), self.reroll_limit())

    def refusal(self, faces: list[int]) -> str | None:
        """Why rerolling these faces is not allowed now, or None."""
        if not self.awaiting_choice():
            return "no reroll is being asked now"
        limit = self.reroll_limit()
        kind = "free rerolls" if self.stage == "free" else "mana rerolls"
        if len(faces) > limit:
            why = (
                f"{self.free_rerolls} free rerolls"
                if self.stage == "free"
                else f"{self.mana} mana, at most {MAX_MANA_REROLLS} per test"
            )
            return f"at most {limit} {kind} here ({why})"
        missing = Counter(faces) - Counter(self.initial)
        if missing:
            return f"no die shows {sorted(missing.elements())} among {sorted(self.initial)}"
        return None

    def apply_reroll(self, faces: list[int]) -> None:
        problem = self.refusal(faces)
        if problem is not None:
            raise ValueError(problem)
        wanted = Counter(faces)
        slots: list[int] = []
        for index, face in enumerate(self.initial):
            if wanted[face] > 0:
                wanted[face] -= 1
                slots.append(index)
        if self.stage == "mana":
            self.mana_spent = len(slots)
            self.mana -= len(slots)
        self.to_roll = slots
        if not slots:
            self._advance()

    # --- flow ----------------------------------------------------------------------------

    def _advance(self) -> None:
        order: list[Stage] = ["roll", "free", "mana", "explode", "done"]
        stage = order[order.index(self.stage) + 1]
        while True:
            if stage == "free" and self.free_rerolls > 0 and self.initial:
                break
            if stage == "mana" and self.mana > 0 and self.initial:
                break
            if stage == "explode":
                sixes = sum(1 for f in self.initial if f == 6)
                if sixes:
                    self.stage = "explode"
                    self.to_roll = [-1] * sixes
                    return
            if stage == "done":
                break
            stage = order[order.index(stage) + 1]
        self.stage = stage

    # --- data ----------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "label": self.label,
            "dice": self.dice,
            "scope": self.scope,
            "notes": list(self.notes),
            "free_rerolls": self.free_rerolls,
            "mana": self.mana,
            "initial": list(self.initial),
            "exploded": list(self.exploded),
            "to_roll": list(self.to_roll),
            "stage": self.stage,
            "mana_spent": self.mana_spent,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> DiceTest:
        return cls(**{**data, "notes": list(data["notes"])})

    def result(self) -> dict[str, Any]:
        """The finished test as the log's "test result" event records it."""
        return {
            "label": self.label,
            "initial": self.initial,
            "exploded": self.exploded,
            "successes": self.successes(),
            "mana spent": self.mana_spent,
        }

    def summary(self) -> str:
        shown = " ".join(str(f) for f in self.initial)
        extra = f" + exploded {' '.join(str(f) for f in self.exploded)}" if self.exploded else ""
        count = self.successes()
        said = f"{count} success" if count == 1 else f"{count} successes"
        return f"{self.label}: {shown}{extra} = {said} (scope {self.scope}+)"


def start_test(
    owner: int,
    label: str,
    stat: int,
    dice_modifiers: list[Modifier] | tuple[Modifier, ...] = (),
    scope_modifiers: list[Modifier] | tuple[Modifier, ...] = (),
    *,
    free_rerolls: int = 0,
    mana: int = 0,
) -> DiceTest:
    """Steps 1–3: dice from the stat and modifiers, scope from 4 and its modifiers.

    A scope modifier of +1 *increases* the scope, which lowers the face needed (rulebook:
    Scope — "the scope becomes three").
    """
    dice = max(0, stat + sum(m.amount for m in dice_modifiers))
    scope = DEFAULT_SCOPE - sum(m.amount for m in scope_modifiers)
    notes = [f"{stat} dice from the stat"]  # event data: saved games replay it as written
    notes += [f"{m.amount:+d} dice: {m.reason}" for m in dice_modifiers]
    notes += [f"scope {m.amount:+d}: {m.reason}" for m in scope_modifiers]
    notes.append(f"{dice} dice, successes on {max(2, min(6, scope))}+ (scope {scope})")
    test = DiceTest(owner, label, dice, scope, notes, free_rerolls=free_rerolls, mana=mana)
    test.to_roll = list(range(dice))
    if not dice:
        test.stage = "done"
    return test


def net_successes(attack: DiceTest, defence: DiceTest | None) -> int:
    """Rulebook, Defence Tests: each defence success cancels one success of the test."""
    cancelled = defence.successes() if defence is not None else 0
    return max(0, attack.successes() - cancelled)


# --- the test step -------------------------------------------------------------------------


@dataclass
class DiceTestStep(Step["BattleState"]):
    """A test waiting for dice, then for its owner's rerolls (rulebook, Tests): a sub-procedure
    of the step that pushed it (an attack, a skill test), which is resumed with the finished
    test (:meth:`Step.resume` with ``{"role": ..., "test": ...}``, read by :func:`finished`)."""

    kind: ClassVar[str] = "test"
    rule: ClassVar[str] = "Tests"
    test: dict[str, Any]
    role: str

    def dice(self) -> DiceTest:
        return DiceTest.from_data(self.test)

    def actor(self, state: BattleState) -> int:
        test = self.dice()
        if test.is_chance():
            return CHANCE
        return AUTO if test.awaiting_choice() else test.owner

    def chance(self, state: BattleState) -> Sequence[tuple[Action, float]]:
        return roll_outcome_actions(D6)

    def check(self, state: BattleState, above: Step[Any] | None) -> str | None:
        """A reroll choice stands on a test waiting for one, and only there (on top, the test
        asks for it when the rules settle: a position may leave it out)."""
        if above is not None and self.dice().awaiting_choice() != isinstance(above, RerollStep):
            return "a reroll choice stands on a test waiting for one, and only there"
        return None

    def run(self, state: BattleState) -> None:
        """A reroll choice is due: its owner picks the dice on a :class:`RerollStep`."""
        test = self.dice()
        faces = [str(face) for face in sorted(test.initial)]
        state.flow.push(RerollStep(seat=test.owner, options=faces, most=test.reroll_limit()))

    def resume(self, state: BattleState, result: JsonObject) -> None:
        """The owner's reroll choice (``{"faces": [...]}``) from the :class:`RerollStep`."""
        faces = [int(face) for face in result["faces"]]  # type: ignore[union-attr, arg-type]
        test = self.dice()
        test.apply_reroll(faces)
        if test.stage != "mana" and faces:
            state.events.append("reroll", {"test": test.label, "faces": faces})
        self._after(state, test)

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        test = self.dice()
        test.apply_roll(action.int_param("face"))
        self._after(state, test)

    def _after(self, state: BattleState, test: DiceTest) -> None:
        """Keep the test's new data; a finished test goes back to the step that asked for it."""
        self.test = test.to_data()
        if test.is_done():
            state.flow.finish(state, {"role": self.role, "test": self.test})


def finished(result: Mapping[str, Any]) -> tuple[str, DiceTest]:
    """The role and the test of a finished :class:`DiceTestStep` (the result it hands back)."""
    test = result["test"]
    assert isinstance(test, dict)
    return str(result["role"]), DiceTest.from_data(test)


@dataclass
class RerollStep(PickSubset["BattleState"]):
    """Free or mana rerolls (rulebook, Tests, steps 6 and 7): the test's owner picks the dice to
    reroll one at a time by the faces they show (the test's dice sorted, so dice showing the same
    face are alike), at most the rerolls allowed, then ``done``; the choice goes back to the
    :class:`DiceTestStep` below."""

    kind: ClassVar[str] = "reroll"
    rule: ClassVar[str] = "Tests"
    verb: ClassVar[str] = "reroll"
    public_kinds: ClassVar[frozenset[str] | None] = None  # dice are seen by everyone

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        start = self.picked[-1] + 1 if self.picked else 0
        return state.game.actions.picks(self.verb, tuple(self.options[start:]))

    def chosen(self, state: BattleState, items: list[str]) -> None:
        state.flow.top().resume(state, {"faces": [int(face) for face in items]})
