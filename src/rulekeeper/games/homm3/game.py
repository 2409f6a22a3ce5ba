"""HoMM3 combat as a game of its own: ``load_game("homm3-combat", battle=...)``.

The wiring: parameters (a battle file, a content pack), the state's data (one battle) and the
step vocabulary. The rules are in ``combat/`` (one module per part of the procedure), the battle
file in ``battle/``; docs/homm3-combat.md and docs/homm3-battle.md describe both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Self

from rulekeeper.core import (
    Action,
    DataError,
    Game,
    GameState,
    JsonObject,
    JsonValue,
    PositionError,
    ProcedureState,
    Reader,
    RefCheck,
    Seating,
    SubGame,
    Zone,
    register_game,
)
from rulekeeper.core.content import folder_digest
from rulekeeper.core.flow import Flow, StepKinds
from rulekeeper.core.gamelike import GameLike
from rulekeeper.core.lasting import Timing
from rulekeeper.core.outcome import Outcome
from rulekeeper.core.position import Problems
from rulekeeper.core.record import from_data
from rulekeeper.games.homm3.battle import fields as battle_fields
from rulekeeper.games.homm3.battle.checks import (
    SAVE_PATHS,
    Where,
    battle_problems,
    file_paths,
    known_card,
    known_unit_card,
    seats_of,
)
from rulekeeper.games.homm3.battle.reading import read_battle, read_result
from rulekeeper.games.homm3.battle.writing import write_battle
from rulekeeper.games.homm3.combat import result
from rulekeeper.games.homm3.combat.ability_steps import (
    AbilityRollStep,
    HealStep,
    PushStep,
    ReinforceStep,
    SplashStep,
)
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.ai_hero import AiTieStep
from rulekeeper.games.homm3.combat.attack import (
    AttackStep,
    DieStep,
    GuardStep,
    InstantWindow,
    RerollStep,
    RerollWindow,
)
from rulekeeper.games.homm3.combat.card_choices import (
    DiscardStep,
    KeepStep,
    MoraleRollStep,
    RecoverStep,
    SwapStep,
)
from rulekeeper.games.homm3.combat.cards import FREE_KINDS, PayStep, TeleportStep
from rulekeeper.games.homm3.combat.deployment import DeployStep, GateStep, PlaceNeutralsStep
from rulekeeper.games.homm3.combat.hands import battle_zones, hand_zone
from rulekeeper.games.homm3.combat.lethal import LethalWindow, SaveStep
from rulekeeper.games.homm3.combat.model import AI, Battle
from rulekeeper.games.homm3.combat.morale import CycleStep
from rulekeeper.games.homm3.combat.odds import attack_odds
from rulekeeper.games.homm3.combat.result import CombatResult
from rulekeeper.games.homm3.combat.rounds import BattleStep, EndBattle, LimitStep, RoundStep
from rulekeeper.games.homm3.combat.spells import (
    ChainStep,
    CounterWindow,
    EarlyCastStep,
    EmpowerStep,
    SpellTargetStep,
    StartWindow,
)
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING
from rulekeeper.games.homm3.content.pack import (
    PACK_FILES,
    ContentPack,
    ContentPackError,
    load_content_pack,
)
from rulekeeper.games.homm3.evaluation import evaluate
from rulekeeper.games.homm3.views import explain, words

STEPS = StepKinds(
    BattleStep,
    DeployStep,
    PlaceNeutralsStep,
    GateStep,
    RoundStep,
    ActivationStep,
    AttackStep,
    DieStep,
    InstantWindow,
    RerollWindow,
    RerollStep,
    LimitStep,
    EndBattle,
    PayStep,
    EmpowerStep,
    SpellTargetStep,
    CycleStep,
    AbilityRollStep,
    PushStep,
    SplashStep,
    HealStep,
    GuardStep,
    ReinforceStep,
    DiscardStep,
    KeepStep,
    MoraleRollStep,
    RecoverStep,
    SwapStep,
    TeleportStep,
    LethalWindow,
    SaveStep,
    CounterWindow,
    EarlyCastStep,
    StartWindow,
    ChainStep,
    AiTieStep,
)
"""Every step of a battle (their kind names are part of the saved and battle-file formats)."""
DEFAULT_BATTLE = "hero-battle.yaml"


class CombatSubGame(SubGame[CombatResult]):
    """A battle as a host game's sub-game (core/subgame.py; the map game's fights): the
    battle file *doc* is read onto the host state's ``battle``, its sides played by the host
    seats the seating gives, the AI's ties broken by its decider; the host state provides what
    the battle's steps read (combat/stats.py ``BattleState``; its game holds the card
    ``pack``). The battle's root finishes with a :class:`CombatResult`."""

    result_type = CombatResult

    def __init__(self, doc: Mapping[str, Any], source: str = "battle") -> None:
        self.doc = doc
        self.source = source

    def start(self, state: Any, seating: Seating) -> None:
        """Read the battle onto *state* and push its root (a host starts a battle from its
        beginning: a file with pending steps or a result is refused)."""
        for key in ("pending", "result"):
            if self.doc.get(key) is not None:
                raise DataError(self.source, key, "a host starts a battle from its beginning")
        pack = state.game.pack
        battle, steps = read_battle(self.doc, pack, state.rng, STEPS, self.source, None, seating)
        state.battle = battle
        for step in steps:
            state.flow.push(step)


def _hide(entry: dict[str, Any], key: str, view: JsonObject) -> None:
    """A zone's cards written under *key*: only their count where the view hides them."""
    if "cards" not in view:
        entry[key] = view["count"]


def shipped_battle(name: str) -> Path:
    """The path of a battle file shipped with the game (``battles/<name>``)."""
    return Path(str(resources.files("rulekeeper.games.homm3.battles") / name))


def shipped_battle_files() -> dict[str, str]:
    """The battles shipped with the game, name (without ``.yaml``) -> path (plugin.py)."""
    return {name.removesuffix(".yaml"): str(shipped_battle(name)) for name in shipped_battles()}


def shipped_battles() -> list[str]:
    folder = resources.files("rulekeeper.games.homm3.battles")
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".yaml"))


@register_game
class Homm3CombatGame(Game):
    """Parameters: ``battle`` (a battle file: data or a path; ``position`` is the same
    parameter; default: the shipped hero battle) and ``content`` (a folder with your own card
    values, or omitted for the shipped pack)."""

    name = "homm3-combat"
    position_format: ClassVar[str | None] = battle_fields.FORMAT
    position_versions = battle_fields.VERSIONS
    position_paths = ("content",)
    timing: ClassVar[Timing] = COMBAT_TIMING
    """When its lasting effects end (combat/timing.py); a host game extends it."""

    position_alias = "battle"

    def _default_position(self) -> object | None:
        """The shipped hero battle."""
        return shipped_battle(DEFAULT_BATTLE).as_posix()

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "homm3-combat parameters"
        for key in params:
            if key not in ("position", "content"):
                raise DataError(source, key, "unknown parameter (known: battle, position, content)")
        doc = params["position"]
        content = params.get("content", doc.get("content"))
        if content is not None and not isinstance(content, str):
            raise DataError(source, "content", "must be a folder path or null")
        try:
            self.pack: ContentPack = load_content_pack(Path(content) if content else None)
        except ContentPackError as error:
            raise PositionError([DataError(self.position_source, "content", str(error))]) from None
        kinds = []
        for side in ("attacker", "defender"):
            raw = doc.get(side)
            kinds.append(raw.get("kind") if isinstance(raw, Mapping) else None)
        seats = seats_of(str(doc.get("mode", "clash")), (str(kinds[0]), str(kinds[1])))
        self.seats = seats
        self._players = max(1, sum(1 for seat in seats if seat != AI))
        return {"position": doc, "content": content}

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def zero_sum(self) -> bool:
        """Two seats: the winner's +1 is the loser's -1. A seat alone against the rules' own
        side gets +1 or -1, no sum. No ``max_length``: a battle lasts until a side wins, flees
        or surrenders, and the rules bound no number of rounds (a round limit only against
        neutrals, which the attacker may extend)."""
        return sum(1 for seat in self.seats if seat != AI) == 2

    def content_hash(self) -> str | None:
        """The hash of the card pack this game loaded (a replay checks it)."""
        return self.derived("content-hash", self._pack_digest)

    def _pack_digest(self) -> str:
        """The digest of the card pack's files (the ``content`` folder, or the shipped pack)."""
        content = self._params.get("content")
        folder: Any = (
            Path(str(content)) if content else resources.files("rulekeeper.games.homm3.content")
        )
        return folder_digest(folder, PACK_FILES)


class CombatState(ProcedureState):
    """A battle: its data and its pending steps (the root is a :class:`BattleStep`)."""

    STEPS = STEPS
    battle: Battle

    @property
    def pack(self) -> ContentPack:
        game = self.game
        assert isinstance(game, Homm3CombatGame)
        return game.pack

    @classmethod
    def from_position(cls, game: GameLike, position: Mapping[str, Any], seed: int) -> Self:
        assert isinstance(game, Homm3CombatGame)
        state = object.__new__(cls)
        GameState.__init__(state, game, seed)
        source = game.position_source
        reader = Reader(source)
        battle, steps = read_battle(position, game.pack, state.rng, STEPS, source, reader)
        state.battle = battle
        problems = Problems(source)
        result = read_result(position, problems, reader)
        problems.check()
        state.flow = Flow(steps, result=result if not steps else None)
        try:
            state._check_position(reader)
        except DataError as error:
            raise PositionError([error]) from None
        return state

    def _check_position(self, reader: Reader) -> None:
        """Check a battle read from a battle file as a save is checked (references, the
        battle, the pending steps), then start it and see that the rules can go on from it."""
        self._check_refs(reader.refs, reader)
        self._check_battle(reader, file_paths(self.battle))
        steps = self.flow.steps
        for index, step in enumerate(steps):
            problem = step.check(self, steps[index + 1] if index + 1 < len(steps) else None)
            if problem is not None:
                raise reader.fail(f"pending[{index}]", f"{step.kind}: {problem}")
        try:
            self.settle()
            self._check_battle(reader, file_paths(self.battle))  # as the automatic steps left it
            self._probe(reader)
        except DataError as error:
            if not error.field.startswith("data"):
                raise
            raise reader.fail("pending", error.reason) from None  # the probe's, of a save
        except Exception as exc:
            raise reader.fail("pending", f"the rules cannot go on from it ({exc!r})") from exc

    def _check_state(self, reader: Reader) -> None:
        """A saved state: its steps (the core's check), then its battle; a finished battle's
        result is a combat result (as in a battle file)."""
        self._check_battle(reader, SAVE_PATHS)
        super()._check_state(reader)
        if self.flow.result is not None:
            from_data(CombatResult, self.flow.result, reader, "data.flow.result")
        steps = self.flow.steps
        if steps and steps[-1].pointless(self):  # a save is written only once the rules settle
            where = f"data.flow.steps[{len(steps) - 1}]"
            raise reader.fail(where, f"{steps[-1].kind}: the rules would not stop at it")

    def _check_battle(self, reader: Reader, where: Where) -> None:
        """Refuse a battle that breaks what every battle holds (battle/checks.py)."""
        pending = [step.kind for step in self.flow.steps]
        problems = battle_problems(self, where, pending)
        if problems:
            raise reader.fail(*problems[0])

    def to_position(self) -> JsonObject:
        content = self.game.params.get("content")
        return write_battle(
            self.battle,
            list(self.flow.steps),
            content if isinstance(content, str) else None,
            self.flow.result,
        )

    # ------------------------------------------------------------------ the state API

    def _returns(self) -> Sequence[float]:
        seats = [army.seat for army in self.battle.armies]
        values = result.returns_of(self.flow.result, seats)
        return (values + [0.0] * self.num_players)[: self.num_players]

    def _outcome(self) -> Outcome:
        """§5.19: a side wins (a victory, Quick Combat) or the other flees or surrenders; the
        details are the typed combat result. A side with no seat (the rules' AI, neutrals)
        winning is no seat's win (``team`` ``()``)."""
        if self.flow.result is None:
            return super()._outcome()
        found = read_details(self.flow.result)
        returns = tuple(self.returns())
        seat = self.battle.armies[found.winner_index].seat
        won = 0 <= seat < len(returns) and returns[seat] > 0
        text = f"{found.winner.capitalize()} wins ({found.ending}, {found.rounds} rounds)"
        return Outcome(
            ending=found.ending,
            winner=seat if won else None,
            team=(seat,) if won else (),
            returns=returns,
            text=text,
            details=found,
        )

    def describe(self, action: Action) -> str:
        return words.describe(self, action)

    def _explain_legal(self, action: Action, player: int) -> tuple[str, str] | None:
        """What a legal action costs and does (core/explain.py; views/explain.py)."""
        return explain.legal_words(self, action, player)

    def _observation(self, player: int) -> JsonObject:
        """The battle as *player* sees it: the battle file without what is hidden (others'
        hands, every deck's order, the AI's decks), the pending steps by kind only."""
        doc = write_battle(self.battle, list(self.flow.steps), None)
        sight = self.game.sight_of(player) if player >= 0 else ()
        views = {zone.name: zone.view(sight) for zone in self.zones()}
        for index, side in enumerate(("attacker", "defender")):
            entry = doc[side]
            assert isinstance(entry, dict)
            hero = entry.get("hero")
            if isinstance(hero, dict):
                _hide(hero, "hand", views[hand_zone(index)])
                _hide(hero, "deck", views[f"deck-{index}"])
            for key, zone in (("ai_deck", "ai-deck"), ("ai_spells", "ai-spells")):
                if key in entry:
                    _hide(entry, key, views[f"{zone}-{index}"])
        doc["pending"] = [step.kind for step in self.flow.steps]
        doc["to_act"] = self.current_player()
        doc["result"] = self.flow.result
        return doc

    def _evaluate(self, player: int) -> float:
        """The bots' evaluation (evaluation.py): the side's share of the strength left."""
        return evaluate(self, player)

    def zones(self) -> list[Zone]:
        """Who sees which cards (combat/hands.py ``battle_zones``)."""
        return battle_zones(self.battle)

    def _judged_in_public(self, action: Action, actor: int) -> bool:
        """An activation reads the hand only for card plays, spells and morale
        (``cards.FREE_KINDS``); every other step as it says (windows: only ``pass``)."""
        top = self.flow.steps[-1]
        if isinstance(top, ActivationStep):
            return action.kind not in FREE_KINDS
        return super()._judged_in_public(action, actor)

    def _odds(self, action: Action, player: int) -> JsonObject | None:
        """An attack's damage and the target's fate (combat/odds.py); None otherwise."""
        top = self.flow.steps[-1] if self.flow.steps else None
        if isinstance(top, ActivationStep) and action.kind == "attack":
            return attack_odds(self, top.attack_step(self, action.str_param("target")))
        return None

    def _check_refs(self, refs: Sequence[RefCheck], reader: Reader) -> None:
        check_battle_refs(self.pack, self.battle, refs, reader)


def check_battle_refs(
    pack: ContentPack, battle: Battle, refs: Sequence[RefCheck], reader: Reader
) -> None:
    """Refuse a reference of a saved battle to a unit it does not hold or a card the pack does
    not know (the combat game's, and a host's holding a battle, core/subgame.py)."""
    for ref in refs:
        if ref.kind == "unit card" and known_unit_card(pack, ref.value):
            continue
        if ref.kind == "unit" and ref.value in battle.units:
            continue
        if ref.kind == "card" and known_card(pack, ref.value):
            continue
        raise reader.fail(ref.path, f"unknown {ref.kind} {ref.value!r}")


def read_details(data: JsonValue) -> CombatResult:
    """The typed combat result of an outcome's JSON details (``Outcome.from_json``'s
    ``read_details``); a DataError names a malformed field."""
    return from_data(CombatResult, data, "homm3-combat outcome", "details")


Homm3CombatGame.state_class = CombatState
