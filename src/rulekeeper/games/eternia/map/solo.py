"""The solo and co-op mode on the map (spec §3.2, §5.17; A-23, A-24, A-27, §7.14, §9.1, §9.2).

One team of three heroes (played by one seat, or shared by two or three in co-op) against the
game. The enemy team has no seat: its heroes stand where the scenario puts them (spec §7.14: the
rulebook gives them no moves) and fight by the battle and effect cards (combat/enemy.py); its
outposts are reinforced at the difficulty's moment. The scenario ends at its round limit or when
its objective is completed (a win); the solo score is then worked out (spec §5.17.6).
"""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.combat.model import Solo
from rulekeeper.games.eternia.map.outposts import add_soldiers, controller, soldiers_in

__all__ = [
    "ENEMY",
    "PLAYERS",
    "deploys",
    "difficulty",
    "enemy_defeated",
    "game_over",
    "is_solo",
    "objective_met",
    "reinforce",
    "replace_soldiers",
    "score",
    "set_up",
]

RULE_SETUP = "spec §3.2 (rulebook p.31)"
RULE_REINFORCE = (
    "spec §5.17.2, A-24 (rulebook p.31, seed l.2486-2497): each enemy outpost gains a soldier, "
    "again and again until each holds 3 or the supply runs out"
)
RULE_END = "spec §5.17.5 (rulebook p.32): the round limit, or the objective completed"
RULE_EASY = "spec §5.17.2 (rulebook p.31, seed l.2502): Beginner ignores replacing enemy soldiers"
RULE_SCORE = "spec §5.17.6, A-27, A-41 (rulebook p.32): the solo score"
RULE_ENEMY_DEFEATED = (
    "docs/eternia.md (spec §5.13, §7.14, provisional): a defeated enemy hero waits at its base"
)
PLAYERS, ENEMY = 0, 1
"""The players' team and the enemy team."""
ETERNIUM_PER_HERO, ETERNIUM_BONUS = 4, 2
"""The team's starting Eternium: 4 a hero and 2 more (spec §3.2 item 8, seed l.2471)."""
MERCHANTS = ("mage-guild", "shop", "forge")
"""A soldier on the nearest outpost of each at the start (spec §3.2 item 8)."""
OUTPOST_VP, ROUND_VP, DEFEAT_VP, DAMAGE_PER_VP = 1, 3, 3, 3
"""The solo score (spec §5.17.6)."""
CAP = 3
"""A team's most soldiers in one outpost (spec §5.3)."""


def is_solo(state: Any) -> bool:
    """Whether the game is played against the game (solo or co-op)."""
    return state.game.mode in ("solo", "coop")


def difficulty(state: Any) -> Any:
    """The difficulty level played (content/solo.py)."""
    return state.pack.difficulties[state.game.difficulty]


def set_up(state: Any) -> None:
    """Spec §3.2 after the teams are set up: the heroes where the scenario says, 4 Eternium a
    hero + 2, a soldier on the nearest mage guild, shop and forge (their offers revealed,
    §9.2), the difficulty's enemy soldiers and mission tokens, the enemy's decks."""
    setting = state.setting
    level = state.game.difficulty
    for hero in state.heroes:
        if hero.team == ENEMY:
            hero.area = setting.enemy_heroes[hero.id]
            hero.activated = True  # the enemy takes no turns (spec §7.14)
        elif isinstance(setting.start, str) and setting.start:
            hero.area = setting.start
    team = state.teams[PLAYERS]
    team.pool.lose({"eternium": team.eternium})
    heroes = sum(1 for hero in state.heroes if hero.team == PLAYERS)
    team.pool.gain({"eternium": ETERNIUM_PER_HERO * heroes + ETERNIUM_BONUS})
    base = state.board.base_of(team.faction)
    for kind in MERCHANTS:
        places = state.board.nearest(base, list(state.board.merchants(kind)))
        if places:
            add_soldiers(state, places[0], PLAYERS, 1)
            state.arrived_soldiers(places[0])
    setup = setting.setups[level]
    for area, count in setup.enemy_soldiers.items():
        add_soldiers(state, area, ENEMY, count)
    state.missions = list(setup.mission_tokens)
    state.enemy_outposts = _enemy_held(state)
    pack = state.pack
    cards = Solo(
        difficulty=level,
        momentum=pack.battle_deck("momentum"),
        plain=pack.battle_deck("plain"),
        effects=pack.effect_deck(level),
    )
    for pile in (cards.momentum, cards.plain, cards.effects):
        state.rng.shuffle(pile)
    state.cards = cards
    table = difficulty(state)
    state.events.append(
        "solo-set-up",
        {
            "difficulty": level,
            "scenario": setting.id,
            "rounds": setting.rounds,
            "effect_skulls": table.skulls,
            "battle_deck": dict(table.battle_deck),
            "reinforce": table.reinforce,
            "extra_effects": table.extra_effects,
            "flee": [table.flee_enemy, table.flee_other],
            "defeat_penalty": table.defeat_penalty,
            "rule": RULE_SETUP,
        },
    )


def deploys(state: Any) -> bool:
    """Whether the team places its heroes at setup, in the scenario's deployment zone."""
    return is_solo(state) and isinstance(state.setting.start, tuple)


def _enemy_held(state: Any) -> list[str]:
    """The outposts the enemy holds, bases aside (no soldier stands in a base, spec §5.3)."""
    board = state.board
    return [
        a for a in board.outposts() if board.base_team(a) is None and controller(state, a) == ENEMY
    ]


def _order(state: Any, areas: list[str]) -> list[str]:
    """*areas* nearest the players' heroes first, ties by area id (A-24)."""
    heroes = [h.area for h in state.heroes if h.team == PLAYERS and h.area]

    def near(area: str) -> tuple[int, str]:
        return (min((state.board.distance(area, h) for h in heroes), default=0), area)

    return sorted(areas, key=near)


def reinforce(state: Any, moment: str) -> None:
    """At *moment* (``turn``, ``round`` or ``night``), if the difficulty reinforces then: each
    enemy-held outpost gains a soldier, pass after pass, until each holds 3 or the enemy's
    supply is empty (spec §5.17.2; A-24's order within a pass)."""
    if not is_solo(state) or moment == "never" or difficulty(state).reinforce != moment:
        return
    held = _order(state, _enemy_held(state))
    added: dict[str, int] = {}
    while True:
        room = [a for a in held if soldiers_in(state, a, ENEMY) < CAP]
        if not room or not state.teams[ENEMY].soldiers:
            break
        for area in room:
            if add_soldiers(state, area, ENEMY, 1):
                added[area] = added.get(area, 0) + 1
    if added:
        state.events.append("reinforced", {"soldiers": added, "rule": RULE_REINFORCE})


def replace_soldiers(state: Any, areas: Any) -> None:
    """A scenario's rule to replace enemy soldiers (a skull event): each listed outpost without
    the players' miniatures gets back, from the enemy's supply, the soldiers the difficulty's
    setup put there; Beginner ignores such rules (spec §5.17.2, seed l.2502)."""
    if not is_solo(state):
        return
    if not difficulty(state).replenish:
        state.events.append("rule-ignored", {"effect": "replace-enemy-soldiers", "rule": RULE_EASY})
        return
    setup = state.setting.setups[state.game.difficulty]
    added: dict[str, int] = {}
    for area in areas or ():
        if controller(state, area) == PLAYERS or soldiers_in(state, area, PLAYERS):
            continue
        missing = int(setup.enemy_soldiers.get(area, 0)) - soldiers_in(state, area, ENEMY)
        if missing > 0 and add_soldiers(state, area, ENEMY, missing):
            added[area] = soldiers_in(state, area, ENEMY)
    state.events.append("soldiers-replaced", {"soldiers": added, "rule": RULE_SETUP})


def enemy_defeated(state: Any, index: int) -> None:
    """An enemy hero at 0 HP goes to its base healed, as a defeated hero does (spec §5.13), and
    stays there, out of the scenario (our reading of §7.14: the enemy never moves; no hero
    enters an enemy base); it pays nothing."""
    hero = state.heroes[index]
    start = hero.area
    hero.area, hero.damage = state.board.base_of(state.teams[ENEMY].faction), 0
    if hero.id not in state.beaten:
        state.beaten.append(hero.id)
    state.events.append(
        "defeated", {"hero": hero.id, "area": start, "to": hero.area, "rule": RULE_ENEMY_DEFEATED}
    )


def objective_met(state: Any) -> bool:
    """Whether the scenario's objective is completed (scenario/model.py ``OBJECTIVES``)."""
    objective = state.setting.objective
    if objective is None:
        return False
    if objective.kind == "defeat-enemy-heroes":
        return all(hero in state.beaten for hero in objective.heroes)
    if objective.kind == "control-outposts":
        return all(controller(state, area) == PLAYERS for area in objective.areas)
    return bool(state.teams[PLAYERS].missions >= int(objective.count))


def score(state: Any, completed: bool) -> dict[str, int]:
    """The solo score's parts and ``total`` (spec §5.17.6): the VP gained, the completion bonus,
    +1 for each enemy outpost the team occupies (A-27: held by the enemy at the start), +3 for
    each round left, -3 for each defeat of the team's heroes, -1 for each 3 damage on them."""
    team = state.teams[PLAYERS]
    damage = sum(h.damage for h in state.heroes if h.team == PLAYERS)
    parts = {
        "vp": team.vp,
        "objective": difficulty(state).completion_vp if completed else 0,
        "outposts": OUTPOST_VP
        * sum(1 for a in state.enemy_outposts if controller(state, a) == PLAYERS),
        "rounds": ROUND_VP * max(0, int(state.setting.rounds or 0) - state.round),
        "defeats": -DEFEAT_VP * state.fallen,
        "damage": -(damage // DAMAGE_PER_VP),
    }
    parts["total"] = sum(parts.values())
    return parts


def game_over(state: Any, round_over: bool) -> bool:
    """Whether the scenario is over (spec §5.17.5): its objective completed (checked after each
    turn and combat), or the round limit reached at a round's end; then the result and the
    score. A boss in play at the end: everybody loses (spec §1.3)."""
    completed = objective_met(state)
    last = round_over and state.round >= int(state.setting.rounds or 0)
    if not completed and not last:
        return False
    lost_to_boss = state.boss_in_play()
    won = completed and not lost_to_boss
    state.winners = [PLAYERS] if won else []
    state.ending = "boss" if lost_to_boss else "objective" if won else "round-limit"
    state.score = score(state, won)
    state.events.append(
        "game-ends",
        {
            "ending": state.ending,
            "winners": [state.teams[PLAYERS].faction] if won else [],
            "score": dict(state.score),
            "rule": RULE_END,
        },
    )
    state.events.append("solo-score", {**state.score, "rule": RULE_SCORE})
    while state.flow.steps:
        state.flow.pop()
    return True
