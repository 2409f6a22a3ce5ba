"""The toy map: two tokens race over tiles of hexes to a gem; the worked example of the core
graph (``core/graph.py``) in a game.

Every tile is a flower of seven fields: a centre ``c`` and a ring ``0``..``5`` (the field in
direction k). The map starts with the ``camp`` tile; the others wait face up in a pool, in a
fixed order. Player 0's token starts on the camp's field ``3``, player 1's on its field ``0``.
In each of the ``rounds`` rounds, player 0 then player 1 takes one turn and does one of:

* ``move to=q,r``: move the token to a field it reaches within ``budget`` movement points. A
  step to a neighbouring field costs 1; no step crosses a wall or enters a blocked field;
  entering the other token's field ends the move. Player 1 also flies: a ``flight`` route of
  cost 2 joins the camp's centre to the centre of each other tile.
* ``explore at=q,r rotation=k``: lay the pool's next tile with its centre on the free slot
  ``at`` of the tiles' lattice (a tile's centre plus a turn of (2, 1)), turned k sixths of a turn,
  so that it touches the token's field and the open fields of the map stay connected.
* ``pass``.

A token ending a turn on the gem wins: +1, the other -1. After the last round: 0 each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from rulekeeper.core import (
    Action,
    Bounds,
    DataError,
    Flow,
    Game,
    JsonObject,
    ProcedureState,
    Reader,
    Refusal,
    Step,
    StepKinds,
    register_game,
)
from rulekeeper.core.fields import as_int
from rulekeeper.core.graph import (
    Edge,
    Graph,
    Mover,
    Placement,
    Tile,
    TileField,
    TileMap,
    Wall,
    destinations,
    hex_key,
    is_connected,
    key_hex,
    placed_fields,
)
from rulekeeper.core.hexes import DIRECTIONS, Hex, are_neighbours, rotations
from rulekeeper.core.record import to_data

MOVE_RULE = "Toy map, Move"
EXPLORE_RULE = "Toy map, Explore"
TURN_RULE = "Toy map, Turn"
MAX_ROUNDS = 100
FLIER = 1
"""The seat whose token may use flight routes."""
LATTICE = rotations((2, 1))
"""From a tile's centre to the centres of the six tiles that may lie around it."""


def flower(name: str, blocked: str = "", walls: Sequence[str] = ()) -> Tile:
    """A seven-field tile: centre ``c`` and ring fields ``0``..``5``; *blocked* lists the
    blocked fields' names, *walls* the walled pairs (``"c0"``: between ``c`` and ``0``)."""
    places = [("c", (0, 0)), *((str(k), d) for k, d in enumerate(DIRECTIONS))]
    fields = tuple(TileField(n, h[0], h[1], n in blocked) for n, h in places)
    return Tile(name, fields, tuple(Wall(pair[0], pair[1]) for pair in walls))


TILES: dict[str, Tile] = {
    tile.name: tile
    for tile in (
        flower("camp"),
        flower("rocks", blocked="12"),
        flower("walls", walls=("c0", "c3", "01")),
        flower("gem", blocked="0"),
        flower("lake", blocked="c"),
    )
}
POOL = ("rocks", "walls", "gem", "lake")
GEM = ("gem", "3")
"""The gem: on the ``gem`` tile's field ``3``."""
STARTS = ("-1,0", "1,0")
PASS = Action.of("pass")


def _not_on(step: Step[Any], above: Step[Any]) -> str:
    return f"a {above.kind} step cannot stand on a {step.kind} step here"


@dataclass
class Race(Step["MapState"]):
    """The root step: a turn after another until someone has won or the rounds are over."""

    kind = "race"

    def run(self, state: MapState) -> None:
        if state.winner >= 0 or state.turn >= 2 * state.game.rounds:
            state.events.append("game_over", {"winner": state.winner})
            state.flow.pop()
        else:
            state.flow.push(Turn(seat=state.turn % 2))

    def check(self, state: MapState, above: Step[Any] | None) -> str | None:
        return None if above is None or isinstance(above, Turn) else _not_on(self, above)


@dataclass
class Turn(Step["MapState"]):
    """One player's turn: move, explore or pass (module doc). Everything is public."""

    kind = "turn"
    rule = TURN_RULE
    public_kinds = None
    seat: Annotated[int, Bounds(0, 1)] = 0

    def actor(self, state: MapState) -> int:
        return self.seat

    def legal(self, state: MapState, seat: int) -> list[Action]:
        moves = [Action.of("move", to=node) for node in state.destinations(seat)]
        explores = [
            Action.of("explore", at=hex_key(p.anchor), rotation=p.rotation)
            for p in state.explorations(seat)
        ]
        return [*moves, *explores, PASS]

    def refusal(self, state: MapState, seat: int, action: Action) -> Refusal | None:
        if action.kind == "move" and action == Action.of("move", to=action.get("to")):
            return state.move_refusal(seat, str(action.get("to")))
        if action.kind == "explore" and [name for name, _ in action.params] == ["at", "rotation"]:
            return state.explore_refusal(seat, action.get("at"), action.get("rotation"))
        if action == PASS:
            return None
        return (TURN_RULE, "move to=q,r, explore at=q,r rotation=0..5, or pass")

    def apply(self, state: MapState, action: Action, seat: int) -> None:
        if action.kind == "move":
            state.tokens[seat] = action.str_param("to")
            state.events.append("moved", {"player": seat, "to": state.tokens[seat]})
        elif action.kind == "explore":
            placement = state.placement(
                key_hex(action.str_param("at")), action.int_param("rotation")
            )
            state.tile_map = state.tile_map.placed(placement)
            state.pool.pop(0)
            state.events.append("explored", {"player": seat, "tile": to_data(placement)})
        if state.tokens[seat] == state.gem():
            state.winner = seat
        state.turn += 1
        state.flow.pop()

    def check(self, state: MapState, above: Step[Any] | None) -> str | None:
        if above is not None:
            return _not_on(self, above)
        return None if self.seat == state.turn % 2 else "it is the other player's turn"


class MapState(ProcedureState):
    """The race's data, declared once: the tiles laid, the pool, the tokens, the turn."""

    STEPS = StepKinds(Race, Turn)
    game: ToyMapGame

    tile_map: TileMap
    pool: list[str]
    """The tiles still to lay, next first."""
    tokens: list[str]
    """Each player's field, ``"q,r"``."""
    turn: Annotated[int, Bounds(0, 2 * MAX_ROUNDS)]
    winner: Annotated[int, Bounds(-1, 1)]

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.tile_map = TileMap(tuple(TILES.values()), (Placement("camp"),))
        self.pool = list(POOL)
        self.tokens = list(STARTS)
        self.turn = 0
        self.winner = -1
        self.flow = Flow([Race()])
        self.settle()

    # -- the map ----------------------------------------------------------------------

    def graph(self) -> Graph:
        """The map's fields and steps, with the flight routes from the camp's centre."""
        graph = self.tile_map.graph
        camp = self.tile_map.placements[0].anchor
        routes = [
            Edge(hex_key(camp), hex_key(p.anchor), "flight", 2)
            for p in self.tile_map.placements[1:]
        ]
        return graph.with_edges(routes)

    def mover(self, seat: int) -> Mover:
        """What *seat*'s token may do: step (and fly, for the flier); the other token stops it."""
        kinds = ("step", "flight") if seat == FLIER else ("step",)
        return Mover(kinds=kinds, stops=(self.tokens[1 - seat],))

    def destinations(self, seat: int) -> dict[str, int]:
        """The fields *seat*'s token may move to this turn, with their cost."""
        found = destinations(self.graph(), self.tokens[seat], self.game.budget, self.mover(seat))
        return found

    def gem(self) -> str | None:
        """The gem's field, once its tile is laid."""
        for h, spot in self.tile_map.spots.items():
            tile = self.tile_map.placements[spot.placement].tile
            if (tile, spot.field.name) == GEM:
                return hex_key(h)
        return None

    def slots(self) -> list[Hex]:
        """Free lattice slots next to a laid tile, in board order."""
        anchors = {p.anchor for p in self.tile_map.placements}
        found = {(a[0] + d[0], a[1] + d[1]) for a in anchors for d in LATTICE} - anchors
        return sorted(found)

    def placement(self, at: Hex, rotation: int) -> Placement:
        """The pool's next tile laid with its centre on *at*, turned *rotation* sixths."""
        return Placement(self.pool[0], at[0], at[1], rotation)

    # -- refusals ---------------------------------------------------------------------

    def move_refusal(self, seat: int, to: str) -> Refusal | None:
        """Why *seat*'s token may not move to *to*, or None."""
        try:
            h = key_hex(to)
        except ValueError:
            return (MOVE_RULE, f"{to!r} is not a field 'q,r'")
        if self.tile_map.at(h) is None:
            return (MOVE_RULE, f"no field {to} on the map")
        if to not in self.destinations(seat):
            budget = self.game.budget
            return (MOVE_RULE, f"{to} is not within {budget} movement points of your token")
        return None

    def explorations(self, seat: int) -> list[Placement]:
        """Every way *seat* may lay the pool's next tile now, by slot then rotation."""
        if not self.pool:
            return []
        return [
            self.placement(slot, turn)
            for slot in self.slots()
            if self.touches(seat, slot)
            for turn in range(6)
            if self.keeps_connected(self.placement(slot, turn))
        ]

    def touches(self, seat: int, slot: Hex) -> bool:
        """Whether the next tile laid on *slot* touches *seat*'s token's field."""
        token = key_hex(self.tokens[seat])
        laid = placed_fields(TILES[self.pool[0]], self.placement(slot, 0))
        return any(are_neighbours(token, h) for h, _ in laid)

    def keeps_connected(self, placement: Placement) -> bool:
        """Whether the open fields stay connected with *placement* laid."""
        return is_connected(self.tile_map.placed(placement).graph)

    def explore_refusal(self, seat: int, at: object, rotation: object) -> Refusal | None:
        """Why *seat* may not lay the next tile at *at* turned *rotation*, or None."""
        if not self.pool:
            return (EXPLORE_RULE, "the pool is empty")
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation <= 5:
            return (EXPLORE_RULE, "rotation is 0..5")
        try:
            h = key_hex(str(at))
        except ValueError:
            return (EXPLORE_RULE, f"{at!r} is not a hex 'q,r'")
        if at != hex_key(h) or h not in self.slots():
            return (EXPLORE_RULE, f"{at} is not a free slot next to a laid tile")
        if not self.touches(seat, h):
            return (EXPLORE_RULE, "the tile must touch your token's field")
        if not self.keeps_connected(self.placement(h, rotation)):
            return (EXPLORE_RULE, "turned so, the tile would cut open fields off")
        return None

    # -- the rest of the state API ----------------------------------------------------

    def _observation(self, player: int) -> JsonObject:
        return {
            "player": player,
            "turn": self.turn,
            "tiles": [to_data(p) for p in self.tile_map.placements],
            "pool": list(self.pool),
            "tokens": list(self.tokens),
            "winner": self.winner,
        }

    def _returns(self) -> Sequence[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _check_state(self, reader: Reader) -> None:
        if self.tile_map.tiles != tuple(TILES.values()):
            raise reader.fail("data.tile_map.tiles", "the toy's tiles are fixed")
        laid = [p.tile for p in self.tile_map.placements]
        if laid[:1] != ["camp"] or laid[1:] + self.pool != list(POOL):
            raise reader.fail("data.pool", "the camp, then the pool's tiles in order")
        if len(self.tokens) != 2:
            raise reader.fail("data.tokens", "two tokens")
        for seat, node in enumerate(self.tokens):
            if node not in self.tile_map.graph or node in self.tile_map.graph.closed:
                raise reader.fail(f"data.tokens[{seat}]", f"{node!r} is no open field")
        super()._check_state(reader)


@register_game
class ToyMapGame(Game):
    name = "toy_map"
    state_class = MapState

    def _validate_params(self, params: dict[str, Any]) -> JsonObject:
        source = "toy_map parameters"
        out: JsonObject = {"rounds": 10, "budget": 2}
        limits = {"rounds": (1, MAX_ROUNDS), "budget": (1, 6)}
        for key, value in params.items():
            if key not in out:
                raise DataError(source, key, "unknown parameter")
            number = as_int(value, source, key)
            lo, hi = limits[key]
            if not lo <= number <= hi:
                raise DataError(source, key, f"must be between {lo} and {hi}")
            out[key] = number
        return out

    @property
    def rounds(self) -> int:
        return int(self._params["rounds"])  # type: ignore[arg-type]

    @property
    def budget(self) -> int:
        return int(self._params["budget"])  # type: ignore[arg-type]

    @property
    def num_players(self) -> int:
        return 2


__all__ = ["MapState", "Race", "ToyMapGame", "Turn"]
