"""The HoMM3 bots' evaluation (games/homm3/evaluation.py, docs/bots.md): units in reserve once
the fight begins, the siege's Walls, Gate and Arrow Tower, and what that makes the bots do."""

from __future__ import annotations

import itertools

import pytest

from rulekeeper.core import CHANCE, Action, GameState, load_game, play_out
from rulekeeper.core.agents import GreedyAgent, RandomAgent
from rulekeeper.games.homm3 import evaluation
from rulekeeper.games.homm3.combat.model import OFF_BOARD, TOWER
from rulekeeper.games.homm3.game import CombatState, shipped_battle


def siege(seed: int) -> CombatState:
    state = load_game("homm3-combat", battle=str(shipped_battle("siege.yaml")))
    found = state.new_initial_state(seed)
    assert isinstance(found, CombatState)
    return found


def deployed(seed: int) -> CombatState:
    """The siege once both sides have deployed (at random) and the Gate is set."""
    state = siege(seed)
    bot = RandomAgent(seed)
    while evaluation.deploying(state):
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
            continue
        state.apply_action(bot.choose(state, player), player)
    return state


def on_board_only(state: CombatState) -> list[float]:
    """Each side's strength counted by hand: the units on the board, the tower and the walls."""
    totals = [0.0, 0.0]
    for unit in state.battle.units.values():
        value = evaluation.unit_strength(state, unit)
        if unit.field == TOWER:
            value *= evaluation.TOWER_WEIGHT * evaluation.standing_share(state)
        if unit.field != OFF_BOARD:
            totals[unit.side] += value
    standing = sum(1 for piece in state.battle.obstacles if piece.intact)
    totals[1] += evaluation.WALL_VALUE * standing
    return totals


def test_a_unit_left_in_reserve_counts_only_while_the_sides_deploy() -> None:
    # homm3.md §5.15: at most 5 units on the board; the siege's attacker brings 6, so one stays
    # out, and nothing brings it in once the fight has begun.
    state = siege(1)
    assert evaluation.deploying(state)
    waiting = [u for u in state.battle.units.values() if u.field == OFF_BOARD]
    assert waiting and evaluation.strengths(state)[0] > 0
    fighting = deployed(1)
    left_out = [u for u in fighting.battle.units.values() if u.field == OFF_BOARD]
    assert [u.side for u in left_out] == [0]
    assert evaluation.unit_strength(fighting, left_out[0]) > 0
    assert evaluation.strengths(fighting) == pytest.approx(on_board_only(fighting))


def test_each_breach_weakens_the_defence_down_to_the_tower_falling() -> None:
    # homm3.md §9.3: the Walls and the Gate stand between the lines; the Arrow Tower falls when
    # every one is down, so each breach is worth something to the attacker.
    state = deployed(2)
    pieces = state.battle.obstacles
    assert len(pieces) == 4 and state.battle.tower() is not None
    values = [state.evaluate(0)]
    for piece in pieces:
        piece.intact = False
        values.append(state.evaluate(0))
    assert all(later > earlier for earlier, later in itertools.pairwise(values))
    tower = state.battle.tower()
    assert tower is not None
    tower.destroyed = True  # what the rule does with the last piece: the value is unchanged
    assert state.evaluate(0) == pytest.approx(values[-1])


def first_breach_choice(seed: int) -> tuple[Action, list[Action]]:
    """The greedy attacker's choice at its first activation that may breach, and the legal
    actions there."""
    state: GameState = deployed(seed)
    other = RandomAgent(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
            continue
        legal = state.legal_actions(player)
        kinds = {a.kind for a in legal}
        if player == 0 and "breach" in kinds and "attack" not in kinds:
            return GreedyAgent(seed).choose(state, player), legal
        state.apply_action(other.choose(state, player), player)
    raise AssertionError("no breach was ever possible")


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_greedy_breaks_the_wall_in_front_of_it(seed: int) -> None:
    # homm3.md §5.14.4: an adjacent ground or flying unit of the attacker destroys a Wall or the
    # Gate by attacking it, no die; nothing else it can do then changes the strength on the field.
    chosen, legal = first_breach_choice(seed)
    assert len(legal) > 2
    assert chosen.kind == "breach"


def test_greedy_wins_the_siege_as_the_attacker_against_random() -> None:
    # Behind its Walls with the Arrow Tower firing every round, the defender wins unless the
    # attacker breaks through; a bot blind to the siege loses most of these games.
    wins = 0
    seeds = range(1, 13)
    for seed in seeds:
        state = siege(seed)
        play_out(state, {0: GreedyAgent(seed), 1: RandomAgent(seed + 100)})
        wins += state.returns()[0] > 0
    assert wins >= 9


def fighting(name: str, seed: int) -> CombatState:
    """*name* once deployment is over (random choices)."""
    game = load_game("homm3-combat", battle=str(shipped_battle(name)))
    state = game.new_initial_state(seed)
    assert isinstance(state, CombatState)
    bot = RandomAgent(seed)
    while evaluation.deploying(state) or state.current_player() == CHANCE:
        player = state.current_player()
        if player == CHANCE:
            state.resolve_chance()
            continue
        state.apply_action(bot.choose(state, player), player)
    return state


def test_the_round_limit_against_neutrals_presses_the_hero() -> None:
    # homm3.md §5.18.2, §9.1: against Bronze-Gold neutrals each further round costs the hero
    # 1 MP; when none is left it flees, a loss. The same field looks worse with fewer rounds.
    state = fighting("neutral-fight.yaml", 6)
    hero = state.battle.armies[0].hero
    assert hero is not None and hero.mp == 2
    assert evaluation.rounds_left(state) == 3
    values = []
    for mp in (2, 1, 0):
        hero.mp = mp
        values.append(state.evaluate(0))
    assert values[0] > values[1] > values[2] >= -1.0
    state.battle.options["free-extension"] = "yes"  # optional rule 9: no limit
    assert evaluation.rounds_left(state) is None
    attacker, defender = evaluation.strengths(state)
    assert state.evaluate(0) == pytest.approx((attacker - defender) / (attacker + defender))


def test_the_neutrals_controller_values_the_limit_the_other_way() -> None:
    # homm3.md §8.42: in Clash the other player controls the neutral units.
    state = fighting("clash-neutrals.yaml", 7)
    assert evaluation.rounds_left(state) is not None
    assert state.evaluate(1) == pytest.approx(-state.evaluate(0))
    hero = state.battle.armies[0].hero
    assert hero is not None
    before = state.evaluate(1)
    hero.mp = 0
    assert state.evaluate(1) > before
