"""Issue 21 §1, "Sub-procedures": the flow is the only stack of pending decisions.

Each turn in progress (an activation, an interruption inside it) is the data of its act step on
``state.flow``; a dice test is a sub-procedure of the step that pushed it and hands its result
back through ``Flow.finish`` / ``Step.resume``. A save of state format 2 (turns in a list beside
the procedure) still loads (core/convert.py replays its history): ``saves/v1-*.json`` were
written by the code of 4d919e2 (a random game, seed 34, stopped in an activation of round 2
and in an overwatch interruption's attack test), each with the position that code wrote.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from rulekeeper.core import CHANCE, JsonObject, PositionError, Step, load_game
from rulekeeper.core.flow import Flow
from rulekeeper.core.record import to_data
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.dicetest import DiceTestStep, start_test

SAVES = Path(__file__).parent / "saves"
QUIET = frozenset({"forfeit", "offer-draw"})


def old_save(name: str) -> dict[str, Any]:
    """A save written by the old code, and the position it wrote for that state."""
    doc: dict[str, Any] = json.loads((SAVES / f"v1-{name}.json").read_text(encoding="utf-8"))
    return doc


def load(save: dict[str, Any]) -> BattlegroundState:
    game = load_game("battleground", **save["params"])
    state = game.deserialize_state(json.dumps(save))
    assert isinstance(state, BattlegroundState)
    return state


def check_turns(state: BattlegroundState) -> None:
    """Everything pending is on the flow: the turns are the act steps' data, nothing beside."""
    data = state.to_document()["data"]
    assert isinstance(data, dict) and "turns" not in data
    acts = [step for step in state.flow if isinstance(step, ActStep)]
    assert state.turns == [act.turn for act in acts]
    if acts:
        assert state.turn() is acts[-1].turn
        assert all(act.player == act.turn.player for act in acts)


def play_on(state: BattlegroundState, seed: int, actions: int) -> int:
    """Random play (no forfeits or draw offers) checking the turns at each state; returns the
    most turns seen at once."""
    rng = random.Random(seed)
    most = len(state.turns)
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            player = state.current_player()
            if player < 0:
                player = rng.choice([p for p in (0, 1) if state.legal_actions(p)])
            legal = [a for a in state.legal_actions(player) if a.kind not in QUIET]
            state.apply_action(rng.choice(legal), player)
        check_turns(state)
        most = max(most, len(state.turns))
    return most


@pytest.mark.parametrize("name", ["activation", "interruption"])
def test_a_version_1_save_loads_with_its_turns_in_the_act_steps(name: str) -> None:
    """Issue 21 §1 (Battleground's ``turns`` become steps; saves keep loading): a save of the
    old format loads into the same game (the position the old code wrote for it), each of its
    turns in its act step; saved again, it reads back the same."""
    doc = old_save(name)
    save = doc["save"]
    assert save["format"] == 2 and save["data"]["turns"]
    state = load(save)
    assert [to_data(turn) for turn in state.turns] == save["data"]["turns"]
    assert state.to_position() == doc["position"]
    check_turns(state)
    text = state.serialize()
    assert state.game.deserialize_state(text).serialize() == text


def test_play_goes_on_from_an_old_save_inside_an_interruption() -> None:
    """Issue 21 §1: from a version 1 save inside an overwatch interruption's attack test (two
    turns pending), play goes on to the end with every turn on the flow."""
    state = load(old_save("interruption")["save"])
    assert [step.kind for step in state.flow] == ["round", "act", "act", "attack", "test"]
    assert [turn.kind for turn in state.turns] == ["activation", "overwatch"]
    play_on(state, 34, 3000)
    assert state.is_terminal()


@pytest.mark.parametrize("seed", [0, 1])
def test_new_games_keep_every_turn_on_the_flow(seed: int) -> None:
    """Issue 21 §1: in new games (to the end) the turns in progress are only the act steps'
    data (interruptions: the old save above)."""
    state = load_game("battleground").new_initial_state(seed)
    check_turns(state)
    assert play_on(state, seed, 3000) >= 1
    assert state.is_terminal()


def test_a_position_pairs_its_act_steps_with_its_turns() -> None:
    """Issue 21 §1 (the position format does not change, docs/positions.md): a position's act
    step names its player and takes the next of its ``turns``; problems keep their names."""
    position = old_save("activation")["position"]
    assert set(position["procedure"][2]) == {"kind", "player"} and len(position["turns"]) == 1
    state = load_game("battleground", position=position).new_initial_state(0)
    assert state.to_position() == position
    cases = [
        ({"turns": None}, ("turns", "one turn for each acting character")),
        ({"player": 1}, ("procedure[2]", "act: one turn of its player for each acting character")),
        ({"kind": "overwatch"}, ("turns[0].kind", "the activation first, then the interruptions")),
    ]
    for edit, problem in cases:
        broken = copy.deepcopy(position)
        if "turns" in edit:
            del broken["turns"]
        elif "player" in edit:
            broken["procedure"][2]["player"] = 1 - broken["procedure"][2]["player"]
        else:
            broken["turns"][0]["kind"] = edit["kind"]
        with pytest.raises(PositionError) as caught:
            load_game("battleground", position=broken)
        assert problem in {(p.field, p.reason) for p in caught.value.problems}, caught.value


@pytest.mark.parametrize("phase", ["preparation", "setup", "over"])
def test_turns_without_act_steps_are_refused(phase: str) -> None:
    """Issue 21 §1 (positions unchanged, docs/positions.md): the turns of a position whose
    phase starts with no act step (no ``procedure`` given) are refused, naming ``turns``."""
    position = copy.deepcopy(old_save("activation")["position"])
    del position["procedure"]
    position["phase"] = phase
    with pytest.raises(PositionError) as caught:
        load_game("battleground", position=position)
    problem = ("turns", "one turn for each acting character")
    assert problem in {(p.field, p.reason) for p in caught.value.problems}, caught.value


@dataclass
class Asker(Step[Any]):
    """A step that pushed a test and keeps what it hands back (no callback interface)."""

    kind: ClassVar[str] = "asker"
    results: list[JsonObject] = field(default_factory=list)

    def resume(self, state: Any, result: JsonObject) -> None:
        self.results.append(result)


def test_a_finished_dice_test_hands_its_result_to_the_step_below() -> None:
    """Issue 21 §1 (a step that needs a dice test pushes it and is resumed with its result; no
    callbacks): the last die of a test finishes the test step, and the step below, whatever it
    is, is resumed with the role and the finished test."""
    state = load_game("battleground").new_initial_state(0)
    test = start_test(0, "He-Man strength", 1)
    asker = Asker()
    state.flow = Flow([*state.flow.steps, asker, DiceTestStep(test=test.to_data(), role="attack")])
    die = state.flow.top()
    assert die.actor(state) == CHANCE
    three = next(a for a, _ in die.chance(state) if a.int_param("face") == 3)
    die.apply(state, three, CHANCE)
    assert state.flow.top() is asker and len(asker.results) == 1
    result = asker.results[0]
    assert result["role"] == "attack"
    assert result["test"]["initial"] == [3] and result["test"]["stage"] == "done"
