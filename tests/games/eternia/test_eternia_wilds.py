"""Wilds combat as pure functions (spec §5.8, §9.5, A-20, A-21): the She-Ra against Dylinx
example with the rolled faces given, one test per reading, exact odds by hand and against a
seeded Monte Carlo (``RULEKEEPER_LONG=1``: 100,000 samples within 0.5 points; otherwise 10,000
within four standard errors). Seed lines refer to
../shared/seeds/fields-of-eternia-rulebook-it.txt."""

from __future__ import annotations

import math
import os
import random
from fractions import Fraction

import pytest

from rulekeeper.core.dice import Die
from rulekeeper.games.eternia.combat.wild_dice import Policy, counts_of, reroll
from rulekeeper.games.eternia.combat.wilds import (
    Assignment,
    Foe,
    WildsOdds,
    WildsResult,
    ability_bonus,
    assignments,
    best_assignment,
    card_odds,
    check_assignment,
    foe_of,
    resolve,
    wilds_monte_carlo,
    wilds_odds,
)
from rulekeeper.games.eternia.content.effects import RollBonus
from rulekeeper.games.eternia.content.pack import load_content_pack

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
SAMPLES = 100_000 if LONG else 10_000
DIE = Die("test", ("blank", "blank", "success", "success", "double", "reroll"))
DYLINX = Foe(health=3, attack=3, defense=2, tameable=True)


def test_she_ra_against_dylinx() -> None:
    """§5.8 example (seed l.2106-2147): the ability die shows blank (no +1); She-Ra (Body 7)
    rolls 2 blanks, 1 reroll, 3 successes, 1 double, rerolls the reroll and one blank into 2
    doubles; 1 double on Defense, 1 success + 1 double on Attack, 1 double + 2 successes on HP:
    Dylinx defeated, no damage, reward earned, tameable."""
    assert ability_bonus("blank", 1) == 0
    rolled = ("blank", "blank", "reroll", "success", "success", "success", "double")
    final = reroll(rolled, [0, 2], ["double", "double"])
    assert counts_of(final) == (1, 3, 3, 0)
    shown = Assignment(("double",), ("success", "double"), ("success", "success", "double"))
    assert shown in assignments(final, DYLINX)
    assert check_assignment(final, DYLINX, shown) is None
    result = resolve(DYLINX, 8, shown)
    assert result == WildsResult(True, 3, 0, False, True, True)
    assert resolve(DYLINX, 8, best_assignment(final, DYLINX, 8)) == result


def test_dylinx_card_roll_bonus() -> None:
    """§5.8 step 1, §9.5: the combat ability's die; a success or a double gives the bonus,
    blank or reroll nothing (the player stops, A-20). The stat is provisional data."""
    card = load_content_pack().beasts["dylinx"]
    assert card.combat_ability is not None
    bonus = next(e for e in card.combat_ability.effects if isinstance(e, RollBonus))
    base = foe_of(card)
    assert foe_of(card, "blank") == foe_of(card, "reroll") == base
    assert getattr(foe_of(card, "success"), bonus.stat) == getattr(base, bonus.stat) + bonus.amount
    assert foe_of(card, "double") == foe_of(card, "success")
    assert base.tameable == (card.taming_cost is not None)


def test_every_die_is_assigned_whole() -> None:
    """§5.8 step 2 (seed l.2011, l.2020-2021): each success and double die goes, whole, to one
    stat; blanks and rerolls carry nothing; a die may land on a stat already at 0."""
    faces = ("double", "success", "blank", "reroll")
    found = assignments(faces, Foe(health=1, attack=1, defense=0))
    assert all(len(a.defense + a.attack + a.health) == 2 for a in found)
    assert len(found) == 9
    assert Assignment((), ("success", "double"), ()) in found
    bad = Assignment((), ("success",), ())
    assert "each success and double die" in (check_assignment(faces, Foe(1, 1, 0), bad) or "")


def test_defense_first() -> None:
    """§5.8 step 2 (seed l.2008-2009): no die on Health until the dice on Defense bring it to 0."""
    foe = Foe(health=2, attack=1, defense=2)
    faces = ("success", "success")
    found = assignments(faces, foe)
    assert all(not a.health for a in found)
    assert found[0] == Assignment((), ("success", "success"), ())
    with pytest.raises(ValueError, match="Defense must be reduced to 0"):
        resolve(foe, 5, Assignment(("success",), (), ("success",)))
    assert Assignment(("double",), (), ("success",)) in assignments(("double", "success"), foe)


def test_reward_even_if_the_hero_falls() -> None:
    """§5.8 step 4 (seed l.2033-2039): the foe beaten with the hero at 0 still gives its
    reward, but cannot be tamed; attacks are simultaneous."""
    result = resolve(
        Foe(health=1, attack=3, defense=0, tameable=True), 2, Assignment((), (), ("success",))
    )
    assert result == WildsResult(True, 1, 2, True, True, False)


def test_attack_dice_reduce_damage() -> None:
    """§5.8 step 3 (seed l.2027-2029): damage = Attack less the successes on Attack, at least 0;
    HP never below 0."""
    foe = Foe(health=5, attack=3, defense=0)
    assert resolve(foe, 8, Assignment((), ("double",), ())).hero_damage == 1
    assert resolve(foe, 8, Assignment((), ("double", "double"), ())).hero_damage == 0
    assert resolve(foe, 2, Assignment((), (), ())).hero_damage == 2


def test_best_assignment_prefers_defeat_then_least_damage() -> None:
    """The greedy player: defeat the foe if it can, then take the least damage."""
    foe = Foe(health=1, attack=2, defense=0)
    assert best_assignment(("success", "success"), foe, 5) == Assignment(
        (), ("success",), ("success",)
    )
    assert best_assignment(("success",), Foe(health=2, attack=2, defense=0), 5) == Assignment(
        (), ("success",), ()
    )


def test_odds_one_and_two_dice_by_hand() -> None:
    """Exact odds by hand (policy "reroll": a die ends blank 2/5, scoring 3/5) against Health 1,
    Attack 1, Defense 1, hero at 1 HP: one die cannot win, so it goes on Attack; two scoring
    dice win (Defense then HP) and the hero falls too."""
    foe = Foe(health=1, attack=1, defense=1)
    assert wilds_odds(1, foe, 1, DIE) == WildsOdds(Fraction(0), Fraction(2, 5), Fraction(2, 5))
    assert wilds_odds(2, foe, 1, DIE) == WildsOdds(
        Fraction(9, 25), Fraction(13, 25), Fraction(13, 25)
    )
    stand = wilds_odds(1, foe, 1, DIE, "stand")
    assert stand == WildsOdds(Fraction(0), Fraction(1, 2), Fraction(1, 2))


def test_card_odds_mix_the_ability_roll() -> None:
    """§5.8 step 1: the odds against a card weigh the ability die's faces."""
    card = load_content_pack().beasts["dylinx"]
    odds = card_odds(7, card, 8, DIE)
    plain = wilds_odds(7, foe_of(card), 8, DIE)
    boosted = wilds_odds(7, foe_of(card, "success"), 8, DIE)
    assert odds.foe_defeated == plain.foe_defeated / 2 + boosted.foe_defeated / 2


@pytest.mark.parametrize(
    ("body", "foe", "hp", "policy"),
    [(7, DYLINX, 8, "reroll"), (5, Foe(4, 4, 3), 3, "reroll"), (6, Foe(3, 2, 2), 2, "stand")],
)
def test_odds_match_monte_carlo(body: int, foe: Foe, hp: int, policy: Policy) -> None:
    """The exact odds agree with a seeded Monte Carlo (issue 27 §3)."""
    exact = wilds_odds(body, foe, hp, DIE, policy)
    sampled = wilds_monte_carlo(body, foe, hp, DIE, SAMPLES, random.Random(27), policy)
    tolerance = 0.005 if LONG else 4 * 0.5 / math.sqrt(SAMPLES)
    assert float(sampled.foe_defeated) == pytest.approx(float(exact.foe_defeated), abs=tolerance)
    assert float(sampled.hero_falls) == pytest.approx(float(exact.hero_falls), abs=tolerance)
    spread = 4 * foe.attack / 2 / math.sqrt(SAMPLES)
    assert float(sampled.expected_damage) == pytest.approx(float(exact.expected_damage), abs=spread)
