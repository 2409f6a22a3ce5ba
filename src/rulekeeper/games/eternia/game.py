"""Fields of Eternia's epic combat as a game of its own: ``load_game("eternia-combat",
combat=...)`` (docs/eternia-combat.md).

The wiring: parameters (a combat file, a content pack), the state's data (one epic combat) and
the step vocabulary. The rules are in ``combat/`` (one module per part of the procedure), the
combat file in ``combat/file.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Self

from rulekeeper.core import (
    DataError,
    Game,
    GameState,
    JsonObject,
    PositionError,
    ProcedureState,
    Reader,
    Zone,
    register_game,
)
from rulekeeper.core.actions import Action
from rulekeeper.core.content import folder_digest
from rulekeeper.core.control import Control
from rulekeeper.core.flow import Flow
from rulekeeper.core.gamelike import GameLike
from rulekeeper.core.outcome import Outcome
from rulekeeper.core.record import from_data
from rulekeeper.games.eternia.combat import area_file
from rulekeeper.games.eternia.combat import file as combat_file
from rulekeeper.games.eternia.combat.area import Area
from rulekeeper.games.eternia.combat.evaluation import standing
from rulekeeper.games.eternia.combat.hidden import combat_zones
from rulekeeper.games.eternia.combat.host import CombatHost
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.odds import step_odds
from rulekeeper.games.eternia.combat.outcome import combat_kind, result_type, winner_of
from rulekeeper.games.eternia.combat.subgames import STEPS
from rulekeeper.games.eternia.combat.views import area_observation, describe, observation
from rulekeeper.games.eternia.content.pack import (
    PACK_FILES,
    ContentPack,
    ContentPackError,
    load_content_pack,
)

__all__ = ["EpicState", "EterniaCombatGame", "shipped_combat_files"]

DEFAULT_COMBAT = "teela-evil-lyn.yaml"


def shipped_combat(name: str) -> Path:
    """The path of a combat file shipped with the game (``combats/<name>``)."""
    return Path(str(resources.files("rulekeeper.games.eternia.combats") / name))


def shipped_combat_files() -> dict[str, str]:
    """The combats shipped with the game, name (without ``.yaml``) -> path (plugin.py)."""
    folder = resources.files("rulekeeper.games.eternia.combats")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".yaml"))
    return {name.removesuffix(".yaml"): str(shipped_combat(name)) for name in names}


@register_game
class EterniaCombatGame(Game):
    """Parameters: ``combat`` (a combat file: data or a path; ``position`` is the same
    parameter; default: the rulebook's Teela against Evil-Lyn) and ``content`` (a folder with
    your own card values, or omitted for the shipped pack)."""

    name = "eternia-combat"
    position_format: ClassVar[str | None] = combat_file.FORMAT
    position_versions = combat_file.VERSIONS
    position_paths = ("content",)

    position_alias = "combat"

    def _default_position(self) -> object | None:
        """The rulebook's example, Teela against Evil-Lyn."""
        return shipped_combat(DEFAULT_COMBAT).as_posix()

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "eternia-combat parameters"
        for key in params:
            if key not in ("position", "content"):
                raise DataError(source, key, "unknown parameter (known: combat, position, content)")
        doc = params["position"]
        content = params.get("content", doc.get("content"))
        if content is not None and not isinstance(content, str):
            raise DataError(source, "content", "must be a folder path or null")
        try:
            self.pack: ContentPack = load_content_pack(Path(content) if content else None)
        except ContentPackError as error:
            raise PositionError([DataError(self.position_source, "content", str(error))]) from None
        defender = doc.get("defender")
        hero = isinstance(defender, Mapping) and ("hero" in defender or "seat" in defender)
        self._players = 2 if hero or doc.get("combat") in ("area", "soldiers") else 1
        return {"position": doc, "content": content}

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def zero_sum(self) -> bool:
        """Hero against hero: one side's +1 is the other's -1."""
        return self._players == 2

    @property
    def max_length(self) -> int | None:
        """Two rounds of at most a few dozen decisions each."""
        return 400

    @property
    def chance(self) -> frozenset[str]:
        """The epic die at chance nodes; the decks are shuffled by the state's stream."""
        return frozenset({"explicit", "stream"})

    def content_hash(self) -> str | None:
        return self.derived("content-hash", self._pack_digest)

    def _pack_digest(self) -> str:
        content = self._params.get("content")
        folder: Any = (
            Path(str(content)) if content else resources.files("rulekeeper.games.eternia.content")
        )
        return folder_digest(folder, PACK_FILES)


class EpicState(CombatHost, ProcedureState):
    """An epic combat, or an area's combats: their data and pending steps (the root is an
    :class:`EpicCombat` or an :class:`AreaCombat`). ``epic`` has no fighters while no epic
    combat is under way; ``area`` is None for a lone epic combat."""

    STEPS = STEPS
    epic: Epic
    area: Area | None
    control: Control
    """The seat that plays each hero (core/control.py), by hero id."""

    @property
    def pack(self) -> ContentPack:
        game = self.game
        assert isinstance(game, EterniaCombatGame)
        return game.pack

    @classmethod
    def from_position(cls, game: GameLike, position: Mapping[str, Any], seed: int) -> Self:
        assert isinstance(game, EterniaCombatGame)
        state = object.__new__(cls)
        GameState.__init__(state, game, seed)
        source = game.position_source
        try:
            if position.get("combat") in ("area", "soldiers"):
                area, found, steps = area_file.read_area(
                    position, game.pack, state.rng, STEPS, source
                )
                state.area = area
                state.epic = found if found is not None else Epic(fighters=[])
                seats = area_file.area_seats(area, source)
            else:
                state.epic, steps = combat_file.read_combat(
                    position, game.pack, state.rng, STEPS, source
                )
                state.area = None
                seats = combat_file.side_seats(position, source)
            state.control = Control(owners=seats)
        except DataError as error:
            raise PositionError([error]) from None
        result = position.get("result")
        state.flow = Flow(steps, result=result if not steps else None)
        reader = Reader(source)
        try:
            if state.flow.result is not None:
                from_data(result_type(state), state.flow.result, reader, "result")
            state._check_state(reader)
            state.settle()
            state._probe(reader)
        except DataError as error:
            raise PositionError([error]) from None
        return state

    def to_position(self) -> JsonObject:
        content = self.game.params.get("content")
        folder = content if isinstance(content, str) else None
        steps = list(self.flow.steps)
        if self.area is not None:
            epic = self.epic if self.epic.fighters else None
            return area_file.write_area(
                self.area, epic, steps, self.flow.result, folder, self.control
            )
        return combat_file.write_combat(self.epic, steps, self.flow.result, folder, self.control)

    # ------------------------------------------------------------------ the state API

    def zones(self) -> list[Zone]:
        """Who sees which cards (combat/hidden.py)."""
        return combat_zones(self)

    def _returns(self) -> Sequence[float]:
        if self.flow.result is None:
            return [0.0] * self.num_players
        winner = winner_of(self)
        values = [1.0 if winner == 0 else -1.0 if winner == 1 else 0.0]
        if self.num_players == 2:
            values.append(-values[0])
        return values

    def _outcome(self) -> Outcome:
        """How the combat ended, its typed result as the details."""
        if self.flow.result is None:
            return super()._outcome()
        details = from_data(
            result_type(self), self.flow.result, Reader("eternia-combat outcome"), "details"
        )
        winner = winner_of(self)
        returns = tuple(self.returns())
        seat = winner if winner >= 0 and winner < len(returns) else None
        kind = combat_kind(self)
        ending = str(self.flow.result.get("ending", kind))
        side = "nobody" if winner < 0 else self._side_names()[winner]
        return Outcome(
            ending=ending,
            winner=seat,
            team=() if seat is None else (seat,),
            returns=returns,
            text=f"{kind.capitalize()} combat won by {side} ({ending})",
            details=details,
        )

    def _side_names(self) -> tuple[str, str]:
        """The two sides in words: the fighters' names, or the area's teams."""
        if self.area is not None:
            first = "the entering soldiers" if self.area.kind == "soldiers" else "the entering hero"
            return first, "the defenders"
        pack = self.pack
        names = []
        for fighter in self.epic.fighters:
            tables: list[Mapping[str, Any]] = [
                pack.heroes,
                pack.epic_beasts,
                pack.beasts,
                pack.allies,
            ]
            card = next((t[fighter.name] for t in tables if fighter.name in t), None)
            names.append(fighter.name if card is None else card.name)
        return names[0], names[1]

    def describe(self, action: Action) -> str:
        return describe(self, action)

    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        """A card placed face down or discarded: its seat sees it, the other is told the
        step's ``secret_words`` (draws.py)."""
        top = self.flow.steps[-1] if self.flow.steps else None
        words = getattr(top, "secret_words", None)
        found = words(self, action) if words is not None else None
        return None if found is None else ((player,), found)

    def _observation(self, player: int) -> JsonObject:
        if self.area is not None:
            return area_observation(self, player)
        return observation(self, player)

    def _evaluate(self, player: int) -> float:
        """The bots' evaluation: the combat's standing for the seat's side (evaluation.py)."""
        side = 0 if player in self.seats_of(0) or player == 0 else 1
        return standing(self, side)

    def _odds(self, action: Action, player: int) -> JsonObject | None:
        return step_odds(self, action, player)


EterniaCombatGame.state_class = EpicState
