"""Exact odds of a whole attack action (issue 20 §3; combat/odds.py): both attacks of a unit that
attacks twice (Pack Marksmen, ``double-attack-distant``), the retaliation that follows
(homm3.md §5.18.6 step 6, §5.18.5), the attacks an ability adds, and what becomes of the units.

The odds are checked against a brute force written independently: the attack is applied to the
real state through the public API and every chance node is expanded, the players passing, until
the log shows the action is over (the next activation, the round's end or the battle's end).
A short run in every test run; more attacks with RULEKEEPER_SLOW=1 (./rk test)."""

from __future__ import annotations

import os
import random
from fractions import Fraction
from typing import Any

import pytest
from battle_helpers import random_battle
from homm3_helpers import done, fight
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.cli.screens import screen_for
from rulekeeper.core import CHANCE, TERMINAL, Action, GameState, load_game
from rulekeeper.games.homm3.game import CombatState

SLOW = bool(os.environ.get("RULEKEEPER_SLOW"))
ATTACKS = 100 if SLOW else 30
ENDS = ("activation", "round-ends", "battle-ends")
"""Events that come only once the attack action is over."""
THIRD = 1 / 3


def odds_of(state: Any, target: str) -> dict[str, Any]:
    found = state.odds(Action.of("attack", target=target))
    assert found is not None
    return dict(found)


def test_pack_marksmen_odds_count_both_attacks() -> None:
    """Issue 20 §3, homm3.md §5.15 (Pack Marksmen: a distant target is attacked twice; units.yaml
    ``double-attack-distant``): Attack 2 on Few Dread Knights (Defence 2, HP 7) deals 1 on a +1
    (1/3), 0 otherwise, each time: expected 2/3 over the action (not the first attack's 1/3),
    totals 0/1/2 with 4/9, 4/9, 1/9; no retaliation from afar."""
    state = fight(["marksmen:pack@b1"], [done("dread-knights:few@b4")])
    odds = odds_of(state, "dread-knights")
    assert odds["expected_damage"] == pytest.approx(2 / 3)
    assert odds["damage"] == pytest.approx({"0": 4 / 9, "1": 4 / 9, "2": 1 / 9})
    kinds = [(a["kind"], a["probability"]) for a in odds["attacks"]]
    assert kinds == [("attack", 1.0), ("second", 1.0)]
    for attack in odds["attacks"]:
        assert attack["damage"] == pytest.approx({"0": 2 / 3, "1": THIRD})
    assert odds["retaliation"] == {"probability": 0.0}
    after = odds["units"]["dread-knights"]
    assert after["before"] == "few, 0 damage"
    assert after["after"] == pytest.approx(
        {"few, 0 damage": 4 / 9, "few, 1 damage": 4 / 9, "few, 2 damage": 1 / 9}
    )


def test_no_second_attack_on_a_destroyed_target() -> None:
    """homm3.md §5.15 (Pack Marksmen's second attack), §5.18.6 step 5: on Few Skeletons
    (Defence 1, HP 2) each attack deals 0, 1 or 2 (1/3 each); a 2 destroys them, so the second
    attack is made with probability 2/3, and they are destroyed with 1/3 + 1/3·2/3 + 1/3·1/3."""
    state = fight(["marksmen:pack@b1"], [done("skeletons:few@b4")])
    odds = odds_of(state, "skeletons")
    first, second = odds["attacks"]
    assert (first["kind"], first["probability"]) == ("attack", 1.0)
    assert second["kind"] == "second"
    assert second["probability"] == pytest.approx(2 / 3)
    assert odds["outcome"] == pytest.approx({"survives": THIRD, "flips": 0.0, "destroyed": 2 / 3})
    assert odds["units"]["skeletons"]["after"] == pytest.approx(
        {"destroyed": 2 / 3, "few, 0 damage": 1 / 9, "few, 1 damage": 2 / 9}
    )


def test_odds_give_the_retaliation_and_the_attackers_fate() -> None:
    """Issue 20 §3, homm3.md §5.18.6 step 6 and §5.18.5 Retaliation: Pack Griffins (Attack 3) on
    Few Dread Knights (Defence 2, HP 7) deal 0-2, so the Knights always survive and strike back
    (Attack 5 + die against the Griffins' Defence); the odds give that retaliation's damage and
    what becomes of the Griffins."""
    state = fight(["griffins:pack@b2"], [done("dread-knights:few@b3")])
    odds = odds_of(state, "dread-knights")
    assert odds["damage"] == pytest.approx({"0": THIRD, "1": THIRD, "2": THIRD})
    retaliation = odds["retaliation"]
    assert (retaliation["kind"], retaliation["attacker"]) == ("retaliation", "dread-knights")
    assert retaliation["probability"] == pytest.approx(1.0)
    griffins = state.battle.units["griffins"]
    defence = state.pack.unit("griffins").pack.defence
    hp = state.pack.unit("griffins").pack.hp
    expected: dict[int, float] = {}
    for die in (-1, 0, 1):
        amount = max(0, 5 + die - defence)
        expected[amount] = expected.get(amount, 0.0) + THIRD
    assert retaliation["damage"] == pytest.approx({str(k): v for k, v in expected.items()})
    flips = sum(p for amount, p in expected.items() if griffins.damage + amount >= hp)
    assert odds["attacker_outcome"]["flips"] + odds["attacker_outcome"]["destroyed"] == (
        pytest.approx(flips)
    )
    assert odds["outcome"] == pytest.approx({"survives": 1.0, "flips": 0.0, "destroyed": 0.0})


DUEL = """format: homm3-battle
version: 1
site: {kind: field}
attacker: {kind: hero, hero: {name: Catherine}, units: [{card: griffins, side: pack, field: b2},
  {card: marksmen, side: pack, field: a1}]}
defender: {kind: hero, hero: {name: Sandro}, units: [{card: dread-knights, side: few, field: b3}]}
pending: [{kind: battle, stage: fight}]
"""


def test_the_odds_command_shows_the_whole_action(tmp_path: Any) -> None:
    """Issue 20 §3 (``rulekeeper odds homm3-combat``, homm3.md §5.15, §5.18.6 step 6): the
    Marksmen's two attacks add up (expected 0.67, not 0.33); the Griffins' odds name the
    Knights' retaliation and what becomes of the Griffins."""
    battle = tmp_path / "duel.yaml"
    battle.write_text(DUEL, encoding="utf-8")
    args = ["odds", "homm3-combat", "--battle", str(battle), "--target", "dread-knights"]
    shot = CliRunner().invoke(app, [*args, "--attacker", "marksmen"])
    assert shot.exit_code == 0, shot.output
    assert "expected 0.67" in shot.output and "second attack marksmen" in shot.output
    assert "no retaliation from dread-knights" in shot.output
    melee = CliRunner().invoke(app, [*args, "--attacker", "griffins"])
    assert melee.exit_code == 0, melee.output
    assert "retaliation dread-knights on griffins" in melee.output
    assert "griffins afterwards" in melee.output


def test_the_terminal_preview_shows_the_retaliation() -> None:
    """Issue 20 §3 (the play screen's preview before an attack is confirmed; homm3.md §5.18.6
    step 6): it names the retaliation with its damage and the attacker's fate."""
    state = fight(["griffins:pack@b2"], [done("dread-knights:few@b3")])
    shown = screen_for("homm3-combat").preview(
        state, 0, Action.of("attack", target="dread-knights")
    )
    assert shown is not None
    assert "retaliation Dread Knights (Few) on Griffins (Pack)" in shown  # issue 23 §2.8: names
    assert "Griffins (Pack) afterwards" in shown
    assert screen_for("homm3-combat").preview(state, 0, Action.of("end")) is None


def test_odds_change_nothing() -> None:
    """The core's odds hook (docs/architecture.md): nothing is applied; issue 20 §3."""
    state = fight(["griffins:pack@b2"], [done("dread-knights:few@b3")])
    before = state.serialize()
    odds_of(state, "dread-knights")
    assert state.serialize() == before


# --------------------------------------------------------------------------- brute force


def brute(state: GameState, action: Action, seat: int) -> list[tuple[Fraction, list[Any]]]:
    """Every way the attack action can go: (probability, its events up to the action's end)."""
    trial = state.clone()
    start = len(trial.events)
    trial.apply_action(action, seat)
    ends: list[tuple[Fraction, list[Any]]] = []

    def walk(node: GameState, p: Fraction) -> None:
        events = list(node.events)[start:]
        cut = next((i for i, e in enumerate(events) if e.kind in ENDS), None)
        if cut is not None or node.current_player() == TERMINAL:
            ends.append((p, events[:cut]))
            return
        seat = node.current_player()
        if seat == CHANCE:
            for outcome, q in node.chance_outcomes():
                child = node.clone()
                child.apply_action(outcome)
                walk(child, p * Fraction(q).limit_denominator(1000))
            return
        if all(step.kind != "attack" for step in node.flow.steps):  # a choice after it
            ends.append((p, events))
            return
        legal = node.legal_actions(seat)
        if Action.of("pass") in legal:
            choice = Action.of("pass")
        else:  # a choice the attack asks for (a push, a splash): the first, as the odds take
            assert all(a.kind in ("push", "splash") for a in legal), legal
            choice = legal[0]
        child = node.clone()
        child.apply_action(choice, seat)
        walk(child, p)

    walk(trial, Fraction(1))
    return ends


def summary(ends: list[tuple[Fraction, list[Any]]], attacker: str, target: str) -> dict[str, Any]:
    """The brute force's numbers in the shape of the odds."""
    total: dict[str, float] = {}
    fates: dict[str, dict[str, float]] = {attacker: {}, target: {}}
    made: dict[tuple[str, str, str], dict[str, float]] = {}
    for p, events in ends:
        own = 0
        fate = {attacker: "survives", target: "survives"}
        for event in events:
            data = event.data
            if event.kind == "attack-cancelled":
                made.setdefault(("attack", attacker, target), {})
                shares = made[("attack", attacker, target)]
                shares["0"] = shares.get("0", 0.0) + float(p)
            if event.kind == "attack":
                key = (data["kind"], data["attacker"], data["target"])
                shares = made.setdefault(key, {})
                shares[str(data["damage"])] = shares.get(str(data["damage"]), 0.0) + float(p)
                if key[0] in ("attack", "second") and key[1:] == (attacker, target):
                    own += int(data["damage"])
            if event.kind == "damage" and data["unit"] in fate:
                if data["destroyed"]:
                    fate[data["unit"]] = "destroyed"
                elif data["flipped"] and fate[data["unit"]] == "survives":
                    fate[data["unit"]] = "flips"
        total[str(own)] = total.get(str(own), 0.0) + float(p)
        for uid in fates:
            fates[uid][fate[uid]] = fates[uid].get(fate[uid], 0.0) + float(p)
    return {"damage": total, "fates": fates, "made": made}


def compare(odds: dict[str, Any], found: dict[str, Any]) -> None:
    assert odds["damage"] == pytest.approx(found["damage"])
    for key, fates in (
        ("outcome", found["fates"][odds["target"]]),
        ("attacker_outcome", found["fates"][odds["attacker"]]),
    ):
        shown = {k: v for k, v in odds[key].items() if v > 1e-12}
        assert shown == pytest.approx(fates), key
    made = {(a["kind"], a["attacker"], a["target"]): a for a in odds["attacks"]}
    assert set(made) == set(found["made"])
    for key, shares in found["made"].items():
        entry = made[key]
        assert entry["probability"] == pytest.approx(sum(shares.values()))
        conditional = {d: p / entry["probability"] for d, p in shares.items()}
        assert entry["damage"] == pytest.approx(conditional), key


def test_whole_attack_odds_match_brute_force_on_random_battles() -> None:
    """Issue 20 §3 (homm3.md §5.18.6 steps 4-6, §5.15 abilities): on attacks from random
    battles, the odds of the whole action equal the brute force: the total damage to the target,
    its fate and the attacker's, and every attack made (first, second, added, retaliation) with
    its probability and damage; the sample includes second attacks and retaliations."""
    rng = random.Random(20)
    checked = 0
    kinds: set[str] = set()
    battles = 0
    while checked < ATTACKS:
        doc = random_battle(rng)
        state = load_game("homm3-combat", battle=doc).new_initial_state(seed=battles)
        assert isinstance(state, CombatState)
        battles += 1
        steps = 0
        while not state.is_terminal() and steps < 200 and checked < ATTACKS:
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            legal = state.legal_actions(seat)
            attacks = [a for a in legal if a.kind == "attack"]
            if attacks and rng.random() < 0.5:
                attack = rng.choice(attacks)
                odds = odds_of(state, str(attack.get("target")))
                found = summary(brute(state, attack, seat), odds["attacker"], odds["target"])
                compare(odds, found)
                kinds.update(a["kind"] for a in odds["attacks"])
                checked += 1
            state.apply_action(rng.choice(legal), seat)
            steps += 1
    assert {"attack", "second", "retaliation"} <= kinds, kinds
