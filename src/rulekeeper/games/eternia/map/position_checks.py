"""What an ``eternia-position`` must hold beyond its fields' types (position.py): each problem
named by its field (spec §3.1, §5.3, §5.11, §5.14).

The teams (the game's two factions and seats), the heroes (known cards, each once, of its
team's faction but in Free Heroes, on an area of the map, holding known cards), the soldiers
(on areas of the map, one count a team), the decks (known cards), the round and the teams it
names, the control (each hero played by a seat of its team); then the invariants every state
keeps (invariants.py); then :func:`continue_from`: the rules run the automatic steps and must
be able to go on.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rulekeeper.core.position import Problems, continue_from
from rulekeeper.games.eternia.map import invariants

__all__ = ["continue_from", "state_problems"]

HOLDINGS = ("ally", "mount", "artifact")


def state_problems(state: Any, problems: Problems) -> None:
    """Note every problem of the state read from a position."""
    _teams(state, problems)
    _heroes(state, problems)
    _soldiers(state, problems)
    _decks(state, problems)
    _numbers(state, problems)
    _scenario(state, problems)
    if problems:
        return  # the invariants assume known cards and areas
    for reason in invariants.broken(state):
        problems.add(_field_of(state, reason), reason)


def _teams(state: Any, problems: Problems) -> None:
    """Two teams: the game's factions, in order, each with its seats."""
    game = state.game
    if len(state.teams) != len(game.factions):
        problems.add("teams", f"{len(game.factions)} teams, one a faction (spec §3.1)")
        return
    for index, team in enumerate(state.teams):
        if team.faction != game.factions[index]:
            problems.add(f"teams[{index}].faction", f"the game says {game.factions[index]!r}")
        seats = [s for s, t in enumerate(game.seat_teams) if t == index]
        if list(team.seats) != seats:
            problems.add(f"teams[{index}].seats", f"the game's seats of team {index}: {seats}")
        for where, cards in (("deck", team.deck), ("supply", team.supply)):
            for card in cards:
                if card not in state.pack.combat_cards:
                    problems.add(f"teams[{index}].{where}", f"unknown combat card {card!r}")
                    break


def _heroes(state: Any, problems: Problems) -> None:
    """Each hero a known card, once, of its team's faction, on an area, holding known cards."""
    pack = state.pack
    seen: Counter[str] = Counter(h.id for h in state.heroes)
    free = bool(state.game.options.get("free_heroes"))
    for index, hero in enumerate(state.heroes):
        path = f"heroes[{index}]"
        card = pack.heroes.get(hero.id)
        if card is None:
            problems.add(f"{path}.id", f"unknown hero {hero.id!r}")
            continue
        if seen[hero.id] > 1:
            problems.add(f"{path}.id", f"{hero.id} is on the map more than once")
        if hero.team >= len(state.teams):
            problems.add(f"{path}.team", "team 0 or 1")
            continue
        faction = state.teams[hero.team].faction
        if not free and getattr(card, "faction", faction) != faction:
            problems.add(f"{path}.team", f"{hero.id} is not of {faction} (spec §3.1)")
        if hero.area not in state.board.graph:
            problems.add(f"{path}.area", f"no area {hero.area!r} on the map")
        _holdings(state, hero, path, problems)
        owner = state.control.owner(hero.id)
        if owner is not None and owner not in state.teams[hero.team].seats:
            problems.add("control", f"{hero.id} is played by seat {owner}, not of its team")


def _holdings(state: Any, hero: Any, path: str, problems: Problems) -> None:
    """A hero's cards are cards of the pack, each of its kind."""
    pack = state.pack
    mounts = {**pack.beasts, **pack.epic_beasts, **pack.vehicles}
    tables: dict[str, Mapping[str, Any]] = {
        "ally": pack.allies,
        "mount": mounts,
        "artifact": pack.equipment,
    }
    for name in HOLDINGS:
        card = getattr(hero, name)
        if card and card not in tables[name]:
            problems.add(f"{path}.{name}", f"unknown card {card!r}")
    if bool(hero.mount) != bool(hero.mount_kind):
        problems.add(f"{path}.mount_kind", "given with a mount, and only then")
    for subtype, card in hero.armor.items():
        if card not in pack.equipment:
            problems.add(f"{path}.armor.{subtype}", f"unknown card {card!r}")
    for card in hero.backpack:
        if card not in pack.equipment and card not in pack.spells and card not in mounts:
            problems.add(f"{path}.backpack", f"unknown card {card!r}")
    for card in hero.spells:
        if card not in pack.spells:
            problems.add(f"{path}.spells", f"unknown spell {card!r}")


def _soldiers(state: Any, problems: Problems) -> None:
    """Soldiers on areas of the map, a count for each team, none negative."""
    for area, counts in state.soldiers.items():
        path = f"soldiers.{area}"
        if area not in state.board.graph:
            problems.add(path, f"no area {area!r} on the map")
        if len(counts) != len(state.teams) or any(n < 0 for n in counts):
            problems.add(path, f"{len(state.teams)} counts, one a team, none negative")


def _decks(state: Any, problems: Problems) -> None:
    """Decks and discard piles of known names holding known cards."""
    known = _card_ids(state.pack)
    for field in ("decks", "discards", "offers"):
        piles = getattr(state, field)
        for name, cards in piles.items():
            if field != "offers" and name not in state.decks:
                problems.add(f"{field}.{name}", f"unknown deck (known: {', '.join(state.decks)})")
            for card in cards:
                if card not in known:
                    problems.add(f"{field}.{name}", f"unknown card {card!r}")
                    break


def _card_ids(pack: Any) -> set[str]:
    """Every id of every table of the pack (whatever tables it has)."""
    tables = (getattr(pack, f.name) for f in dataclasses.fields(pack))
    return {str(key) for table in tables if isinstance(table, Mapping) for key in table}


def _numbers(state: Any, problems: Problems) -> None:
    """The round on the track (or the extra round after it); the teams it names exist."""
    last = len(state.game.track) + 1
    if not 1 <= state.round <= last:
        problems.add("round", f"1 to {last} (the round track, spec §4)")
    for name in ("first", "active_team"):
        if getattr(state, name) not in range(len(state.teams)):
            problems.add(name, "team 0 or 1")
    for team in state.winners:
        if team not in range(len(state.teams)):
            problems.add("winners", "teams 0 or 1")
    for area in state.missions:
        if area not in state.board.graph:
            problems.add("missions", f"no area {area!r} on the map")


def _scenario(state: Any, problems: Problems) -> None:
    """The scenario's things: vines, the boss and epic beasts in map areas, known cards; the
    round's events known events; skirmish zones the scenario's."""
    board, pack = state.board, state.pack
    for area in state.vines:
        if area not in board.graph:
            problems.add("vines", f"no area {area!r} on the map")
    if state.boss and state.boss not in pack.bosses:
        problems.add("boss", f"unknown boss {state.boss!r} (boss.yaml)")
    if bool(state.boss) != bool(state.boss_area) or (
        state.boss_area and state.boss_area not in board.graph
    ):
        problems.add("boss_area", "the boss's area on the map, and only with a boss")
    for area, card in state.lairs.items():
        if area not in board.graph or state.beast_of(card) is None:
            problems.add(f"lairs.{area}", "an area of the map and a scenario epic beast card")
    for card in state.round_events:
        if card not in pack.events:
            problems.add("round_events", f"unknown event {card!r} (events.yaml)")
    zones = {zone.id for zone in state.setting.deployment_zones}
    for index, zone in enumerate(state.deployed):
        if zone and zone not in zones:
            problems.add(f"deployed[{index}]", f"one of the scenario's zones: {sorted(zones)}")


def _field_of(state: Any, reason: str) -> str:
    """The field a broken invariant's words name (a hero, a team, an area)."""
    head = reason.partition(":")[0]
    for index, hero in enumerate(state.heroes):
        if head == hero.id:
            return f"heroes[{index}]"
    if head.startswith("team "):
        return f"teams[{head.removeprefix('team ')}]"
    if head in state.soldiers:
        return f"soldiers.{head}"
    return "procedure"
