"""The Starting tiles' rotation, a setup decision (homm3.md §3 step 21; issue 24 §2 Setup).

"Players may rotate their Starting map tiles freely; then place their (Main) Hero figure on the
Town field of their Starting tile": after the Starting Bonus each seat in turn order turns its
tile (``lay at=Q,R rotation=N``), in a rotation the reveal rule allows (no path cut off, §5.1,
§9.13, geometry.py ``reveal_refusal``); a scenario may fix a seat's rotation.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import jsonschema
import pytest

from rulekeeper.core import Action, RandomAgent, load_game
from rulekeeper.core.agents import GreedyAgent
from rulekeeper.core.content import load_yaml
from rulekeeper.core.graph import Tile, TileField, hex_key
from rulekeeper.games.homm3.map import board, geometry, setup
from rulekeeper.games.homm3.map.bonus import BonusChoiceStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.setup import StartRotationStep
from rulekeeper.games.homm3.scenario import ScenarioError, read_scenario, shipped_scenario
from rulekeeper.games.homm3.views import map_terminal

HOMM3 = "rulekeeper.games.homm3"


def schema(package: str, name: str) -> jsonschema.Draft202012Validator:
    """The JSON schema *name* shipped in *package*."""
    text = (resources.files(package) / name).read_text(encoding="utf-8")
    return jsonschema.Draft202012Validator(json.loads(text))


START = "-5,1"
"""Seat 0's starting slot in clash-2 (Castle, tile S3, with these factions)."""


def new_state(seed: int = 1, **params: Any) -> MapState:
    """A 2-player Clash game without Starting Bonus: the rotations come first."""
    params.setdefault("difficulty", "impossible")
    game = load_game("homm3", players=2, factions="castle,dungeon", **params)
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    return state


def scenario_doc(rotations: dict[int, int]) -> dict[str, Any]:
    """clash-2 with the seats' Starting tile rotations fixed as *rotations* says."""
    text = shipped_scenario("clash-2").read_text(encoding="utf-8")
    doc = dict(load_yaml(text, "clash-2"))
    variants = [dict(v) for v in doc["variants"]]
    for variant in variants:
        seats = [dict(s) for s in variant["seats"]]
        for seat, turn in rotations.items():
            seats[seat]["rotation"] = turn
        variant["seats"] = seats
    doc["variants"] = variants
    return doc


def test_each_seat_turns_its_starting_tile_in_turn_order() -> None:
    """homm3.md §3 step 21: after the Starting Bonus (§3 step 16) each seat, in turn order,
    chooses one of the six rotations of its Starting tile; on the shipped map all six leave
    every path open."""
    state = new_state(seed=3)
    step = state.flow.top()
    assert isinstance(step, StartRotationStep) and step.seats == state.order
    for seat in state.order:
        assert state.current_player() == seat
        at = hex_key(state.game.scenario.layout(2).seats[seat].start)
        legal = state.legal_actions(seat)
        assert legal == [Action.of("lay", at=at, rotation=n) for n in range(6)]
        state.apply_action(legal[1], seat)
    assert not isinstance(state.flow.top(), StartRotationStep) and state.round == 1


def test_the_bonus_comes_first() -> None:
    """homm3.md §3 steps 16 and 21: the Starting Bonus is taken before the tiles are turned."""
    state = new_state(difficulty="normal")
    assert isinstance(state.flow.top(), BonusChoiceStep)
    assert state.flow.find(StartRotationStep) is None


@pytest.mark.parametrize("turn", range(6))
def test_the_tile_is_laid_again_and_the_town_and_hero_stay_on_its_town_field(turn: int) -> None:
    """homm3.md §3 step 21: the tile turned *turn* sixths; its fields move with it (the
    blocked field among them), the Town field stays the centre, the hero stays on it."""
    state = new_state()
    seat = state.current_player()
    town = next(t for t in state.towns if t.seat == seat)
    hero = next(h for h in state.heroes if h.seat == seat)
    assert town.field == hero.field == START
    state.apply_action(Action.of("lay", at=START, rotation=turn), seat)
    placement = next(p for p in state.placements if hex_key(p.anchor) == START)
    assert placement.rotation == turn and placement.tile == "S3"
    printed = state.game.pack.tiles["S3"]
    blocked = next(f.position for f in printed.fields if f.location == "blocked")
    where = hex_key(geometry.position_hex(START, blocked, turn))
    assert where in state.tilemap().graph.closed
    mine = next(f.position for f in printed.fields if f.location == "mine")
    field = board.field_at(state, hex_key(geometry.position_hex(START, mine, turn)))
    assert field is not None and field.location == "mine"
    assert town.field == hero.field == START
    assert board.town_at(state, START) is town


def test_a_rotation_that_cuts_the_start_off_is_refused_by_the_reveal_rule() -> None:
    """homm3.md §5.1, §9.13 (a tile cuts no path off): with a Starting tile open only at its
    centre and one ring field, a rotation turning that field to empty slots is refused, the
    path rule named, by the reveal rule's own refusal (geometry.py ``reveal_refusal``)."""
    game = load_game("homm3", players=2, difficulty="impossible", factions="castle,dungeon")
    printed = game.catalogue["S3"]
    game.catalogue["S3"] = Tile(
        "S3", tuple(TileField(f.name, f.q, f.r, blocked=f.name not in "01") for f in printed.fields)
    )
    state = game.new_initial_state(seed=1)
    assert isinstance(state, MapState)
    allowed = setup.start_rotations(state, 0)
    assert allowed and len(allowed) < 6
    for turn in range(6):
        refusal = setup.rotation_refusal(state, 0, turn)
        assert (refusal is None) == (turn in allowed)
        explained = state.explain(Action.of("lay", at=START, rotation=turn), 0)
        assert explained.legal == (turn in allowed)
        if refusal is not None:
            assert refusal[0] == geometry.RULE_PATH and explained.rule == geometry.RULE_PATH
    assert [a.get("rotation") for a in state.legal_actions(0)] == allowed
    bad = Action.of("lay", at=START, rotation=6)
    assert state.explain(bad, 0).rule == geometry.RULE_SLOT
    assert not state.explain(Action.of("lay", at="5,-1", rotation=0), 0).legal


def test_a_scenario_may_fix_a_seats_rotation() -> None:
    """homm3.md §3 step 21, docs/homm3-scenarios.md: a seat with ``rotation`` in the scenario
    has its Starting tile laid so and is not asked; the others still choose."""
    doc = scenario_doc({0: 3})
    schema(f"{HOMM3}.scenario", "homm3-scenario.schema.json").validate(doc)
    state = new_state(scenario=doc)
    laid = next(p for p in state.placements if hex_key(p.anchor) == START)
    assert laid.rotation == 3
    step = state.flow.top()
    assert isinstance(step, StartRotationStep) and step.seats == [1]
    fixed = new_state(scenario=scenario_doc({0: 3, 1: 5}))
    assert fixed.flow.find(StartRotationStep) is None and fixed.round == 1


def test_a_seats_rotation_outside_0_to_5_is_refused_with_its_field() -> None:
    """docs/homm3-scenarios.md: ``seats[].rotation`` is 0..5 sixths of a turn."""
    pack = load_game("homm3", players=2).pack  # type: ignore[attr-defined]
    doc = scenario_doc({1: 6})
    assert not schema(f"{HOMM3}.scenario", "homm3-scenario.schema.json").is_valid(doc)
    with pytest.raises(ScenarioError) as caught:
        read_scenario(doc, pack, "test")
    assert "variants[0].seats[1].rotation" in str(caught.value)


def test_a_position_in_the_rotation_step_round_trips() -> None:
    """issue 24 §4 (positions): a game saved while the seats turn their tiles reads back with
    the same pending choice, and goes on the same way."""
    state = new_state(seed=2)
    first = state.current_player()
    state.apply_action(Action.of("lay", at=START, rotation=4), first)
    doc = state.to_position()
    schema(f"{HOMM3}.map", "homm3-position.schema.json").validate(doc)
    again = load_game("homm3", position=doc).new_initial_state(seed=9)
    assert again.to_position() == doc
    seat = again.current_player()
    assert seat == state.current_player() and again.legal_actions(seat) == state.legal_actions(seat)
    action = state.legal_actions(seat)[2]
    state.apply_action(action, seat)
    again.apply_action(action, seat)
    assert again.to_position() == state.to_position()


@pytest.mark.parametrize("make", [GreedyAgent, RandomAgent])
def test_the_bots_turn_their_tiles(make: Any) -> None:
    """issue 24 §5: the greedy bot (one-ply, its evaluation) and the random bot answer the
    rotation with a legal choice."""
    state = new_state(seed=5)
    agent = make(7)
    while isinstance(state.flow.top(), StartRotationStep):
        seat = state.current_player()
        action = agent.choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply_action(action, seat)
    assert state.round == 1


def test_the_terminal_tells_the_choice_and_previews_it() -> None:
    """issue 24 §5: the screen says what is decided ("Rotate your Starting tile"), the menu
    tells each rotation, and ``preview`` draws the map with the choice laid."""
    state = new_state()
    seat = state.current_player()
    lines = map_terminal.pending_lines(state, seat)
    assert lines and lines[0].startswith("Rotate your Starting tile S3 at (-5,1)")
    assert map_terminal.pending_lines(state, 1 - seat) == []
    said = state.describe(Action.of("lay", at=START, rotation=2))
    assert said == "turn the Starting tile S3 (Starting) at (-5,1) 2 sixths counter-clockwise"
    shown = map_terminal.preview(state, seat, Action.of("lay", at=START, rotation=2))
    assert shown is not None and "the map would be" in shown
    assert "Starting tiles' rotation" in map_terminal.status_line(state)
    other = state.resample(seat, random.Random(1))
    assert map_terminal.pending_lines(other, seat) == lines
