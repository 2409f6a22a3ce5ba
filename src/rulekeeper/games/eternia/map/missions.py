"""Missions (spec §5.16): a scenario card's task for the hero that drew it on a quest.

The task is the card's for the hero's faction (or its only one). Achieved, the team scores the
card's VP; otherwise nothing; either way the card goes to the scenario discard pile. Tasks:

* a test of a statistic (``stat-test``): the hero rolls as many wild dice as its statistic
  (Mind or Body, with its held cards' bonuses) and needs the task's successes (a success 1, a
  double 2, spec §5.14; a reroll face stands as nothing);
* a success check (``success-check``): one wild die, a success or a double (spec §5.14);
* a price (``pay-eternium``, ``discard-spell``, ``discard-card``): the hero may pay it
  (``attempt``) or not (``decline``);
* a place (``be-in``): the hero stands in the area; a hold (``control-area``): its team holds it.

The dice are a chance node (:class:`MissionStep` at CHANCE), its outcomes the counts of faces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.core.state import CHANCE
from rulekeeper.games.eternia.combat.roll import roll_actions, standing
from rulekeeper.games.eternia.combat.wild_dice import wild_die
from rulekeeper.games.eternia.content.dice import WILD_FACES
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.outposts import controlled

__all__ = ["MissionStep", "task_of"]

RULE_MISSION = "spec §5.16 (rulebook p.13): a mission's task"
PRICES = ("pay-eternium", "discard-spell", "discard-card")
"""Tasks the hero may choose to pay or not."""
ROLLS = ("stat-test", "success-check")


def task_of(state: Any, hero: int, card: str) -> Any:
    """The task of mission *card* for hero *hero*'s faction."""
    mission = state.pack.scenario_cards[card]
    faction = state.teams[state.heroes[hero].team].faction
    tasks = mission.tasks
    return tasks.get(faction) or tasks.get("any") or next(iter(tasks.values()))


def _dice(state: Any, hero: int, task: Any) -> int:
    """How many wild dice the task rolls."""
    if task.kind == "success-check":
        return 1
    return max(1, holdings.stat(state, state.heroes[hero], str(task.stat)))


def _needed(task: Any) -> int:
    """The successes the task needs."""
    return int(getattr(task, "successes", 1) or 1)


@dataclass
class MissionStep(Step[Any]):
    """Hero *hero*'s mission *card*: ``stage`` ``decide`` (a price to pay or not), ``roll``
    (the dice, CHANCE), then it is over."""

    kind = "mission"
    rule = RULE_MISSION
    public_kinds = None
    hero: Annotated[int, Bounds(0, 8)] = 0
    card: str = ""
    stage: str = "start"

    def actor(self, state: Any) -> int:
        if self.stage == "decide":
            return int(state.controller_of(self.hero))
        if self.stage == "roll":
            return CHANCE
        return AUTO

    def run(self, state: Any) -> None:
        task = task_of(state, self.hero, self.card)
        if task.kind in PRICES:
            self.stage = "decide"
        elif task.kind in ROLLS:
            self.stage = "roll"
        else:
            self._end(state, _holds(state, self.hero, task))

    def chance(self, state: Any) -> Sequence[tuple[Action, float]]:
        task = task_of(state, self.hero, self.card)
        dice = _dice(state, self.hero, task)
        die = wild_die(_wild(state, self.hero))
        key = f"wild-roll:{','.join(map(str, die.faces))}:{dice}"
        found: list[tuple[Action, float]] = state.game.derived(key, lambda: roll_actions(die, dice))
        return found

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        yield Action.of("attempt")
        yield Action.of("decline")

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if self.stage != "decide":
            return (self.rule, "the mission's dice are rolled")
        owner = state.controller_of(self.hero)
        if seat != owner:
            return (self.rule, f"player {owner} decides for {state.heroes[self.hero].id}")
        if action.kind == "decline":
            return None
        if action.kind != "attempt":
            return (self.rule, "attempt the task or decline it")
        return _price_refusal(state, self.hero, task_of(state, self.hero, self.card))

    def apply(self, state: Any, action: Action, seat: int) -> None:
        task = task_of(state, self.hero, self.card)
        if action.kind == "roll":
            counts = [action.int_param(face) for face in WILD_FACES]
            got = standing(counts)
            state.events.append(
                "mission-roll", {"card": self.card, "successes": got, "needed": _needed(task)}
            )
            self._end(state, got >= _needed(task))
            return
        if action.kind == "decline":
            self._end(state, False)
            return
        _pay(state, self.hero, task)
        self._end(state, True)

    def _end(self, state: Any, success: bool) -> None:
        """The mission is resolved: its VP on a success; the card to the discard pile."""
        state.flow.steps.remove(self)
        hero = state.heroes[self.hero]
        mission = state.pack.scenario_cards[self.card]
        state.events.append(
            "mission-done", {"hero": hero.id, "card": self.card, "success": success}
        )
        state.discards["scenario"].append(self.card)
        if success:
            state.teams[hero.team].missions += 1
        if success and mission.vp:
            state.score_vp(hero.team, int(mission.vp), f"mission {self.card}")


def _wild(state: Any, hero: int) -> Any:
    """The wild die record of hero *hero*'s faction."""
    faction = state.teams[state.heroes[hero].team].faction
    dice = state.pack.dice.wild_dice
    return next((d for d in dice if d.faction == faction), dice[0])


def _holds(state: Any, hero: int, task: Any) -> bool:
    """Whether a place or hold task is achieved."""
    area = str(getattr(task, "area", ""))
    if task.kind == "be-in":
        return bool(state.heroes[hero].area == area)
    return area in controlled(state, state.heroes[hero].team)


def _price_refusal(state: Any, hero: int, task: Any) -> Refusal | None:
    """Why hero *hero* cannot pay the task's price."""
    found = state.heroes[hero]
    if task.kind == "pay-eternium":
        amount = int(task.amount)
        if state.teams[found.team].eternium < amount:
            return (RULE_MISSION, f"the task costs {amount} Eternium")
    elif task.kind == "discard-spell" and not found.spells:
        return (RULE_MISSION, "the hero holds no spell to discard")
    elif task.kind == "discard-card" and not (found.backpack or holdings.held(found)):
        return (RULE_MISSION, "the hero holds no card to discard")
    return None


def _pay(state: Any, hero: int, task: Any) -> None:
    """Hero *hero* pays the task's price ([Reading] a card: the first it holds)."""
    found = state.heroes[hero]
    if task.kind == "pay-eternium":
        state.teams[found.team].pool.lose({"eternium": int(task.amount)})
    elif task.kind == "discard-spell":
        holdings.lose(state, hero, found.spells[0])
    else:
        holdings.lose(state, hero, (found.backpack or holdings.held(found))[0])
