"""Rest (spec §5.19, A-44): at night, both standard actions, 4 HP healed; the turn's standard
actions are over (its free actions are not)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map.standard import standard_refusal

__all__ = ["REST"]

RULE_REST = "spec §5.19 (rulebook p.14): Rest, at night, takes both standard actions"


def _candidates(state: Any, seat: int) -> Iterable[Action]:
    yield Action.of("rest")


def _refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    found = standard_refusal(state, seat, "rest")
    if found is not None:
        return found
    if state.space().time != "night":
        return (RULE_REST, "heroes rest only in a night round")
    if state.turn().actions:
        return (RULE_REST, "resting takes both standard actions: none may be taken before")
    return None


def _apply(state: Any, seat: int, action: Action) -> None:
    turn = state.turn()
    turn.actions.extend(["rest", "rest"])
    hero = state.heroes[turn.hero]
    healed = min(hero.damage, state.number("rest_heal"))
    hero.damage -= healed
    state.events.append("rested", {"hero": hero.id, "hp": healed})


REST = Rule(("rest",), _candidates, _refusal, _apply)
