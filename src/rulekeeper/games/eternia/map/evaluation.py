"""The map game's evaluation for the bots (``state.evaluate``, core/lookahead.py): how a seat's
team stands, between -1 and 1: VP first (spec §1.3), then the tie-breaks' outposts and
Eternium, then its heroes' health, soldiers on the map, holdings. Against the game: how near
the scenario's objective is (spec §5.17.5), then the same standing and the defeats."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.combat.evaluation import standing
from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.objectives import achieved
from rulekeeper.games.eternia.map.outposts import controlled, controller

__all__ = ["evaluate"]


def _plan(state: Any, team: int) -> float:
    """How near the team's heroes are to outposts it does not hold yet (a hero marches
    somewhere rather than wanders): minus the steps to the nearest, for each hero."""
    board = state.board
    held = set(controlled(state, team))
    targets = [a for a in board.outposts() if a not in held and board.base_team(a) is None]
    if not targets:
        return 0.0
    total = 0.0
    for hero in state.heroes:
        if hero.team == team and hero.area:
            total -= min(board.distance(hero.area, a) for a in targets)
    return total


def _pending(state: Any, team: int, own: bool) -> float:
    """The VP the next victory check gives *team* as things stand (spec §5.14): its revealed
    cards' secondary objectives achieved and, for the evaluating team only (a hand is hidden),
    the cards in hand whose primary objective is achieved, within the reveal limit."""
    if "victory" not in state.decks:
        return 0.0
    cards = state.pack.victory_cards
    found = state.teams[team]
    total = 0.0
    for card in found.revealed:
        if card not in found.completed and achieved(state, team, cards[card].secondary):
            total += int(cards[card].secondary_vp)
    if own:
        room = sum(1 for hero in state.heroes if hero.team == team) - len(found.revealed)
        ready = [
            int(cards[c].primary_vp)
            for c in found.victory
            if achieved(state, team, cards[c].primary)
        ]
        total += sum(sorted(ready, reverse=True)[: max(0, room)])
    return total


def _worth(state: Any, team: int, own: bool = False) -> float:
    """A team's standing in points: VP (and the VP its victory cards are about to give)
    weigh most."""
    found = state.teams[team]
    mine = controlled(state, team)
    outposts = sum(1 for a in mine if state.board.base_team(a) is None)
    income = sum(state.board.eternium(a) for a in mine)
    soldiers = sum(counts[team] for counts in state.soldiers.values())
    heroes = [h for h in state.heroes if h.team == team]
    health = sum(holdings.hp(state, h) / max(1, holdings.health(state, h)) for h in heroes)
    held = sum(len(holdings.held(h)) + len(h.spells) + len(h.backpack) for h in heroes)
    return float(
        3.0 * found.vp
        + 2.5 * _pending(state, team, own)
        + 1.0 * outposts
        + 0.4 * income
        + 0.15 * found.eternium
        + 0.2 * soldiers
        + 0.8 * health
        + 0.3 * held
        + 0.1 * _plan(state, team)
    )


def _objective(state: Any) -> float:
    """How near the players' team is to the scenario's objective (solo.py ``objective_met``):
    what is done, and for what is not, the damage on an enemy hero to defeat and the steps of
    the nearest hero to the place to reach."""
    objective = state.setting.objective
    heroes = [h.area for h in state.heroes if h.team == 0 and h.area]
    board = state.board

    def near(area: str) -> float:
        return float(min((board.distance(h, area) for h in heroes), default=0))

    if objective is None:
        return 0.0
    total = 0.0
    if objective.kind == "defeat-enemy-heroes":
        for name in objective.heroes:
            enemy = state.heroes[state.hero_index(name)]
            if name in state.beaten:
                total += 12.0
            else:
                total += 6.0 * enemy.damage / max(1, holdings.health(state, enemy))
                total -= 0.6 * near(enemy.area)
    elif objective.kind == "control-outposts":
        for area in objective.areas:
            total += 6.0 if controller(state, area) == 0 else -0.6 * near(area)
    else:
        total += 8.0 * state.teams[0].missions
        if state.missions:
            total -= 0.6 * min(near(area) for area in state.missions)
    return total


def _against_game(state: Any, player: int) -> float:
    """Against the game (spec §5.17): the objective first, then the team's standing, less its
    defeats (each costs 3 in the solo score, spec §5.17.6)."""
    if state.ending:
        return 1.0 if state.winners else -1.0
    value = 2.0 * _objective(state) + _worth(state, 0, own=True) - 3.0 * state.fallen
    return float(max(-0.99, min(0.99, value / (abs(value) + 20.0))))


def evaluate(state: Any, player: int) -> float:
    """*player*'s team's standing against the others, squashed to -1..1."""
    if state.against_game():
        return _against_game(state, player)
    if state.winners or state.ending:
        team = state.game.seat_teams[player]
        return 1.0 if team in state.winners else -1.0 if state.winners else 0.0
    team = state.game.seat_teams[player]
    fight = 0.0
    if state.epic.fighters:  # a combat under way: how it goes weighs as much as a VP
        sides = [s for s in (0, 1) if player in state.seats_of(s)]
        if sides:
            fight = 3.0 * standing(state, sides[0])
        elif any(state.seats_of(s) for s in (0, 1)):
            fight = -3.0 * standing(state, 0 if state.seats_of(0) else 1)
    mine = _worth(state, team, own=True) + fight
    theirs = max(_worth(state, t) for t in range(len(state.teams)) if t != team)
    diff = mine - theirs
    return max(-0.99, min(0.99, diff / (abs(diff) + 10.0)))
