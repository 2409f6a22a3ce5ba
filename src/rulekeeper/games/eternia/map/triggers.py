"""The map's trigger points (spec §5.21): a held card's ability fires when its moment comes.

The moments of the map game (content/effects.py ``TRIGGERS``): ``preparation`` (the
preparation phase of each round, spec §4.1), ``end-of-turn`` (the end of the holder's turn,
§4.3), ``defeat`` (the holder is defeated, §5.13), ``end-of-combat`` (an epic combat of the
holder ends on the map, §5.6.3 step 10). Each fires the abilities of the cards the hero holds
with that moment, carried out by rewards.py (their map effects).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.combat.abilities import held_abilities
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.rewards import reward

__all__ = ["MOMENTS", "fire", "fire_all"]

MOMENTS = ("preparation", "end-of-turn", "defeat", "end-of-combat")
"""The trigger points the map game fires."""


def fire(state: Any, index: int, moment: str) -> None:
    """Hero *index*'s held cards' abilities of *moment* act, in the order it holds them."""
    hero = state.heroes[index]
    for card in holdings.held(hero):
        for ability in held_abilities(state, card):
            if ability.when == moment:
                state.events.append("triggered", {"hero": hero.id, "card": card, "when": moment})
                reward(state, index, ability, card)


def fire_all(state: Any, moment: str) -> None:
    """Every hero's held cards' abilities of *moment* act, heroes in seat order."""
    for index in range(len(state.heroes)):
        fire(state, index, moment)
