"""The built-in bots on the core's toy game: specs, determinism, fairness, the docs' example."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from toy_game import ToyGame, ToyState

from rulekeeper.core import Action, UnknownGameError, play_out
from rulekeeper.core import agents as agents_module
from rulekeeper.core.agents import (
    BUILT_IN,
    QUIET,
    Agent,
    GreedyAgent,
    RandomAgent,
    bot_names,
    make_agent,
    own_bots,
    playable,
)
from rulekeeper.core.mcts import DEFAULT_LEVEL, LEVELS, MCTSAgent
from rulekeeper.core.plugin import GameInfo

DOC = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def new_state(seed: int = 0) -> ToyState:
    state = ToyGame(rounds=3, hand_size=3).new_initial_state(seed)
    assert isinstance(state, ToyState)
    return state


def test_playable_keeps_quiet_actions_only_when_nothing_else_is_left() -> None:
    """Issue 9 §2: random never forfeits, offers or accepts a draw; no built-in bot gives a HoMM3
    battle up (surrender, flee, retreat) while it can still fight."""
    forfeit, move = Action.of("forfeit"), Action.of("move", to=1)
    assert playable([forfeit, move]) == [move]
    assert playable([forfeit]) == [forfeit]
    assert {"forfeit", "offer-draw", "accept-draw", "surrender", "flee", "retreat"} == QUIET


def test_random_agent_never_takes_a_quiet_action_with_another_choice() -> None:
    state = new_state()
    legal = state.legal_actions(0)
    agent = RandomAgent(1)
    fake = type("Fake", (), {"legal_actions": lambda self, seat: [Action.of("forfeit"), *legal]})
    assert all(agent.choose(fake(), 0).kind != "forfeit" for _ in range(50))  # type: ignore[arg-type]


def test_evaluate_is_returns_at_the_end_and_zero_by_default() -> None:
    state = new_state(2)
    assert state.evaluate(0) == 0.0  # the toy has no evaluation of its own
    play_out(state, {0: RandomAgent(1), 1: RandomAgent(2)})
    assert [state.evaluate(s) for s in (0, 1)] == state.returns()
    with pytest.raises(ValueError):
        state.evaluate(5)


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts@1", "mcts"])
def test_specs_build_bots_that_finish_a_game(spec: str) -> None:
    bot = make_agent(spec, seed=3)
    assert isinstance(bot, Agent)
    state = new_state(4)
    play_out(state, {0: bot, 1: make_agent("random", seed=4)})
    assert state.is_terminal()


def test_spec_levels_are_iteration_budgets() -> None:
    assert isinstance(make_agent("greedy@2", 0), GreedyAgent)
    for level, iterations in LEVELS.items():
        bot = make_agent(f"mcts@{level}", 0)
        assert isinstance(bot, MCTSAgent) and bot.iterations == iterations
    default = make_agent("mcts", 0)
    assert isinstance(default, MCTSAgent) and default.iterations == LEVELS[DEFAULT_LEVEL]
    assert LEVELS == {1: 25, 2: 50, 3: 100, 4: 200, 5: 400}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "empty bot spec"),
        ("mtcs", "unknown bot 'mtcs'"),
        ("mcts@9", "no level 9"),
        ("mcts@x", "must be a number"),
        ("no_such_module_xyz:Bot", "cannot import module"),
        ("rulekeeper.core.agents:Nope", "has no class 'Nope'"),
        ("rulekeeper.core.agents:QUIET", "has no class"),
        (":Bot", "write module:Class"),
        ("rulekeeper.core.actions:Action", "must accept seed="),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make_agent(spec, seed=0)


def test_bots_are_reproducible_from_their_seed() -> None:
    for spec in ("random", "greedy", "mcts@1"):
        runs = []
        for _ in range(2):
            state = new_state(5)
            play_out(state, {0: make_agent(spec, 7), 1: make_agent("random", 8)})
            runs.append(state.serialize())
        assert runs[0] == runs[1], spec


def test_mcts_validates_its_budget() -> None:
    with pytest.raises(ValueError, match="at least one iteration"):
        MCTSAgent(iterations=0)
    bot = MCTSAgent(iterations=10_000, seed=1, think=0.05)  # the wall clock stops it early
    state = new_state(6)
    assert bot.choose(state, 0) in state.legal_actions(0)


def test_the_docs_example_bot_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    example = next(b for b in blocks if "class Cautious" in b)
    assert len(example.strip().splitlines()) <= 35
    (tmp_path / "mybot_doc_example.py").write_text(example, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        bot = make_agent("mybot_doc_example:Cautious@2", seed=1)
        state = new_state(7)
        play_out(state, {0: bot, 1: make_agent("random", 2)})
        assert state.is_terminal()
    finally:
        sys.modules.pop("mybot_doc_example", None)


def test_a_games_own_bots_come_from_its_declaration_issue_22_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 22 §1: the bots offered for a game beside the built-in ones are its declaration's
    (``GameInfo.bots``), not an attribute of the game class; a game without a declaration
    offers the built-in ones only, and one game's bot is not offered for another."""
    declared = GameInfo(
        name=ToyGame.name,
        game="toy_game:ToyGame",
        description="the toy game",
        players=(2,),
        bots={"cautious": "rulekeeper.core.agents:RandomAgent"},
    )

    def declaration(name: str) -> GameInfo:
        if name != ToyGame.name:
            raise UnknownGameError(f"unknown game {name!r}")
        return declared

    monkeypatch.setattr(agents_module, "game_info", declaration)
    game = new_state().game
    assert not hasattr(game, "bots")
    assert own_bots(game) == {"cautious": "rulekeeper.core.agents:RandomAgent"}
    assert bot_names(game) == (*BUILT_IN, "cautious")
    assert isinstance(make_agent("cautious", 3, game), RandomAgent)
    with pytest.raises(ValueError, match="unknown bot 'cautious'"):
        make_agent("cautious", 3)
    monkeypatch.setattr(agents_module, "game_info", lambda name: declaration("other"))
    assert bot_names(game) == BUILT_IN and own_bots(None) == {}
    with pytest.raises(ValueError, match="unknown bot 'cautious'"):
        make_agent("cautious", 3, game)
