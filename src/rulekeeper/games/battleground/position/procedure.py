"""The turns, marks and pending steps of a position, in the engine's step vocabulary (fields.py),
or the start of the given phase. A position's act step names its player; its turn is the
position's next entry in ``turns`` (the engine keeps it in the step)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.core import Step
from rulekeeper.core.position import read_record
from rulekeeper.core.record import to_data
from rulekeeper.games.battleground.model import (
    Mark,
    Seat,
    Turn,
)
from rulekeeper.games.battleground.position.characters import read_at
from rulekeeper.games.battleground.position.reading import Reading, objects
from rulekeeper.games.battleground.rules.activation import ActStep
from rulekeeper.games.battleground.rules.combat import FISTS, AttackStep
from rulekeeper.games.battleground.rules.round import PrepareStep, RoundStep
from rulekeeper.games.battleground.rules.setup import DeployStep, RollOffStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

    StateT = TypeVar("StateT", bound=BattleState)
from rulekeeper.games.battleground.position.fields import (
    PHASES,
)
from rulekeeper.games.battleground.position.writing import procedure_phase


def read_turns(reading: Reading) -> None:
    """The ``turns``: the activation in progress, then the interruptions inside it."""
    for path, entry in objects(reading, "turns", "a list: the activation, then its interruptions"):
        if "player" in entry:
            reading.problems.add(f"{path}.player", "unknown field (the character's player acts)")
            continue
        character = entry.get("character")
        card = reading.pack.characters.get(character) if isinstance(character, str) else None
        player = reading.game.owner_of_faction(card.faction) if card is not None else 0
        data = {**entry, "player": player}
        if data.get("interrupted") is None:
            data["interrupted"] = ""
        turn = read_record(Turn, data, reading.problems, path, reading.reader)
        if turn is not None:
            reading.turns.append(turn)


def read_marks(reading: Reading) -> None:
    """The ``marks`` on the battleground (rulebook: Marks)."""
    for path, entry in objects(reading, "marks", "a list of marks"):
        if "customs" in entry:
            reading.problems.add(f"{path}.customs", "unknown field (it follows from effects)")
            continue
        data = dict(entry)
        if "at" in data:
            at = read_at(reading, data["at"], f"{path}.at")
            if at is None:
                continue
            data["at"] = list(at)
        effects = data.get("effects")
        data["customs"] = [
            e.get("id")
            for e in (effects if isinstance(effects, list) else [])
            if isinstance(e, Mapping) and e.get("kind") == "custom"
        ]
        mark = read_record(Mark, data, reading.problems, path, reading.reader)
        if mark is not None:
            reading.marks.append(to_data(mark))


def read_procedure(reading: Reading, cls: type[BattleState]) -> None:
    """The pending steps, bottom first: given (``procedure``) or the phase's default."""
    doc, problems = reading.doc, reading.problems
    phase = doc.get("phase")
    if phase is not None and phase not in PHASES:
        problems.add("phase", f"one of {', '.join(PHASES)}, not {phase!r}")
        return
    if "procedure" not in doc:
        reading.steps = default_procedure(reading, phase or "activation")
        check_turns(reading)
        return
    raw = doc["procedure"]
    if not isinstance(raw, list):
        problems.add("procedure", "a list of steps, bottom first")
        return
    for index, entry in enumerate(raw):
        step = read_step(reading, cls, entry, f"procedure[{index}]")
        if step is not None:
            reading.steps.append(step)
    if len(reading.steps) != len(raw) or not check_turns(reading):
        return
    found = "over" if phase == "over" else procedure_phase(reading.steps)
    if phase is not None and phase != found:
        problems.add("phase", f"the procedure is in the {found} phase, not {phase}")


def check_turns(reading: Reading) -> bool:
    """Whether each of the ``turns`` has its act step (a problem noted otherwise)."""
    if sum(isinstance(step, ActStep) for step in reading.steps) == len(reading.turns):
        return True
    reading.problems.add("turns", "one turn for each acting character")
    return False


def read_step(reading: Reading, cls: type[BattleState], entry: Any, path: str) -> Step[Any] | None:
    """A step: its kind name, or an object with its kind and fields."""
    if isinstance(entry, str):
        entry = {"kind": entry}
    if not isinstance(entry, Mapping):
        reading.problems.add(path, "a step is its kind, or an object with its kind and fields")
        return None
    kind = entry.get("kind")
    step_class = cls.STEPS.get(kind) if isinstance(kind, str) else None
    if step_class is None:
        known = ", ".join(cls.STEPS.kinds)
        reading.problems.add(f"{path}.kind", f"unknown step kind {kind!r} (known: {known})")
        return None
    body = {k: v for k, v in entry.items() if k != "kind"}
    if step_class is ActStep:
        act = read_record(ActEntry, body, reading.problems, path, reading.reader)
        return None if act is None else act_step(reading, act.player, path)
    if step_class is AttackStep:
        body = {**attack_defaults(reading, body), **body}
    return read_record(step_class, body, reading.problems, path, reading.reader)


@dataclass
class ActEntry:
    """An act step as a position gives it: its player (its turn is in the position's turns)."""

    player: Seat


def act_step(reading: Reading, player: int, path: str) -> ActStep | None:
    """The act step of *player* with the position's next turn (those before it belong to the
    act steps below)."""
    index = sum(isinstance(step, ActStep) for step in reading.steps)
    if index >= len(reading.turns):
        reading.problems.add("turns", "one turn for each acting character")
        return None
    turn = reading.turns[index]
    if turn.player != player:
        reading.problems.add(path, "act: one turn of its player for each acting character")
        return None
    return ActStep(turn=turn)


def attack_defaults(reading: Reading, body: Mapping[str, Any]) -> dict[str, Any]:
    """What an attack step leaves out when written by hand: it was just declared (Attack): the
    attack test comes next, against the target where it stands, in the turn on top."""
    out: dict[str, Any] = {
        "done": [],
        "hits": [],
        "stage": "attack-test",
        "focus": False,
        "attack_successes": 0,
        "defence_successes": 0,
        "interruption": reading.turns[-1].kind if reading.turns else "activation",
    }
    weapon = body.get("weapon")
    if weapon == FISTS:
        out["type"] = "melee"
    elif isinstance(weapon, str) and weapon in reading.pack.weapons:
        out["type"] = reading.pack.weapons[weapon].type
    target = body.get("target")
    if isinstance(target, str):
        out["initial"] = target
        if target in reading.fighters:
            out["origin"] = list(reading.fighters[target].position)
    return out


def default_procedure(reading: Reading, phase: str) -> list[Step[Any]]:
    """The procedure of a position that gives none: the start of its phase (the roll-off, or
    the deployment once the first player is known; both players preparing; the card
    selection), with an act step for each turn in progress."""
    first = reading.doc.get("first_player", 0)
    first = first if first in (0, 1) and not isinstance(first, bool) else 0
    if phase == "setup":
        if "first_player" in reading.doc and any(reading.placing.values()):
            return [RoundStep(), DeployStep(player=first)]
        return [RollOffStep(rolls=[])]
    if phase == "over":
        return []
    if phase == "preparation":
        return [RoundStep(), PrepareStep(player=1 - first), PrepareStep(player=first)]
    return [RoundStep(), *(ActStep(turn=turn) for turn in reading.turns)]
