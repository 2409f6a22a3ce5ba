"""Fields of Eternia on the map: ``load_game("eternia", players=4)`` (issue 28).

The wiring: parameters (params.py), the state's data (model.py records), the step vocabulary
(the map's steps and every combat step, which the unchanged combat procedures play as sub-games
on this state, meetings.py). The rules are in this package, one module per part of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rulekeeper.core import DataError, Game, JsonObject, ProcedureState, Zone, register_game
from rulekeeper.core.content import folder_digest
from rulekeeper.core.control import Control
from rulekeeper.core.flow import Flow, StepKinds
from rulekeeper.core.outcome import Outcome
from rulekeeper.games.eternia.board.map import load_map
from rulekeeper.games.eternia.combat.area import Area
from rulekeeper.games.eternia.combat.host import CombatHost
from rulekeeper.games.eternia.combat.model import Epic, Solo
from rulekeeper.games.eternia.combat.odds import step_odds
from rulekeeper.games.eternia.combat.subgames import STEPS as COMBAT_STEPS
from rulekeeper.games.eternia.content.components import load_components
from rulekeeper.games.eternia.content.pack import PACK_FILES, ContentPack, load_content_pack
from rulekeeper.games.eternia.map import (
    casting,
    evaluation,
    events,
    position,
    setup,
    skirmish,
    skirmish_scoring,
    skirmish_setup,
    skull_events,
    solo,
    victory,
    views,
)
from rulekeeper.games.eternia.map import params as map_params
from rulekeeper.games.eternia.map.defeat import DefeatPayStep
from rulekeeper.games.eternia.map.duel import DuelStep
from rulekeeper.games.eternia.map.encounters import ChooseStep, EncounterStep, FoeStep, encounter
from rulekeeper.games.eternia.map.gains import KeepStep
from rulekeeper.games.eternia.map.meetings import LeaveStep, MeetingStep, SoldierMeetingStep
from rulekeeper.games.eternia.map.merchants import MerchantStep, refresh, reveal
from rulekeeper.games.eternia.map.missions import MissionStep
from rulekeeper.games.eternia.map.model import MapHero, Team
from rulekeeper.games.eternia.map.movement import MoveStep
from rulekeeper.games.eternia.map.outposts import add_soldiers
from rulekeeper.games.eternia.map.placing import PlaceStep
from rulekeeper.games.eternia.map.quests import BeastStep
from rulekeeper.games.eternia.map.rewards import RemoveCardStep
from rulekeeper.games.eternia.map.rounds import ActivateStep, GameStep
from rulekeeper.games.eternia.map.track import Space, numbers_of, track_of
from rulekeeper.games.eternia.map.trading import TradeStep
from rulekeeper.games.eternia.map.turn import TurnStep
from rulekeeper.games.eternia.map.victory import CycleStep
from rulekeeper.games.eternia.scenario.reading import read_scenario

__all__ = ["EterniaGame", "MapState"]

STEPS = COMBAT_STEPS.merged(
    StepKinds(
        GameStep,
        ActivateStep,
        TurnStep,
        MoveStep,
        MeetingStep,
        SoldierMeetingStep,
        LeaveStep,
        DefeatPayStep,
        MerchantStep,
        KeepStep,
        TradeStep,
        ChooseStep,
        EncounterStep,
        FoeStep,
        RemoveCardStep,
        DuelStep,
        BeastStep,
        *skirmish_setup.STEPS,
        CycleStep,
        MissionStep,
        PlaceStep,
    )
)
"""Every step of the map game (their kind names are part of the saved format)."""
FACTIONS = ("motu", "evil-warriors")
DECKS = ("equipment", "spells", "vehicles", "encounters", "scenario")
SKIRMISH_MOVEMENT = 2
"""A skirmish hero's most MP, all bonuses included (spec §5.18.1)."""


@register_game
class EterniaGame(Game):
    """Parameters: see params.py (``players``, ``teams``, ``heroes``, ``controllers``,
    ``options``, ``first_team``, ``map``, ``content``)."""

    name = "eternia"
    bot_logic: ClassVar[str | None] = None
    factions: list[str]
    heroes: list[list[str]]
    position_format: ClassVar[str | None] = position.FORMAT
    position_versions = position.VERSIONS
    position_paths = ()

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        if params.get("position") is not None:  # the position says the game (position.py)
            found = self._validate_params(position.game_params(params, self.position_source))
            return {**found, "position": params["position"]}
        source = map_params.SOURCE
        for key in params:
            if key not in map_params.PARAMS:
                known = ", ".join(map_params.PARAMS)
                raise DataError(source, key, f"unknown parameter (known: {known})")
        mode = params.get("mode")
        if mode is not None and mode not in map_params.MODES:
            raise DataError(source, "mode", f"one of {', '.join(map_params.MODES)}")
        named = params.get("scenario")
        if mode is None:  # the scenario's mode (a solo scenario: solo); a difficulty: solo
            solo_level = params.get("difficulty") is not None
            mode = read_scenario(named).mode if named else "solo" if solo_level else "standard"
        self.mode = str(mode)
        scenario = named or map_params.DEFAULT_SCENARIO[self.mode]
        self.scenario = read_scenario(scenario)
        solo = mode in map_params.SOLO_MODES
        if self.scenario.mode != ("solo" if solo else mode):
            raise DataError(source, "scenario", f"{scenario} is a {self.scenario.mode} scenario")
        content = params.get("content")
        if content is not None and not isinstance(content, str):
            raise DataError(source, "content", "must be a folder path or null")
        self.pack: ContentPack = load_content_pack(Path(content) if content else None)
        least, most = map_params.SOLO_MODES.get(self.mode, (2, 6))
        players = params.get("players", least)
        whole = isinstance(players, int) and not isinstance(players, bool)
        if not whole or not least <= players <= most:
            raise DataError(source, "players", f"{least} to {most} in this mode (spec §1.2)")
        self._players = int(players)
        self.difficulty = str(params.get("difficulty") or "beginner")
        if self.difficulty not in map_params.DIFFICULTIES or (
            not solo and params.get("difficulty") is not None
        ):
            levels = ", ".join(map_params.DIFFICULTIES)
            raise DataError(source, "difficulty", f"solo and co-op only: one of {levels}")
        if solo:
            self.seat_teams = [0] * players
            self.factions, self.heroes = map_params.solo_lineup(
                params.get("heroes"), self.scenario, players, self.pack
            )
            implied = {
                "teams": self.seat_teams,
                "factions": self.factions,
                "mounted": {},
                "first_team": 0,
            }
            for key, value in implied.items():
                if params.get(key) not in (None, value):
                    reason = f"against the game it is {value!r}, from the scenario (spec §3.2)"
                    raise DataError(source, key, reason)
        else:
            self.seat_teams = map_params.teams(params.get("teams"), players)
            factions = params.get("factions", list(FACTIONS))
            if sorted(factions) != sorted(FACTIONS) if isinstance(factions, list) else True:
                raise DataError(source, "factions", "the two factions, one per team (spec §3.1)")
            self.factions = [str(f) for f in factions]
            self.heroes = map_params.heroes(params.get("heroes"), self.factions, self.pack)
        self.controllers = map_params.controllers(
            params.get("controllers"), self.heroes, self.seat_teams
        )
        self.options = map_params.options(params.get("options"))
        self.mounted = map_params.mounted(params.get("mounted"), self.heroes, self.pack)
        first = 0 if solo else params.get("first_team")
        if first is not None and first not in (0, 1):
            raise DataError(source, "first_team", "team 0 or 1, or null (drawn)")
        self.first_team = first
        board = params.get("map", "demo")
        self.board = load_map(board)
        components = load_components(content)
        self.track: tuple[Space, ...] = track_of(components)
        self.numbers = numbers_of(components)
        return {
            "mode": mode,
            "scenario": scenario,
            "players": players,
            "teams": list(self.seat_teams),
            "factions": list(self.factions),
            "heroes": [list(names) for names in self.heroes],
            "controllers": dict(self.controllers),
            "mounted": dict(self.mounted),
            "options": dict(self.options),
            "first_team": first,
            "map": board,
            "content": content,
            **({"difficulty": self.difficulty} if solo else {}),
        }

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team (spec §1.2): they share the win and their team's vision;
        against the game, the one team of players."""
        teams = (0,) if self.mode in map_params.SOLO_MODES else (0, 1)
        return tuple(tuple(s for s, t in enumerate(self.seat_teams) if t == team) for team in teams)

    @property
    def shared_vision(self) -> bool:
        return True

    @property
    def zero_sum(self) -> bool:
        return self._players == 2 and self.mode not in map_params.SOLO_MODES

    @property
    def max_length(self) -> int | None:
        return 20_000

    @property
    def chance(self) -> frozenset[str]:
        return frozenset({"explicit", "stream"})

    def content_hash(self) -> str | None:
        return self.derived("content-hash", self._pack_digest)

    def _pack_digest(self) -> str:
        return folder_digest(Path(self.pack.folder), PACK_FILES)


class MapState(CombatHost, ProcedureState):
    """A game on the map: its data (model.py records) and its pending steps (root:
    ``GameStep``); ``epic`` and ``area`` hold a combat under way (meetings.py)."""

    STEPS = STEPS
    game: EterniaGame
    teams: list[Team]
    heroes: list[MapHero]
    soldiers: dict[str, list[int]]
    round: int
    first: int
    active_team: int
    extra_round: bool
    duel_over: bool
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    offers: dict[str, list[str]]
    """Each merchant type's offer, once revealed (merchants.py)."""
    missions: list[str]
    """The areas with a mission token (spec §5.16), one entry a token."""
    deployed: list[str]
    """Each team's deployment zone in a skirmish (spec §3.4 item 4; "" before it is chosen)."""
    vines: list[str]
    """The areas with a vine token (a scenario's, skull_events.py)."""
    boss: str
    """The boss in play ("" none), its area and its damage (spec §1.3, §5.6.4)."""
    boss_area: str
    boss_damage: int
    lairs: dict[str, str]
    """Epic beasts a skull event put on the map: area -> scenario card (skull_events.py)."""
    round_events: list[str]
    """Events whose abilities last until the end of the round (events.py)."""
    winners: list[int]
    ending: str
    cards: Solo | None
    """Against the game: the enemy's battle and effect decks (solo.py, combat/enemy.py)."""
    fallen: int
    """Against the game: the defeats of the players' heroes (the tracker, spec §5.17.4)."""
    enemy_outposts: list[str]
    """Against the game: the outposts the enemy held at the start (A-27)."""
    score: dict[str, int]
    """Against the game: the solo score's parts and total, at the end (spec §5.17.6)."""
    beaten: list[str]
    """Against the game: the enemy heroes defeated (waiting at their base, solo.py)."""
    epic: Epic
    area: Area | None
    control: Control

    def __init__(self, game: EterniaGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.round, self.extra_round, self.duel_over = 1, False, False
        self.winners, self.ending = [], ""
        self.epic, self.area = Epic(fighters=[]), None
        self.control = Control()
        first = game.first_team
        self.first = int(first) if first is not None else self.rng.below(2)
        self.active_team = self.first
        self.decks, self.discards, self.offers, self.missions = {}, {}, {}, []
        self.deployed, self.vines, self.lairs, self.round_events = ["", ""], [], {}, []
        self.boss, self.boss_area, self.boss_damage = "", "", 0
        self.cards, self.fallen, self.enemy_outposts, self.score = None, 0, [], {}
        self.beaten = []
        for name in self._decks():
            self.decks[name] = _deck_cards(game, name)
            self.rng.shuffle(self.decks[name])
            self.discards[name] = []
        setup.set_up(self)
        skull_events.set_up(self)
        if "victory" in self.decks:
            victory.deal(self)
        first = skirmish_setup.steps(self) if self.skirmish() else []
        if solo.deploys(self):
            first = [skirmish_setup.HeroPlaceStep()]
        self.flow = Flow([GameStep(), *first])
        self.settle()

    # ------------------------------------------------------------------ queries

    @property
    def pack(self) -> ContentPack:
        return self.game.pack

    @property
    def board(self) -> Any:
        return self.game.board

    def _decks(self) -> tuple[str, ...]:
        """The decks of this game: a skirmish's mounts, the victory cards if in play."""
        if self.skirmish():
            return (*DECKS, "mounts")
        if self.setting.victory_cards and not solo.is_solo(self):  # not against the game, §3.2
            return (*DECKS, "victory")
        return DECKS

    def number(self, name: str) -> int:
        """A number of the rules, as the content pack gives it (track.py)."""
        return self.game.numbers[name]

    def space(self) -> Space:
        """The round track's space of this round (an extra round is a night, spec §1.3)."""
        track = self.game.track
        if self.round > len(track):
            return Space(time="night")
        return track[self.round - 1]

    def skulls_passed(self) -> int:
        """The highest skull event reached so far (0 before the first)."""
        return max((s.skull for s in self.game.track[: self.round]), default=0)

    def final_round(self) -> bool:
        """Whether this round is the last: the 4th skull's (a skirmish: its scenario's last,
        spec §5.18.1), or the tie's extra night round."""
        if self.skirmish():
            return self.extra_round or skirmish_scoring.last_round(self)
        if solo.is_solo(self):  # the scenario's round limit (spec §5.17.5)
            return bool(self.round >= int(self.setting.rounds or 0))
        if self.round > len(self.game.track):
            return True
        return self.space().skull == 4 or (self.round >= len(self.game.track))

    def boss_in_play(self) -> bool:
        """Whether a boss is on the map (spec §1.3) and the scenario makes it lose the game."""
        return bool(self.boss) and self.setting.victory.boss_loses

    def beast_of(self, card: str) -> str | None:
        """The epic beast a scenario card is (its id), or None: a mission."""
        found = self.pack.scenario_cards.get(card)
        if found is None:
            return card if card in self.pack.epic_beasts else None
        return None if found.beast is None else str(found.beast)

    def movement_cap(self) -> int | None:
        """The most MP a Move may have (skirmish: 2, spec §5.18.1); None: no cap."""
        return SKIRMISH_MOVEMENT if self.skirmish() else None

    @property
    def setting(self) -> Any:
        """The scenario played (an ``eternia-scenario``, scenario/model.py)."""
        return self.game.scenario

    def zone_areas(self, team: int) -> list[str]:
        """The areas of *team*'s deployment zone (a skirmish's, spec §3.4 item 4), but an
        enemy base."""
        zone = next((z for z in self.setting.deployment_zones if z.id == self.deployed[team]), None)
        faction = self.teams[team].faction
        areas = [] if zone is None else list(zone.areas)
        return [a for a in areas if self.board.base_team(a) in (None, faction)]

    def hero_places(self, team: int) -> list[str]:
        """Where *team*'s heroes may start in a skirmish (spec §3.4 item 6): the scenario's
        areas, or its zone's (never an enemy base)."""
        if solo.deploys(self):  # solo: the scenario's deployment zone (its `start` areas)
            return list(self.setting.start)
        places = self.setting.hero_locations
        if places == "zone":
            return self.zone_areas(team)
        faction = self.teams[team].faction
        return [a for a in places if self.board.base_team(a) in (None, faction)]

    def turn(self) -> TurnStep | None:
        """The hero's turn under way, if any."""
        found = self.flow.find(TurnStep)
        return found if isinstance(found, TurnStep) else None

    def controller_of(self, hero: int) -> int:
        """The seat that plays hero *hero* (an index; core/control.py)."""
        owner = self.control.owner(self.heroes[hero].id)
        return 0 if owner is None else int(owner)

    def hero_index(self, name: str) -> int | None:
        """The index of the hero *name*, or None."""
        return next((i for i, h in enumerate(self.heroes) if h.id == name), None)

    def team_of_faction(self, faction: str) -> int | None:
        return next((i for i, t in enumerate(self.teams) if t.faction == faction), None)

    def against_game(self) -> bool:
        """Whether the game is solo or co-op (spec §5.17)."""
        return solo.is_solo(self)

    def defeat_place(self, hero: int) -> str:
        """Where a defeated hero goes (spec §5.13): its team's base; in a skirmish, §5.18.2."""
        if self.skirmish():
            return skirmish.defeat_place(self, hero)
        return str(self.board.base_of(self.teams[self.heroes[hero].team].faction))

    # ------------------------------------------------------------------ what rules call

    def arrived(self, hero: int) -> None:
        """A hero came into its area: a merchant's offer is revealed (spec §5.10)."""
        self.arrived_soldiers(self.heroes[hero].area)

    def arrived_soldiers(self, area: str) -> None:
        """Miniatures came into *area*: a merchant's offer is revealed (spec §5.10, §9.2)."""
        kind = self.board.merchant_of(area)
        if kind:
            reveal(self, kind)

    def add_soldiers(self, area: str, team: int, count: int) -> int:
        return add_soldiers(self, area, team, count)

    def skirmish(self) -> bool:
        """Whether this is a skirmish (spec §5.18)."""
        return bool(self.game.mode == "skirmish")

    def score_vp(self, team: int, vp: int, why: str) -> None:
        """*team* scores *vp* VP for *why* (an enemy hero, an epic beast, a card; in a
        skirmish what its scenario does not score is Eternium, skirmish_scoring.py)."""
        if why not in skirmish_scoring.AT_END and skirmish_scoring.converted(self, team, vp, why):
            return
        self.teams[team].pool.gain({"vp": vp})
        self.events.append("vp", {"team": team, "vp": vp, "why": why})

    def resolve_mission(self, hero: int, card: str) -> None:
        """A mission card drawn by hero *hero* (spec §5.16): its task (missions.py)."""
        self.events.append("mission", {"hero": self.heroes[hero].id, "card": card})
        self.flow.push(MissionStep(hero=hero, card=card))

    def resolve_event(self, hero: int, card: str) -> None:
        """An event card drawn by hero *hero* acts (spec §5.15), then is discarded: its
        immediate abilities at once; the others until the end of the round (events.py)."""
        self.events.append("event", {"hero": self.heroes[hero].id, "card": card})
        self.discard("encounters", card)
        events.resolve(self, hero, card)

    def boons(self, hero: int) -> list[Any]:
        """The lasting effects of the map spells hero *hero* cast this turn (casting.py)."""
        return casting.boon_effects(self, hero)

    def event_movement(self) -> int:
        """The Movement the round's events add (events.py)."""
        return events.movement_bonus(self)

    def encounter_for(self, hero: int) -> None:
        """Hero *hero* draws an encounter card and resolves it (an event's ``draw-encounter``)."""
        encounter(self, hero)

    def refresh_offer(self, kind: str) -> None:
        """A merchant's offer dealt anew (an event's ``refresh-offers``)."""
        refresh(self, kind)

    def discard(self, deck: str, card: str) -> None:
        """*card* to the discard pile of *deck*."""
        self.discards[deck].append(card)

    # ------------------------------------------------------------------ the state API

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that see *side*'s hidden combat cards: its hero's team."""
        seat = self.seat_of(side) if self.epic.fighters else -1
        if seat < 0:
            return ()
        return self.game.team_of(seat)

    def zones(self) -> list[Zone]:
        return views.zones(self)

    def _observation(self, player: int) -> JsonObject:
        return views.observation(self, player)

    def describe(self, action: Any) -> str:
        return views.describe(self, action)

    def faction_name(self, faction: str) -> str:
        return views.faction_name(faction)

    def _secret(self, action: Any, player: int) -> tuple[tuple[int, ...], str] | None:
        """An action only its team may see (a face-down card, a chosen encounter card, a duel
        pick): the step's ``secret_words`` tell the others."""
        top = self.flow.steps[-1] if self.flow.steps else None
        words = getattr(top, "secret_words", None)
        found = words(self, action) if words is not None else None
        return None if found is None else (self.game.team_of(player), found)

    def _evaluate(self, player: int) -> float:
        return evaluation.evaluate(self, player)

    def _odds(self, action: Any, player: int) -> JsonObject | None:
        """In an epic combat, a step's odds as the combat's (combat/odds.py); None on the map."""
        if self.epic.fighters:
            return step_odds(self, action, player)
        return None

    @classmethod
    def from_position(cls, game: Any, doc: Mapping[str, Any], seed: int) -> MapState:
        """The state of an ``eternia-position`` (position.py; docs/eternia-positions.md)."""
        found: MapState = position.read(cls, game, doc, seed)
        return found

    def to_position(self) -> JsonObject:
        return position.write(self)

    def _returns(self) -> Sequence[float]:
        if not self.winners:  # a tie; against the game, a scenario lost
            return [-1.0 if self.against_game() else 0.0] * self.num_players
        return [1.0 if team in self.winners else -1.0 for team in self.game.seat_teams]

    def _outcome(self) -> Outcome:
        if self.flow.steps:
            return super()._outcome()
        returns = tuple(self._returns())
        if self.against_game():
            total = self.score.get("total", 0)
            text = {
                "objective": f"Scenario completed: solo score {total}",
                "boss": f"Everybody loses: a boss is in play (solo score {total})",
            }.get(self.ending, f"Scenario lost at the round limit: solo score {total}")
            players = tuple(self.teams[0].seats) if self.winners else ()
            winner = players[0] if players else None
            return Outcome(
                ending=self.ending, winner=winner, team=players, returns=returns, text=text
            )
        if not self.winners:
            text = "Everybody loses: a boss is in play" if self.ending == "boss" else "A tie"
            return Outcome(ending=self.ending, winner=None, team=(), returns=returns, text=text)
        team = self.winners[0]
        seats = tuple(self.teams[team].seats)
        faction = self.teams[team].faction
        return Outcome(
            ending=self.ending,
            winner=seats[0],
            team=seats,
            returns=returns,
            text=f"{views.faction_name(faction)} win with {self.teams[team].vp} VP",
        )


def _deck_cards(game: EterniaGame, name: str) -> list[str]:
    """The cards of the deck *name*, one id per card."""
    pack = game.pack
    if name == "encounters":
        return [*pack.allies, *pack.beasts, *pack.events]
    if name == "scenario":  # the scenario's deck (spec §3.1 step 8; none: no deck)
        deck = game.scenario.scenario_deck
        return [c.id for c in pack.scenario_cards.values() if c.deck == deck]
    if name == "victory":
        return list(pack.victory_cards)
    if name == "mounts":  # every tameable epic beast (spec §3.4 item 8)
        return [b.id for b in pack.epic_beasts.values() if b.taming_cost is not None]
    table = {"equipment": pack.equipment, "spells": pack.spells, "vehicles": pack.vehicles}[name]
    return list(table)


EterniaGame.state_class = MapState
