"""What a saved Battleground state must satisfy beyond the types of its fields.

The declaration of the state (game.py) and of its records (model.py) and steps (rules/) already
refuses a value of the wrong type or out of bounds. Here come the checks that need the game: the
references (a character of this game, a card, weapon or item of the pack, an objective of the
map), the positions (on the battlefield), and the shape of the procedure (which step may stand on
which, the activation then its interruptions, a seat that is a player). A state that breaks one
is refused with a DataError naming the field, instead of being accepted and failing later.

Each turn in progress is kept in its act step (state format 3); a save of format 2 kept them in
a list ``turns`` beside the procedure, and is read by replaying its history (core/convert.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ValidationError

from rulekeeper.core import Bounds, DataError, Reader, RefCheck, Step
from rulekeeper.core.record import from_data
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.effects import Ability, Move, PlaceMark, SkillTest
from rulekeeper.games.battleground.model import HAND_SIZE, MAX_MANA, TURN_KINDS, Seat
from rulekeeper.games.battleground.rules.activation import (
    ActStep,
    BeforeInterruptionStep,
    BonusStep,
    DrawOfferStep,
    EndTurnStep,
)
from rulekeeper.games.battleground.rules.combat import (
    FISTS,
    AreaTargetStep,
    AttackStep,
    knock_out_value,
    weapon_type,
)
from rulekeeper.games.battleground.rules.dicetest import DiceTest, DiceTestStep, RerollStep
from rulekeeper.games.battleground.rules.effect_moves import EffectMoveStep, PushLineStep
from rulekeeper.games.battleground.rules.effects import AbilityTargetStep
from rulekeeper.games.battleground.rules.marks import PlaceMarkStep
from rulekeeper.games.battleground.rules.move import ContinueMoveStep, FaceStep, PushStep
from rulekeeper.games.battleground.rules.round import (
    ActivateStep,
    CleanUpStep,
    DiscardStep,
    PrepareStep,
    RoundStep,
    SelectStep,
)
from rulekeeper.games.battleground.rules.scoring import OBJECTIVE_VP
from rulekeeper.games.battleground.rules.setup import ChooseFirstStep, DeployStep, RollOffStep
from rulekeeper.games.battleground.rules.skill_tests import SkillTestStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState

FLOW = "data.flow.steps"

ROOTS: tuple[type[Step[Any]], ...] = (RollOffStep, ChooseFirstStep, RoundStep, CleanUpStep)
"""The steps at the bottom of the procedure (before the first round, then the round)."""
BELOW: dict[type[Step[Any]], tuple[type[Step[Any]], ...]] = {
    DeployStep: (RoundStep,),
    SelectStep: (RoundStep,),
    PrepareStep: (RoundStep, PrepareStep),
    DiscardStep: (RoundStep, PrepareStep),
    ActivateStep: (RoundStep, ActivateStep),
    BonusStep: (ActStep,),
    EndTurnStep: (ActStep,),
    DiceTestStep: (AttackStep, SkillTestStep),
    RerollStep: (DiceTestStep,),
    AreaTargetStep: (AttackStep,),
}
"""Steps that stand directly on one of these (those not listed may stand on any step)."""
ATTACK_WOUNDS = 30
"""More wounds than an attack in progress can have dealt beyond a character's health."""
ATTACK_STAGES = frozenset({"attack-test", "defence-test", "apply", "next-target", "finish"})
SKILL_TEST_STAGES = frozenset({"owner", "defence", "apply"})
TEST_ROLES: dict[type[Step[Any]], frozenset[str]] = {
    AttackStep: frozenset({"attack", "defence"}),
    SkillTestStep: frozenset({"skill", "skill-defence"}),
}

Face = Annotated[int, Bounds(1, 6)]


@dataclass
class TestShape:
    """What a test in progress (rules/dicetest.py, ``DiceTest``) saved in its step must be."""

    __test__ = False

    owner: Seat
    label: str
    dice: Annotated[int, Bounds(0, 50)]
    scope: Annotated[int, Bounds(-50, 50)]
    notes: list[str]
    free_rerolls: Annotated[int, Bounds(0, 50)] = 0
    mana: Annotated[int, Bounds(0, MAX_MANA)] = 0
    initial: list[Face] = field(default_factory=list)
    exploded: list[Face] = field(default_factory=list)
    to_roll: list[Annotated[int, Bounds(-1, 50)]] = field(default_factory=list)
    stage: str = "roll"
    mana_spent: Annotated[int, Bounds(0, MAX_MANA)] = 0

    def problem(self) -> str | None:
        """Why a test cannot be at this point of its procedure, or None."""
        rolled, to_roll = len(self.initial), self.to_roll
        if self.stage == "roll":
            if self.exploded or not rolled < self.dice or to_roll != list(range(rolled, self.dice)):
                return "the dice not rolled yet are the next ones"
        elif self.stage in ("free", "mana"):
            if self.exploded or rolled != self.dice:
                return "every die is rolled before rerolls"
            if sorted(set(to_roll)) != to_roll or (to_roll and not 0 <= to_roll[0] < rolled):
                return "rerolled dice are dice of the test, each once"
        elif self.stage == "explode":
            if rolled != self.dice or not to_roll or set(to_roll) != {-1}:
                return "exploding dice are rolled one by one"
        else:
            return f"no test waits at stage {self.stage!r}"
        return None


def check_refs(state: BattleState, refs: Sequence[RefCheck], reader: Reader) -> None:
    """Each reference names something of this game: a character (of the state, or of the
    pack for a character still to deploy), a card, weapon or item of the pack, an objective."""
    for ref in refs:
        problem = ref_problem(state, ref)
        if problem is not None:
            raise reader.fail(ref.path, problem)


def ref_problem(state: BattleState, ref: RefCheck) -> str | None:
    """Why reference *ref* names nothing of this game, or None."""
    pack = state.pack
    known: dict[str, Callable[[str], bool]] = {
        "character": state.fighters.__contains__,
        "character card": pack.characters.__contains__,
        "card": lambda v: v in pack.fate or v in pack.glory,
        "fate card": pack.fate.__contains__,
        "glory card": pack.glory.__contains__,
        "weapon": pack.weapons.__contains__,
        "attack weapon": lambda v: v == FISTS or v in pack.weapons,
        "item": pack.items.__contains__,
        "objective": state.field.objectives.__contains__,
    }
    test = known.get(ref.kind)
    if test is None or not test(ref.value):
        return f"unknown {ref.kind} {ref.value!r}"
    return None


def check_state(state: BattleState, reader: Reader) -> None:
    """Everything the declaration cannot say; the first problem is refused, naming its field."""
    for check in CHECKS:
        for problem in check(state, reader):
            raise problem


def state_problems(state: BattleState, reader: Reader) -> list[DataError]:
    """Every problem :func:`check_state` finds, at most one for each thing checked (for a
    position, whose every problem is named); a check that cannot go on past a problem found
    before stops there."""
    found: list[DataError] = []
    for check in CHECKS:
        try:
            found.extend(check(state, reader))
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            if not found:
                raise
    return found


def _game_problems(state: BattleState, reader: Reader) -> Iterator[DataError]:
    if state.phase not in ("play", "over"):
        yield reader.fail("data.phase", f"{state.phase!r} is neither 'play' nor 'over'")
    if state.round > state.game.rounds:
        yield reader.fail("data.round", f"the game has {state.game.rounds} rounds")
    if state.phase == "play" and (state.winner != -1 or state.result):
        yield reader.fail("data.winner", "the game is not over")
    if len(state.sides) != 2:
        yield reader.fail("data.sides", "one side for each of the two players")
    if sorted(state.placing) != [0, 1]:
        yield reader.fail("data.placing", "the characters to deploy of players 0 and 1")


def _fighter_problems(state: BattleState, reader: Reader) -> Iterator[DataError]:
    field, game = state.field, state.game
    where: dict[Position, str] = {}
    for index, fighter in enumerate(state.fighters.values()):
        path = f"data.fighters[{index}]"
        if fighter.position not in field.positions:
            yield reader.fail(f"{path}.q", f"{fighter.position} is not on the battlefield")
            continue
        if game.owner_of_faction(state.card(fighter).faction) != fighter.owner:
            yield reader.fail(f"{path}.owner", f"{fighter.id} is not of player {fighter.owner}")
            continue
        if fighter.knocked_out:
            continue
        if fighter.position in where:
            yield reader.fail(
                f"{path}.q", f"{fighter.id} stands where {where[fighter.position]} stands"
            )
            continue
        where[fighter.position] = fighter.id
    placing: set[str] = set()
    for player, entries in state.placing.items():
        for index, entry in enumerate(entries):
            path = f"data.placing.{player}[{index}].character"
            if entry.character in state.fighters or entry.character in placing:
                yield reader.fail(path, f"{entry.character} is deployed already")
                continue
            placing.add(entry.character)
            if game.owner_of_faction(state.card(entry.character).faction) != player:
                yield reader.fail(path, f"{entry.character} is not of player {player}")
    for character, statuses in state.statuses.items():
        path = f"data.statuses.{character}"
        if character not in state.fighters:
            yield reader.fail(path, f"unknown character {character!r}")
            continue
        fighter = state.fighters[character]
        slots = [status["slot"] for status in statuses]
        if len(set(slots)) != len(slots):
            yield reader.fail(path, "one buff and one debuff at most")
            continue
        for index, status in enumerate(statuses):
            if getattr(fighter, status["slot"]) != status["name"]:
                yield reader.fail(f"{path}[{index}].name", f"not {fighter.id}'s {status['slot']}")


def _side_problems(state: BattleState, reader: Reader) -> Iterator[DataError]:
    claimed: set[str] = set()
    for player, side in enumerate(state.sides):
        path = f"data.sides[{player}]"
        if len(side.hand) > HAND_SIZE:
            yield reader.fail(f"{path}.hand", f"more than {HAND_SIZE} cards")
        for pile, cards in (("draw", side.deck.draw_pile), ("discard", side.deck.discard_pile)):
            for index, card in enumerate(cards):
                if card not in state.pack.fate:
                    yield reader.fail(f"{path}.deck.{pile}[{index}]", f"unknown fate card {card!r}")
        if side.selected and side.selected not in side.hand and side.selected not in side.glory:
            yield reader.fail(f"{path}.selected", "a card of the hand or a glory card")
        for index, objective in enumerate(side.objectives):
            if objective in claimed or objective in state.objectives:
                yield reader.fail(f"{path}.objectives[{index}]", f"{objective} claimed twice")
            claimed.add(objective)


def _board_problems(state: BattleState, reader: Reader) -> Iterator[DataError]:
    field = state.field
    for objective, at in state.objectives.items():
        if field.objectives.get(objective) != at:
            yield reader.fail(f"data.objectives.{objective}", "not where the map has it")
    for index, mark in enumerate(state.marks):
        try:
            _position(state, mark["at"], reader, f"data.marks[{index}].at")
        except DataError as problem:
            yield problem


def _wound_problems(state: BattleState, reader: Reader) -> Iterator[DataError]:
    """Health and Wounds: a character with wounds at or above its health is knocked out at
    once, except in the middle of an attack (AoE Knockouts: at its end), which may have dealt
    a few more (``ATTACK_WOUNDS``)."""
    attack = any(isinstance(step, AttackStep) for step in state.flow.steps)
    extra = ATTACK_WOUNDS if attack else 0
    for index, fighter in enumerate(state.fighters.values()):
        if not fighter.knocked_out and fighter.wounds >= state.stat(fighter, "health") + extra:
            yield reader.fail(f"data.fighters[{index}].wounds", f"{fighter.id} is knocked out")


def _score_problems(state: BattleState, reader: Reader) -> Iterator[DataError]:
    """Scoring: a player's victory points are those of the objectives claimed, the enemies knocked
    out and the side missions completed; an activation count is that of the characters activated
    this round (and the one activating now)."""
    for player, side in enumerate(state.sides):
        path = f"data.sides[{player}]"
        counted = True
        for index, character in enumerate(side.knocked_out_enemies):
            enemy = state.fighters[character]
            if enemy.owner == player or not enemy.knocked_out:
                yield reader.fail(f"{path}.knocked_out_enemies[{index}]", "not a knocked-out enemy")
                counted = False
        for name in ("objectives", "knocked_out_enemies", "glory_done"):
            items = getattr(side, name)
            if len(set(items)) != len(items):
                yield reader.fail(f"{path}.{name}", "each at most once")
                counted = False
        vp = (
            OBJECTIVE_VP * len(side.objectives)
            + sum(knock_out_value(state, state.fighters[c]) for c in side.knocked_out_enemies)
            + sum(state.pack.glory[card].vp for card in side.glory_done)
        )
        if counted and side.vp != vp:
            yield reader.fail(f"{path}.vp", f"{vp} for what the player scored, not {side.vp}")
        activated = sum(f.activated for f in state.fighters.values() if f.owner == player)
        turn = state.turns[0] if state.turns else None
        activating = turn is not None and turn.player == player
        if side.activations > activated + activating:
            yield reader.fail(f"{path}.activations", "more than the characters activated")


def _position(state: BattleState, value: Any, reader: Reader, path: str) -> Position:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise reader.fail(path, "a position is [q, r, level]")
    pos = Position(*value)
    if pos not in state.field.positions:
        raise reader.fail(path, f"{pos} is not on the battlefield")
    return pos


def _pydantic(model: type[BaseModel], value: Any, reader: Reader, path: str) -> Any:
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise reader.fail(f"{path}.{where}" if where else path, str(first["msg"])) from None


def _flow_problems(state: BattleState, reader: Reader) -> Iterator[DataError]:
    steps = state.flow.steps
    if not steps:
        if state.phase != "over":
            yield reader.fail(FLOW, "nothing is pending, yet the game is not over")
        return
    acts = 0
    for index, step in enumerate(steps):
        path = f"{FLOW}[{index}]"
        below = steps[index - 1] if index else None
        if isinstance(step, ROOTS) != (index == 0):
            yield reader.fail(path, f"{step.kind}: only at the bottom of the procedure")
            continue
        allowed = BELOW.get(type(step))
        if allowed is not None and not isinstance(below, allowed):
            names = " or ".join(cls.kind for cls in allowed)
            yield reader.fail(path, f"{step.kind}: stands on {names}")
            continue
        if isinstance(step, DrawOfferStep) and index != len(steps) - 1:
            yield reader.fail(path, "draw-offer: only on top")
            continue
        if isinstance(step, ActStep):
            if acts == 0 and not isinstance(below, RoundStep | ActivateStep):
                yield reader.fail(path, "act: the activation stands on the round")
                continue
            turn = step.turn
            if state.fighters[turn.character].owner != turn.player:
                yield reader.fail(f"{path}.turn.character", f"not of player {turn.player}")
            if (turn.kind == "activation") != (acts == 0):
                why = "the activation first, then the interruptions"
                yield reader.fail(f"{path}.turn.kind", why)
            acts += 1
        try:
            problem = _step_problem(state, step, below, reader, path)
        except DataError as error:
            yield error
            continue
        if problem is not None:
            yield reader.fail(path, f"{step.kind}: {problem}")
    if state.first_player < 0 and not isinstance(steps[0], RollOffStep | ChooseFirstStep):
        yield reader.fail("data.first_player", "chosen after the roll-off")


def _step_problem(
    state: BattleState, step: Step[Any], below: Step[Any] | None, reader: Reader, path: str
) -> str | None:
    """What is wrong with one step's fields, or None."""
    if isinstance(step, SelectStep):
        if len(set(step.players)) != len(step.players) or not set(step.players) <= {0, 1}:
            return "players are 0 and 1, each at most once"
        if not step.players or not set(step.chosen) <= {str(p) for p in step.players}:
            return "a choice of a player who is not selecting"
        for key, card in step.chosen.items():
            side = state.sides[int(key)]
            if card and card not in side.hand and card not in side.glory:
                return f"player {key} does not hold {card}"
    elif isinstance(step, FaceStep):
        if not step.options or not set(step.options) <= set(range(6)):
            return "options are directions 0 to 5"
    elif isinstance(step, PushStep | PushLineStep | PlaceMarkStep):
        if not step.options:
            return "no options"
        for number, option in enumerate(step.options):
            _position(state, option, reader, f"{path}.options[{number}]")
        if isinstance(step, PlaceMarkStep):
            _pydantic(PlaceMark, step.mark, reader, f"{path}.mark")
    elif isinstance(step, ContinueMoveStep):
        _position(state, step.to, reader, f"{path}.to")
        if step.started:
            _position(state, step.origin, reader, f"{path}.origin")
        for number, hop in enumerate(step.steps):
            _position(state, hop, reader, f"{path}.steps[{number}]")
        if len(step.pushes) != len(step.steps):
            return "one push flag for each step of the route"
    elif isinstance(step, AttackStep):
        if step.stage not in ATTACK_STAGES:
            return f"unknown stage {step.stage!r}"
        if step.weapon != FISTS and step.weapon not in state.pack.weapons:
            return f"unknown weapon {step.weapon!r}"
        if step.type != weapon_type(state, step.weapon):
            return f"{step.weapon} is not a {step.type} weapon"
        if step.interruption not in TURN_KINDS:
            return f"unknown turn kind {step.interruption!r}"
        _position(state, step.origin, reader, f"{path}.origin")
    elif isinstance(step, SkillTestStep):
        if step.stage not in SKILL_TEST_STAGES:
            return f"unknown stage {step.stage!r}"
        _pydantic(SkillTest, step.effect, reader, f"{path}.effect")
    elif isinstance(step, AbilityTargetStep):
        _pydantic(Ability, step.ability, reader, f"{path}.ability")
        if not step.characters:
            return "no characters to target"
    elif isinstance(step, EffectMoveStep):
        _pydantic(Move, {"kind": "move", "style": step.style, "points": step.points}, reader, path)
    elif isinstance(step, DiceTestStep):
        roles = TEST_ROLES.get(type(below), frozenset()) if below is not None else frozenset()
        if step.role not in roles:
            return f"{step.role!r} is not a test of the {below.kind if below else 'nothing'} below"
        test = from_data(TestShape, step.test, reader, f"{path}.test")
        return test.problem()
    elif isinstance(step, DiscardStep):
        if step.seat not in (0, 1) or step.options != sorted(state.sides[step.seat].hand):
            return "the options are the player's hand, sorted"
    elif isinstance(step, RerollStep):
        assert isinstance(below, DiceTestStep)
        return _reroll_problem(step, below.dice())
    elif isinstance(step, BeforeInterruptionStep):
        if not any(turn.character == step.character for turn in state.turns):
            return f"{step.character} has no turn to use its items in"
    elif isinstance(step, DrawOfferStep) and step.player == step.by:
        return "offered to the other player"
    return None


def _reroll_problem(step: RerollStep, test: DiceTest) -> str | None:
    """What is wrong with a reroll choice on *test*, or None."""
    if not test.awaiting_choice():
        return "the test below is not waiting for rerolls"
    if step.seat != test.owner:
        return "asked of the test's owner"
    if step.options != [str(face) for face in sorted(test.initial)]:
        return "the options are the test's dice, sorted"
    if step.least != 0 or step.most != test.reroll_limit():
        return f"0 to {test.reroll_limit()} dice may be rerolled"
    return None


CHECKS: tuple[Callable[[BattleState, Reader], Iterator[DataError]], ...] = (
    _game_problems,
    _fighter_problems,
    _side_problems,
    _board_problems,
    _flow_problems,
    _wound_problems,
    _score_problems,
)
"""What :func:`check_state` checks, in order: each yields the problems it finds."""
