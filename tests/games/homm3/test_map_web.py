"""The HoMM3 map board's data (issue 25 §1; views/web_map/): JSON-safe, nothing a seat may not
know (another seat's hand, the face-down tiles' contents), every move it offers legal, and the
odds the board asks for (a move that starts a fight, an attack in a fight)."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from rulekeeper.core import CHANCE, load_game
from rulekeeper.core.lookahead import GreedyAgent
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.town_actions import TownWindow
from rulekeeper.games.homm3.map.turn import TurnStep
from rulekeeper.games.homm3.views import web_map
from rulekeeper.games.homm3.views.map_words import in_battle
from rulekeeper.server.hosted import parse_action

SEED = 3
"""A Clash for 2 in which greedy play starts a fight within a few actions."""


def fresh() -> MapState:
    state = load_game("homm3", players=2).new_initial_state(SEED)
    assert isinstance(state, MapState)
    return state


def play(state: MapState, until: Any, limit: int = 400) -> MapState:
    """Play greedy on both sides until *until(state)* holds."""
    agents = [GreedyAgent(seed=s) for s in range(state.num_players)]
    for _ in range(limit):
        if until(state) or state.is_terminal():
            return state
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        state.apply_action(agents[seat].choose(state, seat), seat)
    raise AssertionError("the condition never held")


@functools.cache
def _at_turn() -> MapState:
    return play(
        fresh(), lambda s: isinstance(s.flow.top(), TurnStep) and s.flow.top().stage == "act"
    )


@functools.cache
def _in_fight() -> MapState:
    return play(_at_turn().clone(), in_battle)


def at_turn() -> MapState:
    return _at_turn().clone()


def in_fight() -> MapState:
    return _in_fight().clone()


def hidden_ids(state: MapState, seat: int | None) -> set[str]:
    """Card and tile ids *seat* may not see (looked for as values: a card id may be a key's
    name too, "attack"): other hands, every deck, the face-down tiles and Far
    pools (less any id also shown in public: a tile laid, a card in a discard pile)."""
    hidden: set[str] = set()
    for player in state.players:
        if player.seat != seat:
            hidden |= set(player.hand)
        hidden |= set(player.deck) | set(player.far_pool)
    for tiles in state.tiles_down.values():
        hidden |= set(tiles)
    for deck in state.decks.values():  # the neutral and shared decks, the Astrologers deck
        hidden |= set(deck)
    public = {p.tile for p in state.placements}
    for player in state.players:
        public |= set(player.discard) | {t.card for t in player.units}
        if player.seat == seat:
            public |= set(player.hand)
    for pile in state.discards.values():
        public |= set(pile)
    if state.battle is not None:
        public |= {unit.card for unit in state.battle.units.values()}
    for army in state.battle.armies if state.battle is not None else []:
        if army.hero is not None:  # in a fight the hands are the battle heroes'
            hidden |= set(army.hero.deck) | (set(army.hero.hand) if army.seat != seat else set())
            public |= set(army.hero.discard) | (set(army.hero.hand) if army.seat == seat else set())
    return hidden - public


def test_a_fresh_game_board_is_json_and_shows_the_map() -> None:
    """issue 25 §1: the tile map as on the table: revealed tiles with their seven fields, the
    face-down tiles as backs, the heroes; JSON-safe for every seat and a spectator."""
    state = fresh()
    for seat in (0, 1, None):
        data = json.loads(json.dumps(web_map.board(state, seat)))
        tiles = data["map"]["tiles"]
        assert tiles and all(len(t["fields"]) == 7 for t in tiles)
        assert data["map"]["backs"], "the clash starts with face-down tiles"
        assert {b["kind"] for b in data["map"]["backs"]} <= {"far", "near", "center"}
        assert {h["id"] for h in data["map"]["heroes"]} == {h.id for h in state.heroes}
        assert data["map_layout"]["slots"]
        assert data["fight"] is None and data["fight_seat"] is None


def test_no_hidden_id_in_a_spectator_or_another_seat_board() -> None:
    """issue 25 §1, issue 24 §4: another seat's hand and the face-down tiles' contents never
    appear in the board data (a spectator's, or a seat's of the other hand)."""
    for state in (fresh(), at_turn(), in_fight()):
        for seat in (None, 0, 1):
            text = json.dumps(web_map.board(state, seat))
            leaked = sorted(i for i in hidden_ids(state, seat) if re.search(f'"{i}"(?!:)', text))
            assert not leaked, (seat, leaked)


def test_every_move_on_the_map_is_legal_with_its_preview() -> None:
    """issue 25 §1: each reachable field carries its move action (legal now), its MP cost and a
    preview; the other seat and a spectator get no moves."""
    state = at_turn()
    seat = state.current_player()
    moves = web_map.seat_board(state, seat)["map_seat"]["moves"]
    assert moves
    legal = {str(a) for a in state.legal_actions(seat)}
    for move in moves:
        assert move["action"] in legal and move["mp"] == 1 and move["preview"]
    assert not web_map.seat_board(state, 1 - seat)["map_seat"]["moves"]
    assert not web_map.seat_board(state, None)["map_seat"]["moves"]
    assert web_map.seat_board(state, seat)["map_seat"]["decision"]["yours"]


def test_the_odds_of_a_move_into_a_fight() -> None:
    """issue 25 §1: a move that starts a fight has the fight's odds (map/fight_odds.py) as data:
    runs, wins, losses and percentages; a move without a fight has none."""
    state = at_turn()
    seat = state.current_player()
    moves = web_map.seat_board(state, seat)["map_seat"]["moves"]
    fight = next(m for m in moves if m["fight"])
    odds = state.odds(parse_action(fight["action"]), seat)
    assert odds is not None and odds["kind"] == "fight"
    assert odds["wins"] + odds["losses"] + odds["others"] == odds["runs"] > 0
    assert 0 <= odds["percent"]["win"] <= 100
    json.dumps(odds)
    calm = next((m for m in moves if not m["fight"]), None)
    if calm is not None:
        assert state.odds(parse_action(calm["action"]), seat) is None


def test_a_fight_shows_the_combat_board_and_its_attack_odds() -> None:
    """issue 25 §1: during a fight the board carries the combat's public part and the seat's
    own; an attack's odds are the combat's (combat/odds.py)."""
    state = play(in_fight(), lambda s: any(a.kind == "attack" for a in _legal(s)))
    data = web_map.board(state, state.current_player())
    assert data["fight"] is not None and data["fight"]["grid"]
    assert data["fight_seat"] is not None
    seat = state.current_player()
    attack = next(a for a in state.legal_actions(seat) if a.kind == "attack")
    odds = state.odds(attack, seat)
    assert odds is not None and "kind" not in odds  # the combat's own odds table


def _legal(state: MapState) -> list[Any]:
    seat = state.current_player()
    return [] if seat < 0 else state.legal_actions(seat)


def test_the_last_fight_result_after_a_fight() -> None:
    """issue 25 §1: after a fight the map shows its result (units lost, experience, resources,
    where the heroes went) until the next fight or the end of the turn after it (a turn may
    end with the fight: the other player still sees it)."""
    state = play(in_fight(), lambda s: not in_battle(s) and s.battle is None)
    found = web_map.public_board(state)["last_fight"]
    assert found is not None and found["field"] and len(found["sides"]) == 2
    for side in found["sides"]:
        assert isinstance(side["lost"], list) and isinstance(side["experience"], int)
    assert web_map.public_board(state.clone())["last_fight"] == found
    ended = _turns_ended(state)
    later = play(state, lambda s: _turns_ended(s) >= ended + 2)
    shown = web_map.public_board(later)["last_fight"]
    assert shown is None or shown["seq"] != found["seq"]  # gone, or a later fight's


def _turns_ended(state: MapState) -> int:
    return len([e for e in state.events.public(0) if e.kind == "turn-ends"])


def test_an_out_of_turn_town_window_is_marked() -> None:
    """issue 25 §1, homm3.md §8.13: Town actions offered to a non-active player at a window
    point show as a window in the decision, for the seat it waits for."""
    state = at_turn()
    other = 1 - state.current_player()
    state.flow.push(TownWindow(seats=[other], point="end-of-turn"))
    found = web_map.seat_board(state, other)["map_seat"]["decision"]
    assert found["window"] and found["yours"] and found["point"] == "end-of-turn"
    assert not web_map.seat_board(state, 1 - other)["map_seat"]["decision"]["yours"]
    assert not web_map.seat_board(fresh(), 0)["map_seat"]["decision"]["window"]
