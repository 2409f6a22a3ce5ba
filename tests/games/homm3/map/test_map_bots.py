"""The map game's bots: the evaluation (map/evaluation.py) and the greedy bot logic
(map/greedy.py) that the built-in greedy and MCTS bots use (issue 24 §5 "Bots for every seat";
docs/bots.md). Strength and how games end are measured by benchmarks/homm3_bots.py.

Each test builds its situation on a fresh Clash state (a hero set down where the test needs it)
and asks the bot or the evaluation about it."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from rulekeeper.core import Action, load_game
from rulekeeper.core.agents import make_agent
from rulekeeper.core.graph import hex_key, key_hex
from rulekeeper.core.hexes import neighbours
from rulekeeper.core.lookahead import advisor
from rulekeeper.core.rng import Pcg32
from rulekeeper.games.homm3.map import board, evaluation, greedy
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.geometry import slot_fields
from rulekeeper.games.homm3.map.model import MAIN
from rulekeeper.games.homm3.map.turn import TurnStep


def new_state(seed: int = 1, players: int = 2) -> MapState:
    scenario = f"clash-{players}"
    state = load_game("homm3", players=players, scenario=scenario).new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    return state


def to_turn(state: MapState) -> int:
    """Answer what comes before the first turn's actions: the seat whose turn it is."""
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat = state.current_player()
        legal = state.legal_actions(seat)
        state.apply_action(Action.of("keep") if Action.of("keep") in legal else legal[-1], seat)
    return state.current_player()


def main_hero(state: MapState, seat: int) -> Any:
    return next(h for h in state.heroes if h.seat == seat and h.role == MAIN)


def enemy_town(state: MapState, seat: int) -> Any:
    return next(t for t in state.towns if t.owner != seat)


def open_neighbour(state: MapState, key: str) -> str:
    """A face-up, open field next to *key* with nothing on it."""
    for h in neighbours(key_hex(key)):
        other = hex_key(h)
        printed = board.field_at(state, other)
        if printed is not None and printed.location == "empty":
            return other
    raise AssertionError(f"no empty field next to {key}")


def test_the_map_game_names_its_bot_logic() -> None:
    """issue 24 §5: the built-in greedy and MCTS bots take the map game's own logic."""
    state = new_state()
    assert advisor(state) is greedy


def test_evaluation_is_antisymmetric_and_bounded() -> None:
    """issue 24 §5: the evaluation is in -1..1 and, with two players, one's gain is the
    other's loss."""
    state = new_state(seed=3)
    to_turn(state)
    for seat in (0, 1):
        assert -1.0 <= state.evaluate(seat) <= 1.0
    assert state.evaluate(0) == pytest.approx(-state.evaluate(1))


def test_holding_the_enemy_town_is_decisive() -> None:
    """homm3.md §1.4 (capturing the enemy's towns wins a Clash): the enemy's town held counts
    more than a fight's whole swing and more than the army the seat starts with."""
    state = new_state(seed=2)
    before = evaluation.worth(state, 0)
    town = enemy_town(state, 0)
    town.owner = 0
    state.players[0].cubes.append(town.faction)
    gain = evaluation.worth(state, 0) - before
    assert gain > evaluation.WEIGHTS["fight"]
    assert gain > 3 * evaluation.army_strength(state, 0)
    assert state.evaluate(0) > 0.2


def test_the_plan_draws_the_main_hero_to_the_enemy_town(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 24 §5 (a plan the evaluation rewards): with the enemy's town its only target, a
    Main Hero one step nearer it, on the same map, is worth more."""
    state = new_state(seed=4)
    town = enemy_town(state, 0).field
    monkeypatch.setattr(evaluation, "targets", lambda state, seat: {"enemy": [town]})
    far = evaluation.distances(state, [town])
    hero = main_hero(state, 0)
    start = far[hero.field]
    nearer = [k for k in far if far[k] == start - 1 and board.field_at(state, k) is not None]
    assert nearer, "a field one step nearer on the face-up map"
    here = evaluation.plan_value(state, 0)
    hero.field = nearer[0]
    assert evaluation.plan_value(state, 0) > here > 0


def test_a_face_down_tile_costs_its_reveal() -> None:
    """homm3.md §5.1 (revealing a face-down tile next to the hero costs 1 MP): from an open
    field, a step onto a face-down tile next to it counts as two steps, a step between open
    fields as one."""
    state = new_state()
    hidden = {hex_key(h) for item in state.face_down for h in slot_fields(key_hex(item.at))}
    guarded = evaluation.guards(state)
    opened = [
        hex_key(h)
        for h in state.tilemap().spots
        if hex_key(h) not in guarded and hex_key(h) not in state.tilemap().graph.closed
    ]
    edge = [
        (field, hex_key(h))
        for field in opened
        for h in neighbours(key_hex(field))
        if hex_key(h) in hidden
    ]
    assert edge, "an open field next to a face-down tile"
    field, down = edge[0]
    assert evaluation.distances(state, [down])[field] == evaluation.REVEAL_STEPS
    near = next(k for k in state.tilemap().graph.neighbours(field) if k in opened)
    assert evaluation.distances(state, [near])[field] == 1


def test_guards_beyond_the_army_do_not_attract() -> None:
    """homm3.md §5.23 (the Field Difficulty Table): a guard's expected strength grows with the
    field's level, and a target whose guard the army cannot beat is worth nothing to the plan."""
    state = new_state()
    levels = [evaluation.guard_strength(state, level) for level in range(1, 8)]
    assert levels == sorted(levels) and levels[0] > 0
    mine = evaluation.army_strength(state, 0)
    assert evaluation.take_chance(mine, evaluation.guard_strength(state, 7)) == 0.0
    assert evaluation.take_chance(mine, evaluation.guard_strength(state, 1)) > 0.0
    assert evaluation.take_chance(10.0, 0.0) == 1.0


def test_greedy_captures_an_undefended_town_next_to_it() -> None:
    """homm3.md §8.20 (entering an undefended enemy town captures it) and issue 24 §5 (capturing
    is decisive): the greedy bot's Main Hero next to the enemy's empty town, whose owner cannot
    pay the 8-Gold transport (§5.14.4), moves in."""
    state = new_state(seed=5)
    seat = to_turn(state)
    town = enemy_town(state, seat)
    other = main_hero(state, 1 - seat)
    other.field = open_neighbour(state, next(t.field for t in state.towns if t.owner == seat))
    state.players[1 - seat].resources.lose({"gold": 99})
    hero = main_hero(state, seat)
    hero.field, hero.mp = open_neighbour(state, town.field), 3
    move = Action.of("move", hero=hero.id, to=town.field)
    assert move in state.legal_actions(seat)
    bot = make_agent("greedy", seed=1, game=state.game)
    assert bot.choose(state, seat) == move


def test_greedy_decides_in_milliseconds() -> None:
    """issue 24 §5 (decisions must be fast): the greedy bot's first turn's decision, with the
    core's determinisation, takes well under a second."""
    state = new_state(seed=6)
    seat = to_turn(state)
    bot = make_agent("greedy", seed=1, game=state.game)
    started = time.perf_counter()
    action = bot.choose(state, seat)
    assert time.perf_counter() - started < 1.0
    assert action in state.legal_actions(seat)


def test_greedy_candidates_are_ranked_best_first() -> None:
    """issue 24 §5: the candidates MCTS searches are every playable action, best first."""
    state = new_state(seed=7)
    seat = to_turn(state)
    ranked = greedy.candidates(state, seat, state.legal_actions(seat), Pcg32(1))
    values = [value for _, value in ranked]
    assert values == sorted(values, reverse=True)
    assert {a for a, _ in ranked} <= set(state.legal_actions(seat))
    assert greedy.searched(state, seat)


def test_mcts_plays_the_map() -> None:
    """issue 24 §5 (MCTS plays through the core agents): make_agent("mcts") on homm3 returns a
    legal action on a turn of the map."""
    state = new_state(seed=8)
    seat = to_turn(state)
    bot = make_agent("mcts@1", seed=2, game=state.game)
    assert bot.choose(state, seat) in state.legal_actions(seat)


def test_an_enemy_hero_near_an_undefended_town_is_a_threat() -> None:
    """homm3.md §8.20 (an enemy entering an undefended town captures it): an enemy Main Hero
    next to a town whose own heroes are farther away puts part of its worth at stake; the
    town's Main Hero standing on it takes the threat away."""
    state = new_state(seed=9)
    towns = {t.field: t for t in state.towns}
    home = next(t.field for t in state.towns if t.owner == 0)
    enemy = main_hero(state, 1)
    enemy.field = open_neighbour(state, home)
    assert evaluation.threat(state, 0, [home], towns) == 0.0  # Main Hero at home
    for item in state.heroes:
        if item.seat == 0:
            item.field = enemy_town(state, 0).field
    assert evaluation.threat(state, 0, [home], towns) > 0.0
    theirs = enemy_town(state, 0).field
    assert evaluation.threat(state, 1, [theirs], towns) > 0.0  # seat 0's heroes stand on it
    enemy.field = theirs
    assert evaluation.threat(state, 1, [theirs], towns) == 0.0  # its Main Hero is back


def test_cubes_count_towards_a_cubes_victory() -> None:
    """homm3.md §5.22 and clash-3.yaml (victory: a cube of each other faction): each other
    faction's first cube counts, a second of the same does not."""
    state = new_state(seed=1, players=3)
    others = [p.faction for p in state.players if p.seat != 0]
    assert evaluation.cube_progress(state, 0) == 0
    state.players[0].cubes.append(others[0])
    assert evaluation.cube_progress(state, 0) == 1
    state.players[0].cubes.append(others[0])
    assert evaluation.cube_progress(state, 0) == 1
    state.players[0].cubes.append(others[1])
    assert evaluation.cube_progress(state, 0) == 2
    two = new_state(seed=1)
    two.players[0].cubes.append(two.players[1].faction)
    assert evaluation.cube_progress(two, 0) == 0  # clash-2 has no cubes condition


def test_greedy_does_not_walk_into_a_fight_it_would_lose() -> None:
    """homm3.md §5.18.1, §5.23 and issue 24 §5: a move onto a guarded field is valued where
    its battle begins (after the other players' Town-action window, §8.13), by the combat's
    reckoning of the two sides: a lone Few Bronze unit against an Impossible level-I guard
    (three Bronze units) ranks the move below ending the turn."""
    state = new_state(seed=10)
    seat = to_turn(state)
    state.difficulty = "impossible"
    hero = main_hero(state, seat)
    guarded, beside = next(
        (key, hex_key(h))
        for key, level in evaluation.guards(state).items()
        if level == 1
        for h in neighbours(key_hex(key))
        if getattr(board.field_at(state, hex_key(h)), "location", "") == "empty"
    )
    hero.field, hero.mp = beside, 3
    player = state.players[seat]
    player.units = player.units[-1:]
    player.units[0].side = "few"
    move = Action.of("move", hero=hero.id, to=guarded)
    assert move in state.legal_actions(seat)
    ranked = dict(greedy.candidates(state, seat, state.legal_actions(seat), Pcg32(3)))
    assert ranked[move] < ranked[Action.of("end-turn")]


def test_mcts_searches_a_fight_as_the_combat_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 25 §2 (a fight on the map uses the combat's own search): on the map
    ``tree_measure`` is None (the advised search); in a battle it is the combat's evaluation,
    and MCTS decides there by the generic tree search, scored by it, not by greedy's choice."""
    state = new_state(seed=1)
    seat = to_turn(state)
    assert greedy.tree_measure(state, seat) is None
    hero = main_hero(state, seat)
    target = next(
        hex_key(h)
        for h in neighbours(key_hex(hero.field))
        if (printed := board.field_at(state, hex_key(h))) is not None
        and printed.difficulty
        and printed.location != "blocked"
    )
    state.apply_action(Action.of("move", hero=hero.id, to=target), seat)
    while state.battle is None or len(state.legal_actions(state.current_player())) < 2:
        player = state.current_player()
        if player < 0:
            state.resolve_chance()
            continue
        state.apply_action(state.legal_actions(player)[0], player)
    player = state.current_player()
    measure = greedy.tree_measure(state, player)
    assert measure is not None and -1.0 <= measure(state) <= 1.0
    monkeypatch.setattr(greedy, "choose", lambda *args: pytest.fail("greedy chose in a fight"))
    bot = make_agent("mcts@1", seed=2, game=state.game)
    assert bot.choose(state, player) in state.legal_actions(player)


def test_a_simulation_stops_when_the_seats_turn_is_over() -> None:
    """issue 25 §2 (MCTS on the map scores every candidate at the same point): a simulation of
    ending the turn is scored where the other seat's turn begins, not after its moves."""
    state = new_state(seed=3)
    seat = to_turn(state)
    end = Action.of("end-turn")
    assert end in state.legal_actions(seat)
    world = state.clone()
    value = greedy.simulate(world, seat, end, Pcg32(1), 1, {})
    top = world.flow.top()
    assert isinstance(top, TurnStep) and top.seat != seat and top.stage == "act"
    others = [(h.id, h.field) for h in state.heroes if h.seat != seat]
    assert [(h.id, h.field) for h in world.heroes if h.seat != seat] == others
    assert -1.0 <= value <= 1.0


def test_the_bots_choose_alike_whatever_the_seat_cannot_see() -> None:
    """Brief, hidden information (issue 25 §2, a fair bot): greedy and MCTS on the map choose
    the same action in a state and in its twin re-dealt for the seat (the other hand, every
    deck's order, the face-down tiles), so nothing the seat cannot see steers them."""
    state = new_state(seed=5)
    to_turn(state)
    random_bot = make_agent("random", seed=4, game=state.game)
    for _ in range(60):
        seat = state.current_player()
        state.apply_action(random_bot.choose(state, seat), seat)
    seat = to_turn(state)
    other = 1 - seat
    twin = state.resample(seat, random.Random(7))
    assert twin.observation(seat) == state.observation(seat)
    assert twin.legal_actions(seat) == state.legal_actions(seat)
    assert twin.observation(other) != state.observation(other)
    for spec in ("greedy", "mcts@1"):
        chosen = make_agent(spec, seed=3, game=state.game).choose(state, seat)
        assert chosen == make_agent(spec, seed=3, game=state.game).choose(twin, seat), spec
