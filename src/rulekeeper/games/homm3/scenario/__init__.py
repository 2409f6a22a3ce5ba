"""The scenario file ``homm3-scenario`` (docs/homm3-scenarios.md): the map game's layout,
starting state, victory and timed events, read and checked with every problem named."""

from rulekeeper.games.homm3.scenario.model import (
    Condition,
    Effect,
    Event,
    Layout,
    LocationRule,
    RoundTrack,
    Scenario,
    Seat,
    SlotEntry,
    Start,
    Trigger,
)
from rulekeeper.games.homm3.scenario.reading import (
    ScenarioError,
    check_scenario_file,
    load_scenario,
    read_scenario,
    scenario_problems,
    shipped_scenario,
    shipped_scenarios,
)

__all__ = [
    "Condition",
    "Effect",
    "Event",
    "Layout",
    "LocationRule",
    "RoundTrack",
    "Scenario",
    "ScenarioError",
    "Seat",
    "SlotEntry",
    "Start",
    "Trigger",
    "check_scenario_file",
    "load_scenario",
    "read_scenario",
    "scenario_problems",
    "shipped_scenario",
    "shipped_scenarios",
]
