"""Random battles through the public API, checking the rules' invariants after every action
(issue 8, part 3): at most 5 units a side on the board, one activation per unit per round, at
most one retaliation per unit per round unless an ability allows more, no negative damage,
damage below the HP of the face showing; plus save and battle-file round trips and replay
determinism. A short run in every test run; 150 battles with RULEKEEPER_SLOW=1 (./rk test)."""

from __future__ import annotations

import json
import os
import random
from importlib import resources
from pathlib import Path

import pytest
from battle_helpers import random_battle

from rulekeeper.core import CHANCE, Action, GameState, load_game, replay
from rulekeeper.core.replay import record_of
from rulekeeper.games.homm3.combat import invariants
from rulekeeper.games.homm3.game import CombatState, shipped_battle, shipped_battles

SLOW = bool(os.environ.get("RULEKEEPER_SLOW"))
SCHEMA = Path(str(resources.files("rulekeeper.games.homm3.battle") / "homm3-battle.schema.json"))
BATTLES = shipped_battles()


def check_invariants(state: CombatState) -> None:
    assert invariants.problems(state) == []


def play(state: GameState, rng: random.Random, check: bool = True) -> list[tuple[int, Action]]:
    taken = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply_action(action, seat)
        taken.append((seat, action))
        if check:
            assert isinstance(state, CombatState)
            check_invariants(state)
        assert len(taken) < 5_000, "a battle that does not end"
    if check:
        check_log(state)
    return taken


def check_log(state: GameState) -> None:
    assert isinstance(state, CombatState)
    assert invariants.log_problems(state) == []


@pytest.mark.parametrize("name", BATTLES)
def test_random_battles_keep_the_invariants(name: str) -> None:
    """homm3.md §5.15, §5.18.5: checked after every action of random battles."""
    game = load_game("homm3-combat", battle=shipped_battle(name).as_posix())
    for seed in range(25 if SLOW else 5):
        state = game.new_initial_state(seed=seed)
        play(state, random.Random(seed))
        result = state.flow.result
        assert result is not None and result["winner"] in ("attacker", "defender")
        assert sorted(state.returns()) == sorted(state.returns())
        assert sum(1 for r in state.returns() if r > 0) <= 1


@pytest.mark.parametrize("name", BATTLES)
def test_saves_and_battle_files_round_trip(name: str) -> None:
    """A saved state reads back equal; a battle file written mid-battle loads to the same
    legal actions and observations (issue 8: serialisation and position round trips)."""
    game = load_game("homm3-combat", battle=shipped_battle(name).as_posix())
    rng = random.Random(name)
    for seed in range(4 if SLOW else 2):
        state = game.new_initial_state(seed=seed)
        step = 0
        while not state.is_terminal():
            if step % 5 == 0:
                text = state.serialize()
                again = game.deserialize_state(text)
                assert again.serialize() == text
                doc = json.loads(json.dumps(state.to_position()))
                loaded = load_game("homm3-combat", battle=doc).new_initial_state(seed=seed)
                assert loaded.current_player() == state.current_player()
                if state.current_player() >= 0:
                    seat = state.current_player()
                    assert loaded.legal_actions(seat) == state.legal_actions(seat)
                for seat in range(state.num_players):
                    mine = state.observation(seat)
                    theirs = loaded.observation(seat)
                    assert mine == theirs
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            step += 1


def test_replay_is_deterministic() -> None:
    """A battle is reproduced from its setup, seed and action log."""
    game = load_game("homm3-combat", battle=shipped_battle("siege.yaml").as_posix())
    state = game.new_initial_state(seed=7)
    play(state, random.Random(7), check=False)
    again = replay(record_of(state))
    assert again.serialize() == state.serialize()


def test_random_armies() -> None:
    """Random armies, sites, modes and options: the invariants hold and every battle ends
    with a result."""
    rng = random.Random(8)
    for index in range(60 if SLOW else 15):
        doc = random_battle(rng)
        state = load_game("homm3-combat", battle=doc).new_initial_state(seed=index)
        play(state, random.Random(index))
        assert isinstance(state, CombatState)
        assert state.flow.result is not None


def test_battle_files_follow_the_json_schema() -> None:
    """docs/homm3-battle.md: the shipped battles and battle files written mid-battle follow
    the JSON schema shipped with the format."""
    import jsonschema
    import yaml

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    rng = random.Random(3)
    for name in BATTLES:
        doc = yaml.safe_load(shipped_battle(name).read_text(encoding="utf-8"))
        validator.validate(doc)
        state = load_game("homm3-combat", battle=doc).new_initial_state(seed=1)
        while not state.is_terminal():
            validator.validate(state.to_position())
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        validator.validate(state.to_position())
    bad = {"format": "homm3-battle", "version": 1, "attacker": {"kind": "wizard"}}
    assert not validator.is_valid(bad)


def test_every_step_is_in_the_vocabulary() -> None:
    """Every step class of the battle's modules can be saved and read back: it is in STEPS."""
    import inspect
    import pkgutil

    import rulekeeper.games.homm3.combat as package
    from rulekeeper.core import Step
    from rulekeeper.games.homm3.game import STEPS

    found = set()
    for info in pkgutil.iter_modules(package.__path__):
        module = __import__(f"{package.__name__}.{info.name}", fromlist=["_"])
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Step) and cls.__module__ == module.__name__ and cls.kind:
                found.add(cls)
    missing = sorted(cls.__name__ for cls in found if cls not in STEPS)
    assert missing == []


def test_legal_actions_and_refusals_agree() -> None:
    """The legal list and the legality check come from one rule (the steps' refusals): every
    listed action is legal, and actions of the same kinds with other values are refused with
    a rule, the state unchanged."""
    rng = random.Random(12)
    for index in range(20 if SLOW else 8):
        state = load_game("homm3-combat", battle=random_battle(rng)).new_initial_state(seed=index)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
                continue
            legal = state.legal_actions(seat)
            for action in legal:
                assert state.explain(action, seat).legal, action
            for action in legal[:3]:
                for key, value in action.params:
                    other = Action.of(action.kind, **{**dict(action.params), key: f"{value}x"})
                    if other not in legal:
                        before = state.serialize()
                        verdict = state.explain(other, seat)
                        assert not verdict.legal and verdict.rule, other
                        assert state.serialize() == before
            state.apply_action(rng.choice(legal), seat)
