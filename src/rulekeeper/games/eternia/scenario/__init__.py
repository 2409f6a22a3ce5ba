"""Scenarios as data: the ``eternia-scenario`` file format (docs/eternia-scenarios.md).

:func:`read_scenario` reads a shipped scenario's name, a path or parsed data into a
:class:`Scenario`; :func:`check_scenario` lists every problem as (field, reason), area ids
checked against the scenario's map; :func:`shipped_scenarios` names the shipped files
(scenarios/). ``rulekeeper eternia scenario check`` is :mod:`.cli`'s ``app``.
"""

from rulekeeper.games.eternia.scenario.model import (
    EFFECTS,
    RULES,
    SCORING,
    VICTORIES,
    Scenario,
    Switch,
    Victory,
    Zone,
)
from rulekeeper.games.eternia.scenario.reading import (
    check_scenario,
    read_scenario,
    shipped_scenarios,
)

__all__ = [
    "EFFECTS",
    "RULES",
    "SCORING",
    "VICTORIES",
    "Scenario",
    "Switch",
    "Victory",
    "Zone",
    "check_scenario",
    "read_scenario",
    "shipped_scenarios",
]
