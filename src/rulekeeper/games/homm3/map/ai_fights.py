"""Fights between a player's hero and an AI hero (homm3.md §5.24, §5.24.1, §9.1; the combat as a
sub-procedure, core/subgame.py).

Either side may start one: a player's hero entering the AI hero's field, or the AI hero
entering the player's hero's field (ai_movement.py). The battle file is built from the map
(the player's hero as in any fight, fights.py ``hero_side``; the AI hero's units, its whole
AI deck shuffled for the fight, its Spell deck and skill), in the scenario's mode (solo or
co-op), so the AI side is driven by the combat's AI rules (§5.24.1) and its ties go to the
fighting player. Neither side may retreat or surrender (§9.1; [EXT] the rewrite). Afterwards
the player's side is applied as after any fight (aftermath.py); the AI hero keeps the units
that survived, and a beaten AI hero leaves the map. An AI hero that beats the hero defending
a town takes the town (ai_heroes.py ``enter_field``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekeeper.core import HostStep, JsonObject, Seating
from rulekeeper.games.homm3.combat.result import CombatResult
from rulekeeper.games.homm3.game import CombatSubGame
from rulekeeper.games.homm3.map import aftermath, ai_heroes, board, events
from rulekeeper.games.homm3.map.fights import hero_side
from rulekeeper.games.homm3.map.model import MAIN, AiHero, Troop

__all__ = ["AiFightStep", "ai_side", "battle_doc"]

RULE = "homm3.md §5.24.1 (combat against an AI hero, rulebook p. 33)"


def ai_side(state: Any, item: AiHero) -> JsonObject:
    """The battle file's side of *item*: its units, its AI deck shuffled for this fight, its
    Spell deck and the Ability its skill cards use."""
    deck = list(item.ai_deck)
    state.rng.shuffle(deck)
    side: dict[str, Any] = {
        "kind": "ai-hero",
        "hero": {"name": item.name, "faction": item.faction},
        "units": [{"card": t.card, "side": t.side} for t in item.units],
        "ai_deck": deck,
        "ai_spells": list(item.spells),
    }
    if item.skill:
        side["ai_skill"] = item.skill
    return side


def battle_doc(state: Any, step: AiFightStep) -> JsonObject:
    """The battle file of *step*'s fight (a player defending its own town fights behind its
    walls, §5.14.4)."""
    item = ai_heroes.ai_hero(state, step.ai)
    hero = board.hero(state, step.hero)
    assert item is not None and hero is not None
    site: dict[str, Any] = {"kind": "field", "difficulty": 0}
    town = board.town_at(state, step.field)
    if town is not None and step.ai_attacks and town.owner == hero.seat:
        site = {
            "kind": "town",
            "owner": town.faction,
            "citadel": f"{town.faction}-citadel" in town.buildings,
            "captured": town.owner != town.seat,
        }
    player, ai = hero_side(state, hero), ai_side(state, item)
    return {
        "format": "homm3-battle",
        "version": 2,
        "mode": state.game.scenario.mode,
        "difficulty": item.difficulty or state.difficulty,
        "options": dict(state.battle_options()),
        "site": site,
        "attacker": ai if step.ai_attacks else player,
        "defender": player if step.ai_attacks else ai,
    }


@dataclass
class AiFightStep(HostStep[Any, CombatResult]):
    """A fight of the player's *hero* and the AI hero *ai* on *field*; ``ai_attacks``: the AI
    hero entered the field (module doc)."""

    kind = "ai-fight"
    rule = RULE
    result_type = CombatResult
    ai: str = ""
    hero: str = ""
    field: str = ""
    ai_attacks: bool = False
    started: bool = False

    def run(self, state: Any) -> None:
        item = ai_heroes.ai_hero(state, self.ai)
        hero = board.hero(state, self.hero)
        if self.started or item is None or hero is None or not item.on_map:
            state.flow.pop()  # pragma: no cover - take pops it; both are on the map here
            return
        self.started = True
        doc = battle_doc(state, self)
        state.events.append(
            "fight-starts",
            {"hero": self.hero, "ai": self.ai, "field": self.field, "against": "ai-hero"},
        )
        self.play(state, CombatSubGame(doc, "fight"), Seating([hero.seat], decider=hero.seat))
        if hero.role == MAIN:  # the Main Hero's cards are in the battle now
            player = state.players[hero.seat]
            player.hand, player.deck, player.discard = [], [], []

    def take(self, state: Any, result: CombatResult) -> None:
        state.flow.pop()
        item = ai_heroes.ai_hero(state, self.ai)
        hero = board.hero(state, self.hero)
        assert item is not None and hero is not None
        mine, theirs = (1, 0) if self.ai_attacks else (0, 1)
        battle = state.battle
        aftermath.apply_side(state, battle.armies[mine], result.side(mine), result, mine)
        if not self.ai_attacks:
            hero.mp = max(0, hero.mp - result.side(mine).mp_spent)
        item.units = [Troop(u.card, u.side) for u in result.side(theirs).surviving]
        state.battle = None
        state.events.append(
            "fight-ends",
            {
                "hero": self.hero,
                "ai": self.ai,
                "field": self.field,
                "ending": result.ending,
                "winner": result.winner,
            },
        )
        aftermath.move_hero(state, hero, result.side(mine))
        if result.winner_index == mine:
            item.defeated, item.field = True, ""
            state.events.append("ai-hero-defeated", {"hero": item.id, "by": hero.id})
            events.on_trigger(state, "defeated", item.id, hero.seat)
        elif self.ai_attacks:
            ai_heroes.enter_field(state, item, self.field)
