"""What a finished fight does to the map (homm3.md §5.15, §5.19, §5.20, §5.22, §8.36, §8.37,
§8.52, §9.1, §9.9).

The combat's typed result is applied side by side: survivors go back to the unit deck with
the face they show and destroyed units leave it (an empty deck gets the scenario's starting
army back); the Main Hero's cards, morale and Expert uses come back from the battle; Gold paid
and gained moves; Exp raises the Level (its rewards resolve before the field is visited,
§8.24); extensions cost the fighting hero MP. Then the heroes go where the ending sends them:
the winner stays, a hero that fled or lost to neutral units goes back to its previous field, a
defeated Main Hero to a town or settlement of its own (its owner chooses: towns.py
``PlaceHeroStep``; none: it waits off the map, §8.37), a defeated Secondary Hero leaves the
game. Neutral cards go to their tiers' discard piles; a guard beaten leaves its field visited
(§8.16); an enemy town or settlement besieged and won is captured (towns.py ``capture``).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.homm3.combat.result import CombatResult, SideResult
from rulekeeper.games.homm3.map import board, effects, experience, places, victory, visiting
from rulekeeper.games.homm3.map.model import MAIN, SECONDARY, Troop

__all__ = ["apply", "apply_side", "move_hero", "restore_army"]

WON = ("victory", "quick-combat")


def restore_army(state: Any, seat: int) -> None:
    """§5.15: a player left with no unit gets the scenario's starting army back."""
    player = state.players[seat]
    if not player.units:
        player.units = [Troop(t.card, t.side) for t in player.start_army]
        state.events.append("army-restored", {"seat": seat})


def apply(state: Any, fight: Any, result: CombatResult) -> None:
    """Apply the *result* of *fight* (a ``FightStep``) to the map state."""
    battle = state.battle
    attacker = board.hero(state, fight.hero)
    assert attacker is not None
    attacker_won = result.winner_index == 0 and result.ending in WON
    if attacker_won:  # Necromancy may follow a combat won (not a Quick Combat)
        effects.note_combat_won(state, attacker.seat, quick=result.ending != "victory")
    for index, army in enumerate(battle.armies):
        side = result.side(index)
        if side.kind == "neutral":
            _discard_neutrals(state, fight.neutrals)
            continue
        apply_side(state, army, side, result, index)
    mp_spent = result.side(0).mp_spent
    attacker.mp = max(0, attacker.mp - mp_spent)
    state.battle = None
    state.events.append(
        "fight-ends",
        {
            "hero": fight.hero,
            "field": fight.field,
            "ending": result.ending,
            "winner": result.winner,
        },
    )
    defender = board.hero(state, fight.defender) if fight.defender else None
    move_hero(state, attacker, result.side(0))
    if defender is not None:
        move_hero(state, defender, result.side(1))
        if result.ending == "victory":  # §5.22, §8.36, §9.9: the winner takes a cube
            won, lost = (attacker, defender) if attacker_won else (defender, attacker)
            _cube(state, won.seat, lost.seat)
    if fight.against == "neutral" and attacker_won:
        visiting.guard_beaten(state, fight.field)  # §8.16: the guard is beaten
    if fight.against in ("siege", "army") and attacker_won:
        places.capture(state, attacker.seat, fight.field)
        loser = fight.defender_seat
        if fight.against == "siege" and not places.held_places(state, loser):
            victory.eliminate(state, loser)  # §1.4: the Main Hero lost defending the last town


def apply_side(state: Any, army: Any, side: SideResult, result: CombatResult, index: int) -> None:
    """One player's side: units, cards, morale, resources, Exp."""
    seat = army.seat
    player = state.players[seat]
    player.units = [Troop(unit.card, unit.side) for unit in side.surviving]
    restore_army(state, seat)
    hero = army.hero
    if side.kind == "hero" and hero is not None:
        before = player.morale
        player.hand, player.deck, player.discard = (
            list(hero.hand),
            list(hero.deck),
            list(hero.discard),
        )
        uses = state.game.pack.levels[player.level].expert_uses
        player.expert_used = max(0, uses - hero.expert_uses)
        player.morale = hero.morale
        lost_twice = side.morale_change == 0 and result.loser == side.side and before < 0
        if lost_twice and player.faction != "necropolis" and result.ending == "victory":
            player.discard_hand = True  # §5.17: a second Negative Morale
        if side.experience:
            experience.gain(state, seat, side.experience)
    paid, gained = result.paid(index), result.gained(index)
    if gained:  # first: a card's Gold may be what the hero then pays (battle file version 2)
        player.resources.gain(gained)
    if paid:
        player.resources.lose(paid)


def move_hero(state: Any, item: Any, side: SideResult) -> None:
    """Send *item* where its side's ending says (§5.20, §8.52, §9.1)."""
    if side.goes == "previous-field":
        item.field, item.previous = item.previous or item.field, item.field
        state.events.append("hero-goes-back", {"hero": item.id, "to": item.field})
    elif side.goes == "removed" or (side.goes == "own-town" and item.role == SECONDARY):
        item.field = ""
        state.heroes.remove(item)
        state.events.append("hero-removed", {"hero": item.id})
    elif side.goes == "own-town" and item.role == MAIN:
        places.send_home(state, item)
        victory.main_hero_beaten(state, item.seat)


def _discard_neutrals(state: Any, cards: list[str]) -> None:
    """§5.16, §8.29: the neutral cards that fought go to their tiers' discard piles."""
    units = state.game.pack.units
    for card in cards:
        state.discards[f"neutral-{units[card].tier}"].append(card)


def _cube(state: Any, winner: int, loser: int) -> None:
    """The winner takes a cube of the loser's faction (§5.22, §8.36, §9.9)."""
    faction = state.players[loser].faction
    state.players[winner].cubes.append(faction)
    state.events.append("cube-taken", {"seat": winner, "faction": faction})
