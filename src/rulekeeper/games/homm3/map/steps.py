"""The step vocabulary of the map game (issue 24): every step of the map and every step of a
battle, which the unchanged combat plays as a sub-procedure (fights.py). A step's kind name is
part of the saved format: a game saved with a step kind is read back by this table."""

from __future__ import annotations

from rulekeeper.core import StepKinds
from rulekeeper.games.homm3.game import STEPS as BATTLE_STEPS
from rulekeeper.games.homm3.map.ai_fights import AiFightStep
from rulekeeper.games.homm3.map.ai_heroes import AiRewardStep
from rulekeeper.games.homm3.map.ai_movement import AiChoiceStep, AiTurnStep
from rulekeeper.games.homm3.map.astrologers import HandCardStep
from rulekeeper.games.homm3.map.bonus import BonusChoiceStep, StartingBonusStep
from rulekeeper.games.homm3.map.building_uses import OwnSearchStep, UseDiscardStep
from rulekeeper.games.homm3.map.card_instants import InstantCostStep
from rulekeeper.games.homm3.map.cards import DiplomacyStep, EndStepStep, MapEmpowerStep
from rulekeeper.games.homm3.map.dice import DiceStep
from rulekeeper.games.homm3.map.events import EventChoiceStep, LevelEventsStep, RemoveCardStep
from rulekeeper.games.homm3.map.exploration import LayTileStep
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.hand import DrawChoiceStep, RefreshStep
from rulekeeper.games.homm3.map.location_steps import (
    LocationRemoveStep,
    ObservatoryStep,
    PeekStep,
    RecoverStep,
    ReinforceStep,
)
from rulekeeper.games.homm3.map.locations import ChoiceStep, EffectsStep
from rulekeeper.games.homm3.map.morale import MoraleCycleStep
from rulekeeper.games.homm3.map.movement import EnterStep
from rulekeeper.games.homm3.map.neutral_redraw import RedrawStep
from rulekeeper.games.homm3.map.places import PlaceHeroStep
from rulekeeper.games.homm3.map.recruiting import PopulationStep, SummonStep, UnitChoiceStep
from rulekeeper.games.homm3.map.rounds import GameStep, RoundStep
from rulekeeper.games.homm3.map.search import SearchStep
from rulekeeper.games.homm3.map.secondary import SecondaryStep
from rulekeeper.games.homm3.map.setup import StartRotationStep
from rulekeeper.games.homm3.map.sieges import SiegeStep
from rulekeeper.games.homm3.map.town_actions import BuildingUseStep, TownWindow
from rulekeeper.games.homm3.map.trading import TradingStep
from rulekeeper.games.homm3.map.turn import TurnStep

__all__ = ["STEPS"]

STEPS = BATTLE_STEPS.merged(
    StepKinds(
        GameStep,
        RoundStep,
        AiTurnStep,
        AiChoiceStep,
        AiFightStep,
        AiRewardStep,
        TurnStep,
        RefreshStep,
        DrawChoiceStep,
        EnterStep,
        FightStep,
        SiegeStep,
        SecondaryStep,
        PlaceHeroStep,
        SearchStep,
        LayTileStep,
        PopulationStep,
        UnitChoiceStep,
        SummonStep,
        TownWindow,
        BuildingUseStep,
        EventChoiceStep,
        RemoveCardStep,
        LevelEventsStep,
        RedrawStep,
        HandCardStep,
        StartingBonusStep,
        BonusChoiceStep,
        StartRotationStep,
        MapEmpowerStep,
        DiplomacyStep,
        EndStepStep,
        MoraleCycleStep,
        InstantCostStep,
        ChoiceStep,
        EffectsStep,
        DiceStep,
        TradingStep,
        LocationRemoveStep,
        PeekStep,
        RecoverStep,
        ReinforceStep,
        ObservatoryStep,
        UseDiscardStep,
        OwnSearchStep,
    )
)
"""Every step of the map game and of its battles (kind names are part of the saved format)."""
