"""The battle's steps a lower rule reaches by kind name (issue 21 §2): an ability, a card or a
spell that adds an attack, ends the battle or reads the attack being made finds or builds that
step through the state's step vocabulary (its ``STEPS``: the game's, which a host game merges
into its own), so the dependency points one way: attack.py, activation.py, spells.py and
rounds.py import the rules they call, never the other way round."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.combat.stats import BattleState

ATTACK = "attack"
"""combat/attack.py ``AttackStep``."""
ACTIVATION = "activation"
"""combat/activation.py ``ActivationStep``."""
SPELL_TARGET = "spell-target"
"""combat/spells.py ``SpellTargetStep``."""
EARLY_CAST = "early-cast"
"""combat/spells.py ``EarlyCastStep``."""
END_BATTLE = "end-battle"
"""combat/rounds.py ``EndBattle``."""
REINFORCE = "free-reinforce"
"""combat/ability_steps.py ``ReinforceStep``."""


def find(state: BattleState, kind: str) -> Any:
    """The innermost pending step called *kind*, or None (``Flow.find`` by kind name)."""
    for step in reversed(state.flow.steps):
        if step.kind == kind:
            return step
    return None


def push(state: BattleState, kind: str, **fields: Any) -> None:
    """Push a new step called *kind* with *fields*, its class taken from the state's steps."""
    cls = type(state).STEPS.get(kind)
    assert cls is not None, f"the state's steps have no {kind!r}"
    state.flow.push(cls(**fields))
