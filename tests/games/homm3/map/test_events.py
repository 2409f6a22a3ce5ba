"""Timed events of the scenario and optional rule 10 (issue 24 §2 "Rounds and turns";
homm3.md §4.1 Timed Events, §5.21, §5.25 rule 10; docs/homm3-scenarios.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulekeeper.core import Action, load_game
from rulekeeper.core.content import load_yaml
from rulekeeper.core.graph import hex_key
from rulekeeper.games.homm3.map import board, events
from rulekeeper.games.homm3.map.dice import DiceStep
from rulekeeper.games.homm3.map.events import EventChoiceStep, RemoveCardStep
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MAIN
from rulekeeper.games.homm3.map.rounds import start_round
from rulekeeper.games.homm3.map.search import SearchStep
from rulekeeper.games.homm3.scenario import shipped_scenario
from rulekeeper.games.homm3.scenario.model import Effect


def new_state(seed: int = 7, scenario: Any = "clash-2", **options: str) -> MapState:
    params: dict[str, Any] = {"options": options} if options else {}
    game = load_game("homm3", players=2, scenario=scenario, **params)
    state = game.new_initial_state(seed)
    assert isinstance(state, MapState)
    return state


def quiet_astrologers(state: MapState) -> None:
    """The next Astrologers card drawn changes nothing."""
    state.decks["astrologers"].remove("dead-silence")
    state.decks["astrologers"].append("dead-silence")


def main_mp(state: MapState, seat: int) -> int:
    return next(h.mp for h in state.heroes if h.seat == seat and h.role == MAIN)


def test_round_event_for_the_second_player() -> None:
    """clash-2.yaml events (Heegu-sama/Homm3BG clash/unbelievable.tex): in rounds 2, 6 and 10
    the second player in turn order gets 1 more MP, after the round type's step (§4.1)."""
    state = new_state()
    quiet_astrologers(state)
    state.round = 2
    start_round(state)
    first, second = state.order
    assert (main_mp(state, first), main_mp(state, second)) == (3, 4)
    state.round = 3
    start_round(state)
    assert main_mp(state, second) == 3


def test_who() -> None:
    """docs/homm3-scenarios.md: ``who`` names every player or one by turn-order place."""
    state = new_state()
    assert events.targets(state, "all") == state.order
    assert events.targets(state, "first") == state.order[:1]
    assert events.targets(state, "second") == state.order[1:2]
    assert events.targets(state, "last") == state.order[-1:]
    assert events.targets(state, "third") == []


def effect(kind: str, **params: Any) -> Effect:
    return Effect(kind=kind, params=params)


def test_resource_effects() -> None:
    """docs/homm3-scenarios.md: gain, lose (never below 0), income (for good, never below 0)."""
    state = new_state()
    ledger = state.players[0].resources
    gold = ledger.get("gold")
    events.apply_effect(state, 0, effect("gain", gold=5, valuables=1))
    assert ledger.get("gold") == gold + 5
    events.apply_effect(state, 0, effect("lose", gold=999))
    assert ledger.get("gold") == 0
    income = state.players[0].base_income.get("gold", 0)
    events.apply_effect(state, 0, effect("income", gold=-3))
    assert state.players[0].base_income.get("gold", 0) == max(0, income - 3)
    events.apply_effect(state, 0, effect("income", gold=-99))
    assert state.players[0].base_income.get("gold", 0) == 0


def test_card_effects() -> None:
    """docs/homm3-scenarios.md: Search (X) a deck; Remove a card from hand (homm3.md §5.8);
    experience (½ Level each, §5.7)."""
    state = new_state()
    events.apply_effect(state, 0, effect("search", deck="artifact", amount=2, times=1))
    top = state.flow.top()
    assert isinstance(top, SearchStep) and top.deck == "artifact" and top.count == 2
    state.flow.pop()
    state.players[0].hand[:] = ["attack", "power"]
    events.apply_effect(state, 0, effect("remove-card"))
    assert isinstance(state.flow.top(), RemoveCardStep)
    state.apply_action(Action.of("remove", card="power"), 0)
    assert state.players[0].hand == ["attack"]
    level = state.players[0].level
    events.apply_effect(state, 0, effect("experience", amount=2))
    assert state.players[0].level == level + 1


def test_morale_and_astrologers_effects() -> None:
    """docs/homm3-scenarios.md: a morale step (homm3.md §5.17); an Astrologers card drawn."""
    state = new_state()
    seat = next(p.seat for p in state.players if p.faction != "necropolis")
    events.apply_effect(state, seat, effect("morale", value="negative"))
    assert state.players[seat].morale == -1
    quiet_astrologers(state)
    events.apply_effect(state, -1, effect("astrologers"))
    assert state.astrologers == "dead-silence"


def test_chosen_effect() -> None:
    """docs/homm3-scenarios.md: ``choose: true``: each player it touches takes one effect."""
    doc = load_yaml(Path(shipped_scenario("clash-2")).read_text(), "clash-2")
    doc = {
        **doc,
        "events": [
            {
                "when": {"round": 3},
                "who": "all",
                "choose": True,
                "effects": [{"kind": "gain", "gold": 4}, {"kind": "gain", "valuables": 2}],
            }
        ],
    }
    state = new_state(scenario=doc)
    state.round = 3
    gold = [p.resources.get("gold") for p in state.players]
    start_round(state)
    income = [state.players[s].resources.get("gold") - gold[s] for s in range(2)]
    first = state.order[0]
    step = state.flow.top()
    assert isinstance(step, EventChoiceStep) and step.seat == first
    state.apply_action(Action.of("choose-effect", index=0), first)
    assert state.players[first].resources.get("gold") == gold[first] + income[first] + 4
    second = state.order[1]
    valuables = state.players[second].resources.get("valuables")
    state.apply_action(Action.of("choose-effect", index=1), second)
    assert state.players[second].resources.get("valuables") == valuables + 2


def one_time_field(state: MapState) -> str:
    locations = state.game.pack.locations
    for h in sorted(state.tilemap().spots):
        printed = board.field_at(state, hex_key(h))
        if printed is not None and locations[printed.location].category == "one-time":
            return hex_key(h)
    pytest.skip("no one-time location face up")
    return ""


@pytest.mark.parametrize(
    ("option", "round_", "removed"), [("yes", 4, True), ("yes", 5, False), ("", 4, False)]
)
def test_optional_rule_10(option: str, round_: int, removed: bool) -> None:
    """homm3.md §5.25 rule 10: the black cubes of one-time locations leave the map in rounds
    4, 8 and 12."""
    state = new_state(**({"refresh-locations": option} if option else {}))
    quiet_astrologers(state)
    key = one_time_field(state)
    board.touch(state, key).visited = True
    state.round = round_
    start_round(state)
    assert state.sites[key].visited is not removed


@pytest.mark.parametrize("die", ["resource", "treasure"])
def test_dice_effects(die: str) -> None:
    """docs/homm3-scenarios.md: roll that many dice and resolve one (homm3.md §5.13; dice.py)."""
    state = new_state()
    events.apply_effect(state, 1, effect(f"{die}-dice", amount=2))
    top = state.flow.top()
    assert isinstance(top, DiceStep)
    assert (top.seat, top.die, top.count, top.keep) == (1, die, 2, "one")
