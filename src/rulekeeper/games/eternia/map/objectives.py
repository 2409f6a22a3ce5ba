"""Whether a team has achieved a victory card's objective (spec §5.14): each objective kind of
the content (content/objectives.py, with its meaning) checked on the state as it is now.

A kind's check reads only public facts (who controls what, where heroes stand, what they hold
face up, the teams' counters), so revealing a card tells nobody anything hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulekeeper.games.eternia.map import holdings
from rulekeeper.games.eternia.map.outposts import controlled

__all__ = ["CHECKS", "achieved"]

Check = Callable[[Any, int, Any], bool]


def _count(objective: Any) -> int:
    """The objective's count (or amount), 1 if it names none."""
    return int(getattr(objective, "count", None) or getattr(objective, "amount", None) or 1)


def _outposts(state: Any, team: int) -> list[str]:
    """The outposts *team* controls, its base not counted."""
    return [a for a in controlled(state, team) if state.board.base_team(a) is None]


def _heroes(state: Any, team: int) -> list[Any]:
    return [hero for hero in state.heroes if hero.team == team]


def _control_outposts(state: Any, team: int, objective: Any) -> bool:
    return len(_outposts(state, team)) >= _count(objective)


def _control_merchants(state: Any, team: int, objective: Any) -> bool:
    found = [a for a in _outposts(state, team) if state.board.merchant_of(a)]
    return len(found) >= _count(objective)


def _control_towers(state: Any, team: int, objective: Any) -> bool:
    towers = set(state.board.towers())
    return sum(1 for a in _outposts(state, team) if a in towers) >= _count(objective)


def _control_area(state: Any, team: int, objective: Any) -> bool:
    return str(objective.area) in controlled(state, team)


def _hold_eternium(state: Any, team: int, objective: Any) -> bool:
    return bool(state.teams[team].eternium >= _count(objective))


def _defeat_heroes(state: Any, team: int, objective: Any) -> bool:
    return bool(state.teams[team].defeats >= _count(objective))


def _defeat_epic_beasts(state: Any, team: int, objective: Any) -> bool:
    return bool(state.teams[team].beasts >= _count(objective))


def _tamed_beasts(state: Any, team: int, objective: Any) -> bool:
    tamed = [h for h in _heroes(state, team) if h.mount_kind in ("beast", "epic-beast")]
    return len(tamed) >= _count(objective)


def _hold_vehicles(state: Any, team: int, objective: Any) -> bool:
    vehicles = state.pack.vehicles
    flying = bool(getattr(objective, "flying", False))
    found = [
        h.mount
        for h in _heroes(state, team)
        if h.mount in vehicles and (not flying or vehicles[h.mount].flying)
    ]
    return len(found) >= _count(objective)


def _hold_equipment(state: Any, team: int, objective: Any) -> bool:
    kind = getattr(objective, "type", None)
    equipment = state.pack.equipment
    found = [
        card
        for hero in _heroes(state, team)
        for card in (*hero.armor.values(), hero.artifact)
        if card and (kind is None or equipment[card].type == kind)
    ]
    return len(found) >= _count(objective)


def _hold_allies(state: Any, team: int, objective: Any) -> bool:
    return sum(1 for h in _heroes(state, team) if h.ally) >= _count(objective)


def _quests_done(state: Any, team: int, objective: Any) -> bool:
    return bool(state.teams[team].quests >= _count(objective))


def _soldiers_on_map(state: Any, team: int, objective: Any) -> bool:
    return bool(sum(counts[team] for counts in state.soldiers.values()) >= _count(objective))


def _heroes_in(state: Any, team: int, objective: Any) -> bool:
    kind = str(getattr(objective, "area_kind", "wild"))
    board = state.board
    found = [
        h
        for h in _heroes(state, team)
        if board.kind(h.area) == kind or (kind == "outpost" and board.is_outpost(h.area))
    ]
    return len(found) >= _count(objective)


def _near_enemy_base(state: Any, team: int, objective: Any) -> bool:
    board = state.board
    bases = [board.base_of(t.faction) for i, t in enumerate(state.teams) if i != team]
    near = [
        h for h in _heroes(state, team) if any(board.distance(h.area, base) <= 1 for base in bases)
    ]
    return len(near) >= _count(objective)


def _full_health(state: Any, team: int, objective: Any) -> bool:
    healthy = [h for h in _heroes(state, team) if not h.damage]
    return len(healthy) >= _count(objective)


def _holdings(state: Any, team: int, objective: Any) -> bool:
    return sum(len(holdings.held(h)) for h in _heroes(state, team)) >= _count(objective)


CHECKS: Mapping[str, Check] = {
    "control-outposts": _control_outposts,
    "control-merchants": _control_merchants,
    "control-towers": _control_towers,
    "control-area": _control_area,
    "hold-eternium": _hold_eternium,
    "defeat-heroes": _defeat_heroes,
    "defeat-epic-beasts": _defeat_epic_beasts,
    "tamed-beasts": _tamed_beasts,
    "hold-vehicles": _hold_vehicles,
    "hold-equipment": _hold_equipment,
    "hold-allies": _hold_allies,
    "quests-done": _quests_done,
    "soldiers-on-map": _soldiers_on_map,
    "heroes-in": _heroes_in,
    "near-enemy-base": _near_enemy_base,
    "full-health": _full_health,
    "holdings": _holdings,
}
"""Each objective kind's check."""


def achieved(state: Any, team: int, objective: Any) -> bool:
    """Whether *team* has achieved *objective* now."""
    return CHECKS[str(objective.kind)](state, team, objective)
