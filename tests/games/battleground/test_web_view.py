"""The battlefield as the web UI draws it (views/web.py, issue 10): JSON data for one seat, with
nothing hidden from that seat, one hint per legal action, and every hex of the map."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from bot_games import bot_game

from rulekeeper.core import Action, load_game
from rulekeeper.games.battleground.board.battlefield import shipped_maps
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.game import BattlegroundState
from rulekeeper.games.battleground.views import web


def sampled(seed: int, every: int = 5) -> Iterator[tuple[BattlegroundState, int]]:
    """Every ``every``-th decision of a seeded bot game (the live state and the seat)."""
    for count, (state, seat) in enumerate(bot_game(seed)):
        if count % every == 0:
            yield state, seat


def test_the_board_is_json_for_each_seat_and_a_spectator() -> None:
    seen_kinds: set[str] = set()
    for state, seat in sampled(2, every=9):
        for viewer in (0, 1, None):
            data = web.board(state, viewer)
            text = json.dumps(data, allow_nan=False)
            assert json.loads(text) == data
            seen_kinds |= {hint["kind"] for hint in data["actions"]}
        assert web.board(state, None)["actions"] == []
        assert web.board(state, None)["hand"] is None
        assert web.board(state, 1 - seat)["actions"] == [] or state.is_simultaneous_node()
    assert {"move", "select", "activate"} <= seen_kinds


def test_nothing_hidden_from_the_seat_changes_its_board() -> None:
    """A determinisation re-deals what the seat cannot see (the other hand, the decks, a secret
    choice): the seat's board is the same, so none of it is in the board."""
    rng = random.Random(7)
    varied = 0
    for state, _seat in sampled(3, every=7):
        for viewer in (0, 1):
            twin = state.resample(viewer, rng)
            assert web.board(twin, viewer) == web.board(state, viewer)
            other = 1 - viewer
            varied += sorted(twin.sides[other].hand) != sorted(state.sides[other].hand)
            shown = json.dumps(web.board(state, viewer))
            hidden_only = set(state.sides[other].hand) - set(state.sides[viewer].hand)
            hidden_only -= {c for side in state.sides for c in side.deck.discard_pile}
            hidden_only -= {c for t in state.turns for c in t.cards}
            for card in hidden_only:
                assert f'"{card}"' not in shown
    assert varied > 0, "the determinisation never changed the other hand"


def test_the_hints_are_the_legal_actions_one_to_one() -> None:
    checked = 0
    for state, seat in sampled(4, every=3):
        legal = state.legal_actions(seat)
        hints = web.board(state, seat)["actions"]
        assert [h["index"] for h in hints] == list(range(len(legal)))
        assert [Action.parse(h["action"]) for h in hints] == legal
        for hint, action in zip(hints, legal, strict=True):
            assert hint["kind"] == action.kind
            assert hint["text"] == state.describe(action)
            if action.kind == "move":
                assert hint["hex"] == list(action.ints_param("to"))
                move = hint["move"]
                assert move["ap"] >= 0 and move["points"] <= move["budget"]
                assert move["path"][-1] == hint["hex"]
                checked += 1
            if action.kind == "attack":
                assert hint["character"] == action.get("target")
                odds = hint["attack"]
                assert sum(row["p"] for row in odds["outcomes"]) == pytest.approx(1.0)
                assert 0.0 <= odds["knockout"] <= 1.0
                assert isinstance(odds["sight"], bool)
    assert checked > 0


@pytest.mark.parametrize("name", shipped_maps())
def test_every_hex_of_the_map_is_drawn(name: str) -> None:
    state = load_game("battleground", map=name).new_initial_state(seed=1)
    assert isinstance(state, BattlegroundState)
    data = web.board(state, 0)
    field = state.field
    assert len(data["hexes"]) == field.columns * field.rows == len(field.board)
    assert {(h["q"], h["r"]) for h in data["hexes"]} == set(field.board)
    for key, found in data["sight"].items():
        assert key in state.fighters and len(found) == len(field.board)
    objectives = {o["id"] for o in data["objectives"]}
    assert objectives == set(field.objectives)
    for hexagon in data["hexes"]:
        h = (hexagon["q"], hexagon["r"])
        assert hexagon["terrain"] == field.obstacle_height.get(h, hexagon["terrain"])
        standing = [lv for lv in (0, 1) if Position(h[0], h[1], lv) in field.positions]
        assert hexagon["levels"] == standing


def test_a_character_sees_itself_and_the_sight_digits_agree_with_the_table() -> None:
    state = load_game("battleground").new_initial_state(seed=1)
    assert isinstance(state, BattlegroundState)
    data = web.board(state, 0)
    order = [(h["q"], h["r"]) for h in data["hexes"]]
    for fighter in state.on_board():
        digits = data["sight"][fighter.id]
        index = order.index(fighter.position.hex)
        assert int(digits[index]) & (1 << fighter.position.level)
        for i in range(0, len(order), 37):
            q, r = order[i]
            seen = state.field.has_line_of_sight(fighter.position, Position(q, r, 0))
            ground = Position(q, r, 0) in state.field.positions
            assert bool(int(digits[i]) & 1) == (ground and seen)


def test_hex_sight_gives_the_reason() -> None:
    state = load_game("battleground").new_initial_state(seed=1)
    assert isinstance(state, BattlegroundState)
    fighter = state.on_board()[0]
    column = next(iter(state.field.high_obstacles))
    text = web.hex_sight(state, 0, fighter.position.to_json(), [column[0], column[1], 0])
    # issue 23 §2.12: said in words, no longer "... is not a position"
    assert "impassable" in text and "high obstacle" in text and "not a position" not in text
    assert "off the board" in web.hex_sight(state, 0, "0,0", "500,500")
    other = state.on_board()[-1]
    text = web.hex_sight(state, 1, fighter.position.to_json(), f"{other.q},{other.r}")
    verdict = state.field.line_of_sight(fighter.position, other.position)
    assert verdict.reason in text and state.card(other).name in text
    with pytest.raises(ValueError):
        web.parse_position("a,b")


def test_the_movement_variant_is_drawn_too() -> None:
    """battleground-movement has no cards: no hand to show, and activations without a card
    (the initiative line once failed on them)."""
    state = load_game("battleground-movement").new_initial_state(seed=2)
    chooser = random.Random(1)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
            continue
        seat = state.current_player()
        data = web.board(state, seat)
        json.dumps(data, allow_nan=False)
        assert data["status"]["cards"] is False
        assert [h["action"] for h in data["actions"]] == [str(a) for a in state.legal_actions(seat)]
        moves += sum(h["kind"] == "move" for h in data["actions"])
        state.apply_action(chooser.choice(state.legal_actions(seat)), seat)
    assert moves > 0


def test_a_secret_pass_shows_as_a_choice_made_like_a_card() -> None:
    """Rulebook, Activation Phase: Select Cards (in secret; a player may pass): the other seat
    sees that a choice was made, and the same whether it was a card or a pass."""
    shown = []
    for passing in (True, False):
        state = next(s for s, _ in bot_game(4) if s.flow.top().kind == "select").clone()
        legal = state.legal_actions(0)
        state.apply_action(next(a for a in legal if (a.kind == "pass") == passing), 0)
        seen = web.status(state, 1)["players"]
        assert [p["selected"] for p in seen] == [True, False]
        shown.append(seen[0])
    assert shown[0] == shown[1]
