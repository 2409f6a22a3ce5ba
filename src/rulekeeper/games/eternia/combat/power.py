"""Dice of Power (spec §5.7, §9.6, §9.15): steps 5 and 6 rolled with wild dice.

Each zone's value is a number of wild dice (at most 10 over the three zones: each die beyond
is turned, in a zone the player picks, into an automatic success). Both roll their Initiative
dice; successes plus the base Initiative decide who attacks first, the loser losing 1 HP (a
tie: the active hero attacks, nobody loses HP). The attacker rolls its Attack dice against the
defender's Defense dice; each success over the Defense is a point of damage; then the roles
swap. A beast rolls nothing: its values stand (§5.7 item 9).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated

from rulekeeper.core.actions import Action
from rulekeeper.core.flow import Refusal, Step
from rulekeeper.core.jsonvalue import JsonObject
from rulekeeper.core.record import Bounds
from rulekeeper.games.eternia.combat.abilities import hurt
from rulekeeper.games.eternia.combat.protocols import CombatState
from rulekeeper.games.eternia.combat.resolution import (
    attack_damage,
    first_attacker,
    surprise,
    totals,
)
from rulekeeper.games.eternia.combat.roll import RollStep
from rulekeeper.games.eternia.combat.wild_dice import (
    DICE_CAP,
    cap_placements,
    cap_removals,
    excess_dice,
)
from rulekeeper.games.eternia.content.effects import ZONES

__all__ = ["DICE_CAP", "CapStep", "PowerStep", "default_cap", "dice_of"]

RULE = "spec §5.7 (rulebook p.24-25): Dice of Power"
Count = Annotated[int, Bounds(0, 40)]


def dice_of(state: CombatState, side: int) -> dict[str, int]:
    """*side*'s dice in each zone: its zone totals, its base Initiative aside (flat successes)."""
    found = totals(state, side)
    found["initiative"] = max(0, found["initiative"] - state.epic.fighters[side].initiative)
    return found


def default_cap(dice: dict[str, int]) -> dict[str, int]:
    """A way to turn the dice beyond 10 into automatic successes: one at a time from the zone
    with the most dice (ties: attack, defense, initiative). The odds assume it."""
    left = dict(dice)
    auto = dict.fromkeys(ZONES, 0)
    for _ in range(max(0, sum(dice.values()) - DICE_CAP)):
        zone = max(ZONES, key=lambda z: (left[z], -ZONES.index(z)))
        left[zone] -= 1
        auto[zone] += 1
    return auto


@dataclass
class CapStep(Step[CombatState]):
    """*side* has more than 10 dice (spec §5.7 item 4, §9.15): it picks the zones whose dice
    beyond 10 are not rolled (``remove-dice attack=.. defense=.. initiative=..``), then places
    one automatic success for each in any zones (``auto-successes ...``)."""

    kind = "cap"
    rule = "spec §5.7 item 4, §9.15 (rulebook p.25)"
    public_kinds = None

    side: Annotated[int, Bounds(0, 1)]
    removed: list[Count] | None = None
    """The dice taken from each zone (attack, defense, initiative), once chosen."""

    def actor(self, state: CombatState) -> int:
        return state.seat_of(self.side)

    def candidates(self, state: CombatState, seat: int) -> Iterable[Action]:
        dice = dice_of(state, self.side)
        if self.removed is None:
            return [Action.of("remove-dice", **split) for split in cap_removals(dice)]
        return [Action.of("auto-successes", **split) for split in cap_placements(excess_dice(dice))]

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        if seat != state.seat_of(self.side):
            return (self.rule, "the other player's dice")
        if action not in self.candidates(state, seat):
            excess = excess_dice(dice_of(state, self.side))
            if self.removed is None:
                return (self.rule, f"take {excess} dice beyond 10 from zones that hold them")
            return (self.rule, f"place {excess} automatic successes in your zones")
        return None

    def apply(self, state: CombatState, action: Action, seat: int) -> None:
        split = [action.int_param(zone) for zone in ZONES]
        if self.removed is None:
            self.removed = split
            state.events.append(
                "dice-removed", {"side": self.side, **dict(zip(ZONES, split, strict=True))}
            )
            return
        power = state.flow.steps[-2]
        assert isinstance(power, PowerStep)
        base = 3 * self.side
        for index in range(3):
            power.removed[base + index] = self.removed[index]
            power.auto[base + index] = split[index]
        state.events.append(
            "auto-successes", {"side": self.side, **dict(zip(ZONES, split, strict=True))}
        )
        state.flow.pop()


@dataclass
class PowerStep(Step[CombatState]):
    """Steps 5–6 with Dice of Power: ``rolls`` are the successes rolled so far, in the order
    initiative 0, initiative 1, then attack and defense of each exchange (-1: not rolled; -2
    on an exchange's defense: that exchange is over)."""

    kind = "power"
    rule = RULE

    capped: list[bool] = field(default_factory=lambda: [False, False])
    auto: list[Count] = field(default_factory=lambda: [0] * 6)
    """Automatic successes by side and zone (attack, defense, initiative)."""
    removed: list[Count] = field(default_factory=lambda: [0] * 6)
    """Dice not rolled (beyond 10) by side and zone."""
    rolls: list[Annotated[int, Bounds(-2, 99)]] = field(default_factory=lambda: [-1] * 6)
    first: Annotated[int, Bounds(-1, 1)] = -1

    def _value(self, state: CombatState, side: int, zone: str, slot: int) -> int | None:
        """A side's successes in *zone* (None: its roll is still to come)."""
        fighter = state.epic.fighters[side]
        auto = self.auto[3 * side + ZONES.index(zone)]
        if fighter.kind != "hero":
            return totals(state, side)[zone]
        if self.rolls[slot] < 0:
            dice = dice_of(state, side)[zone] - self.removed[3 * side + ZONES.index(zone)]
            if dice > 0:
                state.flow.push(RollStep(side=side, purpose=f"{zone}:{slot}", dice=dice))
                return None
            self.rolls[slot] = 0
        base = fighter.initiative if zone == "initiative" else 0
        return self.rolls[slot] + auto + base

    def run(self, state: CombatState) -> None:
        epic = state.epic
        for side in (0, 1):
            if not self.capped[side]:
                self.capped[side] = True
                if (
                    epic.fighters[side].kind == "hero"
                    and sum(dice_of(state, side).values()) > DICE_CAP
                ):
                    state.flow.push(CapStep(side=side))
                    return
        if self.first < 0:
            found = []
            for side in (0, 1):
                value = self._value(state, side, "initiative", side)
                if value is None:
                    return  # its roll comes first
                found.append(value)
            first, surprised = first_attacker(epic, found)
            self.first = first
            state.events.append("initiative", {"first": first, "values": found})
            if surprised is not None:
                hurt(state, surprised, surprise(state, surprised, found), 1 - surprised)
        for exchange, attacker in enumerate((self.first, 1 - self.first)):
            defender = 1 - attacker
            slot = 2 + 2 * exchange
            if self.rolls[slot + 1] == -2 or not all(f.alive for f in epic.fighters):
                continue
            attack = self._value(state, attacker, "attack", slot)
            if attack is None:
                return
            defense = self._value(state, defender, "defense", slot + 1)
            if defense is None:
                return
            lost = attack_damage(state, attacker, attack, defense)
            state.events.append(
                "attack", {"side": attacker, "attack": attack, "defense": defense, "damage": lost}
            )
            hurt(state, defender, lost, attacker)
            self.rolls[slot + 1] = -2  # this exchange is over
        state.flow.finish(state, {"stage": "power"})

    def resume(self, state: CombatState, result: JsonObject) -> None:
        slot = int(str(result["purpose"]).partition(":")[2])
        self.rolls[slot] = int(result["successes"])  # type: ignore[arg-type]

    def refusal(self, state: CombatState, seat: int, action: Action) -> Refusal | None:
        return (RULE, "the dice decide")
