"""The vocabulary of card effects (docs/eternia-content.md, "Effects").

A card never carries rules text the engine must interpret: each effect is one member of the
tagged union :data:`Effect`, chosen by its ``kind``, with its parameters. The combat rules will
implement each kind once and list it (combat/abilities.py ``IMPLEMENTED``); ``rulekeeper eternia
content check --strict`` fails while the pack uses a kind no rule carries out.

An :class:`Ability` (a hero's passive or momentum ability, a beast's combat ability, a hero
bonus, a reward) says when it applies (:data:`TRIGGERS`, the trigger points of spec §5.21) and
lists its effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "EFFECT_KINDS",
    "STATS",
    "TRIGGERS",
    "WEAPON_TYPES",
    "ZONES",
    "Ability",
    "Effect",
]

Zone = Literal["attack", "defense", "initiative"]
ZONES: tuple[str, ...] = ("attack", "defense", "initiative")
"""The three zones of a combat grid (spec §5.6.1)."""
WeaponType = Literal["melee", "ranged", "magic"]
WEAPON_TYPES: tuple[str, ...] = ("melee", "ranged", "magic")
"""The weapon types a hero card prints (spec §5.6.1)."""
Stat = Literal["mind", "initiative", "health", "body", "movement"]
STATS: tuple[str, ...] = ("mind", "initiative", "health", "body", "movement")
"""A hero card's printed statistics (spec §2.4)."""
EnemyStat = Literal["attack", "defense", "health"]
CardKind = Literal["plus-2", "plus-3", "special"]
Amount = Annotated[int, Field(ge=1, le=9)]

TRIGGERS: Mapping[str, str] = {
    "start-of-combat": "at the start of an epic combat (step 2)",
    "card-played": "as its Momentum card is played (step 3; an immediate momentum ability)",
    "activation": "when its team activates it in step 4 (a momentum ability, a Time card)",
    "totals": "whenever the step-5 totals are computed (a passive modifier)",
    "damage": "when damage is resolved (step 6)",
    "wilds-roll": "before the dice are rolled in a wilds combat (spec §5.8 step 1)",
    "held": "while the card is held by the hero (a hero bonus, a taming bonus)",
    "reward": "once, when the card is defeated or acquired (its reward)",
    "drawn": "when the combat card is drawn (a Tool)",
    "placed": "when the combat card is placed (Flow, Time)",
    "event": "at once, as the event card is drawn (spec §5.15)",
    "preparation": "in the preparation phase of each round (spec §4.1)",
    "end-of-turn": "at the end of a hero's turn (spec §4.3)",
    "defeat": "when the holder is defeated (spec §5.13; a boss: when it is defeated)",
    "end-of-combat": "when an epic combat of the holder ends on the map (spec §5.6.3 step 10)",
    "movement": "while a hero moves (spec §5.2: a Movement bonus, flight)",
    "map": "as a map spell is cast on its owner's turn (spec §5.11.3)",
}
"""When an ability applies (spec §5.21's trigger points: combat's, then the map game's)."""


class _Kind(BaseModel):
    """An effect kind: its ``kind`` tag and parameters; ``meaning`` says what it does."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    meaning: ClassVar[str] = ""


class ZoneBonus(_Kind):
    kind: Literal["zone-bonus"]
    zone: Zone
    amount: Amount
    versus: WeaponType | None = None
    meaning: ClassVar[str] = (
        "+amount to the hero's zone total this combat round (with versus: only against a "
        "hero or beast using that weapon type)"
    )


class EnemyPenalty(_Kind):
    kind: Literal["enemy-penalty"]
    zone: Zone
    amount: Amount
    meaning: ClassVar[str] = "-amount to the opponent's zone total this combat round"


class StatBonus(_Kind):
    kind: Literal["stat-bonus"]
    stat: Stat
    amount: Amount
    meaning: ClassVar[str] = "+amount to one of the hero's printed statistics while held"


class Damage(_Kind):
    kind: Literal["damage"]
    amount: Amount
    meaning: ClassVar[str] = "the opponent loses amount HP at once (Defense does not stop it)"


class Heal(_Kind):
    kind: Literal["heal"]
    amount: Amount
    meaning: ClassVar[str] = "the hero recovers up to amount HP"


class Shield(_Kind):
    kind: Literal["shield"]
    amount: Amount
    meaning: ClassVar[str] = "each attack against the hero this combat round deals amount less"


class Pierce(_Kind):
    kind: Literal["pierce"]
    amount: Amount
    meaning: ClassVar[str] = "the hero's attack ignores amount of the opponent's Defense"


class NoSurprise(_Kind):
    kind: Literal["no-surprise"]
    meaning: ClassVar[str] = "the hero loses no HP for losing the initiative"


class DrawPlay(_Kind):
    kind: Literal["draw-play"]
    amount: Amount = 1
    meaning: ClassVar[str] = "draw amount combat cards and play each on the grid at once"


class DrawChoose(_Kind):
    kind: Literal["draw-choose"]
    amount: Amount = 2
    meaning: ClassVar[str] = "draw amount combat cards, play one and discard the others"


class SwapCards(_Kind):
    kind: Literal["swap-cards"]
    meaning: ClassVar[str] = "swap the positions of two of your cards on the grid"


class Momentum(_Kind):
    kind: Literal["activate-momentum"]
    meaning: ClassVar[str] = "activate the hero's momentum ability for its chosen weapon"


class ExtraFocus(_Kind):
    kind: Literal["extra-focus"]
    amount: Amount
    meaning: ClassVar[str] = "amount more focuses this combat round"


class FaceDown(_Kind):
    kind: Literal["face-down"]
    amount: Amount = 1
    meaning: ClassVar[str] = "turn amount of the opponent's cards face down: no bonus, slot kept"


class DiscardEnemy(_Kind):
    kind: Literal["discard-enemy"]
    amount: Amount = 1
    meaning: ClassVar[str] = "discard amount cards of your choice from the opponent's grid"


class RollBonus(_Kind):
    kind: Literal["roll-bonus"]
    stat: EnemyStat
    amount: Amount
    meaning: ClassVar[str] = "roll one wild die: on a success the card gets +amount to stat"


class ExtraDice(_Kind):
    kind: Literal["extra-dice"]
    amount: Amount
    meaning: ClassVar[str] = "roll amount more wild dice in a wilds combat"


class Reroll(_Kind):
    kind: Literal["reroll"]
    amount: Amount
    meaning: ClassVar[str] = "reroll up to amount wild dice of your roll once"


class Fly(_Kind):
    kind: Literal["fly"]
    meaning: ClassVar[str] = "the hero can fly (spec §5.2.4)"


class AvoidCombat(_Kind):
    kind: Literal["avoid-combat"]
    meaning: ClassVar[str] = "the hero may refuse an epic combat a hero or beast starts"


class GainEternium(_Kind):
    kind: Literal["gain-eternium"]
    amount: Amount
    meaning: ClassVar[str] = "the team gains amount Eternium"


class GainVp(_Kind):
    kind: Literal["gain-vp"]
    amount: Amount
    meaning: ClassVar[str] = "the team gains amount VP"


class GainCombatCard(_Kind):
    kind: Literal["gain-combat-card"]
    card: CardKind
    meaning: ClassVar[str] = (
        "the team takes a combat card of that kind from its supply into its deck, then removes "
        "a card of its choice from the deck (the deck stays at 21, spec §5.6.1)"
    )


class LoseEternium(_Kind):
    kind: Literal["lose-eternium"]
    amount: Amount
    meaning: ClassVar[str] = "the team loses amount Eternium (never below 0)"


class HealAll(_Kind):
    kind: Literal["heal-all"]
    amount: Amount
    meaning: ClassVar[str] = "every hero on the map recovers up to amount HP (both teams)"


class DamageHeroesInWilds(_Kind):
    kind: Literal["damage-heroes-in-wilds"]
    amount: Amount
    meaning: ClassVar[str] = (
        "every hero standing in a wild area loses amount HP, never below 1 (both teams)"
    )


class PlaceSoldiers(_Kind):
    kind: Literal["place-soldiers"]
    amount: Amount
    meaning: ClassVar[str] = (
        "the team places amount soldiers from its supply in outposts it controls, its choice "
        "(spec §5.3: at most 3 in an outpost; none if its supply is empty)"
    )


class RemoveSoldiers(_Kind):
    kind: Literal["remove-soldiers"]
    amount: Amount
    meaning: ClassVar[str] = (
        "the team returns amount of its soldiers on the map to its supply, its choice"
    )


class DrawEncounter(_Kind):
    kind: Literal["draw-encounter"]
    meaning: ClassVar[str] = (
        "the hero draws the next encounter card and resolves it (spec §5.15) at once"
    )


class RefreshOffers(_Kind):
    kind: Literal["refresh-offers"]
    meaning: ClassVar[str] = (
        "every merchant's offer is discarded and dealt anew from its deck, free (spec §5.10)"
    )


class ExtraAction(_Kind):
    kind: Literal["extra-action"]
    meaning: ClassVar[str] = (
        "the hero may take one more standard action this turn (each still once a turn)"
    )


class SpreadVines(_Kind):
    kind: Literal["spread-vines"]
    amount: Amount = 1
    meaning: ClassVar[str] = (
        "place amount vine tokens (12 in the box) in areas bordering the boss's or a vine's, "
        "the team to play next choosing; a hero entering a vine area ends its move there"
    )


class RemoveVines(_Kind):
    kind: Literal["remove-vines"]
    meaning: ClassVar[str] = "every vine token leaves the map"


KINDS: tuple[type[_Kind], ...] = (
    ZoneBonus,
    EnemyPenalty,
    StatBonus,
    Damage,
    Heal,
    Shield,
    Pierce,
    NoSurprise,
    DrawPlay,
    DrawChoose,
    SwapCards,
    Momentum,
    ExtraFocus,
    FaceDown,
    DiscardEnemy,
    RollBonus,
    ExtraDice,
    Reroll,
    Fly,
    AvoidCombat,
    GainEternium,
    GainVp,
    GainCombatCard,
    LoseEternium,
    HealAll,
    DamageHeroesInWilds,
    PlaceSoldiers,
    RemoveSoldiers,
    DrawEncounter,
    RefreshOffers,
    ExtraAction,
    SpreadVines,
    RemoveVines,
)
EFFECT_KINDS: Mapping[str, str] = {
    model.model_fields["kind"].annotation.__args__[0]: model.meaning  # type: ignore[union-attr]
    for model in KINDS
}
"""Every effect kind with its one-line meaning."""

Effect = Annotated[
    ZoneBonus
    | EnemyPenalty
    | StatBonus
    | Damage
    | Heal
    | Shield
    | Pierce
    | NoSurprise
    | DrawPlay
    | DrawChoose
    | SwapCards
    | Momentum
    | ExtraFocus
    | FaceDown
    | DiscardEnemy
    | RollBonus
    | ExtraDice
    | Reroll
    | Fly
    | AvoidCombat
    | GainEternium
    | GainVp
    | GainCombatCard
    | LoseEternium
    | HealAll
    | DamageHeroesInWilds
    | PlaceSoldiers
    | RemoveSoldiers
    | DrawEncounter
    | RefreshOffers
    | ExtraAction
    | SpreadVines
    | RemoveVines,
    Field(discriminator="kind"),
]
"""One effect: a member of the tagged union, chosen by ``kind``."""


class Ability(BaseModel):
    """An ability or a card's effect list: when it applies and what it does."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = ""
    when: Literal[tuple(TRIGGERS)]  # type: ignore[valid-type]
    immediate: bool = False
    """A momentum ability marked immediate: it acts as its Momentum card is played."""
    effects: tuple[Effect, ...]
    text: str = ""
    """Our own short wording, for players."""

    @model_validator(mode="after")
    def _not_empty(self) -> Ability:
        if not self.effects:
            raise ValueError("an ability has at least one effect")
        return self
