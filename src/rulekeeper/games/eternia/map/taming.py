"""Taming a beast (spec §5.12): after beating it and taking its rewards, a hero still standing
may pay its taming cost to keep it (``tame``) or leave it (``pass``). The choice of a wilds
combat's beast (encounters.py) and of an epic beast (quests.py) alike."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.games.eternia.map.gains import gain

__all__ = ["RULE_TAME", "TameChoice"]

RULE_TAME = "spec §5.12 (rulebook p.29): taming a beast"


class TameChoice:
    """A step's ``tame``/``pass`` choice once its ``stage`` is ``tame``: the step names its
    ``hero``, its beast (:meth:`beast_card`), what taming costs and what a pass does."""

    hero: int
    stage: str

    def actor(self, state: Any) -> int:
        raise NotImplementedError

    def beast_card(self) -> str:
        raise NotImplementedError

    def taming_cost(self, state: Any) -> int:
        raise NotImplementedError

    def passed(self, state: Any) -> None:
        """The beast is left (its card's place)."""
        raise NotImplementedError

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        yield Action.of("tame")
        yield Action.of("pass")

    def legal(self, state: Any, seat: int) -> list[Action]:
        return [a for a in self.candidates(state, seat) if self.refusal(state, seat, a) is None]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if self.stage != "tame" or seat != self.actor(state):
            return (RULE_TAME, "the hero's player decides whether to tame the beast")
        if action.kind == "pass":
            return None
        if action.kind != "tame":
            return (RULE_TAME, "tame the beast or pass")
        cost = self.taming_cost(state)
        pool = state.teams[state.heroes[self.hero].team].eternium
        if pool < cost:
            return (RULE_TAME, f"taming costs {cost} Eternium; the team has {pool}")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action.kind == "pass":
            self.passed(state)
            return
        hero = state.heroes[self.hero]
        state.teams[hero.team].pool.lose({"eternium": self.taming_cost(state)})
        state.events.append("tamed", {"hero": hero.id, "card": self.beast_card()})
        gain(state, self.hero, self.beast_card())
