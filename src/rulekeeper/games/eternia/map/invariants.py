"""What holds after every action of the map game (issue 28 §4), for the fuzz tests: the soldier
cap per outpost and each faction's finite supply, the holding limits, HP within bounds, one
activation per hero per round. A broken invariant is named in words."""

from __future__ import annotations

from typing import Any

from rulekeeper.games.eternia.map import holdings

__all__ = ["broken"]


def broken(state: Any) -> list[str]:
    """Every invariant *state* breaks, in words (empty: none)."""
    found: list[str] = []
    cap = state.number("soldier_cap")
    supply = state.number("soldiers")
    for area, counts in state.soldiers.items():
        for team, count in enumerate(counts):
            if count > cap:
                found.append(f"{area}: {count} soldiers of team {team} (cap {cap})")
            if count and state.board.base_team(area) is not None:
                found.append(f"{area}: soldiers in a base")
            if count and not state.board.is_outpost(area):
                found.append(f"{area}: soldiers outside an outpost")
        if sum(1 for n in counts if n) > 1 and not state.flow.steps:
            found.append(f"{area}: soldiers of two teams")
    for index, team in enumerate(state.teams):
        placed = sum(counts[index] for counts in state.soldiers.values())
        if placed + team.soldiers != supply:
            found.append(f"team {index}: {placed} placed + {team.soldiers} in supply")
        if len(team.deck) != 21 and not any(s.kind == "remove-card" for s in state.flow.steps):
            found.append(f"team {index}: a combat deck of {len(team.deck)} cards")
    limits = {"spells": state.number("spells"), "backpack": state.number("backpack")}
    pending = {getattr(s, "pile", "") for s in state.flow.steps if s.kind == "discard-down"}
    for hero in state.heroes:
        for pile, limit in limits.items():
            if len(getattr(hero, pile)) > limit and pile not in pending:
                found.append(f"{hero.id}: {len(getattr(hero, pile))} {pile} (at most {limit})")
        fighting = any(
            s.kind in ("meeting", "foe", "soldier-meeting", "duel") for s in state.flow.steps
        )
        if hero.damage >= holdings.health(state, hero) and not fighting:
            found.append(f"{hero.id}: at 0 HP and not defeated (spec §5.13)")
        if not 0 <= hero.damage <= holdings.health(state, hero):
            found.append(
                f"{hero.id}: damage {hero.damage} out of 0..{holdings.health(state, hero)}"
            )
        for subtype, card in hero.armor.items():
            item = state.pack.equipment.get(card)
            if item is None or item.type != "armor" or item.subtype != subtype:
                found.append(f"{hero.id}: {card} worn as {subtype} armor")
        if hero.artifact and state.pack.equipment[hero.artifact].type != "artifact":
            found.append(f"{hero.id}: {hero.artifact} worn as an artifact")
        if hero.area not in state.board.graph:
            found.append(f"{hero.id}: in no area ({hero.area!r})")
        base = state.board.base_team(hero.area)
        if base is not None and base != state.teams[hero.team].faction:
            found.append(f"{hero.id}: in an enemy base")
    turns = [s for s in state.flow.steps if s.kind == "turn"]
    if len(turns) > 1:
        found.append("two turns at once")
    for step in turns:
        if not state.heroes[step.hero].activated:
            found.append(f"{state.heroes[step.hero].id}: a turn without its activation")
    return found
