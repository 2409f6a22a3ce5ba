"""Marks (rulebook, Marks): placing a mark, who a mark affects, and the 'flooded' mark that
counts as difficult terrain. Marks are kept on the state (``state.marks``) until Clean-up."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rulekeeper.core import Action
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement import move_graph
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules.choice import CharacterChoice

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def flooded(state: BattleState, fighter: Fighter) -> bool:
    """The custom effect 'flooded' (Mer-Man's mark): treated as standing in difficult terrain."""
    return bool(state.marks) and in_mark(state, fighter, "flooded")


def in_mark(state: BattleState, fighter: Fighter, custom_id: str) -> bool:
    """Whether *fighter* is affected by a mark carrying the custom effect *custom_id*."""
    for mark in state.marks:
        if custom_id in mark.get("customs", []) and mark_affects(state, mark, fighter):
            return True
    return False


def mark_affects(state: BattleState, mark: dict[str, Any], fighter: Fighter) -> bool:
    """Rulebook, Marks: in range and sight of the mark, at its elevation, of the right side."""
    at = Position(*mark["at"])
    if fighter.level != at.level or fighter.knocked_out:
        return False
    affects = mark["affects"]
    if affects == "allies" and fighter.owner != mark["owner"]:
        return False
    if affects == "enemies" and fighter.owner == mark["owner"]:
        return False
    if state.field.range_inches(at, fighter.position) > mark["radius"]:
        return False
    return state.field.has_line_of_sight(at, fighter.position)


def place_mark(state: BattleState, owner: Fighter, effect: Any) -> None:
    """Marks: the owner is asked where the mark goes (in range and sight, on an empty hex)."""
    taken = {f.position for f in state.on_board()} | {Position(*m["at"]) for m in state.marks}
    objectives = {tuple(v) for v in state.objectives.values()}
    turn = state.turns[-1] if state.turns else None
    options = []
    field = state.field
    for pos in move_graph(field).positions:  # every position, in sorted order
        if field.range_inches(owner.position, pos) > effect.range:
            continue
        if pos in taken or pos.hex in objectives or field.is_difficult(pos):
            continue
        if turn is not None and turn.interruption and turn.interrupted:
            target = state.fighters[turn.interrupted]
            if not state.field.are_adjacent(pos, target.position):
                continue  # Interruptions: marks go next to the interrupted enemy
        if field.has_line_of_sight(owner.position, pos):
            options.append(pos.to_json())
    if not options:
        return
    state.flow.push(
        PlaceMarkStep(
            player=owner.owner,
            character=owner.id,
            mark=effect.model_dump(mode="json"),
            options=options,
        )
    )


def clear_marks(state: BattleState) -> None:
    """Clean-up: the marks go (their duration, rules/statuses.py ``TIMING``)."""
    state.marks = []


def mark_placed(state: BattleState, top: PlaceMarkStep, at: list[int]) -> None:
    spec: Any = top.mark
    owner = state.fighters[top.character]
    # One copy of each mark per force: a new one replaces the old.
    state.marks = [
        m for m in state.marks if not (m["mark"] == spec["mark"] and m["owner"] == owner.owner)
    ]
    customs = [e["id"] for e in spec["effects"] if e["kind"] == "custom"]
    state.marks.append(
        {
            "mark": spec["mark"],
            "owner": owner.owner,
            "at": at,
            "radius": spec["radius"],
            "affects": spec["affects"],
            "when": spec["when"],
            "effects": spec["effects"],
            "customs": customs,
        }
    )
    state.events.append("mark", {"mark": spec["mark"], "at": at, "by": owner.id})


@dataclass
class PlaceMarkStep(CharacterChoice):
    """Marks: the owner picks where the mark goes."""

    kind: ClassVar[str] = "place-mark"
    rule: ClassVar[str] = "Marks"
    shared: ClassVar[bool] = True  # its fields never change
    mark: dict[str, Any]
    options: list[list[int]]

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.act("mark-at", at=o) for o in self.options]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        state.flow.pop()
        mark_placed(state, self, list(action.ints_param("at")))
