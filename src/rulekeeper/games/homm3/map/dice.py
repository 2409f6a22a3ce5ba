"""Resource and Treasure dice on the map (homm3.md §5.13.2, §5.13.3, §5.17, §5.25 rules 3 and
6, §9.6).

A location, a die face or a bonus says "roll N dice": :func:`roll` pushes a :class:`DiceStep`,
a chance step that rolls them one at a time (each face's probability is its share of the six
faces of the pack's board data, ``board.yaml`` ``dice``). Then the player keeps one result
(``keep: one``, "roll N, choose one") or all of them (``keep: all``); first a player may
reroll one die for each reroll it has (the Positive Morale token, §5.17; Luck's reroll this
turn; Swift Weasel's one die a turn while that Astrologers card is in force, §5.21: effects.py
``reroll_sources``; none under optional rule 6), or keep what it rolled. A face is an effect of the
board data: gain a resource (only 1 under optional rule 3), the Main Hero's half Level, a
Search (2) of the Artifact deck, or more Resource dice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import CHANCE, Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.games.homm3.map import effects, experience, search

__all__ = ["DICE", "FACES", "DiceStep", "face_effect", "face_name", "outcomes", "resolve", "roll"]

RULE_DICE = "homm3.md §5.13.2, §5.13.3, §9.6 (Resource and Treasure dice, rulebook p. 16, 18)"
RULE_REROLL = (
    "homm3.md §5.17 (a Positive Morale token rerolls 1 die; Luck, §5.9; Astrologers Proclaim"
    " swift-weasel, §5.21)"
)
DICE = ("resource", "treasure")
KEEPS = ("one", "all")
DECKS = {"artifacts": "artifact", "spells": "spell", "abilities": "ability"}
"""The board data's deck names -> the map state's shared decks."""


def face_name(effect: Any) -> str:
    """A die face's name in actions and events: ``3-gold``, ``experience``, ``search-artifacts``,
    ``resource-dice-2-one``."""
    if effect.kind == "gain":
        return f"{effect.amount}-{effect.resource}"
    if effect.kind == "resource-dice":
        return f"resource-dice-{effect.amount}-{effect.keep}"
    if effect.kind == "search":
        return f"search-{effect.deck}"
    return str(effect.kind)


def outcomes(state: Any, die: str) -> list[tuple[str, float]]:
    """The distinct faces of *die* with their probabilities (a face printed twice: 2/6)."""
    faces = [face_name(face) for face in state.game.pack.board.dice[die].faces]
    return [(name, faces.count(name) / len(faces)) for name in dict.fromkeys(faces)]


def face_effect(state: Any, die: str, name: str) -> Any:
    """The board data's effect of *die*'s face *name* (KeyError: no such face)."""
    for face in state.game.pack.board.dice[die].faces:
        if face_name(face) == name:
            return face
    raise KeyError(f"the {die} die has no face {name!r}")


def roll(state: Any, seat: int, die: str, count: int, keep: str = "one") -> None:
    """Push *seat*'s roll of *count* *die* dice, keeping one result or all (module doc)."""
    if count > 0:
        state.flow.push(DiceStep(seat=seat, die=die, count=count, keep=keep))


def reroll_refusal(state: Any, seat: int, die: str, source: str) -> Refusal | None:
    """Why *seat* may not reroll a *die* die with *source* (``morale``: the Positive token,
    ``luck``: Luck's reroll this turn, ``astrologers``: Swift Weasel's one a turn; effects.py
    ``reroll_sources``), or None."""
    if source in effects.reroll_sources(state, seat, die):
        return None
    if state.option("no-rerolls"):
        return (effects.RULE_NO_REROLLS, "optional rule 6: no die may be rerolled")
    if source == "morale":
        return (RULE_REROLL, "rerolling a die spends a Positive Morale token; you hold none")
    if source == "astrologers":
        return (RULE_REROLL, "no Astrologers card lets you reroll a die now (one a turn)")
    return (RULE_REROLL, f"nothing lets you reroll a {die} die with {source!r} now")


def _gain(state: Any, seat: int, effect: Any) -> None:
    amount = 1 if state.option("one-resource-dice") else int(effect.amount)
    state.players[seat].resources.gain({effect.resource: amount})
    state.events.append("resources-gained", {"seat": seat, effect.resource: amount})


def _experience(state: Any, seat: int, effect: Any) -> None:
    experience.gain(state, seat, int(effect.amount))


def _search(state: Any, seat: int, effect: Any) -> None:
    search.search(state, seat, DECKS.get(effect.deck, effect.deck), int(effect.amount))


def _roll(state: Any, seat: int, effect: Any) -> None:
    roll(state, seat, "resource", int(effect.amount), str(effect.keep))


FACES: dict[str, Callable[[Any, int, Any], None]] = {
    "gain": _gain,
    "experience": _experience,
    "search": _search,
    "resource-dice": _roll,
}
"""What a die face of each effect kind does (content check: board.yaml's faces)."""


def resolve(state: Any, seat: int, die: str, name: str) -> None:
    """Resolve the face *name* of *die* for *seat* (§5.13.2, §5.13.3; optional rule 3)."""
    effect = face_effect(state, die, name)
    if effect.kind not in FACES:  # the board data's vocabulary offers more than dice print
        raise ValueError(f"a die face of kind {effect.kind!r} is not one the map game rolls")
    FACES[effect.kind](state, seat, effect)


@dataclass
class DiceStep(Step[Any]):
    """*seat* rolls ``count`` *die* dice (CHANCE, one at a time; ``rerolling``: the index of
    the die being rolled again), then keeps one result or all, a reroll first if it may."""

    kind = "dice"
    rule = RULE_DICE
    public_kinds = None  # dice, morale tokens and the choice are open
    seat: int = 0
    die: str = "resource"
    count: int = 1
    keep: str = "one"
    faces: list[str] = dataclasses.field(default_factory=list)
    rerolling: int = -1

    def __post_init__(self) -> None:
        if self.die not in DICE or self.keep not in KEEPS:
            raise ValueError(f"die one of {DICE}, keep one of {KEEPS}")

    def _rolling(self) -> bool:
        return len(self.faces) < self.count or self.rerolling >= 0

    def actor(self, state: Any) -> int:
        if self._rolling():
            return CHANCE
        if self.keep == "one" and len(self.faces) > 1:
            return self.seat
        if effects.reroll_sources(state, self.seat, self.die):
            return self.seat
        return AUTO

    def chance(self, state: Any) -> Sequence[tuple[Action, float]]:
        return [
            (Action.of("roll", die=self.die, face=name), p) for name, p in outcomes(state, self.die)
        ]

    def candidates(self, state: Any, seat: int) -> list[Action]:
        keeps = (
            [Action.of("keep", face=name) for name in dict.fromkeys(self.faces)]
            if self.keep == "one"
            else [Action.of("keep-all")]
        )
        sources = effects.reroll_sources(state, seat, self.die)
        rerolls = [
            Action.of("reroll", die=index, by=source)
            for index in range(len(self.faces))
            for source in sources
        ]
        return [*keeps, *rerolls]

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seat or self._rolling():
            return []
        return super().legal(state, seat)

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} rolled these dice")
        if action.kind == "reroll":
            if action.get("die") not in range(len(self.faces)):
                return (RULE_REROLL, f"reroll one of the dice 0..{len(self.faces) - 1}")
            return reroll_refusal(state, seat, self.die, str(action.get("by")))
        if action.kind == "keep" and self.keep == "one":
            if action.get("face") not in self.faces:
                return (self.rule, f"keep one of the results rolled: {', '.join(self.faces)}")
            return None
        if action.kind == "keep-all" and self.keep == "all":
            return None
        word = "keep face=NAME" if self.keep == "one" else "keep-all"
        return (self.rule, f"{word}, or reroll die=N by=morale|luck|astrologers")

    def apply(self, state: Any, action: Action, seat: int) -> None:
        if action.kind == "roll":
            face = action.str_param("face")
            if self.rerolling >= 0:
                self.faces[self.rerolling], self.rerolling = face, -1
            else:
                self.faces.append(face)
            state.events.append("die-rolled", {"seat": self.seat, "die": self.die, "face": face})
            return
        if action.kind == "reroll":
            effects.spend_reroll(state, seat, self.die, action.str_param("by"))
            self.rerolling = action.int_param("die")
            return
        self._finish(state, [action.str_param("face")] if action.kind == "keep" else self.faces)

    def run(self, state: Any) -> None:
        self._finish(state, self.faces if self.keep == "all" else self.faces[:1])

    def _finish(self, state: Any, kept: list[str]) -> None:
        """Pop the step and resolve the kept faces (pushed steps resolve in the kept order)."""
        state.flow.pop()
        for name in reversed(kept):
            resolve(state, self.seat, self.die, name)
