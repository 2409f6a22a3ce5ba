"""Game: a game with fixed, validated parameters (JSON data), and the factory of its states
(from the start, from a position, or from a saved state)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rulekeeper.core.convert import upgrade_state_text
from rulekeeper.core.derived import Derived
from rulekeeper.core.errors import DataError
from rulekeeper.core.jsonvalue import JsonObject, JsonValue, check_json, copy_json
from rulekeeper.core.position import read_position

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.core.state import GameState

__all__ = ["CHANCE_KINDS", "Game"]

CHANCE_KINDS = frozenset({"explicit", "inside"})
"""The ways a game may model chance (``Game.chance``)."""


class Game(ABC):
    """A game with fixed parameters; a factory for its states.

    Parameters are JSON data so that a saved state or a replay can recreate
    the exact game.  Subclasses set ``name`` and ``state_class`` and override
    :meth:`_validate_params`.
    """

    name: ClassVar[str]
    state_class: ClassVar[type[GameState]]
    position_format: ClassVar[str | None] = None
    """The name of the game's position format (``<game>-position``), or None: a game
    that has one takes a ``position`` parameter (core/position.py)."""
    position_versions: ClassVar[tuple[int, ...]] = (1,)
    """The versions of the position format this engine reads."""
    position_paths: ClassVar[tuple[str, ...]] = ()
    """Top-level fields of a position naming files (a map), read beside the position file."""
    position_alias: ClassVar[str | None] = None
    """Another name of the ``position`` parameter (a battle file, a combat file: the game's
    position), or None."""
    bot_logic: ClassVar[str | None] = None
    """The module of the game's own bot logic (docs/bots.md), or None: the greedy bot and MCTS
    then plan with it instead of the generic one-ply lookahead and search."""

    def __init__(self, **params: object) -> None:
        self.derived = Derived()
        """What the game's rules work out once from its parameters and content (core/derived.py)."""
        source = f"{self._source_name()} parameters"
        self.position_source = self.position_format or "position"
        """Where the position came from (its file), for the problems found in it."""
        alias = self.position_alias
        if alias is not None and alias in params:
            if params.get("position") is not None:
                raise DataError(source, alias, f"give {alias} or position, not both")
            value = params[alias]
            params = {k: v for k, v in params.items() if k != alias}
            params["position"] = value
        if params.get("position") is None and self._default_position() is not None:
            params = {**params, "position": self._default_position()}
        if params.get("position") is not None:
            if self.position_format is None:
                raise DataError(source, "position", f"{self._source_name()} has no position format")
            params = dict(params)
            params["position"], self.position_source = read_position(
                params["position"], self.position_format, self.position_paths
            )
        for key, value in params.items():
            if key == "position" and self.position_format is not None:
                continue  # read and checked above
            try:
                check_json(value, key)
            except (TypeError, ValueError) as exc:
                raise DataError(source, key, str(exc)) from exc
        validated = self._validate_params(copy_json(params))
        check_json(validated)
        self._params: JsonObject = validated
        if self.position is not None:
            self.new_initial_state(0)  # a position is checked when it is loaded

    def param(self, name: str) -> JsonValue:
        """One validated parameter (a copy), or None if the game has no such parameter."""
        found: JsonValue = copy_json(self._params.get(name))
        return found

    @property
    def position(self) -> JsonObject | None:
        """The position the game starts from (the ``position`` parameter), or None."""
        found = self._params.get("position") if self.position_format else None
        return found if isinstance(found, dict) else None

    def _default_position(self) -> object | None:
        """The position the game starts from when none is given (a shipped file), or None."""
        return None

    @classmethod
    def _source_name(cls) -> str:
        return getattr(cls, "name", cls.__name__)

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        """Check *params*, fill in defaults and return them; raise DataError naming a bad one.

        The default accepts no parameters at all, so a typo in a parameter
        name is reported instead of silently ignored.
        """
        for key in params:
            raise DataError(f"{self._source_name()} parameters", key, "unknown parameter")
        return {}

    @property
    def params(self) -> JsonObject:
        """Validated parameters including defaults (a copy; safe to mutate)."""
        found: JsonObject = copy_json(self._params)
        return found

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats, fixed for the lifetime of the game."""

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats that share one result (co-op: everyone; 2-against-2: two pairs).

        Default: every seat plays for itself. ``returns()`` checks that a team's seats get the
        same value."""
        return tuple((seat,) for seat in range(self.num_players))

    @property
    def shared_vision(self) -> bool:
        """Whether the seats of a team see each other's hidden information (a shared hand).

        Default: no. A property, so that a variant (a co-op parameter) can decide."""
        return False

    # --- what research tools may rely on (issue 22 §1); properties, so a variant can decide

    @property
    def returns_range(self) -> tuple[float, float]:
        """The least and the greatest return a seat can get at the end (default: -1 to 1);
        ``returns()`` of every finished game lies within it."""
        return (-1.0, 1.0)

    @property
    def zero_sum(self) -> bool:
        """Whether the returns of every finished game sum to 0 (default: not promised)."""
        return False

    @property
    def max_length(self) -> int | None:
        """An upper bound on the number of actions (chance outcomes included) of any game,
        or None when the rules give none (default: None)."""
        return None

    @property
    def chance(self) -> frozenset[str]:
        """How chance is modelled: ``"explicit"``, chance nodes whose outcomes are actions of
        the history (dice), and/or ``"inside"``, randomness the rules draw themselves from the
        state's stream (a shuffle); empty for a game without chance. Default: both, so a tool
        assumes nothing the game did not declare."""
        return CHANCE_KINDS

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats of *seat*'s team (itself included)."""
        for team in self.teams:
            if seat in team:
                return team
        return (seat,)

    def sight_of(self, seat: int) -> tuple[int, ...]:
        """The seats whose hidden information *seat* may see: its own, or its team's."""
        return self.team_of(seat) if self.shared_vision else (seat,)

    def content_hash(self) -> str | None:
        """A hash of the card data and map this game actually loaded (``sha256:...``), which a
        replay records and checks; None for a game with no such data (the default)."""
        return None

    def new_initial_state(self, seed: int = 0) -> GameState:
        """The game's first state; with a position, that position (*seed* decides what it
        leaves open, such as the order of a deck, and all later chance)."""
        position = self.position
        if position is not None:
            return self.state_class.from_position(self, position, seed)
        return self.state_class(self, seed)

    def deserialize_state(self, text: str) -> GameState:
        """Inverse of ``GameState.serialize``; raises DataError naming the bad field. A state
        of the previous format is converted first (core/convert.py)."""
        return self.state_class._deserialize(self, upgrade_state_text(self, text))

    upgrades_actions: ClassVar[bool] = False
    """Whether :meth:`upgrade_action` converts actions of an older vocabulary."""

    def upgrade_action(self, state: GameState, action: Action) -> Sequence[Action]:
        """How *action*, said in the game's previous action vocabulary (an old replay or save),
        is said now, on *state* where it is applied (core/convert.py); by default as it was."""
        return (action,)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(**{self._params!r})"
