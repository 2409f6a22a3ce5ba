"""The steps a lower rule reaches by kind name (issue 21 §2): an overwatch or an opportunity
attack starts an interruption through the act step's class, and a skill test, a status or an
effect knocks characters out or applies effects through the attack step's and the
ability-target step's classes, each found in the state's step vocabulary (its ``STEPS``), so the
dependency points one way: activation.py, combat.py and effects.py import the rules they call,
never the other way round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from rulekeeper.games.battleground.content.effects import Effect
    from rulekeeper.games.battleground.model import Fighter
    from rulekeeper.games.battleground.protocols import BattleState
    from rulekeeper.games.battleground.rules.abilities import Context

ACT = "act"
"""rules/activation.py ``ActStep``."""
ATTACK = "attack"
"""rules/combat.py ``AttackStep``."""
ABILITY_TARGET = "ability-target"
"""rules/effects.py ``AbilityTargetStep``."""


class Interrupting(Protocol):
    """The act step's class (rules/activation.py ``ActStep``) as this module reaches it."""

    @classmethod
    def interrupt(
        cls, state: BattleState, player: int, character: str, kind: str, interrupted: str
    ) -> None: ...


class KnockingOut(Protocol):
    """The attack step's class (rules/combat.py ``AttackStep``) as this module reaches it."""

    @classmethod
    def knock_out(
        cls, state: BattleState, by: Fighter | None = None, weapon_type: str | None = None
    ) -> None: ...


class ApplyingEffects(Protocol):
    """The ability-target step's class (rules/effects.py ``AbilityTargetStep``) as
    this module reaches it."""

    @classmethod
    def resolve_effects(cls, context: Context, effects: Sequence[Effect]) -> None: ...


def _step_class(state: BattleState, kind: str) -> object:
    """The class of the state's step called *kind*."""
    cls = type(state).STEPS.get(kind)
    assert cls is not None, f"the state's steps have no {kind!r}"
    return cls


def start_interruption(
    state: BattleState, player: int, character: str, kind: str, interrupted: str
) -> None:
    """Interruptions: ``character`` takes a turn of its own inside another's (the act step's
    ``interrupt``, rules/activation.py)."""
    act = cast("type[Interrupting]", _step_class(state, ACT))
    act.interrupt(state, player, character, kind, interrupted)


def remove_knocked_out(
    state: BattleState, by: Fighter | None = None, weapon_type: str | None = None
) -> None:
    """Health and Wounds: knock out the characters whose wounds reach their health (the attack
    step's ``knock_out``, rules/combat.py ``remove_knocked_out``)."""
    attack = cast("type[KnockingOut]", _step_class(state, ATTACK))
    attack.knock_out(state, by, weapon_type)


def apply_effects(context: Context, effects: Sequence[Effect]) -> None:
    """Apply *effects* in order (the ability-target step's ``resolve_effects``, rules/effects.py
    ``apply_effects``)."""
    target = cast("type[ApplyingEffects]", _step_class(context.state, ABILITY_TARGET))
    target.resolve_effects(context, effects)
