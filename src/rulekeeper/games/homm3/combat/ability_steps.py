"""Steps unit abilities push in the middle of an attack (content/abilities.py): a new Attack
die rolled for an effect (``paralyse-retaliating-on-roll``, ``push-on-roll``), the target
pushed one field by its owner, and the attacks an ability adds (``splash`` on a unit next to
the target, chosen by the attacker; ``line-attack`` on the unit behind the target). They resolve
before the target's retaliation (research/homm3/unit_abilities.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import AUTO, CHANCE, Action, Step
from rulekeeper.core.dice import roll_outcome_actions
from rulekeeper.games.homm3.combat import board, by_kind
from rulekeeper.games.homm3.combat.damage import heal, paralyse
from rulekeeper.games.homm3.combat.model import ATTACK_DIE
from rulekeeper.games.homm3.combat.neutral_ai import deciding
from rulekeeper.games.homm3.combat.stats import BattleState, abilities, card

RULE = "homm3.md §5.15 special abilities; research/homm3/unit_abilities.yaml"


@dataclass
class AbilityRollStep(Step[Any]):
    """A new Attack die for ``ability`` of ``unit`` against ``target`` (CHANCE)."""

    kind = "ability-roll"
    rule = RULE
    unit: str = ""
    target: str = ""
    ability: str = ""

    def actor(self, state: Any) -> int:
        return CHANCE

    def chance(self, state: Any) -> list[tuple[Action, float]]:
        return roll_outcome_actions(ATTACK_DIE)

    def resume(self, state: Any, result: Any) -> None:
        """An added attack pushed above it finished first: nothing to take from it."""

    def apply(self, state: Any, action: Action, seat: int) -> None:
        face = action.int_param("face")
        state.events.append("rolled", {"purpose": self.ability, "face": face})
        state.flow.pop()
        battle = state.battle
        unit, target = battle.units[self.unit], battle.units[self.target]
        if not any(face in (a.faces or ()) for a in abilities(state, unit, self.ability)):
            return
        if self.ability == "paralyse-retaliating-on-roll":
            paralyse(state, target, self.ability)
        elif self.ability == "push-on-roll" and push_fields(state, target, unit):
            state.flow.push(PushStep(unit=target.id, away_from=unit.id))


def push_fields(state: BattleState, target: Any, pusher: Any) -> list[int]:
    """Empty fields next to *target* and not next to *pusher*."""
    battle = state.battle
    if target.field < 0 or target.destroyed:
        return []
    return [
        near
        for near in board.NEAR[target.field]
        if battle.at(near) is None
        and battle.obstacle_at(near) is None
        and (pusher.field < 0 or near not in board.NEAR[pusher.field])
        and near != pusher.field
    ]


@dataclass
class PushStep(Step[Any]):
    """The pushed unit's owner picks where it goes (``push to=F``)."""

    kind = "push"
    rule = RULE
    unit: str = ""
    away_from: str = ""

    def actor(self, state: Any) -> int:
        seat = state.battle.armies[state.battle.units[self.unit].side].seat
        return deciding(state, int(seat))

    def check(self, state: Any, above: Step[Any] | None) -> str | None:
        """The pushed unit and its pusher are units of the battle."""
        for name in (self.unit, self.away_from):
            if name not in state.battle.units:
                return f"{name!r} is not a unit of the battle"
        return None

    def legal(self, state: Any, seat: int) -> list[Action]:
        battle = state.battle
        target, pusher = battle.units[self.unit], battle.units[self.away_from]
        return [Action.of("push", to=board.name(f)) for f in push_fields(state, target, pusher)]

    def pointless(self, state: Any) -> bool:
        return not self.legal(state, 0)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        unit = state.battle.units[self.unit]
        there = board.NAMES[action.str_param("to")]
        state.events.append("pushed", {"unit": unit.id, "from": unit.field, "to": there})
        unit.field = there
        state.flow.pop()


@dataclass
class SplashStep(Step[Any]):
    """``splash``: the attacker's controller picks a unit next to the target (either side) for
    an added attack at the ability's Attack (``splash unit=U``)."""

    kind = "splash"
    rule = RULE
    unit: str = ""
    around: int = 0
    """The field the first target stood on."""
    attack: int = 2

    def candidates_of(self, state: Any) -> list[Any]:
        battle = state.battle
        found = []
        for near in board.NEAR.get(self.around, ()):
            other = battle.at(near)
            if other is not None and other.id != self.unit:
                found.append(other)
        return found

    def actor(self, state: Any) -> int:
        seat = state.battle.armies[state.battle.units[self.unit].side].seat
        return deciding(state, int(seat))

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("splash", unit=u.id) for u in self.candidates_of(state)]

    def pointless(self, state: Any) -> bool:
        return not self.candidates_of(state)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        added_attack(state, self.unit, action.str_param("unit"), self.attack)


def added_attack(state: Any, attacker: str, target: str, attack: int) -> None:
    """Push an attack an ability adds: its own Attack, no retaliation, no attack abilities."""
    by_kind.push(
        state,
        by_kind.ATTACK,
        attacker=attacker,
        target=target,
        attack_kind="splash",
        fixed_attack=attack,
    )


def behind(state: BattleState, attacker: Any, where: int) -> Any:
    """The unit directly behind the field *where*, in line from *attacker* (``line-attack``)."""
    if attacker.field < 0 or where < 0:
        return None
    (ar, ac), (tr, tc) = board.field_at(attacker.field), board.field_at(where)
    if ar != tr and ac != tc:
        return None
    step = ((tr > ar) - (tr < ar), (tc > ac) - (tc < ac))
    row, column = tr + step[0], tc + step[1]
    if not (0 <= row < board.ROWS and 0 <= column < board.COLUMNS):
        return None
    return state.battle.at(board.index((row, column)))


@dataclass
class HealStep(Step[Any]):
    """``heal-or-bless``: the unit's controller picks the damaged friendly unit to heal."""

    kind = "heal-friend"
    rule = RULE
    unit: str = ""
    amount: int = 2

    def hurt(self, state: Any) -> list[Any]:
        unit = state.battle.units[self.unit]
        return [u for u in state.battle.on_board(unit.side) if u.damage and u is not unit]

    def actor(self, state: Any) -> int:
        seat = state.battle.armies[state.battle.units[self.unit].side].seat
        if len(self.hurt(state)) <= 1:
            return AUTO
        return deciding(state, int(seat))

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("heal", unit=u.id) for u in self.hurt(state)]

    def run(self, state: Any) -> None:
        found = self.hurt(state)
        if found:
            self.apply(state, Action.of("heal", unit=found[0].id), AUTO)
        else:
            state.flow.pop()

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        heal(state, state.battle.units[action.str_param("unit")], self.amount, "heal-or-bless")


@dataclass
class ReinforceStep(Step[Any]):
    """``necromancy-reinforce``: neutral Skeletons destroyed by a Necropolis hero's side let
    that side flip one of its own Bronze units from Few to Pack for free, its damage moving to
    the Pack side (``reinforce unit=U``, or ``pass``)."""

    kind = "free-reinforce"
    rule = RULE
    side: int = 0

    def resume(self, state: Any, result: Any) -> None:
        """An attack pushed above it (an added one, a retaliation) finished first."""

    def eligible(self, state: Any) -> list[Any]:
        battle = state.battle
        return [
            battle.units[uid]
            for uid in battle.armies[self.side].units
            if not battle.units[uid].destroyed
            and battle.units[uid].face == "few"
            and card(state, battle.units[uid]).two_sided
            and card(state, battle.units[uid]).tier == "bronze"
        ]

    def actor(self, state: Any) -> int:
        seat = state.battle.armies[self.side].seat
        return deciding(state, int(seat))

    def pointless(self, state: Any) -> bool:
        return not self.eligible(state)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("reinforce", unit=u.id) for u in self.eligible(state)] + [
            Action.of("pass")
        ]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action.kind == "reinforce":
            unit = state.battle.units[action.str_param("unit")]
            unit.face = "pack"
            state.events.append("reinforced", {"unit": unit.id, "cause": "necromancy-reinforce"})
