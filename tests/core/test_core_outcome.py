"""Issue 22 §2 (one outcome for every game) and §1 (the research declarations): the core
``Outcome`` (core/outcome.py), ``GameState.outcome()`` and ``decision_seat()``, ``Game``'s
``returns_range``, ``zero_sum``, ``max_length`` and ``chance``, and their users: tournaments,
game records and replay files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import BaseModel
from test_core_flow import TalkGame
from toy_game import ToyGame, ToyState

from rulekeeper.core import CHANCE, Action, DataError, Game, GameRecord, record_of, replay
from rulekeeper.core.agents import RandomAgent, play_out
from rulekeeper.core.game import CHANCE_KINDS
from rulekeeper.core.outcome import Outcome, default_outcome, details_json
from rulekeeper.core.session import read_replay, write_replay
from rulekeeper.core.tournament import Match, play_match, standings


def finished(seed: int = 1, **params: Any) -> ToyState:
    state = ToyGame(rounds=2, **params).new_initial_state(seed)
    assert isinstance(state, ToyState)
    play_out(state, {seat: RandomAgent(seed + seat) for seat in range(state.num_players)})
    return state


@dataclass(frozen=True)
class Score:
    """A game's typed details: a record dataclass."""

    points: tuple[int, ...]
    how: str


class ScoreModel(BaseModel):
    points: list[int]


def read_score(data: Any) -> Score:
    return Score(tuple(data["points"]), data["how"])


class Written:
    def to_json(self) -> dict[str, Any]:
        return {"written": True}


# -- the Outcome -------------------------------------------------------------------------


def test_issue22_s2_an_outcome_round_trips_through_json_its_details_typed_by_a_reader() -> None:
    outcome = Outcome("points", 1, (1,), (-1.0, 1.0), "Player 1 wins", Score((3, 9), "points"))
    data = outcome.to_json()
    assert data == {
        "ending": "points",
        "winner": 1,
        "team": [1],
        "returns": [-1.0, 1.0],
        "text": "Player 1 wins",
        "details": {"points": [3, 9], "how": "points"},
    }
    plain = Outcome.from_json(data)
    assert plain.details == {"points": [3, 9], "how": "points"}  # JSON unless typed
    assert plain == Outcome("points", 1, (1,), (-1.0, 1.0), "Player 1 wins", data["details"])
    assert Outcome.from_json(data, read_score) == outcome
    assert not outcome.draw and Outcome("draw", None, None, (0.0, 0.0), "Draw").draw


def test_issue22_s2_details_as_json_from_a_record_a_pydantic_model_to_json_or_plain_data() -> None:
    assert details_json(Score((1, 2), "x")) == {"points": [1, 2], "how": "x"}
    assert details_json(ScoreModel(points=[4])) == {"points": [4]}
    assert details_json(Written()) == {"written": True}
    assert details_json({"a": [1, None]}) == {"a": [1, None]} and details_json(None) is None
    with pytest.raises(TypeError):
        details_json(object())


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"winner": "0"}, "winner"),
        ({"winner": True}, "winner"),
        ({"team": [0.5]}, "team"),
        ({"returns": "1"}, "returns"),
        ({"returns": [True, 0]}, "returns"),
        ({"ending": 3}, "ending"),
        ({"text": None}, "text"),
        ({"team": [5]}, "(outcome)"),
        ({"team": None}, "(outcome)"),  # a draw with a winner
        ({"ending": ""}, "(outcome)"),
        ({"details": {1, 2}}, "(outcome)"),
    ],
)
def test_issue22_s2_a_malformed_outcome_is_refused_naming_its_field(
    change: dict[str, Any], field: str
) -> None:
    data = {**Outcome("win", 0, (0,), (1.0, -1.0), "Player 0 wins").to_json(), **change}
    with pytest.raises(DataError) as info:
        Outcome.from_json(data)
    assert info.value.field == field
    with pytest.raises(DataError):
        Outcome.from_json([1])


def test_issue22_s2_the_default_outcome_a_lone_best_team_wins_ties_are_a_draw() -> None:
    pairs = ((0,), (1,))
    assert default_outcome([1, -1], pairs) == Outcome("win", 0, (0,), (1.0, -1.0), "Player 0 wins")
    assert default_outcome([0, 0], pairs).draw and default_outcome([0, 0], pairs).text == "Draw"
    three = ((0,), (1,), (2,))
    assert default_outcome([1, 1, -1], three).draw  # two seats share the best
    assert default_outcome([0.5, 1, 0], three).team == (1,)
    teams = ((0, 2), (1, 3))
    found = default_outcome([-1, 1, -1, 1], teams)
    assert (found.winner, found.team, found.text) == (1, (1, 3), "Players 1 and 3 win")
    # one team (a solo game, a co-op game): the sign of the return says it
    assert default_outcome([1.0], ((0,),)).team == (0,)
    lost = default_outcome([-1.0], ((0,),))
    assert (lost.ending, lost.winner, lost.team, lost.text) == ("loss", None, (), "Player 0 loses")
    assert default_outcome([-1, -1], ((0, 1),)).text == "Everyone loses"
    assert default_outcome([0.0], ((0,),)).draw


# -- GameState.outcome(), describe_result(), decision_seat() -------------------------------


def test_issue22_s2_outcome_is_none_until_the_end_then_agrees_with_the_returns() -> None:
    state = ToyGame(rounds=2).new_initial_state(3)
    assert state.outcome() is None and state.describe_result() == "The game goes on"
    for seed in range(1, 9):
        state = finished(seed)
        outcome = state.outcome()
        assert outcome is not None and outcome.returns == tuple(state.returns())
        assert state.describe_result() == outcome.text
        best = max(outcome.returns)
        if outcome.team is None:
            assert outcome.returns.count(best) > 1
        else:
            assert outcome.winner is not None and outcome.returns[outcome.winner] == best


def test_issue22_s2_an_outcome_that_disagrees_with_the_returns_is_an_error() -> None:
    state = finished(2)

    class Wrong(type(state)):  # type: ignore[misc]
        def _outcome(self) -> Outcome:
            return Outcome("win", 0, (0,), (5.0, -5.0), "wrong")

    state.__class__ = Wrong
    with pytest.raises(RuntimeError, match="outcome"):
        state.outcome()


@pytest.mark.parametrize("seat", [0, 1])
def test_issue22_s2_a_game_ended_by_an_anytime_action_says_so_by_default(seat: int) -> None:
    """core/state.py ``_outcome``: a resignation out of turn ends the talk; the default
    outcome's ending is the anytime action's kind, the other seat wins."""
    state = TalkGame().new_initial_state(0)
    state.apply_action(Action.of("say"))
    state.apply_action(Action.of("resign"), seat)
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.ending, outcome.winner, outcome.team) == ("resign", 1 - seat, (1 - seat,))
    assert outcome.text == f"Player {1 - seat} wins" == state.describe_result()
    assert default_outcome([1, -1], ((0,), (1,)), "resign").ending == "resign"


def test_issue22_s1_decision_seat_says_who_is_asked_now() -> None:
    """Always a tuple: both seats at the simultaneous pick, the one left, CHANCE at a roll,
    no one at the end."""
    state = ToyGame(rounds=1).new_initial_state(1)
    assert state.decision_seat() == (0, 1)
    state.apply_action(state.legal_actions(0)[0], 0)
    assert state.decision_seat() == (1,)
    state.apply_action(state.legal_actions(1)[0], 1)
    assert state.decision_seat() == (CHANCE,)
    while not state.is_terminal():
        asked = state.decision_seat()
        assert asked and (asked == (state.current_player(),) or len(asked) > 1)
        if asked == (CHANCE,):
            state.resolve_chance()
        else:
            state.apply_action(state.legal_actions(asked[0])[0], asked[0])
    assert state.decision_seat() == ()


# -- Game's research declarations -----------------------------------------------------------


class Plain(Game):
    name = "plain"

    @property
    def num_players(self) -> int:
        return 2


def test_issue22_s1_research_declarations_have_defaults_that_promise_nothing_unsaid() -> None:
    game = Plain()
    assert game.returns_range == (-1.0, 1.0)
    assert game.zero_sum is False and game.max_length is None
    assert game.chance == CHANCE_KINDS == frozenset({"explicit", "inside"})


# -- users: tournaments, records, replay files ----------------------------------------------


def test_issue22_s2_a_tournament_scores_from_the_outcome() -> None:
    result = play_match(Match(0, "toy_duel", {"rounds": 2}, ("random", "random"), 4))
    played = result["outcome"]
    assert isinstance(played, dict) and set(played) == {"ending", "winner", "team"}
    assert played["team"] is None or result["returns"][played["team"][0]] == max(  # type: ignore[index]
        result["returns"]  # type: ignore[arg-type]
    )
    rows: list[dict[str, Any]] = [
        {"index": 0, "seats": ["a", "b"], "returns": [2.0, 0.0]},
        # a team of two wins; a draw; a result written before outcomes (by its returns)
        {"index": 1, "seats": ["a", "b"], "returns": [1, 1], "outcome": {"team": [0, 1]}},
        {"index": 2, "seats": ["b", "a"], "returns": [0, 0], "outcome": {"team": None}},
        {"index": 3, "seats": ["b", "a"], "returns": [1.0, -1.0]},
    ]
    rows[0]["outcome"] = {"ending": "points", "winner": 1, "team": [1]}  # it says b won
    table = {row.bot: row for row in standings(rows)}  # type: ignore[arg-type]
    assert (table["a"].wins, table["a"].draws, table["a"].losses) == (1, 1, 2)
    assert (table["b"].wins, table["b"].draws, table["b"].losses) == (3, 1, 0)
    assert table["a"].margin == pytest.approx((2.0 + 0 + 0 - 2.0) / 4)


def test_issue22_s2_a_finished_record_and_replay_file_carry_the_outcome() -> None:
    state = finished(5)
    outcome = state.outcome()
    assert outcome is not None
    record = record_of(state)
    assert record.outcome == outcome.to_json()
    assert GameRecord.from_json(record.to_json()) == record
    doc = write_replay(record, finished=True)
    assert doc["outcome"] == outcome.to_json()
    assert read_replay(doc) == record
    assert replay(record).outcome() == outcome


def test_issue22_s2_records_without_an_outcome_load_as_before_and_a_bad_one_is_refused() -> None:
    state = ToyGame(rounds=2).new_initial_state(1)
    record = record_of(state)
    assert record.outcome is None and "outcome" not in record.to_json()
    assert "outcome" not in write_replay(record, finished=False)
    old = {"game": "toy_duel", "params": {}, "seed": 1, "actions": []}
    assert GameRecord.from_json(old).outcome is None
    with pytest.raises(DataError) as info:
        GameRecord.from_json({**old, "outcome": {"ending": "win", "text": "x", "returns": 1}})
    assert info.value.field == "outcome.returns"
