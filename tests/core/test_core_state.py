"""The GameState contract, exercised through the toy duel."""

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toy_game import TOY_DIE, ToyGame, ToyState
from toy_showdown import Reactions

from rulekeeper.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    DataError,
    Game,
    IllegalActionError,
    Pcg32,
)


def new_state(seed: int = 1, **params: Any) -> ToyState:
    state = ToyGame(**params).new_initial_state(seed)
    assert isinstance(state, ToyState)
    return state


def pick_both(state: ToyState) -> None:
    for p in (0, 1):
        state.apply_action(state.legal_actions(p)[0], p)


def roll(state: ToyState, face: str) -> None:
    state.apply_action(Action.of("roll", face=face))


def to_decision(state: ToyState) -> None:
    """Advance a fresh state to the defender's accept-or-reroll decision."""
    pick_both(state)
    roll(state, "success")


def to_terminal(state: ToyState) -> None:
    """Play on from any node with fixed choices until the game ends."""
    while not state.is_terminal():
        player = state.current_player()
        if player == SIMULTANEOUS:
            p = next(p for p in (0, 1) if state.legal_actions(p))
            state.apply_action(state.legal_actions(p)[0], p)
        elif player == CHANCE:
            roll(state, "blank")
        else:  # the one seat left to pick, or the defender at the reroll window
            legal = state.legal_actions()
            state.apply_action(Action.of("pass") if Action.of("pass") in legal else legal[0])


def step_random(state: ToyState, rng: Pcg32) -> None:
    """One random step: chance from the state's stream, players from *rng*."""
    player = state.current_player()
    if player == CHANCE:
        state.resolve_chance()
    elif player == SIMULTANEOUS:
        pending = [p for p in (0, 1) if state.legal_actions(p)]
        p = rng.choice(pending)
        state.apply_action(rng.choice(state.legal_actions(p)), p)
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def assert_refused(state: ToyState, action: Action, player: int | None, rule: str) -> None:
    before = state.serialize()
    verdict = state.explain(action, player)
    assert not verdict.legal
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action, player)
    assert info.value.rule == rule == verdict.rule
    assert info.value.reason == verdict.reason
    assert state.serialize() == before


# -- flow -------------------------------------------------------------------------


def test_round_flow_visits_every_kind_of_node() -> None:
    state = new_state()
    assert state.current_player() == SIMULTANEOUS and state.is_simultaneous_node()
    assert [a.kind for a in state.legal_actions(0)] == ["pick"] * 3
    state.apply_action(state.legal_actions(0)[0], 0)
    assert state.current_player() == 1  # the one seat still to pick
    assert state.legal_actions(0) == []  # already picked; waits for the other
    state.apply_action(state.legal_actions(1)[0], 1)
    assert state.is_chance_node() and state.current_player() == CHANCE
    assert state.chance_outcomes() == [
        (Action.of("roll", face=face), p) for face, p in TOY_DIE.outcomes()
    ]
    assert state.legal_actions() == [a for a, _ in state.chance_outcomes()]
    roll(state, "reroll")
    assert state.is_chance_node()  # a reroll face rolls again
    roll(state, "success")
    # The *defender* (not the round's attacker, player 0) decides now.
    assert state.attacker == 0
    assert state.current_player() == 1
    window = state.flow.top()
    assert isinstance(window, Reactions) and window.holding() == 1
    assert state.legal_actions() == [Action.of("reroll"), Action.of("pass")]
    assert state.legal_actions(0) == []
    state.apply_action(Action.of("reroll"), 1)
    assert state.is_chance_node()
    roll(state, "blank")
    assert state.round == 1  # second roll is final: no second decision
    assert state.is_simultaneous_node()


def test_terminal_state_and_returns() -> None:
    state = new_state(rounds=2)
    assert state.returns() == [0.0, 0.0]
    to_terminal(state)
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    returns = state.returns()
    assert len(returns) == 2 and sum(returns) == 0.0
    expected = (state.scores[0] > state.scores[1]) - (state.scores[0] < state.scores[1])
    assert returns[0] == expected
    assert state.events[-1].kind == "game_over"


def test_history_logs_players_and_chance() -> None:
    state = new_state()
    to_decision(state)
    history = state.history()
    assert [entry.player for entry in history] == [0, 1, CHANCE]
    assert history[2].action == Action.of("roll", face="success")
    history.clear()  # a copy
    assert len(state.history()) == 3


def test_legal_actions_argument_rules() -> None:
    state = new_state()
    with pytest.raises(ValueError, match="simultaneous"):
        state.legal_actions()
    with pytest.raises(ValueError):
        state.legal_actions(2)
    assert state.legal_actions(CHANCE) == []
    pick_both(state)
    assert state.legal_actions(0) == []  # seats get nothing at a chance node


# -- illegal actions ----------------------------------------------------------------


def test_illegal_actions_are_explained_and_leave_state_unchanged() -> None:
    state = new_state()
    hand = state.hands[0]
    assert_refused(state, Action.of("fly"), 0, "Toy rules, Pick")
    assert_refused(state, Action.of("pick", card="b1"), 0, "Toy rules, Pick")
    assert_refused(state, Action.of("pick", card=hand[0]), None, "core: simultaneous")
    assert_refused(state, Action.of("pick", card=hand[0]), 7, "core: no such player")
    assert_refused(state, Action.of("roll", face="blank"), CHANCE, "core: not a chance node")
    state.apply_action(Action.of("pick", card=hand[0]), 0)
    assert_refused(state, Action.of("pick", card=hand[1]), 0, "core: out of turn")

    state = new_state()
    pick_both(state)
    assert_refused(state, Action.of("roll", face="six"), None, "core: chance node")
    assert_refused(state, Action.of("roll", face="blank"), 0, "core: chance node")
    assert_refused(state, Action.of("pass"), None, "core: chance node")

    roll(state, "success")
    assert_refused(state, Action.of("pass"), 0, "core: out of turn")  # attacker can't
    assert_refused(state, Action.of("pick", card="a1"), 1, "Toy rules, Reroll")
    assert_refused(state, Action.of("pass", extra=1), 1, "Toy rules, Reroll")

    to_terminal(state)
    assert_refused(state, Action.of("pass"), None, "core: game over")
    assert_refused(state, Action.of("pick", card="a1"), 0, "core: game over")


def test_explain_legal_action() -> None:
    state = new_state()
    action = state.legal_actions(0)[0]
    verdict = state.explain(action, 0)
    assert verdict.legal
    # issue 23 §2.5: no "play card ... is legal" tautology; the toy has no _explain_legal hook,
    # so the default tells what the engine knows (the choices), the client shows describe()
    assert verdict.rule == "core: offered" and "choices player 0 has now" in verdict.reason


def test_resolve_chance_outside_chance_node() -> None:
    state = new_state()
    before = state.serialize()
    with pytest.raises(IllegalActionError) as info:
        state.resolve_chance()
    assert info.value.rule == "core: not a chance node"
    assert state.serialize() == before


class ExplodingState(ToyState):
    """Mutates a lot, then fails, as a buggy rule might."""

    def _apply(self, action: Action, player: int) -> None:
        super()._apply(action, player)
        self.scores[0] += 100
        self.hands[0].clear()
        self.events.append("oops")
        self.rng.next_u32()
        if action.kind == "pass":
            raise IllegalActionError("Toy rules, Deep", "discovered late")
        raise RuntimeError("bug in a rule")


class ExplodingGame(ToyGame):
    name = "toy_exploding"
    state_class = ExplodingState


def test_exception_inside_apply_leaves_state_unchanged() -> None:
    state = ExplodingGame().new_initial_state(3)
    before = state.serialize()
    history = state.history()
    with pytest.raises(RuntimeError, match="bug in a rule"):
        state.apply_action(state.legal_actions(0)[0], 0)
    assert state.serialize() == before
    assert state.history() == history
    assert len(state.events) == 3


def test_illegal_action_raised_inside_apply_leaves_state_unchanged() -> None:
    good = new_state(3)
    to_decision(good)
    state = ExplodingGame().deserialize_state(
        good.serialize().replace('"toy_duel"', '"toy_exploding"')
    )
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="discovered late"):
        state.apply_action(Action.of("pass"))
    assert state.serialize() == before


class LateExplodingState(ToyState):
    """Plays by the toy rules for three actions, then a rule fails midway through the fourth."""

    def _apply(self, action: Action, player: int) -> None:
        super()._apply(action, player)
        if len(self._history) >= 3:
            self.scores[1] += 7
            raise RuntimeError("bug in a later rule")


class LateExplodingGame(ToyGame):
    name = "toy_late_exploding"
    state_class = LateExplodingState


def test_failure_after_actions_in_place_restores_the_state() -> None:
    """Core contract (issue 7 §2): actions apply in place; a rule failing midway rebuilds the
    state from its restore point and the actions since, so nothing it did is kept."""
    state = LateExplodingGame().new_initial_state(4)
    twin = state.clone()
    pick_both(state)
    roll(state, "success")
    assert len(state.history()) == 3
    before = state.serialize()
    events = list(state.events)
    with pytest.raises(RuntimeError, match="bug in a later rule"):
        state.apply_action(state.legal_actions()[0])
    assert state.serialize() == before
    assert list(state.events) == events
    assert twin.history() == []  # a clone taken earlier never sees the in-place changes
    with pytest.raises(RuntimeError, match="bug in a later rule"):  # restored twice: same
        state.apply_action(state.legal_actions()[0])
    assert state.serialize() == before


def test_a_listed_action_is_checked_again_once_the_state_has_moved_on() -> None:
    """Core contract (issue 7 §2): an action taken from the list just given needs no second
    check, but only while the state is the one that listed it."""
    state = new_state(2)
    options = state.legal_actions(0)
    assert len(options) > 1
    state.apply_action(options[0], 0)
    before = state.serialize()
    with pytest.raises(IllegalActionError):
        state.apply_action(options[1], 0)  # player 0 has chosen: the old list is stale
    assert state.serialize() == before
    twin = state.clone()
    mine = state.legal_actions(1)
    state.apply_action(mine[0], 1)
    assert twin.legal_actions(1) == mine  # a clone lists for itself; the original moved on


# -- chance -----------------------------------------------------------------------


def test_resolve_chance_is_deterministic_and_replayable() -> None:
    state = new_state(5)
    pick_both(state)
    twin = state.clone()
    outcome = state.resolve_chance()
    # Supplying the same outcome from outside (a replay, a physical die)
    # consumes the same randomness, so both states are identical.
    twin.apply_action(outcome, CHANCE)
    assert twin.serialize() == state.serialize()
    assert state.history()[-1].player == CHANCE


def test_resolve_chance_follows_the_die() -> None:
    counts: dict[str, int] = {}
    for seed in range(600):
        state = new_state(seed)
        pick_both(state)
        face = str(state.resolve_chance().param("face"))
        counts[face] = counts.get(face, 0) + 1
    assert set(counts) == {"blank", "success", "double_success", "reroll"}
    assert 60 < counts["reroll"] < 140  # p = 1/6 of 600
    assert 150 < counts["blank"] < 250  # p = 1/3


def test_same_seed_same_game_different_seeds_differ() -> None:
    assert new_state(1).serialize() == new_state(1).serialize()
    hands = {tuple(new_state(seed).hands[0]) for seed in range(10)}
    assert len(hands) > 1


# -- clone, observation, serialization ----------------------------------------------


def test_clone_is_independent() -> None:
    state = new_state()
    clone = state.clone()
    assert clone.serialize() == state.serialize()
    assert clone.game is state.game
    before = state.serialize()
    to_decision(clone)
    assert state.serialize() == before
    clone_before = clone.serialize()
    to_decision(state)
    state.apply_action(Action.of("pass"))
    assert clone.serialize() == clone_before


def hidden_cards_leak(state: ToyState, player: int) -> list[str]:
    """Opponent cards that *player* must not be able to see but does.

    A card revealed in an earlier round may legitimately come back into a hand
    after a reshuffle, so only never-revealed cards count as secret; with the
    default deck and hand sizes there is no reshuffle and every card counts.
    """
    opponent = 1 - player
    text = json.dumps(state.observation(player))
    revealed: set[str] = set()
    for event in state.events.public():
        picks = event.data.get("picks")
        if event.kind == "revealed" and isinstance(picks, list):
            revealed.update(str(card) for card in picks)
    secret = [card for card in state.hands[opponent] if card not in revealed]
    both_picked = all(pick is not None for pick in state.picks)
    pick = state.picks[opponent]
    if pick is not None and not both_picked and pick not in revealed:
        secret.append(pick)
    return [card for card in secret if f'"{card}"' in text]


def test_observation_hides_opponent_hand_and_unrevealed_pick() -> None:
    state = new_state(4)
    opp_card = state.hands[1][0]
    state.apply_action(Action.of("pick", card=opp_card), 1)
    obs = state.observation(0)
    assert obs["zones"]["played1"] == {"count": 1}  # the opponent has picked, face down
    assert hidden_cards_leak(state, 0) == []
    assert f'"{opp_card}"' not in json.dumps(obs)
    # The picker sees their own pick.
    assert state.observation(1)["zones"]["played1"]["cards"] == [opp_card]
    state.apply_action(state.legal_actions(0)[0], 0)
    zones = state.observation(0)["zones"]
    assert [zones[f"played{p}"]["cards"][0] for p in (0, 1)] == list(state.picks)
    assert opp_card in state.picks
    with pytest.raises(ValueError):
        state.observation(2)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.integers(1, 5), st.integers(1, 6))
def test_random_playouts_round_trip_after_every_action(
    seed: int, agent_seed: int, rounds: int, hand_size: int
) -> None:
    game = ToyGame(rounds=rounds, hand_size=hand_size)
    state = game.new_initial_state(seed)
    assert isinstance(state, ToyState)
    rng = Pcg32(agent_seed)
    steps = 0
    while True:
        text = state.serialize()
        copy = game.deserialize_state(text)
        assert copy.serialize() == text
        assert copy.current_player() == state.current_player()
        for p in (0, 1):
            assert copy.observation(p) == state.observation(p)
            json.dumps(state.observation(p), allow_nan=False)
            assert hidden_cards_leak(state, p) == []
        if state.is_terminal():
            break
        step_random(state, rng)
        steps += 1
        assert steps < 500
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_deserialized_copy_plays_on_identically() -> None:
    state = new_state(9)
    to_decision(state)
    copy = state.game.deserialize_state(state.serialize())
    for s in (state, copy):
        s.apply_action(Action.of("reroll"))
        s.resolve_chance()
    assert copy.serialize() == state.serialize()


def test_serialize_is_canonical_json() -> None:
    state = new_state()
    text = state.serialize()
    doc = json.loads(text)
    assert json.dumps(doc, sort_keys=True, separators=(",", ":")) == text
    assert doc["game"] == "toy_duel"
    assert doc["params"] == {
        "rounds": 3,
        "hand_size": 3,
        "redraw": False,
        "referee": False,
        "coop": False,
    }
    assert doc["seed"] == 1
    assert set(doc) == {"format", "game", "params", "seed", "rng", "history", "events", "data"}


def tampered(state: ToyState, edit: Any) -> str:
    doc = json.loads(state.serialize())
    edit(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d.update(game="chess"), "game"),
        (lambda d: d.update(params={"rounds": 5, "hand_size": 3}), "params"),
        (lambda d: d.pop("seed"), "seed"),
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["rng"].update(inc=2), "rng.inc"),
        (lambda d: d["history"].append({"player": 0}), "history[0].action"),
        (lambda d: d["history"].append({"player": 0, "action": {}}), "history[0].action.kind"),
        (lambda d: d["events"][0].update(seq=7), "events[0].seq"),
        (lambda d: d["data"].pop("round"), "data.round"),
        (lambda d: d["data"].update(revealed=3), "data.revealed"),
        (lambda d: d["data"]["decks"][1].append(5), "data.decks[1][3]"),
        (lambda d: d["data"]["flow"]["steps"].append({}), "data.flow.steps[3].kind"),
    ],
)
def test_malformed_saves_name_the_field(edit: Any, field: str) -> None:
    state = new_state()
    with pytest.raises(DataError) as info:
        state.game.deserialize_state(tampered(state, edit))
    assert info.value.field == field
    assert info.value.source == "toy_duel state"


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"format": NaN}'])
def test_unparseable_saves(text: str) -> None:
    with pytest.raises(DataError):
        ToyGame().deserialize_state(text)


def test_subclass_data_errors_are_wrapped() -> None:
    # A hook that trips over bad data with a plain exception still yields DataError.
    state = new_state()
    text = tampered(state, lambda d: d["data"].update(scores=[None, 1]))
    with pytest.raises(DataError) as info:
        state.game.deserialize_state(text)
    assert info.value.field.startswith("data")


def test_game_base_contract() -> None:
    class Incomplete(Game):
        name = "incomplete"

    with pytest.raises(TypeError):
        Incomplete()  # type: ignore[abstract]
    game = ToyGame(rounds=2)
    assert game.num_players == 2
    assert repr(game) == (
        "ToyGame(**{'rounds': 2, 'hand_size': 3, 'redraw': False, 'referee': False, 'coop': False})"
    )
    state = game.new_initial_state()
    assert state.seed == 0
    assert state.num_players == 2
    with pytest.raises(TypeError):
        game.new_initial_state(1.5)  # type: ignore[arg-type]


class LeakyState(ToyState):
    def _observation(self, player: int) -> dict[str, Any]:
        obs = super()._observation(player)
        obs["debug"] = list(self.picks)
        return obs


def test_leak_checker_catches_a_leaky_observation() -> None:
    # Guards the guard: the playout test above would notice this bug.
    class LeakyGame(ToyGame):
        name = "toy_leaky"
        state_class = LeakyState

    state = LeakyGame().new_initial_state(2)
    assert isinstance(state, ToyState)
    state.apply_action(state.legal_actions(1)[0], 1)
    assert hidden_cards_leak(state, 0) == [state.picks[1]]
