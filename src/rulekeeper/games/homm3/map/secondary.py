"""A Secondary Hero met by an enemy hero (homm3.md §5.6, §9.9).

When an enemy hero enters the field of a player's Secondary Hero, that player may fight, or
remove the Secondary Hero from the game instead (rulebook p. 32). Removing it counts as its
defeat: the attacker takes a cube of its faction and gains no Exp (§9.9); the player may recruit
it again later. Then the entered field resolves as if the Secondary Hero had not been there (a
town or settlement of the player's is besieged, a guard fought). Our reading: the choice is the
Secondary Hero's owner's when it is attacked; a Secondary Hero that attacks has chosen to fight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rulekeeper.core import Action, Step
from rulekeeper.core.flow import Refusal
from rulekeeper.games.homm3.map import town_actions
from rulekeeper.games.homm3.map.fights import FightStep
from rulekeeper.games.homm3.map.model import SECONDARY

__all__ = ["FIGHT", "REMOVE", "SecondaryStep", "fight_or_remove"]

RULE_SECONDARY = "homm3.md §5.6, §9.9 (rulebook p. 32: remove the Secondary Hero instead)"
FIGHT = Action.of("fight")
REMOVE = Action.of("remove-secondary")


@dataclass
class SecondaryStep(Step[Any]):
    """*owner* chooses: its Secondary Hero *secondary* fights *hero* on *field*, or leaves the
    game. ``against`` is the fight it would be ("hero" or "siege")."""

    kind = "secondary-met"
    rule = RULE_SECONDARY
    public_kinds = frozenset({"fight", "remove-secondary"})
    hero: str = ""
    field: str = ""
    secondary: str = ""
    owner: int = 0
    against: str = "hero"

    def actor(self, state: Any) -> int:
        return self.owner

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [FIGHT, REMOVE] if seat == self.owner else []

    def refusal(self, state: Any, seat: int, action: Action) -> Refusal | None:
        if seat != self.owner:
            return (self.rule, f"player {self.owner} decides for its Secondary Hero")
        if action not in (FIGHT, REMOVE):
            return (self.rule, "'fight' or 'remove-secondary' (it leaves the game instead)")
        return None

    def apply(self, state: Any, action: Action, seat: int) -> None:
        state.flow.pop()
        if action == FIGHT:
            enemy = next(h for h in state.heroes if h.id == self.secondary)
            state.flow.push(
                FightStep(
                    hero=self.hero,
                    field=self.field,
                    against=self.against,
                    defender=enemy.id,
                    defender_seat=enemy.seat,
                )
            )
            town_actions.open_window(state, state.players_turn(), "before-combat")  # §8.13
            return
        item = next(h for h in state.heroes if h.id == self.secondary)
        state.heroes.remove(item)
        attacker = next(h for h in state.heroes if h.id == self.hero)
        faction = state.players[self.owner].faction
        state.players[attacker.seat].cubes.append(faction)
        state.events.append("hero-removed", {"hero": item.id, "instead-of": "fight"})
        state.events.append("cube-taken", {"seat": attacker.seat, "faction": faction})
        below = state.flow.steps[-1]
        if below.kind == "enter":  # movement.py EnterStep: the field resolves again
            below.stage = "start"


def fight_or_remove(hero: Any, enemy: Any, field: str, against: str) -> Step[Any]:
    """What meeting *enemy* on *field* starts for *hero*: its owner's choice when it is a
    Secondary Hero (§9.9), else the fight."""
    if enemy.role == SECONDARY:
        return SecondaryStep(
            hero=hero.id, field=field, secondary=enemy.id, owner=enemy.seat, against=against
        )
    return FightStep(
        hero=hero.id, field=field, against=against, defender=enemy.id, defender_seat=enemy.seat
    )
