"""Illegal actions in the complete Battleground game: each is refused with an IllegalActionError
whose rule names the rulebook section (or the engine invariant) that forbids it, ``explain``
gives the same verdict, and the state is left exactly as it was (core/state.py: validation
before mutation, atomic application)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from game_helpers import (
    DARK_AMBITION,
    STEADY_AIM,
    TREACHERY,
    act,
    activate,
    arena,
    attack,
    hand,
    play_round,
    prepare,
    put,
    roll,
    select,
    start,
    turn,
)

from rulekeeper.core import Action, IllegalActionError
from rulekeeper.games.battleground.game import BattlegroundState


@dataclass(frozen=True)
class Case:
    setup: Callable[[object], BattlegroundState]
    action: Action
    player: int | None
    rule: str
    reason: str = ""


def masters_active(tmp_path, **he_man) -> BattlegroundState:
    state = start(arena(tmp_path, terrain=[WALL]))
    put(state, "he-man", 5, 7, facing=0, **he_man)
    put(state, "man-at-arms", 0, 2, facing=0)
    put(state, "skeletor", 6, 7, facing=3)
    put(state, "mer-man", 6, 2, facing=3)  # behind the wall from Man-At-Arms
    put(state, "trap-jaw", 10, 8, facing=0)  # 15" from Man-At-Arms
    hand(state, 0, STEADY_AIM, "masters-battle-cry")
    hand(state, 1, DARK_AMBITION)
    select(state, STEADY_AIM, DARK_AMBITION)
    activate(state, "he-man", "mana")
    return state


WALL = {"id": "wall", "kind": "high", "hexes": [[5, 1], [5, 2], [4, 3]]}


def at_selection(tmp_path) -> BattlegroundState:
    state = start(arena(tmp_path))
    hand(state, 0, STEADY_AIM)
    hand(state, 1, DARK_AMBITION)
    return state


def man_at_arms_active(tmp_path) -> BattlegroundState:
    state = masters_active(tmp_path)
    act(state, "end")
    act(state, "activate", character="skeletor")
    act(state, "bonus", choice="mana")
    act(state, "end")
    select(state, "masters-battle-cry", None)
    activate(state, "man-at-arms")
    return state


def no_ap(tmp_path) -> BattlegroundState:
    state = masters_active(tmp_path)
    turn(state).ap = 0
    return state


def in_a_test(tmp_path) -> BattlegroundState:
    state = masters_active(tmp_path)
    attack(state, "sword-of-power", "skeletor")
    roll(state, 1, 2, 4, 4, 6)
    assert state.current_player() == 0  # Heroic Strength's free reroll
    return state


def rolling(tmp_path) -> BattlegroundState:
    state = masters_active(tmp_path)
    attack(state, "sword-of-power", "skeletor")
    return state


def round_two_first_activation(tmp_path) -> BattlegroundState:
    state = start(arena(tmp_path))
    play_round(state, ["he-man", "stratos", "man-at-arms"], [])
    prepare(state)
    select(state, state.sides[0].hand[0], None)
    return state


def activated_again(tmp_path) -> BattlegroundState:
    state = masters_active(tmp_path)
    act(state, "end")
    act(state, "activate", character="skeletor")
    act(state, "bonus", choice="mana")
    act(state, "end")
    select(state, "masters-battle-cry", None)
    return state


def game_over(tmp_path) -> BattlegroundState:
    state = at_selection(tmp_path)
    state.apply_action(Action.of("forfeit"), 0)
    return state


CASES = {
    "after-the-game-ended": Case(game_over, Action.of("pass"), 1, "core: game over"),
    "out-of-turn-at-activation": Case(
        masters_active, Action.of("end"), 1, "core: out of turn", "player 0"
    ),
    "out-of-turn-in-a-test": Case(
        in_a_test, Action.of("reroll", faces=[]), 1, "core: out of turn", "player 0"
    ),
    "player-acts-while-dice-roll": Case(rolling, Action.of("end"), 0, "core: chance node", "dice"),
    "focus-without-ap": Case(
        no_ap, Action.of("focus"), 0, "Perform Actions: repeated actions cost 1 AP more", "AP"
    ),
    "move-without-ap": Case(
        no_ap,
        Action.of("move", to=[4, 7, 0], focus=False),
        0,
        "Perform Actions: repeated actions cost 1 AP more",
        "AP",
    ),
    "attack-without-ap": Case(
        no_ap,
        Action.of("attack", weapon="sword-of-power", target="skeletor"),
        0,
        "Attack",
        "AP",
    ),
    "skill-without-ap": Case(
        no_ap, Action.of("skill", skill="he-man-by-the-power"), 0, "Use an Active Skill", "AP"
    ),
    "out-of-range": Case(
        man_at_arms_active,
        Action.of("attack", weapon="arm-cannon", target="trap-jaw"),
        0,
        "Attack",
        "range",
    ),
    "no-line-of-sight": Case(
        man_at_arms_active,
        Action.of("attack", weapon="arm-cannon", target="mer-man"),
        0,
        "Attack",
        "line of sight",
    ),
    "melee-not-engaged": Case(
        masters_active,
        Action.of("attack", weapon="sword-of-power", target="mer-man"),
        0,
        "Attack",
        "not engaged",
    ),
    "weapon-not-equipped": Case(
        masters_active,
        Action.of("attack", weapon="arm-cannon", target="skeletor"),
        0,
        "Attack",
        "no Arm Cannon",  # issue 23 §2.8: names, not ids
    ),
    "move-off-the-board": Case(
        masters_active, Action.of("move", to=[40, 7, 0], focus=False), 0, "Move", "position"
    ),
    "move-onto-a-character": Case(
        masters_active,
        Action.of("move", to=[6, 7, 0], focus=False),
        0,
        "Standard Movement",
        "occupied",
    ),
    "move-too-far": Case(
        masters_active, Action.of("move", to=[5, 14, 0], focus=False), 0, "Move", "movement"
    ),
    "spend-focus-not-focused": Case(
        masters_active, Action.of("move", to=[5, 6, 0], focus=True), 0, "Spending Focus"
    ),
    "move-at-selection": Case(
        at_selection,
        Action.of("move", to=[4, 7, 0], focus=False),
        0,
        "Activation Phase: Select Cards",
    ),
    "activate-at-selection": Case(
        at_selection,
        Action.of("activate", character="he-man"),
        0,
        "Activation Phase: Select Cards",
    ),
    "end-at-selection": Case(at_selection, Action.of("end"), 1, "Activation Phase: Select Cards"),
    "roll-by-a-player": Case(
        at_selection, Action.of("roll", face=6), 0, "Activation Phase: Select Cards"
    ),
    "select-card-not-in-hand": Case(
        at_selection,
        Action.of("select", card="masters-battle-cry"),
        0,
        "Activation Phase: Select Cards",
        "not a fate or glory card in your hand",
    ),
    "select-enemy-card": Case(
        at_selection,
        Action.of("select", card=TREACHERY),
        1,
        "Activation Phase: Select Cards",
    ),
    "play-card-not-in-hand": Case(
        masters_active,
        Action.of("play", card=TREACHERY),
        0,
        "Playing Additional Cards",
        "not in your hand",
    ),
    "bonus-of-a-glory-card-on-a-fate-card": Case(
        lambda tmp_path: _at_bonus(tmp_path),
        Action.of("bonus", choice="ap"),
        0,
        "Gain Bonuses",
    ),
    "reroll-a-face-not-rolled": Case(
        in_a_test,
        Action.of("reroll", item="3"),
        0,
        "Tests: Free Rerolls and Mana Rerolls",
        "not among the items left to pick",
    ),
    "reroll-a-whole-set-at-once": Case(  # issue 21 §1: one die at a time, then done
        in_a_test,
        Action.of("reroll", faces=[1, 2]),
        0,
        "Tests: Free Rerolls and Mana Rerolls",
        "one die by the face it shows at a time",
    ),
    "activate-twice": Case(
        activated_again,
        Action.of("activate", character="he-man"),
        0,
        "Activate Character",
        "already",
    ),
    "activate-an-enemy": Case(
        activated_again,
        Action.of("activate", character="skeletor"),
        0,
        "Activation Phase: Activate Character",
        "not one of your characters",
    ),
    "double-activation": Case(
        round_two_first_activation,
        Action.of("activate", character="man-at-arms"),
        0,
        "Double Activation",
    ),
    "discard-in-round-one": Case(
        at_selection,
        Action.of("discard", cards=[]),
        0,
        "Activation Phase: Select Cards",
    ),
}


def _at_bonus(tmp_path) -> BattlegroundState:
    state = at_selection(tmp_path)
    select(state, STEADY_AIM, None)
    act(state, "activate", character="he-man")
    return state


@pytest.mark.parametrize("name", sorted(CASES))
def test_illegal_action_is_refused_with_its_rule_and_changes_nothing(tmp_path, name):
    """core/state.py contract (a refusal cites its rule; a refused action changes nothing), with
    the rulebook sections the engine cites (explain.py): Perform Actions, Attack, Move, Select
    Cards, Playing Additional Cards, Gain Bonuses, Tests, Activate Character, Double
    Activation."""
    case = CASES[name]
    state = case.setup(tmp_path)
    before = state.serialize()
    legal = state.legal_actions(case.player)
    assert case.action not in legal
    verdict = state.explain(case.action, case.player)
    assert not verdict.legal
    with pytest.raises(IllegalActionError) as refusal:
        state.apply_action(case.action, case.player)
    assert refusal.value.rule == case.rule
    assert (verdict.rule, verdict.reason) == (refusal.value.rule, refusal.value.reason)
    assert case.reason in refusal.value.reason
    assert state.serialize() == before
    assert state.legal_actions(case.player) == legal


def test_every_legal_action_is_explained_as_legal(tmp_path):
    """core/state.py contract: ``explain`` accepts every action ``legal_actions`` lists."""
    state = masters_active(tmp_path)
    for action in state.legal_actions():  # asked by the seat to act (issue 20 §1: not by nobody)
        assert state.explain(action, state.current_player()).legal, action
