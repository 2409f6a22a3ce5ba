"""The end of a battle and its result (homm3.md §5.19, §5.20, §8.52, §9.5).

:func:`conclude` applies what the ending costs and gives (gold for a surrender or a defeated
Main Hero, the morale lost, experience for a Main Hero's win) and returns the combat result the
map game will read: how it ended, the winner, each side's surviving and destroyed units, cards
played, discarded and drawn, gold paid, morale change, experience and new level, MP spent on
extensions, and where each hero goes. docs/homm3-combat.md documents its fields.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.games.homm3.combat.damage import lift_overlay
from rulekeeper.games.homm3.combat.model import SIDES, Army, Hero
from rulekeeper.games.homm3.combat.stats import BattleState, card
from rulekeeper.games.homm3.combat.timing import COMBAT_TIMING

SURRENDER_GOLD = 10
DEFEAT_GOLD = 5
"""Gold a surrendering hero, and a Main Hero defeated by another player, pays (homm3.md §9.5)."""
MAX_LEVEL = 7


def experience(state: BattleState, winner: int) -> int:
    """Exp the winner's Main Hero gains (§5.19.1): 0, 1 or 2 by the enemy's level against its
    own; beating Azure neutrals raises it to Level VII (returned as the Exp that takes)."""
    battle = state.battle
    army, enemy = battle.armies[winner], battle.armies[1 - winner]
    hero = army.hero
    if army.kind != "hero" or hero is None:
        return 0
    if enemy.kind == "neutral":
        if any(card(state, battle.units[uid]).tier == "azure" for uid in enemy.units):
            return max(0, 2 * (MAX_LEVEL - hero.level) - hero.experience)
        level = battle.site.difficulty
    elif enemy.kind in ("hero", "ai-hero") and enemy.hero is not None:
        level = enemy.hero.level
    else:  # a Secondary Hero or a transported army gives none
        return 0
    return 0 if level < hero.level else 1 if level == hero.level else 2


def _gain(hero: Hero, exp: int) -> None:
    total = hero.experience + exp
    hero.level = min(MAX_LEVEL, hero.level + total // 2)
    hero.experience = 0 if hero.level == MAX_LEVEL else total % 2


def _lose_morale(hero: Hero) -> int:
    """§5.17: lose the Positive token, else take a Negative one; the change in morale."""
    if hero.faction == "necropolis":
        return 0
    if hero.morale > 0:
        hero.morale = 0
        return -1
    if hero.morale == 0:
        hero.morale = -1
        return -1
    return 0  # a second Negative token: the hand is discarded at turn end (the map game)


def _pay(state: BattleState, payer: int, gold: int) -> int:
    battle = state.battle
    hero = battle.armies[payer].hero
    if hero is None:
        return 0
    paid = min(gold, hero.gold)
    hero.gold -= paid
    battle.gold_paid[payer] += paid
    other = battle.armies[1 - payer].hero
    if other is not None:
        other.gold += paid
    return paid


def _units(state: BattleState, army: Army) -> tuple[list[JsonObject], list[JsonObject]]:
    battle = state.battle
    alive: list[JsonObject] = []
    dead: list[JsonObject] = []
    for uid in army.units:
        unit = battle.units[uid]
        if unit.field == -2:
            continue  # the Arrow Tower is the town's, not the army's
        entry: JsonObject = {"unit": uid, "card": unit.card, "side": unit.face}
        if unit.destroyed:
            dead.append(entry)
        else:
            alive.append({**entry, "flipped": unit.was_pack and unit.face == "few"})
    return alive, dead


def conclude(state: BattleState, ending: str, side: int) -> JsonObject:
    """End the battle: *side* won (victory, quick combat) or fled or surrendered; apply the
    costs and rewards, clear the damage, and return the combat result."""
    battle = state.battle
    winner = side if ending in ("victory", "quick-combat") else 1 - side
    loser = 1 - winner
    morale = [0, 0]
    exp = [0, 0]
    goes = ["stays", "stays"]
    losing, winning = battle.armies[loser], battle.armies[winner]
    if ending == "surrender":
        _pay(state, loser, SURRENDER_GOLD)
        goes[loser] = "own-town"
    elif ending == "flee":
        goes[loser] = "previous-field"
    elif losing.kind in ("hero", "ai-hero") and winning.kind != "neutral" and losing.hero:
        # §5.20: defeated by another player, whether their hero, Secondary Hero or transported army
        _pay(state, loser, DEFEAT_GOLD)
        morale[loser] = _lose_morale(losing.hero)
        goes[loser] = "own-town"
    elif losing.kind == "secondary-hero":
        goes[loser] = "removed"
    elif losing.kind == "hero" and winning.kind == "neutral":
        goes[loser] = "previous-field"  # §8.52: like fleeing
    if ending in ("victory", "quick-combat") and ending != "quick-combat":
        exp[winner] = experience(state, winner)
    sides: list[JsonObject] = []
    for index, army in enumerate(battle.armies):
        alive, dead = _units(state, army)
        hero = army.hero
        level_before = hero.level if hero else None
        if hero is not None and exp[index]:
            _gain(hero, exp[index])
        sides.append(
            {
                "side": SIDES[index],
                "kind": army.kind,
                "hero": hero.name if hero else None,
                "surviving": alive,
                "destroyed": dead,
                "played": list(battle.played[index]),
                "discarded": list(battle.discarded[index]),
                "removed": list(battle.removed[index]),
                "drawn": list(battle.drawn[index]),
                "gold_paid": battle.gold_paid[index],
                "morale_change": morale[index],
                "experience": exp[index],
                "level": hero.level if hero else None,
                "level_before": level_before,
                "mp_spent": battle.mp_spent[index],
                "goes": goes[index],
            }
        )
    COMBAT_TIMING.expire(battle.lasting, "combat")
    for army in battle.armies:
        army.spells_cast = 0
    for unit in battle.units.values():
        if unit.overlay:
            lift_overlay(state, unit)
        unit.damage = 0
        unit.defending = unit.paralysed = unit.activated = False
        unit.retaliations = 0
    outcome: JsonObject = {
        "ending": ending,
        "winner": SIDES[winner],
        "loser": SIDES[loser],
        "rounds": battle.round,
        "extensions": battle.extensions,
        "sides": sides,
    }
    return outcome


def returns_of(outcome: Any, seats: list[int]) -> list[float]:
    """+1 to the winner's seat, −1 to the loser's (a side with no seat gets nothing)."""
    values = [0.0] * (max(seats) + 1 if seats else 0)
    for index, seat in enumerate(seats):
        if seat >= 0 and isinstance(outcome, dict):
            values[seat] = 1.0 if outcome.get("winner") == SIDES[index] else -1.0
    return values
