"""Wilds and soldier combats played as ``eternia-combat`` (spec §5.8, §5.9): the rulebook's
examples replay through the procedure with forced dice, each finishing with its typed result;
a wilds roll's odds agree with the engine's own chance nodes."""

from __future__ import annotations

import math
import random

from eternia_files import SOLDIERS, WILDS

from rulekeeper.core import CHANCE, Action, load_game
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.eternia.combat.encounter import the_foe
from rulekeeper.games.eternia.combat.wilds import best_assignment


def test_she_ra_against_dylinx_replays() -> None:
    """Spec §5.8 example (rulebook p.26; seed l.2106-2147): Body 7; 2 blanks, 1 reroll, 3
    successes, 1 double; the reroll die and a blank rolled again come up doubles; 1 double to
    Defense, a success and a double to Attack, a double and 2 successes to HP: Dylinx falls
    and She-Ra takes no damage."""
    state = load_game("eternia-combat", combat=WILDS).new_initial_state(0)
    assert state.current_player() == CHANCE  # Dylinx's ability die (spec §9.5)
    state.apply_action(Action.parse("roll blank=1 success=0 double=0 reroll=0"))
    assert state.flow.steps[-1].dice == 7  # She-Ra's Body
    state.apply_action(Action.parse("roll blank=2 success=3 double=1 reroll=1"))
    state.apply_action(Action.parse("reroll extra=blank"))
    state.apply_action(Action.parse("roll blank=0 success=0 double=2 reroll=0"))
    assert state.flow.steps[-1].kind == "assign"
    state.apply_action(
        Action.of(
            "assign",
            defense=["double"],
            attack=["success", "double"],
            health=["success", "success", "double"],
        )
    )
    result = state.flow.result
    assert result["foe_defeated"] and result["reward"] and result["may_tame"]
    assert result["hero_damage"] == 0 and not result["hero_defeated"]
    assert state.returns() == [1.0]


def test_an_assignment_that_breaks_the_defense_first_rule_is_refused() -> None:
    """Spec §5.8 step 2: Defense to 0 before any die goes to HP."""
    state = load_game("eternia-combat", combat=WILDS).new_initial_state(0)
    state.apply_action(Action.parse("roll blank=1 success=0 double=0 reroll=0"))
    state.apply_action(Action.parse("roll blank=2 success=3 double=2 reroll=0"))
    wrong = Action.of(
        "assign", defense=[], attack=["double"], health=["success", "success", "success", "double"]
    )
    assert wrong not in state.legal_actions()
    rule, reason = state.explain(wrong).rule, state.explain(wrong).reason
    assert "§5.8" in rule and reason


def test_the_soldier_example_replays() -> None:
    """Spec §5.9 example (rulebook p.28; seed l.2180-2194): 3 MOTU soldiers enter an area with
    Skeletor, Evil-Lyn and 2 Evil soldiers; the Evil Warriors give Skeletor 2 damage and one
    soldier; the 3 MOTU soldiers go back to the supply. No VP."""
    state = load_game("eternia-combat", combat=SOLDIERS).new_initial_state(0)
    assert state.current_player() == 1  # the defending team decides
    state.apply_action(Action.of("allocate", heroes=[2, 0], soldiers=1))
    result = state.flow.result
    assert result["attackers_lost"] == 3 and result["defenders_lost"] == 1
    assert result["hero_damage"] == [2, 0] and result["vp"] == 0
    assert state.area.soldiers == 1 and state.area.attackers == 0


def test_a_wilds_reroll_has_the_odds_of_the_engine() -> None:
    """The odds of rolling the reroll faces again (the best assignment after) against the
    engine's own dice: 3,000 rolls within four standard errors."""
    state = load_game("eternia-combat", combat=WILDS).new_initial_state(0)
    state.apply_action(Action.parse("roll blank=1 success=0 double=0 reroll=0"))
    state.apply_action(Action.parse("roll blank=3 success=1 double=1 reroll=2"))
    reroll = Action.parse("reroll extra=blank")
    odds = state.odds(reroll, 0)
    rng = random.Random(8)
    beaten = 0
    samples = 3000
    for _ in range(samples):
        world = state.clone()
        world.rng = Pcg32(rng.getrandbits(64))
        world.apply_action(reroll)
        while world.flow.steps[-1].kind == "roll":
            if world.current_player() == CHANCE:
                world.resolve_chance()
            else:
                world.apply_action(Action.parse("reroll extra=none"))
        root = world.flow.steps[0]
        foe = the_foe(world, root.ability)
        best = best_assignment(root.faces, foe, world.epic.fighters[0].hp)
        beaten += world.odds(
            Action.of(
                "assign",
                defense=list(best.defense),
                attack=list(best.attack),
                health=list(best.health),
            ),
            0,
        )["foe_defeated"]
    p = odds["foe_defeated"]
    assert abs(beaten / samples - p) <= 4 * math.sqrt(p * (1 - p) / samples) + 1e-9
