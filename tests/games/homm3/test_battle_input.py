"""Bad HoMM3 input is refused, never a crash (issue 20 §2): battle files and positions
(docs/homm3-battle.md, *What loading checks, and the limits*) and saved states that break a rule
of their format are refused with a PositionError or DataError naming the field; valid ones load,
round-trip and play to the end."""

from __future__ import annotations

import copy
import json
import random
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekeeper.core import CHANCE, DataError, GameState, PositionError, load_game
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.game import CombatState, shipped_battle, shipped_battles

PACK = load_content_pack()


def shipped(name: str) -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(shipped_battle(name).read_text(encoding="utf-8"))
    return found


def load(doc: Any, seed: int = 0) -> CombatState:
    state = load_game("homm3-combat", battle=doc).new_initial_state(seed=seed)
    assert isinstance(state, CombatState)
    return state


def refused(doc: Any) -> PositionError:
    """The PositionError loading *doc* raises."""
    with pytest.raises(PositionError) as caught:
        load(doc)
    return caught.value


def fields(error: DataError) -> list[str]:
    problems = getattr(error, "problems", [error])
    return [problem.field for problem in problems]


def random_action(state: GameState, rng: random.Random) -> None:
    seat = state.current_player()
    if seat == CHANCE:
        outcomes = state.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    else:
        action = rng.choice(state.legal_actions(seat))
    state.apply_action(action, seat)


@cache
def in_fight(name: str) -> str:
    """A battle file of the shipped battle *name*, written when a unit's activation is pending
    (JSON text: each test takes its own copy)."""
    state = load(shipped(name), seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        if state.flow.steps[-1].kind == "activation" and state.battle.round >= 1:
            return json.dumps(state.to_position())
        random_action(state, rng)
    raise AssertionError("no activation met")


def fight(name: str = "hero-battle.yaml") -> dict[str, Any]:
    found: dict[str, Any] = json.loads(in_fight(name))
    return found


# === battle files ============================================================================


@pytest.mark.parametrize("value", [{}, [], 7, "e9"])
def test_a_unit_field_that_is_no_field_is_named(value: Any) -> None:
    """Issue 20 §2: a unit's ``field`` given as {} or a list crashed (TypeError: unhashable)."""
    doc = shipped("hero-battle.yaml")
    doc["attacker"]["units"][0] = {"card": "halberdiers", "field": value}
    assert fields(refused(doc)) == ["attacker.units[0].field"]


@pytest.mark.parametrize("key", ["obstacles", "lasting"])
def test_obstacles_and_lasting_effects_are_lists(key: str) -> None:
    """Issue 20 §2: ``obstacles: 5`` and ``lasting: 5`` crashed (TypeError: not iterable)."""
    doc = shipped("siege.yaml")
    doc[key] = 5
    assert fields(refused(doc)) == [key]


def test_a_deeply_nested_battle_is_refused_with_the_field_named(tmp_path: Path) -> None:
    """Issue 20 §2: a document nested 3,000 deep raised RecursionError (core/position.py and
    core/game.py); given as data or as a file, it is refused naming the top field."""
    doc = shipped("hero-battle.yaml")
    nested: list[Any] = []
    for _ in range(3000):
        nested = [nested]
    doc["site"] = {"kind": "field", "owner": nested}
    error = refused(doc)
    assert fields(error) == ["site"] and "nested deeper than 100 levels" in str(error)
    doc["site"] = {"kind": "field", "owner": "@deep@"}
    text = json.dumps(doc).replace('"@deep@"', "[" * 3000 + "]" * 3000)
    for name in ("deep.json", "deep.yaml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert "nested deeper than 100 levels" in str(refused(str(path)))


def test_a_pending_activation_of_an_unknown_unit_is_refused() -> None:
    """Issue 20 §2: a pending ``activation`` naming no unit of the battle raised KeyError."""
    doc = fight()
    top = doc["pending"][-1]
    assert top["kind"] == "activation"
    top["unit"] = "nobody"
    error = refused(doc)
    assert fields(error) == [f"pending[{len(doc['pending']) - 1}].unit"]
    assert "nobody" in str(error)


def test_a_siege_without_defenders_plays_and_only_a_siege_has_a_tower() -> None:
    """Issue 20 §2, homm3.md §9.3: a siege in progress whose defender lists no units (so no
    Arrow Tower) loads and plays to the end with every position loading back; an Arrow Tower
    outside a siege, or a second one, is refused."""
    doc = fight("siege.yaml")
    doc["defender"]["units"] = []
    state = load(doc)
    rng = random.Random(4)
    while not state.is_terminal():
        assert load(state.to_position()).to_position() == state.to_position()
        random_action(state, rng)
    doc = fight("siege.yaml")
    doc["site"]["captured"] = True
    assert "Arrow Tower" in str(refused(doc))
    doc = fight("siege.yaml")
    doc["defender"]["units"].append({"id": "tower-2", "card": PACK.tower.id, "field": "tower"})
    assert "one Arrow Tower" in str(refused(doc))


def test_two_units_on_one_field_are_refused() -> None:
    """Issue 20 §2: two units on one field loaded and played."""
    doc = fight()
    units = doc["attacker"]["units"]
    placed = [u for u in units if "field" in u]
    placed[1]["field"] = placed[0]["field"]
    error = refused(doc)
    assert "already stands there" in str(error)
    assert fields(error)[0].startswith("attacker.units[")


def test_a_result_beyond_the_limits_is_refused() -> None:
    """Issue 20 §2: ``result.rounds: 10**30`` loaded, then its save would not load."""
    state = load(shipped("hero-battle.yaml"))
    rng = random.Random(1)
    while not state.is_terminal():
        random_action(state, rng)
    doc = state.to_position()
    assert load(doc).to_position() == doc  # a finished battle loads back
    doc["result"]["rounds"] = 10**30  # type: ignore[index]
    assert fields(refused(doc)) == ["result.rounds"]


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    """Issue 20 §2 (duplicate fields): YAML would keep the last ``mode``; the file is refused."""
    path = tmp_path / "twice.yaml"
    text = shipped_battle("hero-battle.yaml").read_text(encoding="utf-8")
    path.write_text(text + "mode: solo\n", encoding="utf-8")
    error = refused(str(path))
    assert fields(error) == ["<file>"] and "duplicate key 'mode'" in str(error)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["attacker"].update(played=["no-such-card"]), "attacker.played[0]"),
        (lambda d: d["attacker"]["units"][0].update(overlay="attack"), "attacker.units[0].overlay"),
        (lambda d: d["attacker"]["units"][0].update(card=""), "attacker.units[0].card"),
        (lambda d: d["attacker"]["units"][0].update(damage=10**30), "attacker.units[0].damage"),
        (lambda d: d["attacker"]["units"][0].update(damage=40), "attacker.units[0].damage"),
        (lambda d: d["pending"][-1].update(side=5), "pending"),
        (lambda d: d["pending"].append({"kind": "empower", "seat": 0}), "pending["),
    ],
)
def test_unknown_cards_and_numbers_beyond_the_limits_are_named(change: Any, field: str) -> None:
    """Issue 20 §2: unknown cards (a card played, an overlay that is no card to lay on a unit),
    units and numbers beyond the format's limits are refused naming the field."""
    doc = fight()
    change(doc)
    assert fields(refused(doc))[0].startswith(field)


@pytest.mark.parametrize(
    ("count", "field", "reason"),
    [
        (31, "defender.units", "more than 30 units"),
        (5_000, "defender.units", "more than 30 units"),
        (20_000, "<root>", "more than 20000 values"),
    ],
)
def test_a_battle_of_thousands_of_units_is_refused_at_once(
    count: int, field: str, reason: str
) -> None:
    """Issue 20 §2: a 20,000-unit battle took 8 s to load; a side lists at most 30 units, a
    position holds at most 20,000 values (docs/homm3-battle.md, *Limits*)."""
    doc = shipped("hero-battle.yaml")
    doc["defender"]["units"] = ["skeletons"] * count
    start = time.process_time()
    error = refused(doc)
    assert time.process_time() - start < 1.0
    assert fields(error) == [field] and reason in str(error)


@pytest.mark.parametrize("name", shipped_battles())
def test_valid_battles_load_round_trip_and_play_to_the_end(name: str) -> None:
    """Issue 20 §2: a valid battle file loads, and each state reached reads back from its save
    and from its battle file, to the end."""
    state = load(shipped(name), seed=2)
    rng = random.Random(2)
    while True:
        assert state.game.deserialize_state(state.serialize()).serialize() == state.serialize()
        assert load(state.to_position(), seed=9).to_position() == state.to_position()
        if state.is_terminal():
            break
        random_action(state, rng)


# === saved states ============================================================================


def saved() -> tuple[CombatState, dict[str, Any]]:
    """A state in the fight and its save as data."""
    state = load(fight())
    return state, json.loads(state.serialize())


def refused_save(state: CombatState, doc: dict[str, Any]) -> DataError:
    with pytest.raises(DataError) as caught:
        state.game.deserialize_state(json.dumps(doc))
    return caught.value


def test_a_saved_unit_whose_key_differs_from_its_id_is_refused() -> None:
    """Issue 20 §2 (saved states): a unit whose key differs from its id was accepted."""
    state, doc = saved()
    units = doc["data"]["battle"]["units"]
    key = next(iter(units))
    units[key]["id"] = "someone-else"
    error = refused_save(state, doc)
    assert error.field == f"data.battle.units.{key}.id"


def test_a_saved_unit_with_no_card_is_refused() -> None:
    """Issue 20 §2 (saved states): ``card: ""`` was accepted, then crashed."""
    state, doc = saved()
    units = doc["data"]["battle"]["units"]
    key = next(iter(units))
    units[key]["card"] = ""
    assert refused_save(state, doc).field == f"data.battle.units.{key}.card"


def test_a_saved_unknown_overlay_is_refused() -> None:
    """Issue 20 §2 (saved states): an unknown overlay was accepted, then crashed."""
    state, doc = saved()
    units = doc["data"]["battle"]["units"]
    key = next(iter(units))
    for overlay in ("no-such-card", "attack"):
        broken = copy.deepcopy(doc)
        broken["data"]["battle"]["units"][key]["overlay"] = overlay
        assert refused_save(state, broken).field == f"data.battle.units.{key}.overlay"


def test_a_saved_step_asking_a_side_no_player_holds_is_refused_naming_it() -> None:
    """Issue 20 §2 (a save that breaks a rule of its format is refused naming the field): an
    Intelligence early cast (homm3.md §8.12) pending for the neutral side, which no player
    holds and which has no hero, is refused naming the step, not accepted as a chance node
    without outcomes."""
    doc = yaml.safe_load(shipped_battle("neutral-fight.yaml").read_text(encoding="utf-8"))
    game = load_game("homm3-combat", battle=doc)
    save = json.loads(game.new_initial_state(seed=1).serialize())
    steps = save["data"]["flow"]["steps"]
    steps.append({"kind": "early-cast", "side": 1})
    with pytest.raises(DataError) as refused:
        game.deserialize_state(json.dumps(save))
    assert refused.value.field == f"data.flow.steps[{len(steps) - 1}]"
    assert "early-cast" in str(refused.value) or "no hero" in str(refused.value)
