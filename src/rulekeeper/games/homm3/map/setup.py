"""Setting up a Clash game from its scenario (homm3.md §3 steps 1–22, §5.1, §5.23, §8.30).

Each seat gets its faction's kit: the Main Hero at Level I on the Town field of its Starting
tile, the town with the scenario's starting buildings, resources, income and army, and the
Might & Magic deck its hero board lists (Statistic cards, Magic Arrows, the starting Ability,
the Level I Specialty), shuffled. The map is laid as the scenario's layout says: fixed tiles,
slots dealt from shuffled pools of a kind (face down unless the scenario says otherwise) and
each player's own face-down Far pool. The shared decks (Ability, Artifact, Spell with the top
card of each turned up as its discard pile, the four Neutral tier decks, Astrologers Proclaim)
are shuffled; the first player is drawn with the state's seeded stream (§3 step 22).

Each Starting tile is laid turned as its seat's scenario entry says (``rotation``) or unturned;
after the Starting Bonus each player whose rotation the scenario leaves open turns its tile
(§3 step 21, :class:`StartRotationStep`), in a rotation that cuts no path off: the rule a
revealed tile is laid by (geometry.py ``reveal_refusal``), the tile's own slot taken as the
face-down one. The Town and the heroes on its field move with the tile.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Ledger, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.core.graph import TileMap, hex_key
from rulekeeper.games.homm3.battle.neutrals import tier_deck
from rulekeeper.games.homm3.map import ai_heroes, board, carry, geometry
from rulekeeper.games.homm3.map.model import (
    MAIN,
    RESOURCES,
    SECONDARY,
    MapHero,
    Player,
    Town,
    Troop,
)

__all__ = [
    "FACTIONS",
    "RULE_ROTATE",
    "STARTING_TILES",
    "StartRotationStep",
    "rotate_start",
    "rotation_refusal",
    "rotation_step",
    "set_up",
    "start_rotations",
    "starting_deck",
]

RULE_ROTATE = "homm3.md §3 step 21: players may rotate their Starting tiles freely"

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
        turned = entry.rotation or 0
        state.lay(geometry.lay(game.catalogue[tile], at, turned))
        town_field = _town_field(state, tile, at, faction, turned)
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
    carry.apply(state, taken)  # a campaign's hero (issue 26 §3)
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
    ai_heroes.set_up(state)
    first = rng.below(game.num_players)
    state.order = [(first + i) % game.num_players for i in range(game.num_players)]
    state.events.append("first-player", {"seat": first})


def secondary_of(pack: Any, hero_id: str) -> str:
    """The faction's other hero, whose figure is the Secondary Hero (§2.2, §5.6)."""
    faction = pack.heroes[hero_id].faction
    others = [h for h in sorted(pack.heroes) if h != hero_id and pack.heroes[h].faction == faction]
    return str(others[0])


def _town_field(state: Any, tile: str, at: str, faction: str, rotation: int = 0) -> str:
    """The board field of *faction*'s town on its Starting tile laid on slot *at* turned
    *rotation*."""
    printed = state.game.pack.tiles[tile]
    position = next(
        f.position for f in printed.fields if f.location == "town" and f.faction == faction
    )
    return hex_key(geometry.position_hex(at, position, rotation))


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


# --------------------------------------------------------------------------- §3 step 21


def _start_index(state: Any, seat: int) -> int:
    """Where *seat*'s Starting tile stands in ``state.placements``."""
    at = state.game.scenario.layout(state.game.num_players).seats[seat].start
    return next(i for i, p in enumerate(state.placements) if p.anchor == at)


def _without_start(state: Any, seat: int) -> tuple[TileMap, Any, list[str]]:
    """The map without *seat*'s Starting tile, its placement, and the face-down slots with
    the tile's own slot among them (as the reveal rule sees a tile still to be laid)."""
    index = _start_index(state, seat)
    placement = state.placements[index]
    others = [p for i, p in enumerate(state.placements) if i != index]
    slots = [slot.at for slot in state.face_down] + [hex_key(placement.anchor)]
    return TileMap.of(state.game.catalogue, others), placement, slots


def start_rotations(state: Any, seat: int) -> list[int]:
    """The rotations *seat*'s Starting tile may be turned to (those the reveal rule allows,
    geometry.py ``reveal_rotations``; :func:`rotation_refusal` says why not)."""
    tilemap, placement, slots = _without_start(state, seat)
    catalogue = state.game.catalogue
    return geometry.reveal_rotations(
        tilemap, catalogue, placement.tile, placement.anchor, None, slots
    )


def rotation_refusal(state: Any, seat: int, rotation: int) -> Refusal | None:
    """Why *seat*'s Starting tile may not be turned *rotation* (§3 step 21: freely, but, as
    every tile laid, cutting no path off: geometry.py ``reveal_refusal``, §5.1, §9.13), or
    None."""
    tilemap, placement, slots = _without_start(state, seat)
    catalogue = state.game.catalogue
    return geometry.reveal_refusal(
        tilemap, catalogue, placement.tile, placement.anchor, rotation, None, slots
    )


def rotate_start(state: Any, seat: int, rotation: int) -> None:
    """Lay *seat*'s Starting tile again turned *rotation*; its Town and the heroes on the
    Town's field move with it."""
    index = _start_index(state, seat)
    old = state.placements[index]
    at = hex_key(old.anchor)
    state.placements[index] = geometry.lay(state.game.catalogue[old.tile], at, rotation)
    state._tilemap = None  # MapState.tilemap: made again from the new placements
    town = next(t for t in state.towns if t.seat == seat)
    field = _town_field(state, old.tile, at, town.faction, rotation)
    for item in state.heroes:
        if item.field == town.field:
            item.field = field
    town.field = field
    state.events.append(
        "start-rotated", {"seat": seat, "tile": old.tile, "at": at, "rotation": rotation}
    )


def rotation_step(state: Any) -> StartRotationStep | None:
    """The step asking the seats, in turn order, to turn their Starting tiles: those whose
    rotation the scenario leaves open (None: every rotation is fixed)."""
    seats = state.game.scenario.layout(state.game.num_players).seats
    open_seats = [seat for seat in state.order if seats[seat].rotation is None]
    return StartRotationStep(seats=open_seats) if open_seats else None


@dataclass
class StartRotationStep(Step[Any]):
    """The first of ``seats`` turns its Starting tile: ``lay at=Q,R rotation=N`` (the slot is
    its start; the exploration's words for laying a tile)."""

    kind = "start-rotation"
    rule = RULE_ROTATE
    public_kinds = frozenset({"lay"})
    seats: list[int] = dataclasses.field(default_factory=list)

    def actor(self, state: Any) -> int:
        return self.seats[0]

    def slot(self, state: Any) -> str:
        """The slot of the deciding seat's Starting tile."""
        return hex_key(state.placements[_start_index(state, self.seats[0])].anchor)

    def tile_of(self, state: Any) -> str:
        """The deciding seat's Starting tile."""
        return str(state.placements[_start_index(state, self.seats[0])].tile)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if seat != self.seats[0]:
            return []
        at = self.slot(state)
        return [Action.of("lay", at=at, rotation=turn) for turn in start_rotations(state, seat)]

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.seats[0]:
            return (self.rule, f"the seat turning its Starting tile now is seat {self.seats[0]}")
        at = self.slot(state)
        turn = action.get("rotation")
        if action.kind != "lay" or action.get("at") != at or not isinstance(turn, int):
            return (self.rule, f"turn your Starting tile: lay at={at} rotation=0..5")
        if sorted(name for name, _ in action.params) != ["at", "rotation"]:
            return (self.rule, f"write it as: lay at={at} rotation=0..5")
        return rotation_refusal(state, seat, turn)

    def apply(self, state: Any, action: Action, seat: int) -> None:
        rotate_start(state, seat, action.int_param("rotation"))
        self.seats = self.seats[1:]
        if not self.seats:
            state.flow.pop()
