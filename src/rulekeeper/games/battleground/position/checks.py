"""The checks of a position once read: a saved state's (saves.py), then settle and probe."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from rulekeeper.core import DataError, Reader, RulekeeperError
from rulekeeper.core.position import Problems
from rulekeeper.games.battleground import saves
from rulekeeper.games.battleground.rules.activation import ActStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

    StateT = TypeVar("StateT", bound=BattleState)
from rulekeeper.games.battleground.position.fields import (
    CHARACTER_FIELDS,
    PLAYER_FIELDS,
)


def check(state: BattleState, problems: Problems) -> None:
    """The checks of a saved state (saves.py, each step's own), then settle and probe: every
    problem noted, written with the position's field names."""
    reader = Reader(problems.source)
    try:
        found = saves.state_problems(state, reader)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        problems.add("<root>", f"the rules cannot read it ({error!r})")
        return
    for problem_found in found:
        problems.add(position_path(state, problem_found.field), problem_found.reason)
    steps = state.flow.steps
    for index, step in enumerate(steps):
        above = steps[index + 1] if index + 1 < len(steps) else None
        problem = step.check(state, above)
        if problem is not None:
            problems.add(f"procedure[{index}]", f"{step.kind}: {problem}")
    if problems:
        return
    try:
        state.settle()
        state._probe(reader)
    except DataError as error:
        problems.add(position_path(state, error.field), error.reason)
    except RulekeeperError as error:
        problems.add("procedure", f"the rules cannot continue from it: {error}")
    except Exception as error:
        problems.add("procedure", f"the rules cannot continue from it ({error!r})")


def _turn_path(state: BattleState, path: str) -> str | None:
    """A field of an act step's turn (``data.flow.steps[3].turn.kind``) as the position's
    ``turns`` names it (``turns[1].kind``), or None for another field."""
    head, marker, rest = path.partition("].turn")
    if not marker or not head.startswith("data.flow.steps[") or rest[:1] not in ("", "."):
        return None
    index = head[len("data.flow.steps[") :]
    if not index.isdigit():
        return None
    below = state.flow.steps[: int(index)]
    return f"turns[{sum(isinstance(step, ActStep) for step in below)}]{rest}"


_STATE_PATHS: tuple[tuple[str, str], ...] = (
    ("data.flow.steps", "procedure"),
    ("data.flow", "procedure"),
    ("data.marks", "marks"),
    ("data.objectives", "objectives"),
    ("data.phase", "phase"),
    ("data.round", "round"),
    ("data.first_player", "first_player"),
    ("data.winner", "winner"),
    ("data.result", "result"),
)


def position_path(state: BattleState, path: str) -> str:
    """A field of the saved state (``data.fighters[2].q``) as the position names it
    (``characters.mer-man.at``)."""
    turn = _turn_path(state, path)
    if turn is not None:
        return turn
    for prefix, name in _STATE_PATHS:
        if path == prefix or path.startswith((prefix + ".", prefix + "[")):
            return name + path[len(prefix) :]
    head, _, rest = path.partition("].")
    if head.startswith("data.fighters["):
        field = rest.split(".")[0] if rest else ""
        renamed = {v: k for k, v in CHARACTER_FIELDS.items()}
        field = "at" if field in ("q", "r", "level") else renamed.get(field, field)
        return head.replace("data.fighters", "characters") + "]" + (f".{field}" if field else "")
    if head.startswith("data.sides["):
        player = head[len("data.sides[") :]
        field = rest.split(".")[0] if rest else ""
        if rest.startswith("deck."):
            field = rest.split(".")[1].split("[")[0]
        renamed = {v: k for k, v in PLAYER_FIELDS.items()}
        field = renamed.get(field.split("[")[0], field)
        return f"players[{player}]" + (f".{field}" if field else "")
    if path.startswith("data.statuses."):
        character = path[len("data.statuses.") :].split("[")[0]
        ids = list(state.fighters)
        return f"characters[{ids.index(character)}]" if character in ids else "characters"
    if path.startswith("data.placing."):
        player, _, tail = path[len("data.placing.") :].partition("[")
        return f"players[{player}].to_deploy[{tail}" if tail else f"players[{player}].to_deploy"
    return path.removeprefix("data.") or "<root>"
