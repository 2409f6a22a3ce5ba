"""What the battle's lower rules read of the steps above them (issue 21 §2): an attack and an
activation as Protocols, so abilities, cards and the neutral units' rule name them without
importing attack.py or activation.py (which import them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rulekeeper.core import Action
    from rulekeeper.games.homm3.combat.model import Unit
    from rulekeeper.games.homm3.combat.stats import BattleState


class PendingAttack(Protocol):
    """An attack being made (combat/attack.py ``AttackStep``, homm3.md §5.18.6)."""

    attacker: str
    target: str
    attack_kind: str
    ranged: bool
    penalty: bool
    walled: bool
    adjacent: bool
    dice: list[int]
    defence_die: list[int]
    die_ignored: bool
    cancelled: bool
    rerolled: list[str]

    @property
    def first(self) -> bool: ...


class RolledAttack(Protocol):
    """The numbers of an attack once its dice are known (combat/attack.py ``AttackRoll``)."""

    @property
    def die(self) -> int: ...


class PendingActivation(Protocol):
    """A unit's activation (combat/activation.py ``ActivationStep``, homm3.md §5.18.6)."""

    unit: str
    started: bool
    moved: bool
    attacked: bool

    def the_unit(self, state: BattleState) -> Unit: ...

    def options(self, state: BattleState) -> list[Action]: ...
