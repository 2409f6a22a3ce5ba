"""Combat cards (spec §2.4, §3.1 step 5, §5.6.1): each faction's 45 cards, the 21 of its
starting deck and the 24 of its supply, one entry per kind of card with its copies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import Field, model_validator

from rulekeeper.core.content import CardBase
from rulekeeper.games.eternia.content.effects import Ability
from rulekeeper.games.eternia.content.heroes import Faction

__all__ = ["CARD_KINDS", "STARTING_DECK", "CombatCard"]

CardKind = Literal["modifier", "flow", "momentum", "time", "tool"]
CARD_KINDS: tuple[str, ...] = ("modifier", "flow", "momentum", "time", "tool")
STARTING_DECK: Mapping[str, int] = {
    "+1": 7,
    "+2": 6,
    "+3": 3,
    "momentum": 2,
    "time": 1,
    "tool": 1,
    "flow": 1,
}
"""The 21-card starting deck of each faction by label (spec §3.1 step 5)."""
ZONE_VALUE: Mapping[str, int] = {"flow": 1, "momentum": 1, "time": 0, "tool": 0}
"""What a special card counts in its zone (spec §5.6.1): Flow and Momentum +1; a Time card
stands beside the grid and a Tool is discarded, so neither counts."""


class CombatCard(CardBase):
    """A kind of combat card of one faction: ``deck`` copies start in the combat deck and
    ``supply`` copies wait in the faction's supply (spec §2.4 [INTERP]). A modifier adds
    ``value`` to its zone, face down against a hero; the special cards are played face up and
    do what ``effects`` says."""

    faction: Faction
    kind: CardKind
    value: Annotated[int, Field(ge=0, le=3)]
    deck: Annotated[int, Field(ge=0, le=21)]
    supply: Annotated[int, Field(ge=0, le=45)]
    effects: tuple[Ability, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> CombatCard:
        if self.kind == "modifier":
            if self.value < 1 or self.effects:
                raise ValueError("a modifier card adds 1, 2 or 3 and has no effects")
        else:
            if self.value != ZONE_VALUE[self.kind]:
                reason = f"a {self.kind} card counts {ZONE_VALUE[self.kind]} (spec §5.6.1)"
                raise ValueError(reason)
            if not self.effects:
                raise ValueError(f"a {self.kind} card has its effect (spec §5.6.1)")
        if self.deck + self.supply < 1:
            raise ValueError("a card kind has at least one copy")
        return self

    @property
    def label(self) -> str:
        """``+1``, ``+2``, ``+3`` for a modifier, the kind for a special card."""
        return f"+{self.value}" if self.kind == "modifier" else self.kind
