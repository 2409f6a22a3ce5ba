"""Unit special abilities in combat (homm3.md §5.15 "Special ability kinds"): each ability kind
of the content vocabulary (content/abilities.py) implemented once, at the hook where the rules
ask for it. :data:`IMPLEMENTED` lists the kinds the rules apply; ``rulekeeper homm3 content
check`` lists every other kind a pack uses.

Attack-action abilities apply to a unit's own attack (kind ``attack``), not to a second attack,
a retaliation or an added attack (§5.15: "if it makes several attacks, only on the first").
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Action
from rulekeeper.core.lasting import Lasting, total
from rulekeeper.games.homm3.combat import ability_steps, board, by_kind, hands
from rulekeeper.games.homm3.combat.damage import heal, paralyse
from rulekeeper.games.homm3.combat.model import Unit
from rulekeeper.games.homm3.combat.protocols import PendingAttack, RolledAttack
from rulekeeper.games.homm3.combat.stats import (
    BattleState,
    abilities,
    boost,
    face,
    has,
    seat_of,
    side_holder,
)

IMPLEMENTED: frozenset[str] = frozenset(
    {
        "no-retaliation",
        "unlimited-retaliation",
        "no-combat-penalty",
        "no-adjacent-penalty",
        "immune-paralysis",
        "defence-on-roll",
        "defence-vs-retaliation",
        "hinders-retaliation",
        "guards-neighbours",
        "sets-attacker-die",
        "best-of-two",
        "two-dice-sum",
        "no-attack-die",
        "reroll-face",
        "reroll-after-move",
        "die-bonus",
        "death-blow",
        "ignore-defence",
        "attack-bonus-vs",
        "double-attack-distant",
        "return-after-attack",
        "heal-after-attack",
        "paralyse-on-roll",
        "paralyse-retaliating",
        "drain-morale",
        "paralyse-retaliating-on-roll",
        "push-on-roll",
        "splash",
        "line-attack",
        "regenerate",
        "map",
        "spell-resistance",
        "spell-immunity",
        "draw-at-start",
        "draw-on-roll",
        "enemy-discards",
        "heal-or-bless",
        "guardian",
        "ignore-incoming-die",
        "necromancy-reinforce",
    }
)
"""Ability kinds the combat rules apply (``map`` abilities wait for the map game by design)."""


def _own(state: BattleState, attack: PendingAttack, kind: str) -> bool:
    """The attacker has attack-action ability *kind* and this is its own attack (or the
    ability is printed as passive, ``always``: every attack)."""
    for ability in abilities(state, state.battle.units[attack.attacker], kind):
        if attack.first or ability.always:
            return True
    return False


def dice_to_roll(state: BattleState, attack: PendingAttack) -> int:
    """How many Attack dice this attack rolls (§5.15 combat penalty: two)."""
    attacker = state.battle.units[attack.attacker]
    if _own(state, attack, "no-attack-die") or any(
        e.kind == "bless" and e.holder == attacker.id for e in state.battle.lasting
    ):
        return 0
    best = _own(state, attack, "best-of-two")
    if _own(state, attack, "two-dice-sum"):
        return 2
    return 2 if attack.penalty != best else 1


def counting_die(state: BattleState, attack: PendingAttack, dice: list[int]) -> int:
    """The die result that counts: the lower of two under the penalty (§8.41), the higher with
    ``best-of-two``, both added with ``two-dice-sum``; ``die-bonus`` adds to it."""
    if not dice or attack.die_ignored:
        return 0
    if _own(state, attack, "two-dice-sum"):
        value = sum(dice)
    elif len(dice) == 1:
        value = dice[0]
    else:
        best = _own(state, attack, "best-of-two")
        value = max(dice) if best and not attack.penalty else min(dice)
    if attack.first:
        for ability in abilities(state, state.battle.units[attack.attacker], "die-bonus"):
            value += ability.amount or 0
    return value


def first_die(state: BattleState, attack: PendingAttack, face: int) -> int:
    """The first Attack die as it lands: a target's ``sets-attacker-die`` sets it (a reroll
    may still change it)."""
    target = state.battle.units[attack.target]
    for ability in abilities(state, target, "sets-attacker-die"):
        assert ability.faces is not None
        return ability.faces[0]
    return face


def attack_bonus(state: BattleState, attack: PendingAttack, die: int) -> int:
    """Attack added by the attacker's abilities (the die itself aside)."""
    attacker = state.battle.units[attack.attacker]
    target = state.battle.units[attack.target]
    bonus = boost(state, attacker, "attack") + boost(state, attacker, "bless")
    if attack.ranged and not attack.adjacent and face(state, attacker).type == "ranged":
        bonus += total(state.battle.lasting, "archery", side_holder(attacker.side))
    if attack.first:
        for ability in abilities(state, attacker, "death-blow"):
            if not attack.die_ignored and die in (ability.faces or ()):
                bonus += ability.amount or 0
        for ability in abilities(state, attacker, "attack-bonus-vs"):
            if target.card in (ability.units or ()):
                bonus += ability.amount or 0
    return bonus


def defence(state: BattleState, attack: PendingAttack, die: int) -> int:
    """The target's Defence against this attack, Defense token die aside (§5.18.6 step 5)."""
    target = state.battle.units[attack.target]
    value = 0 if _own(state, attack, "ignore-defence") else face(state, target).defence
    value = max(0, value + boost(state, target, "defence"))
    for ability in abilities(state, target, "defence-on-roll"):
        if not attack.die_ignored and die in (ability.faces or ()):
            value += ability.amount or 0
    if attack.attack_kind == "retaliation":
        for ability in abilities(state, target, "defence-vs-retaliation"):
            value += ability.amount or 0
    return value


def defended(state: BattleState, target: Unit) -> bool:
    """The target rolls the Defense token die: it holds the token, or stands next to a
    friendly unit with ``guards-neighbours``."""
    if target.defending:
        return True
    battle = state.battle
    if target.field < 0:
        return False
    for near in board.NEAR[target.field]:
        other = battle.at(near)
        if (
            other is not None
            and other.side == target.side
            and has(state, other, "guards-neighbours")
        ):
            return True
    return False


def bonus_damage(state: BattleState, attack: PendingAttack, die: int) -> int:
    """Damage added beyond Attack − Defence (no unit ability adds any yet: spells will)."""
    return 0


def may_retaliate(state: BattleState, target: Unit, attacker: Unit) -> bool:
    """Retaliation allowed: once a round unless ``unlimited-retaliation``; never against a unit
    with ``no-retaliation`` (§5.18.5)."""
    if has(state, attacker, "no-retaliation"):
        return False
    return target.retaliations == 0 or has(state, target, "unlimited-retaliation")


def retaliation_penalty(state: BattleState, retaliator: Unit, attacker: Unit) -> bool:
    """The combat penalty on a retaliation: against a ``hinders-retaliation`` unit, and for a
    ranged retaliator (it is next to the enemy it strikes, §5.15) unless it is spared."""
    if has(state, attacker, "hinders-retaliation"):
        return True
    return face(state, retaliator).type == "ranged" and not (
        has(state, retaliator, "no-combat-penalty") or has(state, retaliator, "no-adjacent-penalty")
    )


def ability_rerolls(state: BattleState, attack: PendingAttack, seat: int) -> list[int]:
    """Attack dice *seat* may reroll by its attacking unit's ability (once per attack)."""
    attacker = state.battle.units[attack.attacker]
    if seat_of(state, attacker) != seat or not attack.first:
        return []
    if "ability" in attack.rerolled and not any(
        ability.repeat for ability in abilities(state, attacker, "reroll-face")
    ):
        return []
    faces: set[int] = set()
    for ability in abilities(state, attacker, "reroll-face"):
        if not ability.always:
            faces.update(ability.faces or ())
    if has(state, attacker, "reroll-after-move") and _moved(state, attacker):
        faces.update((-1, 0, 1))
    return [index for index, value in enumerate(attack.dice) if value in faces]


def _moved(state: BattleState, unit: Unit) -> bool:
    step = by_kind.find(state, by_kind.ACTIVATION)
    return step is not None and step.unit == unit.id and step.moved


def after_attack(state: BattleState, attack: PendingAttack, roll: RolledAttack, where: int) -> None:
    """What the attacker's abilities do once the damage is dealt (*where*: the target's field
    when it was attacked)."""
    battle = state.battle
    attacker, target = battle.units[attack.attacker], battle.units[attack.target]
    if attack.attack_kind == "retaliation":
        if has(state, attacker, "paralyse-retaliating"):
            paralyse(state, target, "paralyse-retaliating")
        if has(state, attacker, "paralyse-retaliating-on-roll") and not target.destroyed:
            state.flow.push(
                ability_steps.AbilityRollStep(
                    unit=attacker.id, target=target.id, ability="paralyse-retaliating-on-roll"
                )
            )
        return
    if not attack.first:
        return
    # Pushed in reverse: the added attacks, then a push's roll, resolve before retaliation.
    if has(state, attacker, "push-on-roll") and not target.destroyed:
        state.flow.push(
            ability_steps.AbilityRollStep(
                unit=attacker.id, target=target.id, ability="push-on-roll"
            )
        )
    for ability in abilities(state, attacker, "line-attack"):
        second = ability_steps.behind(state, attacker, where)
        if second is not None:
            ability_steps.added_attack(state, attacker.id, second.id, ability.attack or 0)
    for ability in abilities(state, attacker, "splash"):
        state.flow.push(
            ability_steps.SplashStep(unit=attacker.id, around=where, attack=ability.attack or 0)
        )
    for ability in abilities(state, attacker, "draw-on-roll"):
        if not attack.die_ignored and roll.die in (ability.faces or ()):
            hands.draw(state, attacker.side, 1)
    for ability in abilities(state, attacker, "heal-after-attack"):
        heal(state, attacker, ability.amount or 0, ability.kind)
    for ability in abilities(state, attacker, "paralyse-on-roll"):
        if not attack.die_ignored and roll.die in (ability.faces or ()):
            paralyse(state, target, ability.kind)
    if (
        has(state, attacker, "double-attack-distant")
        and not attack.adjacent
        and not target.destroyed
        and target.field >= 0
    ):
        by_kind.push(
            state,
            by_kind.ATTACK,
            attacker=attacker.id,
            target=target.id,
            attack_kind="second",
            ranged=attack.ranged,
            penalty=attack.penalty,
            walled=attack.walled,
        )


def on_activation(state: BattleState, unit: Unit) -> None:
    """Activation abilities (§5.15): ``regenerate`` heals the unit; ``enemy-discards`` makes
    the enemy hero discard a random card; ``heal-or-bless`` heals another damaged friendly
    unit (its controller picks one), else gives this unit +1 Attack for this activation."""
    if has(state, unit, "enemy-discards"):
        hands.discard_random(state, 1 - unit.side, 1)
    for ability in abilities(state, unit, "heal-or-bless"):
        hurt = [u for u in state.battle.on_board(unit.side) if u.damage and u is not unit]
        if hurt:
            state.flow.push(ability_steps.HealStep(unit=unit.id, amount=ability.amount or 0))
        else:
            state.battle.lasting.append(
                Lasting("attack", unit.id, 1, until="activation", source=ability.kind)
            )
    for ability in abilities(state, unit, "regenerate"):
        heal(state, unit, ability.amount or 0, ability.kind)
    if has(state, unit, "drain-morale"):
        enemy = state.battle.armies[1 - unit.side].hero
        if enemy is not None and enemy.morale > 0:
            enemy.morale = 0
            state.events.append("morale-lost", {"side": 1 - unit.side, "cause": "drain-morale"})


def automatic_reroll(state: BattleState, attack: PendingAttack) -> int | None:
    """The index of an attack die the attacker's passive ``reroll-face`` (``always``) rerolls
    now, if any: it rerolls every die showing the face, again and again."""
    attacker = state.battle.units[attack.attacker]
    for ability in abilities(state, attacker, "reroll-face"):
        if ability.always:
            for index, value in enumerate(attack.dice):
                if value in (ability.faces or ()):
                    return index
    return None


def at_start(state: BattleState) -> None:
    """Abilities at the start of the combat, once both sides are deployed: ``draw-at-start``."""
    for unit in state.battle.on_board():
        if has(state, unit, "draw-at-start"):
            hands.draw(state, unit.side, 1)


def guardian_for(state: BattleState, target: Unit) -> Unit | None:
    """A friendly unit of *target* with ``guardian`` unused this combat (not the target)."""
    for unit in state.battle.on_board(target.side):
        if unit is not target and "guardian" not in unit.used and has(state, unit, "guardian"):
            return unit
    return None


def ignore_die_actions(state: BattleState, attack: PendingAttack, seat: int) -> list[Any]:
    """``ignore-die card=C``: the owner of a target with ``ignore-incoming-die`` discards a
    card to have the attacker's die ignored (no bonus, nothing it would trigger)."""
    target = state.battle.units[attack.target]
    hero = hands.hero_of(state, target.side)
    if (
        attack.die_ignored
        or hero is None
        or seat_of(state, target) != seat
        or not has(state, target, "ignore-incoming-die")
    ):
        return []
    return [Action.of("ignore-die", card=card_id) for card_id in sorted(set(hero.hand))]


def unimplemented(kinds: set[str]) -> list[str]:
    """Those of *kinds* the combat rules do not apply yet."""
    return sorted(kinds - IMPLEMENTED)
