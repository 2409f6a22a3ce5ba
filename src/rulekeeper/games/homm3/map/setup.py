"""Setting up a Clash game from its scenario (homm3.md §3 steps 1–22, §5.1, §5.23, §8.30).

Each seat gets its faction's kit: the Main Hero at Level I on the Town field of its Starting
tile, the town with the scenario's starting buildings, resources, income and army, and the
Might & Magic deck its hero board lists (Statistic cards, Magic Arrows, the starting Ability,
the Level I Specialty), shuffled. The map is laid as the scenario's layout says: fixed tiles,
slots dealt from shuffled pools of a kind (face down unless the scenario says otherwise) and
each player's own face-down Far pool. The shared decks (Ability, Artifact, Spell with the top
card of each turned up as its discard pile, the four Neutral tier decks, Astrologers Proclaim)
are shuffled; the first player is drawn with the state's seeded stream (§3 step 22).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulekeeper.core import Ledger
from rulekeeper.core.graph import hex_key
from rulekeeper.games.homm3.battle.neutrals import tier_deck
from rulekeeper.games.homm3.map import board, geometry
from rulekeeper.games.homm3.map.model import (
    MAIN,
    RESOURCES,
    SECONDARY,
    MapHero,
    Player,
    Town,
    Troop,
)

__all__ = ["FACTIONS", "STARTING_TILES", "set_up", "starting_deck"]

FACTIONS = ("castle", "dungeon", "necropolis")
TIERS = ("bronze", "silver", "gold", "azure")


def starting_tile(pack: Any, faction: str) -> str:
    """The Starting tile whose town is *faction*'s (S1 Necropolis, S2 Dungeon, S3 Castle)."""
    for tile in pack.tiles.values():
        if tile.kind == "starting" and any(
            f.location == "town" and f.faction == faction for f in tile.fields
        ):
            return str(tile.id)
    raise ValueError(f"no Starting tile has a {faction} town")


STARTING_TILES = starting_tile
"""The Starting tile of a faction (a function of the pack)."""


def starting_deck(pack: Any, hero_id: str) -> list[str]:
    """The 9-card starting deck of *hero_id* (§3 steps 11–13): its Statistic cards, 1 or 2
    Magic Arrows, its starting Ability and its Level I Specialty (unshuffled, id order)."""
    hero = pack.heroes[hero_id]
    cards = [
        *["attack"] * hero.attack,
        *["defence"] * hero.defence,
        *["power"] * hero.power,
        *["knowledge"] * hero.knowledge,
        *["magic-arrow"] * hero.magic_arrows,
        hero.starting_ability,
    ]
    first = next(
        (c for c in hero.specialties if pack.specialties[c].level == 1), hero.specialties[0]
    )
    return sorted([*cards, first])


def shared_deck(pack: Any, kind: str, taken: Counter[str]) -> list[str]:
    """Every copy of the Ability, Artifact or Spell cards, less those *taken* into starting
    decks (§3 steps 11–15), in id order."""
    cards = {"ability": pack.abilities, "artifact": pack.artifacts, "spell": pack.spells}[kind]
    out: list[str] = []
    for card_id in sorted(cards):
        out.extend([card_id] * max(0, cards[card_id].copies - taken[card_id]))
    return out


def set_up(state: Any) -> None:
    """Lay out the scenario for the game's players on *state* (module doc)."""
    game = state.game
    pack, scenario = game.pack, game.scenario
    layout = scenario.layout(game.num_players)
    rng = state.rng
    state.round = 0
    state.difficulty = game.difficulty
    state.players, state.heroes, state.towns = [], [], []
    state.placements, state.face_down, state.sites = [], [], {}
    taken: Counter[str] = Counter()
    for seat, faction in enumerate(game.factions):
        hero_id = game.heroes[seat]
        entry = layout.seats[seat]
        start = entry.setup
        tile = starting_tile(pack, faction)
        at = hex_key(entry.start)
        state.lay(geometry.lay(game.catalogue[tile], at, 0))
        town_field = _town_field(state, tile, at, faction)
        deck = starting_deck(pack, hero_id)
        taken.update(deck)
        rng.shuffle(deck)
        army = [Troop(card, side) for card, side in start.army.get(faction, ())]
        resources = Ledger.of(RESOURCES, {k: v for k, v in start.resources.items() if v})
        player = Player(
            seat=seat,
            faction=faction,
            hero=hero_id,
            resources=resources,
            deck=deck,
            units=list(army),
            start_army=[Troop(t.card, t.side) for t in army],
            base_income={k: v for k, v in start.income.items() if v},
        )
        state.players.append(player)
        state.towns.append(
            Town(
                faction=faction,
                field=town_field,
                seat=seat,
                owner=seat,
                buildings=[f"{faction}-{role}" for role in start.buildings],
            )
        )
        state.heroes.append(MapHero(id=hero_id, seat=seat, role=MAIN, field=town_field))
        if start.secondary_hero or state.option("secondary-hero-at-start"):
            state.heroes.append(
                MapHero(id=secondary_of(pack, hero_id), seat=seat, role=SECONDARY, field=town_field)
            )
    spare = _lay_map(state, layout)
    _deal_far_pools(state, layout, spare)
    for kind in ("ability", "artifact", "spell"):
        pile = shared_deck(pack, kind, taken)
        rng.shuffle(pile)
        state.decks[kind], state.discards[kind] = pile, [pile.pop()] if pile else []
    for tier in TIERS:
        pile = tier_deck(pack, tier)
        rng.shuffle(pile)
        state.decks[f"neutral-{tier}"], state.discards[f"neutral-{tier}"] = pile, []
    astrologers = [c.id for c in pack.astrologers.values() for _ in range(c.copies)]
    rng.shuffle(astrologers)
    state.decks["astrologers"], state.discards["astrologers"] = astrologers, []
    first = rng.below(game.num_players)
    state.order = [(first + i) % game.num_players for i in range(game.num_players)]
    state.events.append("first-player", {"seat": first})


def secondary_of(pack: Any, hero_id: str) -> str:
    """The faction's other hero, whose figure is the Secondary Hero (§2.2, §5.6)."""
    faction = pack.heroes[hero_id].faction
    others = [h for h in sorted(pack.heroes) if h != hero_id and pack.heroes[h].faction == faction]
    return str(others[0])


def _town_field(state: Any, tile: str, at: str, faction: str) -> str:
    """The board field of *faction*'s town on its Starting tile laid on slot *at*."""
    printed = state.game.pack.tiles[tile]
    position = next(
        f.position for f in printed.fields if f.location == "town" and f.faction == faction
    )
    return hex_key(geometry.position_hex(at, position, 0))


def _lay_map(state: Any, layout: Any) -> dict[str, list[str]]:
    """The scenario's fixed tiles and the slots dealt from shuffled pools (§3 step 6, §5.1)."""
    game, rng = state.game, state.rng
    used = {p.tile for p in state.placements}
    pools: dict[str, list[str]] = {}
    for kind, tiles in layout.pools.items():
        pile = [t for t in tiles if t not in used]
        rng.shuffle(pile)
        pools[kind] = pile
    for entry in layout.tiles:
        tile = entry.tile or pools[entry.pool].pop()
        kind = game.pack.tiles[tile].kind
        at = hex_key(entry.at)
        if entry.face == "up":
            state.lay(geometry.lay(game.catalogue[tile], at, entry.rotation))
        else:
            board.put_face_down(state, at, kind, tile)
    return pools


def _deal_far_pools(state: Any, layout: Any, pools: dict[str, list[str]]) -> None:
    """Each player's own face-down Far pool (§5.1), dealt from the Far tiles left."""
    if not layout.far_pool:
        return
    spare = pools.get("far")
    if spare is None:
        laid = {p.tile for p in state.placements} | {
            t for tiles in state.tiles_down.values() for t in tiles
        }
        spare = [
            t.id for t in state.game.pack.tiles.values() if t.kind == "far" and t.id not in laid
        ]
        state.rng.shuffle(spare)
    for player in state.players:
        for _ in range(layout.far_pool):
            if spare:
                player.far_pool.append(spare.pop())
