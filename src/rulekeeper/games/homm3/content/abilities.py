"""The vocabulary of unit special abilities (homm3.md §5.15 "Special ability kinds").

A unit card never carries rules text the engine must interpret: each ability is one entry of
:data:`ABILITY_KINDS` with its numbers. The rules implement each kind once
(``combat/unit_abilities.py``) and every card reuses it; a kind the rules do not implement is
listed by ``rulekeeper homm3 content check`` and keeps its card from being played.

Each kind belongs to one of the rulebook's ability kinds (:data:`TRIGGER`): ``activation``
(when the unit activates), ``attack`` (when it attacks; with several attacks, only the first),
``other`` (instead of its normal actions), ``passive`` (whenever its condition holds),
``retaliation`` (whenever it retaliates), or ``map`` (adventure map only, kept for the map game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["ABILITY_KINDS", "PARAMS", "TRIGGER", "UnitAbility"]

Face = Literal[-1, 0, 1]

TRIGGER: Mapping[str, str] = {
    # passive
    "no-retaliation": "passive",
    "unlimited-retaliation": "passive",
    "no-combat-penalty": "passive",
    "no-adjacent-penalty": "passive",
    "immune-paralysis": "passive",
    "spell-resistance": "passive",
    "spell-immunity": "passive",
    "defence-on-roll": "passive",
    "defence-vs-retaliation": "passive",
    "guards-neighbours": "passive",
    "hinders-retaliation": "passive",
    "sets-attacker-die": "passive",
    "ignore-incoming-die": "passive",
    "guardian": "passive",
    "necromancy-reinforce": "passive",
    # attack action
    "best-of-two": "attack",
    "two-dice-sum": "attack",
    "no-attack-die": "attack",
    "reroll-face": "attack",
    "reroll-after-move": "attack",
    "die-bonus": "attack",
    "death-blow": "attack",
    "ignore-defence": "attack",
    "attack-bonus-vs": "attack",
    "splash": "attack",
    "line-attack": "attack",
    "double-attack-distant": "attack",
    "return-after-attack": "attack",
    "heal-after-attack": "attack",
    "paralyse-on-roll": "attack",
    "push-on-roll": "attack",
    "draw-on-roll": "attack",
    "enemy-discards": "activation",
    "drain-morale": "activation",
    # retaliation
    "paralyse-retaliating": "retaliation",
    "paralyse-retaliating-on-roll": "retaliation",
    # activation, other action, combat start
    "regenerate": "activation",
    "heal-or-bless": "activation",
    "draw-at-start": "activation",
    # adventure map
    "map": "map",
}
"""Every ability kind and the rulebook's ability kind it belongs to."""
ABILITY_KINDS: tuple[str, ...] = tuple(TRIGGER)

PARAMS: Mapping[str, frozenset[str]] = {
    "spell-resistance": frozenset({"amount"}),
    "defence-on-roll": frozenset({"faces", "amount"}),
    "defence-vs-retaliation": frozenset({"amount"}),
    "sets-attacker-die": frozenset({"faces"}),
    "reroll-face": frozenset({"faces"}),
    "die-bonus": frozenset({"amount"}),
    "death-blow": frozenset({"faces", "amount"}),
    "attack-bonus-vs": frozenset({"units", "amount"}),
    "splash": frozenset({"attack"}),
    "line-attack": frozenset({"attack"}),
    "heal-after-attack": frozenset({"amount"}),
    "paralyse-on-roll": frozenset({"faces"}),
    "push-on-roll": frozenset({"faces"}),
    "draw-on-roll": frozenset({"faces"}),
    "paralyse-retaliating-on-roll": frozenset({"faces"}),
    "regenerate": frozenset({"amount"}),
    "heal-or-bless": frozenset({"amount"}),
    "map": frozenset({"effect"}),
}
"""The parameters each kind needs (every other kind takes none, beyond ``text``)."""


class UnitAbility(BaseModel):
    """One special ability of a unit side: its kind and numbers (see the module doc)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal[ABILITY_KINDS]  # type: ignore[valid-type]
    amount: Annotated[int, Field(ge=1, le=9)] | None = None
    faces: tuple[Face, ...] | None = None
    attack: Annotated[int, Field(ge=0, le=20)] | None = None
    units: tuple[str, ...] | None = None
    effect: str | None = None
    """A map ability's effect name, kept for the map game (``map`` only)."""
    numbers: dict[str, int] | None = None
    """A map ability's numbers (``map`` only)."""
    always: bool = False
    """An attack ability printed as passive: it applies to every attack of the unit,
    retaliations included (``best-of-two``, ``reroll-face``)."""
    repeat: bool = False
    """``reroll-face``: the die may be rerolled again while it shows one of the faces."""
    text: str = ""
    """Our own wording of the ability, for players (generated when empty)."""

    @model_validator(mode="after")
    def _params(self) -> UnitAbility:
        needed = PARAMS.get(self.kind, frozenset())
        given = {
            name
            for name in ("amount", "faces", "attack", "units", "effect")
            if getattr(self, name) is not None
        }
        if missing := sorted(needed - given):
            raise ValueError(f"{self.kind} needs {', '.join(missing)}")
        if extra := sorted(given - needed):
            raise ValueError(f"{self.kind} takes no {', '.join(extra)}")
        if self.numbers is not None and self.kind != "map":
            raise ValueError("only a map ability has numbers")
        if self.always and self.kind not in ("best-of-two", "reroll-face"):
            raise ValueError(f"{self.kind} takes no always")
        if self.repeat and self.kind != "reroll-face":
            raise ValueError(f"{self.kind} takes no repeat")
        return self

    @property
    def trigger(self) -> str:
        return TRIGGER[self.kind]
