"""What Battleground's rules, positions, saves and views read of a state and its game, as
Protocols (issue 21 §2): they name the state through :class:`BattleState` instead of importing
game.py, which imports them (``BattlegroundState`` and ``BattlegroundGame`` satisfy these)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from rulekeeper.core.gamelike import GameLike

if TYPE_CHECKING:
    from rulekeeper.core import Action, JsonObject, JsonValue, Reader
    from rulekeeper.core.events import EventLog
    from rulekeeper.core.flow import Flow, StepKinds
    from rulekeeper.core.lasting import Timing
    from rulekeeper.core.rng import Pcg32
    from rulekeeper.games.battleground.actions import ActionCatalog
    from rulekeeper.games.battleground.board.battlefield import Battlefield
    from rulekeeper.games.battleground.board.measures import Position
    from rulekeeper.games.battleground.board.movement import Reach
    from rulekeeper.games.battleground.content.cards import FateCard, GloryCard
    from rulekeeper.games.battleground.content.characters import CharacterCard
    from rulekeeper.games.battleground.content.equipment import WeaponCard
    from rulekeeper.games.battleground.content.pack import ContentPack
    from rulekeeper.games.battleground.content.setups import FirstGameSide
    from rulekeeper.games.battleground.model import (
        Coordinate,
        Fighter,
        MarkData,
        Placing,
        Side,
        StatusData,
        Turn,
    )


class ActivationRules(Protocol):
    """How characters are activated (rules/activation.py ``Activations``)."""

    @property
    def fixed_ap(self) -> int | None: ...

    @property
    def acts(self) -> frozenset[str]: ...

    @property
    def cards(self) -> bool: ...


class BattleGame(GameLike, Protocol):
    """A Battleground game (``BattlegroundGame``) as its rules see it."""

    @property
    def field(self) -> Battlefield: ...

    @property
    def pack(self) -> ContentPack: ...

    @property
    def sides(self) -> list[FirstGameSide]: ...

    @property
    def deployment(self) -> str: ...

    @property
    def reach_memo(self) -> dict[tuple[Any, ...], tuple[int, Reach]]: ...

    @property
    def actions(self) -> ActionCatalog: ...

    @property
    def activations(self) -> ActivationRules: ...

    @property
    def timing(self) -> Timing: ...

    @property
    def rounds(self) -> int: ...

    @property
    def position_source(self) -> str: ...

    def param(self, name: str) -> JsonValue: ...

    def owner_of_faction(self, faction: str) -> int: ...


class BattleState(Protocol):
    """A Battleground state (``BattlegroundState``) as its rules, positions and views see it."""

    STEPS: ClassVar[StepKinds]
    flow: Flow
    events: EventLog
    rng: Pcg32
    seed: int
    phase: str
    round: int
    first_player: int
    winner: int
    result: str
    fighters: dict[str, Fighter]
    sides: list[Side]
    objectives: dict[str, tuple[Coordinate, ...]]
    marks: list[MarkData]
    statuses: dict[str, list[StatusData]]
    placing: dict[int, list[Placing]]

    @property
    def game(self) -> BattleGame: ...

    @property
    def field(self) -> Battlefield: ...

    @property
    def pack(self) -> ContentPack: ...

    @property
    def turns(self) -> list[Turn]: ...

    def turn(self) -> Turn: ...

    def card(self, fighter: Fighter | str) -> CharacterCard: ...

    def weapon(self, weapon_id: str) -> WeaponCard | None: ...

    def play_card(self, card_id: str) -> FateCard | GloryCard: ...

    def on_board(self, player: int | None = None) -> list[Fighter]: ...

    def enemies_of(self, fighter: Fighter) -> list[Fighter]: ...

    def occupant(self, pos: Position) -> Fighter | None: ...

    def engaged_enemies(self, fighter: Fighter) -> list[Fighter]: ...

    def stat(self, fighter: Fighter, name: str) -> int: ...

    def order(self) -> list[int]: ...

    def ready(self, player: int) -> list[Fighter]: ...

    def can_select(self, player: int) -> bool: ...

    def take_from_hand(self, player: int, card: str) -> None: ...

    def discard_cards(self, player: int, cards: list[str]) -> None: ...

    def legal_actions(self, player: int | None = None) -> list[Action]: ...

    def apply_action(self, action: Action, player: int | None = None) -> None: ...

    def clone(self) -> Self: ...

    def settle(self) -> None: ...

    def _probe(self, reader: Reader) -> None: ...

    def _to_data(self) -> JsonObject: ...


class PendingAttack(Protocol):
    """An attack in progress (rules/combat.py ``AttackStep``) as the abilities, the attack's
    geometry and the test modifiers read it."""

    attacker: str
    weapon: str
    type: str
    target: str
    initial: str
    origin: list[int]
    focus: bool
