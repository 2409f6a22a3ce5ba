"""Flank and cover are computed in one place (rules/attack_geometry.py; issue 6 §2): the scope
modifiers of an attack test and card conditions about the same attack always agree, also for an
area attack's additional target, traced from the initial target (docs/rules.md)."""

from __future__ import annotations

from game_helpers import (
    STEADY_AIM,
    activate,
    arena,
    attack,
    current_test,
    dice,
    hand,
    put,
    select,
    start,
)

from rulekeeper.games.battleground.content.effects import FlankAttack, InCover
from rulekeeper.games.battleground.rules.abilities import Context, condition_holds
from rulekeeper.games.battleground.rules.attack_geometry import (
    attack_source,
    is_flank_attack,
    target_cover,
)
from rulekeeper.games.battleground.rules.combat import AttackStep


def roll_all(state, face):
    """Every die of the current test shows ``face`` (no reroll)."""
    dice(state, *[face] * current_test(state).dice)


def test_area_additional_target_flank_and_cover_agree_for_tests_and_cards(tmp_path) -> None:
    """Rulebook, Area Attacks, Flank Attacks, Cover: Man-At-Arms's Thermal Grenade on Skeletor
    also hits He-Man; for He-Man the attack comes from Skeletor's hex, whichever way He-Man
    faces (some facings make it a flank attack, some do), and the test's modifiers and the
    card conditions say the same."""
    flanks = {_additional_target_flank(tmp_path / str(f), f) for f in range(6)}
    assert flanks == {True, False}


def _additional_target_flank(folder, he_man_facing: int) -> bool:
    folder.mkdir()
    state = start(arena(folder))
    put(state, "man-at-arms", 7, 3, facing=5, weapons=["thermal-grenade"])
    put(state, "skeletor", 8, 7, facing=2)
    put(state, "he-man", 7, 7, facing=he_man_facing)
    hand(state, 0, STEADY_AIM)
    select(state, STEADY_AIM, None)
    activate(state, "man-at-arms")
    attack(state, "thermal-grenade", "skeletor")
    roll_all(state, 1)
    roll_all(state, 1)
    step = state.flow.steps[-2]
    assert isinstance(step, AttackStep) and step.target == "he-man"
    assert attack_source(state, step) == state.fighters["skeletor"].position
    notes = " ".join(current_test(state).notes)
    flank = is_flank_attack(state, step)
    cover = target_cover(state, step).in_cover
    assert ("flank" in notes) == flank
    assert ("cover" in notes) == cover
    context = Context(state, state.fighters["man-at-arms"], state.fighters["he-man"], attack=step)
    assert condition_holds(context, FlankAttack(kind="flank_attack")) == flank
    assert condition_holds(context, InCover(kind="in_cover")) == cover
    return flank
