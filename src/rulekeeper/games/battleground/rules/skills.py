"""Active skills and items (rulebook: Use an Active Skill, Items, Disposable Items): when one may
be used, and what using it costs and does. Their abilities resolve through rules/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.battleground.content.effects import Skill
from rulekeeper.games.battleground.model import Fighter, Turn
from rulekeeper.games.battleground.rules import effects

if TYPE_CHECKING:
    from rulekeeper.games.battleground.protocols import BattleState


def skill_refusal(
    state: BattleState, turn: Turn, fighter: Fighter, key: str, skill: Skill
) -> str | None:
    if not skill.active:
        return f"{skill.name} is passive"
    if key in turn.skills_used:
        return f"{skill.name} was already used in this activation or interruption"
    if skill.ap_cost > turn.ap:
        return f"{skill.name} costs {skill.ap_cost} AP, {fighter.id} has {turn.ap}"
    if skill.mana_cost > fighter.mana:
        return f"{skill.name} costs {skill.mana_cost} mana, {fighter.id} has {fighter.mana}"
    immediate = [a for a in skill.abilities if a.when == "immediately"]
    if immediate and not any(effects.ability_usable(state, turn, a) for a in immediate):
        return f"{skill.name} has no legal target now"
    return None


def use_skill(state: BattleState, turn: Turn, fighter: Fighter, skill_id: str) -> None:
    skill = state.card(fighter).skill(skill_id)
    _pay_and_resolve(state, turn, fighter, f"skill:{skill.id}", skill)


def _pay_and_resolve(
    state: BattleState, turn: Turn, fighter: Fighter, key: str, skill: Skill
) -> None:
    turn.ap -= skill.ap_cost
    fighter.mana -= skill.mana_cost
    turn.skills_used.append(key)
    state.events.append(
        "skill",
        {
            "character": fighter.id,
            "skill": skill.name,
            "ap": skill.ap_cost,
            "mana": skill.mana_cost,
        },
    )
    for ability in skill.abilities:
        if ability.when == "immediately" and effects.ability_usable(state, turn, ability):
            effects.resolve_ability(state, turn, fighter, ability, key)


def item_refusal(state: BattleState, turn: Turn, fighter: Fighter, item_id: str) -> str | None:
    item = state.pack.items.get(item_id)
    if item is None or item_id not in fighter.items:
        return f"{fighter.id} has no item {item_id!r}"
    if item_id in fighter.used_items:
        return f"{item.name} was used up (Disposable Items)"
    for skill in item.skills:
        key = f"item:{item_id}:{skill.id}"
        if item.disposable:
            if any(
                effects.ability_usable(state, turn, a)
                for a in skill.abilities
                if a.when in ("immediately", "at_will")
            ):
                return None
            continue
        if skill.active and skill_refusal(state, turn, fighter, key, skill) is None:
            return None
        for ability in skill.abilities:
            if (
                ability.limit == "once_per_game"
                and key not in fighter.used_once
                and effects.ability_usable(state, turn, ability)
            ):
                return None
    return f"{item.name} has nothing to use now"


def use_item(state: BattleState, turn: Turn, fighter: Fighter, item_id: str) -> None:
    item = state.pack.items[item_id]
    for skill in item.skills:
        key = f"item:{item_id}:{skill.id}"
        if item.disposable:
            fighter.used_items.append(item_id)  # flipped face down; still counts for its cost
            state.events.append("disposable", {"character": fighter.id, "item": item.name})
            for ability in skill.abilities:
                if ability.when in ("immediately", "at_will") and effects.ability_usable(
                    state, turn, ability
                ):
                    effects.resolve_ability(state, turn, fighter, ability, key)
            return
        if skill.active and skill_refusal(state, turn, fighter, key, skill) is None:
            _pay_and_resolve(state, turn, fighter, key, skill)
            return
        for ability in skill.abilities:
            if ability.limit == "once_per_game" and key not in fighter.used_once:
                state.events.append("once per game", {"character": fighter.id, "item": item.name})
                effects.resolve_ability(state, turn, fighter, ability, key)
                return
