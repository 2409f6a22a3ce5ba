"""Setting up a game (spec §3.1; the first-game rules §3.3; a skirmish's own steps follow in
skirmish_setup.py, §3.4).

Faction setup: each team's three heroes at its base (or, in a first game, one at random on each
of its side's merchant outposts with a soldier, A-43), its soldiers, its 21-card combat deck.
General setup: 3 Eternium per hero + 1 (+4 against a mounted hero when the team fields none),
one victory card per hero, the decks shuffled by the state's stream.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Ledger
from rulekeeper.core.decks import Deck
from rulekeeper.games.eternia.map import solo
from rulekeeper.games.eternia.map.model import POOL, MapHero, Team
from rulekeeper.games.eternia.map.outposts import add_soldiers

__all__ = ["set_up"]

RULE = "spec §3.1 (rulebook p.8-10)"


def set_up(state: Any) -> None:
    """The teams, heroes, soldiers and decks of a new game, in the order spec §3.1 gives."""
    game = state.game
    pack = state.pack
    state.teams = []
    state.heroes = []
    for index, faction in enumerate(game.factions):
        seats = [seat for seat, team in enumerate(game.seat_teams) if team == index]
        pool = Ledger.of(POOL)
        team = Team(faction=faction, seats=seats, pool=pool)
        team.deck = pack.starting_deck(faction)
        Deck.over(team.deck, []).shuffle(state.rng)
        team.supply = pack.supply(faction)
        team.soldiers = state.number("soldiers")
        state.teams.append(team)
        if game.options.get("free_heroes"):
            continue  # the draft brings them (skirmish_setup.py)
        base = state.board.base_of(faction)
        for hero in game.heroes[index]:
            state.heroes.append(MapHero(id=hero, team=index, area=base))
            if hero in game.controllers:  # (no seat plays the enemy against the game)
                state.control.assign(hero, game.controllers[hero])
    _mounted(state)
    if not state.skirmish():  # a skirmish's Eternium comes with its purchases (§3.4 item 3)
        for team in state.teams:
            heroes = sum(1 for hero in state.heroes if state.teams[hero.team] is team)
            bonus = state.number("eternium_bonus")
            team.pool.gain({"eternium": state.number("eternium_per_hero") * heroes + bonus})
    state.soldiers = {}
    if game.options.get("first_game"):
        _first_game(state)
    if solo.is_solo(state):
        solo.set_up(state)
    state.events.append(
        "set-up",
        {
            "teams": [team.faction for team in state.teams],
            "first": state.first,
            "map": state.board.name,
        },
    )


def _mounted(state: Any) -> None:
    """Mounted heroes (spec §3.1): each starts with its beast tamed; a team fielding none
    against one that does starts with 4 more Eternium."""
    riders = state.game.mounted
    for hero in state.heroes:
        beast = riders.get(hero.id)
        if beast:
            hero.mount = beast
            hero.mount_kind = "epic-beast" if beast in state.pack.epic_beasts else "beast"
            for pile in state.decks.values():  # its card leaves the decks
                for card in [c for c in pile if c == beast or state.beast_of(c) == beast]:
                    pile.remove(card)
    fielding = {hero.team for hero in state.heroes if hero.id in riders}
    for index, team in enumerate(state.teams):
        if fielding and index not in fielding:
            team.pool.gain({"eternium": state.number("mounted_compensation")})


def _first_game(state: Any) -> None:
    """Spec §3.3, A-43: the team's heroes, in a random order, one on each merchant outpost of
    its side, each with 1 soldier."""
    for index, team in enumerate(state.teams):
        places = list(state.board.side_merchants(team.faction))
        heroes = [hero for hero in state.heroes if hero.team == index]
        order = list(range(len(heroes)))
        state.rng.shuffle(order)
        for hero_index, area in zip(order, places, strict=False):
            heroes[hero_index].area = area
        for area in places:
            add_soldiers(state, area, index, 1)
            state.arrived_soldiers(area)
