"""The exact odds of an epic combat round agree with a Monte Carlo of the engine's own chance
nodes (issue 27 §3): against a beast before the epic die is rolled, with Dice of Power, and
hero against hero with the opponent's face-down cards unknown (spec §5.6.4, §5.7).

Each case is a state where the seat to act may pass and end step 4; the odds of that pass are
compared with the round played out many times from it: the epic die and the wild dice at the
engine's chance nodes (a reroll face always rolled again, the odds' stated policy), the
opponent's face-down cards dealt again from what the seat has not seen (``resample``).
``RULEKEEPER_LONG=1``: 100,000 samples within 0.5 points; otherwise 3,000 within four
standard errors."""

from __future__ import annotations

import math
import os
import random
import statistics

import pytest

from rulekeeper.core import CHANCE, Action, GameState, load_game
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.eternia.combat.activation import ActivationStep
from rulekeeper.games.eternia.combat.odds import value_sequences
from rulekeeper.games.eternia.combat.power import default_cap, dice_of
from rulekeeper.games.eternia.combat.rounds import EpicCombat
from rulekeeper.games.eternia.game import shipped_combat

LONG = bool(os.environ.get("RULEKEEPER_LONG"))
SAMPLES = 100_000 if LONG else 3_000
PASS = Action.of("pass")


def to_last_pass(doc: dict, seed: int) -> GameState:
    """Play *doc* with seeded random choices (passing in step 4) until the seat to act ends
    step 4 by passing."""
    rng = random.Random(seed)
    state = load_game("eternia-combat", combat=doc).new_initial_state(seed)
    while True:
        top = state.flow.steps[-1]
        if isinstance(top, ActivationStep) and state.epic.passed[1 - top.turn]:
            return state
        if state.current_player() == CHANCE:
            state.resolve_chance()
            continue
        legal = state.legal_actions()
        if isinstance(top, ActivationStep):
            state.apply_action(PASS)
        else:
            state.apply_action(rng.choice([a for a in legal if a.kind != "avoid"]))


def played_out(state: GameState, rng: random.Random) -> list[int]:
    """HP each side loses in the rest of this round (every card is face up in step 4: only the
    dice are left to chance), the state's random stream reseeded."""
    world = state.clone()
    world.rng = Pcg32(rng.getrandbits(64))
    before = [f.damage for f in world.epic.fighters]
    world.apply_action(PASS)
    while not world.is_terminal():
        root = world.flow.steps[0]
        if isinstance(root, EpicCombat) and root.stage in ("next", "end", "start"):
            break
        if world.current_player() == CHANCE:
            world.resolve_chance()
        elif world.flow.steps[-1].kind == "roll":
            world.apply_action(Action.of("reroll", extra="none"))
        elif world.flow.steps[-1].kind == "cap":  # the odds' reading: converted where they are
            side = world.flow.steps[-1].side
            world.apply_action(Action.of("remove-dice", **default_cap(dice_of(world, side))))
            world.apply_action(Action.of("auto-successes", **default_cap(dice_of(world, side))))
        else:
            break  # step 8: the round's blows are struck
    return [f.damage - b for f, b in zip(world.epic.fighters, before, strict=True)]


def compare(state: GameState) -> None:
    """The odds of passing against the round played out SAMPLES times: each side's chance to
    fall within 0.5 points (LONG) or four standard errors, its mean HP lost likewise."""
    seat = state.current_player()
    odds = state.odds(PASS, seat)
    assert odds is not None and odds["computed"]
    rng = random.Random(5)
    lost: list[list[int]] = [[], []]
    for _ in range(SAMPLES):
        for side, value in enumerate(played_out(state, rng)):
            lost[side].append(value)
    for side in (0, 1):
        hp = state.epic.fighters[side].hp
        fell = sum(1 for value in lost[side] if value >= hp) / SAMPLES
        p = odds["falls"][side]
        error = 0.005 if LONG else max(4 * math.sqrt(p * (1 - p) / SAMPLES), 0.002)
        assert abs(fell - p) <= error, (side, fell, odds)
        mean = statistics.fmean(lost[side])
        spread = statistics.pstdev(lost[side]) / math.sqrt(SAMPLES)
        assert abs(mean - odds["hp_lost"][side]) <= max(4 * spread, 0.002), (side, mean, odds)


def beast_doc(power: bool) -> dict:
    return {
        "format": "eternia-combat",
        "version": 1,
        "options": {"dice_of_power": power},
        "active": {"hero": "he-man", "seat": 0},
        "defender": {"beast": "granite-behemoth"},
    }


@pytest.mark.parametrize("power", [False, True])
def test_odds_against_a_beast_agree_with_the_engine(power: bool) -> None:
    state = to_last_pass(beast_doc(power), seed=4)
    compare(state)


def test_dice_of_power_odds_between_heroes_agree_with_the_engine() -> None:
    doc = {
        "format": "eternia-combat",
        "version": 1,
        "options": {"dice_of_power": True},
        "active": {"hero": "he-man", "seat": 0},
        "defender": {"hero": "skeletor", "seat": 1},
    }
    compare(to_last_pass(doc, seed=2))


def test_face_down_odds_enumerate_the_unseen_modifiers() -> None:
    """The rulebook example's opening (spec §5.6.5): Teela weighs placing "+3" in Attack while
    Evil-Lyn's one card lies face down in Attack. Evil-Lyn's unseen modifiers are her deck's
    7 "+1", 6 "+2", 3 "+3": Teela (Initiative 5 against 2) strikes first, Evil-Lyn loses 1 for
    the surprise and 3 to Teela's Attack against no Defense; Teela loses what the face-down card
    is worth, 1·7/16 + 2·6/16 + 3·3/16 = 1.75 HP on average."""
    example = shipped_combat("teela-evil-lyn.yaml").as_posix()
    state = load_game("eternia-combat", combat=example).new_initial_state(0)
    for text in (
        "weapon index=0",
        "weapon index=0",
        "focus",
        "place card=motu-plus-2 zone=initiative",
        "place card=evil-plus-3 zone=attack",
    ):
        state.apply_action(Action.parse(text))
    odds = state.odds(Action.parse("place card=motu-plus-3 zone=attack"), 0)
    assert odds["cases"] == 3  # one face-down card: "+1", "+2" or "+3"
    assert odds["totals"][1]["attack"] == pytest.approx({"1": 7 / 16, "2": 6 / 16, "3": 3 / 16})
    assert odds["totals"][0] == {
        "attack": {"3": 1.0},
        "defense": {"0": 1.0},
        "initiative": {"5": 1.0},
    }
    assert odds["hp_lost"] == pytest.approx([1.75, 4.0])
    assert odds["falls"] == [0.0, 0.0] and odds["active_first"] == 1.0


def test_value_sequences_are_the_hypergeometric_draws() -> None:
    """Two cards from {1: 2, 3: 1}: (1,1) 1/3, (1,3) 1/3, (3,1) 1/3."""
    from collections import Counter
    from fractions import Fraction

    found = dict(value_sequences(Counter({1: 2, 3: 1}), 2))
    assert found == {(1, 1): Fraction(1, 3), (1, 3): Fraction(1, 3), (3, 1): Fraction(1, 3)}
