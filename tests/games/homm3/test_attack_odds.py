"""Exact attack odds (issue 8, part 2; combat/odds.py) against brute force: the attack is
applied and every chance node it meets is expanded with its probability, the players passing
at every window, up to the attack's damage."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from battle_helpers import random_battle

from rulekeeper.core import CHANCE, Action, GameState, IllegalActionError, load_game
from rulekeeper.games.homm3.game import CombatState


def _brute(
    state: GameState, attacker: str, target: str, start: int
) -> tuple[dict[int, float], dict[str, float]]:
    """Expand every chance node from *state* (the attack just applied) until the attack's
    damage; *start*: the number of events before the attack was applied."""
    damage: dict[int, float] = {}
    fates: dict[str, float] = {}

    def walk(node: GameState, p: float) -> None:
        for event in list(node.events)[start:]:
            if event.kind == "attack-cancelled" and event.data["attacker"] == attacker:
                damage[0] = damage.get(0, 0.0) + p  # a guardian the rules drive
                fates["survives"] = fates.get("survives", 0.0) + p
                return
            if (
                event.kind == "attack"
                and event.data["attacker"] == attacker
                and event.data["kind"] == "attack"
            ):
                amount = int(event.data["damage"])
                damage[amount] = damage.get(amount, 0.0) + p
                fate = "survives"
                for later in list(node.events)[start:]:
                    if (
                        later.kind == "damage"
                        and later.data["unit"] == target
                        and later.data["cause"] == "attack"
                    ):
                        fate = (
                            "destroyed"
                            if later.data["destroyed"]
                            else "flips"
                            if later.data["flipped"]
                            else "survives"
                        )
                        break
                fates[fate] = fates.get(fate, 0.0) + p
                return
        seat = node.current_player()
        if seat == CHANCE:
            for outcome, q in node.chance_outcomes():
                child = node.clone()
                child.apply_action(outcome)
                walk(child, p * q)
            return
        legal = node.legal_actions(seat)
        passing = Action.of("pass")
        assert passing in legal, f"a decision inside the attack: {legal}"
        child = node.clone()
        child.apply_action(passing, seat)
        walk(child, p)

    walk(state, 1.0)
    return damage, fates


def _first_attack(odds: dict[str, Any]) -> dict[int, float]:
    """The damage of the action's first attack (0 when a guardian cancels it), from the odds of
    the whole action (docs/homm3-combat.md, *Exact odds*)."""
    made = [
        entry
        for entry in odds["attacks"]
        if entry["kind"] == "attack"
        and entry["attacker"] == odds["attacker"]
        and entry["target"] == odds["target"]
    ]
    share = made[0]["probability"] if made else 0.0
    damage = {int(k): share * v for k, v in made[0]["damage"].items()} if made else {}
    if share < 1 - 1e-12:
        damage[0] = damage.get(0, 0.0) + 1 - share
    return damage


def test_odds_match_brute_force_on_random_matchups() -> None:
    """Hundreds of attacks from random battles: odds() equals the enumeration."""
    rng = random.Random(5)
    checked = 0
    battles = 0
    kinds: set[str] = set()
    while checked < 200:
        doc = random_battle(rng)
        state = load_game("homm3-combat", battle=doc).new_initial_state(seed=battles)
        battles += 1
        steps = 0
        while not state.is_terminal() and steps < 400:
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            legal = state.legal_actions(seat)
            attacks = [a for a in legal if a.kind == "attack"]
            for attack in attacks[:2]:
                odds = state.odds(attack, seat)
                assert odds is not None
                trial = state.clone()
                before = len(trial.events)
                trial.apply_action(attack, seat)
                damage, fates = _brute(trial, str(odds["attacker"]), str(odds["target"]), before)
                first = _first_attack(odds)
                assert set(damage) == set(first)
                for amount, p in damage.items():
                    assert abs(first[amount] - p) < 1e-9
                if not any(entry["kind"] == "second" for entry in odds["attacks"]):
                    for fate, p in odds["outcome"].items():  # the target's fate after it all
                        assert abs(fates.get(fate, 0.0) - p) < 1e-9
                else:
                    kinds.add("attacks twice")
                checked += 1
                if odds["penalty"]:
                    kinds.add("penalty")
                if len(odds["damage"]) > 3:
                    kinds.add("more than one die")
                if odds["outcome"]["flips"]:
                    kinds.add("flips")
            state.apply_action(rng.choice(legal), seat)
            steps += 1
    assert kinds >= {"penalty", "more than one die", "flips"}, kinds


def test_odds_of_a_plain_attack() -> None:
    """Pack Griffins (Attack 3) on Few Dread Knights (Defence 2), one die: damage 0, 1 or 2
    with 1/3 each (homm3.md §5.18.6 steps 4–5, §9.6 the die's faces)."""
    doc = {
        "format": "homm3-battle",
        "version": 1,
        "mode": "clash",
        "site": {"kind": "field"},
        "attacker": {
            "kind": "hero",
            "hero": {"name": "Catherine", "faction": "castle"},
            "units": [{"card": "griffins", "side": "pack", "field": "b2"}],
        },
        "defender": {
            "kind": "hero",
            "hero": {"name": "Sandro", "faction": "necropolis"},
            "units": [{"card": "dread-knights", "field": "b4"}],
        },
        "pending": [{"kind": "battle", "stage": "fight"}],
    }
    state = load_game("homm3-combat", battle=doc).new_initial_state(seed=1)
    assert isinstance(state, CombatState)
    seat = state.current_player()
    attack = Action.of("attack", target="dread-knights")
    # Griffins (initiative 8 as Pack) act first; they must first be adjacent: move then attack.
    if attack not in state.legal_actions(seat):
        state.apply_action(Action.of("move", to="b3"), seat)
    odds = state.odds(attack, seat)
    assert odds is not None
    third = float(Fraction(1, 3))
    assert odds["damage"] == pytest.approx({"0": third, "1": third, "2": third})
    with pytest.raises(IllegalActionError):
        state.odds(Action.of("attack", target="nobody"), seat)
    assert state.odds(Action.of("end"), seat) is None
