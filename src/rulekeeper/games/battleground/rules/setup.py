"""Before the first round (rulebook, First Game Setup; Standard Setup): the forces, decks and
hands of both sides, the roll-off for the first player and, in the standard setup, the players'
deployment."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from rulekeeper.core import CHANCE, D6, Action, Bounds, DataError, Deck, roll_outcome_actions
from rulekeeper.core.flow import Flow, Step
from rulekeeper.games.battleground.board.measures import Position
from rulekeeper.games.battleground.content.forces import (
    validate_fate_deck,
    validate_force,
    validate_glory_cards,
)
from rulekeeper.games.battleground.content.pack import ContentPack
from rulekeeper.games.battleground.content.setups import FirstGameSide
from rulekeeper.games.battleground.model import HAND_SIZE, Fighter, Placing, Seat
from rulekeeper.games.battleground.rules.deployment import default_deployments
from rulekeeper.games.battleground.rules.move import FaceStep
from rulekeeper.games.battleground.rules.round import RoundStep

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def standard_sides(pack: ContentPack, forces: Any, points_limit: Any) -> list[FirstGameSide]:
    """Standard Setup: each player's force, fate deck and glory cards, validated with the
    pack's rules (setups.yaml ``standard``); every problem names its field."""
    source = "battleground parameters"
    if not isinstance(forces, list) or len(forces) != 2:
        raise DataError(source, "forces", "the standard setup needs a list of two forces")
    limit = pack.setups.standard.points_limit if points_limit is None else points_limit
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise DataError(source, "points_limit", "must be a positive integer")
    sides: list[FirstGameSide] = []
    for index, force in enumerate(forces):
        where = f"forces[{index}]"
        if not isinstance(force, dict):
            raise DataError(
                source, where, "a force is an object with faction, characters, fate_deck and glory"
            )
        faction = force.get("faction")
        fate = force.get("fate_deck", [])
        glory = force.get("glory", [])
        body = {"faction": faction, "characters": force.get("characters", [])}
        problems = validate_force(pack, body, limit)
        if isinstance(faction, str):
            problems += [f"fate_deck: {p}" for p in validate_fate_deck(pack, faction, fate)]
            problems += [f"glory: {p}" for p in validate_glory_cards(pack, faction, glory)]
        if problems:
            raise DataError(source, where, "; ".join(problems))
        sides.append(
            FirstGameSide.model_validate(
                {**body, "fate_deck": dict(Counter(fate)), "glory": list(glory)}
            )
        )
    if {side.faction for side in sides} != {"masters", "evil"}:
        raise DataError(source, "forces", "one force of the Masters and one of the Evil Warriors")
    return sides


def set_up(state: BattleState) -> None:
    """First Game Setup (and Standard Setup): the characters go where the map deploys them (or
    in the deployment zones, or, placed by the players, after the roll-off); each fate deck is
    shuffled and five cards drawn; the glory cards are dealt; then the roll-off."""
    game = state.game
    field = game.field
    deployments = {d.character: d for d in field.data.deployments}
    wanted = {c.character for side in game.sides for c in side.characters}
    # ``players`` always means the players place their force, even on a map whose fixed spots
    # name every character (issue 20 §3: a parameter is never ignored).
    by_players = game.deployment == "players"
    missing = sorted(wanted - set(deployments))
    if game.deployment == "map" and missing:
        # Asked for (the default is ``map`` only on a map with every spot): never silently zones.
        raise DataError(
            "battleground parameters",
            "deployment",
            f"'map' needs the map's spots, and {field.name} has none for {', '.join(missing)}",
        )
    if by_players:
        deployments = {}
    elif missing or game.deployment == "zones":
        # The map places other characters (or none): deploy in the zones instead.
        forces: dict[str, list[str]] = {
            side.faction: [c.character for c in side.characters] for side in game.sides
        }
        deployments = {d.character: d for d in default_deployments(field, forces)}
    for side_setup in game.sides:
        player = game.owner_of_faction(side_setup.faction)
        for entry in side_setup.characters:
            weapons, items = tuple(entry.weapons), tuple(entry.items)
            if by_players:
                state.placing[player].append(Placing(entry.character, weapons, items))
                continue
            spot = deployments.get(entry.character)
            if spot is None:
                raise DataError(field.source, "deployments", f"no place for {entry.character}")
            state.fighters[entry.character] = Fighter(
                entry.character,
                player,
                spot.at[0],
                spot.at[1],
                spot.level,
                spot.facing,
                weapons=weapons,
                items=items,
            )
        cards = [card for card, n in sorted(side_setup.fate_deck.items()) for _ in range(n)]
        side = state.sides[player]
        side.deck = Deck(cards)
        side.deck.shuffle(state.rng.derive(f"fate-{player}"))
        side.hand = side.deck.draw(HAND_SIZE)
        side.glory = list(side_setup.glory)
    state.events.append(
        "setup",
        {
            "map": field.name,
            "forces": {
                str(p): sorted(f.id for f in state.fighters.values() if f.owner == p)
                for p in (0, 1)
            },
        },
    )
    state.flow = Flow([RollOffStep(rolls=[])])
    state.phase = "play"


@dataclass
class RollOffStep(Step["BattleState"]):
    """Each player rolls a die (player 0 first); ties roll again; the higher roll chooses."""

    kind: ClassVar[str] = "roll-off"
    rule: ClassVar[str] = "First Game Setup, step 7"
    rolls: list[Annotated[int, Bounds(1, 6)]]

    def __post_init__(self) -> None:
        if len(self.rolls) > 1:
            raise ValueError("rolls: the roll-off has two dice, the second ends it")

    def actor(self, state: BattleState) -> int:
        return CHANCE

    def chance(self, state: BattleState) -> Sequence[tuple[Action, float]]:
        return roll_outcome_actions(D6)

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return []

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        rolls = self.rolls
        rolls.append(action.int_param("face"))
        state.events.append(
            "roll", {"player": len(rolls) - 1, "face": rolls[-1], "for": "first player"}
        )
        if len(rolls) < 2:
            return
        if rolls[0] == rolls[1]:
            self.rolls = []
            return
        winner = 0 if rolls[0] > rolls[1] else 1
        state.flow.replace(ChooseFirstStep(player=winner))


@dataclass
class ChooseFirstStep(Step["BattleState"]):
    """The roll-off winner picks the first player."""

    kind: ClassVar[str] = "choose-first"
    rule: ClassVar[str] = "First Game Setup, step 7"
    shared: ClassVar[bool] = True  # its fields never change
    player: Seat

    def actor(self, state: BattleState) -> int:
        return self.player

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.act("first-player", player=p) for p in (0, 1)]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        state.first_player = action.int_param("player")
        state.events.append("first player", {"player": state.first_player})
        state.flow.steps = [RoundStep()]
        state.events.append("round", {"round": state.round})
        if any(state.placing.values()):
            # Standard Setup: the players place their characters in their zones, one at a
            # time, the first player first (a decided reading: docs/rules.md).
            state.flow.push(DeployStep(player=state.first_player))


@dataclass
class DeployStep(Step["BattleState"]):
    """Standard Setup: ``player`` places one of their characters in their zone."""

    kind: ClassVar[str] = "deploy"
    rule: ClassVar[str] = "Standard Setup: deployment"
    player: Seat

    def actor(self, state: BattleState) -> int:
        return self.player

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        spots = deploy_spots(state, seat)
        return [
            state.game.actions.act("deploy", character=entry.character, to=spot.to_json())
            for entry in state.placing[seat]
            for spot in spots
        ]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        name = action.str_param("character")
        entry = next(e for e in state.placing[seat] if e.character == name)
        state.placing[seat].remove(entry)
        spot = Position(*action.ints_param("to"))
        state.fighters[name] = Fighter(
            name, seat, spot.q, spot.r, spot.level, 0, weapons=entry.weapons, items=entry.items
        )
        state.events.append("deploy", {"player": seat, "character": name, "at": spot.to_json()})
        other = 1 - seat
        if state.placing[other]:
            self.player = other
        elif not state.placing[seat]:
            state.flow.discard(self)
        state.flow.push(FaceStep(player=seat, character=name, options=list(range(6))))


def deploy_spots(state: BattleState, player: int) -> list[Position]:
    zone = state.field.zones.get(player, frozenset())
    taken = {f.position for f in state.fighters.values()}
    return [p for p in sorted(state.field.positions) if p.hex in zone and p not in taken]
