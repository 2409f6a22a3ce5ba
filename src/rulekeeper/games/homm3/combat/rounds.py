"""The battle from start to end (homm3.md §5.18.1–5.18.6, §5.19, §5.20, §9.1).

:class:`BattleStep` is the root of the battle's procedure: Quick Combat, deployment, combat
rounds until one side has no unit on the board, then the end (result.py). A
:class:`RoundStep` activates the units in order (order.py); at its end the activation and
retaliation marks go, and against Bronze–Gold neutrals the hero pays 1 MP to fight another
round or retreats (:class:`LimitStep`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.games.homm3.combat import order, result, unit_abilities
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.attack import battle_decided
from rulekeeper.games.homm3.combat.deployment import DeployStep, GateStep, PlaceNeutralsStep
from rulekeeper.games.homm3.combat.model import AI, ATTACKER, DEFENDER, ENDINGS
from rulekeeper.games.homm3.combat.neutral_ai import deciding
from rulekeeper.games.homm3.combat.retreat import limited
from rulekeeper.games.homm3.combat.spells import StartWindow
from rulekeeper.games.homm3.combat.stats import BattleState, initiative
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING

RULE_LIMIT = "homm3.md §5.18.2 duration and §9.1 retreat (rulebook p. 29)"
RULE_QUICK = "homm3.md §5.19.2 Quick Combat (rulebook p. 32)"
STAGES = ("start", "deploy", "fight", "over")
EXTEND = Action.of("extend")
RETREAT = Action.of("retreat")


def quick_combat(state: BattleState) -> bool:
    """§5.19.2: a Main Hero of a higher Level than the field's difficulty wins against the
    neutral units there without a fight (a Secondary Hero: by the Main Hero's Level, §8.34,
    written as its own ``level`` in the battle file)."""
    battle = state.battle
    hero = battle.armies[ATTACKER].hero
    return (
        battle.armies[DEFENDER].kind == "neutral"
        and battle.armies[ATTACKER].kind in ("hero", "secondary-hero")  # §8.34
        and hero is not None
        and battle.site.difficulty > 0
        and hero.level > battle.site.difficulty
    )


@dataclass
class BattleStep(Step[Any]):
    """The battle's root step (automatic): it finishes with the combat result."""

    kind = "battle"
    stage: str = "start"

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage must be one of {', '.join(STAGES)}")

    def run(self, state: BattleState) -> None:
        battle = state.battle
        if self.stage == "start":
            self.stage = "deploy"
            if quick_combat(state):
                self.stage = "over"
                state.flow.push(EndBattle(ending="quick-combat", side=ATTACKER))
                return
            state.events.append("battle-starts", {"mode": battle.mode})
            # Pushed in reverse: the attacker deploys first (§5.18.4), then the defender,
            # then the siege works (§9.3).
            if battle.site.kind == "town" and battle.site.citadel and not battle.site.captured:
                state.flow.push(GateStep())
            for side in (DEFENDER, ATTACKER):  # a side the AI rules play: placed by the rule
                if battle.armies[side].seat == AI:  # (§5.18.3; an AI hero's units alike)
                    state.flow.push(PlaceNeutralsStep(side=side))
                else:
                    state.flow.push(DeployStep(side=side))
        elif self.stage == "deploy":
            self.stage = "fight"
            unit_abilities.at_start(state)
        elif self.stage == "fight":
            if battle_decided(state):
                self.stage = "over"
                loser = ATTACKER if not battle.on_board(ATTACKER) else DEFENDER
                state.flow.push(EndBattle(ending="victory", side=1 - loser))
            else:
                state.flow.push(RoundStep())
        else:  # pragma: no cover - EndBattle finishes the battle
            raise AssertionError("a finished battle")

    def resume(self, state: BattleState, outcome: Any) -> None:
        state.flow.finish(state, outcome)


@dataclass
class RoundStep(Step[Any]):
    """One combat round: activations in Initiative order, then the end of the round."""

    kind = "combat-round"
    started: bool = False

    def actor(self, state: BattleState) -> int:
        if not self.started or battle_decided(state):
            return AUTO
        up = order.next_up(state)
        if len(up) <= 1:
            return AUTO
        seat = state.battle.armies[up[0].side].seat
        return deciding(state, seat)

    def legal(self, state: BattleState, seat: int) -> list[Action]:
        return [Action.of("activate", unit=unit.id) for unit in order.next_up(state)]

    def refusal(self, state: BattleState, seat: int, action: Action) -> Refusal | None:
        if action in self.legal(state, seat):
            return None
        names = ", ".join(unit.id for unit in order.next_up(state))
        return (order.RULE, f"the next to activate is one of: {names}")

    def run(self, state: BattleState) -> None:
        battle = state.battle
        if not self.started:
            self.started = True
            battle.round += 1
            for army in battle.armies:
                army.spells_cast = 0
            state.events.append("round-starts", {"round": battle.round})
            seats = [army.seat for army in battle.armies if army.seat >= 0]
            if battle.round == 1 and seats:  # cards played at the start of combat
                state.flow.push(StartWindow(seats=seats))
            return
        if battle_decided(state):
            state.flow.pop()
            return
        up = order.next_up(state)
        if up:
            self.activate(state, up[0].id)
            return
        self.end_round(state)

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        self.activate(state, action.str_param("unit"))

    def activate(self, state: BattleState, uid: str) -> None:
        battle = state.battle
        unit = battle.units[uid]
        # one activation at a time: the last one's end
        COMBAT_TIMING.expire(battle.lasting, "activation")
        battle.last_cast = [[], []]
        unit.activated = True
        battle.last_initiative = initiative(state, unit)
        battle.last_side = unit.side
        state.flow.push(ActivationStep(unit=uid))

    def end_round(self, state: BattleState) -> None:
        """§5.18.6 step 8: the marks go; the neutral round limit (§5.18.2)."""
        battle = state.battle
        for unit in battle.units.values():
            unit.activated = False
            unit.retaliations = 0
        battle.last_initiative = battle.last_side = -1
        COMBAT_TIMING.expire(battle.lasting, "activation")
        COMBAT_TIMING.expire(battle.lasting, "round")
        for army in battle.armies:  # the spell limit is a round's (§5.18.7)
            army.spells_cast = 0
        state.events.append("round-ends", {"round": battle.round})
        state.flow.pop()
        if limited(state) and not battle_decided(state):
            state.flow.push(LimitStep())

    def resume(self, state: BattleState, outcome: Any) -> None:  # pragma: no cover
        return


@dataclass
class LimitStep(Step[Any]):
    """End of a round against Bronze–Gold neutrals: ``extend`` (1 MP, free under optional
    rule 9) or ``retreat`` (§5.18.2, §9.1)."""

    kind = "round-limit"
    rule = RULE_LIMIT

    def actor(self, state: BattleState) -> int:
        seat = state.battle.armies[ATTACKER].seat
        if len(self.legal(state, seat)) <= 1:
            return AUTO
        return seat

    def legal(self, state: BattleState, seat: int) -> list[Action]:
        battle = state.battle
        hero = battle.armies[ATTACKER].hero
        free = battle.options.get("free-extension", "no") == "yes"
        if free or (hero is not None and hero.mp > 0):
            return [EXTEND, RETREAT]
        return [RETREAT]

    def run(self, state: BattleState) -> None:
        self.apply(state, RETREAT, AUTO)

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        battle = state.battle
        state.flow.pop()
        if action == EXTEND:
            hero = battle.armies[ATTACKER].hero
            if battle.options.get("free-extension", "no") != "yes" and hero is not None:
                hero.mp -= 1
                battle.mp_spent[ATTACKER] += 1
            battle.extensions += 1
            state.events.append("extended", {"round": battle.round + 1})
        else:
            state.flow.push(EndBattle(ending="flee", side=ATTACKER))


@dataclass
class EndBattle(Step[Any]):
    """The battle ends: ``side`` won (victory, quick combat) or fled or surrendered."""

    kind = "end-battle"
    ending: str = "victory"
    side: int = 0

    def __post_init__(self) -> None:
        if self.ending not in ENDINGS:
            raise ValueError(f"ending must be one of {', '.join(ENDINGS)}")

    def run(self, state: BattleState) -> None:
        # The typed result's data is the battle's result (core/subgame.py: a host reads it
        # back as a CombatResult).
        outcome = result.result_data(result.conclude(state, self.ending, self.side))
        state.events.append("battle-ends", outcome)
        # Everything pushed above the root goes: the battle is over.
        while len(state.flow.steps) > 1 and not isinstance(state.flow.steps[-1], BattleStep):
            state.flow.pop()
        if state.flow.steps and isinstance(state.flow.steps[-1], BattleStep):
            state.flow.steps[-1].stage = "over"
            state.flow.finish(state, outcome)
        else:  # pragma: no cover - a battle always has its root
            state.flow.finish(state, outcome)
