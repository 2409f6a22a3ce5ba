"""Skill tests (rulebook *Targeting and Tests*): the owner's test of a stat, the target's
defence test if the card names one, then the row of results the net successes reach."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rulekeeper.core.flow import Step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.games.battleground.content.effects import SkillTest
from rulekeeper.games.battleground.model import CharacterId
from rulekeeper.games.battleground.rules import by_kind
from rulekeeper.games.battleground.rules.abilities import Context
from rulekeeper.games.battleground.rules.dicetest import (
    DiceTestStep,
    Modifier,
    finished,
    start_test,
)
from rulekeeper.games.battleground.rules.modifiers import defence_test, spend_focus

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def skill_test(context: Context, effect: Any) -> None:
    """A skill test (Targeting and Tests): the owner's stat, against the target's if given."""
    state = context.state
    owner = context.owner
    turn = state.turns[-1] if state.turns else None
    scope: list[Modifier] = []
    if (
        turn is not None
        and turn.interruption
        and turn.kind == "overwatch"
        and turn.character == owner.id
    ):
        scope.append(Modifier(-1, "interruption (Interruptions)"))
    scope += spend_focus(owner)
    test = start_test(
        owner.owner,
        f"{state.card(owner).name} {effect.stat}",
        state.stat(owner, effect.stat),
        [],
        scope,
        mana=owner.mana,
    )
    state.flow.push(
        SkillTestStep(
            character=owner.id,
            target=context.other.id if context.other else "",
            effect=effect.model_dump(mode="json"),
            stage="owner",
            owner_successes=0,
        )
    )
    state.flow.push(DiceTestStep(test=test.to_data(), role="skill"))


def skill_test_step(state: BattleState, top: SkillTestStep) -> None:
    """Run a skill test step: the owner's test, the target's defence, then the result row."""
    effect = SkillTest.model_validate(top.effect)
    owner = state.fighters[top.character]
    target = state.fighters[top.target] if top.target else None
    if top.stage == "defence" and effect.against and target is not None and not target.knocked_out:
        top.stage = "apply"
        test = defence_test(state, target, owner, effect.against)
        state.flow.push(DiceTestStep(test=test.to_data(), role="skill-defence"))
        return
    state.flow.pop()
    net = max(0, top.owner_successes - top.defence_successes)
    row = None
    for candidate in effect.results:
        if candidate.successes <= net:
            row = candidate
    state.events.append(
        "skill test result",
        {"character": owner.id, "successes": net, "row": row.successes if row else None},
    )
    if row is not None:
        by_kind.apply_effects(Context(state, owner, target, successes=net), row.effects)
    by_kind.remove_knocked_out(state, by=owner)


@dataclass
class SkillTestStep(Step["BattleState"]):
    """A skill test (Targeting and Tests): the owner's test, the target's defence, the result."""

    kind: ClassVar[str] = "skill-test"
    character: CharacterId
    target: CharacterId
    effect: dict[str, Any]
    stage: str
    owner_successes: int
    defence_successes: int = 0

    def run(self, state: BattleState) -> None:
        skill_test_step(state, self)

    def resume(self, state: BattleState, result: JsonObject) -> None:
        """The owner's or the target's test it pushed is over (rules/dicetest.py)."""
        role, test = finished(result)
        if role == "skill":
            tester = state.fighters[self.character]
            self.owner_successes = test.successes()
            self.stage = "defence"
        else:
            tester = state.fighters[self.target]
            self.defence_successes = test.successes()
        tester.mana = max(0, tester.mana - test.mana_spent)
        state.events.append("test result", test.result())
