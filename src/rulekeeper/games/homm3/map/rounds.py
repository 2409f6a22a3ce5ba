"""Rounds (homm3.md §4.1, §4.2, §1.4, §5.21, §5.22, §8.8–§8.12, §9.13).

:class:`GameStep` is the root of the map game: round after round until a victory condition
holds or the scenario's last round ends (victory.py). Each round starts by turning the
Town-action tokens back, giving every hero its MP and every Main Hero its Expert uses, then
the round type's step: income in a Resource round (economy.py), an Astrologers Proclaim card in
an Astrologers round (astrologers.py), then the scenario's timed events; then each player not
eliminated takes a turn, in the same order every round (:class:`RoundStep`). At the end of the
round the elimination clock is checked (§1.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Step
from rulekeeper.games.homm3.map import economy, victory
from rulekeeper.games.homm3.map.ai_movement import AI_MP, AiTurnStep
from rulekeeper.games.homm3.map.model import MAIN
from rulekeeper.games.homm3.map.turn import TurnStep

__all__ = ["GameStep", "RoundStep", "start_round"]

MAIN_MP, SECONDARY_MP = 3, 2
"""Movement points a round (§5.2)."""


@dataclass
class GameStep(Step[Any]):
    """The map game's root (automatic): a round, and another, until the game is decided."""

    kind = "homm3-game"
    rule = "homm3.md §4.1 rounds (rulebook p. 9)"

    def run(self, state: Any) -> None:
        if victory.decided(state) or victory.out_of_rounds(state):
            state.flow.pop()
            victory.finish(state)
            return
        state.round += 1
        state.flow.push(RoundStep())
        start_round(state)  # its choices (Astrologers, events) go above the round's turns


def start_round(state: Any) -> None:
    """§4.1: tokens back, MP and Expert uses renewed, then the round type's step."""
    state.events.append("round-starts", {"round": state.round})
    for player in state.players:
        player.used_tokens.clear()
        player.expert_used = 0
    for item in state.heroes:
        item.mp = MAIN_MP if item.role == MAIN else SECONDARY_MP
    for ai in state.ai_heroes:
        ai.mp = AI_MP if ai.on_map else 0
    economy.start_of_round(state)


@dataclass
class RoundStep(Step[Any]):
    """The turns of one round, in turn order, then the AI heroes' in the scenario's order
    (before the players' with the scenario's ``ai-moves-first``; automatic, ai_movement.py);
    ``done`` turns taken so far."""

    kind = "round"
    rule = "homm3.md §4.2 turn order"
    done: int = 0

    def run(self, state: Any) -> None:
        turns: list[Any] = [*state.order, *state.ai_heroes]
        if state.game.scenario.rule("ai-moves-first"):  # the scenario's switch
            turns = [*state.ai_heroes, *state.order]
        while self.done < len(turns):
            turn = turns[self.done]
            self.done += 1
            if victory.decided(state):
                continue
            if not isinstance(turn, int):
                if turn.on_map and turn.mp > 0:
                    state.flow.push(AiTurnStep(hero=turn.id))
                    return
                continue
            if not state.players[turn].eliminated:
                state.flow.push(TurnStep(seat=turn))
                return
        state.flow.pop()
        victory.end_of_round(state)
