"""The movement variant (``battleground-movement``, variants.py) through the state API.

The variant plays the complete game's steps without fate and glory cards and with focus and move
only, so these tests look at it only from outside: legal actions, refusals, events and results.
Situations are set up by the map's own deployments.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core import (
    CHANCE,
    TERMINAL,
    Action,
    DataError,
    GameState,
    IllegalActionError,
    RandomAgent,
    load_game,
    play_out,
    record_of,
    replay,
)
from rulekeeper.games.battleground.board.measures import Position

# Directions (hexes.py): 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
FORCES = {"he-man": (4, 1, 0), "stratos": (7, 1, 0), "skeletor": (0, 10, 0), "mer-man": (3, 10, 0)}


def small_map(tmp_path: Path, **moved: tuple[int, int, int]) -> str:
    """A 14 x 12 map with mud, a two-hex platform and two objectives; He-Man and Stratos
    (Masters, rows 0-1) against Skeletor and Mer-Man (Evil, rows 10-11), placed as in
    ``FORCES`` unless ``moved`` places them elsewhere."""
    places = {**FORCES, **moved}
    data: dict[str, Any] = {
        "name": "variant-test",
        "title": "Variant test",
        "board": {"columns": 14, "rows": 12},
        "terrain": [{"id": "mud", "kind": "difficult", "hexes": [[2, 5], [3, 5]]}],
        "platforms": [{"id": "deck", "hexes": [[9, 5], [10, 5]]}],
        "deployment_zones": [
            {"player": 0, "faction": "masters", "rows": [0, 1]},
            {"player": 1, "faction": "evil", "rows": [10, 11]},
        ],
        "objectives": [
            {"id": "centre", "at": [4, 6]},
            {"id": "masters-home", "at": [5, 0]},
        ],
        "deployments": [
            {"character": name, "at": [q, r], "level": level, "facing": 5 if r < 6 else 2}
            for name, (q, r, level) in places.items()
        ],
    }
    path = tmp_path / "variant-test.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def new_state(map_path: str, **params: object) -> GameState:
    return load_game("battleground-movement", map=map_path, **params).new_initial_state(seed=5)


def started(map_path: str, first: int = 0, **params: object) -> GameState:
    """Roll-off won by player 0 (6 against 1), who names ``first`` as first player."""
    state = new_state(map_path, **params)
    state.apply_action(Action.of("roll", face=6))
    state.apply_action(Action.of("roll", face=1))
    state.apply_action(Action.of("first-player", player=first))
    return state


def events(state: GameState, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.events if e.kind == kind]


def kinds(state: GameState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def moves(state: GameState, focus: bool) -> set[Position]:
    return {
        Position(*a.ints_param("to"))
        for a in state.legal_actions()
        if a.kind == "move" and a.bool_param("focus") == focus
    }


def activate_and_end(state: GameState, *characters: str) -> None:
    for character in characters:
        state.apply_action(Action.of("activate", character=character))
        state.apply_action(Action.of("end"))


def refusal(state: GameState, action: Action, player: int | None = None) -> IllegalActionError:
    before = state.serialize()
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(action, player)
    assert state.serialize() == before, "a refused action leaves the state as it was"
    return refused.value


def test_roll_off_rerolls_ties_and_the_winner_chooses(tmp_path: Path) -> None:
    """Rulebook, First Game Setup step 7: both roll, ties reroll, the winner picks the first
    player (a decision of the winner, who need not go first)."""
    state = new_state(small_map(tmp_path))
    assert state.current_player() == CHANCE
    state.apply_action(Action.of("roll", face=4))
    state.apply_action(Action.of("roll", face=4))
    assert state.current_player() == CHANCE, "a tie is rolled again"
    state.apply_action(Action.of("roll", face=2))
    state.apply_action(Action.of("roll", face=5))
    assert state.current_player() == 1
    assert kinds(state) == {"first-player"}
    state.apply_action(Action.of("first-player", player=0))
    assert events(state, "first player") == [{"player": 0}]
    assert state.current_player() == 0
    assert kinds(state) == {"activate", "pass"}, "no cards: the first player activates at once"


def test_focus_then_move_costs_and_rising_move_cost(tmp_path: Path) -> None:
    """Rulebook, Perform Actions example: focus 1 AP, move 1 AP, a second move 2 AP; every
    activation of the variant has the ``ap`` parameter's AP (no activation card)."""
    state = started(small_map(tmp_path), ap=3)
    state.apply_action(Action.of("activate", character="he-man"))
    assert events(state, "activate")[-1] == {"player": 0, "character": "he-man", "ap": 3}
    state.apply_action(Action.of("focus"))
    state.apply_action(Action.of("move", to=[4, 2, 0], focus=False))
    state.apply_action(Action.of("face", direction=5))
    assert kinds(state) == {"end"}, "1 AP left: a second move costs 2, focus again is barred"
    refused = refusal(state, Action.of("move", to=[4, 3, 0], focus=False))
    assert "Perform Actions" in refused.rule
    assert "2 AP" in refused.reason
    state.apply_action(Action.of("end"))
    assert events(state, "end activation")[-1] == {"character": "he-man", "unspent ap": 1}


def test_the_ap_parameter_sets_every_activations_ap(tmp_path: Path) -> None:
    """The variant's ``ap`` parameter stands in for the activation card's AP (Activate
    Character): with 5 AP a second move (2 AP) after focus and a move is possible."""
    state = started(small_map(tmp_path), ap=5)
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("focus"))
    state.apply_action(Action.of("move", to=[4, 2, 0], focus=False))
    state.apply_action(Action.of("face", direction=5))
    assert moves(state, focus=False)
    state.apply_action(Action.of("move", to=[4, 3, 0], focus=False))
    state.apply_action(Action.of("face", direction=5))
    state.apply_action(Action.of("end"))
    assert events(state, "end activation")[-1]["unspent ap"] == 1


def test_focused_move_uses_the_focused_speed(tmp_path: Path) -> None:
    """Rulebook, Spending Focus and Move: He-Man moves 5 hexes, 8 when he spends focus; the
    focus token is spent."""
    state = started(small_map(tmp_path), ap=4)
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("focus"))
    far = Position(4, 9, 0)  # eight steps south of (4, 1)
    assert far not in moves(state, focus=False) and far in moves(state, focus=True)
    assert Position(4, 6, 0) in moves(state, focus=False)
    state.apply_action(Action.of("move", to=far.to_json(), focus=True))
    state.apply_action(Action.of("face", direction=2))
    assert moves(state, focus=False), "2 AP left for a second move"
    assert not moves(state, focus=True), "the focus token is spent"


def test_illegal_moves_are_refused_with_the_rule_and_leave_the_state(tmp_path: Path) -> None:
    """Move: an unreachable hex names its cost; an occupied hex names the occupant; nobody acts
    out of turn."""
    state = started(small_map(tmp_path))
    state.apply_action(Action.of("activate", character="he-man"))
    refused = refusal(state, Action.of("move", to=[4, 9, 0], focus=False))
    assert "costs 8 movement points" in refused.reason
    refused = refusal(state, Action.of("move", to=[7, 1, 0], focus=False))
    assert "occupied by Stratos" in refused.reason  # issue 23 §2.8: names, not ids
    refused = refusal(state, Action.of("end"), player=1)
    assert "out of turn" in refused.rule


def test_players_alternate_and_double_activation(tmp_path: Path) -> None:
    """Rulebook, Activation Phase and Double Activation: players alternate, the first player
    first; the last character a player activated in a round cannot be that player's first in the
    next round."""
    state = started(small_map(tmp_path), rounds=2)
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("end"))
    assert state.current_player() == 1
    activate_and_end(state, "skeletor", "stratos", "mer-man")
    assert events(state, "round")[-1] == {"round": 2}
    assert state.current_player() == 0
    options = {a.param("character") for a in state.legal_actions() if a.kind == "activate"}
    assert options == {"he-man"}
    refused = refusal(state, Action.of("activate", character="stratos"))
    assert refused.rule == "Double Activation"


def test_a_player_who_passes_leaves_the_rest_of_the_round_to_the_other(tmp_path: Path) -> None:
    """Rulebook, Activation Phase: a player may pass for the rest of the round; the other player
    then activates the remaining characters one after another."""
    state = started(small_map(tmp_path), rounds=2)
    state.apply_action(Action.of("pass"))
    assert events(state, "pass") == [{"player": 0}]
    activate_and_end(state, "skeletor")
    assert state.current_player() == 1, "player 0 passed: player 1 goes again"
    activate_and_end(state, "mer-man")
    assert events(state, "round")[-1] == {"round": 2}
    assert state.current_player() == 0, "the next round starts with the first player"
    options = {a.param("character") for a in state.legal_actions() if a.kind == "activate"}
    assert options == {"he-man", "stratos"}, "player 0 activated nobody: no double activation"


def test_only_focus_move_and_end_no_attacks_forfeits_or_draws(tmp_path: Path) -> None:
    """The variant's Perform Actions: focus, move and end only. He-Man next to Skeletor has no
    attack (not even with his fists), no overwatch; nobody may forfeit or offer a draw."""
    state = started(small_map(tmp_path, **{"he-man": (6, 4, 0), "skeletor": (6, 5, 0)}))
    state.apply_action(Action.of("activate", character="he-man"))
    assert kinds(state) == {"focus", "move", "end"}
    for action in (
        Action.of("attack", weapon="fists", target="skeletor"),
        Action.of("overwatch"),
    ):
        refused = refusal(state, action)
        assert refused.rule == "Perform Actions"
        assert "only end, focus, move" in refused.reason
    assert state.anytime_actions(0) == [] and state.anytime_actions(1) == []
    refused = refusal(state, Action.of("forfeit"), player=1)
    assert "out of turn" in refused.rule


def test_no_attack_of_opportunity_when_leaving_an_engagement(tmp_path: Path) -> None:
    """Attacks of Opportunity are attacks: the variant has none, so He-Man leaves Skeletor's
    side without player 1 being asked; he then faces as his player chooses [Move]."""
    state = started(small_map(tmp_path, **{"he-man": (6, 4, 0), "skeletor": (6, 5, 0)}))
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("move", to=[6, 2, 0], focus=False))
    assert state.current_player() == 0 and kinds(state) == {"face"}
    assert events(state, "move")[-1]["to"] == [6, 2, 0]


def test_objective_claim_conditions(tmp_path: Path) -> None:
    """Rulebook, Claim Objective Tokens: adjacent to the token, no enemy next to the character
    or the token, not in the claimant's own deployment zone; 20 VP each; a lead of 20 VP wins
    [Scoring]."""
    path = small_map(tmp_path, **{"he-man": (4, 5, 0), "stratos": (5, 0, 0)})
    state = started(path, rounds=1)
    activate_and_end(state, "he-man", "skeletor", "stratos", "mer-man")
    assert state.is_terminal()
    assert events(state, "claim") == [{"player": 0, "objective": "centre", "by": "he-man"}]
    assert events(state, "game end")[-1]["vp"] == [20, 0]
    assert state.returns() == [1.0, -1.0]


def test_no_claim_when_an_enemy_is_next_to_the_token(tmp_path: Path) -> None:
    """Rulebook, Claim Objective Tokens: no enemies in or adjacent to the token's hex; without
    a 20 VP lead the game is a draw."""
    path = small_map(tmp_path, **{"he-man": (4, 5, 0), "skeletor": (4, 7, 0)})
    state = started(path, rounds=1)
    activate_and_end(state, "he-man", "skeletor", "stratos", "mer-man")
    assert state.is_terminal()
    assert events(state, "claim") == []
    assert events(state, "game end")[-1]["winner"] == -1
    assert state.returns() == [0.0, 0.0]


def test_climbing_onto_a_model_asks_its_owner_where_it_is_pushed(tmp_path: Path) -> None:
    """Rulebook, Pushing: the player who controls the pushed character decides the hex; then
    the mover faces [Move]."""
    path = small_map(tmp_path, **{"he-man": (8, 5, 0), "mer-man": (9, 5, 1)})
    state = started(path)
    state.apply_action(Action.of("activate", character="he-man"))
    state.apply_action(Action.of("move", to=[9, 5, 1], focus=False))
    assert state.current_player() == 1
    assert [Position(*a.ints_param("to")) for a in state.legal_actions()] == [Position(10, 5, 1)]
    state.apply_action(Action.of("push-to", to=[10, 5, 1]))
    assert events(state, "push")[-1]["to"] == [10, 5, 1]
    assert events(state, "move")[-1]["to"] == [9, 5, 1]
    assert state.current_player() == 0 and kinds(state) == {"face"}


def test_parameters_are_checked_and_named(tmp_path: Path) -> None:
    """The variant's parameters (map, rounds, ap): a wrong one is refused by name."""
    with pytest.raises(DataError) as bad:
        load_game("battleground-movement", cards=True)
    assert bad.value.field == "cards"
    with pytest.raises(DataError) as bad:
        load_game("battleground-movement", ap=0)
    assert bad.value.field == "ap"
    with pytest.raises(DataError) as bad:
        load_game("battleground-movement", rounds=0)
    assert bad.value.field == "rounds"
    path = small_map(tmp_path, **{"no-such-hero": (1, 1, 0)})
    with pytest.raises(DataError) as bad:
        load_game("battleground-movement", map=path)
    assert "no-such-hero" in bad.value.reason


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_playouts_round_trip_and_replay(seed: int) -> None:
    """Core contract on the variant: serialisation round-trips after every action, and the seed
    plus the action log reproduce the game and its event log."""
    game = load_game("battleground-movement", rounds=2)
    state = game.new_initial_state(seed=seed)
    agent = RandomAgent(seed)
    steps = 0
    while not state.is_terminal() and steps < 400:
        if state.is_chance_node():
            state.resolve_chance()
        else:
            legal = state.legal_actions()
            assert legal, "a player to act always has a legal action"
            assert {a.kind for a in legal} <= {
                "first-player",
                "activate",
                "pass",
                "focus",
                "move",
                "end",
                "face",
                "push-to",
            }
            state.apply_action(agent.choose(state, state.current_player()))
        copy = game.deserialize_state(state.serialize())
        assert copy.serialize() == state.serialize()
        steps += 1
    assert state.current_player() == TERMINAL
    again = replay(record_of(state))
    assert again.serialize() == state.serialize()


def test_first_game_playout_with_random_agents_finishes() -> None:
    """The whole variant plays to its end on the first-game map."""
    state = load_game("battleground-movement").new_initial_state(seed=11)
    play_out(state, {0: RandomAgent(1), 1: RandomAgent(2)})
    assert state.is_terminal()
    assert sum(state.returns()) == 0
