"""A wilds combat as a procedure (spec §5.8, rulebook p.26): the card's combat ability (its die,
if it rolls one), the hero's wild dice with their rerolls, the player's assignment of the dice,
the blows. The rules of each part are in wilds.py and wild_dice.py; these steps ask the player
and the dice, and finish with the typed :class:`~.wilds.WildsResult`.

The hero is the state's ``epic.fighters[0]``, the encounter card ``epic.fighters[1]`` (kind
``encounter``: a beast, or an ally not loyal to the hero's faction).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.subgame import finish
from rulekeeper.games.eternia.combat.abilities import held_abilities
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.combat.roll import RollStep
from rulekeeper.games.eternia.combat.wilds import (
    Assignment,
    Foe,
    assignments,
    check_assignment,
    foe_of,
    resolve,
)
from rulekeeper.games.eternia.content.dice import WILD_FACES
from rulekeeper.games.eternia.content.effects import ExtraDice, Reroll, RollBonus, StatBonus

__all__ = ["AssignStep", "WildsCombat", "hero_dice", "the_foe"]

RULE = "spec §5.8 step 2 (rulebook p.26): dice are assigned, not successes"
STAGES = ("ability", "roll", "assign", "done")


def card_of(state: CombatState) -> Any:
    """The encounter card fought (a beast or an ally of the encounter deck)."""
    name = state.epic.fighters[1].name
    return state.pack.beasts.get(name) or state.pack.allies[name]


def the_foe(state: CombatState, ability_face: str) -> Foe:
    """The foe as fought: its card's values, its ability's bonus if its die succeeded."""
    return foe_of(card_of(state), ability_face or None)


def _hero_effects(state: CombatState) -> list[Any]:
    """The hero's effects that act in a wilds combat: its passive's and its held cards'."""
    fighter = state.epic.fighters[0]
    hero = state.pack.heroes[fighter.name]
    abilities = [hero.passive]
    for card in fighter.held:
        abilities.extend(held_abilities(state, card))
    found = [e for a in abilities if a.when in ("held", "wilds-roll") for e in a.effects]
    boons = [e for c in fighter.boons for a in state.pack.spells[c].effects for e in a.effects]
    return found + [e for e in boons if e.kind in ("extra-dice", "reroll")]


def hero_dice(state: CombatState) -> tuple[int, int]:
    """(dice, free rerolls): the hero's Body with its bonuses and extra dice, and the dice its
    abilities let it roll again (spec §5.8 step 1)."""
    fighter = state.epic.fighters[0]
    dice = state.pack.heroes[fighter.name].body
    free = 0
    for effect in _hero_effects(state):
        body = isinstance(effect, StatBonus) and effect.stat == "body"
        if body or isinstance(effect, ExtraDice):
            dice += effect.amount
        elif isinstance(effect, Reroll):
            free += effect.amount
    return dice, free


def _faces(result: JsonObject) -> list[str]:
    counts = [int(result[face]) for face in WILD_FACES]  # type: ignore[arg-type]
    return [face for face, count in zip(WILD_FACES, counts, strict=True) for _ in range(count)]


@dataclass
class WildsCombat(Step[CombatState]):
    """The root of a wilds combat: ``stage`` next; ``ability`` the face of the card's ability
    die ("" none); ``faces`` the hero's dice as they stand."""

    kind = "wilds"
    rule = "spec §5.8 (rulebook p.26)"

    stage: str = "ability"
    ability: str = ""
    faces: list[str] = field(default_factory=list)
    assigned: list[list[str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage is one of {', '.join(STAGES)}")

    def run(self, state: CombatState) -> None:
        if self.stage == "ability":
            self.stage = "roll"
            ability = card_of(state).combat_ability
            if ability is not None and any(isinstance(e, RollBonus) for e in ability.effects):
                state.flow.push(RollStep(side=1, purpose="ability", dice=1, rerolls=False))
                return
        if self.stage == "roll":
            self.stage = "assign"
            dice, free = hero_dice(state)
            state.flow.push(RollStep(side=0, purpose="wilds", dice=dice, free=free))
            return
        if self.stage == "assign":
            self.stage = "done"
            state.flow.push(AssignStep())
            return
        assignment = Assignment(*(tuple(part) for part in self.assigned))
        fighters = state.epic.fighters
        result = resolve(the_foe(state, self.ability), fighters[0].hp, assignment)
        fighters[0].damage += result.hero_damage
        fighters[1].damage += result.foe_damage
        state.events.append(
            "wilds", {"foe_damage": result.foe_damage, "hero_damage": result.hero_damage}
        )
        finish(state, result)

    def resume(self, state: CombatState, result: JsonObject) -> None:
        purpose = result.get("purpose")
        if purpose == "ability":
            faces = _faces(result)
            self.ability = faces[0] if faces else "blank"
        elif purpose == "wilds":
            self.faces = _faces(result)
        else:
            self.assigned = [list(result[stat]) for stat in ("defense", "attack", "health")]  # type: ignore[arg-type]


def _sorted(action: Action, stat: str) -> list[str]:
    """The faces an ``assign`` action gives *stat*, in canonical order."""
    value = action.get(stat)
    faces = [str(face) for face in value] if isinstance(value, tuple) else []
    return sorted(faces, key=WILD_FACES.index)


def _action(assignment: Assignment) -> Action:
    return Action.of(
        "assign",
        defense=list(assignment.defense),
        attack=list(assignment.attack),
        health=list(assignment.health),
    )


@dataclass
class AssignStep(Step[CombatState]):
    """Step 2: the player gives each die to Defense, Attack or HP of the foe."""

    kind = "assign"
    rule = RULE
    public_kinds = None

    def _root(self, state: CombatState) -> WildsCombat:
        root = state.flow.find(WildsCombat)
        assert root is not None
        return root

    def actor(self, state: CombatState) -> int:
        return state.seat_of(0)

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        root = self._root(state)
        return [_action(a) for a in assignments(root.faces, the_foe(state, root.ability))]

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        if seat != state.seat_of(0):
            return (RULE, "the hero's player assigns the dice")
        if action.kind != "assign":
            return (RULE, "assign the dice: assign defense=[..] attack=[..] health=[..]")
        root = self._root(state)
        parts = [action.get(stat) for stat in ("defense", "attack", "health")]
        if not all(isinstance(p, tuple) and all(f in WILD_FACES for f in p) for p in parts):
            return (RULE, "each stat takes a list of faces")
        assignment = Assignment(
            *(tuple(_sorted(action, s)) for s in ("defense", "attack", "health"))
        )
        problem = check_assignment(root.faces, the_foe(state, root.ability), assignment)
        return None if problem is None else (RULE, problem)

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        stats: JsonObject = {s: _sorted(action, s) for s in ("defense", "attack", "health")}
        state.events.append("assigned", stats)
        state.flow.finish(state, stats)
