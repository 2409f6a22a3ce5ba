"""The last tie-break (spec §1.3 (4), A-32): still tied after the extra night round, each team
secretly picks a hero; the two fight one round of epic combat where they stand, the team that
went first as the active side; the winner's team gains 1 VP.

[Reading] One round decided "as usual" is Faster Combat's rule for one round (spec §5.6.6,
A-30): the side with fewer HP left loses, the defender winning ties; nobody moves after it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.subgame import HostStep, Seating
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.result import EpicResult
from rulekeeper.games.eternia.combat.subgames import EpicSubGame
from rulekeeper.games.eternia.map.meetings import side_entry

__all__ = ["DuelStep"]

RULE_DUEL = "spec §1.3 (4), A-32 (rulebook p.30): the tie-break duel"


@dataclass
class DuelStep(HostStep[Any, EpicResult]):
    """The duel: each team's lead seat picks a hero (``duel hero=X``, the first team first,
    each pick hidden from the other team), then the one-round combat."""

    kind = "duel"
    rule = RULE_DUEL
    result_type = EpicResult
    public_kinds = frozenset()
    picks: list[str] = dataclasses.field(default_factory=list)
    fought: bool = False

    def _team(self, state: Any) -> int:
        return int((state.first + len(self.picks)) % len(state.teams))

    def actor(self, state: Any) -> int:
        if len(self.picks) >= len(state.teams):
            return -3
        return int(state.teams[self._team(state)].seats[0])

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        team = self._team(state)
        for hero in state.heroes:
            if hero.team == team:
                yield Action.of("duel", hero=hero.id)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return list(self.candidates(state, seat)) if seat == self.actor(state) else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.actor(state):
            return (self.rule, f"player {self.actor(state)} picks this team's hero")
        if action not in self.legal(state, seat):
            return (self.rule, "pick one of the team's heroes")
        return None

    def secret_words(self, state: Any, action: Action) -> str:
        return "picks a hero for the duel"

    def apply(self, state: Any, action: Action, seat: int) -> None:
        self.picks.append(str(action.get("hero")))

    def run(self, state: Any) -> None:
        heroes = [state.hero_index(name) for name in self.picks]
        active, defender = side_entry(state, heroes[0]), side_entry(state, heroes[1])
        for side in (active, defender):
            side["soldiers"], side["friends"] = 0, 0
        doc: JsonObject = {
            "format": "eternia-combat",
            "version": 1,
            "combat": "epic",
            "options": {"faster": True},
            "can_flee": False,
            "active": active,
            "defender": defender,
        }
        state.events.append("duel", {"heroes": list(self.picks)})
        seating = Seating.alone(
            max(2, state.num_players), decider=state.teams[state.first].seats[0]
        )
        self.play(state, EpicSubGame(doc, "duel"), seating)

    def take(self, state: Any, result: EpicResult) -> None:
        state.flow.pop()
        state.epic = Epic(fighters=[])
        if result.winner >= 0:
            team = (state.first + result.winner) % len(state.teams)
            state.teams[team].pool.gain({"vp": 1})
            state.events.append("duel-won", {"hero": self.picks[result.winner], "team": team})
        state.duel_over = True
