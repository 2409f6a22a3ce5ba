"""Setting up a battle (homm3.md §5.18.3, §5.18.4, §5.14.4 and §9.3).

The attacker places up to 5 units on its first and second lines, then the defender on the
other side: a player the same way, neutral units in solo and co-op and an AI hero's units (our
reading: the AI rules play them as they play neutral units, docs/homm3.md) by the placement
rule (ranged units in the second line, the others in the first, each line filled from the left
in descending Initiative, a tie by the higher tier first, then the player's choice), and in
Clash by the seat controlling them (ranged neutrals in the second line when there is room). In
a siege of a Town with a Citadel the defender then sets the Gate and 3 Walls in the middle row.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import AUTO, Refusal
from rulekeeper.games.homm3.combat import board
from rulekeeper.games.homm3.combat.model import DEFENDER, Obstacle, Unit
from rulekeeper.games.homm3.combat.neutral_ai import decider, deciding
from rulekeeper.games.homm3.combat.stats import BattleState, initiative, is_ranged, tier_rank

RULE = "homm3.md §5.18.3–5.18.4 (rulebook p. 29–30)"
RULE_LIMIT = "homm3.md §5.15: at most 5 units on the combat board (rulebook p. 26)"
RULE_GATE = "homm3.md §5.14.4 and §9.3: the defender sets 3 Walls and the Gate in the middle row"
MAX_UNITS = 5
DONE = Action.of("done")
LINES = {0: (1, 0), 1: (3, 4)}
"""Each side's first line, then its second line (rows, board.py)."""


def reserve(state: BattleState, side: int) -> list[Unit]:
    """The side's units not on the board and not destroyed, in army order."""
    battle = state.battle
    return [
        unit
        for uid in battle.armies[side].units
        if (unit := battle.units[uid]).field == -1 and not unit.destroyed
    ]


def free_fields(state: BattleState, side: int) -> list[int]:
    battle = state.battle
    rows = LINES[side]
    return [
        number
        for number in range(board.ROWS * board.COLUMNS)
        if board.row_of(number) in rows and battle.at(number) is None
    ]


@dataclass
class DeployStep(Step[Any]):
    """A side places its units one at a time (``place unit=U at=F``), then says ``done``."""

    kind = "deploy"
    rule = RULE
    side: int = 0

    def actor(self, state: BattleState) -> int:
        seat = state.battle.armies[self.side].seat
        return deciding(state, seat)

    def placed(self, state: BattleState) -> int:
        return len(state.battle.on_board(self.side))

    def must_place_all(self, state: BattleState) -> bool:
        """Neutral units all take the field (a draw is at most 5 cards, §5.23)."""
        return state.battle.armies[self.side].kind == "neutral"

    def candidates(self, state: BattleState, seat: int) -> Iterable[Action]:
        found = []
        if self.placed(state) < MAX_UNITS:
            for unit in reserve(state, self.side):
                for number in self.fields_for(state, unit):
                    found.append(Action.of("place", unit=unit.id, at=board.name(number)))
        found.append(DONE)
        return found

    def fields_for(self, state: BattleState, unit: Unit) -> list[int]:
        free = free_fields(state, self.side)
        if self.must_place_all(state) and is_ranged(state, unit):
            second = [n for n in free if board.row_of(n) == LINES[self.side][1]]
            return second or free  # ranged neutrals in the second line if possible
        return free

    def legal(self, state: BattleState, seat: int) -> list[Action]:
        """The placements listed are legal as built; ``done`` when the refusal allows it."""
        found = [a for a in self.candidates(state, seat) if a != DONE]
        return [*found, DONE] if self.refusal(state, seat, DONE) is None else found

    def refusal(self, state: BattleState, seat: int, action: Action) -> Refusal | None:
        if action == DONE:
            left = reserve(state, self.side)
            if self.placed(state) == 0 and left:
                return (RULE, "place at least one unit")
            if self.must_place_all(state) and left and self.placed(state) < MAX_UNITS:
                return (RULE, "every neutral unit drawn takes the field")
            return None
        if action.kind != "place":
            return (
                RULE,
                f"no {action.kind!r} now: place your units (place unit=U at=F), then done",
            )
        uid, at = action.get("unit"), action.get("at")
        if (
            action != Action.of("place", unit=uid, at=at)
            or not isinstance(uid, str)
            or not isinstance(at, str)
        ):
            return (RULE, "say which unit and where: place unit=<unit> at=<field a1..d5>")
        unit = state.battle.units.get(uid)
        if unit is None or unit.side != self.side:
            return (RULE, f"{uid!r} is not one of this side's units")
        if unit.field != -1 or unit.destroyed:
            return (RULE, f"{uid} is already placed")
        if self.placed(state) >= MAX_UNITS:
            return (RULE_LIMIT, "5 units are on the board already")
        number = board.NAMES.get(at)
        if number is None:
            return (RULE, f"{at!r} is not a field (a1 to d5)")
        if number not in self.fields_for(state, unit):
            if number in free_fields(state, self.side):
                return (RULE, "a ranged neutral unit goes in the second line while there is room")
            return (RULE, f"{at} is not a free field of this side's first or second line")
        return None

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        if action == DONE:
            state.flow.pop()
            return
        unit = state.battle.units[action.str_param("unit")]
        unit.field = board.NAMES[action.str_param("at")]
        state.events.append("placed", {"unit": unit.id, "field": unit.field})
        full = self.placed(state) >= MAX_UNITS
        if not reserve(state, self.side) or (full and not self.must_place_all(state)):
            state.flow.pop()


@dataclass
class PlaceNeutralsStep(Step[Any]):
    """Solo and co-op: neutral units (and an AI hero's) placed by the rule (module doc).
    Automatic, except when units of equal Initiative and tier could go first: the player picks
    (``place unit=U``)."""

    kind = "place-neutrals"
    rule = RULE
    side: int = DEFENDER

    def order(self, state: BattleState) -> list[Unit]:
        """The units that may be placed next (the best by Initiative, then tier)."""
        left = reserve(state, self.side)[: MAX_UNITS - len(state.battle.on_board(self.side))]
        if not left:
            return []
        key = max((initiative(state, u), tier_rank(state, u)) for u in left)
        return [u for u in left if (initiative(state, u), tier_rank(state, u)) == key]

    def actor(self, state: BattleState) -> int:
        ahead = self.order(state)
        return decider(state) if len({u.card for u in ahead}) > 1 else AUTO

    def legal(self, state: BattleState, seat: int) -> list[Action]:
        return [Action.of("place", unit=u.id) for u in self.order(state)]

    def run(self, state: BattleState) -> None:
        ahead = self.order(state)
        if not ahead:
            state.flow.pop()
            return
        self.place(state, ahead[0])

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        self.place(state, state.battle.units[action.str_param("unit")])

    def place(self, state: BattleState, unit: Unit) -> None:
        first, second = LINES[self.side]
        free = free_fields(state, self.side)
        lines = (second, first) if is_ranged(state, unit) else (first, second)
        for row in lines:
            row_free = [n for n in free if board.row_of(n) == row]
            if row_free:
                unit.field = min(row_free)  # from the left, as the player sees the board
                break
        state.events.append("placed", {"unit": unit.id, "field": unit.field})


@dataclass
class GateStep(Step[Any]):
    """The defender of a Town with a Citadel sets the Gate (``gate at=F``) in the middle row;
    the 3 Walls fill the other fields (§9.3)."""

    kind = "set-gate"
    rule = RULE_GATE

    def actor(self, state: BattleState) -> int:
        seat = state.battle.armies[DEFENDER].seat
        return deciding(state, seat)

    def legal(self, state: BattleState, seat: int) -> list[Action]:
        row = board.MIDDLE_ROW * board.COLUMNS
        return [Action.of("gate", at=board.name(row + column)) for column in range(board.COLUMNS)]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        gate = board.NAMES[action.str_param("at")]
        row = board.MIDDLE_ROW * board.COLUMNS
        battle = state.battle
        battle.obstacles = [
            Obstacle(kind="gate" if row + column == gate else "wall", field=row + column)
            for column in range(board.COLUMNS)
        ]
        state.events.append("siege-works", {"gate": gate})
        state.flow.pop()
