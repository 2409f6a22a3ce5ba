"""The cards' effect vocabulary (content/effects.py), carried out on a game state.

Sources: rulebook *Skills*, *Use an Active Skill*, *Items*, *Disposable Items*, *Effect Timing*,
*Buffs and Debuffs*, *Marks*, *Side Missions*, *Free Actions*, *Movement Effects*,
*Targeting and Tests*. Each effect kind is implemented once here; cards only name them.

Beside it: the modifiers of tests (modifiers.py), the abilities fired at a moment
(triggers.py), buffs and debuffs (statuses.py), the effects that move characters
(effect_moves.py) and skill tests (skill_tests.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rulekeeper.core import Action
from rulekeeper.core.flow import Step
from rulekeeper.games.battleground.board.facing import facings_toward
from rulekeeper.games.battleground.content.effects import (
    Ability,
    Buff,
    Custom,
    Debuff,
    DrawFate,
    Effect,
    FreeAction,
    GainAp,
    GainFocus,
    GainMana,
    Heal,
    LoseMana,
    PlaceMark,
    Pull,
    Push,
    RemoveDebuff,
    SkillTest,
    Switch,
    Wounds,
)
from rulekeeper.games.battleground.content.effects import Move as MoveEffect
from rulekeeper.games.battleground.model import HAND_SIZE, CharacterId, Fighter, Turn
from rulekeeper.games.battleground.rules import by_kind, marks
from rulekeeper.games.battleground.rules.abilities import Context, can_be_moved, condition_holds
from rulekeeper.games.battleground.rules.choice import CharacterChoice
from rulekeeper.games.battleground.rules.effect_moves import movement_effect, push_or_pull
from rulekeeper.games.battleground.rules.modifiers import source_label
from rulekeeper.games.battleground.rules.move import FaceStep
from rulekeeper.games.battleground.rules.opportunity import OpportunityStep
from rulekeeper.games.battleground.rules.skill_tests import skill_test
from rulekeeper.games.battleground.rules.statuses import TIMING, give_status, remove_debuff

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def wound_effect(amount: int) -> Wounds:
    return Wounds(kind="wounds", amount=amount)


def after_attack(context: Context) -> None:
    """Rulebook, Extra Effects: benefits by the successes left after the defence test."""
    state = context.state
    for source, ability in TIMING.fired("after_attack", context):
        if condition_holds(context, ability.condition):
            state.events.append(
                "extra effect",
                {"source": source_label(state, source), "successes": context.successes},
            )
            apply_effects(context, ability.effects)


def ability_usable(state: BattleState, turn: Turn | None, ability: Ability) -> bool:
    if turn is None:
        return False
    if ability.when not in ("immediately", "at_will"):
        return True  # an event ability lasts for the turn and fires when its moment comes
    fighter = state.fighters[turn.character]
    if not condition_holds(Context(state, fighter), ability.condition):
        return False
    return ability.target is None or bool(_ability_targets(state, turn, fighter, ability))


def _ability_targets(
    state: BattleState, turn: Turn, fighter: Fighter, ability: Ability
) -> list[Fighter]:
    """Rulebook, Targeting and Tests: in line of sight and range; interruptions' enemy targets
    are the interrupted character only."""
    targeting = ability.target
    assert targeting is not None
    found = []
    for other in state.on_board():
        if other is fighter:
            continue
        ally = other.owner == fighter.owner
        if (targeting.side == "enemy" and ally) or (targeting.side == "ally" and not ally):
            continue
        if turn.interruption and not ally and other.id != turn.interrupted:
            continue
        if targeting.range == 0:
            if not state.field.are_adjacent(fighter.position, other.position):
                continue
        elif state.field.range_inches(fighter.position, other.position) > targeting.range:
            continue
        if not state.field.has_line_of_sight(fighter.position, other.position):
            continue
        found.append(other)
    return sorted(found, key=lambda f: f.id)


def resolve_ability(
    state: BattleState, turn: Turn | None, fighter: Fighter, ability: Ability, source: str
) -> None:
    if ability.limit == "once_per_game":
        fighter.used_once.append(source)
    if ability.target is None or turn is None:
        apply_effects(Context(state, fighter, source=source), ability.effects)
        return
    targets = _ability_targets(state, turn, fighter, ability)
    if not targets:
        state.events.append("no target", {"source": source_label(state, source)})
        return
    if len(targets) == 1:
        resolve_on_target(state, fighter, targets[0], ability, source)
        return
    state.flow.push(
        AbilityTargetStep(
            player=fighter.owner,
            character=fighter.id,
            source=source,
            ability=ability.model_dump(mode="json"),
            characters=[t.id for t in targets],
        )
    )


def resolve_on_target(
    state: BattleState, fighter: Fighter, target: Fighter, ability: Ability, source: str
) -> None:
    """Targeting and Tests: the character turns to face the target (as for a ranged attack; on a
    tie between two neighbours its player chooses, right after the effect)."""
    options = facings_toward(fighter.position.hex, target.position.hex)
    apply_effects(Context(state, fighter, target, source=source), ability.effects)
    if len(options) == 1:
        fighter.facing = options[0]
    else:
        state.flow.push(FaceStep(player=fighter.owner, character=fighter.id, options=options))


# === the effects themselves ==============================================================


def _subjects(context: Context, who: str, range_: float | None) -> list[Fighter]:
    state = context.state
    if who == "self":
        return [context.owner]
    if who == "target":
        return [context.other] if context.other is not None else []
    ally = who == "allies_in_range"
    found = []
    for other in state.on_board():
        if other is context.owner or (other.owner == context.owner.owner) != ally:
            continue
        assert range_ is not None
        if state.field.range_inches(context.owner.position, other.position) > range_:
            continue
        if state.field.has_line_of_sight(context.owner.position, other.position):
            found.append(other)
    return sorted(found, key=lambda f: f.id)


def apply_effects(context: Context, effects: Sequence[Effect]) -> None:
    for effect in effects:
        _apply_effect(context, effect)


_SUBJECT_EFFECTS = (
    Wounds,
    Heal,
    GainMana,
    LoseMana,
    GainFocus,
    Buff,
    Debuff,
    RemoveDebuff,
    Push,
    Pull,
)


def _apply_effect(context: Context, effect: Effect) -> None:
    state = context.state
    turn = state.turns[-1] if state.turns else None
    if isinstance(effect, _SUBJECT_EFFECTS):
        for subject in _subjects(context, effect.who, effect.range):
            _on_subject(context, effect, subject, turn)
    elif isinstance(effect, GainAp):
        if turn is not None and turn.character == context.owner.id:
            turn.ap += effect.amount
            state.events.append("gain ap", {"character": context.owner.id, "amount": effect.amount})
    elif isinstance(effect, DrawFate):
        side = state.sides[context.owner.owner]
        room = max(0, HAND_SIZE - len(side.hand))
        drawn = side.deck.draw(min(room, effect.amount))
        side.hand.extend(drawn)
        state.events.append(
            "draw",
            {"player": context.owner.owner, "cards": drawn},
            visible_to=(context.owner.owner,),
        )
    elif isinstance(effect, FreeAction):
        if turn is not None:
            label = effect.action if effect.weapon_type is None else f"attack:{effect.weapon_type}"
            turn.free_actions.append(label)
    elif isinstance(effect, MoveEffect):
        movement_effect(context, effect)
    elif isinstance(effect, Switch):
        other = context.other
        if other is not None and can_be_moved(state, other) and can_be_moved(state, context.owner):
            # Switch: no overwatch, but attacks of opportunity on whoever leaves an engagement.
            state.flow.push(SwitchStep(first=context.owner.id, second=other.id))
            for fighter in (context.owner, other):
                engaged = [e.id for e in state.engaged_enemies(fighter)]
                if engaged:
                    state.flow.push(
                        OpportunityStep(
                            player=1 - fighter.owner, mover=fighter.id, characters=engaged
                        )
                    )
    elif isinstance(effect, PlaceMark):
        marks.place_mark(context.state, context.owner, effect)
    elif isinstance(effect, SkillTest):
        skill_test(context, effect)
    elif isinstance(effect, Custom):
        pass  # custom ids act through the rules that look for them (immovable, flooded)
    else:
        raise NotImplementedError(f"effect kind {effect.kind} outside a test or passive")


def _on_subject(context: Context, effect: Any, subject: Fighter, turn: Turn | None) -> None:
    state = context.state
    kind = effect.kind
    enemy = subject.owner != context.owner.owner
    if kind == "wounds":
        subject.wounds += effect.amount
        if enemy and turn is not None:
            turn.record("wounds", effect.amount)
        state.events.append(
            "wounds", {"character": subject.id, "amount": effect.amount, "total": subject.wounds}
        )
    elif kind == "heal":
        healed = min(subject.wounds, effect.amount)
        subject.wounds -= healed
        state.events.append("heal", {"character": subject.id, "amount": healed})
    elif kind == "gain_mana":
        state.events.append(
            "gain mana", {"character": subject.id, "amount": subject.gain_mana(effect.amount)}
        )
    elif kind == "lose_mana":
        lost = min(subject.mana, effect.amount)
        subject.mana -= lost
        state.events.append("lose mana", {"character": subject.id, "amount": lost})
    elif kind == "gain_focus":
        subject.focused = True
    elif kind == "buff":
        give_status(state, subject, "buff", effect)
    elif kind == "debuff":
        give_status(state, subject, "debuff", effect)
        if enemy and turn is not None:
            turn.record("debuffs")
    elif kind == "remove_debuff":
        remove_debuff(state, subject)
    elif kind in ("push", "pull"):
        push_or_pull(context, effect, subject)


# === the steps of effects ================================================================


@dataclass
class AbilityTargetStep(CharacterChoice):
    """Targeting and Tests: the owner picks the target of an ability."""

    kind: ClassVar[str] = "ability-target"
    rule: ClassVar[str] = "Targeting and Tests"
    shared: ClassVar[bool] = True  # its fields never change
    source: str
    ability: dict[str, Any]
    characters: list[CharacterId]

    @classmethod
    def resolve_effects(cls, context: Context, effects: Sequence[Effect]) -> None:
        """Apply *effects*, for the rules below this module (rules/by_kind.py)."""
        apply_effects(context, effects)

    def legal(self, state: BattleState, seat: int) -> Sequence[Action]:
        return [state.game.actions.one("target", "character", c) for c in self.characters]

    def apply(self, state: BattleState, action: Action, seat: int) -> None:
        state.flow.pop()
        fighter = state.fighters[self.character]
        target = state.fighters[action.str_param("character")]
        ability = Ability.model_validate(self.ability)
        resolve_on_target(state, fighter, target, ability, self.source)
        by_kind.remove_knocked_out(state, by=fighter)


@dataclass
class SwitchStep(Step["BattleState"]):
    """Switch: two characters trade places (after any attacks of opportunity)."""

    kind: ClassVar[str] = "switch"
    shared: ClassVar[bool] = True  # its fields never change
    first: CharacterId
    second: CharacterId

    def run(self, state: BattleState) -> None:
        state.flow.pop()
        first, second = state.fighters[self.first], state.fighters[self.second]
        if first.knocked_out or second.knocked_out:
            return
        a, b = first.position, second.position
        first.place(b)
        second.place(a)
        state.events.append("switch", {"characters": [first.id, second.id]})
