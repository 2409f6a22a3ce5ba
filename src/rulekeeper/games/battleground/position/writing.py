"""A state written as a Battleground position (``state.to_position()``): defaults left out,
readable names and coordinates."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.core import Deck, JsonObject, Step
from rulekeeper.core.hexes import DIRECTION_NAMES
from rulekeeper.core.record import to_data
from rulekeeper.games.battleground.board.measures import GROUND, Position
from rulekeeper.games.battleground.model import (
    Fighter,
    Side,
    Turn,
)
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.round import DiscardStep, PrepareStep
from rulekeeper.games.battleground.rules.setup import ChooseFirstStep, DeployStep, RollOffStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

    StateT = TypeVar("StateT", bound=BattleState)
from rulekeeper.games.battleground.position.fields import (
    CHARACTER_FIELDS,
    FORMAT,
    MISSING,
    PLAYER_FIELDS,
    VERSION,
)


def write(state: BattleState) -> JsonObject:
    """The position of *state*: every field the state has, readable, defaults left out."""
    game = state.game
    doc: JsonObject = {
        "format": FORMAT,
        "version": VERSION,
        "map": game.param("map"),
        "content": game.param("content"),
        "rounds": game.rounds,
        "round": state.round,
        "phase": phase_of(state),
        "first_player": None if state.first_player < 0 else state.first_player,
    }
    if state.phase == "over":
        doc["winner"] = None if state.winner < 0 else state.winner
        doc["result"] = state.result
    doc["objectives"] = list(state.objectives)
    doc["characters"] = [write_character(state, f) for f in state.fighters.values()]
    doc["players"] = [write_player(state, player) for player in (0, 1)]
    if state.turns:
        doc["turns"] = [write_turn(turn) for turn in state.turns]
    if state.marks:
        doc["marks"] = [write_mark(mark) for mark in state.marks]
    doc["procedure"] = [write_step(step) for step in state.flow.steps]
    return doc


def phase_of(state: BattleState) -> str:
    """The position's ``phase``: over, setup, preparation or activation."""
    if state.phase == "over":
        return "over"
    return procedure_phase(state.flow.steps)


def procedure_phase(steps: Sequence[Step[Any]]) -> str:
    """The phase a pending procedure is in (a game not over)."""
    if not steps or isinstance(steps[0], RollOffStep | ChooseFirstStep):
        return "setup"
    if any(isinstance(step, DeployStep) for step in steps):
        return "setup"
    if any(isinstance(step, PrepareStep | DiscardStep) for step in steps):
        return "preparation"
    return "activation"


def write_at(pos: Position) -> list[int]:
    """A place as ``[q, r]`` on the ground, ``[q, r, level]`` above it."""
    return [pos.q, pos.r] if pos.level == GROUND else [pos.q, pos.r, pos.level]


def write_character(state: BattleState, fighter: Fighter) -> JsonObject:
    """A character: place, facing, equipment, then what differs from the defaults."""
    out: JsonObject = {
        "id": fighter.id,
        "at": write_at(fighter.position),
        "facing": DIRECTION_NAMES[fighter.facing],
        "weapons": list(fighter.weapons),
    }
    defaults = Fighter(fighter.id, fighter.owner, 0, 0, 0, 0)
    for name, attribute in CHARACTER_FIELDS.items():
        value = getattr(fighter, attribute)
        if name != "weapons" and value != getattr(defaults, attribute):
            out[name] = list(value) if isinstance(value, list | tuple) else value
    for slot in ("buff", "debuff"):
        name = getattr(fighter, slot)
        if name:
            out[slot] = write_status(state, fighter, slot, name)
    return out


def write_status(state: BattleState, fighter: Fighter, slot: str, name: str) -> Any:
    """A buff or debuff: its name, or with the rules a unique one carries."""
    for status in state.statuses.get(fighter.id, []):
        if status["slot"] == slot and (status.get("ongoing") or status.get("on_removed")):
            rules = {k: status[k] for k in ("ongoing", "on_removed") if status.get(k)}
            return {"name": name, **rules}
    return name


def write_player(state: BattleState, player: int) -> JsonObject:
    """A player's cards, score and what they did this round."""
    side = state.sides[player]
    out: JsonObject = {
        "hand": list(side.hand),
        "draw": list(reversed(side.deck.draw_pile)),
        "draw_ordered": True,
        "discard": list(side.deck.discard_pile),
        "glory": list(side.glory),
    }
    defaults = Side(Deck())
    for name, attribute in PLAYER_FIELDS.items():
        if name in out:
            continue
        value = getattr(side, attribute)
        shown = name == "activations" and value != default_activations(state, player)
        if shown or value != getattr(defaults, attribute):
            out[name] = list(value) if isinstance(value, list) else value
    placing = state.placing.get(player, [])
    if placing:
        out["to_deploy"] = [_without_defaults(entry) for entry in placing]
    return out


def default_activations(state: BattleState, player: int) -> int:
    """A position's activations of *player* when it gives none: its characters on the board
    marked activated, and one for its activation in progress."""
    marked = sum(f.activated and not f.knocked_out for f in state.on_board(player))
    return marked + bool(state.turns and state.turns[0].player == player)


def write_turn(turn: Turn) -> JsonObject:
    """An activation or interruption in progress (its player is its character's)."""
    data = _without_defaults(turn)
    data.pop("player", None)
    data["ap"] = turn.ap
    return {"character": data.pop("character"), **data}


def write_mark(mark: Mapping[str, Any]) -> JsonObject:
    """A mark on the battleground (its custom effects follow from its effects)."""
    out = {k: v for k, v in mark.items() if k != "customs"}
    out["at"] = write_at(Position(*mark["at"]))
    return out


def write_step(step: Step[Any]) -> Any:
    """A pending step: its kind alone, or its kind and the fields not at their defaults (an
    act step: its player, its turn being written in ``turns``)."""
    if isinstance(step, ActStep):
        return {"kind": step.kind, "player": step.player}
    data = _without_defaults(step)
    return {"kind": step.kind, **data} if data else step.kind


def _without_defaults(record: Any) -> JsonObject:
    """A record as data, without the fields at their defaults."""
    data = to_data(record)
    for item in dataclasses.fields(record):
        if item.default is not dataclasses.MISSING:
            default = item.default
        elif item.default_factory is not dataclasses.MISSING:
            default = item.default_factory()
        else:
            continue
        written = to_data_value(default)
        if data.get(item.name, MISSING) == written:
            del data[item.name]
    return data


def to_data_value(value: Any) -> Any:
    """A default value as it is written (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [to_data_value(v) for v in value]
    return value
