"""Each kind of combat runs as a sub-game of a host (issue 27 §2; core/subgame.py): the host's
step plays it above itself with a seating, the combat's seats are the host's the seating
names (core/control.py), and the host takes back the typed result."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from eternia_files import AREA, SOLDIERS, WILDS

from rulekeeper.core import CHANCE, load_game
from rulekeeper.core.flow import Flow
from rulekeeper.core.subgame import HostStep, Seating
from rulekeeper.games.eternia.combat.area import AreaResult
from rulekeeper.games.eternia.combat.result import EpicResult
from rulekeeper.games.eternia.combat.soldiers import SoldierResult
from rulekeeper.games.eternia.combat.subgames import (
    AreaSubGame,
    EpicSubGame,
    SoldierSubGame,
    WildsSubGame,
)
from rulekeeper.games.eternia.combat.wilds import WildsResult

EPIC = {
    "format": "eternia-combat",
    "version": 1,
    "active": {"hero": "he-man", "seat": 0},
    "defender": {"hero": "skeletor", "seat": 1},
}


def host(result: type) -> Any:
    """A host step taking *result* records."""

    @dataclass
    class Host(HostStep[Any, Any]):
        kind = "host"
        result_type: ClassVar[type] = result
        taken: Any = None

        def take(self, state: Any, found: Any) -> None:
            self.taken = found
            state.flow.pop()

    return Host()


@pytest.mark.parametrize(
    ("doc", "subgame", "result"),
    [
        (EPIC, EpicSubGame, EpicResult),
        (WILDS, WildsSubGame, WildsResult),
        (SOLDIERS, SoldierSubGame, SoldierResult),
        (AREA, AreaSubGame, AreaResult),
    ],
)
def test_each_combat_hands_its_typed_result_to_its_host(doc, subgame, result) -> None:
    state = load_game("eternia-combat", combat=SOLDIERS).new_initial_state(1)  # a 2-seat host
    step = host(result)
    state.flow = Flow([step])
    step.play(state, subgame(doc), Seating(seats=[1, 0]))  # the combat's seats swapped
    state.settle()
    rng = random.Random(2)
    first = state.current_player()
    while state.flow.steps:
        if state.current_player() == CHANCE:
            state.resolve_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(step.taken, result)
    if doc is EPIC:
        assert first == 1  # He-Man, the combat's seat 0, is played by host seat 1
    if doc in (SOLDIERS, AREA):
        assert first == 0  # the defenders, the combat's seat 1, are host seat 0


def test_a_host_refuses_a_sub_game_of_another_result() -> None:
    state = load_game("eternia-combat", combat=SOLDIERS).new_initial_state(1)
    step = host(EpicResult)
    with pytest.raises(TypeError, match="takes EpicResult"):
        step.play(state, WildsSubGame(WILDS), Seating(seats=[0]))
