"""Masters of the Universe: Battleground, the complete game, through the engine's state API.

Rulebook sections are named in brackets where a rule is applied; readings decided beyond the
rulebook come from ``shared/rules/battleground.md`` §3 or are listed in ``docs/rules.md``.
This module is the wiring: the game's parameters, the state's data (declared once, as class
annotations: clone, save and load follow from them, core/procedure.py) and the procedure's
steps. The rules live in the rules modules, one concept each (setup, round, activation, move,
reach, overwatch, opportunity, combat, effects, dicetest, scoring); what a saved state must
satisfy beyond its types in saves.py; the players' views in views/.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, ClassVar, Self

from rulekeeper.core import (
    Action,
    Bounds,
    DataError,
    Deck,
    Game,
    GameState,
    JsonObject,
    JsonValue,
    PositionError,
    ProcedureState,
    Reader,
    RefCheck,
    Zone,
    register_game,
)
from rulekeeper.core.content import digest
from rulekeeper.core.flow import Flow, StepKinds
from rulekeeper.core.gamelike import GameLike
from rulekeeper.core.lasting import Timing
from rulekeeper.core.outcome import Outcome
from rulekeeper.core.record import from_data
from rulekeeper.games.battleground import convert, evaluation, position, saves
from rulekeeper.games.battleground.actions import ActionCatalog
from rulekeeper.games.battleground.board.battlefield import MAPS_PACKAGE, Battlefield
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.board.movement import (
    Reach,
)
from rulekeeper.games.battleground.board.prebuilt import load_shipped
from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
from rulekeeper.games.battleground.content.characters import CharacterCard
from rulekeeper.games.battleground.content.equipment import WeaponCard
from rulekeeper.games.battleground.content.pack import (
    PACK_FILES,
    ContentPack,
    ContentPackError,
    load_content_pack,
)
from rulekeeper.games.battleground.model import (
    Coordinate,
    Fighter,
    MarkData,
    Placing,
    Roster,
    SeatOrNone,
    Side,
    StatusData,
    Turn,
)
from rulekeeper.games.battleground.rules import abilities, combat, scoring
from rulekeeper.games.battleground.rules.activation import (
    Activations,
    ActStep,
    BeforeInterruptionStep,
    BonusStep,
    DrawOfferStep,
    EndTurnStep,
)
from rulekeeper.games.battleground.rules.combat import AreaTargetStep, AttackStep
from rulekeeper.games.battleground.rules.deployment import owner_of_faction
from rulekeeper.games.battleground.rules.dicetest import DiceTest, DiceTestStep, RerollStep
from rulekeeper.games.battleground.rules.effect_moves import EffectMoveStep, PushLineStep
from rulekeeper.games.battleground.rules.effects import AbilityTargetStep, SwitchStep
from rulekeeper.games.battleground.rules.marks import PlaceMarkStep
from rulekeeper.games.battleground.rules.move import (
    AfterMoveStep,
    ContinueMoveStep,
    FaceStep,
    PushStep,
)
from rulekeeper.games.battleground.rules.opportunity import OpportunityStep
from rulekeeper.games.battleground.rules.overwatch import OverwatchOrderStep
from rulekeeper.games.battleground.rules.round import (
    ActivateStep,
    CleanUpStep,
    DiscardStep,
    PrepareStep,
    RoundStep,
    SelectStep,
    activation_refusal,
)
from rulekeeper.games.battleground.rules.setup import (
    ChooseFirstStep,
    DeployStep,
    RollOffStep,
    set_up,
    standard_sides,
)
from rulekeeper.games.battleground.rules.skill_tests import SkillTestStep
from rulekeeper.games.battleground.rules.statuses import TIMING
from rulekeeper.games.battleground.rules.triggers import OrderEffectsStep
from rulekeeper.games.battleground.views import explain, hidden
from rulekeeper.games.battleground.views.attack_odds import attack_odds
from rulekeeper.games.battleground.views.observation import observation

ROUNDS = 4
MAX_ROUNDS = 10
STEPS = StepKinds(
    RollOffStep,
    ChooseFirstStep,
    DeployStep,
    RoundStep,
    SelectStep,
    ActivateStep,
    PrepareStep,
    DiscardStep,
    CleanUpStep,
    BonusStep,
    ActStep,
    EndTurnStep,
    DrawOfferStep,
    BeforeInterruptionStep,
    ContinueMoveStep,
    PushStep,
    FaceStep,
    AfterMoveStep,
    OverwatchOrderStep,
    OpportunityStep,
    AttackStep,
    DiceTestStep,
    RerollStep,
    AreaTargetStep,
    AbilityTargetStep,
    EffectMoveStep,
    PlaceMarkStep,
    PushLineStep,
    OrderEffectsStep,
    SkillTestStep,
    SwitchStep,
)
"""Every step of the game's procedure (their kind names are part of the saved format)."""


@cache
def _shared_field(name: str) -> Battlefield:
    """Shipped maps are loaded once per process, with their prebuilt sight and cover tables:
    every game on them shares the tables."""
    return load_shipped(name)


ENDINGS = {
    "knockout victory": "knockout",
    "both forces knocked out: draw": "knockout",
    "points victory": "points",
    "draw on points": "points",
    "draw by agreement": "agreement",
}
"""The outcome's ending for each result of rules/scoring.py (a forfeit: "forfeit")."""


@dataclass(frozen=True)
class BattlegroundEnd:
    """Battleground's outcome details (``Outcome.details``): the result in the rulebook's words
    (Victory, Scoring), the round it ended in, and each player's victory points and objective
    tokens claimed."""

    result: str
    round: int
    vp: tuple[int, ...]
    objectives: tuple[tuple[str, ...], ...]


@register_game
class BattlegroundGame(Game):
    """Parameters: ``map`` (shipped name or path), ``setup`` (``first-game``), ``content``
    (a folder with your own card values, or omitted for the shipped pack), ``rounds`` (4)."""

    name = "battleground"
    position_format: ClassVar[str | None] = position.FORMAT
    bot_logic: ClassVar[str | None] = "rulekeeper.games.battleground.search"
    position_versions = position.VERSIONS
    upgrades_actions = True  # whole-subset discards and rerolls, until replay format 1
    position_paths = ("map", "content")
    activations = Activations()
    """With fate and glory cards, every action (a variant's differ: rules/activation.py)."""
    timing: ClassVar[Timing] = TIMING
    """Its moments, durations and triggers (rules/statuses.py; core/lasting.py)."""

    @property
    def zero_sum(self) -> bool:
        """A win is 1 and a loss -1, a draw 0 each. No ``max_length``: the roll-off rolls
        again on a tie (First Game Setup, step 7) and a player may offer a draw again after
        each decline (Scoring), so the rules bound no game's length, the movement variant's
        neither. ``chance`` both: dice are chance nodes, fate decks shuffled inside."""
        return True

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "battleground parameters"
        defaults: dict[str, Any] = {
            "map": "first-game",
            "setup": "first-game",
            "content": None,
            "rounds": ROUNDS,
            "forces": None,
            "points_limit": None,
            "deployment": None,
        }
        for key in params:
            if key not in defaults and key != "position":
                known = ", ".join([*defaults, "position"])
                raise DataError(source, key, f"unknown parameter (known: {known})")
        if params.get("position") is not None:
            params = self._position_params(params, defaults)
        else:
            params.pop("position", None)
        merged = {**defaults, **params}
        if not isinstance(merged["map"], str):
            raise DataError(source, "map", "must be a map name or a path to a map file")
        if merged["setup"] not in ("first-game", "standard"):
            raise DataError(source, "setup", "must be 'first-game' or 'standard'")
        rounds = merged["rounds"]
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise DataError(source, "rounds", f"must be an integer from 1 to {MAX_ROUNDS}")
        content = merged["content"]
        if content is not None and not isinstance(content, str):
            raise DataError(source, "content", "must be a folder path or null")
        name = merged["map"]
        try:
            self.pack: ContentPack = load_content_pack(Path(content) if content else None)
            self.field = (
                _shared_field(name)
                if "/" not in name and not name.endswith(".yaml")
                else Battlefield.load(name)
            )
        except DataError as error:
            if merged.get("position") is None:
                raise
            # A position's map or cards that cannot be read: a problem of the position.
            field = "content" if isinstance(error, ContentPackError) else "map"
            raise PositionError([DataError(self.position_source, field, str(error))]) from None
        if merged["setup"] == "standard":
            self.sides = standard_sides(self.pack, merged["forces"], merged["points_limit"])
        else:
            if merged["forces"] is not None:
                raise DataError(source, "forces", "only the standard setup takes forces")
            self.sides = list(self.pack.setups.first_game.sides)
        deployment = merged["deployment"]
        if deployment is None:  # the default: say which, so the parameter shows what happens
            deployment = "players" if merged["setup"] == "standard" else self._first_game_place()
            if merged.get("position") is not None:
                deployment = "map"  # a position places everyone itself
        if deployment not in ("map", "zones", "players"):
            raise DataError(source, "deployment", "must be 'map', 'zones' or 'players'")
        merged["deployment"] = deployment
        self.deployment: str = deployment
        self.reach_memo: dict[tuple[Any, ...], tuple[int, Reach]] = {}
        self.actions = ActionCatalog()
        return merged

    def _first_game_place(self) -> str:
        """The First Game Setup's default deployment: the map's fixed spots when it has one for
        every character, else the deployment zones."""
        spots = {d.character for d in self.field.data.deployments}
        wanted = {c.character for side in self.sides for c in side.characters}
        return "map" if wanted <= spots else "zones"

    def _position_params(
        self, params: dict[str, Any], defaults: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The parameters of a game started from a position: its map, cards and rounds come
        from the position (given again, they must agree); the setup is the position's own."""
        source = "battleground parameters"
        implied = position.game_params(params["position"], self.position_source)
        own = {"setup": "first-game", "deployment": "map"}  # as validated for a position
        for key, value in params.items():
            if key in implied and value != implied[key]:
                raise DataError(source, key, f"the position says {implied[key]!r}")
            if (
                key in defaults
                and key not in implied
                and value not in (defaults[key], own.get(key))
            ):
                raise DataError(source, key, "a game from a position takes no other setup")
        return {**params, **implied}

    @property
    def num_players(self) -> int:
        return 2

    def content_hash(self) -> str | None:
        """The hash of the card pack and the map this game loaded (a replay checks it)."""
        return self.derived("content-hash", self._data_digest)

    def _data_digest(self) -> str:
        """The digest of the card pack's files and the map's (as given, or shipped)."""
        content = self._params.get("content")
        folder: Any = Path(str(content)) if content else resources.files(__package__ + ".content")
        parts = [(name, folder.joinpath(name).read_text(encoding="utf-8")) for name in PACK_FILES]
        name = str(self._params["map"])
        path = Path(name)
        if path.suffix in (".yaml", ".yml") or path.exists():
            text = path.read_text(encoding="utf-8")
        else:
            text = resources.files(MAPS_PACKAGE).joinpath(f"{name}.yaml").read_text("utf-8")
        return digest([*parts, ("map", text)])

    @property
    def rounds(self) -> int:
        value = self._params["rounds"]
        assert isinstance(value, int)
        return value

    def upgrade_action(self, state: GameState, action: Action) -> Sequence[Action]:
        """An old whole-subset discard or reroll as picks (convert.py)."""
        assert isinstance(state, BattlegroundState)
        return convert.upgrade_action(state, action)

    def owner_of_faction(self, faction: str) -> int:
        return owner_of_faction(self.field, faction)


class BattlegroundState(ProcedureState):
    """A game in progress: its data, declared once below, and the procedure (``flow``)."""

    STEPS = STEPS
    ANYTIME_KINDS = frozenset({"forfeit", "offer-draw"})
    game: BattlegroundGame

    phase: str
    """'play' until the game is 'over'."""
    round: Annotated[int, Bounds(1, MAX_ROUNDS)]
    first_player: SeatOrNone
    """The player who activates first on ties (-1 until the roll-off is decided)."""
    winner: SeatOrNone
    """At the end: the winner, or -1 for a draw."""
    result: str
    """At the end: how the game ended."""
    fighters: Annotated[dict[str, Fighter], Roster()]
    """The characters by id, knocked-out ones too (saved as a list)."""
    sides: list[Side]
    """Player 0's and player 1's cards and score."""
    objectives: dict[str, tuple[Coordinate, ...]]
    """Objective tokens still on the battleground, with their hexes."""
    marks: list[MarkData]
    """Marks on the battleground until the clean-up."""
    statuses: dict[str, list[StatusData]]
    """By character: its buff and debuff with the rules they carry."""
    placing: dict[int, list[Placing]]
    """Standard Setup: by player, the characters still to deploy."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        assert isinstance(game, BattlegroundGame)
        self.phase = "setup"
        self.round = 1
        self.first_player = -1
        self.winner = -1
        self.result = ""
        self.fighters = {}
        self.sides = [Side(Deck()), Side(Deck())]
        self.flow = Flow()
        self.objectives = {k: tuple(v) for k, v in sorted(game.field.objectives.items())}
        self.marks = []
        self.statuses = {}
        self.placing = {0: [], 1: []}
        set_up(self)

    # === what the rules ask of the state =================================================

    @property
    def field(self) -> Battlefield:
        return self.game.field

    @property
    def pack(self) -> ContentPack:
        return self.game.pack

    def card(self, fighter: Fighter | str) -> CharacterCard:
        key = fighter.id if isinstance(fighter, Fighter) else fighter
        return self.pack.characters[key]

    def weapon(self, weapon_id: str) -> WeaponCard | None:
        return self.pack.weapons.get(weapon_id)

    def play_card(self, card_id: str) -> FateCard | GloryCard:
        found = self.pack.fate.get(card_id) or self.pack.glory.get(card_id)
        if found is None:
            raise KeyError(card_id)
        return found

    def on_board(self, player: int | None = None) -> list[Fighter]:
        return [
            f
            for f in self.fighters.values()
            if not f.knocked_out and (player is None or f.owner == player)
        ]

    def enemies_of(self, fighter: Fighter) -> list[Fighter]:
        return [f for f in self.on_board() if f.owner != fighter.owner]

    def occupant(self, pos: Position) -> Fighter | None:
        for f in self.on_board():
            if f.position == pos:
                return f
        return None

    def engaged_enemies(self, fighter: Fighter) -> list[Fighter]:
        """Rulebook, Melee Attack: enemies in adjacent hexes are engaged."""
        around = self.field.adjacent_positions(fighter.position)
        return [
            e
            for e in self.fighters.values()
            if e.owner != fighter.owner and not e.knocked_out and e.position in around
        ]

    def stat(self, fighter: Fighter, name: str) -> int:
        card = self.card(fighter)
        base = int(getattr(card, name))
        bonus = abilities.passive_stat_bonus(
            self, fighter, "speed" if name == "focused_speed" else name
        )
        return max(0, base + bonus)

    @property
    def turns(self) -> list[Turn]:
        """The activation in progress and the interruptions inside it, innermost last: the
        turns of the act steps pending (rules/activation.py, ActStep)."""
        return [step.turn for step in self.flow.steps if isinstance(step, ActStep)]

    def turn(self) -> Turn:
        """The innermost turn in progress (IndexError when there is none)."""
        act = self.flow.find(ActStep)
        if act is None:
            raise IndexError("no turn in progress")
        return act.turn

    def test_of(self, step: DiceTestStep) -> DiceTest:
        return step.dice()

    # --- rounds [Playing the Game] ---

    def order(self) -> list[int]:
        return [self.first_player, 1 - self.first_player]

    def ready(self, player: int) -> list[Fighter]:
        """The characters *player* may activate now (rules/round.py: activation_refusal)."""
        return sorted(
            (f for f in self.on_board(player) if activation_refusal(self, player, f) is None),
            key=lambda f: f.id,
        )

    def can_select(self, player: int) -> bool:
        side = self.sides[player]
        return bool(self.ready(player)) and bool(side.hand or side.glory)

    def take_from_hand(self, player: int, card: str) -> None:
        side = self.sides[player]
        if card in side.hand:
            side.hand.remove(card)
        else:
            side.glory.remove(card)
            side.glory_used.append(card)

    def discard_cards(self, player: int, cards: list[str]) -> None:
        fate = [c for c in cards if c in self.pack.fate]
        self.sides[player].deck.discard(fate)

    # === the state API ===================================================================

    def _is_over(self) -> bool:
        return self.phase == "over"

    def _anytime_actions(self, player: int) -> Sequence[Action]:
        """Rulebook, Scoring: a player can forfeit, or offer a draw, at any time."""
        if self.phase == "over":
            return ()
        if DrawOfferStep in self.flow:
            return (self.game.actions.plain("forfeit"),)
        return (self.game.actions.plain("forfeit"), self.game.actions.plain("offer-draw"))

    def _apply_anytime(self, action: Action, player: int) -> None:
        """Rulebook, Scoring: a forfeit ends the game; a draw offer waits for the answer."""
        if action.kind == "forfeit":
            scoring.finish(self, 1 - player, f"player {player} forfeits")
            return
        self.flow.push(DrawOfferStep(player=1 - player, by=player))
        self.events.append("draw offered", {"player": player})

    def _between_steps(self) -> bool:
        """Between steps, wounds are checked (outside an attack, whose knock-outs wait for its
        end: AoE Knockouts); steps that a knock-out made pointless then drop themselves, and a
        knocked-out character's own turn ends (ActStep)."""
        for step in self.flow.steps:
            if type(step) is AttackStep:
                return True
        combat.remove_knocked_out(self)
        return True

    def _explain_illegal(self, action: Action, player: int) -> tuple[str, str]:
        return explain.why_not(self, action, player)

    def _explain_legal(self, action: Action, player: int) -> tuple[str, str]:
        """What a legal action costs and does (core/explain.py; views/explain.py)."""
        return explain.legal_words(self, action, player)

    def _odds(self, action: Action, player: int) -> JsonObject | None:
        """An attack's tests, result row and knock-out odds (views/attack_odds.py)."""
        return attack_odds(self, action, player)

    def describe(self, action: Action) -> str:
        return explain.describe(self, action)

    def _outcome(self) -> Outcome:
        """Rulebook, Victory and Scoring: a knock-out, points, a forfeit, or a draw."""
        if self.winner < 0:
            text = f"Draw ({self.result or 'no player leads by 20 VP or more'})"
        else:
            text = f"Player {self.winner} wins ({self.result or 'points victory'})"
        forfeit = self.result.endswith("forfeits")
        details = BattlegroundEnd(
            result=self.result,
            round=self.round,
            vp=tuple(side.vp for side in self.sides),
            objectives=tuple(tuple(side.objectives) for side in self.sides),
        )
        return Outcome(
            ending="forfeit" if forfeit else ENDINGS.get(self.result, "points"),
            winner=None if self.winner < 0 else self.winner,
            team=None if self.winner < 0 else (self.winner,),
            returns=tuple(self.returns()),
            text=text,
            details=details,
        )

    def _returns(self) -> Sequence[float]:
        if self.phase != "over" or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _observation(self, player: int) -> JsonObject:
        return observation(self, player)

    def _evaluate(self, player: int) -> float:
        return evaluation.evaluate(self, player)  # the bots' evaluation (evaluation.py)

    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        return hidden.secret(self, action, player)

    def zones(self) -> list[Zone]:
        return hidden.seen_zones(self)  # who sees which cards (views/hidden.py)

    def _judged_in_public(self, action: Action, actor: int) -> bool:
        return hidden.judged_in_public(action)

    # === positions (position/) ============================================================

    def to_position(self) -> JsonObject:
        """This state as a Battleground position (docs/positions.md)."""
        if self.game.position_format != position.FORMAT:
            return super().to_position()  # a variant without a position format
        return position.write(self)

    @classmethod
    def from_position(cls, game: GameLike, doc: Mapping[str, Any], seed: int) -> Self:
        """The state a Battleground position describes (docs/positions.md)."""
        assert isinstance(game, BattlegroundGame)
        return position.load(cls, game, doc, seed)

    # === saved states (saves.py) =========================================================

    def _check_refs(self, refs: Sequence[RefCheck], reader: Reader) -> None:
        saves.check_refs(self, refs, reader)

    def _check_state(self, reader: Reader) -> None:
        saves.check_state(self, reader)
        super()._check_state(reader)


def read_details(data: JsonValue) -> BattlegroundEnd:
    """The typed details of an outcome's JSON (``Outcome.from_json``'s ``read_details``); a
    DataError names a malformed field."""
    return from_data(BattlegroundEnd, data, "battleground outcome", "details")


BattlegroundGame.state_class = BattlegroundState
