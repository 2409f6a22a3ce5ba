"""Each kind of combat as a sub-game a host game runs (core/subgame.py): the combat file's
data read onto the host's state, the sides played by the host seats its seating gives, the
root's typed result handed back to the host's step. The host state provides what the steps
read (``combat/protocols.py``: ``epic``, ``area``, ``control``, ``pack``, ``flow``, ...).

:data:`STEPS` is the vocabulary of every combat step; a host merges it into its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekeeper.core.flow import Step, StepKinds
from rulekeeper.core.subgame import Seating, SubGame
from rulekeeper.games.eternia.combat import area_file
from rulekeeper.games.eternia.combat import file as combat_file
from rulekeeper.games.eternia.combat.activation import ActivationStep
from rulekeeper.games.eternia.combat.area import AreaCombat, AreaResult, DefendStep
from rulekeeper.games.eternia.combat.choices import PickStep, SwapStep
from rulekeeper.games.eternia.combat.draws import DrawStep, GridStep
from rulekeeper.games.eternia.combat.encounter import AssignStep, WildsCombat
from rulekeeper.games.eternia.combat.enemy import BattleStep, EnemyStep
from rulekeeper.games.eternia.combat.model import Epic
from rulekeeper.games.eternia.combat.power import CapStep, PowerStep
from rulekeeper.games.eternia.combat.result import EpicResult
from rulekeeper.games.eternia.combat.roll import RollStep
from rulekeeper.games.eternia.combat.rounds import EpicCombat, EpicDieStep, FleeStep, WeaponStep
from rulekeeper.games.eternia.combat.soldier_combat import AllocateStep, SoldierCombat
from rulekeeper.games.eternia.combat.soldiers import SoldierResult
from rulekeeper.games.eternia.combat.wilds import WildsResult

__all__ = ["STEPS", "AreaSubGame", "EpicSubGame", "SoldierSubGame", "WildsSubGame"]

STEPS = StepKinds(
    WildsCombat,
    AssignStep,
    SoldierCombat,
    AllocateStep,
    AreaCombat,
    DefendStep,
    RollStep,
    PowerStep,
    CapStep,
    EpicCombat,
    WeaponStep,
    EpicDieStep,
    GridStep,
    DrawStep,
    ActivationStep,
    SwapStep,
    PickStep,
    FleeStep,
    BattleStep,
    EnemyStep,
)
"""Every combat step (their kind names are part of the saved and file formats)."""


class _FileSubGame:
    """A combat read from a combat file *doc* (docs/eternia-combat.md)."""

    def __init__(self, doc: Mapping[str, Any], source: str = "combat") -> None:
        self.doc = doc
        self.source = source

    def _push(
        self, state: Any, steps: list[Step[Any]], seats: dict[str, int], seating: Seating
    ) -> None:
        for hero, seat in seats.items():
            state.control.assign(hero, seating.host(seat))
        for step in steps:
            state.flow.push(step)

    def _one(self, state: Any, seating: Seating) -> None:
        """An epic or a wilds combat: its fighters onto the host's ``epic``."""
        epic, steps = combat_file.read_combat(self.doc, state.pack, state.rng, STEPS, self.source)
        state.epic = epic
        self._push(state, steps, combat_file.side_seats(self.doc, self.source), seating)

    def _area(self, state: Any, seating: Seating) -> None:
        """An area's or a soldier combat: onto the host's ``area``."""
        area, epic, steps = area_file.read_area(self.doc, state.pack, state.rng, STEPS, self.source)
        state.area = area
        state.epic = epic if epic is not None else Epic(fighters=[])
        self._push(state, steps, area_file.area_seats(area, self.source), seating)


class EpicSubGame(_FileSubGame, SubGame[EpicResult]):
    """An epic combat (spec §5.6): finishes with an :class:`EpicResult`."""

    result_type = EpicResult

    def start(self, state: Any, seating: Seating) -> None:
        self._one(state, seating)


class WildsSubGame(_FileSubGame, SubGame[WildsResult]):
    """A wilds combat (spec §5.8): finishes with a :class:`WildsResult`."""

    result_type = WildsResult

    def start(self, state: Any, seating: Seating) -> None:
        self._one(state, seating)


class SoldierSubGame(_FileSubGame, SubGame[SoldierResult]):
    """A soldier combat (spec §5.9): finishes with a :class:`SoldierResult`."""

    result_type = SoldierResult

    def start(self, state: Any, seating: Seating) -> None:
        self._area(state, seating)


class AreaSubGame(_FileSubGame, SubGame[AreaResult]):
    """An area's combats in their order (spec §5.5): finishes with an :class:`AreaResult`."""

    result_type = AreaResult

    def start(self, state: Any, seating: Seating) -> None:
        self._area(state, seating)
