"""What a seat sees of the map game (issue 24 §4; the bots' evaluation is evaluation.py).

A seat sees the whole map but what lies face down (a face-down slot shows the kind on its
back), every player's public side (faction, Level, morale, resources, units, cubes, tokens,
the number of cards in hand and deck, the discard pile), every shared discard pile and the
number of cards in each deck, and its own hand; the AI heroes with their units, their AI and
Spell decks only counted. During a fight it sees the battle as the
combat game shows it. Nothing a seat may not know enters its observation.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rulekeeper.core import JsonObject
from rulekeeper.core.record import to_data
from rulekeeper.games.homm3.battle.writing import write_battle
from rulekeeper.games.homm3.combat.hands import battle_zones, hand_zone
from rulekeeper.games.homm3.map import economy
from rulekeeper.games.homm3.map.fights import FIGHT_STEPS

__all__ = ["observe"]


def _player(state: Any, player: Any, sight: tuple[int, ...]) -> JsonObject:
    own = player.seat in sight
    return {
        "seat": player.seat,
        "faction": player.faction,
        "hero": player.hero,
        "level": player.level,
        "experience": player.experience,
        "morale": player.morale,
        "resources": dict(player.resources.amounts),
        "income": economy.income(state, player.seat),
        "units": [dataclasses.asdict(t) for t in player.units],
        "cubes": list(player.cubes),
        "used_tokens": list(player.used_tokens),
        "expert_used": player.expert_used,
        "hand": list(player.hand) if own else len(player.hand),
        "deck": len(player.deck),
        "discard": list(player.discard),
        "far_pool": len(player.far_pool),
        "eliminated": player.eliminated,
        "homeless_since": player.homeless_since,
        "grail": player.grail,
    }


def _ai_hero(item: Any) -> JsonObject:
    """An AI hero as every seat sees it: its AI deck and Spell deck only by their counts."""
    return {
        "id": item.id,
        "name": item.name,
        "faction": item.faction,
        "field": item.field,
        "mp": item.mp,
        "units": [dataclasses.asdict(t) for t in item.units],
        "ai_deck": len(item.ai_deck),
        "spells": len(item.spells),
        "skill": item.skill,
        "defeated": item.defeated,
    }


def observe(state: Any, seat: int) -> JsonObject:
    """*seat*'s observation (-1: a spectator's)."""
    sight = state.game.sight_of(seat) if seat >= 0 else ()
    doc: JsonObject = {
        "round": state.round,
        "order": list(state.order),
        "to_act": state.current_player(),
        "pending": [step.kind for step in state.flow.steps],
        "players": [_player(state, p, sight) for p in state.players],
        "heroes": [dataclasses.asdict(h) for h in state.heroes],
        "towns": [dataclasses.asdict(t) for t in state.towns],
        "tiles": [to_data(p) for p in state.placements],
        "face_down": [{"at": s.at, "kind": s.kind} for s in state.face_down],
        "sites": {k: dataclasses.asdict(v) for k, v in sorted(state.sites.items())},
        "decks": {name: len(pile) for name, pile in sorted(state.decks.items())},
        "discards": {name: list(pile) for name, pile in sorted(state.discards.items())},
        "astrologers": state.astrologers,
        "winners": list(state.winners),
    }
    if state.ai_heroes:
        doc["ai_heroes"] = [_ai_hero(a) for a in state.ai_heroes]
    if state.battle is not None:
        doc["battle"] = _battle(state, sight)
    return doc


def _battle(state: Any, sight: tuple[int, ...]) -> JsonObject:
    """The fight in progress as the combat game shows it to *sight*."""
    steps = list(state.flow.steps)
    fight = max(i for i, step in enumerate(steps) if step.kind in FIGHT_STEPS)
    doc = write_battle(state.battle, steps[fight + 1 :], None)
    views = {zone.name: zone.view(sight) for zone in battle_zones(state.battle)}
    for index, side in enumerate(("attacker", "defender")):
        entry = doc[side]
        hero = entry.get("hero") if isinstance(entry, dict) else None
        if isinstance(hero, dict):
            for key, zone in (("hand", hand_zone(index)), ("deck", f"deck-{index}")):
                if "cards" not in views[zone]:
                    hero[key] = views[zone]["count"]
        if isinstance(entry, dict):
            for key, zone in (("ai_deck", "ai-deck"), ("ai_spells", "ai-spells")):
                if key in entry and "cards" not in views[f"{zone}-{index}"]:
                    entry[key] = views[f"{zone}-{index}"]["count"]
    doc.pop("pending", None)
    return doc
