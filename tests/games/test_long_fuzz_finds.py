"""What the long corrupted-input fuzz (issue 20 §2, RULEKEEPER_LONG=1) found, each as a small
hand-made corrupted document: HoMM3 saves (tests/games/homm3/test_corrupted_inputs.py, seeds
12386, 12905, 13297, 14317) and a Battleground position
(tests/games/battleground/test_positions_corrupted.py, corruption 3055)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import yaml

from rulekeeper.core import CHANCE, SIMULTANEOUS, DataError, load_game
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.game import CombatState, shipped_battle


def homm3_save(name: str) -> tuple[Any, dict[str, Any]]:
    """The game of the shipped battle *name* and its save at the start, as data."""
    doc = yaml.safe_load(shipped_battle(name).read_text(encoding="utf-8"))
    game = load_game("homm3-combat", battle=doc)
    return game, json.loads(game.new_initial_state(seed=0).serialize())


def refused_at(game: Any, save: dict[str, Any]) -> str:
    """The field the refusal of the save names."""
    with pytest.raises(DataError) as caught:
        game.deserialize_state(json.dumps(save))
    return str(caught.value.field)


@pytest.mark.parametrize("kind", ["pay-cost", "push"])
def test_homm3_save_with_a_step_swapped_for_an_empty_one_is_refused(kind: str) -> None:
    """Issue 20 §2 (long fuzz seeds 12386, 12905: 'pay-cost' without a card play waiting,
    AssertionError in cards.py; 13297: 'push' without its units, KeyError ''): a save whose
    step became another kind without that kind's fields is refused naming the step."""
    game, save = homm3_save("siege.yaml")
    steps = save["data"]["flow"]["steps"]
    assert steps[1]["kind"] == "set-gate"
    steps[1] = {"kind": kind}
    assert refused_at(game, save) == "data.flow.steps[1]"


def test_homm3_save_mid_activation_with_a_side_off_the_board_is_refused() -> None:
    """Issue 20 §2 (long fuzz seed 14317; homm3.md §5.20 Defeat): a save in an activation
    while one side has no unit left on the board is refused naming the activation (the rules
    settle past it; its battle file ended the battle at once while the save stayed open)."""
    doc = yaml.safe_load(shipped_battle("hero-battle.yaml").read_text(encoding="utf-8"))
    game = load_game("homm3-combat", battle=doc)
    state = game.new_initial_state(seed=0)
    rng = random.Random(0)
    assert isinstance(state, CombatState)
    while not (isinstance(state.flow.steps[-1], ActivationStep) and state.current_player() >= 0):
        seat = state.current_player()
        if seat == CHANCE:
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply_action(action, seat)
    active = state.battle.units[state.flow.steps[-1].unit].side
    save = json.loads(state.serialize())
    for unit in save["data"]["battle"]["units"].values():
        if unit["side"] != active and unit["field"] >= 0:
            unit["field"] = -1
    where = refused_at(game, save)
    assert where == f"data.flow.steps[{len(state.flow.steps) - 1}]"


def test_battleground_position_with_activations_below_the_default_round_trips() -> None:
    """Issue 20 §2 (long fuzz corruption 3055; docs/positions.md `activations`): a position
    whose player has 0 activations while its characters are marked activated writes the 0,
    so its own position loads back the same (it was left out and read back as the count)."""
    game = load_game("battleground")
    state = game.new_initial_state(seed=0)
    rng = random.Random(0)
    assert isinstance(state, BattlegroundState)
    while not any(f.activated for f in state.on_board(0)):
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        seat = rng.choice([0, 1]) if seat == SIMULTANEOUS else seat
        options = state.legal_actions(seat)
        if options:
            state.apply_action(rng.choice(options), seat)
    position = state.to_position()
    position["players"][0]["activations"] = 0
    loaded = load_game("battleground", position=position).new_initial_state(seed=1)
    assert isinstance(loaded, BattlegroundState)
    written = loaded.to_position()
    assert written["players"][0]["activations"] == 0
    again = load_game("battleground", position=written).new_initial_state(seed=1)
    assert again.to_position() == written
