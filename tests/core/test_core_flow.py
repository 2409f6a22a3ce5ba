"""The procedure stack: generic steps (response windows, pick-at-a-time), settling, sub-procedures,
and loading saved stacks; on small tables and on the toy games."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from toy_game import Match, PickCards, Redraw, ToyGame, ToyState
from toy_showdown import REROLL, WHISTLE, Reactions, Roll, Showdown, ShowdownGame, ShowdownState

from rulekeeper.core import (
    AUTO,
    CHANCE,
    SIMULTANEOUS,
    Action,
    DataError,
    Flow,
    Game,
    JsonObject,
    PickSubset,
    ProcedureState,
    RandomAgent,
    ResponseWindow,
    Step,
    StepKinds,
    play_out,
)
from rulekeeper.core.record import Reader

PASS = Action.of("pass")


class Table:
    """The least a generic step needs: a state with a ``flow`` (and what the test adds)."""

    def __init__(self, *steps: Step[Any], **extra: Any) -> None:
        self.flow = Flow(steps)
        self.log: list[Any] = []
        self.__dict__.update(extra)


def act(table: Table, action: Action) -> None:
    """What ProcedureState does with an action: the top step applies it, then settle."""
    top = table.flow.top()
    top.apply(table, action, top.actor(table))
    table.flow.settle(table)


# --------------------------------------------------------------------------- response windows


@dataclass
class Bids(ResponseWindow[Any]):
    """Each seat may bid while it has tokens."""

    kind = "bids"

    def responses(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("bid")] if state.tokens[seat] else []

    def respond(self, state: Any, action: Action, seat: int) -> None:
        state.tokens[seat] -= 1
        state.log.append(seat)

    def close(self, state: Any) -> None:
        state.log.append("closed")


def test_window_priority_follows_the_stated_order() -> None:
    table = Table(Bids(seats=[2, 0, 1]), tokens={0: 1, 1: 1, 2: 1})
    window = table.flow.top()
    order = []
    for _ in range(3):
        order.append(window.actor(table))
        act(table, PASS)
    assert order == [2, 0, 1]
    assert table.log == ["closed"] and not table.flow.steps


def test_window_passes_automatically_for_seats_with_nothing_to_play() -> None:
    table = Table(Bids(seats=[0, 1, 2]), tokens={0: 0, 1: 0, 2: 1})
    table.flow.settle(table)
    window = table.flow.top()
    assert isinstance(window, Bids)
    assert window.actor(table) == 2 and window.passes == 2  # 0 and 1 passed unasked
    assert window.legal(table, 2) == [Action.of("bid"), PASS]
    # Nobody with anything to play: the window costs no decision at all.
    empty = Table(Bids(seats=[0, 1]), tokens={0: 0, 1: 0})
    empty.flow.settle(empty)
    assert empty.log == ["closed"] and not empty.flow.steps


def test_window_closes_only_after_everyone_passes_in_succession() -> None:
    table = Table(Bids(seats=[0, 1, 2]), tokens={0: 2, 1: 0, 2: 1})
    table.flow.settle(table)
    act(table, Action.of("bid"))  # seat 0 responds; 1 is passed for; 2 holds priority
    window = table.flow.top()
    assert isinstance(window, Bids) and window.actor(table) == 2 and window.passes == 1
    act(table, Action.of("bid"))  # 2 responds: everyone must pass again, from seat 0 on
    assert window.actor(table) == 0 and window.passes == 0
    act(table, PASS)  # 0 passes, 1 is passed for, 2 (no token left) too: closed
    assert table.log == [0, 2, "closed"] and not table.flow.steps


def test_saved_windows_and_picks_are_checked() -> None:
    with pytest.raises(ValueError, match="passes"):
        Bids(seats=[0, 1], passes=-5)
    with pytest.raises(ValueError, match="holder"):
        Bids(seats=[0, 1], holder=2)
    kinds = StepKinds(Bids)
    with pytest.raises(DataError) as info:
        kinds.read_step({"kind": "bids", "seats": [0], "passes": 10**9}, Reader("save"), "w")
    assert info.value.field == "w"


def test_toy_reroll_window_defender_then_referee() -> None:
    state = ShowdownGame(referee=True).new_initial_state(1)
    state.apply_action(Action.of("roll", face="success"))
    assert isinstance(state.flow.top(), Reactions)
    assert state.current_player() == 1  # the defender first
    assert state.legal_actions() == [REROLL, PASS]
    state.apply_action(PASS)
    assert state.current_player() == 2  # then the referee
    assert state.legal_actions() == [WHISTLE, PASS]
    state.apply_action(WHISTLE)  # the roll is void: rolled again, before priority returns
    assert state.is_chance_node()
    state.apply_action(Action.of("roll", face="blank"))
    assert state.current_player() == 1  # everyone must pass again: the defender may reroll
    state.apply_action(PASS)  # the referee has whistled already: passed for; closed
    assert state.is_terminal()
    assert state.flow.result == {"attack": 4, "defence": 4, "face": "blank", "winner": None}
    history = [(h.player, str(h.action)) for h in state.history()]
    assert history == [
        (CHANCE, "roll face=success"),
        (1, "pass"),
        (2, "whistle"),
        (CHANCE, "roll face=blank"),
        (1, "pass"),
    ]


def test_toy_window_with_nothing_to_play_costs_no_decision() -> None:
    state = ToyGame().new_initial_state(2)
    for seat in (0, 1):
        state.apply_action(state.legal_actions(seat)[0], seat)
    state.apply_action(Action.of("roll", face="success"))
    state.apply_action(REROLL, 1)
    state.apply_action(Action.of("roll", face="blank"))
    # The defender has used the reroll: the window closed by itself and the round is over.
    assert state.round == 1 and state.current_player() == SIMULTANEOUS


# --------------------------------------------------------------------------- pick at a time


@dataclass
class Choose(PickSubset[Any]):
    kind = "choose"

    def chosen(self, state: Any, items: list[str]) -> None:
        state.log.append(items)


def all_choices(options: list[str], least: int, most: int) -> Counter[tuple[str, ...]]:
    """Every finished choice, over every legal sequence of picks (depth first)."""
    found: Counter[tuple[str, ...]] = Counter()

    def walk(step: Choose) -> None:
        for action in step.legal(None, 0):
            table = Table(Choose(**json.loads(json.dumps(step.__dict__))))
            act(table, action)
            if table.flow.steps:
                walk(table.flow.top())  # type: ignore[arg-type]
            else:
                found[tuple(table.log[0])] += 1

    walk(Choose(seat=0, options=options, least=least, most=most))
    return found


def test_pick_at_a_time_reaches_every_subset_exactly_once() -> None:
    found = all_choices(["a", "b", "c"], 0, 3)
    assert set(found.values()) == {1}
    assert set(found) == {
        (),
        ("a",),
        ("b",),
        ("c",),
        ("a", "b"),
        ("a", "c"),
        ("b", "c"),
        ("a", "b", "c"),
    }


def test_pick_at_a_time_with_duplicates_least_and_most() -> None:
    found = all_choices(["a", "a", "b"], 0, 3)
    assert set(found.values()) == {1}  # two copies of a card: never two ways to the same hand
    assert set(found) == {(), ("a",), ("a", "a"), ("b",), ("a", "b"), ("a", "a", "b")}
    bounded = all_choices(["a", "b", "c", "d"], 1, 2)
    assert set(bounded.values()) == {1}
    assert {len(items) for items in bounded} == {1, 2} and len(bounded) == 4 + 6


def test_pick_at_a_time_canonical_order_and_refusals() -> None:
    step = Choose(seat=0, options=["a", "b", "c"], least=1, most=3)
    table = Table(step)
    assert step.legal(table, 0) == [
        Action.of("pick", item="a"),
        Action.of("pick", item="b"),
        Action.of("pick", item="c"),
    ]
    assert step.refusal(table, 0, Action.of("done")) == ("procedure", "pick at least 1 (picked 0)")
    act(table, Action.of("pick", item="b"))
    assert step.legal(table, 0) == [Action.of("pick", item="c"), Action.of("done")]
    refusal = step.refusal(table, 0, Action.of("pick", item="a"))
    assert refusal is not None and "not among the items left" in refusal[1]
    act(table, Action.of("pick", item="c"))
    assert table.log == [["b", "c"]] and not table.flow.steps  # nothing left: ended by itself


def test_pick_at_a_time_never_leaves_too_few_for_least() -> None:
    step = Choose(seat=0, options=["x", "y", "z"], least=2, most=2)
    table = Table(step)
    assert step.legal(table, 0) == [Action.of("pick", item="x"), Action.of("pick", item="y")]
    refusal = step.refusal(table, 0, Action.of("pick", item="z"))
    assert refusal is not None and "at least 2" in refusal[1]
    act(table, Action.of("pick", item="y"))
    act(table, Action.of("pick", item="z"))
    assert table.log == [["y", "z"]]  # reaching most ends the choice
    with pytest.raises(ValueError, match="too few"):
        Choose(seat=0, options=["x", "y"], least=2, most=2, picked=[1])
    with pytest.raises(ValueError, match="order"):
        Choose(seat=0, options=["x", "y", "z"], most=3, picked=[1, 0])


def test_toy_redraw_is_a_pick_at_a_time() -> None:
    state = ToyGame(redraw=True).new_initial_state(5)
    redraw = state.flow.top()
    assert isinstance(redraw, Redraw) and state.current_player() == 0
    hand = sorted(state.hands[0])
    assert state.legal_actions() == [
        *(Action.of("put_back", item=card) for card in hand),
        Action.of("done"),
    ]
    state.apply_action(Action.of("put_back", item=hand[1]))
    state.apply_action(Action.of("done"))
    assert len(state.hands[0]) == 3 and state.current_player() == 1  # player 1's turn
    assert state.events[-2].kind == "redrew" and state.events[-2].data["count"] == 1
    assert state.events[-1].kind == "drew" and state.events[-1].visible_to == (0,)


# --------------------------------------------------------------------------- settle, pointless


@dataclass
class Countdown(Step[Any]):
    kind = "countdown"
    left: int = 3

    def run(self, state: Any) -> None:
        state.log.append(self.left)
        self.left -= 1
        if self.left == 0:
            state.flow.pop()


@dataclass
class Ask(Step[Any]):
    kind = "ask"
    seat: int = 0
    moot: bool = False

    def actor(self, state: Any) -> int:
        return self.seat

    def pointless(self, state: Any) -> bool:
        return self.moot


@dataclass
class Stuck(Step[Any]):
    kind = "stuck"

    def run(self, state: Any) -> None:
        pass


def test_settle_runs_automatic_steps_until_someone_must_act() -> None:
    table = Table(Ask(seat=1), Countdown())
    table.flow.settle(table)
    assert table.log == [3, 2, 1]
    assert [s.kind for s in table.flow] == ["ask"] and table.flow.top().actor(table) == 1
    stopped = Table(Countdown())
    stopped.flow.settle(stopped, lambda state: False)  # a game's check between steps
    assert stopped.log == []
    with pytest.raises(RuntimeError, match="did not settle"):
        Table(Stuck()).flow.settle(Table())


def test_pointless_steps_are_dropped_unasked() -> None:
    table = Table(Ask(seat=0), Ask(seat=1, moot=True), Countdown(left=1))
    table.flow.settle(table)
    assert [s.kind for s in table.flow] == ["ask"] and table.flow.top().actor(table) == 0
    # The toy: with six cards in hand the deck is empty, so the redraw offer is pointless.
    full = ToyGame(redraw=True, hand_size=6).new_initial_state(1)
    assert isinstance(full.flow.top(), PickCards) and full.is_simultaneous_node()
    some = ToyGame(redraw=True, hand_size=5).new_initial_state(1)
    assert isinstance(some.flow.top(), Redraw)


def test_toy_procedure_settles_to_the_first_decision() -> None:
    state = ToyGame().new_initial_state(1)
    assert [step.kind for step in state.flow] == ["match", "round", "pick_cards"]
    assert all(step.actor(state) == AUTO for step in state.flow.steps[:-1])


# --------------------------------------------------------------------------- sub-procedures


def test_flow_finish_hands_the_result_down_or_ends_the_procedure() -> None:
    @dataclass
    class Parent(Step[Any]):
        kind = "parent"
        got: list[Any] = field(default_factory=list)

        def resume(self, state: Any, result: Any) -> None:
            self.got.append(result)

    parent = Parent()
    table = Table(parent, Ask())
    table.flow.finish(table, {"x": 1})
    assert parent.got == [{"x": 1}] and table.flow.result is None
    table.flow.finish(table, {"done": True})
    assert not table.flow.steps and table.flow.result == {"done": True}


def test_showdown_hands_its_result_to_the_round() -> None:
    state = ToyGame().new_initial_state(3)
    for seat in (0, 1):
        state.apply_action(state.legal_actions(seat)[0], seat)
    attack, defence = (int(card[1:]) for card in state.picks)
    assert isinstance(state.flow.steps[-2], Showdown) and isinstance(state.flow.top(), Roll)
    state.apply_action(Action.of("roll", face="double_success"))
    state.apply_action(PASS)
    showdown, result = state.events[-4], state.events[-3]
    assert showdown.kind == "showdown" and result.kind == "round_result"
    assert showdown.data["attack"] == attack + 2 == result.data["attack"]
    assert showdown.data["defence"] == defence == result.data["defence"]
    winner = 0 if attack + 2 > defence else 1 if attack + 2 < defence else None
    assert result.data["winner"] == winner
    assert state.scores == [int(winner == 0), int(winner == 1)]


@pytest.mark.parametrize("seed", range(20))
def test_showdown_as_a_game_of_its_own(seed: int) -> None:
    game = ShowdownGame(attack=3, defence=4, referee=seed % 2 == 1)
    state = game.new_initial_state(seed)
    assert isinstance(state, ShowdownState)
    play_out(state, {seat: RandomAgent(seed + seat) for seat in range(game.num_players)})
    result = state.flow.result
    assert result is not None and state.is_terminal()
    sign = {"attacker": 1.0, "defender": -1.0, None: 0.0}[result["winner"]]
    assert state.returns()[:2] == [sign, -sign]
    assert game.deserialize_state(state.serialize()).serialize() == state.serialize()


# --------------------------------------------------------------------------- teams, automata


def test_coop_team_shares_result_and_vision_against_an_automaton() -> None:
    game = ToyGame(coop=True)
    assert game.teams == ((0, 1),) and game.shared_vision and game.sight_of(1) == (0, 1)
    state = game.new_initial_state(4)
    assert isinstance(state, ToyState)
    automaton_card = state.played[2][0]  # it played already: an automatic step
    assert state.events[-1].kind == "automaton_played"
    obs = state.observation(0)
    assert obs["zones"]["hand1"]["cards"] == state.hands[1]  # the partner's hand
    assert obs["zones"]["played2"]["cards"] == [automaton_card]
    play_out(state, {0: RandomAgent(1), 1: RandomAgent(2)})
    assert {entry.player for entry in state.history()} <= {0, 1, CHANCE}
    returns = state.returns()
    assert returns[0] == returns[1]
    lead = (state.scores[0] > state.scores[1]) - (state.scores[0] < state.scores[1])
    assert returns[0] == lead


def test_secret_picks_are_shared_within_a_team_only() -> None:
    coop = ToyGame(coop=True).new_initial_state(2)
    coop.apply_action(coop.legal_actions(0)[0], 0)
    assert coop.history_for(1)[-1].action.kind == "pick"  # the partner sees it
    duel = ToyGame().new_initial_state(2)
    duel.apply_action(duel.legal_actions(0)[0], 0)
    hidden = duel.history_for(1)[-1].action
    assert hidden == Action.of("hidden", text="player 0 picks a card")
    assert duel.history_for(0)[-1].action.kind == "pick"


# --------------------------------------------------------------------------- loading stacks


def saved(state: ToyState) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(state.serialize())
    return doc


def test_unknown_step_kind_is_refused_on_load() -> None:
    state = ToyGame().new_initial_state(1)
    doc = saved(state)
    doc["data"]["flow"]["steps"][1]["kind"] = "teleport"
    with pytest.raises(DataError) as info:
        state.game.deserialize_state(json.dumps(doc))
    assert info.value.field == "data.flow.steps[1].kind"
    assert "teleport" in info.value.reason and "pick_cards" in info.value.reason


def test_step_out_of_place_is_refused_on_load() -> None:
    state = ToyGame().new_initial_state(1)
    doc = saved(state)
    doc["data"]["flow"]["steps"].insert(1, {"kind": "roll"})
    with pytest.raises(DataError) as info:
        state.game.deserialize_state(json.dumps(doc))
    # Steps check what stands on them: the match never pushes a roll.
    assert info.value.field == "data.flow.steps[0]" and "roll" in info.value.reason
    doc = saved(state)
    doc["data"]["flow"]["steps"][0] = {"kind": "round", "stage": "showdown"}
    with pytest.raises(DataError) as info:
        state.game.deserialize_state(json.dumps(doc))
    assert info.value.field.startswith("data.flow.steps[")


def test_state_waiting_for_nothing_is_refused_on_load() -> None:
    state = ToyGame().new_initial_state(1)
    doc = saved(state)
    doc["data"]["flow"]["steps"] = [{"kind": "match"}]  # automatic: cannot be a resting point
    with pytest.raises(DataError, match="cannot wait for input"):
        state.game.deserialize_state(json.dumps(doc))


def test_step_kinds_vocabulary() -> None:
    kinds = ToyState.STEPS
    assert "showdown" in kinds.kinds and Match in kinds and Bids not in kinds
    with pytest.raises(ValueError, match="two steps"):

        @dataclass
        class Other(Step[Any]):
            kind = "match"

        StepKinds(Match, Other)
    with pytest.raises(TypeError, match="dataclass"):

        class NotData(Step[Any]):
            kind = "x"

        StepKinds(NotData)


def test_flow_clone_is_independent_and_round_trips() -> None:
    state = ToyGame(redraw=True).new_initial_state(3)
    state.apply_action(state.legal_actions()[0])
    copy = state.flow.clone()
    assert copy == state.flow and copy.steps[-1] is not state.flow.steps[-1]
    top = copy.steps[-1]
    assert isinstance(top, Redraw)
    top.picked.append(2)
    assert copy != state.flow
    assert repr(state.flow) == "Flow(['match', 'round', 'redraw', 'redraw'])"


def test_a_simultaneous_step_waiting_for_nobody_is_a_clear_error() -> None:
    """core/procedure.py: a simultaneous step must wait for someone; if a game's step does not,
    the error says which step (and a saved state in that shape is refused by the probe)."""
    from rulekeeper.core import SIMULTANEOUS, Flow, Step, load_game

    @dataclass
    class Nobody(Step[object]):
        kind: ClassVar[str] = "nobody"

        def actor(self, state: object) -> int:
            return SIMULTANEOUS

        def waiting(self, state: object) -> list[int]:
            return []

    state = load_game("toy_duel").new_initial_state(seed=1)
    state.flow = Flow([Nobody()])  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="'nobody' is waiting for nobody"):
        state.current_player()
    assert "unknown (RuntimeError)" in repr(state)


# --------------------------------------------------------------------------- at any time


@dataclass
class Say(Step[Any]):
    """The players take turns saying something; each time, a tick runs by itself."""

    kind: ClassVar[str] = "say"
    seat: int = 0

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [Action.of("say"), Action.of("resign")]

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.log.append(f"{seat} {action.kind}")
        state.flow.replace(Say(seat=1 - self.seat))
        state.flow.push(Tick())


@dataclass
class Tick(Step[Any]):
    kind: ClassVar[str] = "tick"

    def run(self, state: Any) -> None:
        state.log.append("tick")
        state.flow.pop()


class TalkState(ProcedureState):
    """Two players talk until one resigns, at any time (issue 21 §1: the core's hook)."""

    STEPS = StepKinds(Say, Tick)
    ANYTIME_KINDS = frozenset({"resign"})
    log: list[str]
    resigned: int

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.log, self.resigned, self.flow = [], -1, Flow([Say()])

    def _is_over(self) -> bool:
        return self.resigned >= 0

    def _anytime_actions(self, player: int) -> list[Action]:
        return [Action.of("resign")]

    def _apply_anytime(self, action: Action, player: int) -> None:
        self.log.append(f"{player} resigns")
        self.resigned = player

    def _returns(self) -> list[float]:
        if self.resigned < 0:
            return [0.0, 0.0]
        return [-1.0 if seat == self.resigned else 1.0 for seat in (0, 1)]

    def _observation(self, player: int) -> JsonObject:
        return {"log": list(self.log)}


class TalkGame(Game):
    name = "talk"
    state_class = TalkState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        return {}

    @property
    def num_players(self) -> int:
        return 2


@pytest.mark.parametrize("seat", [0, 1])
def test_anytime_actions_go_to_the_state_not_the_top_step(seat: int) -> None:
    """Issue 21 §1 (one way for each mechanism): an action of ANYTIME_KINDS is carried out by
    ProcedureState._apply_anytime, out of turn or listed by the top step alike, and nothing is
    settled after it; the top step's own actions still go to the step, then settle."""
    state = TalkGame().new_initial_state(0)
    state.apply_action(Action.of("say"))
    assert state.log == ["0 say", "tick"] and state.current_player() == 1
    state.apply_action(Action.of("resign"), seat)
    assert state.log == ["0 say", "tick", f"{seat} resigns"]
    assert state.is_terminal() and [s.kind for s in state.flow] == ["say"]
