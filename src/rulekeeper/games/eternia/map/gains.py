"""A hero gains a card, within its holding limits (spec §5.11, A-17).

Spells: at most 2; a third and the owner discards one of the three. Backpack: at most 5; a
sixth and it discards one. An ally: one; a beast or vehicle: one (the one held is discarded,
spec §5.11.4). Armor goes on if its subtype's slot is free and an artifact if none is worn
(spec §5.11.1), else into the backpack; consumables into the backpack.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.map import holdings

__all__ = ["KeepStep", "gain"]

RULE_LIMITS = "spec §5.11, A-17 (rulebook p.29): holding limits, the owner discards down"
PILES = ("spells", "backpack")


def gain(state: Any, index: int, card: str) -> None:
    """Hero *index* takes *card* (see module doc)."""
    hero = state.heroes[index]
    pack = state.pack
    if card in pack.spells:
        hero.spells.append(card)
        _over(state, index, "spells", state.number("spells"))
    elif card in pack.vehicles or card in pack.beasts or card in pack.epic_beasts:
        if hero.mount:
            holdings.lose(state, index, hero.mount)
        hero.mount = card
        hero.mount_kind = (
            "vehicle" if card in pack.vehicles else "beast" if card in pack.beasts else "epic-beast"
        )
    elif card in pack.allies:
        if hero.ally:
            holdings.lose(state, index, hero.ally)
        hero.ally = card
    else:
        item = pack.equipment[card]
        if item.type == "armor" and item.subtype not in hero.armor:
            hero.armor[str(item.subtype)] = card
        elif item.type == "artifact" and not hero.artifact:
            hero.artifact = card
        else:
            hero.backpack.append(card)
            _over(state, index, "backpack", state.number("backpack"))
    holdings.fit(state, hero)
    state.events.append("gained", {"hero": hero.id, "card": card})


def _over(state: Any, index: int, pile: str, limit: int) -> None:
    """If the hero's *pile* holds more than *limit*, its owner discards down (A-17)."""
    if len(getattr(state.heroes[index], pile)) > limit:
        state.flow.push(KeepStep(hero=index, pile=pile, limit=limit))


@dataclass
class KeepStep(Step[Any]):
    """Hero *hero* holds more than *limit* cards in *pile*: its owner discards one at a time."""

    kind = "discard-down"
    rule = RULE_LIMITS
    public_kinds = None
    hero: Annotated[int, Bounds(0, 8)] = 0
    pile: str = "spells"
    limit: Annotated[int, Bounds(0, 9)] = 2

    def __post_init__(self) -> None:
        if self.pile not in PILES:
            raise ValueError(f"pile is one of {', '.join(PILES)}")

    def actor(self, state: Any) -> int:
        return int(state.controller_of(self.hero))

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for card in dict.fromkeys(getattr(state.heroes[self.hero], self.pile)):
            yield Action.of("discard", card=card)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return list(self.candidates(state, seat)) if seat == self.actor(state) else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.actor(state):
            return (self.rule, f"player {self.actor(state)} chooses what the hero discards")
        if action not in self.legal(state, seat):
            return (self.rule, f"discard one of the hero's {self.pile} (at most {self.limit})")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        holdings.lose(state, self.hero, str(action.get("card")))
        if len(getattr(state.heroes[self.hero], self.pile)) <= self.limit:
            state.flow.pop()
