"""A card's placements on the map, one area at a time by the team's choice (spec §5.15, §5.3):
soldiers placed from the supply in outposts the team controls, soldiers returned from the map,
vine tokens spreading next to the boss or a vine (a scenario's).

:class:`PlaceStep` (``what``: ``soldier``, ``recall`` or ``vine``) asks its seat for an area
``left`` times; with no area left to choose it ends.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.map.outposts import (
    add_soldiers,
    controlled,
    remove_soldiers,
    soldiers_in,
)

__all__ = ["KINDS", "PlaceStep"]

RULE_PLACE = "spec §5.15, §5.3 (rulebook p.12-13): a card's placements"
KINDS = {"soldier": "place-soldier", "recall": "recall-soldier", "vine": "place-vine"}
"""Each placement and its action."""
VINE_TOKENS = 12
"""The vine tokens of the box (spec §2.4)."""


def _areas(state: Any, team: int, what: str) -> list[str]:
    """Where *team* may place one now."""
    board = state.board
    if what == "soldier":
        if not state.teams[team].soldiers:
            return []
        cap = state.number("soldier_cap")
        return [
            a
            for a in controlled(state, team)
            if board.base_team(a) is None and soldiers_in(state, a, team) < cap
        ]
    if what == "recall":
        return [a for a, counts in state.soldiers.items() if counts[team]]
    if len(state.vines) >= VINE_TOKENS:
        return []
    sources = [state.boss_area, *state.vines] if state.boss_area else list(state.vines)
    near = {b for a in sources if a for b in board.graph.neighbours(a)}
    return [a for a in board.areas if a in near and a not in state.vines and not board.base_team(a)]


@dataclass
class PlaceStep(Step[Any]):
    """*seat* places (``what``) in ``left`` more areas, one at a time, for *team*."""

    kind = "place"
    rule = RULE_PLACE
    public_kinds = None
    team: Annotated[int, Bounds(0, 2)] = 0
    seat: Annotated[int, Bounds(0, 63)] = 0
    what: str = "soldier"
    left: Annotated[int, Bounds(0, 30)] = 1

    def __post_init__(self) -> None:
        if self.what not in KINDS:
            raise ValueError(f"what is one of {', '.join(KINDS)}")

    def actor(self, state: Any) -> int:
        return self.seat if self.left and _areas(state, self.team, self.what) else -3

    def run(self, state: Any) -> None:
        state.flow.steps.remove(self)

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for area in _areas(state, self.team, self.what):
            yield Action.of(KINDS[self.what], area=area)

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seat:
            return (self.rule, f"player {self.seat} chooses")
        if action.kind != KINDS[self.what]:
            return (self.rule, f"choose an area: {KINDS[self.what]} area=...")
        if action.get("area") not in _areas(state, self.team, self.what):
            where = ", ".join(_areas(state, self.team, self.what))
            return (self.rule, f"not an area for it now (the areas: {where})")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        area = str(action.get("area"))
        if self.what == "soldier":
            add_soldiers(state, area, self.team, 1)
        elif self.what == "recall":
            remove_soldiers(state, area, self.team, 1)
        else:
            state.vines.append(area)
        state.events.append("placed", {"what": self.what, "area": area, "team": self.team})
        self.left -= 1
        if not self.left or not _areas(state, self.team, self.what):
            state.flow.steps.remove(self)
