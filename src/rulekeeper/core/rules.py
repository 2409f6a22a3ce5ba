"""How a rule module offers its actions to a step (a turn's actions, a window's).

Each rule module of a game (movement, merchants, ...) declares one :class:`Rule`: the action
kinds it answers, the candidates worth checking, the refusal that is the one statement of the
rule (the legal list, the fast check and the explanation all come from it) and what a legal
action does. A step (a turn, a window) offers the rules it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Refusal

__all__ = ["Rule", "legal_of", "refusal_of", "rule_for"]

Candidates = Callable[[Any, int], Iterable[Action]]
Refuse = Callable[[Any, int, Action], Refusal | None]
Apply = Callable[[Any, int, Action], None]


@dataclass(frozen=True)
class Rule:
    """One rule's actions: their kinds, candidates, refusal and effect."""

    kinds: tuple[str, ...]
    candidates: Candidates
    refusal: Refuse
    apply: Apply


def rule_for(rules: Sequence[Rule], kind: str) -> Rule | None:
    """The rule of *rules* that answers actions of *kind*."""
    for rule in rules:
        if kind in rule.kinds:
            return rule
    return None


def legal_of(rules: Sequence[Rule], state: Any, seat: int) -> list[Action]:
    """The legal actions of *rules* for *seat*: each candidate its rule does not refuse."""
    return [
        action
        for rule in rules
        for action in rule.candidates(state, seat)
        if rule.refusal(state, seat, action) is None
    ]


def refusal_of(
    rules: Sequence[Rule], state: Any, seat: int, action: Action, where: str, source: str
) -> Refusal | None:
    """Why *rules* refuse *action*; an action of no rule's kind is not one *where* offers
    (the rule *source* says which)."""
    rule = rule_for(rules, action.kind)
    if rule is None:
        kinds = ", ".join(kind for item in rules for kind in item.kinds)
        return (source, f"{action.kind!r} is not an action {where} (actions: {kinds})")
    return rule.refusal(state, seat, action)
