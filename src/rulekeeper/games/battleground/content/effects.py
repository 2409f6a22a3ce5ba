"""The closed vocabulary that card data is written in (battleground.md §1; docs/content.md).

Cards never carry free rules text that the engine would have to interpret: every skill, weapon
ability, weapon result, fate-card ability and mark is a list of *effects* from this module, gated
by an optional *condition* and fired at a *trigger* (the rulebook's Effect Timing). These are data
models only; the rules engine implements each kind once and every card reuses it.

Three small discriminated unions, all tagged by ``kind``:

* :data:`Effect`: what happens (``wounds``, ``heal``, ``buff``, ``push``, ``scope``, ...);
* :data:`Condition`: when it applies (``in_difficult_terrain``, ``successes_at_least``, ...);
* missions live in :mod:`.cards` (glory cards only).

Subjects. An effect that acts on a character names it with ``who``:

* ``self``: the character that owns the skill, wields the weapon or played the card; inside a mark
  or a unique buff/debuff, the character the mark or status affects;
* ``target``: the other character of the event: the target of the attack (weapon results,
  ``on_attack``, ``after_attack``), the attacker (``on_defence``), the knocked-out enemy
  (``on_knock_out``), or the target the ability chose (an ability with ``target``);
* ``allies_in_range`` / ``enemies_in_range``: every ally (not ``self``, rulebook Glossary) or
  enemy within ``range`` inches and in line of sight of ``self`` (rulebook, Targeting and Tests).

Test modifiers (``extra_dice``, ``scope``, ``reroll``) modify the test that fired their trigger:
the attack test for ``on_attack``, the defence test for ``on_defence``. Stat modifiers (``stat``,
``move_as``) only appear under ``passive``. The checks in :mod:`.checks` enforce these placements.

Anything the vocabulary cannot express is a ``custom`` effect whose ``id`` must be listed in
:data:`CUSTOM_EFFECTS`, the one place where the engine finds every per-card function it needs.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "ACTION_EFFECTS",
    "COMMON_BUFFS",
    "COMMON_DEBUFFS",
    "CONDITION_KINDS",
    "CUSTOM_EFFECTS",
    "EFFECT_KINDS",
    "MODIFIER_EFFECTS",
    "PASSIVE_EFFECTS",
    "STATS",
    "TRIGGERS",
    "Ability",
    "Condition",
    "Effect",
    "ResultRow",
    "Skill",
    "Targeting",
]

Slug = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]
Inches = Annotated[float, Field(ge=0, le=30)]
Amount = Annotated[int, Field(ge=1, le=10)]
Modifier = Annotated[int, Field(ge=-5, le=5)]

WeaponType = Literal["melee", "ranged", "spell"]
Who = Literal["self", "target", "allies_in_range", "enemies_in_range"]
Party = Literal["self", "target"]
#: Stats a passive ``stat`` effect or a ``test`` may name (``speed`` changes both speed values,
#: rulebook Move: "If a game effect modifies a character's speed value, it modifies both").
Stat = Literal["health", "strength", "perception", "power", "toughness", "mind", "speed"]
STATS: tuple[str, ...] = ("health", "strength", "perception", "power", "toughness", "mind", "speed")

#: Rulebook, Buffs and Debuffs: the four most common of each. Any other name needs ``unique: true``.
COMMON_BUFFS: tuple[str, ...] = ("quickness", "enhancement", "protection", "regeneration")
COMMON_DEBUFFS: tuple[str, ...] = ("cripple", "blind", "knockdown", "curse")

#: When an ability fires (rulebook, Effect Timing, Skills, Items, Disposable Items, Extra Effects).
Trigger = Literal[
    "immediately",  # when the active skill is used, the fate bonus chosen, the item used
    "at_will",  # any time during own activation/interruption, before or after an action
    "passive",  # always in effect while on the battleground (stat modifiers)
    "upon_activation",  # between steps 3 and 4 of an activation
    "end_of_activation",  # right after step 5
    "upon_interruption",  # before the interruption starts
    "end_of_interruption",  # after the interruption ends
    "on_attack",  # while resolving an attack test of self (test modifiers)
    "after_attack",  # after the successes of self's attack are applied (extra effects)
    "on_defence",  # while resolving a defence test of self (test modifiers)
    "on_knock_out",  # when self knocks out an enemy
]
TRIGGERS: tuple[str, ...] = get_args(Trigger)

#: Every ``custom`` effect id used by the shipped cards, with what the engine must implement.
#: The pack check refuses any custom id not listed here; the engine checks it has a function for
#: each key (``set(CUSTOM_EFFECTS) <= set(implementations)``).
CUSTOM_EFFECTS: dict[str, str] = {
    "immovable": (
        "Passive: this character cannot be pushed, pulled or switched by enemy effects "
        "(Ram Man, Immovable)."
    ),
    "flooded": (
        "Mark effect: while within the mark's radius, the affected character is treated as being "
        "in difficult terrain for every rule and effect (speed, Trident, Cripple) (Mer-Man's mark)."
    ),
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Subject(_Model):
    """Effects acting on characters name them with ``who`` (and ``range`` for groups)."""

    who: Who = "target"
    range: Inches | None = None

    @model_validator(mode="after")
    def _range_matches_who(self) -> _Subject:
        grouped = self.who in ("allies_in_range", "enemies_in_range")
        if grouped and self.range is None:
            raise ValueError(f"who: {self.who} needs a range (inches)")
        if not grouped and self.range is not None:
            raise ValueError(
                f"range only goes with allies_in_range or enemies_in_range, not {self.who}"
            )
        return self


# --- conditions ------------------------------------------------------------------------------


class InDifficultTerrain(_Model):
    """``who`` occupies a hex of difficult terrain (Trident)."""

    kind: Literal["in_difficult_terrain"]
    who: Party = "target"


class Engaged(_Model):
    """``who`` is engaged with an enemy (adjacent, rulebook Melee Attack)."""

    kind: Literal["engaged"]
    who: Party = "target"


class Focused(_Model):
    """``who`` has a focus token (before the test spends it)."""

    kind: Literal["focused"]
    who: Party = "self"


class Wounded(_Model):
    """``who`` has at least one wound token."""

    kind: Literal["wounded"]
    who: Party = "self"


class HasBuff(_Model):
    """``who`` has a buff (``name`` given: that buff)."""

    kind: Literal["has_buff"]
    who: Party = "self"
    name: Slug | None = None


class HasDebuff(_Model):
    """``who`` has a debuff (``name`` given: that debuff)."""

    kind: Literal["has_debuff"]
    who: Party = "target"
    name: Slug | None = None


class OnPlatform(_Model):
    """``who`` stands on a platform (higher elevation)."""

    kind: Literal["on_platform"]
    who: Party = "self"


class InCover(_Model):
    """The attack's target is in cover (rulebook, Cover)."""

    kind: Literal["in_cover"]


class FlankAttack(_Model):
    """The attack is a flank attack (rulebook, Flank Attacks)."""

    kind: Literal["flank_attack"]


class AttackType(_Model):
    """The attack (made or defended against) uses a weapon of this type."""

    kind: Literal["attack_type"]
    type: WeaponType


class SuccessesAtLeast(_Model):
    """The attack ended with at least ``n`` successes after the defence test (Extra Effects)."""

    kind: Literal["successes_at_least"]
    n: Amount


class TargetIsAlly(_Model):
    """The target is an ally (spells that can target allies)."""

    kind: Literal["target_is_ally"]


class Interruption(_Model):
    """Self is interrupting (any interruption, attacks of opportunity included)."""

    kind: Literal["interruption"]


class AllOf(_Model):
    """Every listed condition holds."""

    kind: Literal["all"]
    conditions: list[Condition] = Field(min_length=2)


Condition = Annotated[
    InDifficultTerrain
    | Engaged
    | Focused
    | Wounded
    | HasBuff
    | HasDebuff
    | OnPlatform
    | InCover
    | FlankAttack
    | AttackType
    | SuccessesAtLeast
    | TargetIsAlly
    | Interruption
    | AllOf,
    Field(discriminator="kind"),
]
CONDITION_KINDS: tuple[str, ...] = (
    "in_difficult_terrain",
    "engaged",
    "focused",
    "wounded",
    "has_buff",
    "has_debuff",
    "on_platform",
    "in_cover",
    "flank_attack",
    "attack_type",
    "successes_at_least",
    "target_is_ally",
    "interruption",
    "all",
)


# --- effects ---------------------------------------------------------------------------------


class Wounds(_Subject):
    """``who`` gains ``amount`` wound tokens."""

    kind: Literal["wounds"]
    amount: Amount


class Heal(_Subject):
    """``who`` removes up to ``amount`` wound tokens."""

    kind: Literal["heal"]
    who: Who = "self"
    amount: Amount


class GainMana(_Subject):
    """``who`` gains ``amount`` mana (to a maximum of five)."""

    kind: Literal["gain_mana"]
    who: Who = "self"
    amount: Amount


class LoseMana(_Subject):
    """``who`` returns up to ``amount`` mana to the supply."""

    kind: Literal["lose_mana"]
    amount: Amount


class GainAp(_Model):
    """Self gains ``amount`` AP for the current activation or interruption."""

    kind: Literal["gain_ap"]
    amount: Amount


class GainFocus(_Subject):
    """``who`` gains a focus token unless already focused (rulebook, Focus)."""

    kind: Literal["gain_focus"]
    who: Who = "self"


class StatusRule(_Model):
    """What a unique buff or debuff does while its holder (``self``) has it."""

    when: Trigger
    condition: Condition | None = None
    effects: list[Effect] = Field(min_length=1)


class _Status(_Subject):
    """Common buffs/debuffs are named; unique ones (``unique: true``) carry their own rules."""

    name: Slug
    unique: bool = False
    ongoing: StatusRule | None = None
    on_removed: list[Effect] | None = None


class Buff(_Status):
    """``who`` gains the buff ``name`` (replacing any buff it had)."""

    kind: Literal["buff"]
    who: Who = "self"


class Debuff(_Status):
    """``who`` gains the debuff ``name`` (replacing any debuff it had)."""

    kind: Literal["debuff"]


class RemoveDebuff(_Subject):
    """``who``'s debuff token goes back to the supply (its removal effect, e.g. Curse, applies)."""

    kind: Literal["remove_debuff"]
    who: Who = "self"


class Push(_Subject):
    """``who`` is pushed ``hexes`` hexes away from self, in a straight line (Push and Pull)."""

    kind: Literal["push"]
    hexes: Amount


class Pull(_Subject):
    """``who`` is pulled ``hexes`` hexes towards self, in a straight line (Push and Pull)."""

    kind: Literal["pull"]
    hexes: Amount


class Move(_Model):
    """Self moves with ``points`` movement points in the given style (Movement Effects).

    ``towards`` and ``charge`` go towards the ability's target; ``teleport`` and ``jump`` go
    anywhere the points reach.
    """

    kind: Literal["move"]
    style: Literal["towards", "charge", "teleport", "jump"]
    points: Amount


class Switch(_Model):
    """Self and the target switch positions (rulebook, Switch)."""

    kind: Literal["switch"]


class PlaceMark(_Model):
    """Place the mark ``mark`` on an empty hex within ``range`` inches and line of sight of self.

    While it stays (until the clean-up phase), characters of ``affects`` within ``radius`` inches
    and line of sight of the mark, at its elevation, are subject to ``effects`` at ``when``; inside
    them ``self`` is the affected character. One copy of each mark per force (rulebook, Marks).
    """

    kind: Literal["place_mark"]
    mark: Slug
    range: Inches
    radius: Inches
    affects: Literal["allies", "enemies", "all"]
    when: Trigger = "passive"
    effects: list[Effect] = Field(min_length=1)


class ExtraDice(_Model):
    """The triggering test rolls ``amount`` more (or fewer) dice, if ``condition`` holds."""

    kind: Literal["extra_dice"]
    amount: Modifier
    condition: Condition | None = None


class Scope(_Model):
    """The triggering test's scope changes by ``amount`` (+1: 3+ succeeds), if ``condition``."""

    kind: Literal["scope"]
    amount: Modifier
    condition: Condition | None = None


class Reroll(_Model):
    """Up to ``count`` free rerolls in the triggering test (Tests, step 6), if ``condition``."""

    kind: Literal["reroll"]
    count: Amount
    free: Literal[True] = True
    condition: Condition | None = None


class StatModifier(_Model):
    """Passive: self's ``stat`` is changed by ``amount`` (e.g. the rulebook's mind +1 item)."""

    kind: Literal["stat"]
    stat: Stat
    amount: Modifier


class MoveAs(_Model):
    """Passive: self's move actions follow the ``style`` rules of Movement Effects."""

    kind: Literal["move_as"]
    style: Literal["jump", "teleport"]


class FreeAction(_Model):
    """Self performs one free ``action`` now (rulebook, Free Actions: costs no AP, no count)."""

    kind: Literal["free_action"]
    action: Literal["move", "attack"]
    weapon_type: WeaponType | None = None


class ResultRow(_Model):
    """One row of a result table: at ``successes`` or more (the greatest row applies)."""

    successes: Amount
    effects: list[Effect] = Field(min_length=1)


class SkillTest(_Model):
    """Resolve a skill test of self's ``stat`` (against ``against`` of the target, if given).

    The row of ``results`` with the greatest ``successes`` not above the final successes applies
    (rulebook, Tests, step 11).
    """

    kind: Literal["test"]
    stat: Stat
    against: Stat | None = None
    results: list[ResultRow] = Field(min_length=1)


class DrawFate(_Model):
    """Self's player draws ``amount`` fate cards (never above the hand limit of five)."""

    kind: Literal["draw_fate"]
    amount: Amount


class Custom(_Model):
    """Escape hatch: a per-card function registered by ``id`` (see :data:`CUSTOM_EFFECTS`)."""

    kind: Literal["custom"]
    id: Slug


Effect = Annotated[
    Wounds
    | Heal
    | GainMana
    | LoseMana
    | GainAp
    | GainFocus
    | Buff
    | Debuff
    | RemoveDebuff
    | Push
    | Pull
    | Move
    | Switch
    | PlaceMark
    | ExtraDice
    | Scope
    | Reroll
    | StatModifier
    | MoveAs
    | FreeAction
    | SkillTest
    | DrawFate
    | Custom,
    Field(discriminator="kind"),
]
EFFECT_KINDS: tuple[str, ...] = (
    "wounds",
    "heal",
    "gain_mana",
    "lose_mana",
    "gain_ap",
    "gain_focus",
    "buff",
    "debuff",
    "remove_debuff",
    "push",
    "pull",
    "move",
    "switch",
    "place_mark",
    "extra_dice",
    "scope",
    "reroll",
    "stat",
    "move_as",
    "free_action",
    "test",
    "draw_fate",
    "custom",
)
#: Modify the test that fired them: only under ``on_attack`` / ``on_defence``.
MODIFIER_EFFECTS: frozenset[str] = frozenset({"extra_dice", "scope", "reroll"})
#: Change what a character is: only under ``passive``.
PASSIVE_EFFECTS: frozenset[str] = frozenset({"stat", "move_as"})
#: Everything else but ``custom`` happens once, at a moment: never under ``passive``. A ``custom``
#: effect may sit anywhere; its registered description says what it does there.
ACTION_EFFECTS: frozenset[str] = (
    frozenset(EFFECT_KINDS) - MODIFIER_EFFECTS - PASSIVE_EFFECTS - {"custom"}
)


class Targeting(_Model):
    """The ability chooses one target in line of sight within ``range`` inches (0: adjacent)."""

    side: Literal["enemy", "ally", "any"]
    range: Inches


class Ability(_Model):
    """Effects fired at ``when`` if ``condition`` holds (and, with ``target``, on one target).

    ``limit: once_per_game`` marks abilities such as the rulebook's "Once per game, a character
    can resolve this ability to gain 1 AP".
    """

    when: Trigger
    condition: Condition | None = None
    target: Targeting | None = None
    limit: Literal["once_per_game"] | None = None
    effects: list[Effect] = Field(min_length=1)


class Skill(_Model):
    """A skill of a character card or an item (rulebook, Skills).

    With an AP or mana cost it is active: used by the Use an Active Skill action, once per
    activation or interruption; its ``immediately`` abilities resolve at once and its event
    abilities (``on_attack``...) last until that activation or interruption ends. Without a cost it
    is passive and its abilities fire at their triggers.
    """

    id: Slug
    name: str = Field(min_length=1)
    text: str = ""
    text_override: str | None = None
    """Shown instead of the text generated from ``abilities`` (views/card_text.py)."""
    ap_cost: int = Field(default=0, ge=0, le=5)
    mana_cost: int = Field(default=0, ge=0, le=5)
    abilities: list[Ability] = Field(min_length=1)

    @property
    def active(self) -> bool:
        return self.ap_cost > 0 or self.mana_cost > 0


for _model in (AllOf, StatusRule, Buff, Debuff, PlaceMark, ResultRow, SkillTest, Ability, Skill):
    _model.model_rebuild()
