"""Mobilize the Soldiers (spec §5.4, standard action): Fortify an Outpost, or Move Soldiers.

``fortify``: the hero's outpost, with no enemy miniatures and not a base, is filled up to 3 of
the team's soldiers from its supply (A-42). ``send-soldiers from=A to=B count=N``: N of the
team's soldiers in outpost A, where the hero stands or next to it, go along a path to outpost B
(never a base, the cap of 3 at B); enemies at B fight them (a soldier combat, meetings.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.flow import Refusal
from rulekeeper.core.rules import Rule
from rulekeeper.games.eternia.map.meetings import SoldierMeetingStep, protected
from rulekeeper.games.eternia.map.outposts import (
    add_soldiers,
    enemies_in,
    remove_soldiers,
    soldiers_in,
)
from rulekeeper.games.eternia.map.standard import standard_refusal, take

__all__ = ["FORTIFY", "RULES", "SEND"]

RULE_FORTIFY = "spec §5.4 (rulebook p.12): Fortify an Outpost"
RULE_SEND = "spec §5.4 (rulebook p.12): Move Soldiers along a path"
RULE_BASE = "spec §5.1 (rulebook p.7): no soldiers in a base"
ACTION = "mobilize"
"""Either option counts as the one Mobilize action of the turn (spec §5.4)."""


def _fortify_candidates(state: Any, seat: int) -> Iterable[Action]:
    yield Action.of("fortify")


def _fortify_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    found = standard_refusal(state, seat, ACTION)
    if found is not None:
        return found
    hero = state.heroes[state.turn().hero]
    if not state.board.is_outpost(hero.area):
        return (RULE_FORTIFY, f"{hero.area} is not an outpost")
    if state.board.base_team(hero.area) is not None:
        return (RULE_BASE, f"{hero.area} is a base")
    if enemies_in(state, hero.area, hero.team):
        return (RULE_FORTIFY, f"enemy miniatures are in {hero.area}")
    if soldiers_in(state, hero.area, hero.team) >= state.number("soldier_cap"):
        return (RULE_FORTIFY, f"{hero.area} holds the most soldiers a team may have there")
    if not state.teams[hero.team].soldiers:
        return (RULE_FORTIFY, "the team has no soldier left in its supply (spec §5.3)")
    return None


def _fortify_apply(state: Any, seat: int, action: Action) -> None:
    take(state, ACTION)
    hero = state.heroes[state.turn().hero]
    placed = add_soldiers(state, hero.area, hero.team, state.number("soldier_cap"))
    state.events.append("fortified", {"hero": hero.id, "area": hero.area, "soldiers": placed})
    state.arrived_soldiers(hero.area)


FORTIFY = Rule(("fortify",), _fortify_candidates, _fortify_refusal, _fortify_apply)


def _sources(state: Any, seat: int) -> list[str]:
    """The outposts whose soldiers the turn's hero may move: where it stands and next to it."""
    turn = state.turn()
    if turn is None:
        return []
    hero = state.heroes[turn.hero]
    near = [hero.area, *state.board.graph.neighbours(hero.area)]
    return [area for area in dict.fromkeys(near) if soldiers_in(state, area, hero.team)]


def _send_candidates(state: Any, seat: int) -> Iterable[Action]:
    turn = state.turn()
    if turn is None:
        return
    team = state.heroes[turn.hero].team
    for start in _sources(state, seat):
        for to in state.board.paths_from(start):
            for count in range(1, soldiers_in(state, start, team) + 1):
                yield Action.of("send-soldiers", count=count, to=to, **{"from": start})


def _send_refusal(state: Any, seat: int, action: Action) -> Refusal | None:
    found = standard_refusal(state, seat, ACTION)
    if found is not None:
        return found
    hero = state.heroes[state.turn().hero]
    start, to, count = str(action.get("from")), str(action.get("to")), action.get("count")
    if not isinstance(count, int) or count < 1:
        return (RULE_SEND, "count is how many soldiers move: 1 or more")
    if start not in state.board.graph:
        return (RULE_SEND, f"{start!r} is no area of the map")
    if start != hero.area and start not in state.board.graph.neighbours(hero.area):
        return (RULE_SEND, f"{hero.id} is neither in {start} nor next to it")
    have = soldiers_in(state, start, hero.team)
    if count > have:
        return (RULE_SEND, f"the team has {have} soldiers in {start}, not {count}")
    if to not in state.board.paths_from(start):
        return (RULE_SEND, f"no path joins {start} and {to}")
    if state.board.base_team(to) is not None:
        return (RULE_BASE, f"{to} is a base")
    room = state.number("soldier_cap") - soldiers_in(state, to, hero.team)
    if count > room:
        return (RULE_SEND, f"{to} has room for {room} more of the team's soldiers (cap 3)")
    return protected(state, hero.team, to)


def _send_apply(state: Any, seat: int, action: Action) -> None:
    take(state, ACTION)
    hero = state.heroes[state.turn().hero]
    start, to, count = str(action.get("from")), str(action.get("to")), action.int_param("count")
    remove_soldiers(state, start, hero.team, count)
    state.events.append(
        "soldiers-moved", {"team": hero.team, "from": start, "to": to, "count": count}
    )
    if enemies_in(state, to, hero.team):
        state.flow.push(SoldierMeetingStep(team=hero.team, area=to, count=count))
        return
    add_soldiers(state, to, hero.team, count)
    state.arrived_soldiers(to)


SEND = Rule(("send-soldiers",), _send_candidates, _send_refusal, _send_apply)
RULES = (FORTIFY, SEND)
