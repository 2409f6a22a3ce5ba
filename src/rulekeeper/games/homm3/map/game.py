"""HoMM3 on the map: ``load_game("homm3", scenario=..., players=2)`` (issue 24).

The wiring: parameters (a scenario, the players, difficulty, factions, heroes, optional rules, a
content pack), the state's data (model.py records) and the step vocabulary (the map's steps and
every step of a battle, which the unchanged combat plays as a sub-procedure, fights.py). The
rules are in this package, one module per part of the game (rounds, turn, movement,
exploration, visiting, town actions, fights, ...); docs/homm3.md describes the readings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rulekeeper.core import (
    Action,
    DataError,
    Game,
    JsonObject,
    ProcedureState,
    Reader,
    RefCheck,
    Zone,
    register_game,
)
from rulekeeper.core.content import folder_digest
from rulekeeper.core.flow import Flow
from rulekeeper.core.graph import Placement, Tile, TileMap
from rulekeeper.core.lasting import Timing
from rulekeeper.core.outcome import Outcome
from rulekeeper.core.zones import NOBODY
from rulekeeper.games.homm3.battle.checks import known_card, known_unit_card
from rulekeeper.games.homm3.battle.fields import OPTIONS as BATTLE_OPTIONS
from rulekeeper.games.homm3.combat.activation import ActivationStep
from rulekeeper.games.homm3.combat.hands import battle_zones
from rulekeeper.games.homm3.combat.model import Battle
from rulekeeper.games.homm3.combat.odds import attack_odds
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING
from rulekeeper.games.homm3.content.pack import PACK_FILES, ContentPack, load_content_pack
from rulekeeper.games.homm3.content.tiles import core_tile
from rulekeeper.games.homm3.map import (
    carry,
    evaluation,
    fight_odds,
    movement,
    observation,
    position,
    setup,
)
from rulekeeper.games.homm3.map import params as map_params
from rulekeeper.games.homm3.map.bonus import StartingBonusStep
from rulekeeper.games.homm3.map.model import AiHero, FaceDown, MapHero, Player, Site, Town
from rulekeeper.games.homm3.map.rounds import GameStep
from rulekeeper.games.homm3.map.search import SearchStep
from rulekeeper.games.homm3.map.steps import STEPS
from rulekeeper.games.homm3.map.turn import TurnStep
from rulekeeper.games.homm3.scenario import read_scenario
from rulekeeper.games.homm3.scenario.fields import TEAM_MODES
from rulekeeper.games.homm3.scenario.model import RoundTrack, Scenario
from rulekeeper.games.homm3.views import explain as combat_explain
from rulekeeper.games.homm3.views import map_words

__all__ = ["Homm3Game", "MapState"]


@register_game
class Homm3Game(Game):
    """Parameters: ``mode`` (``clash``, ``solo`` or ``coop``: checked against the scenario's;
    it picks the default scenario), ``scenario`` (a shipped scenario's name or a scenario
    file: data or a path; default ``clash-2``, ``solo-1``, ``coop-2`` by mode), ``players``,
    ``difficulty`` (default: the scenario's),
    ``factions`` and ``heroes`` (one per seat; default: Castle, Dungeon, Necropolis and each
    faction's first hero), ``options`` (optional rules by name, docs/homm3.md) and ``content``
    (a folder with your own card values)."""

    name = "homm3"
    timing: ClassVar[Timing] = COMBAT_TIMING
    bot_logic: ClassVar[str | None] = "rulekeeper.games.homm3.map.greedy"
    position_format: ClassVar[str | None] = position.FORMAT
    position_versions = position.VERSIONS
    position_paths = ("scenario", "content")

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "homm3 parameters"
        if params.get("position") is not None:  # the position says the game (position.py)
            params = position.game_params(params, self.position_source)
        for key in params:
            if key not in map_params.PARAMS:
                raise DataError(
                    source, key, f"unknown parameter (known: {', '.join(map_params.PARAMS)})"
                )
        content = params.get("content")
        if content is not None and not isinstance(content, str):
            raise DataError(source, "content", "must be a folder path or null")
        self.pack: ContentPack = load_content_pack(Path(content) if content else None)
        mode = params.get("mode")
        if mode is not None and mode not in map_params.MODES:
            raise DataError(source, "mode", f"one of {', '.join(map_params.MODES)}")
        raw = params.get("scenario", map_params.DEFAULT_SCENARIOS[mode or "clash"])
        doc, where = map_params.scenario_doc(raw)
        self.scenario: Scenario = read_scenario(doc, self.pack, where)
        if mode is not None and mode != self.scenario.mode:
            raise DataError(source, "mode", f"{mode}: the scenario is a {self.scenario.mode} one")
        players = params.get("players", self.scenario.players[0])
        if not isinstance(players, int) or players not in self.scenario.players:
            counts = ", ".join(str(n) for n in self.scenario.players)
            raise DataError(source, "players", f"{players!r}: the scenario is for {counts} players")
        self._players = players
        difficulty = params.get("difficulty", self.scenario.difficulty)
        if difficulty not in map_params.DIFFICULTIES:
            raise DataError(source, "difficulty", f"one of {', '.join(map_params.DIFFICULTIES)}")
        self.difficulty = str(difficulty)
        self.factions = map_params.factions(params.get("factions"), players, self.scenario, source)
        self.heroes = map_params.heroes(params.get("heroes"), self.factions, self.pack, source)
        self.options = map_params.options(params.get("options"), source)
        self.carry = carry.read(params.get("carry"), self.heroes, self.pack, source)
        self.catalogue: dict[str, Tile] = {t.id: core_tile(t) for t in self.pack.tiles.values()}
        return {
            **({"mode": mode} if mode is not None else {}),
            "scenario": raw if isinstance(raw, str) else doc,
            "players": players,
            "difficulty": self.difficulty,
            "factions": list(self.factions),
            "heroes": list(self.heroes),
            "options": dict(self.options),
            "content": content,
            **({"position": params["position"]} if params.get("position") is not None else {}),
            **({"carry": params["carry"]} if self.carry is not None else {}),
        }

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def zero_sum(self) -> bool:
        return self._players == 2 and self.scenario.mode == "clash"

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Solo and co-op: every seat on one team (one result for all, issue 26 §2); Clash:
        each seat for itself. Hands stay private within the team (``shared_vision`` off)."""
        if self.scenario.mode in TEAM_MODES:
            return (tuple(range(self._players)),)
        return tuple((seat,) for seat in range(self._players))

    def content_hash(self) -> str | None:
        return self.derived("content-hash", self._pack_digest)

    def _pack_digest(self) -> str:
        content = self._params.get("content")
        if content:
            return folder_digest(Path(str(content)), PACK_FILES)
        return folder_digest(Path(self.pack.folder), PACK_FILES)


class MapState(ProcedureState):
    """A game on the map: its data (model.py) and its pending steps (root: ``GameStep``)."""

    STEPS = STEPS
    game: Homm3Game
    round: int
    difficulty: str
    order: list[int]
    players: list[Player]
    heroes: list[MapHero]
    towns: list[Town]
    placements: list[Placement]
    face_down: list[FaceDown]
    tiles_down: dict[str, list[str]]
    """The face-down tiles of each kind, in the order of that kind's slots in ``face_down``."""
    sites: dict[str, Site]
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    astrologers: str
    winners: list[int]
    ending: str
    battle: Battle | None
    ai_heroes: list[AiHero]
    triggered: list[int]
    """The scenario's once-a-game events (``visited``, ``defeated``) fired, by their place."""

    def __init__(self, game: Homm3Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.decks, self.discards, self.tiles_down = {}, {}, {}
        self.astrologers, self.winners, self.ending = "", [], ""
        self.battle = None
        self._tilemap: TileMap | None = None
        setup.set_up(self)
        self.flow = Flow([GameStep(), StartingBonusStep()])
        self.settle()

    # ------------------------------------------------------------------ queries

    def tilemap(self) -> TileMap:
        """The face-up tiles as a core TileMap (made once per change of the placements)."""
        found = getattr(self, "_tilemap", None)
        if found is None or len(found.placements) != len(self.placements):
            found = TileMap.of(self.game.catalogue, self.placements)
            self._tilemap = found
        return found

    def lay(self, placement: Placement) -> None:
        """Lay a tile face up (exploration.py, setup.py)."""
        self.placements.append(placement)
        self._tilemap = None

    def option(self, name: str) -> bool:
        """Whether the optional rule *name* is on (its value is not its default)."""
        value = self.game.options.get(name)
        return value is not None and value not in ("no", "off", "end-of-round")

    def battle_options(self) -> dict[str, str]:
        """The optional rules a fight's battle file takes (battle/fields.py OPTIONS)."""
        return {k: v for k, v in self.game.options.items() if k in BATTLE_OPTIONS}

    def round_track(self) -> RoundTrack:
        return self.game.scenario.round_track or RoundTrack()

    def rounds_limit(self) -> int:
        layout = self.game.scenario.layout(self.num_players)
        return int(layout.rounds or self.game.scenario.rounds)

    def players_turn(self) -> int:
        """The seat whose turn it is (-1 between turns)."""
        turn = self.flow.find(TurnStep)
        return -1 if turn is None else int(turn.seat)

    def hero_seat(self, hero_id: str) -> int:
        return next(h.seat for h in self.heroes if h.id == hero_id)

    # ------------------------------------------------------------------ positions

    @classmethod
    def from_position(cls, game: Any, doc: Mapping[str, Any], seed: int) -> MapState:
        """The state of a ``homm3-position`` (position.py; docs/homm3-positions.md)."""
        found: MapState = position.read(cls, game, doc, seed)
        return found

    def to_position(self) -> JsonObject:
        return position.write(self)

    # ------------------------------------------------------------------ the state API

    def _clone_data_into(self, new: Any) -> None:
        super()._clone_data_into(new)
        new._tilemap = getattr(self, "_tilemap", None)

    def _returns(self) -> Sequence[float]:
        if self.ending == "defeat":  # solo and co-op: the team lost (victory.py)
            return [-1.0] * self.num_players
        if not self.winners:
            return [0.0] * self.num_players
        return [1.0 if seat in self.winners else -1.0 for seat in range(self.num_players)]

    def _outcome(self) -> Outcome:
        if self.flow.steps:
            return super()._outcome()
        returns = tuple(self._returns())
        if self.ending == "defeat":
            return Outcome(
                ending="defeat", winner=None, team=(), returns=returns, text="The AI heroes win"
            )
        if not self.winners:
            return Outcome(
                ending=self.ending or "draw", winner=None, team=(), returns=returns, text="A draw"
            )
        names = " and ".join(self.players[s].faction.capitalize() for s in self.winners)
        return Outcome(
            ending=self.ending,
            winner=self.winners[0] if len(self.winners) == 1 else None,
            team=tuple(self.winners),
            returns=returns,
            text=f"{names} wins ({self.ending})",
        )

    def _observation(self, player: int) -> JsonObject:
        return observation.observe(self, player)

    def zones(self) -> list[Zone]:
        """Who sees which cards and tiles (issue 24 §4): a hand its seat; every Might & Magic
        deck, the shared and neutral decks, the Astrologers deck, the Far pools and face-down
        tiles nobody (the face-down tiles of a kind and the Far pools are pools of the kind
        shown on their backs); each AI hero's AI deck and Spell deck nobody (issue 26 §5); cards
        a seat looks at in a Search that seat only; during a fight, the battle's zones."""
        out: list[Zone] = []
        for p in self.players:
            out.append(Zone(f"mm-hand-{p.seat}", p.hand, (p.seat,), pool=f"mm-{p.seat}"))
            out.append(Zone(f"mm-deck-{p.seat}", p.deck, NOBODY, pool=f"mm-{p.seat}"))
            out.append(Zone(f"far-pool-{p.seat}", p.far_pool, NOBODY, pool="tiles-far"))
        for kind in sorted(self.tiles_down):
            out.append(
                Zone(f"face-down-{kind}", self.tiles_down[kind], NOBODY, pool=f"tiles-{kind}")
            )
        for name in sorted(self.decks):
            out.append(Zone(f"deck-{name}", self.decks[name], NOBODY, pool=f"deck-{name}"))
        for ai in self.ai_heroes:
            out.append(Zone(f"ai-deck-{ai.id}", ai.ai_deck, NOBODY, pool=f"ai-deck-{ai.id}"))
            out.append(Zone(f"ai-spells-{ai.id}", ai.spells, NOBODY, pool=f"ai-spells-{ai.id}"))
        for step in self.flow.steps:
            if isinstance(step, SearchStep):
                out.append(Zone(step.zone_name(), step.seen, (step.seat,), pool=step.pool_name()))
        if self.battle is not None:
            out.extend(battle_zones(self.battle))
        return out

    def _check_refs(self, refs: Sequence[RefCheck], reader: Reader) -> None:
        """Refuse a saved reference to a tile, card or unit the game does not know."""
        pack = self.game.pack
        for ref in refs:
            if ref.kind == "tile" and ref.value in pack.tiles:
                continue
            if ref.kind == "field" and _field_key(ref.value):
                continue
            if ref.kind == "unit card" and known_unit_card(pack, ref.value):
                continue
            if ref.kind == "card" and known_card(pack, ref.value):
                continue
            if ref.kind == "unit" and self.battle is not None and ref.value in self.battle.units:
                continue
            raise reader.fail(ref.path, f"unknown {ref.kind} {ref.value!r}")

    def describe(self, action: Action) -> str:
        return map_words.describe(self, action)

    def _secret(self, action: Action, player: int) -> tuple[tuple[int, ...], str] | None:
        """An action only its seat may see (the card taken in a Search, the pending step's
        ``secret_words``): the others are told the words instead."""
        top = self.flow.steps[-1] if self.flow.steps else None
        words = getattr(top, "secret_words", None)
        found = words(action) if words is not None else None
        return None if found is None else ((player,), found)

    def _explain_legal(self, action: Action, player: int) -> tuple[str, str] | None:
        """What a legal action does, in words that never count the choices (how many a seat
        has may depend on its hidden hand, issue 24 §4): a fight's actions as the combat
        explains them, the map's by its step's rule."""
        if self.battle is not None:
            found = combat_explain.legal_words(self, action, player)
            if found is not None:
                return found
        rule = self.flow.steps[-1].rule if self.flow.steps else "homm3.md"
        return (rule, f"{self.describe(action)}: allowed now")

    def _evaluate(self, player: int) -> float:
        return evaluation.evaluate(self, player)

    def _odds(self, action: Action, player: int) -> JsonObject | None:
        """In a fight, an attack's odds as the combat's (combat/odds.py); on the map, a move
        that starts a fight: the fight played out from what *player* knows (fight_odds.py),
        as win/lose/other counts and percentages (issue 25 §1); None otherwise."""
        top = self.flow.steps[-1] if self.flow.steps else None
        if isinstance(top, ActivationStep) and action.kind == "attack":
            fighting: Any = self  # the combat's steps work on the map state in a fight
            return attack_odds(fighting, top.attack_step(fighting, action.str_param("target")))
        if action.kind != "move" or self.battle is not None:
            return None
        found = fight_odds.fight_odds(self, player, action)
        if found is None:
            return None
        item = self.heroes[[h.id for h in self.heroes].index(action.str_param("hero"))]
        fight = movement.encounter(self, item, action.str_param("to"))
        return _fight_odds_data(found, str(getattr(fight, "against", "")))


def _fight_odds_data(odds: fight_odds.FightOdds, against: str) -> JsonObject:
    """A fight's odds as JSON data: the runs and their endings, percentages, units lost."""
    percent = {
        "win": round(100 * odds.share),
        "low": round(100 * odds.low),
        "high": round(100 * odds.high),
        "lose": round(100 * odds.losses / odds.runs) if odds.runs else 0,
        "other": round(100 * odds.others / odds.runs) if odds.runs else 0,
    }
    return {
        "kind": "fight",
        "against": against,
        "runs": odds.runs,
        "wins": odds.wins,
        "losses": odds.losses,
        "others": odds.others,
        "percent": percent,
        "lost": round(odds.lost, 2),
        "enemy_lost": round(odds.enemy_lost, 2),
        "policy": odds.policy,
        "text": map_words.odds_words(odds, against),
    }


def _field_key(value: str) -> bool:
    """Whether *value* is a board field ``"q,r"`` (or "" for none)."""
    if not value:
        return True
    q, sep, r = value.partition(",")
    return bool(sep) and q.lstrip("-").isdigit() and r.lstrip("-").isdigit()


Homm3Game.state_class = MapState
