"""Who is where and who holds what (spec §5.1, §5.3): miniatures in an area, control of
outposts, the soldier cap and supply."""

from __future__ import annotations

from typing import Any

__all__ = [
    "add_soldiers",
    "controlled",
    "controller",
    "enemies_in",
    "enemy_heroes_in",
    "friends_in",
    "heroes_in",
    "remove_soldiers",
    "soldiers_in",
]

RULE_CONTROL = "spec §5.1 (rulebook p.7): control of outposts"
RULE_CAP = "spec §5.1, §5.3 (rulebook p.7, p.12): at most 3 soldiers of a team in an outpost"


def heroes_in(state: Any, area: str) -> list[int]:
    """The indexes of the heroes standing in *area*."""
    return [i for i, hero in enumerate(state.heroes) if hero.area == area]


def soldiers_in(state: Any, area: str, team: int) -> int:
    """*team*'s soldiers in *area*."""
    counts = state.soldiers.get(area)
    return counts[team] if counts else 0


def enemy_heroes_in(state: Any, area: str, team: int) -> list[int]:
    """The heroes of other teams in *area*."""
    return [i for i in heroes_in(state, area) if state.heroes[i].team != team]


def friends_in(state: Any, area: str, team: int) -> list[int]:
    """*team*'s heroes in *area*."""
    return [i for i in heroes_in(state, area) if state.heroes[i].team == team]


def enemies_in(state: Any, area: str, team: int) -> bool:
    """Whether *area* holds miniatures (heroes or soldiers) of another team."""
    if enemy_heroes_in(state, area, team):
        return True
    counts = state.soldiers.get(area)
    return bool(counts) and any(n for t, n in enumerate(counts) if t != team)


def controller(state: Any, area: str) -> int | None:
    """The team controlling outpost *area* (spec §5.1): a base's team always; else the one team
    with a miniature there (None: nobody, or a wild region)."""
    board = state.board
    if not board.is_outpost(area):
        return None
    owner = board.base_team(area)
    if owner is not None:
        index = state.team_of_faction(owner)
        if index is not None:
            return int(index)
    present = {state.heroes[i].team for i in heroes_in(state, area)}
    counts = state.soldiers.get(area) or []
    present |= {team for team, n in enumerate(counts) if n}
    return next(iter(present)) if len(present) == 1 else None


def controlled(state: Any, team: int) -> list[str]:
    """The outposts *team* controls, in the map's order."""
    return [area for area in state.board.outposts() if controller(state, area) == team]


def add_soldiers(state: Any, area: str, team: int, count: int) -> int:
    """Up to *count* of *team*'s soldiers from its supply into *area*, never above the cap
    (spec §5.3); how many went."""
    counts = state.soldiers.setdefault(area, [0] * len(state.teams))
    room = state.number("soldier_cap") - counts[team]
    placed = max(0, min(count, room, state.teams[team].soldiers))
    counts[team] += placed
    state.teams[team].soldiers -= placed
    if not any(counts):
        del state.soldiers[area]
    return int(placed)


def remove_soldiers(state: Any, area: str, team: int, count: int) -> int:
    """Up to *count* of *team*'s soldiers from *area* back to its supply (spec §5.3); how many."""
    counts = state.soldiers.get(area)
    if not counts:
        return 0
    taken = min(count, counts[team])
    counts[team] -= taken
    state.teams[team].soldiers += taken
    if not any(counts):
        del state.soldiers[area]
    return int(taken)
