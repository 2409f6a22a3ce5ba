"""What a hero holds and what that gives it on the map (spec §5.11, §5.3): the held cards, the
statistics they raise (Movement, Health), flight (§5.2.4)."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.combat.abilities import held_abilities
from rulekeeper.games.eternia.map.model import MapHero

__all__ = ["can_fly", "deck_of", "fit", "health", "held", "hp", "lose", "movement", "stat", "take"]


def held(hero: MapHero) -> list[str]:
    """The cards whose bonuses act for *hero*: its ally, beast or vehicle, equipped armor and
    artifact (spec §5.11; the backpack and spells give nothing while kept)."""
    cards = [hero.ally, hero.mount, *hero.armor.values(), hero.artifact]
    return [card for card in cards if card]


def stat(state: Any, hero: MapHero, name: str) -> int:
    """*hero*'s printed statistic *name* plus what its held cards add (``stat-bonus``)."""
    value = int(getattr(state.pack.heroes[hero.id], name))
    for card in held(hero):
        for ability in held_abilities(state, card):
            if ability.when != "held":
                continue
            for effect in ability.effects:
                if effect.kind == "stat-bonus" and getattr(effect, "stat", "") == name:
                    value += int(getattr(effect, "amount", 0))
    return value


def health(state: Any, hero: MapHero) -> int:
    """*hero*'s maximum HP (spec §5.3: never above what its card and held cards give)."""
    return stat(state, hero, "health")


def hp(state: Any, hero: MapHero) -> int:
    """*hero*'s HP left."""
    return max(0, health(state, hero) - hero.damage)


def movement(state: Any, hero_index: int) -> int:
    """The MP of a Move (spec §5.2.1: Movement plus bonuses; skirmish: at most 2, §5.18.1)."""
    hero = state.heroes[hero_index]
    value = stat(state, hero, "movement") + int(state.event_movement())
    value += sum(
        int(getattr(effect, "amount", 0))
        for effect in state.boons(hero_index)
        if effect.kind == "stat-bonus" and getattr(effect, "stat", "") == "movement"
    )
    cap = state.movement_cap()
    return value if cap is None else min(value, cap)


def can_fly(state: Any, hero: MapHero) -> bool:
    """Whether *hero* flies (spec §5.2.4): a flying vehicle, a map spell cast this turn, or a
    held card whose ability gives flight (a tamed flying epic beast)."""
    pack = state.pack
    if hero.mount in pack.vehicles and pack.vehicles[hero.mount].flying:
        return True
    index = state.hero_index(hero.id)
    if index is not None and any(effect.kind == "fly" for effect in state.boons(index)):
        return True
    return any(
        effect.kind == "fly"
        for card in held(hero)
        for ability in held_abilities(state, card)
        for effect in ability.effects
    )


def deck_of(pack: Any, card: str) -> str:
    """The deck a support card comes from, and is discarded to."""
    for name in ("equipment", "spells", "vehicles"):
        if card in getattr(pack, name):
            return name
    return "encounters"


def take(state: Any, index: int, card: str) -> None:
    """*card* leaves hero *index*, wherever it holds it."""
    hero = state.heroes[index]
    if hero.mount == card:
        hero.mount, hero.mount_kind = "", ""
    elif hero.ally == card:
        hero.ally = ""
    elif hero.artifact == card:
        hero.artifact = ""
    elif card in hero.armor.values():
        del hero.armor[next(k for k, v in hero.armor.items() if v == card)]
    elif card in hero.backpack:
        hero.backpack.remove(card)
    else:
        hero.spells.remove(card)
    fit(state, hero)


def lose(state: Any, index: int, card: str) -> None:
    """Hero *index* discards *card* to its deck's discard pile."""
    take(state, index, card)
    state.discards[deck_of(state.pack, card)].append(card)


def fit(state: Any, hero: MapHero) -> None:
    """After *hero*'s holdings changed: its damage below its Health. [Reading] A card that
    raised Health leaving does not defeat its hero: it keeps at least 1 HP (docs/eternia.md)."""
    top = health(state, hero)
    if hero.damage >= top:
        hero.damage = max(0, top - 1)
