"""A unit's activation (homm3.md §5.18.6 steps 2–3, §5.18.5 Defense and Paralysis tokens,
§5.20 surrender and flight).

At its start the unit discards its Defense token (and may not Defend this activation) and a
paralysed unit discards its Paralysis token instead of acting; activation abilities resolve.
Then its controller moves it (optional), attacks (optional; a ranged unit only before moving,
then it may still move 1), Defends instead of attacking, breaks a Wall or the Gate, or ends the
activation. A neutral unit must attack the hero's units when it can and otherwise close in
(§5.18.3); units driven by the rules follow neutral_ai.py, a tie left to the player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.games.homm3.combat import (
    ai_hero,
    board,
    by_kind,
    cards,
    free_actions,
    movement,
    neutral_ai,
    targets,
)
from rulekeeper.games.homm3.combat import unit_abilities as abilities
from rulekeeper.games.homm3.combat.attack import AttackStep, InstantWindow, battle_decided
from rulekeeper.games.homm3.combat.model import AI, OFF_BOARD, Unit
from rulekeeper.games.homm3.combat.retreat import escape_barred, may_retreat
from rulekeeper.games.homm3.combat.stats import BattleState, has, is_ranged
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING

RULE = "homm3.md §5.18.6 step 2 (rulebook p. 31)"
RULE_DEFEND = "homm3.md §5.18.5 Defense token (rulebook p. 30)"
RULE_NEUTRAL = "homm3.md §5.18.3 neutral behaviour (rulebook p. 29)"
RULE_SURRENDER = "homm3.md §5.20 Surrender (rulebook p. 32)"
RULE_FLEE = "homm3.md §5.20 Flee and §9.1 (option retreat=any-time)"
END = Action.of("end")
DEFEND = Action.of("defend")
SURRENDER = Action.of("surrender")
FLEE = Action.of("flee")
SURRENDER_GOLD = 10
"""Gold paid to the enemy hero on surrender (homm3.md §9.5)."""


@dataclass
class ActivationStep(Step[Any]):
    """The activation of ``unit`` (a unit id)."""

    kind = "activation"
    rule = RULE

    unit: str
    started: bool = False
    moved: bool = False
    attacked: bool = False
    origin: int = OFF_BOARD
    """Where the unit began its activation (``return-after-attack`` goes back there)."""
    no_defend: bool = False
    """It discarded a Defense token at its start: no Defend this activation (§5.18.5)."""

    def the_unit(self, state: BattleState) -> Unit:
        return state.battle.units[self.unit]

    def actor(self, state: BattleState) -> int:
        if not self.started:
            return AUTO
        seat = state.battle.armies[self.the_unit(state).side].seat
        if seat != AI:
            return seat
        options = neutral_ai.choices(state, self)
        return AUTO if len(options) <= 1 else neutral_ai.decider(state)

    def pointless(self, state: BattleState) -> bool:
        unit = self.the_unit(state)
        return unit.destroyed or (unit.field < 0 and unit.field != -2) or battle_decided(state)

    def run(self, state: BattleState) -> None:
        unit = self.the_unit(state)
        if not self.started:
            self.started = True
            self.origin = unit.field
            state.events.append("activation", {"unit": unit.id, "field": unit.field})
            if unit.defending:
                unit.defending = False
                self.no_defend = True
            if unit.paralysed:  # §5.18.5: skips this activation, discarding the token
                unit.paralysed = False
                state.events.append("paralysis-ends", {"unit": unit.id})
                state.flow.pop()
                return
            abilities.on_activation(state, unit)
            ai_hero.on_activation(state, unit)
            other = state.battle.armies[1 - unit.side].seat
            if other != AI:  # "at any time": the other player may respond (docs/homm3-combat.md)
                state.flow.push(InstantWindow(seats=[other]))
            return
        options = neutral_ai.choices(state, self)
        self.apply(state, options[0] if options else END, AI)

    # ---------------------------------------------------------------- the player's choices

    def candidates(self, state: BattleState, seat: int) -> Iterable[Action]:
        army = state.battle.armies[self.the_unit(state).side]
        if army.seat == AI:
            return neutral_ai.choices(state, self)
        if army.kind == "neutral":
            return neutral_ai.obliged(state, self)
        return self.options(state)

    def options(self, state: BattleState) -> list[Action]:
        """Every move, attack and other action open to the unit now, before the neutral rule."""
        unit = self.the_unit(state)
        found: list[Action] = []
        if not self.attacked:
            for uid in targets.shots(state, unit, self.moved):
                found.append(Action.of("attack", target=uid))
            for near in targets.breaches(state, unit):
                found.append(Action.of("breach", at=board.name(near)))
        if self.may_move(state, unit):
            for there in sorted(movement.destinations(state, unit)):
                found.append(Action.of("move", to=board.name(there)))
        if not self.attacked and not self.no_defend and unit.field >= 0:
            found.append(DEFEND)
        if not self.attacked:
            found += free_actions.free_actions(state, unit.side, activation=True)
        if self.may_surrender(state, unit):
            found.append(SURRENDER)
        if self.may_flee(state, unit):
            found.append(FLEE)
        found.append(END)
        return found

    def may_move(self, state: BattleState, unit: Unit) -> bool:
        if self.moved or unit.field < 0:
            return False
        return not self.attacked or is_ranged(state, unit)

    def may_surrender(self, state: BattleState, unit: Unit) -> bool:
        """§5.20: only against another player, during one of your units' activations, before
        it moves or attacks; never when defending a Town (§5.14.4, §8.48)."""
        battle = state.battle
        army, enemy = battle.armies[unit.side], battle.armies[1 - unit.side]
        if self.moved or self.attacked or army.hero is None or army.kind == "ai-hero":
            return False
        if escape_barred(state, unit.side):
            return False
        if enemy.kind not in ("hero", "secondary-hero"):
            return False
        return not (unit.side == 1 and battle.site.kind == "town")

    def may_flee(self, state: BattleState, unit: Unit) -> bool:
        return state.battle.options.get("retreat") == "any-time" and may_retreat(state, unit.side)

    def legal(self, state: BattleState, seat: int) -> list[Action]:
        """The candidates are the legal actions exactly (the refusals explain the others)."""
        return list(self.candidates(state, seat))

    def refusal(self, state: BattleState, seat: int, action: Action) -> Refusal | None:
        unit = self.the_unit(state)
        if action in self.candidates(state, seat):
            return None
        if state.battle.armies[unit.side].seat == AI:
            return (neutral_ai.RULE, f"the rules choose for {unit.id}: {action} is not among them")
        if action in self.options(state):
            return (
                RULE_NEUTRAL,
                f"{unit.id} is neutral: it must attack the hero's units, or close in",
            )
        return self._why(state, unit, action)

    def _why(self, state: BattleState, unit: Unit, action: Action) -> Refusal:
        kind = action.kind
        if kind == "move":
            if self.moved:
                return (RULE, f"{unit.id} has already moved in this activation")
            if self.attacked:
                return (RULE, f"{unit.id} has attacked: only a ranged unit moves after attacking")
            return (movement.RULE, f"{unit.id} cannot reach {action.get('to')!r}")
        if kind in ("attack", "breach"):
            if self.attacked:
                return (RULE, f"{unit.id} has already attacked in this activation")
            if self.moved and is_ranged(state, unit):
                return (targets.RULE_RANGED, "a ranged unit cannot attack after moving")
            if kind == "breach":
                return (
                    "homm3.md §5.14.4",
                    "only an adjacent ground or flying attacker breaks a wall",
                )
            shooter = "a ranged unit next to an enemy attacks only adjacent enemies"
            if is_ranged(state, unit) and targets.adjacent_enemies(state, unit):
                return (targets.RULE_RANGED, shooter)
            return (
                targets.RULE_MELEE,
                f"{action.get('target')!r} is not an enemy unit {unit.id} can attack",
            )
        if kind == "defend":
            if self.no_defend:
                return (RULE_DEFEND, f"{unit.id} discarded a Defense token this activation")
            return (RULE, "Defend is instead of attacking")
        if kind == "surrender":
            return (
                RULE_SURRENDER,
                "surrender only against another player's hero, before the unit moves or attacks,"
                " never defending a Town",
            )
        if kind == "flee":
            return (
                RULE_FLEE,
                "a hero retreats from Bronze–Gold neutrals at the end of a round"
                " (option retreat=end-of-round)",
            )
        if kind in cards.FREE_KINDS:
            return (cards.RULE, f"{action} is not a card play, spell or morale use open now")
        return (RULE, f"no {kind!r} action in an activation (move, attack, breach, defend, end)")

    # ---------------------------------------------------------------- what the actions do

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        unit = self.the_unit(state)
        kind = action.kind
        if kind in cards.FREE_KINDS:
            free_actions.take_free_action(state, unit.side, action)
        elif kind == "move":
            there = board.NAMES[action.str_param("to")]
            state.events.append("moved", {"unit": unit.id, "from": unit.field, "to": there})
            unit.field = there
            self.moved = True
        elif kind == "attack":
            step = self.attack_step(state, action.str_param("target"))
            self.attacked = True
            state.flow.push(step)
        elif kind == "breach":
            self.breach(state, unit, board.NAMES[action.str_param("at")])
        elif kind == "defend":
            unit.defending = True
            state.events.append("defends", {"unit": unit.id})
            state.flow.pop()
        elif kind == "end":
            state.flow.pop()
        elif kind == "surrender":
            state.flow.pop()
            by_kind.push(state, by_kind.END_BATTLE, ending="surrender", side=unit.side)
        elif kind == "flee":
            state.flow.pop()
            by_kind.push(state, by_kind.END_BATTLE, ending="flee", side=unit.side)
        else:  # pragma: no cover - refused before
            raise AssertionError(kind)

    def breach(self, state: BattleState, unit: Unit, there: int) -> None:
        """The unit attacks the Wall or Gate on *there*: it falls, with no die, no card window
        and no Attack Action ability (homm3.md §9.3); the unit's Attack boosts end with this
        attack, unused (§5.18.7, a reading: docs/homm3-combat.md); nothing left to do, the
        activation ends by itself."""
        battle = state.battle
        obstacle = battle.obstacle_at(there)
        assert obstacle is not None
        obstacle.intact = False
        self.attacked = True
        state.events.append(
            "breached", {"unit": unit.id, "obstacle": obstacle.kind, "field": there}
        )
        COMBAT_TIMING.expire(battle.lasting, "attack", unit.id)
        tower = battle.tower()
        if tower is not None and not any(o.intact for o in battle.obstacles):
            tower.destroyed = True
            tower.damage = 0
            state.events.append("tower-falls", {})
        if self.options(state) == [END]:
            state.flow.pop()

    def attack_step(self, state: BattleState, target_id: str) -> AttackStep:
        """The attack the unit would make on *target_id* now (its shot, §5.15, §9.2)."""
        unit = self.the_unit(state)
        target = state.battle.units[target_id]
        shot = targets.shots(state, unit, self.moved)[target.id]
        adjacent = unit.field >= 0 and target.field in board.NEAR.get(unit.field, ())
        return AttackStep(
            attacker=unit.id,
            target=target.id,
            ranged=shot.ranged,
            penalty=shot.penalty,
            walled=shot.walled,
            adjacent=adjacent,
        )

    def resume(self, state: BattleState, result: Any) -> None:
        """An attack of this unit finished: a ``return-after-attack`` unit goes back; a unit
        that cannot do anything more ends its activation."""
        unit = self.the_unit(state)
        if (
            has(state, unit, "return-after-attack")
            and unit.field >= 0
            and self.origin >= 0
            and unit.field != self.origin
            and state.battle.at(self.origin) is None
        ):
            state.events.append("moved", {"unit": unit.id, "from": unit.field, "to": self.origin})
            unit.field = self.origin
            self.moved = True
        if self.options(state) == [END]:  # nothing left to do: the activation ends
            state.flow.pop()

    def check(self, state: Any, above: Step[Any] | None) -> str | None:
        if self.unit not in state.battle.units:
            return f"no unit {self.unit!r}"
        return None
