"""The map evaluation in solo and co-op (map/evaluation.py ``team_evaluate``): the team against
the AI heroes (issue 26 §4: greedy and MCTS play solo-1 and coop-2 with it; strength measured
by benchmarks/homm3_solo_bots.py). Each test builds its situation on a fresh initial state."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import load_game
from rulekeeper.games.homm3.map import evaluation


def new_state(mode: str = "solo", players: int = 1, seed: int = 1) -> Any:
    game = load_game("homm3", mode=mode, difficulty="normal", players=players)
    return game.new_initial_state(seed=seed)


def test_solo_is_not_won_at_the_start() -> None:
    """issue 26 §4: alone against an AI hero the seat has no other player to outgrow, so its
    worth is weighed against the AI hero's (no flat 1.0 before the AI hero is beaten)."""
    state = new_state()
    assert -1.0 < evaluation.evaluate(state, 0) < 1.0


def test_a_weaker_ai_army_looks_better() -> None:
    """homm3.md §5.24: an AI hero keeps the units that survived a fight; fewer is better for
    the player (its army counts in the AI heroes' worth)."""
    state = new_state()
    before = evaluation.evaluate(state, 0)
    state.ai_heroes[0].units = state.ai_heroes[0].units[:1]
    assert evaluation.evaluate(state, 0) > before


def test_an_undefended_town_in_reach_is_in_danger() -> None:
    """solo-1's defeat ``lose-start-town`` (homm3.md §5.24.2 step 3: the AI hero marches on the
    players' town): an AI hero next to the town with the hero away looks worse than far off."""
    state = new_state()
    town = state.towns[0].field
    far = evaluation.distances(state, [town], {})
    near = next(k for k, steps in far.items() if steps == 1)
    state.heroes[0].field = max(far, key=lambda k: far[k])
    state.ai_heroes[0].field = max(far, key=lambda k: far[k])
    away = evaluation.evaluate(state, 0)
    assert evaluation.town_danger(state, 0) == 0.0
    state.ai_heroes[0].field = near
    assert evaluation.town_danger(state, 0) > 0.0
    assert evaluation.evaluate(state, 0) < away


def test_co_op_teammates_are_not_targets() -> None:
    """teams.py, docs/homm3.md "Solo and co-op": a teammate's town and Main Hero are never
    fought, so the plan does not head for them; both seats weigh the same team."""
    state = new_state("coop", 2)
    found = evaluation.targets(state, 0)
    assert state.towns[1].field not in found["enemy"]
    assert state.heroes[1].field not in found["hero"]
    assert evaluation.evaluate(state, 0) == evaluation.evaluate(state, 1)


def test_clash_keeps_its_evaluation() -> None:
    """issue 24 §5: in Clash the value stays the seat's worth against the strongest other
    player's (the solo and co-op terms are not read)."""
    state = load_game("homm3", players=2, scenario="clash-2").new_initial_state(seed=1)
    mine, theirs = evaluation.worth(state, 0), evaluation.worth(state, 1)
    assert evaluation.evaluate(state, 0) == (mine - theirs) / (abs(mine) + abs(theirs))
