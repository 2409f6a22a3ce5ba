"""The map's trigger points (spec §5.21): a held card's ability fires when its moment comes.

The moments of the map game (content/effects.py ``TRIGGERS``): ``preparation`` (the
preparation phase of each round, spec §4.1), ``end-of-turn`` (the end of the holder's turn,
§4.3), ``defeat`` (the holder is defeated, §5.13), ``end-of-combat`` (an epic combat of the
holder ends on the map, §5.6.3 step 10). Each fires the abilities of the cards the hero holds
with that moment, carried out by rewards.py (their map effects); the boss in play has its own
(:func:`fire_boss`).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.combat.abilities import held_abilities
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.placing import PlaceStep
from rulekeeper.games.eternia.map.rewards import reward
from rulekeeper.games.eternia.map.skull_events import spread_vines

__all__ = ["MOMENTS", "fire", "fire_all", "fire_boss"]

MOMENTS = ("preparation", "end-of-turn", "defeat", "end-of-combat")
"""The trigger points the map game fires."""
RULE_VINES = (
    "spec §5.17.3 (rulebook p.32): no player chooses for the enemy; the boss's vines go to the "
    "free areas nearest it, the map's order breaking ties (docs/eternia.md, provisional)"
)


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


def fire_boss(state: Any, moment: str) -> None:
    """The boss in play's map abilities of *moment* act (content/map_cards.py ``BossCard``);
    what they place, the team to play next places (its first seat)."""
    card = state.pack.bosses.get(state.boss) if state.boss else None
    if card is None:
        return
    team = state.active_team
    for ability in card.map_abilities:
        if ability.when != moment:
            continue
        state.events.append("triggered", {"boss": state.boss, "when": moment})
        for effect in ability.effects:
            if effect.kind == "spread-vines" and state.against_game():
                amount = int(getattr(effect, "amount", 1) or 1)
                state.events.append("enemy-choice", {"what": "vines", "rule": RULE_VINES})
                spread_vines(state, amount, [])  # no seat plays the boss against the game
            elif effect.kind == "spread-vines":
                amount = int(getattr(effect, "amount", 1) or 1)
                seat = int(state.teams[team].seats[0])
                state.flow.push(PlaceStep(team=team, seat=seat, what="vine", left=amount))
            elif effect.kind == "remove-vines":
                state.vines.clear()
