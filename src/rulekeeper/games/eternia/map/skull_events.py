"""Skull events (spec §4.1 step 3): what a scenario makes happen in the preparation of a skull
round, each a switch of scenario/model.py ``EFFECTS`` carried out here; and the scenario's
setup on the map (spec §3.1 step 8: its mission tokens).

A skirmish's skull spaces do nothing unless its scenario lists an event (spec §5.18.1). The
boss (Evil Seed, spec §1.3) stands in an area once it has entered; vine tokens lie in areas; an
epic beast put on the map waits in its area (``lairs``) for a hero to go on a quest there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulekeeper.games.eternia.map import solo
from rulekeeper.games.eternia.map.placing import VINE_TOKENS

__all__ = ["EFFECTS", "set_up", "skull_event", "spread_vines"]

RULE_SKULL = "spec §4.1 step 3 (rulebook p.11): a skull event"


def set_up(state: Any) -> None:
    """The scenario's setup on the map: its mission tokens (spec §3.1 step 8)."""
    for area in state.setting.mission_tokens:
        if area not in state.missions:
            state.missions.append(str(area))


def _place_tokens(state: Any, switch: Any) -> None:
    for area in switch.areas or ():
        if area not in state.missions:
            state.missions.append(str(area))


def _shuffle_deck(state: Any, switch: Any) -> None:
    pile = state.decks["scenario"]
    pile.extend(state.discards["scenario"])
    state.discards["scenario"].clear()
    state.rng.shuffle(pile)


def _boss_enters(state: Any, switch: Any) -> None:
    state.boss, state.boss_area, state.boss_damage = str(switch.boss), str(switch.area), 0


def _vines(state: Any, switch: Any) -> None:
    spread_vines(state, int(switch.count or 1), [str(a) for a in switch.areas or ()])


def spread_vines(state: Any, count: int, listed: list[str]) -> None:
    """*count* vine tokens: in the *listed* areas, else each in the free area nearest the boss
    (or the boss's area first), the map's order breaking ties."""
    for _ in range(count):
        if len(state.vines) >= VINE_TOKENS:
            return
        spot = next((a for a in listed if a not in state.vines), None)
        if spot is None:
            spot = _next_vine(state)
        if spot is None:
            return
        state.vines.append(spot)


def _next_vine(state: Any) -> str | None:
    """The free area nearest the boss (or, with no boss, the first vine), or None."""
    board = state.board
    start = state.boss_area or (state.vines[0] if state.vines else "")
    free = [a for a in board.areas if a not in state.vines and board.base_team(a) is None]
    if not free:
        return None
    if not start:
        return str(free[0])
    return str(min(free, key=lambda a: board.distance(start, a)))


def _beast_appears(state: Any, switch: Any) -> None:
    """The scenario deck's first epic beast card (from the top) waits in the area."""
    pile = state.decks["scenario"]
    for card in reversed(pile):
        beast = state.beast_of(card)
        if beast is not None:
            pile.remove(card)
            state.lairs[str(switch.area)] = card
            return


def _gain_eternium(state: Any, switch: Any) -> None:
    for team in state.teams:
        team.pool.gain({"eternium": int(switch.amount or 0)})


def _replace_soldiers(state: Any, switch: Any) -> None:
    solo.replace_soldiers(state, switch.areas)


EFFECTS: Mapping[str, Callable[[Any, Any], None]] = {
    "place-mission-tokens": _place_tokens,
    "shuffle-scenario-deck": _shuffle_deck,
    "boss-enters": _boss_enters,
    "vines": _vines,
    "epic-beast-appears": _beast_appears,
    "all-teams-gain-eternium": _gain_eternium,
    "replace-enemy-soldiers": _replace_soldiers,
}
"""Each skull-event switch's effect."""


def skull_event(state: Any, number: int) -> None:
    """The scenario's skull event *number*, its effects in order."""
    for switch in state.setting.skull(number):
        state.events.append("skull-event", {"skull": number, "effect": switch.kind})
        EFFECTS[switch.kind](state, switch)
