"""Game-agnostic engine core: state contract, randomness, actions, decks, dice, replays.

Import from here (``from rulekeeper.core import Action, GameState``); the
submodules are an implementation detail that may be reorganised.
"""

from rulekeeper.core.actions import Action
from rulekeeper.core.agents import Agent, RandomAgent, play_out
from rulekeeper.core.control import Control
from rulekeeper.core.decks import Deck
from rulekeeper.core.dice import D6, Die, roll_outcome_actions
from rulekeeper.core.errors import DataError, IllegalActionError, RulekeeperError, UnknownGameError
from rulekeeper.core.events import Event, EventLog
from rulekeeper.core.flow import AUTO, Flow, PickSubset, Refusal, ResponseWindow, Step, StepKinds
from rulekeeper.core.game import Game
from rulekeeper.core.history import LoggedAction
from rulekeeper.core.jsonvalue import FrozenJson, JsonObject, JsonScalar, JsonValue
from rulekeeper.core.ledger import Cost, Ledger, LedgerError, missing_words
from rulekeeper.core.position import PositionError
from rulekeeper.core.procedure import ProcedureState
from rulekeeper.core.record import Bounds, Reader, Ref, RefCheck
from rulekeeper.core.registry import GameRegistry, list_games, load_game, register_game
from rulekeeper.core.replay import GameRecord, record_of, replay, replay_prefix
from rulekeeper.core.rng import Pcg32
from rulekeeper.core.state import (
    CHANCE,
    SIMULTANEOUS,
    SPECTATOR,
    TERMINAL,
    Explanation,
    GameState,
)
from rulekeeper.core.subgame import NO_SEAT, HostStep, Seating, SubGame
from rulekeeper.core.zones import Zone, redeal

__all__ = [
    "AUTO",
    "CHANCE",
    "D6",
    "NO_SEAT",
    "SIMULTANEOUS",
    "SPECTATOR",
    "TERMINAL",
    "Action",
    "Agent",
    "Bounds",
    "Control",
    "Cost",
    "DataError",
    "Deck",
    "Die",
    "Event",
    "EventLog",
    "Explanation",
    "Flow",
    "FrozenJson",
    "Game",
    "GameRecord",
    "GameRegistry",
    "GameState",
    "HostStep",
    "IllegalActionError",
    "JsonObject",
    "JsonScalar",
    "JsonValue",
    "Ledger",
    "LedgerError",
    "LoggedAction",
    "Pcg32",
    "PickSubset",
    "PositionError",
    "ProcedureState",
    "RandomAgent",
    "Reader",
    "Ref",
    "RefCheck",
    "Refusal",
    "ResponseWindow",
    "RulekeeperError",
    "Seating",
    "Step",
    "StepKinds",
    "SubGame",
    "UnknownGameError",
    "Zone",
    "list_games",
    "load_game",
    "missing_words",
    "play_out",
    "record_of",
    "redeal",
    "register_game",
    "replay",
    "replay_prefix",
    "roll_outcome_actions",
]
