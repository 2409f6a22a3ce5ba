"""Timed events of a Level (issue 24 §2 "Rounds and turns"; homm3.md §4.1 Timed Events, §5.7;
docs/homm3-scenarios.md ``when: {level: N}``): they fire for the player whose Main Hero reaches
the Level, after the Level's rewards (experience.py pushes events.py's LevelEventsStep)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulekeeper.core import CHANCE, load_game
from rulekeeper.core.content import load_yaml
from rulekeeper.games.homm3.map import experience
from rulekeeper.games.homm3.map.events import LevelEventsStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.scenario import shipped_scenario


def levelled_state(seed: int = 7) -> MapState:
    """clash-2 with one event: whoever's Main Hero reaches Level III gains 5 Gold."""
    doc: dict[str, Any] = load_yaml(Path(shipped_scenario("clash-2")).read_text(), "clash-2")
    doc = {**doc, "events": [{"when": {"level": 3}, "effects": [{"kind": "gain", "gold": 5}]}]}
    state = load_game("homm3", players=2, scenario=doc).new_initial_state(seed)
    assert isinstance(state, MapState)
    return state


def resolve_above(state: MapState, depth: int) -> None:
    """Answer the steps above the *depth* lowest ones with their first legal action."""
    state.settle()
    while len(state.flow) > depth:
        seat = state.current_player()
        if seat == CHANCE:
            state.resolve_chance()
            continue
        state.apply_action(state.legal_actions(seat)[0], seat)


def test_a_level_event_fires_for_the_hero_that_reaches_it() -> None:
    """homm3.md §4.1: an event of Level III fires when a Main Hero reaches Level III (here from
    Level I with 2 Exp at once), for its player only, after the Level's Searches (§5.7)."""
    state = levelled_state()
    depth = len(state.flow)
    gold = [p.resources.get("gold") for p in state.players]
    experience.gain(state, 1, 4)
    assert state.players[1].level == 3
    kinds = [step.kind for step in state.flow][depth:]
    assert kinds == ["level-events", "search"]  # the rewards on top: resolved first
    resolve_above(state, depth)
    assert state.players[1].resources.get("gold") == gold[1] + 5
    assert state.players[0].resources.get("gold") == gold[0]


def test_other_levels_fire_nothing() -> None:
    """homm3.md §4.1: reaching Level II (or a scenario without Level events) pushes no step."""
    state = levelled_state()
    depth = len(state.flow)
    experience.gain(state, 0, 2)
    assert state.players[0].level == 2
    assert not any(isinstance(step, LevelEventsStep) for step in list(state.flow)[depth:])
    plain = load_game("homm3", players=2, scenario="clash-2").new_initial_state(7)
    assert isinstance(plain, MapState)
    depth = len(plain.flow)
    experience.reach(plain, 0, 3)
    assert not any(isinstance(step, LevelEventsStep) for step in list(plain.flow)[depth:])
