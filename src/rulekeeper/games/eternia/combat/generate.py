"""Random combat files (fuzz tests, benchmarks): random heroes of both factions or an epic
beast, random options, damage, soldiers, Eternium and spells, decks shuffled."""

from __future__ import annotations

import random
from typing import Any

from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.games.eternia.content.pack import ContentPack

__all__ = ["random_area", "random_combat", "random_epic", "random_soldiers", "random_wilds"]


def _hero(pack: ContentPack, rng: random.Random, faction: str, seat: int) -> JsonObject:
    heroes = sorted(h.id for h in pack.heroes.values() if h.faction == faction)
    hero = pack.heroes[rng.choice(heroes)]
    combat_spells = sorted(k for k, spell in pack.spells.items() if "combat" in spell.uses)
    consumables = sorted(k for k, card in pack.equipment.items() if card.type == "consumable")
    entry: dict[str, Any] = {
        "hero": hero.id,
        "seat": seat,
        "damage": rng.randrange(hero.health // 2 + 1),
        "eternium": rng.randrange(6),
        "soldiers": rng.randrange(4),
        "friends": rng.randrange(3),
        "spells": rng.sample(combat_spells, rng.randrange(3)),
        "consumables": rng.sample(consumables, rng.randrange(3)),
    }
    gear = sorted(k for k, card in pack.equipment.items() if card.type != "consumable")
    held = sorted(pack.allies) + sorted(pack.beasts) + gear + sorted(pack.vehicles)
    if rng.random() < 0.3:
        entry["held"] = [rng.choice(held)]
    return entry


def random_combat(pack: ContentPack, rng: random.Random) -> JsonObject:
    """A random combat file: mostly an epic combat, else a wilds combat, a soldier combat or
    an area's combats."""
    roll = rng.random()
    if roll < 0.12:
        return random_wilds(pack, rng)
    if roll < 0.2:
        return random_soldiers(pack, rng)
    if roll < 0.3:
        return random_area(pack, rng)
    return random_epic(pack, rng)


def random_wilds(pack: ContentPack, rng: random.Random) -> JsonObject:
    """A hero against a random encounter beast or ally of the other faction."""
    hero = _hero(pack, rng, rng.choice(["motu", "evil-warriors"]), 0)
    foes = sorted(pack.beasts) + sorted(
        k
        for k, ally in pack.allies.items()
        if ally.loyalty != pack.heroes[str(hero["hero"])].faction
    )
    return {
        "format": "eternia-combat",
        "version": 1,
        "combat": "wilds",
        "active": hero,
        "defender": {"encounter": rng.choice(foes)},
    }


def random_soldiers(pack: ContentPack, rng: random.Random) -> JsonObject:
    """Soldiers entering an area with enemy soldiers, heroes, or both."""
    heroes = [_hero(pack, rng, "evil-warriors", 1) for _ in range(rng.randrange(3))]
    unique = {h["hero"]: {"hero": h["hero"], "seat": 1, "damage": h["damage"]} for h in heroes}
    defenders = list(unique.values())
    return {
        "format": "eternia-combat",
        "version": 1,
        "combat": "soldiers",
        "attackers": rng.randrange(1, 4),
        "defenders": defenders,
        "soldiers": rng.randrange(0 if defenders else 1, 4),
    }


def random_area(pack: ContentPack, rng: random.Random) -> JsonObject:
    """A hero entering an area held by one to three enemy heroes and soldiers."""
    factions = ["motu", "evil-warriors"]
    rng.shuffle(factions)
    names = sorted(h.id for h in pack.heroes.values() if h.faction == factions[1])
    defenders = []
    for name in rng.sample(names, rng.randrange(1, 4)):
        entry = _hero(pack, rng, factions[1], 1)
        entry["hero"] = name
        entry["damage"] = 0
        defenders.append(entry)
    return {
        "format": "eternia-combat",
        "version": 1,
        "combat": "area",
        "active": _hero(pack, rng, factions[0], 0),
        "defenders": defenders,
        "soldiers": rng.randrange(4),
    }


def random_epic(pack: ContentPack, rng: random.Random) -> JsonObject:
    """A random epic combat file: hero against hero, or against an epic beast (a boss)."""
    factions = ["motu", "evil-warriors"]
    rng.shuffle(factions)
    active = _hero(pack, rng, factions[0], 0)
    if rng.random() < 0.3:
        defender: JsonObject = {"beast": rng.choice(sorted(pack.epic_beasts))}
        if rng.random() < 0.5:  # the other team casting spells at the hero
            spells = sorted(k for k, spell in pack.spells.items() if "combat" in spell.uses)
            defender.update(seat=1, spells=rng.sample(spells, 3), eternium=rng.randrange(4))
    else:
        defender = _hero(pack, rng, factions[1], 1)
    options = {
        "faster": rng.random() < 0.2,
        "initiative_matters": rng.random() < 0.3,
        "stronger_together": rng.random() < 0.3,
        "first_game": rng.random() < 0.1,
        "dice_of_power": rng.random() < 0.25,
    }
    return {
        "format": "eternia-combat",
        "version": 1,
        "combat": "epic",
        "options": options,
        "can_flee": rng.random() < 0.7,
        "boss": "beast" in defender and rng.random() < 0.3,
        "active": active,
        "defender": defender,
    }
