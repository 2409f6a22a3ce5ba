"""An epic combat's frame (spec §5.6.2–§5.6.4, §5.6.6): the weapons (step 1), the start of
each round (step 2), the epic die against a beast (step 3), the grid (step 3), the
activations (step 4), the totals and attacks (steps 5–6), the defeated (step 7), fleeing
(step 8), the second round or the end (step 9) and the cleanup (step 10).

:class:`EpicCombat` is the root: automatic, it pushes each stage's step and resumes when it
finishes; it ends with an :class:`~.result.EpicResult` (core/subgame.py ``finish``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated

from rulekeeper.core.actions import Action
from rulekeeper.core.dice import Die, roll_outcome_actions
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Bounds
from rulekeeper.core.state import CHANCE
from rulekeeper.core.subgame import finish
from rulekeeper.games.eternia.combat.abilities import TIMING, passives, use
from rulekeeper.games.eternia.combat.activation import ActivationStep, reveal
from rulekeeper.games.eternia.combat.draws import GridStep
from rulekeeper.games.eternia.combat.enemy import (
    BattleStep,
    EnemyStep,
    flee_cost,
    return_battle_cards,
)
from rulekeeper.games.eternia.combat.foes import beast_card
from rulekeeper.games.eternia.combat.outcome import ending
from rulekeeper.games.eternia.combat.power import PowerStep
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.combat.resolution import resolve
from rulekeeper.games.eternia.content.dice import EpicFace
from rulekeeper.games.eternia.content.effects import Ability

__all__ = ["EpicCombat", "EpicDieStep", "FleeStep", "WeaponStep", "face_label", "stop_at_defeat"]

WEAPONS = "spec §5.6.3 step 1 (rulebook p.18)"
FLEE = "spec §5.6.3 step 8 (rulebook p.20)"
FLEE_SOLO = "against the game the difficulty's cost, spec §5.17.2, §9.1 (rulebook p.31)"
AVOID = "spec §5.5 (rulebook p.17): an ability lets its hero refuse the combat"
FLEE_COST = 2
Side = Annotated[int, Bounds(0, 1)]
STAGES = ("weapons", "battle", "start", "die", "grid", "activate", "resolve", "flee", "next", "end")


def face_label(face: EpicFace) -> str:
    """An epic die face as text: ``attack+2`` or ``momentum``."""
    return "momentum" if face.momentum else f"{face.zone}+{face.amount}"


def epic_die(state: CombatState) -> Die:
    """The epic die of the content pack (spec §2.2; faces provisional, §9.10)."""
    faces = tuple(face_label(face) for face in state.pack.dice.epic_die.faces)
    return Die("epic", faces)


def avoids(state: CombatState, side: int) -> bool:
    """Whether *side*'s hero has an ability that refuses a combat another started."""
    fighter = state.epic.fighters[side]
    if side == 0 or fighter.kind != "hero":
        return False
    passive = state.pack.heroes[fighter.name].passive
    return any(effect.kind == "avoid-combat" for effect in passive.effects)


@dataclass
class WeaponStep(Step[CombatState]):
    """Step 1: *side* chooses one of its hero's two weapons for the whole combat (a defender
    whose ability allows it may refuse the combat instead: ``avoid``)."""

    kind = "weapon"
    rule = WEAPONS
    public_kinds = None

    side: Side

    def actor(self, state: CombatState) -> int:
        return state.seat_of(self.side)

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        yield Action.of("weapon", index=0)
        yield Action.of("weapon", index=1)
        yield Action.of("avoid")

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        if seat != state.seat_of(self.side):
            return (WEAPONS, "the other player is choosing a weapon")
        if action.kind == "avoid":
            return None if avoids(state, self.side) else (AVOID, "no ability to refuse it")
        if action.kind != "weapon" or action.get("index") not in (0, 1):
            return (WEAPONS, "choose weapon 0 or 1 of the hero card")
        return None

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        if action.kind == "avoid":
            state.events.append("avoided", {"side": self.side})
            state.flow.finish(state, {"stage": "avoided"})
            return
        state.epic.fighters[self.side].weapon = action.int_param("index")
        state.events.append("weapon", {"side": self.side, "index": action.int_param("index")})
        state.flow.finish(state, {"stage": "weapon"})


@dataclass
class EpicDieStep(Step[CombatState]):
    """Step 3 against a beast: the epic die is rolled for the beast (CHANCE)."""

    kind = "epic-die"
    rule = "spec §5.6.4 step 3 (rulebook p.21)"

    def actor(self, state: CombatState) -> int:
        return CHANCE

    def chance(self, state: CombatState) -> Sequence[tuple[Action, float]]:
        return roll_outcome_actions(epic_die(state))

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        face = action.str_param("face")
        state.epic.fighters[1].epic = [face]
        state.events.append("epic-die", {"face": face})
        state.flow.finish(state, {"stage": "die"})


@dataclass
class FleeStep(Step[CombatState]):
    """Step 8: the active player may flee (2 Eternium, the solo difficulty's against an enemy
    hero; to an adjacent area without enemies)."""

    kind = "flee"
    rule = FLEE
    public_kinds = None

    def actor(self, state: CombatState) -> int:
        return state.seat_of(0)

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        return (Action.of("flee"), Action.of("stay"))

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        if seat != state.seat_of(0):
            return (FLEE, "only the active player may flee; the defender never can")
        if action.kind == "stay":
            return None
        if action.kind != "flee":
            return (FLEE, "flee or stay")
        if not state.epic.can_flee:
            return (FLEE, "no adjacent area without enemy miniatures")
        cost = flee_cost(state, FLEE_COST)
        if state.epic.eternium[0] < cost:
            return (FLEE, f"fleeing costs {cost} Eternium; the team has {state.epic.eternium[0]}")
        return None

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        fled = action.kind == "flee"
        if fled:
            cost = flee_cost(state, FLEE_COST)
            state.epic.eternium[0] -= cost
            state.epic.spent[0] += cost
            rule = FLEE if state.epic.solo is None else f"{FLEE}; {FLEE_SOLO}"
            state.events.append("fled", {"side": 0, "cost": cost, "rule": rule})
        state.flow.finish(state, {"stage": "fled" if fled else "stayed"})


def may_flee(state: CombatState) -> bool:
    """Whether step 8 is offered: round 1, nobody defeated, a second round to come."""
    epic = state.epic
    if epic.round != 1 or not all(f.alive for f in epic.fighters):
        return False
    return not (epic.options.faster and epic.fighters[1].kind == "hero")


def last_round(state: CombatState) -> bool:
    """Whether this round is the combat's last: round 2, or Faster Combat's only round."""
    epic = state.epic
    faster = epic.options.faster and epic.fighters[1].kind == "hero"
    return epic.round == 2 or faster


def end_round(state: CombatState) -> None:
    """Step 9 between rounds: the played cards are discarded, the round's effects end."""
    epic = state.epic
    for fighter in epic.fighters:
        fighter.discard.extend(placed.card for placed in fighter.grid)
        fighter.discard.extend(fighter.beside)
        fighter.grid.clear()
        fighter.beside.clear()
        fighter.placed = 0
        fighter.last_zone = ""
        fighter.done = fighter.kind != "hero"
        fighter.epic = []
    if epic.solo is not None and epic.solo.battle:  # each round a new battle card (§5.17.3)
        epic.solo.used.append(epic.solo.battle)
        epic.solo.battle = ""
    if epic.solo is not None:
        epic.solo.acted = False
    TIMING.expire(epic.effects, "round")
    epic.passed = [False, state.seat_of(1) < 0]
    epic.focuses = [0, 0]
    epic.round += 1


def cleanup(state: CombatState) -> None:
    """Step 10: each player shuffles all its combat cards back into its deck."""
    for fighter in state.epic.fighters:
        if fighter.kind != "hero":
            continue
        fighter.deck.extend(
            [
                *fighter.hand,
                *fighter.down,
                *(placed.card for placed in fighter.grid),
                *fighter.beside,
                *fighter.focus,
                *fighter.discard,
            ]
        )
        for pile in (fighter.hand, fighter.down, fighter.down_zones, fighter.beside):
            pile.clear()
        fighter.down_blank.clear()
        fighter.grid.clear()
        fighter.focus.clear()
        fighter.discard.clear()
        state.rng.shuffle(fighter.deck)
    if state.epic.solo is not None and state.epic.fighters[1].kind == "enemy":
        return_battle_cards(state)
        state.epic.solo.drawn.clear()
        state.epic.solo.acted = False
    TIMING.expire(state.epic.effects, "combat")


def stop_at_defeat(state: CombatState) -> None:
    """A fighter at 0 HP ends the step under way at once: step 7 follows (spec §5.6.3)."""
    root = state.flow.find(EpicCombat)
    if root is None or all(f.alive for f in state.epic.fighters):
        return
    steps = state.flow.steps
    while steps[-1] is not root:
        steps.pop()
    root.stage = "flee"


@dataclass
class EpicCombat(Step[CombatState]):
    """The root of an epic combat: ``stage`` is what comes next."""

    kind = "epic-combat"
    rule = "spec §5.6.2 (rulebook p.18)"

    stage: str = "weapons"
    weapons: Annotated[int, Bounds(0, 2)] = 0
    """Weapons chosen so far (step 1)."""
    ending: str = ""
    """Set when the combat ends early: ``fled`` or ``avoided``."""

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage is one of {', '.join(STAGES)}")

    def run(self, state: CombatState) -> None:
        epic = state.epic
        fighters = epic.fighters
        if self.stage == "weapons":
            heroes = [side for side in (0, 1) if fighters[side].kind == "hero"]
            if self.weapons < len(heroes):
                state.flow.push(WeaponStep(side=heroes[self.weapons]))
                return
            self.stage = "battle"
        if self.stage == "battle":  # an enemy hero's battle card, each round (§5.17.3)
            self.stage = "start"
            if fighters[1].kind == "enemy" and epic.solo is not None and not epic.solo.battle:
                state.flow.push(BattleStep())
                return
        if self.stage == "start":  # step 2, each round: the active side first
            self.stage = "die" if fighters[1].kind == "beast" else "grid"
            for side in (1, 0):  # pushed in reverse: side 0's effects come first
                for ability, source in reversed(_starting(state, side)):
                    use(state, side, ability, source)
            return
        if self.stage == "die":
            self.stage = "grid"
            state.flow.push(EpicDieStep())
            return
        if self.stage == "grid":
            self.stage = "activate"
            state.flow.push(GridStep(turn=0))
            return
        if self.stage == "activate":
            self.stage = "resolve"
            reveal(state)
            state.flow.push(ActivationStep(turn=0))
            return
        if self.stage == "resolve":
            if fighters[1].kind == "enemy" and epic.solo is not None and not epic.solo.acted:
                state.flow.push(EnemyStep())  # after the player's step 4 (§5.17.3)
                return
            faces = fighters[1].epic
            if "momentum" in faces:  # §5.6.4 step 4: the beast's momentum, after both passed
                faces[faces.index("momentum")] = "momentum-used"
                beast = beast_card(state.pack, fighters[1].name)
                use(state, 1, beast.momentum, beast.id)
                return
            self.stage = "flee"
            if epic.options.dice_of_power:
                state.flow.push(PowerStep())
            else:
                resolve(state)
            return
        if self.stage == "flee":
            if may_flee(state):
                self.stage = "next"
                state.flow.push(FleeStep())
                return
            self.stage = "next"
        if self.stage == "next":
            if all(f.alive for f in fighters) and not last_round(state):
                end_round(state)
                self.stage = "battle"
                return
            self.stage = "end"
        self._end(state)

    def _end(self, state: CombatState) -> None:
        cleanup(state)
        finish(state, ending(state, self.ending))

    def resume(self, state: CombatState, result: JsonObject) -> None:
        stage = result.get("stage")
        if stage == "weapon":
            self.weapons += 1
        elif stage in ("fled", "avoided"):
            self.ending = str(stage)
            self.stage = "end"


def _starting(state: CombatState, side: int) -> list[tuple[Ability, str]]:
    """*side*'s abilities at the start of the round (step 2), refusing a combat aside."""
    return [
        (ability, source)
        for ability, source in passives(state, side, "start-of-combat")
        if all(effect.kind != "avoid-combat" for effect in ability.effects)
    ]
