"""Cancelling an attack that would destroy a unit (card data: Resurrection, Alamar's specialty
cards; the ``guardian`` unit ability is in attack.py).

Right after an enemy attack's dice, when its damage would destroy the target (or flip a Pack,
research/homm3/spells.yaml's provisional reading), the target's player may cast Resurrection or
play one of Alamar's specialty cards on it; the power put in (empowering cards, picked one at a
time, spells.py) must reach the target's tier (Resurrection's rows; the specialty's ``numbers``).
The attack is then cancelled: no damage, nothing it would trigger, no retaliation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.games.homm3.combat import by_kind, hands, spells
from rulekeeper.games.homm3.combat.stats import BattleState, card
from rulekeeper.games.homm3.content.cards import Specialty, Spell

RULE = "homm3.md §5.11, §5.18.7; card data: Resurrection, Alamar's specialty"
TIERS = ("bronze", "silver", "gold", "azure")


def needed(state: BattleState, card_id: str, tier: str) -> int | None:
    """The power *card_id* needs to save a unit of *tier* (None: it cannot)."""
    found = state.game.pack.card(card_id)
    if isinstance(found, Spell):
        for row in found.rows:
            saves = any(e.kind == "cancel-lethal" for e in row.effects)
            if saves and row.max_tier and TIERS.index(row.max_tier) >= TIERS.index(tier):
                return row.power
        return None
    if isinstance(found, Specialty):
        for effect in found.play.effects:
            if effect.kind == "cancel-lethal" and effect.numbers and tier in effect.numbers:
                return effect.numbers[tier]
    return None


def savers(state: BattleState, side: int, unit_id: str) -> list[Action]:
    """The cards *side* may use to save its unit now."""
    hero = hands.hero_of(state, side)
    if hero is None:
        return []
    unit = state.battle.units[unit_id]
    tier = card(state, unit).tier
    pack = state.game.pack
    found = []
    for card_id in sorted(set(hero.hand)):
        need = needed(state, card_id, tier)
        if need is None:
            continue
        is_spell = isinstance(pack.card(card_id), Spell)
        if is_spell and state.battle.armies[side].spells_cast >= spells.spell_limit(state, side):
            continue
        rest = list(hero.hand)
        rest.remove(card_id)
        if spells.most_power(state, side, rest) >= need:
            found.append(Action.of("save", card=card_id))
    return found


@dataclass
class LethalWindow(hands.HandWindow):
    """The target's player may save it (``save card=C``) before the damage."""

    kind = "lethal-window"
    rule = RULE
    unit: str = ""

    def public_pass(self, state: Any, seat: int) -> bool:
        """An attack already cancelled (a guardian) needs no saving, whatever the hand holds."""
        return self._cancelled(state) or super().public_pass(state, seat)

    def _cancelled(self, state: Any) -> bool:
        attack = by_kind.find(state, by_kind.ATTACK)
        return attack is None or bool(attack.cancelled)

    def responses(self, state: Any, seat: int) -> list[Action]:
        if self._cancelled(state):
            return []
        side = hands.side_of_seat(state, seat)
        return [] if side is None else savers(state, side, self.unit)

    def respond(self, state: Any, action: Action, seat: int) -> None:
        side = hands.side_of_seat(state, seat)
        assert side is not None
        hero = hands.hero_of(state, side)
        assert hero is not None
        card_id = action.str_param("card")
        hero.hand.remove(card_id)
        battle = state.battle
        battle.played[side].append(card_id)
        pack = state.game.pack
        if isinstance(pack.card(card_id), Spell):
            battle.armies[side].spells_cast += 1
        tier = card(state, battle.units[self.unit]).tier
        need = needed(state, card_id, tier) or 0
        state.events.append("saves", {"side": side, "card": card_id, "unit": self.unit})
        state.flow.push(SaveStep(side=side, card=card_id, unit=self.unit, needed=need))
        if need and hero.hand:  # asked whatever the hand holds (docs/architecture.md)
            state.flow.push(spells.EmpowerStep(seat=seat, side=side))


@dataclass
class SaveStep(Step[Any]):
    """The save resolves: with enough power the attack is cancelled."""

    kind = "save"
    rule = RULE
    side: int = 0
    card: str = ""
    unit: str = ""
    needed: int = 0
    power: int = 0

    def run(self, state: Any) -> None:
        state.flow.pop()
        hero = hands.hero_of(state, self.side)
        if hero is not None:
            hero.discard.append(self.card)
        attack = by_kind.find(state, by_kind.ATTACK)
        if attack is not None and self.power >= self.needed:
            attack.cancelled = True
            state.events.append("saved", {"unit": self.unit, "card": self.card})
        else:
            state.events.append("fizzles", {"side": self.side, "card": self.card})
