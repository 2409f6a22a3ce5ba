import pytest
from toy_game import PickCards, ToyGame, ToyState

from rulekeeper.core import (
    Action,
    Agent,
    GameState,
    IllegalActionError,
    RandomAgent,
    RulekeeperError,
    play_out,
)


def new_state(seed: int = 0, **params: int) -> ToyState:
    state = ToyGame(**params).new_initial_state(seed)
    assert isinstance(state, ToyState)
    return state


@pytest.mark.parametrize("seed", range(25))
def test_random_agents_finish_the_game(seed: int) -> None:
    state = new_state(seed, rounds=4, hand_size=2)
    result = play_out(state, {0: RandomAgent(seed), 1: RandomAgent(seed + 100)})
    assert result is state
    assert state.is_terminal()
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert state.round == 4


def test_play_out_is_deterministic() -> None:
    a, b = new_state(3), new_state(3)
    play_out(a, {0: RandomAgent(1), 1: RandomAgent(2)})
    play_out(b, {0: RandomAgent(1), 1: RandomAgent(2)})
    assert a.serialize() == b.serialize()


def test_random_agent_is_an_agent_and_stays_legal() -> None:
    agent = RandomAgent(4)
    assert isinstance(agent, Agent)
    state = new_state()
    choices = {agent.choose(state, 0) for _ in range(50)}
    assert choices == set(state.legal_actions(0))
    state.apply_action(state.legal_actions(0)[0], 0)
    with pytest.raises(RulekeeperError):
        agent.choose(state, 0)  # nothing left to choose


class Recorder:
    """Agent that notes, at each card pick it is asked for, whether the other seat had
    already picked."""

    def __init__(self) -> None:
        self.opponent_picked_when_asked: list[bool] = []

    def choose(self, state: GameState, player: int) -> Action:
        if isinstance(state.flow.top(), PickCards):
            zones = state.observation(player)["zones"]
            self.opponent_picked_when_asked.append(zones[f"played{1 - player}"]["count"] == 1)
        return state.legal_actions(player)[0]


def test_simultaneous_choices_are_made_before_any_is_applied() -> None:
    """docs/bots.md (play_out): at a simultaneous node every seat is asked against the same
    state, and the choices are applied in seat order; a later seat is not asked again once an
    earlier choice is in, as long as its own is still legal (it used to be, after the other's
    secret pick)."""
    recorders = {0: Recorder(), 1: Recorder()}
    play_out(new_state(), recorders)
    for recorder in recorders.values():
        assert recorder.opponent_picked_when_asked
        assert not any(recorder.opponent_picked_when_asked)


def test_play_out_limits_and_missing_agents() -> None:
    with pytest.raises(RulekeeperError, match="within 3 actions"):
        play_out(new_state(), {0: RandomAgent(0), 1: RandomAgent(1)}, max_actions=3)
    with pytest.raises(KeyError, match="player 1"):
        play_out(new_state(), {0: RandomAgent(0)})


class Cheater:
    def choose(self, state: GameState, player: int) -> Action:
        return Action.of("pick", card="not-a-card")


def test_illegal_agent_moves_are_refused() -> None:
    state = new_state()
    before = state.serialize()
    with pytest.raises(IllegalActionError):
        play_out(state, {0: Cheater(), 1: Cheater()})
    assert state.serialize() == before
