"""The solo and co-op mode's cards (spec §2.4, §5.17, §7 item 13): the enemy's battle and
effect cards, and the four difficulty levels as a table (§5.17.2 with the allocation of A-23
and §9.1, provisional).

* A battle card (:class:`BattleCard`) gives an enemy hero's Attack, Defense and Initiative for
  one combat round, the weapon it fights with (a weapon type, matched against the enemy hero's
  two weapons), whether it shows the momentum symbol and how many effect cards to draw.
* An effect card (:class:`EffectCard`) is played for the enemy hero in step 4: its ability, its
  zone identifier (a momentum ability's "+X to a zone" needs it, §5.17.3), its momentum symbol
  and its skull count (which difficulties use it, §3.2 step 3).
* A difficulty (:class:`Difficulty`) is one row of §5.17.2: the effect deck, the battle deck
  for each wild-die face, flee costs, the defeat penalty, reinforcement, extra effect cards and
  the score for a completed scenario.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from rulekeeper.core.content import CardBase
from rulekeeper.games.eternia.content.dice import WILD_FACES
from rulekeeper.games.eternia.content.effects import Ability, WeaponType, Zone

__all__ = ["BATTLE_DECKS", "GRID_KINDS", "REINFORCEMENT", "BattleCard", "Difficulty", "EffectCard"]

BATTLE_DECKS: tuple[str, ...] = ("momentum", "plain")
"""The two battle decks (spec §3.2 step 4): the cards with the momentum symbol and the rest."""
REINFORCEMENT: tuple[str, ...] = ("never", "night", "round", "turn")
"""When enemy outposts gain a soldier (spec §5.17.2): never, at the end of each night round,
of each round, of each hero's turn."""
GRID_KINDS = frozenset(
    {"draw-play", "draw-choose", "swap-cards", "extra-focus", "activate-momentum"}
)
"""Effect kinds that need a grid or a combat deck: an enemy hero has neither (A-28), so an
effect card never has them and its momentum's never apply (combat/enemy.py)."""
Stat = Annotated[int, Field(ge=0, le=12)]
Skulls = Annotated[int, Field(ge=1, le=4)]
WildFace = Literal["blank", "success", "double", "reroll"]


class BattleCard(CardBase):
    """A battle card (spec §5.17.1): the enemy hero's totals for a combat round."""

    draws: Annotated[int, Field(ge=0, le=4)]
    """Effect cards to draw in step 4."""
    momentum: bool
    """It shows the momentum symbol (it belongs to the momentum deck)."""
    weapon: WeaponType
    attack: Stat
    defense: Stat
    initiative: Stat


def _acts_in_step_4(ability: Ability) -> Ability:
    if ability.when != "activation":
        raise ValueError("an effect card acts in step 4: when is 'activation'")
    grid = sorted({e.kind for e in ability.effects} & GRID_KINDS)
    if grid:
        raise ValueError(f"{grid[0]} needs a grid or a deck: an enemy hero has neither (A-28)")
    return ability


class EffectCard(CardBase):
    """An effect card (spec §5.17.1): applied at once as if the enemy hero played it."""

    skulls: Skulls
    zone: Zone
    """Its zone identifier."""
    momentum: bool = False
    effect: Annotated[Ability, AfterValidator(_acts_in_step_4)]


class Difficulty(CardBase):
    """A difficulty level (spec §5.17.2; A-23, §9.1): ``level`` orders them, 1 the easiest."""

    id: Literal["beginner", "novice", "advanced", "relentless"]
    level: Annotated[int, Field(ge=1, le=4)]
    skulls: Skulls
    """The effect deck holds the effect cards with at most this many skulls."""
    battle_deck: dict[WildFace, Literal["momentum", "plain"]]
    """The battle deck each wild-die face picks; one deck for every face: no roll."""
    flee_enemy: Annotated[int, Field(ge=0, le=9)]
    """Eternium to flee an enemy hero."""
    flee_other: Annotated[int, Field(ge=0, le=9)]
    """Eternium to flee an epic beast or a boss."""
    defeat_penalty: bool
    """A defeated hero pays the 5 Eternium of spec §5.13."""
    replenish: bool
    """Scenario rules that replace enemy soldiers apply."""
    reinforce: Literal["never", "night", "round", "turn"]
    extra_effects: Annotated[int, Field(ge=0, le=4)]
    """Effect cards drawn beyond the battle card's number."""
    completion_vp: Annotated[int, Field(ge=0, le=20)]
    """The solo score's VP for a completed scenario (spec §5.17.6)."""

    @model_validator(mode="after")
    def _every_face(self) -> Difficulty:
        if set(self.battle_deck) != set(WILD_FACES):
            raise ValueError(f"battle_deck names a deck for each face: {', '.join(WILD_FACES)}")
        return self

    def rolls(self) -> bool:
        """Whether a wild die picks the battle deck (the faces do not all pick one deck)."""
        return len(set(self.battle_deck.values())) > 1
