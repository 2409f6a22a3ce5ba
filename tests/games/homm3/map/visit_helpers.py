"""Helpers of the visiting tests (test_locations.py, test_flags.py, test_dice.py): a fresh Clash
game at the first player's actions, a tile laid far off the map with the wanted location, a
hero sent onto it and its visit resolved."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import CHANCE, Action, load_game
from rulekeeper.core.graph import hex_key
from rulekeeper.games.homm3.map import geometry, visiting
from rulekeeper.games.homm3.map.game import MapState
from rulekeeper.games.homm3.map.model import MapHero
from rulekeeper.games.homm3.map.turn import TurnStep


def at_turn(options: dict[str, str] | None = None, seed: int = 1) -> MapState:
    """A fresh 2-player Clash game (Castle against Dungeon, no Starting Bonus) at the first
    player's actions (seat 0 with this seed), hands full."""
    game = load_game(
        "homm3",
        players=2,
        scenario="clash-2",
        difficulty="impossible",
        factions="castle,dungeon",
        options=options or {},
    )
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, MapState)
    while not isinstance(state.flow.top(), TurnStep) or state.flow.top().stage != "act":
        seat, draw = state.current_player(), Action.of("draw")
        legal = state.legal_actions(seat)  # else the first: a Starting tile unturned (§3 step 21)
        state.apply_action(draw if draw in legal else legal[0], seat)
    return state


def free_slot(state: MapState) -> tuple[int, int]:
    """An empty tile slot far from the map (nothing lies on it or next to it)."""
    taken = geometry.occupied_slots(state.tilemap(), [slot.at for slot in state.face_down])
    for m in range(8, 40, 2):
        centre = (2 * m, m)
        if centre not in taken and not set(geometry.neighbour_slots(centre)) & taken:
            return centre
    raise AssertionError("no free slot")


def lay_location(state: MapState, location: str, **match: Any) -> str:
    """Lay face up, far off the map, a tile not yet face up that has a *location* field (its
    parameters as *match* says; one in no hidden pool if there is one); that field's key."""
    placed = {p.tile for p in state.placements}
    hidden = {t for tiles in state.tiles_down.values() for t in tiles}
    hidden |= {t for player in state.players for t in player.far_pool}
    tiles = sorted(state.game.pack.tiles.values(), key=lambda t: t.id in hidden)
    for tile in tiles:
        if tile.id in placed:
            continue
        for printed in tile.fields:
            if printed.location != location:
                continue
            if any(getattr(printed, name) != value for name, value in match.items()):
                continue
            centre = free_slot(state)
            state.lay(geometry.lay(state.game.catalogue[tile.id], centre, 0))
            return hex_key(geometry.position_hex(centre, printed.position, 0))
    raise AssertionError(f"no tile with a {location} field {match}")


def hero_of(state: MapState, seat: int) -> MapHero:
    """*seat*'s Main Hero."""
    return next(h for h in state.heroes if h.seat == seat and h.role == "main")


def enter(state: MapState, seat: int, key: str) -> MapHero:
    """*seat*'s Main Hero stands on *key* and visits it; the state settled."""
    item = hero_of(state, seat)
    item.previous, item.field = item.field, key
    visiting.visit(state, item, key)
    state.settle()
    return item


def top_kind(state: MapState) -> str:
    """The kind of the pending step on top."""
    return str(state.flow.top().kind)


def act(state: MapState, action: Action, seat: int | None = None) -> None:
    """Apply *action* for *seat* (default: whoever acts now)."""
    state.apply_action(action, state.current_player() if seat is None else seat)


def roll(state: MapState, die: str, face: str) -> None:
    """Resolve the pending chance step as *die* showing *face*."""
    assert state.current_player() == CHANCE
    state.apply_action(Action.of("roll", die=die, face=face), CHANCE)
