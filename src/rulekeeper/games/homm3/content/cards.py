"""Might & Magic cards, heroes and AI cards as data (homm3.md §2.4, §5.6–5.12, §5.24; issue 8).

A card never carries rules text the engine must interpret. Each way to use a card is a
:class:`Play`: when it may be played (``timing``), what it targets, what it costs, and a list of
:class:`Effect` entries from the closed vocabulary :data:`EFFECT_KINDS` (with ``one_of``, the
player picks one more effect from a list). The combat rules implement each effect kind once
(``combat/card_effects.py``); a card with an effect they do not implement is listed by
``rulekeeper homm3 content check`` and never offered as a legal play. Map effects are data too
(``timing: map`` or the ``map`` kind) and wait for the map game.

Card kinds: :class:`StatCard` (Attack, Defense, Power, Knowledge) and :class:`AbilityCard`,
each with a Basic and an Expert play (the Expert one spends an Expert use, §5.9);
:class:`Spell` (school, Basic/Expert level, a power table: the row for the power put in);
:class:`Artifact` (choose one of its plays); :class:`Specialty` (a hero's cards of Levels I, IV
and VI); :class:`HeroCard`; :class:`AiCard` (an effect per difficulty).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.content import CardBase

__all__ = [
    "EFFECT_KINDS",
    "TARGETS",
    "AbilityCard",
    "AiCard",
    "Artifact",
    "Cost",
    "Effect",
    "HeroCard",
    "LevelRow",
    "Play",
    "Specialty",
    "Spell",
    "SpellRow",
    "StatCard",
]

EFFECT_KINDS: Mapping[str, str] = {
    # on a unit (the play's target)
    "attack": "+amount Attack for the unit's next attack or retaliation (negative: a penalty)",
    "defence": "+amount Defence against the unit's next incoming attack (negative: a penalty)",
    "initiative": "+amount Initiative for the combat (or for ``rounds`` combat rounds)",
    "max-hp": "+amount maximum HP for the combat",
    "damage": "amount damage (spell or card damage: Defence does not reduce it)",
    "chain-damage": "damage ``amounts`` to the target, then to the nearest units in turn",
    "area-damage": "amount damage to every unit on the two chosen adjacent fields",
    "heal": "remove up to amount damage (a flipped card is not flipped back)",
    "cure": "remove a Paralysis token and card effects from the unit, then heal amount",
    "paralyse": "put a Paralysis token on the unit",
    "unparalyse": "remove a Paralysis token from the unit",
    "bless": "the unit's next attack rolls no Attack die and gets +amount Attack",
    "retaliate-again": "remove the unit's retaliation mark: it may retaliate again this round",
    "teleport": "move the unit to any empty field",
    "swap": "swap the fields of two of your units",
    "no-abilities": "the unit's special abilities do not apply for the combat",
    "spell-shield": "no spell may target the unit for the combat (area spells miss it)",
    "fire-shield": "each adjacent unit attacking it this round takes amount damage",
    "cancel-lethal": "cancel an attack that would destroy (or flip) the unit",
    "archery": "your ranged units get +amount Attack against non-adjacent targets (``rounds``)",
    # dice
    "die-multiply": "multiply one Attack die just rolled by amount",
    "die-ignore": "ignore one Attack die just rolled and what it triggered",
    "reroll-any": "reroll any die you roll once this turn",
    # the hero's cards and morale
    "draw": "draw amount cards",
    "discard": "discard amount cards from hand",
    "returns": "the card goes back to hand instead of the discard pile",
    "draw-if-spell": "draw amount cards if a card discarded to pay for the play was a Spell",
    "cycle": "discard any number of cards, then draw as many",
    "draw-keep": "draw amount cards, keep one, discard the others",
    "enemy-discards": "the enemy hero discards amount random cards",
    "power": "+amount power for the spell being cast (empowerment, §5.11)",
    "spell-back": "the spell just cast goes back to hand (with ``all``: its empowering cards too)",
    "extra-spell": "one more spell may be cast this combat round",
    "recover-spell": "take a Spell card from your discard pile into hand, reshuffle the rest",
    "cancel-spell": "cancel an enemy spell just cast with power up to amount (none: any)",
    "early-spell": "cast a spell at the start of combat (amount 0: it does not count)",
    "morale": "gain a Positive Morale token (§5.17)",
    "enemy-morale": "the enemy hero loses morale",
    "morale-roll": "roll an Attack die: on 0 gain morale",
    "no-escape": "the enemy hero can neither retreat nor surrender this combat",
    "overlay": "the card is laid on the unit (one of ``laid_on``): it fights with ``numbers``"
    " (attack, defence, hp, initiative) and no abilities until that HP is gone, the excess"
    " carried below",
    # AI cards (§5.24)
    "use-skill": "the AI hero uses its scenario's Ability card (``amount`` times, default 1)",
    "reshuffle-first-round": "in the first combat round this AI card goes back into the AI deck",
    # resources (applied at once; the map game reads them from the result)
    "gold": "gain amount Gold",
    "valuables": "gain amount Valuables",
    "materials": "gain amount Building Materials",
    # adventure map only
    "map": "an adventure-map effect (``effect`` names it, ``numbers`` holds its numbers)",
}
"""Every effect kind with its meaning (docs/homm3-content.md)."""

TARGETS = (
    "none",
    "own-unit",
    "enemy-unit",
    "any-unit",
    "own-units",
    "two-fields",
    "activating-unit",
    "strongest-own-unit",
)
"""What a play targets: nothing, one of your units, an enemy unit, any unit, all your units,
two adjacent fields, or (AI cards) the activating unit or the AI's unit with the most HP."""

Tier = Literal["bronze", "silver", "gold", "azure"]
Timing = Literal["instant", "activation", "ongoing", "start", "map"]
"""A play's timing (§5.8): ``start`` is an Instant played only at the start of a combat, after
deployment and before the first activation (Tactics, Shackles of War, Intelligence)."""
Amount = Annotated[int, Field(ge=-9, le=20)]


class Effect(BaseModel):
    """One effect of a play: its kind and numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal[tuple(EFFECT_KINDS)]  # type: ignore[valid-type]
    amount: Amount | None = None
    amounts: tuple[Amount, ...] | None = None
    rounds: Annotated[int, Field(ge=1, le=9)] | None = None
    named_units: tuple[str, ...] | None = None
    """Units (card ids) that get ``named_amount`` instead of ``amount``."""
    named_amount: Amount | None = None
    all: bool = False
    laid_on: tuple[str, ...] | None = None
    """``overlay``: the units it may be laid on, ``card`` or ``card:side`` (``skeletons:pack``)."""
    effect: str | None = None
    numbers: dict[str, int] | None = None

    @model_validator(mode="after")
    def _fields(self) -> Effect:
        if (self.effect is None) != (self.kind != "map") and self.kind == "map":
            raise ValueError("a map effect names its effect")
        if (self.named_units is None) != (self.named_amount is None):
            raise ValueError("named_units and named_amount go together")
        if self.kind == "overlay":
            numbers = self.numbers or {}
            if not self.laid_on or set(numbers) != {"attack", "defence", "hp", "initiative"}:
                raise ValueError("an overlay names the units it goes on and its four statistics")
        return self


class Cost(BaseModel):
    """What playing costs beside the card: discarding cards (``discard``, or ``discard_any``:
    one or more, the player's choice, as the X of the effect), removing the card from the game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    discard: Annotated[int, Field(ge=0, le=5)] = 0
    discard_any: bool = False
    remove: bool = False


class Play(BaseModel):
    """One way to use a card (a Basic or Expert effect, an artifact's option, an AI row)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    timing: Timing
    target: Literal[TARGETS] = "none"  # type: ignore[valid-type]
    unit_types: tuple[Literal["ground", "flying", "ranged"], ...] | None = None
    max_tier: Tier | None = None
    cost: Cost = Cost()
    effects: tuple[Effect, ...] = ()
    one_of: tuple[Effect, ...] = ()
    """The player picks one of these, beside ``effects`` (e.g. Attack or Defence)."""
    text: str = ""
    """Our own words for players (generated from the effects when empty)."""

    def kinds(self) -> set[str]:
        return {e.kind for e in (*self.effects, *self.one_of)}


class StatCard(CardBase):
    """A Statistic card (§5.9): its Basic and Expert plays."""

    copies: Annotated[int, Field(ge=1, le=9)]
    basic: Play
    expert: Play


class AbilityCard(CardBase):
    """An Ability card (§5.9): Basic and Expert plays, an optional faction binding."""

    copies: Annotated[int, Field(ge=1, le=4)]
    faction: Literal["castle", "dungeon", "necropolis"] | None = None
    basic: Play
    expert: Play


class SpellRow(BaseModel):
    """A row of a spell's power table: used when the power put in is at least ``power``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    power: Annotated[int, Field(ge=0, le=9)]
    effects: tuple[Effect, ...]
    max_tier: Tier | None = None


class Spell(CardBase):
    """A Spell card (§5.11): school, level, how it is cast, its power table, and the power it
    gives when discarded to empower another spell (its alternative effect)."""

    copies: Annotated[int, Field(ge=1, le=9)]
    school: Literal["air", "earth", "fire", "water", "any"]
    level: Literal["basic", "expert"]
    play: Play
    rows: tuple[SpellRow, ...]
    alternative_power: Annotated[int, Field(ge=0, le=3)] = 1

    @model_validator(mode="after")
    def _rows(self) -> Spell:
        powers = [row.power for row in self.rows]
        if not powers or powers[0] != 0 or powers != sorted(set(powers)):
            raise ValueError("rows start at power 0, in increasing power")
        return self


class Artifact(CardBase):
    """An Artifact card (§5.12): choose one of its plays."""

    grade: Literal["minor", "major", "relic"]
    copies: Annotated[int, Field(ge=1, le=4)] = 1
    options: tuple[Play, ...]


class Specialty(CardBase):
    """A hero's Specialty card (§5.10), added at Level I, IV or VI."""

    hero: str
    level: Literal[1, 4, 6]
    play: Play


class LevelRow(BaseModel):
    """One Level of the experience track shared by every hero board (§5.7)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    level: Annotated[int, Field(ge=1, le=7)]
    hand_limit: Annotated[int, Field(ge=1, le=9)]
    expert_uses: Annotated[int, Field(ge=0, le=5)]


class HeroCard(CardBase):
    """A hero board side (§2.4): class, type, statistics (how many of each Statistic card in
    the starting deck), starting ability and specialty cards."""

    faction: Literal["castle", "dungeon", "necropolis"]
    hero_class: str
    type: Literal["might", "magic"]
    attack: Annotated[int, Field(ge=0, le=5)]
    defence: Annotated[int, Field(ge=0, le=5)]
    power: Annotated[int, Field(ge=0, le=5)]
    knowledge: Annotated[int, Field(ge=0, le=5)]
    magic_arrows: Annotated[int, Field(ge=0, le=3)]
    starting_ability: str
    specialties: tuple[str, str, str]
    movement_points: Annotated[int, Field(ge=1, le=5)] = 3


class AiCard(CardBase):
    """An AI card (§5.24): drawn when an enemy unit activates in a combat against an AI hero,
    resolved at the battle's difficulty."""

    card_type: Literal["might", "magic", "skill"]
    copies: Annotated[int, Field(ge=1, le=9)]
    easy: Play
    normal: Play
    hard: Play
    impossible: Play
