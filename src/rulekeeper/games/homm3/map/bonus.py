"""The Starting Bonus (homm3.md §3 step 16, §5.23, §8.30, §5.25 rule 8).

Before round 1 each player, in turn order, takes one of the Starting Bonus options of the
game's difficulty (content/board.yaml ``starting_bonus``): Easy, roll 2 Resource dice and gain
both or Search (2) the Artifact deck twice; Normal, roll 2 and gain one of them or Search (2)
once; Hard, roll 1 and gain it or reveal Artifact cards from the top until a Minor one, taken
into the hand (the others discarded); Impossible, nothing. Under optional rule 8 nobody gets a
bonus. The dice are rolled as every die of the map is (dice.py: chance steps, the kept result,
optional rule 3). Afterwards the Artifact deck is shuffled together with its discard pile and
its top card turned up as the new discard pile (§8.30). Then the players turn their Starting
tiles (§3 step 21, setup.py ``StartRotationStep``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import dice, search, setup

__all__ = [
    "HANDLERS",
    "BonusChoiceStep",
    "StartingBonusStep",
    "find_artifact",
    "reshuffle_artifacts",
]

RULE_BONUS = "homm3.md §5.23 Starting Bonus (rulebook p. 35), §3 step 16"
RULE_RESHUFFLE = "homm3.md §8.30 (the Artifact deck reshuffled after the Starting Bonus)"
DECKS = {"artifacts": "artifact", "abilities": "ability", "spells": "spell"}
"""board.yaml's deck names -> the state's shared decks."""


def options(state: Any) -> tuple[Any, ...]:
    """The Starting Bonus options of the game's difficulty (none under optional rule 8)."""
    if state.option("no-starting-bonus"):
        return ()
    found = state.game.pack.board.bonuses.get(state.difficulty)
    return () if found is None else tuple(found.one_of)


@dataclass
class StartingBonusStep(Step[Any]):
    """Each seat's Starting Bonus in turn order, then the Artifact deck reshuffled and the
    Starting tiles turned (§3 step 21; automatic); ``done``: the seats served so far."""

    kind = "starting-bonus"
    rule = RULE_BONUS
    done: int = 0

    def run(self, state: Any) -> None:
        offered = options(state)
        if offered and self.done < len(state.order):
            seat = state.order[self.done]
            self.done += 1
            state.flow.push(BonusChoiceStep(seat=seat))
            return
        state.flow.pop()
        reshuffle_artifacts(state)
        rotating = setup.rotation_step(state)  # §3 step 21 follows step 16
        if rotating is not None:
            state.flow.push(rotating)


@dataclass
class BonusChoiceStep(Step[Any]):
    """*seat* takes one of the difficulty's Starting Bonus options: ``bonus option=N``."""

    kind = "bonus-choice"
    rule = RULE_BONUS
    public_kinds = frozenset({"bonus"})
    seat: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [Action.of("bonus", option=index) for index in range(len(options(state)))]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        count = len(options(state))
        if action.kind != "bonus" or action.get("option") not in range(count):
            return (self.rule, f"take one of the {count} options: bonus option=0..{count - 1}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        chosen = options(state)[action.int_param("option")]
        state.events.append("starting-bonus", {"seat": self.seat, "option": action.get("option")})
        for effect in reversed(chosen.effects):  # pushed last first: resolved in order
            take(state, self.seat, effect)


def _dice(state: Any, seat: int, effect: Any) -> None:
    dice.roll(state, seat, "resource", int(effect.amount or 1), effect.keep or "all")


def _search(state: Any, seat: int, effect: Any) -> None:
    deck = DECKS.get(effect.deck or "", effect.deck or "")
    search.search(state, seat, deck, int(effect.amount or 2), int(effect.times))


def _find(state: Any, seat: int, effect: Any) -> None:
    find_artifact(state, seat, effect.grade or "minor")


HANDLERS: dict[str, Callable[[Any, int, Any], None]] = {
    "resource-dice": _dice,
    "search": _search,
    "find-artifact": _find,
}
"""What a Starting Bonus effect of each kind does (content check: board.yaml's bonuses)."""


def take(state: Any, seat: int, effect: Any) -> None:
    """Start *seat*'s bonus effect: dice, Searches, or the hunt for a Minor Artifact."""
    if effect.kind not in HANDLERS:
        raise ValueError(f"a Starting Bonus effect of kind {effect.kind!r} is not known")
    HANDLERS[effect.kind](state, seat, effect)


def find_artifact(state: Any, seat: int, grade: str) -> str:
    """Reveal Artifact cards from the top until one of *grade*; *seat* takes it (the others go
    to the discard pile). Return it ("" when none is left)."""
    pile, discard = state.decks["artifact"], state.discards["artifact"]
    artifacts = state.game.pack.artifacts
    shown: list[str] = []
    found = ""
    while pile:
        card = pile.pop()
        if artifacts[card].grade == grade:
            found = card
            break
        shown.append(card)
    discard.extend(shown)
    state.events.append("artifacts-revealed", {"seat": seat, "cards": shown})
    if found:
        state.events.append("artifact-found", {"seat": seat, "card": found})
        search.gain_card(state, seat, found)
    return found


def reshuffle_artifacts(state: Any) -> None:
    """§8.30: the Artifact deck and its discard pile shuffled together, one card turned up."""
    pile, discard = state.decks["artifact"], state.discards["artifact"]
    pile.extend(discard)
    discard.clear()
    state.rng.shuffle(pile)
    if pile:
        discard.append(pile.pop())
    state.events.append("deck-reshuffled", {"deck": "artifact", "rule": RULE_RESHUFFLE})
