"""Defeated heroes (spec §5.13): the turn ends, the hero goes home healed and pays 5.

A hero at 0 HP: if it is its turn, the turn ends at once; it goes to its team's base; its damage
is removed; it pays a value of 5 Eternium from the team's pool and, for what the pool lacks, by
discarding cards it owns at their Eternium cost (A-11: as much as it can; a card's value above
what is owed gives no change). [Reading] The pool pays first; the owner then picks the cards
(:class:`DefeatPayStep`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.map import holdings, solo, triggers

__all__ = ["DefeatPayStep", "card_value", "defeat", "owned"]

RULE_DEFEAT = "spec §5.13 (rulebook p.9): a defeated hero pays 5 Eternium"


def owned(hero: Any) -> list[str]:
    """Every card *hero* owns (spec §5.11): ally, beast or vehicle, armor, artifact, backpack,
    spells."""
    cards = [hero.ally, hero.mount, *hero.armor.values(), hero.artifact, *hero.backpack]
    return [card for card in (*cards, *hero.spells) if card]


def card_value(state: Any, card: str) -> int:
    """A card's Eternium cost value (spec §5.13): its price, or a beast's taming cost (0: none)."""
    pack = state.pack
    for table in (pack.equipment, pack.spells, pack.vehicles, pack.allies):
        if card in table:
            return int(getattr(table[card], "cost", 0) or 0)
    for table in (pack.beasts, pack.epic_beasts):
        if card in table:
            return int(getattr(table[card], "taming_cost", 0) or 0)
    return 0


def defeat(state: Any, index: int, by_soldiers: bool = False) -> None:
    """Hero *index* is defeated (spec §5.13; against the game, spec §5.17.4: an enemy hero
    leaves the map, a player's hero is counted on the defeat tracker and pays nothing at the
    easiest difficulty)."""
    hero = state.heroes[index]
    if solo.is_solo(state) and hero.team == solo.ENEMY:
        solo.enemy_defeated(state, index)
        return
    turn = state.turn()
    if turn is not None and turn.hero == index:
        turn.over = True
    triggers.fire(state, index, "defeat")
    start = hero.area
    hero.area = state.defeat_place(index)
    hero.damage = 0
    team = state.teams[hero.team]
    owed = state.number("defeat_payment")
    if solo.is_solo(state):
        state.fallen += 1
        owed = owed if solo.difficulty(state).defeat_penalty else 0
    paid = min(owed, team.eternium)
    if paid:
        team.pool.lose({"eternium": paid})
    state.events.append(
        "defeated",
        {"hero": hero.id, "area": start, "to": hero.area, "paid": paid, "soldiers": by_soldiers},
    )
    if owed > paid and any(card_value(state, c) for c in owned(hero)):
        state.flow.push(DefeatPayStep(hero=index, owed=owed - paid))


@dataclass
class DefeatPayStep(Step[Any]):
    """Hero *hero* still owes *owed* of its defeat's 5: its owner discards cards it owns, one at
    a time, each worth its Eternium cost, until paid or none is left (A-11)."""

    kind = "defeat-pay"
    rule = RULE_DEFEAT
    public_kinds = frozenset({"give-up"})
    hero: Annotated[int, Bounds(0, 8)] = 0
    owed: Annotated[int, Bounds(0, 99)] = 0

    def actor(self, state: Any) -> int:
        return int(state.controller_of(self.hero))

    def candidates(self, state: Any, seat: int) -> Iterable[Action]:
        for card in dict.fromkeys(owned(state.heroes[self.hero])):
            if card_value(state, card):
                yield Action.of("give-up", card=card)

    def legal(self, state: Any, seat: int) -> list[Action]:
        return list(self.candidates(state, seat)) if seat == self.actor(state) else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.actor(state):
            return (self.rule, f"player {self.actor(state)} pays for this hero")
        if action not in self.legal(state, seat):
            return (self.rule, f"the hero still owes {self.owed}: give up a card it owns")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        card = str(action.get("card"))
        holdings.lose(state, self.hero, card)
        self.owed -= min(self.owed, card_value(state, card))
        state.events.append(
            "defeat-paid", {"hero": state.heroes[self.hero].id, "card": card, "owed": self.owed}
        )
        if not self.owed or not self.legal(state, seat):
            state.flow.pop()
