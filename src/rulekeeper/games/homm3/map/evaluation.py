"""How good the map looks for a seat: the evaluation the bots use (``state.evaluate(seat)``,
docs/bots.md; issue 24 §5), in [-1, 1] against the strongest other player.

A seat's *worth* adds up what it holds and what it is on its way to:

* **places**: each town and settlement it holds (an enemy's town counts more: capturing one is
  the way to win, §1.4), its faction cubes (more while they count towards a scenario's
  ``cubes`` victory, §5.22), its income, a little of its stock and, worth more than the stock
  they cost, the buildings of the towns it holds (a Dwelling lets it Recruit a stronger tier, a
  Citadel Reinforce: without them Gold piles up unspent);
* **army**: each unit's strength as the combat reckons it, ``(attack + defence + 2) × HP``
  (a Pack side with its Few side to come), its Level;
* **a plan** for each hero on the map (a one-step lookahead would wander without one): how
  close it stands to the best target for it, counted in steps over the face-up fields and the
  face-down slots (stepping onto one costs its reveal; a guarded field costs more steps by its
  level): an enemy town or settlement and an enemy Main Hero (the Main Hero's goals, worth
  more as its army outgrows the enemy's), a mine or settlement it does not flag, a one-time
  location not yet used; a guarded target counts by the chance of beating its guard (its
  expected strength from the Field Difficulty Table, §5.23);
* **threats**: a town of its own that an enemy Main Hero stands nearer to than any of its
  heroes puts part of its worth at stake (an undefended town is captured, §8.20);
* **a fight in progress**: the combat's own evaluation of the battle for the seat's side.

A seat that is eliminated is worth nothing. The value is ``(mine - best) / (|mine| + |best|)``
with *best* the worth of the strongest other player still in the game. Nothing hidden (a hand,
a deck, a face-down tile) is read: only how many cards a hand holds. The weights are
:data:`WEIGHTS` (tuned by benchmarks/homm3_bots.py)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from typing import Any

from rulekeeper.core.graph import TileMap, hex_key, key_hex
from rulekeeper.core.hexes import neighbours
from rulekeeper.games.homm3 import evaluation as combat
from rulekeeper.games.homm3.battle.neutrals import FIELD_TABLE, TIER_LETTERS, tier_deck
from rulekeeper.games.homm3.map import board, economy, places
from rulekeeper.games.homm3.map.geometry import slot_fields
from rulekeeper.games.homm3.map.model import MAIN, NOBODY_SEAT
from rulekeeper.games.homm3.map.teams import allied, team_mode

__all__ = [
    "TEAM_WEIGHTS",
    "WEIGHTS",
    "ai_plan",
    "ai_strength",
    "ai_worth",
    "army_strength",
    "buildings_worth",
    "cube_progress",
    "distances",
    "evaluate",
    "guard_strength",
    "guards",
    "plan_value",
    "take_chance",
    "targets",
    "team_evaluate",
    "threat",
    "town_danger",
    "troop_strength",
    "worth",
]

WEIGHTS: Mapping[str, float] = {
    "own-town": 12.0,
    "enemy-town": 30.0,
    "settlement": 8.0,
    "cube": 6.0,
    "income": 1.5,
    "stock": 0.15,
    "building": 0.35,
    "army": 1.0,
    "level": 3.0,
    "hand": 0.3,
    "fight": 12.0,
    "target-enemy": 10.0,
    "target-hero": 6.0,
    "victory-cube": 15.0,
    "target-flag": 6.0,
    "target-visit": 2.5,
    "target-guarded": 1.5,
}
"""The evaluation's weights (tuned by playing greedy against random, benchmarks/homm3_bots.py):
what each town, settlement, cube, point of income (Gold, Building Materials ×2, Valuables ×4)
and stock is worth; the army's strength unit; a fight's whole swing; each plan target's worth
when reached."""
REVEAL_STEPS = 2
"""Stepping from the open map onto a face-down tile counts as this many steps (it is revealed
first, for 1 MP, §5.1)."""
ODDS_LOW, ODDS_HIGH = 0.8, 1.8
"""An army this many times the guard's strength has no chance / a sure win (take_chance)."""
GUARD_STEPS = 1
"""A field guarded by neutral units not yet beaten counts this many extra steps per level of
difficulty on the way to a target (a hero goes round it when it can)."""
SECONDARY_SIEGE = 0.25
"""A Secondary Hero heads for the enemy's places at this share of their worth (it fights with
the Main Hero's Level but without cards, §5.6)."""
THREAT_STEPS = 4
"""An enemy Main Hero this many steps from a town (or nearer) threatens it (threat)."""
THREAT_SHARE = 0.5
"""The share of a threatened town's worth at stake when the enemy stands next to it."""
PRESSURE = 1.0
"""The enemy's places and Main Hero are worth this much more as targets at the round limit,
in proportion to the rounds played (a victory before the limit is the way to win, §1.4)."""
HORIZON = 24
"""A target this many steps away (or more) adds nothing to the plan."""
RESOURCE_WORTH: Mapping[str, float] = {"gold": 1.0, "materials": 2.0, "valuables": 4.0}
"""Gold, Building Materials and Valuables in Gold (roughly the price table's rates)."""
STRENGTH_UNIT = 10.0
"""A unit's ``(attack + defence + 2) × HP`` is divided by this (a Bronze Few side: about 2)."""

DIFFICULTIES = ("easy", "normal", "hard", "impossible")


def evaluate(state: Any, seat: int) -> float:
    """*seat*'s worth against the strongest other player's, in -1..1 (module doc); in solo
    and co-op the team's against the AI heroes' (:func:`team_evaluate`)."""
    if team_mode(state):
        return team_evaluate(state, seat)
    mine = worth(state, seat)
    others = [worth(state, p.seat) for p in state.players if p.seat != seat and not p.eliminated]
    best = max(others, default=0.0)
    total = abs(mine) + abs(best)
    return 0.0 if total <= 0 else max(-1.0, min(1.0, (mine - best) / total))


def worth(state: Any, seat: int) -> float:
    """What *seat* holds, its army, its plan and its share of a fight (module doc)."""
    player = state.players[seat]
    if player.eliminated:
        return 0.0
    held = places.held_places(state, seat)
    towns = {town.field: town for town in state.towns}
    value = 0.0
    for key in held:
        town = towns.get(key)
        if town is None:
            value += WEIGHTS["settlement"]
        else:
            value += WEIGHTS["own-town" if town.seat == seat else "enemy-town"]
    value += WEIGHTS["cube"] * len(player.cubes)
    value += WEIGHTS["victory-cube"] * cube_progress(state, seat)
    value += WEIGHTS["income"] * _in_gold(economy.income(state, seat))
    value += WEIGHTS["stock"] * _in_gold(player.resources.amounts)
    value += WEIGHTS["building"] * buildings_worth(state, held, towns)
    army = army_strength(state, seat)
    value += WEIGHTS["army"] * army
    value += WEIGHTS["level"] * (player.level + 0.5 * player.experience)
    value += WEIGHTS["hand"] * len(player.hand)
    value += plan_value(state, seat, army)
    value -= threat(state, seat, held, towns)
    if state.battle is not None:
        value += WEIGHTS["fight"] * _fight(state, seat)
    return float(value)


def buildings_worth(state: Any, held: Iterable[str], towns: Mapping[str, Any]) -> float:
    """What the buildings of the towns in *held* cost, in Gold (:data:`RESOURCE_WORTH`)."""
    total = 0.0
    for key in held:
        town = towns.get(key)
        if town is not None:
            board = state.game.pack.towns[town.faction]
            total += sum(_in_gold(board.building(b).cost.amounts()) for b in town.buildings)
    return total


def _in_gold(amounts: Mapping[str, int]) -> float:
    return float(sum(RESOURCE_WORTH.get(name, 0.0) * n for name, n in amounts.items()))


def cube_progress(state: Any, seat: int) -> int:
    """How many of the cubes a scenario's ``cubes`` victory condition asks for *seat* holds
    (§5.22: N cubes, or N of each other faction); 0 without such a condition."""
    cubes = state.players[seat].cubes
    best = 0
    for condition in state.game.scenario.victory:
        if condition.kind != "cubes":
            continue
        each = int(condition.params.get("each") or 0)
        if each:
            others = [p.faction for p in state.players if p.seat != seat and not p.eliminated]
            best = max(best, sum(min(each, cubes.count(f)) for f in others))
        else:
            best = max(best, min(len(cubes), int(condition.params.get("count", 1))))
    return best


def troop_strength(pack: Any, card_id: str, side: str) -> float:
    """A unit card's strength as the combat reckons it (its Few side to come for a Pack)."""
    printed = pack.units.get(card_id)
    if printed is None:
        return 0.0
    shown = printed.side(side)
    hp = shown.hp + (printed.few.hp if side == "pack" and printed.two_sided else 0)
    return float((max(0, shown.attack) + max(0, shown.defence) + 2) * hp / STRENGTH_UNIT)


def army_strength(state: Any, seat: int) -> float:
    """The strength of *seat*'s unit deck (:func:`troop_strength` summed)."""
    pack = state.game.pack
    return sum(troop_strength(pack, t.card, t.side) for t in state.players[seat].units)


def guard_strength(state: Any, level: int) -> float:
    """The expected strength of the neutral units guarding a field of *level* at the game's
    difficulty (the Field Difficulty Table's tiers, each the mean of its neutral deck)."""
    return float(
        state.game.derived(
            ("guard-strength", state.difficulty, level),
            lambda: _guard_strength(state.game.pack, state.difficulty, level),
        )
    )


def _guard_strength(pack: Any, difficulty: str, level: int) -> float:
    found = 0.0
    for letter in FIELD_TABLE[level][DIFFICULTIES.index(difficulty)]:
        deck = tier_deck(pack, TIER_LETTERS[letter])
        if deck:
            found += sum(troop_strength(pack, card, "few") for card in deck) / len(deck)
    return found


def take_chance(mine: float, theirs: float) -> float:
    """A rough chance that an army of strength *mine* beats one of *theirs*: none below
    :data:`ODDS_LOW` times their strength, sure above :data:`ODDS_HIGH` times, linear between."""
    if theirs <= 0:
        return 1.0
    ratio = mine / theirs
    return max(0.0, min(1.0, (ratio - ODDS_LOW) / (ODDS_HIGH - ODDS_LOW)))


def _fight(state: Any, seat: int) -> float:
    """The battle in progress as the combat evaluates it for *seat*'s side (0: not a side)."""
    if not any(army.seat == seat for army in state.battle.armies):
        return 0.0
    return float(combat.evaluate(state, seat))


# ---------------------------------------------------------------------------- the plan


def guards(state: Any) -> dict[str, int]:
    """The fields guarded by neutral units not yet beaten, with their difficulty."""
    out = {}
    for key, _location, _category, difficulty in _printed(state):
        if difficulty > 0:
            site = state.sites.get(key)
            if site is None or not (site.visited or site.flagged_before):
                out[key] = difficulty
    return out


def targets(state: Any, seat: int) -> dict[str, list[str]]:
    """The fields *seat*'s heroes may head for, by kind: ``enemy`` (a town or settlement
    another player holds, or a town nobody holds), ``hero`` (another player's Main Hero: a won
    fight takes its faction cube, §5.22), ``flag`` (a mine or settlement *seat* does not flag),
    ``visit`` (a one-time location not used yet), ``guarded`` (a guard not beaten)."""
    found: dict[str, list[str]] = {"enemy": [], "hero": [], "flag": [], "visit": [], "guarded": []}
    for item in state.heroes:
        if not allied(state, seat, item.seat) and item.role == MAIN and item.on_map:
            found["hero"].append(item.field)
    for town in state.towns:
        if not allied(state, seat, town.owner):
            found["enemy"].append(town.field)
    for key, location, category, difficulty in _printed(state):
        site = state.sites.get(key)
        owner = NOBODY_SEAT if site is None else site.owner
        used = site is not None and site.visited
        if location == "settlement" and owner != NOBODY_SEAT and not allied(state, seat, owner):
            found["enemy"].append(key)
        elif (
            category == "flaggable"
            and not allied(state, seat, owner)
            and not _visited_by(state, site, seat)
        ):
            found["flag"].append(key)
        elif category == "one-time" and not used:
            found["visit"].append(key)
        elif difficulty > 0 and not used:
            found["guarded"].append(key)
    return found


def _visited_by(state: Any, site: Any, seat: int) -> bool:
    """Whether *seat* has used up a location visited once per faction (an Obelisk, §8.14): it
    is never flagged, so it stays a target only until the seat's visit."""
    if site is None or seat not in site.visitors:
        return False
    printed = board.field_at(state, site.field)
    location = None if printed is None else state.game.pack.locations.get(printed.location)
    return location is not None and "per-faction" in location.traits


def _printed(state: Any) -> list[tuple[str, str, str, int]]:
    """Each face-up field with something on it but a town: its key, location, category and
    difficulty (kept by the map)."""
    found: list[tuple[str, str, str, int]] = state.tilemap().derived(
        "printed-places", lambda: _printed_places(state)
    )
    return found


def _printed_places(state: Any) -> list[tuple[str, str, str, int]]:
    tilemap = state.tilemap()
    locations = state.game.pack.locations
    out = []
    for spot_hex in tilemap.spots:
        key = hex_key(spot_hex)
        printed = board.field_at(state, key)
        if printed is None or printed.location in ("empty", "blocked", "town"):
            continue
        entry = locations.get(printed.location)
        category = entry.category if entry is not None else "none"
        out.append((key, printed.location, category, int(printed.difficulty)))
    return out


def distances(
    state: Any, goals: Iterable[str], guarded: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Steps from each field to the nearest of *goals*, over the face-up open fields and the
    face-down slots' fields, a guarded field (*guarded*, default :func:`guards`) counting
    :data:`GUARD_STEPS` more per level (kept by the map, per goals and guards)."""
    goal_keys = tuple(sorted(goals))
    tilemap = state.tilemap()
    down = tuple(item.at for item in state.face_down)
    guarded = guards(state) if guarded is None else guarded
    key = ("distances", down, goal_keys, tuple(sorted(guarded.items())))
    found: dict[str, int] = tilemap.derived(
        key, lambda: _distances(tilemap, down, goal_keys, guarded)
    )
    return found


def _distances(
    tilemap: TileMap, down: tuple[str, ...], goal_keys: tuple[str, ...], guarded: Mapping[str, int]
) -> dict[str, int]:
    ground = _ground(tilemap, down)
    hidden = _hidden_fields(down)
    found: dict[str, int] = {}
    queue: list[tuple[int, str]] = [(0, key) for key in goal_keys if key in ground]
    heapq.heapify(queue)
    while queue:
        steps, key = heapq.heappop(queue)
        if key in found:
            continue
        found[key] = steps
        for other in ground[key]:
            if other not in found:
                # the hero steps from *other* onto *key*: a reveal first, or a guard to beat
                cost = REVEAL_STEPS if key in hidden and other not in hidden else 1
                cost += GUARD_STEPS * guarded.get(key, 0) if key not in goal_keys else 0
                heapq.heappush(queue, (steps + cost, other))
    return found


def _hidden_fields(down: tuple[str, ...]) -> set[str]:
    return {hex_key(h) for at in down for h in slot_fields(key_hex(at))}


def _ground(tilemap: TileMap, down: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each open field's open neighbours: face-up fields by the map's graph, face-down slot
    fields by plain hex adjacency (a revealed tile's blocked fields are unknown); kept by the
    map."""
    found: dict[str, tuple[str, ...]] = tilemap.derived(
        ("ground", down), lambda: _open_ground(tilemap, down)
    )
    return found


def _open_ground(tilemap: TileMap, down: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    graph = tilemap.graph
    closed = graph.closed
    hidden = _hidden_fields(down)
    fields = {hex_key(h) for h in tilemap.spots if hex_key(h) not in closed} | hidden
    out: dict[str, tuple[str, ...]] = {}
    for key in fields:
        near = set(graph.neighbours(key)) if key in graph and key not in hidden else set()
        near |= {hex_key(h) for h in neighbours(key_hex(key)) if hex_key(h) in hidden}
        if key in hidden:
            near |= {hex_key(h) for h in neighbours(key_hex(key)) if hex_key(h) in fields}
        out[key] = tuple(sorted(near & fields))
    return out


def _closeness(steps: int | None) -> float:
    """1 on the target, falling to 0 at :data:`HORIZON` steps (0 when unreachable)."""
    if steps is None:
        return 0.0
    return max(0.0, 1.0 - steps / HORIZON)


def threat(state: Any, seat: int, held: Iterable[str], towns: Mapping[str, Any]) -> float:
    """What *seat* stands to lose to enemy Main Heroes near its towns: for each town it holds
    that an enemy Main Hero could reach within :data:`THREAT_STEPS` steps before any of its own
    heroes, a share of the town's worth, the larger the nearer the enemy."""
    enemies = [
        h.field
        for h in state.heroes
        if not allied(state, seat, h.seat) and h.role == MAIN and h.on_map
    ]
    if not enemies:
        return 0.0
    own = [h.field for h in state.heroes if h.seat == seat and h.on_map]
    total = 0.0
    for key in held:
        town = towns.get(key)
        if town is None:
            continue
        far = distances(state, [key], {})
        enemy = min((far[f] for f in enemies if f in far), default=None)
        if enemy is None or enemy > THREAT_STEPS:
            continue
        mine = min((far[f] for f in own if f in far), default=None)
        if mine is not None and mine <= enemy:
            continue
        worth_of = WEIGHTS["own-town" if town.seat == seat else "enemy-town"]
        total += THREAT_SHARE * worth_of * (1.0 - enemy / (THREAT_STEPS + 1))
    return total


def plan_value(state: Any, seat: int, army: float | None = None) -> float:
    """How close *seat*'s heroes stand to their best targets (module doc): each hero counts
    its best target's worth times its closeness; a guarded target's worth is scaled by the
    chance of beating its guard, the enemy's places by the chance against the strongest
    enemy army (at least half their worth: an undefended town falls without a fight)."""
    heroes = [h for h in state.heroes if h.seat == seat and h.on_map]
    if not heroes:
        return 0.0
    mine = army_strength(state, seat) if army is None else army
    if team_mode(state):
        rivals = [ai_strength(state, item) for item in state.ai_heroes if item.on_map]
    else:
        rivals = [army_strength(state, p.seat) for p in state.players if p.seat != seat]
    guarded = guards(state)
    late = min(1.0, state.round / max(1, state.rounds_limit()))
    groups: dict[tuple[str, int], list[str]] = {}
    for kind, keys in targets(state, seat).items():
        for key in keys:
            groups.setdefault((kind, guarded.get(key, 0)), []).append(key)
    worths = {}
    for kind, level in groups:
        if kind == "enemy":
            chance = 0.5 + take_chance(mine, max(rivals, default=0.0))
        elif kind == "hero":
            chance = take_chance(mine, max(rivals, default=0.0))
        else:
            chance = take_chance(mine, guard_strength(state, level)) if level else 1.0
        urgency = 1.0 + PRESSURE * late if kind in ("enemy", "hero") else 1.0
        worths[(kind, level)] = WEIGHTS[f"target-{kind}"] * chance * urgency
    maps = {
        group: distances(state, keys, guarded)
        for group, keys in groups.items()
        if worths[group] > 0
    }
    value = 0.0
    for item in heroes:
        best = 0.0
        for group, far in maps.items():
            weight = worths[group]
            if group[0] in ("enemy", "hero") and item.role != MAIN:
                weight *= SECONDARY_SIEGE
            best = max(best, weight * _closeness(far.get(item.field)))
        value += best
    return value


# ---------------------------------------------------------------------------- solo, co-op

TEAM_WEIGHTS: Mapping[str, float] = {
    "ai-hero": 20.0,
    "target-ai": 16.0,
    "town-at-stake": 40.0,
}
"""Solo and co-op only (issue 26 §4; Clash never reads them): what an AI hero still on the map
is worth to its side besides its army (beating every one wins, the scenario's
``defeat-ai-heroes``), a Main Hero standing on an AI hero it can beat (the plan's AI target),
and a starting town an AI hero is about to take (the scenario's ``lose-start-town``)."""
AI_EDGE = 1.3
"""An AI hero fights with its AI deck as well as its units (§5.24.1): its army counts this much
more against a player's (:func:`ai_strength`)."""
LEVEL_EDGE = 0.1
"""A player's army counts this share more per Level of its hero against an AI hero."""
AI_PRESSURE = 2.0
"""The AI target is worth this much more at the round limit, in proportion to the rounds
played (the last round ending without a victory is a defeat, solo-1's ``at_limit``)."""
AI_MP = 3
"""Fields an AI hero moves a round (homm3.md §5.24.2)."""
DANGER_ROUNDS = 2
"""An AI hero this many rounds of its moves from a starting town (or nearer) endangers it."""


def ai_strength(state: Any, item: Any) -> float:
    """An AI hero's army strength (:func:`troop_strength` summed) with its AI deck's edge."""
    pack = state.game.pack
    return AI_EDGE * sum(troop_strength(pack, t.card, t.side) for t in item.units)


def ai_worth(state: Any) -> float:
    """What the AI heroes still on the map are worth to their side: each one and its army."""
    return sum(
        TEAM_WEIGHTS["ai-hero"] + WEIGHTS["army"] * ai_strength(state, item)
        for item in state.ai_heroes
        if item.on_map
    )


def team_evaluate(state: Any, seat: int) -> float:
    """Solo and co-op (issue 26 §4): the team's worth (every seat still playing: its
    :func:`worth`, its :func:`ai_plan`, less its :func:`town_danger`) against the AI heroes'
    (:func:`ai_worth`), in -1..1. *seat* counts its teammates' worth as its own."""
    mine = 0.0
    for player in state.players:
        if not player.eliminated:
            mine += worth(state, player.seat)
            mine += ai_plan(state, player.seat) - town_danger(state, player.seat)
    theirs = ai_worth(state)
    total = abs(mine) + abs(theirs)
    return 0.0 if total <= 0 else max(-1.0, min(1.0, (mine - theirs) / total))


def _own_edge(state: Any, seat: int) -> float:
    """*seat*'s army strength against an AI hero (its Level's edge counted)."""
    return army_strength(state, seat) * (1.0 + LEVEL_EDGE * float(state.players[seat].level))


def ai_plan(state: Any, seat: int) -> float:
    """How close *seat*'s Main Hero stands to the AI hero it is likeliest to beat: the AI
    target's worth times the chance of beating it (:func:`take_chance`), growing towards the
    round limit, times the closeness (:func:`distances`, no guard in the way: an AI hero
    clears them, §5.24.2)."""
    heroes = [h for h in state.heroes if h.seat == seat and h.on_map and h.role == MAIN]
    if not heroes:
        return 0.0
    mine = _own_edge(state, seat)
    late = min(1.0, state.round / max(1, state.rounds_limit()))
    weight = TEAM_WEIGHTS["target-ai"] * (1.0 + AI_PRESSURE * late)
    best = 0.0
    for item in state.ai_heroes:
        if not item.on_map:
            continue
        chance = take_chance(mine, ai_strength(state, item))
        if chance <= 0.0:
            continue
        far = distances(state, [item.field], {})
        for hero in heroes:
            best = max(best, weight * chance * _closeness(far.get(hero.field)))
    return best


def town_danger(state: Any, seat: int) -> float:
    """What *seat* stands to lose at its starting town (the scenario's ``lose-start-town``):
    when an AI hero is within :data:`DANGER_ROUNDS` rounds of it and none of the team's heroes
    stands nearer to the town, a share of :data:`TEAM_WEIGHTS` ``town-at-stake``, the larger the
    nearer the AI hero; less by the chance that a hero in the way beats it."""
    if "lose-start-town" not in state.game.scenario.defeat:
        return 0.0
    towns = [t for t in state.towns if t.seat == seat and t.owner == seat]
    raiders = [a for a in state.ai_heroes if a.on_map]
    if not towns or not raiders:
        return 0.0
    own = [h.field for h in state.heroes if h.on_map]
    reach = AI_MP * DANGER_ROUNDS
    total = 0.0
    for town in towns:
        far = distances(state, [town.field], {})
        for item in raiders:
            steps = far.get(item.field)
            if steps is None or steps > reach:
                continue
            mine = min((far[f] for f in own if f in far), default=None)
            odds = take_chance(_own_edge(state, seat), ai_strength(state, item))
            guarded = mine is not None and mine <= steps
            share = (1.0 - odds) if guarded else 1.0
            total += TEAM_WEIGHTS["town-at-stake"] * share * (1.0 - steps / (reach + 1))
    return total
