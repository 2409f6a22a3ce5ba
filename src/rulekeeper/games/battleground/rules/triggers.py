"""Abilities that fire at a moment (rulebook *Effect Timing*): 'upon activation', 'at the end of
activation', 'on knock-out' and so on, found by the finders registered at that trigger point
(rules/statuses.py ``TIMING``); several at once are ordered by their player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rulekeeper.core import Action
from rulekeeper.games.battleground.content.effects import Ability
from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules.abilities import Context, condition_holds
from rulekeeper.games.battleground.rules.choice import CharacterChoice
from rulekeeper.games.battleground.rules.effects import resolve_ability
from rulekeeper.games.battleground.rules.modifiers import source_label
from rulekeeper.games.battleground.rules.statuses import TIMING

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def fire(state: BattleState, fighter: Fighter, trigger: str) -> None:
    """Abilities triggered 'upon activation', 'at the end of activation', and so on (Effect
    Timing). With several at once, the controlling player orders them: a decision."""
    ready = triggered(state, fighter, trigger)
    if len(ready) == 1:
        fire_one(state, fighter, trigger, ready[0])
    elif ready:
        state.flow.push(
            OrderEffectsStep(
                player=fighter.owner, character=fighter.id, trigger=trigger, remaining=ready
            )
        )


def triggered(state: BattleState, fighter: Fighter, trigger: str) -> list[str]:
    """Keys (source#index) of the abilities that fire now for ``fighter``."""
    return [
        key
        for key, (source, ability) in _keyed(state, fighter, trigger).items()
        if condition_holds(Context(state, fighter, source=source), ability.condition)
    ]


def _keyed(state: BattleState, fighter: Fighter, trigger: str) -> dict[str, tuple[str, Ability]]:
    found: list[tuple[str, Ability]] = TIMING.fired(trigger, Context(state, fighter))
    return {f"{source}#{index}": (source, ability) for index, (source, ability) in enumerate(found)}


def fire_one(state: BattleState, fighter: Fighter, trigger: str, key: str) -> None:
    """Fire the ability *key* of :func:`triggered`, if it still holds."""
    entry = _keyed(state, fighter, trigger).get(key)
    if entry is None or fighter.knocked_out:
        return  # an earlier effect removed it
    source, ability = entry
    if not condition_holds(Context(state, fighter, source=source), ability.condition):
        return
    state.events.append(
        "effect", {"source": source_label(state, source), "when": trigger, "character": fighter.id}
    )
    resolve_ability(state, state.turns[-1] if state.turns else None, fighter, ability, source)


def effect_label(state: BattleState, key: str) -> str:
    """The name of the source of the ability *key* (for the player ordering them)."""
    return source_label(state, key.split("#")[0])


@dataclass
class OrderEffectsStep(CharacterChoice):
    """Effect Timing: several abilities fire at once; their player picks the next one."""

    kind: ClassVar[str] = "order-effects"
    rule: ClassVar[str] = "Effect Timing"
    trigger: str
    remaining: list[str]

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.one("resolve", "effect", key) for key in self.remaining]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        key = action.str_param("effect")
        self.remaining.remove(key)
        if not self.remaining:
            state.flow.discard(self)
        fire_one(state, state.fighters[self.character], self.trigger, key)
