"""What changes a test (rulebook *Tests*, steps 2 and 3): the focus spent, the interrupting
character's −1, the defence test written once for attacks and skill tests, and the dice, scope
and free rerolls that cards, skills, weapons, statuses and marks add."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.battleground.model import Fighter
from rulekeeper.games.battleground.rules.abilities import Context, condition_holds, own_turns
from rulekeeper.games.battleground.rules.dicetest import DiceTest, Modifier, start_test
from rulekeeper.games.battleground.rules.statuses import TIMING

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState, PendingAttack


def spend_focus(fighter: Fighter) -> list[Modifier]:
    """battleground.md §3: a focused character spends its token on its next test of any kind,
    for +1 scope (Spending Focus)."""
    if not fighter.focused:
        return []
    TIMING.end("test", fighter)
    return [Modifier(1, "focused (Spending Focus)")]


def interrupting_defence(state: BattleState, fighter: Fighter) -> list[Modifier]:
    """Rulebook, Interruptions: "all tests made by the interrupting character have their scope
    decreased by one", its defence tests included (docs/rules.md), such as against an attack of
    opportunity or an overwatch interruption nested in its own interruption."""
    if any(turn.interruption for turn in own_turns(state, fighter)):
        return [Modifier(-1, "interruption (Interruptions)")]
    return []


def defence_test(
    state: BattleState,
    defender: Fighter,
    enemy: Fighter,
    stat_name: str,
    attack: PendingAttack | None = None,
) -> DiceTest:
    """Defence Tests, written once for attacks and skill tests (Glossary: "any test made to
    decrease the number of successes received by the enemy during an attack or skill test"):
    focus, the interrupting character's −1, protection and knockdown ("each of their defence
    tests"), and the defender's 'on defence' card and skill effects."""
    scope = spend_focus(defender) + interrupting_defence(state, defender)
    if defender.buff == "protection":
        scope.append(Modifier(1, "protection (Buffs and Debuffs)"))
    if defender.debuff == "knockdown":
        scope.append(Modifier(-1, "knockdown (Buffs and Debuffs)"))
    weapon = attack.weapon if attack is not None else None
    context = Context(state, defender, enemy, weapon=weapon, attack=attack)
    extra_dice, extra_scope, free = test_modifiers(context, "on_defence")
    return start_test(
        defender.owner,
        f"{state.card(defender).name} {stat_name}",
        state.stat(defender, stat_name),
        extra_dice,
        scope + extra_scope,
        free_rerolls=free,
        mana=defender.mana,
    )


def test_modifiers(context: Context, trigger: str) -> tuple[list[Modifier], list[Modifier], int]:
    """Dice and scope modifiers and free rerolls for the owner's test fired by ``trigger``
    (the abilities its finders find: rules/statuses.py ``TIMING``)."""
    state = context.state
    abilities = TIMING.fired(trigger, context)
    dice: list[Modifier] = []
    scope: list[Modifier] = []
    rerolls = 0
    for source, ability in abilities:
        if not condition_holds(context, ability.condition):
            continue
        for effect in ability.effects:
            if effect.kind in ("extra_dice", "scope", "reroll") and not condition_holds(
                context, effect.condition
            ):
                continue
            label = source_label(state, source)
            if effect.kind == "extra_dice":
                dice.append(Modifier(effect.amount, label))
            elif effect.kind == "scope":
                scope.append(Modifier(effect.amount, label))
            elif effect.kind == "reroll":
                rerolls += effect.count
    return dice, scope, rerolls


def source_label(state: BattleState, source: str) -> str:
    """The name of an ability's source (a weapon, item or fate card; else its id)."""
    parts = source.split(":")
    if parts[0] == "weapon":
        return state.pack.weapons[parts[1]].name
    if parts[0] == "item":
        return state.pack.items[parts[1]].name
    if parts[0] == "fate":
        return state.pack.fate[parts[1]].name
    return parts[-1]
