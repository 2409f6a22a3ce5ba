"""A Battleground position loaded into a state: its parts read one by one, defaults filled in,
references checked, then the checks of a saved state (checks.py); every problem noted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.core import Deck, Reader
from rulekeeper.core.flow import Flow
from rulekeeper.core.position import Problems, check_header
from rulekeeper.core.record import plan_of
from rulekeeper.core.state import GameState
from rulekeeper.games.battleground import saves
from rulekeeper.games.battleground.model import (
    HAND_SIZE,
    Side,
)
from rulekeeper.games.battleground.position.characters import read_characters
from rulekeeper.games.battleground.position.players import faction_side, read_players
from rulekeeper.games.battleground.position.procedure import read_marks, read_procedure, read_turns
from rulekeeper.games.battleground.position.reading import Reading, read_value, unknown_fields
from rulekeeper.games.battleground.rules.combat import knock_out_value
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP
from rulekeeper.games.battleground.rules.setup import ChooseFirstStep, RollOffStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleGame, BattleState

    StateT = TypeVar("StateT", bound=BattleState)
from rulekeeper.games.battleground.position.checks import check
from rulekeeper.games.battleground.position.fields import (
    FORMAT,
    MAX_ROUNDS,
    MISSING,
    VERSIONS,
    Round,
)
from rulekeeper.games.battleground.position.writing import default_activations


def game_params(doc: Mapping[str, Any], source: str) -> dict[str, Any]:
    """The game parameters a position sets (map, content, rounds), with their defaults. A bad
    header or parameter stops the reading here (with the unknown fields, every problem named)."""
    problems = Problems(source)
    if not isinstance(doc, Mapping):
        problems.add("<root>", "a position is an object")
        problems.check()
    check_header(doc, FORMAT, VERSIONS, problems)
    params: dict[str, Any] = {
        "map": doc.get("map", "first-game"),
        "content": doc.get("content"),
        "rounds": doc.get("rounds", 4),
    }
    if not isinstance(params["map"], str) or not params["map"]:
        problems.add("map", "a shipped map name or the path of a map file")
    if params["content"] is not None and not isinstance(params["content"], str):
        problems.add("content", "the path of a card folder, or null for the shipped cards")
    rounds = params["rounds"]
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        problems.add("rounds", f"an integer from 1 to {MAX_ROUNDS}")
    if problems:
        unknown_fields(doc, problems)
    problems.check()
    return params


def load(cls: type[StateT], game: BattleGame, doc: Mapping[str, Any], seed: int) -> StateT:
    """The state *doc* describes, *seed* deciding what it leaves open; a PositionError names
    every problem of the position."""
    problems = Problems(game.position_source)
    reading = Reading(game, doc, problems, Reader(problems.source))
    unknown_fields(doc, problems)
    read_characters(reading)
    read_players(reading)
    read_turns(reading)
    read_marks(reading)
    read_procedure(reading, cls)
    state = build(cls, reading, seed)
    check_refs(state, reading)
    complete(state, reading)
    problems.check()
    check(state, problems)
    problems.check()
    return state


def check_refs(state: BattleState, reading: Reading) -> None:
    """Note the references to nothing of this game (a character the position lists counts,
    even one whose own fields have problems)."""
    for ref in reading.reader.refs:
        if ref.kind == "character" and ref.value in reading.listed:
            continue
        problem = saves.ref_problem(state, ref)
        if problem is not None:
            reading.problems.add(ref.path, problem)


def build(cls: type[StateT], reading: Reading, seed: int) -> StateT:
    """The state from what was read (not checked yet), *seed* giving its random stream."""
    doc, problems = reading.doc, reading.problems
    state = object.__new__(cls)
    assert isinstance(state, GameState)
    GameState.__init__(state, reading.game, seed)
    state.phase = "over" if doc.get("phase") == "over" else "play"
    state.round = _top(reading, "round", 1, Round)
    if state.round > reading.game.rounds:
        problems.add("round", f"after the last round, {reading.game.rounds} (rounds)")
    setup = bool(reading.steps) and isinstance(reading.steps[0], RollOffStep | ChooseFirstStep)
    state.first_player = _seat(reading, "first_player", -1 if setup else 0)
    state.winner = _seat(reading, "winner", -1)
    state.result = _top(reading, "result", "", str)
    if state.phase != "over":
        for name in ("winner", "result"):
            if doc.get(name) not in (None, ""):
                problems.add(name, "only a game that is over has one (phase: over)")
    state.fighters = reading.fighters
    state.statuses = reading.statuses
    state.sides = reading.sides or [Side(Deck()), Side(Deck())]
    state.marks = reading.marks
    state.placing = {0: reading.placing.get(0, []), 1: reading.placing.get(1, [])}
    state.objectives = read_objectives(reading)
    state.flow = Flow(reading.steps)
    return state


def _top(reading: Reading, name: str, default: Any, tp: Any) -> Any:
    """A top-level field read as *tp*, or *default* when absent or bad (a problem noted)."""
    if name not in reading.doc:
        return default
    found = read_value(reading, plan_of(tp).read, reading.doc[name], name)
    return default if found is MISSING else found


def _seat(reading: Reading, name: str, default: int) -> int:
    """A top-level player field: 0, 1 or null (-1 in the state)."""
    value = reading.doc.get(name, MISSING)
    if value is MISSING:
        return default
    if value is None:
        return -1
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)
    reading.problems.add(name, f"0, 1 or null, not {value!r}")
    return default


def read_objectives(reading: Reading) -> dict[str, tuple[int, ...]]:
    """The objective tokens still on the battleground (default: those no player claimed)."""
    tokens = reading.field.objectives
    raw = reading.doc.get("objectives", MISSING)
    if raw is MISSING:
        claimed = {o for side in reading.sides for o in side.objectives}
        names = [name for name in sorted(tokens) if name not in claimed]
    elif isinstance(raw, list) and all(isinstance(v, str) for v in raw):
        names = []
        for index, name in enumerate(raw):
            if name not in tokens:
                reading.problems.add(f"objectives[{index}]", f"no objective {name!r} on the map")
            elif name in names:
                reading.problems.add(f"objectives[{index}]", f"{name} is there twice")
            else:
                names.append(name)
    else:
        reading.problems.add("objectives", "a list of the map's objective token ids")
        names = []
    return {name: tuple(tokens[name]) for name in sorted(names)}


def complete(state: BattleState, reading: Reading) -> None:
    """Fill in the defaults that need the state: decks in order, hands, glory cards, victory
    points and activation counts."""
    for player, side in enumerate(state.sides):
        entry = _player_entry(reading, player)
        if not reading.ordered[player]:
            side.deck.shuffle(state.rng.derive(f"fate-{player}"))
        if reading.dealt[player]:
            side.hand = side.deck.draw(HAND_SIZE)
        if "glory" not in entry:
            side.glory = default_glory(reading, player, side)
        scored = score(state, player)
        if "vp" not in entry:
            side.vp = scored
        elif side.vp != scored:
            reading.problems.add(
                f"players[{player}].vp",
                f"{side.vp}, but the objectives, knock-outs and missions give {scored}",
            )
        if "activations" not in entry:
            side.activations = default_activations(state, player)


def _player_entry(reading: Reading, player: int) -> Mapping[str, Any]:
    """The position's entry of *player* (empty when it has none or a bad one)."""
    raw = reading.doc.get("players")
    if isinstance(raw, list) and len(raw) == 2 and isinstance(raw[player], Mapping):
        entry: Mapping[str, Any] = raw[player]
        return entry
    return {}


def default_glory(reading: Reading, player: int, side: Side) -> list[str]:
    """The glory cards of a player who gives none: their faction's First Game glory cards not
    played yet."""
    setup = faction_side(reading, player)
    if setup is None:
        return []
    gone = {*side.glory_used, *side.glory_done, side.selected}
    return [card for card in setup.glory if card not in gone]


def score(state: BattleState, player: int) -> int:
    """Scoring: the victory points of what *player* claimed, knocked out and completed."""
    side = state.sides[player]
    knocked = [state.fighters[c] for c in side.knocked_out_enemies if c in state.fighters]
    return (
        OBJECTIVE_VP * len(side.objectives)
        + sum(knock_out_value(state, fighter) for fighter in knocked)
        + sum(state.pack.glory[card].vp for card in side.glory_done if card in state.pack.glory)
    )
