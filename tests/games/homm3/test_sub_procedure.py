"""A battle as a sub-procedure (issue 8, part 2): a test-only parent procedure runs two battles
in a row, carrying the first battle's surviving attackers (with the sides their cards show)
into the second, the way the map game will (docs/homm3-combat.md; architecture.md,
*Sub-procedures*)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import (
    CHANCE,
    Flow,
    Game,
    JsonObject,
    JsonValue,
    ProcedureState,
    Step,
    register_game,
)
from rulekeeper.games.homm3.battle.reading import read_battle
from rulekeeper.games.homm3.combat.model import Battle
from rulekeeper.games.homm3.content.pack import load_content_pack
from rulekeeper.games.homm3.game import STEPS

FIRST: dict[str, Any] = {
    "format": "homm3-battle",
    "version": 1,
    "mode": "solo",
    "site": {"kind": "field", "difficulty": 2},
    "attacker": {
        "kind": "hero",
        "hero": {"name": "Catherine", "faction": "castle", "level": 2, "mp": 3},
        "units": [
            {"card": "griffins", "side": "pack"},
            {"card": "champions", "side": "pack"},
            {"card": "zealots", "side": "pack"},
        ],
    },
    "defender": {"kind": "neutral", "units": ["peasants", "boars"]},
}


def second_battle(result: JsonObject) -> dict[str, Any]:
    """The next fight with the attacker's survivors of *result*, as the map game will do."""
    survivors = result["sides"][0]["surviving"]  # type: ignore[index]
    units = [{"card": u["card"], "side": u["side"]} for u in survivors]  # type: ignore[index]
    return {
        **FIRST,
        "attacker": {**FIRST["attacker"], "units": units},
        "defender": {"kind": "neutral", "units": ["rogues"]},
    }


@dataclass
class TwoBattles(Step["TwoBattlesState"]):
    """Root of the test game: a battle, then another with the survivors."""

    kind = "two-battles"
    fought: int = 0

    def run(self, state: TwoBattlesState) -> None:
        doc = FIRST if self.fought == 0 else second_battle(state.results[-1])  # type: ignore[arg-type]
        battle, steps = read_battle(doc, state.game.pack, state.rng, STEPS, "test")
        state.battle = battle
        self.fought += 1
        state.flow.push(steps[0])

    def resume(self, state: TwoBattlesState, result: JsonObject) -> None:
        state.results.append(result)
        if self.fought == 2:
            state.flow.finish(state, {"battles": list(state.results)})

    def actor(self, state: TwoBattlesState) -> int:
        from rulekeeper.core import AUTO

        return AUTO


class TwoBattlesState(ProcedureState):
    STEPS = STEPS.merged(type(STEPS)(TwoBattles))
    battle: Battle
    results: list[JsonValue]

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.results = []
        self.battle = read_battle(FIRST, game.pack, self.rng, STEPS, "test")[0]  # type: ignore[attr-defined]
        self.flow = Flow([TwoBattles()])
        self.settle()

    def _returns(self) -> list[float]:
        return [0.0]

    def _observation(self, player: int) -> JsonObject:
        return {"results": list(self.results)}


@register_game
class TwoBattlesGame(Game):
    name = "homm3-two-battles-test"
    state_class = TwoBattlesState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        self.pack = load_content_pack()
        return {}

    @property
    def num_players(self) -> int:
        return 1


def test_two_battles_in_a_row_carry_the_survivors() -> None:
    from rulekeeper.core import load_game

    for seed in range(5):
        state = load_game("homm3-two-battles-test").new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.resolve_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        assert isinstance(state, TwoBattlesState)
        first, second = state.results
        assert isinstance(first, dict) and isinstance(second, dict)
        survivors = [(u["card"], u["side"]) for u in first["sides"][0]["surviving"]]
        carried = [  # the sides the second battle began with
            (state.battle.units[uid].card, "pack" if state.battle.units[uid].was_pack else "few")
            for uid in state.battle.armies[0].units
        ]
        # The second battle began with exactly the first one's survivors, flipped sides kept.
        assert sorted(carried) == sorted(survivors) or second["ending"] == "quick-combat"
        assert state.flow.result == {"battles": [first, second]}
        assert len(state.serialize()) > 0
