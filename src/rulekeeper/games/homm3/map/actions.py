"""How a rule module offers its actions to a step (homm3.md §4.3: a turn's actions): the
core's :class:`~rulekeeper.core.rules.Rule`, with the map game's wording of an action no rule
of a step answers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.rules import Rule, legal_of, rule_for
from rulekeeper.core.rules import refusal_of as core_refusal_of

if TYPE_CHECKING:
    from rulekeeper.games.homm3.map.protocols import MapLike

__all__ = ["Rule", "legal_of", "refusal_of", "rule_for"]


def refusal_of(
    rules: Sequence[Rule], state: MapLike, seat: int, action: Action, where: str
) -> Refusal | None:
    """Why *rules* refuse *action* (an action of no rule's kind: not one *where* offers)."""
    return core_refusal_of(rules, state, seat, action, where, "homm3.md §4.3")
