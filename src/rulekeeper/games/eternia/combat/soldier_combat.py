"""A soldier combat as a procedure (spec §5.9, rulebook p.28): soldiers entering an area with
enemy soldiers, heroes, or both. The rules are in soldiers.py; the one choice, where the
defending team takes each soldier's damage when it has heroes there, is
:class:`AllocateStep`. Finishes with the typed :class:`~.soldiers.SoldierResult`.

The fight's data is the state's ``area``: ``attackers`` soldiers entering, the ``defenders``
heroes (combat-file sides with their damage) and the defending ``soldiers``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Bounds
from rulekeeper.core.subgame import finish
from rulekeeper.games.eternia.combat.area import DefendersChoice
from rulekeeper.games.eternia.combat.file import entry_health
from rulekeeper.games.eternia.combat.soldiers import (
    Allocation,
    allocate,
    allocations,
    soldiers_vs_soldiers,
)

__all__ = ["AllocateStep", "SoldierCombat", "hero_hps"]

RULE = "spec §5.9 (rulebook p.28): the defending team decides where each soldier's damage goes"
HARM = (
    "spec §5.17.3 (rulebook p.32): the enemy's choice is the one most harmful to you; the harm "
    "order (docs/eternia.md, provisional): the fewest enemy soldiers lost, then the damage spread"
)


def hero_hps(state: Any) -> list[int]:
    """The HP left of each defending hero in the area."""
    out = []
    for entry in state.area.defenders:
        damage = entry.get("damage", 0)
        out.append(entry_health(state.pack, entry) - int(damage))
    return out


def _action(allocation: Allocation) -> Action:
    return Action.of("allocate", heroes=list(allocation.hero_damage), soldiers=allocation.soldiers)


@dataclass
class SoldierCombat(Step[Any]):
    """The root: resolves the fight, asking the defenders where the damage goes if they have
    heroes there; ``chosen`` is their allocation once made."""

    kind = "soldier-combat"
    rule = RULE

    chosen: list[Annotated[int, Bounds(0, 99)]] | None = None

    def run(self, state: Any) -> None:
        area = state.area
        hps = hero_hps(state)
        if not hps:
            result = soldiers_vs_soldiers(area.attackers, area.soldiers)
        else:
            options = allocations(area.attackers, hps, area.soldiers)
            if self.chosen is None and len(options) > 1 and "enemy" in area.defenders[0]:
                self.chosen = _harmful(options)  # no seat plays the enemy (spec §5.17.3)
                state.events.append("enemy-choice", {"allocation": self.chosen, "rule": HARM})
            if self.chosen is None and len(options) > 1:
                state.flow.push(AllocateStep(seat=_seat(state, area.defenders[0])))
                return
            picked = options[0] if self.chosen is None else _allocation(self.chosen)
            result = allocate(area.attackers, hps, area.soldiers, picked)
            for entry, lost in zip(area.defenders, result.hero_damage, strict=True):
                entry["damage"] = int(entry.get("damage", 0)) + lost
        area.attackers -= result.attackers_lost
        area.soldiers -= result.defenders_lost
        state.events.append(
            "soldier-combat",
            {"attackers_lost": result.attackers_lost, "defenders_lost": result.defenders_lost},
        )
        finish(state, result)

    def resume(self, state: Any, result: JsonObject) -> None:
        heroes = result["heroes"]
        assert isinstance(heroes, list)
        self.chosen = [*(int(str(h)) for h in heroes), int(str(result["soldiers"]))]


def _harmful(options: list[Allocation]) -> list[int]:
    """The enemy's allocation by the harm order (docs/eternia.md, provisional): the fewest of
    its soldiers lost, then the least damage on any one hero, then the first listed."""
    best = min(options, key=lambda a: (a.soldiers, max(a.hero_damage, default=0)))
    return [*best.hero_damage, best.soldiers]


def _allocation(chosen: list[int]) -> Allocation:
    return Allocation(tuple(chosen[:-1]), chosen[-1])


def _seat(state: Any, entry: JsonObject) -> int:
    """The seat controlling the hero of *entry* (core/control.py)."""
    owner = state.control.owner(str(entry.get("hero")))
    return 1 if owner is None else int(owner)


@dataclass
class AllocateStep(DefendersChoice):
    """The defending team's choice: HP lost by each of its heroes, soldiers removed."""

    kind = "allocate"
    rule = RULE

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        area = state.area
        return [_action(a) for a in allocations(area.attackers, hero_hps(state), area.soldiers)]

    def choices(self, state: Any) -> str:
        return (
            "each soldier's 1 damage to a hero (not below 0 HP) or one of your soldiers, "
            "all of it taken while you can (A-38)"
        )

    def apply(self, state: Any, action: Action, seat: int) -> None:
        heroes = action.get("heroes")
        chosen = [int(str(h)) for h in heroes] if isinstance(heroes, tuple) else []
        state.flow.finish(state, {"heroes": chosen, "soldiers": action.int_param("soldiers")})
