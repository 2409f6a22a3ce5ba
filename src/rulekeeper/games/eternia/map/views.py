"""What each seat sees of the map game (spec §5.21 "Hidden information"): the map, heroes,
soldiers, pools and round are public; a team's spells, backpacks and victory cards are its
own; deck orders are nobody's; a combat under way shows as the combat's own view."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Action, JsonObject, Zone
from rulekeeper.core.zones import NOBODY
from rulekeeper.games.eternia.combat.hidden import combat_zones
from rulekeeper.games.eternia.combat.views import area_observation
from rulekeeper.games.eternia.combat.views import describe as combat_describe
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.outposts import controller

__all__ = ["describe", "faction_name", "observation", "zones"]

NAMES = {"motu": "Masters of the Universe", "evil-warriors": "Evil Warriors"}


def faction_name(faction: str) -> str:
    """A faction in words."""
    return NAMES.get(faction, faction)


def zones(state: Any) -> list[Zone]:
    """Who sees which cards: each team its heroes' spells and backpacks and its victory cards;
    nobody the decks' orders and the combat decks; the combat's own zones while one is on."""
    out: list[Zone] = []
    for index, team in enumerate(state.teams):
        sight = tuple(team.seats)
        out.append(Zone(f"victory-{index}", team.victory, sight, pool="deck-victory"))
        out.append(Zone(f"combat-deck-{index}", team.deck, NOBODY, pool=f"combat-deck-{index}"))
    for hero in state.heroes:
        sight = tuple(state.teams[hero.team].seats)
        out.append(Zone(f"spells-{hero.id}", hero.spells, sight, redealt=False))
        out.append(Zone(f"backpack-{hero.id}", hero.backpack, sight, redealt=False))
    for name, cards in state.decks.items():
        out.append(Zone(f"deck-{name}", cards, NOBODY, pool=f"deck-{name}"))
    if state.cards is not None:  # the enemy's decks against the game (spec §3.2 steps 3-4)
        for name in ("momentum", "plain", "effects"):
            pile = getattr(state.cards, name)
            out.append(Zone(f"enemy-{name}", pile, NOBODY, pool=f"enemy-{name}"))
    out.extend(combat_zones(state))
    return out


def _hero(state: Any, index: int, mine: bool) -> JsonObject:
    """A hero as a seat sees it: its holdings' ids if the seat is on its team, else counts."""
    hero = state.heroes[index]
    doc: JsonObject = {
        "id": hero.id,
        "team": hero.team,
        "area": hero.area,
        "damage": hero.damage,
        "hp": holdings.hp(state, hero),
        "health": holdings.health(state, hero),
        "activated": hero.activated,
        "seat": None if state.control.owner(hero.id) is None else state.controller_of(index),
        "ally": hero.ally,
        "mount": hero.mount,
        "armor": dict(hero.armor),
        "artifact": hero.artifact,
        "flies": holdings.can_fly(state, hero),
    }
    doc["backpack"] = list(hero.backpack) if mine else len(hero.backpack)
    doc["spells"] = list(hero.spells) if mine else len(hero.spells)
    return doc


def observation(state: Any, player: int) -> JsonObject:
    """The game as *player* sees it (see module doc)."""
    sight = state.game.sight_of(player) if player >= 0 else ()
    mine = {i for i, team in enumerate(state.teams) if set(team.seats) & set(sight)}
    space = state.space()
    doc: JsonObject = {
        "mode": state.game.mode,
        "scenario": str(state.game.param("scenario")),
        "round": state.round,
        "time": space.time,
        "skull": space.skull,
        "rounds": int(state.setting.rounds)
        if state.skirmish() or state.against_game()
        else len(state.game.track),
        "deployed": list(state.deployed),
        "missions": list(state.missions),
        "vines": list(state.vines),
        "boss": {"id": state.boss, "area": state.boss_area, "damage": state.boss_damage}
        if state.boss
        else None,
        "lairs": {area: state.beast_of(card) for area, card in state.lairs.items()},
        "round_events": list(state.round_events),
        "first": state.first,
        "teams": [
            {
                "faction": team.faction,
                "seats": list(team.seats),
                "eternium": team.eternium,
                "vp": team.vp,
                "soldiers": team.soldiers,
                "deck": len(team.deck),
                "victory": list(team.victory) if index in mine else len(team.victory),
                "revealed": list(team.revealed),
                "completed": list(team.completed),
                "outposts": [a for a in state.board.outposts() if controller(state, a) == index],
            }
            for index, team in enumerate(state.teams)
        ],
        "heroes": [_hero(state, i, hero.team in mine) for i, hero in enumerate(state.heroes)],
        "soldiers": {area: list(counts) for area, counts in state.soldiers.items()},
        "decks": {name: len(cards) for name, cards in state.decks.items()},
        "offers": {kind: list(cards) for kind, cards in state.offers.items()},
        "pending": [step.kind for step in state.flow.steps],
        "to_act": state.current_player(),
        "winners": list(state.winners),
        "ending": state.ending,
    }
    if state.cards is not None:  # against the game (spec §5.17): no deck order is shown
        doc["solo"] = {
            "difficulty": state.cards.difficulty,
            "objective": None if state.setting.objective is None else state.setting.objective.kind,
            "defeats": state.fallen,
            "battle_decks": {
                "momentum": len(state.cards.momentum),
                "plain": len(state.cards.plain),
            },
            "effect_deck": len(state.cards.effects),
            "effects_spent": list(state.cards.spent),
            "score": dict(state.score),
        }
    if state.area is not None:
        doc["combat"] = area_observation(state, player)
    return doc


def describe(state: Any, action: Action) -> str:
    """An action in words."""
    kind = action.kind
    if kind == "activate":
        return f"Activate {_name(state, str(action.get('hero')))}"
    if kind == "move":
        return f"Move to {_area(state, str(action.get('to')))}"
    if kind == "fast-travel":
        return f"Fast travel to {_area(state, str(action.get('to')))}"
    if kind == "fortify":
        return "Fortify the outpost"
    if kind == "send-soldiers":
        start, to = _area(state, str(action.get("from"))), _area(state, str(action.get("to")))
        return f"Move {action.get('count')} soldiers from {start} to {to}"
    if kind == "rest":
        return "Rest (4 HP)"
    if kind == "stop":
        return "Stop moving"
    if kind == "end-turn":
        return "End the turn"
    if kind == "leave":
        return f"Go to {_area(state, str(action.get('to')))}"
    if kind == "give-up":
        return f"Give up {action.get('card')}"
    words = _setup_words(state, action)
    if words is not None:
        return words
    if state.epic.fighters:
        return combat_describe(state, action)
    return str(action)


WORDS = {
    "draft": "Draft {hero}",
    "buy": "Buy {card}",
    "pass": "Pass",
    "zone": "Deploy in the {zone} zone",
    "place-soldier": "Place a soldier in {area}",
    "recall-soldier": "Return a soldier from {area} to the supply",
    "place-vine": "Place a vine in {area}",
    "place-hero": "Place {hero} in {area}",
    "place-token": "Place a mission token in {area}",
    "acquire-mount": "Acquire a mount (2 Eternium)",
    "quest": "Go on a quest",
    "cycle-victory": "Cycle victory cards (1 Eternium)",
    "discard-victory": "Discard victory card {item}",
    "attempt": "Attempt the mission's task",
    "decline": "Decline the mission's task",
    "fight": "Fight the ally as an enemy",
}
"""The words of the skirmish's setup and actions, victory cards, missions and placements."""


def _setup_words(state: Any, action: Action) -> str | None:
    """A skirmish's setup and actions, victory cards and missions in words (None: another)."""
    card = str(action.get("card", ""))
    if action.kind == "train":
        return (
            "Train: a +2 card (3 Eternium)" if card == "plus-2" else f"Train: {card} (5 Eternium)"
        )
    template = WORDS.get(action.kind)
    if template is None:
        return None
    return template.format(
        hero=_name(state, str(action.get("hero", ""))),
        area=_area(state, str(action.get("area", ""))) if action.get("area") else "",
        card=card,
        zone=action.get("zone", ""),
        item=action.get("item", ""),
    )


def _name(state: Any, hero: str) -> str:
    card = state.pack.heroes.get(hero)
    return hero if card is None else str(card.name)


def _area(state: Any, area: str) -> str:
    return str(state.board.area_name(area))
